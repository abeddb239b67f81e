; 64-bit integer operations genx-legalize cannot emulate (division by a run-time value, conversions, GenX ALU
; intrinsics on i64) are located errors naming the platform, on every platform that emulates i64; the IR is left unchanged.
; The same function on skl (native i64) is only split.
; RUN: not %opt -passes='genx-target<icllp>,genx-legalize' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ICL
; RUN: not %cmc -passes='genx-target<icllp>,genx-legalize' -S %s -o %t.err.ll 2>&1 | FileCheck %s --check-prefix=ICL
; RUN: not %opt -passes='genx-target<acm-g10>,genx-legalize' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ACM
; RUN: %opt -passes='genx-target<skl>,genx-legalize' -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=SKL < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='genx-target<skl>,genx-legalize' -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; ICL: error: genx-legalize: in function 'divide', block 'entry': %q = udiv <16 x i64> %a, %b: i64 udiv is not supported on icllp: 64-bit integers are emulated with 32-bit halves there, and this operation has no emulation
; ICL-NEXT: error: genx-legalize: in function 'divide', block 'entry': %f = sitofp <16 x i64> %s to <16 x float>: i64 sitofp is not supported on icllp: {{.*}}

; ACM: error: genx-legalize: {{.*}}: i64 udiv is not supported on acm-g10

; SKL-LABEL: define <16 x float> @divide(
; SKL: %q.split0{{[0-9]*}} = udiv <8 x i64>
; SKL: %q.split8{{[0-9]*}} = udiv <8 x i64>
; SKL: %s.split0{{[0-9]*}} = shl <8 x i64>
; SKL: %f.split0 = sitofp <8 x i64>
define <16 x float> @divide(<16 x i64> %a, <16 x i64> %b) {
entry:
  %q = udiv <16 x i64> %a, %b
  %s = shl <16 x i64> %q, %b
  %f = sitofp <16 x i64> %s to <16 x float>
  ret <16 x float> %f
}
