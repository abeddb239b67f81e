; A modifier whose source is a constant is folded while baling (IGC does this so that no modifier is left with a
; constant operand): negate, not, abs (integer: wrapping; float: the sign bit cleared), and extensions.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; CHECK-LABEL: bales of 'integer_modifiers'
; CHECK-NEXT: bale %x1: %x1 = MAININST
; CHECK-NEXT: bale %x2: %x2 = MAININST
; CHECK-NEXT: bale %x3: %x3 = MAININST
; CHECK-NEXT: bale %x4: %x4 = MAININST
; CHECK-NEXT: bale %x5: %x5 = MAININST
; CHECK-EMPTY:
; IR-LABEL: define <4 x i32> @integer_modifiers(
; IR-NEXT: entry:
; IR-NEXT: %x1 = add <4 x i32> %a, <i32 -1, i32 2, i32 -3, i32 -2147483648>
; IR-NEXT: %x2 = add <4 x i32> %x1, <i32 -1, i32 0, i32 -8, i32 2147483647>
; IR-NEXT: %x3 = add <4 x i32> %x2, <i32 5, i32 7, i32 -2147483648, i32 0>
; IR-NEXT: %x4 = add <4 x i32> %x3, <i32 65535, i32 1, i32 32768, i32 0>
; IR-NEXT: %x5 = add <4 x i32> %x4, <i32 -1, i32 1, i32 -32768, i32 0>
; IR-NEXT: ret <4 x i32> %x5
define <4 x i32> @integer_modifiers(<4 x i32> %a) {
entry:
  %neg = sub <4 x i32> zeroinitializer, <i32 1, i32 -2, i32 3, i32 -2147483648>
  %x1 = add <4 x i32> %a, %neg
  %not = xor <4 x i32> <i32 0, i32 -1, i32 7, i32 -2147483648>, <i32 -1, i32 -1, i32 -1, i32 -1>
  %x2 = add <4 x i32> %x1, %not
  %abs = call <4 x i32> @llvm.genx.absi.v4i32(<4 x i32> <i32 -5, i32 7, i32 -2147483648, i32 0>)
  %x3 = add <4 x i32> %x2, %abs
  %z = zext <4 x i16> <i16 -1, i16 1, i16 -32768, i16 0> to <4 x i32>
  %x4 = add <4 x i32> %x3, %z
  %s = sext <4 x i16> <i16 -1, i16 1, i16 -32768, i16 0> to <4 x i32>
  %x5 = add <4 x i32> %x4, %s
  ret <4 x i32> %x5
}

; CHECK-LABEL: bales of 'float_modifiers'
; CHECK-NEXT: bale %y1: %y1 = MAININST
; CHECK-NEXT: bale %y2: %y2 = MAININST
; CHECK-NEXT: bale %y3: %y3 = MAININST
; CHECK-NEXT: bale %y4: %y4 = MAININST
; CHECK-EMPTY:
; IR-LABEL: define <4 x float> @float_modifiers(
; IR-NEXT: entry:
; IR-NEXT: %y1 = fmul <4 x float> %f, <float -1.000000e+00, float 2.500000e+00, float -0.000000e+00, float 0.000000e+00>
; IR-NEXT: %y2 = fmul <4 x float> %y1, <float -3.000000e+00, float 4.000000e+00, float 0.000000e+00, float -0.000000e+00>
; IR-NEXT: %y3 = fmul <4 x float> %y2, <float 1.500000e+00, float 1.500000e+00, float 0.000000e+00, float 0.000000e+00>
; IR-NEXT: %y4 = fmul <4 x float> %y3, <float 2.000000e+00, float 0.000000e+00, float 1.000000e+00, float 5.000000e-01>
; IR-NEXT: ret <4 x float> %y4
define <4 x float> @float_modifiers(<4 x float> %f) {
entry:
  %neg = fneg <4 x float> <float 1.0, float -2.5, float 0.0, float -0.0>
  %y1 = fmul <4 x float> %f, %neg
  %sub = fsub <4 x float> <float -0.0, float -0.0, float -0.0, float -0.0>, <float 3.0, float -4.0, float -0.0, float 0.0>
  %y2 = fmul <4 x float> %y1, %sub
  %abs = call <4 x float> @llvm.genx.absf.v4f32(<4 x float> <float -1.5, float 1.5, float -0.0, float 0.0>)
  %y3 = fmul <4 x float> %y2, %abs
  %fabs = call <4 x float> @llvm.fabs.v4f32(<4 x float> <float -2.0, float -0.0, float 1.0, float -0.5>)
  %y4 = fmul <4 x float> %y3, %fabs
  ret <4 x float> %y4
}

declare <4 x i32> @llvm.genx.absi.v4i32(<4 x i32>)
declare <4 x float> @llvm.genx.absf.v4f32(<4 x float>)
declare <4 x float> @llvm.fabs.v4f32(<4 x float>)
