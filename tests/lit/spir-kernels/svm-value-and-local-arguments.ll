; genx-spir-kernels describes a SPIR-V-ready kernel (spir_kernel, no !genx.kernels entry) as IGC's SPIR-V reader
; does: a global pointer is an SVM pointer (kind 0, "svmptr_t"), a pointer in another address space and a value
; are general arguments without a descriptor, "VCSLMSize" is the SLM size; a kernel that already has an entry
; keeps it (no second entry). Through the vISA route the kernel compiles for icllp and tgllp (GenX_IR accepts
; it) and agrees with the IR on the vISA executor. Without the pass the route refused these inputs ("no kernel
; to compile"); so did examples/vadd_svm.ll and an OpenCL-style kernel without "VCFunction", checked here too.
; REQUIRES: genx-ir
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %cmc -march=icllp -passes=genx-spir-kernels -S %s -o described.ll
; RUN: FileCheck %s --check-prefix=MD < described.ll
; MD: define spir_kernel void @scale_svm({{.*}}) #[[ATTR:[0-9]+]]
; MD: !genx.kernels = !{![[OLD:[0-9]+]], ![[NEW:[0-9]+]]}
; MD: ![[OLD]] = !{void (i32)* @described, !"described"
; MD: ![[NEW]] = !{void (i32 addrspace(1)*, i32 addrspace(3)*, i32)* @scale_svm, !"scale_svm", ![[KINDS:[0-9]+]], i32 64, ![[Z:[0-9]+]], ![[Z]], ![[DESCS:[0-9]+]], i32 0, i32 0}
; MD: ![[KINDS]] = !{i32 0, i32 0, i32 0}
; MD: ![[DESCS]] = !{!"svmptr_t", !"", !""}
; The module's two kernels, the described one and the one that already had an entry, go into one CISA object
; (!genx.kernels order):
; RUN: %cmc -backend=visa -march=icllp %s -o icl.isa -mdump_asm
; RUN: %cmc inspect icl.isa | FileCheck %s --check-prefix=TWO
; TWO: icl.isa: CMRT vISA object, 2 kernel(s)
; TWO-NEXT: kernel described (
; TWO-NEXT: kernel scale_svm (
; RUN: FileCheck %s < scale_svm.visaasm
; CHECK: .kernel "scale_svm"
; CHECK: .input {{V[0-9]+}} offset=32 size=8
; CHECK: .kernel_attr SLMSize=1
; CHECK: svm_block_st
; RUN: %validate %s scale_svm.visaasm
; RUN: %cmc -backend=visa -march=tgllp %s -o tgl.isa -mdump_asm
; RUN: %validate %s scale_svm.visaasm
; RUN: %cmc -backend=visa -march=icllp %S/../../../examples/vadd_svm.ll -o v.isa -mdump_asm
; RUN: %validate %S/../../../examples/vadd_svm.ll vadd_svm.visaasm
; RUN: %cmc -backend=visa -march=tgllp %S/../vc-bridge/Inputs/plain-opencl.ll -o p.isa -mdump_asm
; RUN: %validate %S/../vc-bridge/Inputs/plain-opencl.ll plain.visaasm
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @scale_svm(i32 addrspace(1)* %buf, i32 addrspace(3)* %slm, i32 %k) #0 {
entry:
  %base = ptrtoint i32 addrspace(1)* %buf to i64
  %gid = call i32 @llvm.genx.group.id.x()
  %gid64 = zext i32 %gid to i64
  %off = shl i64 %gid64, 5
  %addr = add i64 %base, %off
  %v = call <8 x i32> @llvm.genx.svm.block.ld.unaligned.v8i32.i64(i64 %addr)
  %k.ins = insertelement <8 x i32> undef, i32 %k, i32 0
  %k.splat = shufflevector <8 x i32> %k.ins, <8 x i32> undef, <8 x i32> zeroinitializer
  %r = mul <8 x i32> %v, %k.splat
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %r)
  ret void
}

define dllexport void @described(i32 %x) #1 {
entry:
  ret void
}

declare i32 @llvm.genx.group.id.x() #2
declare <8 x i32> @llvm.genx.svm.block.ld.unaligned.v8i32.i64(i64) #3
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)

attributes #0 = { noinline nounwind "VCFunction" "VCSLMSize"="64" }
attributes #1 = { noinline nounwind "CMGenxMain" }
attributes #2 = { nounwind readnone }
attributes #3 = { nounwind readonly }

!genx.kernels = !{!0}
!0 = !{void (i32)* @described, !"described", !1, i32 0, !1, !1, !2, i32 0, i32 0}
!1 = !{i32 0}
!2 = !{!""}
