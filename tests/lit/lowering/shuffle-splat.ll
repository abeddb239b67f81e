; A shufflevector that repeats one element (a splat) becomes one rdregion with the canonical replicating
; region <0;1,0> at that element. Undefined lanes do not break a splat; the element may come from either
; operand, and the result may be longer than the operands.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CM's scalar broadcast: insertelement into lane 0, then a zero-mask shuffle.
; CHECK-LABEL: define <8 x i32> @broadcast_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ins = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %x, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %splat = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %ins, i32 0, i32 1, i32 0, i16 0, i32 undef)
; CHECK-NEXT:   ret <8 x i32> %splat
; CHECK-NEXT: }
define <8 x i32> @broadcast_scalar(i32 %x) {
entry:
  %ins = insertelement <8 x i32> undef, i32 %x, i32 0
  %splat = shufflevector <8 x i32> %ins, <8 x i32> undef, <8 x i32> zeroinitializer
  ret <8 x i32> %splat
}

; CHECK-LABEL: define <16 x float> @splat_element_5(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat = call <16 x float> @llvm.genx.rdregionf.v16f32.v8f32.i16(<8 x float> %v, i32 0, i32 1, i32 0, i16 20, i32 undef)
; CHECK-NEXT:   ret <16 x float> %splat
; CHECK-NEXT: }
define <16 x float> @splat_element_5(<8 x float> %v) {
entry:
  %splat = shufflevector <8 x float> %v, <8 x float> undef, <16 x i32> <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  ret <16 x float> %splat
}

; CHECK-LABEL: define <4 x i64> @splat_second_operand(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %b, i32 0, i32 1, i32 0, i16 16, i32 undef)
; CHECK-NEXT:   ret <4 x i64> %splat
; CHECK-NEXT: }
define <4 x i64> @splat_second_operand(<4 x i64> %a, <4 x i64> %b) {
entry:
  %splat = shufflevector <4 x i64> %a, <4 x i64> %b, <4 x i32> <i32 6, i32 6, i32 6, i32 6>
  ret <4 x i64> %splat
}

; CHECK-LABEL: define <8 x half> @splat_with_undef_lanes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat = call <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half> %v, i32 0, i32 1, i32 0, i16 6, i32 undef)
; CHECK-NEXT:   ret <8 x half> %splat
; CHECK-NEXT: }
define <8 x half> @splat_with_undef_lanes(<8 x half> %v) {
entry:
  %splat = shufflevector <8 x half> %v, <8 x half> undef, <8 x i32> <i32 undef, i32 3, i32 3, i32 undef, i32 3, i32 3, i32 3, i32 undef>
  ret <8 x half> %splat
}
