; Masked writes: a variable mask kills nothing of Old (a clear lane shows Old through); a constant mask kills
; Old only under its set lanes, and needs New (and itself) only where it is set and the element is live.
; CM: `v.merge(x, m)`, stores under SIMD control flow (a wrregion predicated by the execution mask).
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; Negative: under a variable mask, the earlier write (and %v beside it) may show through: both stay.
; CHECK-LABEL: define <4 x i32> @no_change_variable_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: %first = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> %v, <2 x i32> %x, i32 0, i32 2, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %merged = call <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.v4i1(<4 x i32> %first, <4 x i32> %y, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %m)
define <4 x i32> @no_change_variable_mask(<4 x i32> %v, <2 x i32> %x, <4 x i32> %y, <4 x i1> %m) {
entry:
  %first = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> %v, <2 x i32> %x, i32 0, i32 2, i32 1, i16 0, i32 undef, i1 true)
  %merged = call <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.v4i1(<4 x i32> %first, <4 x i32> %y, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %m)
  ret <4 x i32> %merged
}

; Negative: a scalar variable i1 mask means "all lanes or none" (a splat): nothing is surely overwritten.
; CHECK-LABEL: define <8 x i16> @no_change_scalar_variable_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: %merged = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7>, <4 x i16> %y, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 %m)
define <8 x i16> @no_change_scalar_variable_mask(<4 x i16> %y, i1 %m) {
entry:
  %merged = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7>, <4 x i16> %y, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 %m)
  ret <8 x i16> %merged
}

; A constant mask <1,0,1,0>: Old elements 0 and 2 are overwritten (the constant Old gets undef there), and
; New lanes 1 and 3 are never written (the constant New gets undef there).
; CHECK-LABEL: define <4 x float> @constant_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: %merged = call <4 x float> @llvm.genx.wrregionf.v4f32.v4f32.i16.v4i1(<4 x float> <float undef, float 2.000000e+00, float undef, float 4.000000e+00>, <4 x float> <float 5.000000e+00, float undef, float 7.000000e+00, float undef>, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> <i1 true, i1 false, i1 true, i1 false>)
define <4 x float> @constant_mask() {
entry:
  %merged = call <4 x float> @llvm.genx.wrregionf.v4f32.v4f32.i16.v4i1(<4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>, <4 x float> <float 5.0, float 6.0, float 7.0, float 8.0>, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> <i1 true, i1 false, i1 true, i1 false>)
  ret <4 x float> %merged
}

; A write with the constant mask `i1 false` writes nothing: New is dead, and the write is its Old.
; CHECK-LABEL: define <4 x i32> @false_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> %v
define <4 x i32> @false_mask(<4 x i32> %v, <4 x i32> %x) {
entry:
  %x2 = mul <4 x i32> %x, %x
  %none = call <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.i1(<4 x i32> %v, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 false)
  ret <4 x i32> %none
}

; The mask is live only where New is: the compare computing it needs lanes 0..1 of its constant operand
; (the write's elements 2..3 are not read).
; CHECK-LABEL: define <2 x i32> @mask_lanes_follow_new(
; CHECK-NEXT: entry:
; CHECK-NEXT: %m = icmp sgt <4 x i32> %c, <i32 0, i32 1, i32 undef, i32 undef>
define <2 x i32> @mask_lanes_follow_new(<8 x i32> %v, <4 x i32> %x, <4 x i32> %c) {
entry:
  %m = icmp sgt <4 x i32> %c, <i32 0, i32 1, i32 2, i32 3>
  %merged = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %m)
  %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %merged, i32 0, i32 2, i32 1, i16 0, i32 undef)
  ret <2 x i32> %pair
}

declare <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.i1(<4 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.v4i1(<4 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <4 x float> @llvm.genx.wrregionf.v4f32.v4f32.i16.v4i1(<4 x float>, <4 x float>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
