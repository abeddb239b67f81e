; genx-target<NAME> writes the canonical platform name into every defined function's "target-cpu"; any spelling
; cmc or ocloc accepts selects it; cmc -march/-mcpu/-Qxcm_jit_target do the same before the pipeline.
; RUN: %opt -passes='genx-target<DG2>' -S %s | FileCheck %s --check-prefix=DG2
; RUN: %opt -passes='genx-target<12.10.0>' -S %s | FileCheck %s --check-prefix=DG1
; RUN: %cmc -march=skl -mcpu=0x9a49 -passes=genx-verify -S %s | FileCheck %s --check-prefix=TGL
; RUN: %cmc /Qxcm_jit_target:PVC -march=skl -passes=genx-verify -S %s | FileCheck %s --check-prefix=PVC

; DG2: define void @k() #0
; DG2-NOT: "target-cpu"="skl"
; DG2: attributes #0 = { "target-cpu"="acm-g10" }
; DG1: attributes #0 = { "target-cpu"="dg1" }
; TGL: attributes #0 = { "target-cpu"="tgllp" }
; PVC: attributes #0 = { "target-cpu"="pvc" }
define void @k() #0 {
entry:
  ret void
}
declare void @external()

attributes #0 = { "target-cpu"="skl" }
