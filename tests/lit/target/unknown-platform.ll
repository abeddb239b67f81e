; An unknown or unsupported platform is an error that lists the supported names; no output is written.
; RUN: not %opt -passes='genx-target<gen42>' -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not test -e %t.ll
; RUN: not %opt -passes='genx-target<MTL>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOT-SUPPORTED
; RUN: not %opt -passes=genx-target -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: not %cmc -march=gen42 -passes=genx-verify -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=CMC
; RUN: not test -e %t.ll

; UNKNOWN: error: genx-target: unknown platform 'gen42'; supported: skl (SKL, {{.*}}), icllp (ICLLP, {{.*}}), tgllp (TGLLP, {{.*}}), dg1 (DG1, {{.*}}), adl-p (ADLP, {{.*}}), acm-g10 (DG2, {{.*}}), pvc (PVC, {{.*}})
; NOT-SUPPORTED: error: genx-target: platform 'MTL' is not supported by this compiler; supported: skl
; MISSING: error: genx-target: genx-target needs a platform, as in genx-target<tgllp>
; CMC: cmc: error: unknown platform 'gen42'; supported: skl
define void @k() {
entry:
  ret void
}
