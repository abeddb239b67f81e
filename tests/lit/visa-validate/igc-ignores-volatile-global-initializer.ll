; IGC 1.0.12504.6 ignores the initializer of a "genx_volatile" global: the kernel below stores @acc, which the IR
; zero-initializes, but IGC's vISA stores the global's register without ever writing it (and so does its Gen
; ISA: the OWord block write sends a GRF no instruction wrote). Found by scripts/visa-proof.sh on
; tests/lit/vc-bridge/Inputs/volatile-global.ll; this is the minimal case. The mismatch is IGC's and is reported,
; not silenced: exit 1, the IR's byte 0x00 against the vISA's undefined byte.
; REQUIRES: ocloc, llvm-spirv
; RUN: rm -rf %t && mkdir -p %t && cd %t && %cmc -march=icllp %s -mdump_asm -o k.bin
; RUN: FileCheck %s --check-prefix=VISA --input-file=read_volatile.visaasm
; VISA: read_volatile_BB_0_0:
; VISA-NEXT: movs (M1, 1) T7(0) 0x1:ud
; VISA-NEXT: oword_st (2) T7 0x0:ud V32.0
; RUN: bash -c 'cd %t && %validate %s read_volatile.visaasm; test $? -eq 1' 2>&1 | FileCheck %s
; CHECK: cmc validate: mismatch in function 'read_volatile' on trial 0
; CHECK: at: surface 1, byte 0
; CHECK-NEXT: before: IR 0x00
; CHECK-NEXT: after: vISA undef
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@acc = internal global <8 x i32> zeroinitializer, align 32 #1

define dllexport void @read_volatile(i32 %buf) #0 {
entry:
  %a = call <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>* @acc)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %a)
  ret void
}

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>*)

attributes #0 = { noinline nounwind "CMGenxMain" }
attributes #1 = { "genx_volatile" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @read_volatile, !"read_volatile", !1, i32 0, !2, !2, !3, i32 0, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t read_write"}
