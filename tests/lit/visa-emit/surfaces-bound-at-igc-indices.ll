; Surface arguments are bound at entry to the binding-table indices IGC's BTI assignment gives them (read-only
; images first, then the other surfaces and SVM pointers in argument order, from 1), one `movs` each, so that
; GenX_IR encodes each message's index in its descriptor (IGC's route reads the same constants); the
; `.input`s stay where the runtime writes them. Here: the buffer is 2, the read-only image 1, the SVM pointer
; takes 3 (no movs: it is an address), the write-only image 4. The Gen asm has no address-register add before
; the sends. The vISA validates against the IR on the executor (which binds the surfaces at the same indices).
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: %validate %s %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: FileCheck %s --check-prefix=ASM < %t.d/k.asm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[BUF:T[0-9]+]] v_type=T num_elts=1 // %buf
; CHECK-DAG: .decl [[IN:T[0-9]+]] v_type=T num_elts=1 // %in
; CHECK-DAG: .decl [[OUT:T[0-9]+]] v_type=T num_elts=1 // %out
; CHECK: surfaces_BB_0:
; CHECK-NEXT: movs (M1, 1) [[BUF]](0) 0x2:ud
; CHECK-NEXT: movs (M1, 1) [[IN]](0) 0x1:ud
; CHECK-NEXT: movs (M1, 1) [[OUT]](0) 0x4:ud
; CHECK-NEXT: oword_ld (2) [[BUF]]
; CHECK: media_ld.nomod (32,1) [[IN]]
; CHECK: media_st.nomod (32,1) [[OUT]]

; ASM-NOT: a0.0{{.*}}:ud
; ASM: send

define void @surfaces(i32 %buf, i32 %in, i64 %p, i32 %out) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %m = call <8 x i32> @llvm.genx.media.ld.v8i32(i32 0, i32 %in, i32 0, i32 32, i32 0, i32 0)
  %s = add <8 x i32> %a, %m
  call void @llvm.genx.media.st.v8i32(i32 0, i32 %out, i32 0, i32 32, i32 0, i32 0, <8 x i32> %s)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare <8 x i32> @llvm.genx.media.ld.v8i32(i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.media.st.v8i32(i32, i32, i32, i32, i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i64, i32)* @surfaces, !"surfaces", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 2, i32 0, i32 2}
!2 = !{i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"image2d_t read_only", !"svmptr_t", !"image2d_t write_only"}
