; Region writes and reductions under SIMD control flow.
; - A stored chain of wrregions is predicated at its wrregion of SIMD width (mask and-ed with EM), which also
;   covers a store of a wider vector (`v.select<8,2>(0) = x` in a SIMD8 block writes 8 of 16 elements).
; - simdcf.predicate (the input of cm_sum and friends) becomes select(EM, value, default) under SIMD control
;   flow, and its value outside it.
; The per-lane reference cannot state these (a 16-wide store or a reduction under SIMD8 control flow is not a
; per-lane computation), so these functions take a uniform SIMD condition (a splat), on which the unlowered
; program is already the meaning: every channel goes the same way.
; RUN: %opt -passes=genx-simdcf-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate --trials 500 %s %t.ll
; RUN: %cmc -passes=genx-simdcf-lower -S %s | diff %t.ll -

; CHECK-LABEL: define void @wider_store_through_wrregion(
; CHECK: then:
; CHECK: %em.slice = shufflevector <32 x i1> %em{{[0-9]*}}, <32 x i1> undef, <8 x i32>
; CHECK-NEXT: %w.simdcf = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 2, i16 0, i32 undef, <8 x i1> %em.slice)
; CHECK-NEXT: store <16 x i32> %w.simdcf, <16 x i32>* %p
define void @wider_store_through_wrregion(<16 x i32>* %p, <8 x i32> %x, i1 %go) {
entry:
  %v = load <16 x i32>, <16 x i32>* %p
  %go.v = insertelement <8 x i1> undef, i1 %go, i32 0
  %c = shufflevector <8 x i1> %go.v, <8 x i1> undef, <8 x i32> zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end

then:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* %p
  br label %end

end:
  ret void
}

; A masked wrregion keeps its own mask, and-ed with EM.
; CHECK-LABEL: define void @masked_wrregion(
; CHECK: %w.mask = and <8 x i1> %m, %em.slice
; CHECK-NEXT: %w.simdcf = call <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float> %v, <8 x float> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %w.mask)
define void @masked_wrregion(<8 x float>* %p, <8 x float> %x, <8 x i1> %m, i1 %go) {
entry:
  %v = load <8 x float>, <8 x float>* %p
  %go.v = insertelement <8 x i1> undef, i1 %go, i32 0
  %c = shufflevector <8 x i1> %go.v, <8 x i1> undef, <8 x i32> zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end

then:
  %w = call <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float> %v, <8 x float> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %m)
  store <8 x float> %w, <8 x float>* %p
  br label %end

end:
  ret void
}

; A scalar mask enables the whole write or none of it: select(mask, EM, 0).
; CHECK-LABEL: define void @scalar_masked_wrregion(
; CHECK: %w.mask = select i1 %m, <8 x i1> %em.slice, <8 x i1> zeroinitializer
; CHECK-NEXT: %w.simdcf = call <16 x i16> @llvm.genx.wrregioni.v16i16.v8i16.i16.v8i1(<16 x i16> %v, <8 x i16> %x, i32 0, i32 8, i32 1, i16 16, i32 undef, <8 x i1> %w.mask)
define void @scalar_masked_wrregion(<16 x i16>* %p, <8 x i16> %x, i1 %m, i1 %go) {
entry:
  %v = load <16 x i16>, <16 x i16>* %p
  %go.v = insertelement <8 x i1> undef, i1 %go, i32 0
  %c = shufflevector <8 x i1> %go.v, <8 x i1> undef, <8 x i32> zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end

then:
  %w = call <16 x i16> @llvm.genx.wrregioni.v16i16.v8i16.i16.i1(<16 x i16> %v, <8 x i16> %x, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 %m)
  store <16 x i16> %w, <16 x i16>* %p
  br label %end

end:
  ret void
}

; CHECK-LABEL: define <8 x i32> @predicate_inside(
; CHECK: then:
; CHECK: %x.simdcf = select <8 x i1> %em.slice, <8 x i32> %x, <8 x i32> <i32 1,
; CHECK-NEXT: %prod = mul <8 x i32> %x.simdcf, %x.simdcf
define <8 x i32> @predicate_inside(<8 x i32> %x, i1 %go) {
entry:
  %go.v = insertelement <8 x i1> undef, i1 %go, i32 0
  %c = shufflevector <8 x i1> %go.v, <8 x i1> undef, <8 x i32> zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end

then:
  %gated = call <8 x i32> @llvm.genx.simdcf.predicate.v8i32(<8 x i32> %x, <8 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>)
  %prod = mul <8 x i32> %gated, %gated
  br label %end

end:
  %r = phi <8 x i32> [ zeroinitializer, %entry ], [ %prod, %then ]
  ret <8 x i32> %r
}

; Outside SIMD control flow every channel is enabled: the value itself.
; CHECK-LABEL: define <8 x i32> @predicate_outside(
; CHECK-NEXT: entry:
; CHECK-NEXT: %prod = mul <8 x i32> %x, %x
define <8 x i32> @predicate_outside(<8 x i32> %x) {
entry:
  %gated = call <8 x i32> @llvm.genx.simdcf.predicate.v8i32(<8 x i32> %x, <8 x i32> zeroinitializer)
  %prod = mul <8 x i32> %gated, %gated
  ret <8 x i32> %prod
}

declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v8i16.i16.i1(<16 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float>, <8 x float>, i32, i32, i32, i16, i32, <8 x i1>)
declare <8 x i32> @llvm.genx.simdcf.predicate.v8i32(<8 x i32>, <8 x i32>)
