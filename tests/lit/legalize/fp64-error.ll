; Double precision on a platform without fp64 (icllp, tgllp, dg1, acm-g10) is a located error naming the
; platform; the IR is left unchanged. On skl and pvc the same code is only split (SIMD8 doubles on skl).
; RUN: not %opt -passes='genx-target<tgllp>,genx-legalize' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TGL
; RUN: not %cmc -passes='genx-target<tgllp>,genx-legalize' -S %s -o %t.err.ll 2>&1 | FileCheck %s --check-prefix=TGL
; RUN: %opt -passes='genx-target<skl>,genx-legalize' -S %s -o %t.ll
; RUN: FileCheck %s --check-prefix=SKL < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='genx-target<skl>,genx-legalize' -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; TGL: error: genx-legalize: in function 'scale', block 'entry': %d = fpext <16 x float> %x to <16 x double>: double-precision (fp64) 'fpext' is not supported on tgllp: the platform has no fp64
; TGL-NEXT: error: genx-legalize: in function 'scale', block 'entry': %p = fmul <16 x double> %d, %d: double-precision (fp64) 'fmul' is not supported on tgllp: the platform has no fp64
; TGL-NEXT: error: genx-legalize: in function 'scale', block 'entry': %r = fptrunc <16 x double> %p to <16 x float>: double-precision (fp64) 'fptrunc' is not supported on tgllp: the platform has no fp64
; TGL-NOT: not supported

; SKL-LABEL: define <16 x float> @scale(
; SKL: %d.split0{{[0-9]*}} = fpext <8 x float> %x.split0 to <8 x double>
; SKL: %p.split0{{[0-9]*}} = fmul <8 x double> [[D0:%d.split0]], [[D0]]
; SKL: %r.split0 = fptrunc <8 x double>
define <16 x float> @scale(<16 x float> %x) {
entry:
  %d = fpext <16 x float> %x to <16 x double>
  %p = fmul <16 x double> %d, %d
  %r = fptrunc <16 x double> %p to <16 x float>
  ret <16 x float> %r
}
