; SLM over the platform's limit (64 KiB per thread group before Xe-HPC, 128 KiB on pvc) is a located error of
; genx-verify-target naming the kernel and where the size comes from: the !genx.kernels entry (GenX IR), the
; "VCSLMSize" attribute (SPIR-V-ready IR), an llvm.genx.slm.init call. IGC 1.0.12504 aborts on such a kernel
; with "SLM size exceeds target limits" and no kernel name. A size past 32 bits is over the limit, never
; wrapped under it (4294967312 is 2^32 + 16). On pvc only that one and the 200000-byte init are refused.
; RUN: not %opt -passes='genx-target<icllp>,genx-verify-target' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ICL --implicit-check-not=error:
; RUN: not %cmc -passes='genx-target<icllp>,genx-verify-target' -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=ICL --implicit-check-not=error:
; RUN: not %opt -passes='genx-target<pvc>,genx-verify-target' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PVC --implicit-check-not=error:

; ICL-DAG: error: genx-verify-target: in function 'big': kernel 'big' asks for 131072 bytes of SLM, over icllp's limit of 65536 bytes per thread group (its !genx.kernels entry)
; ICL-DAG: error: genx-verify-target: in function 'wrapped': kernel 'wrapped' asks for 4294967312 bytes of SLM, over icllp's limit of 65536 bytes per thread group (its !genx.kernels entry)
; ICL-DAG: error: genx-verify-target: in function 'ready': kernel 'ready' asks for 70000 bytes of SLM, over icllp's limit of 65536 bytes per thread group (its "VCSLMSize" attribute)
; ICL-DAG: error: genx-verify-target: in function 'init', block 'entry': call void @llvm.genx.slm.init(i32 200000): 'llvm.genx.slm.init' asks for 200000 bytes of SLM, over icllp's limit of 65536 bytes per thread group
; PVC-DAG: error: genx-verify-target: in function 'wrapped': kernel 'wrapped' asks for 4294967312 bytes of SLM, over pvc's limit of 131072 bytes per thread group (its !genx.kernels entry)
; PVC-DAG: error: genx-verify-target: in function 'init', block 'entry': call void @llvm.genx.slm.init(i32 200000): 'llvm.genx.slm.init' asks for 200000 bytes of SLM, over pvc's limit of 131072 bytes per thread group

define dllexport void @fits() #0 {
entry:
  ret void
}

define dllexport void @big() #0 {
entry:
  ret void
}

define dllexport void @wrapped() #0 {
entry:
  ret void
}

define spir_kernel void @ready() #1 {
entry:
  ret void
}

define dllexport void @init() #0 {
entry:
  call void @llvm.genx.slm.init(i32 65536)
  call void @llvm.genx.slm.init(i32 200000)
  ret void
}

declare void @llvm.genx.slm.init(i32)

attributes #0 = { "CMGenxMain" }
attributes #1 = { "VCFunction" "VCSLMSize"="70000" }

!genx.kernels = !{!0, !1, !2, !3}
!0 = !{void ()* @fits, !"fits", !4, i32 65536, !4, !4, !5, i32 0, i32 0}
!1 = !{void ()* @big, !"big", !4, i32 131072, !4, !4, !5, i32 0, i32 0}
!2 = !{void ()* @wrapped, !"wrapped", !4, i64 4294967312, !4, !4, !5, i32 0, i32 0}
!3 = !{void ()* @init, !"init", !4, i32 0, !4, !4, !5, i32 0, i32 0}
!4 = !{}
!5 = !{}
