; Writes into a write into a constant (building a vector from pieces, `vector<int,16> v = 0;
; v.select<8,1>(8).select<4,2>(1) = x`): wr(K, wr(K', X, I), O) -> wr(K, X, combine(O, I)) when the untouched
; elements agree (K' undef, or K and K' the same splat).
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <16 x i32> @undef_inner(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> undef, <4 x i32> %x, i32 0, i32 4, i32 2, i16 36, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @undef_inner(<4 x i32> %x) {
entry:
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> undef, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Both zero: the elements of the outer selection the inner write skips are zero either way.
; CHECK-LABEL: define <16 x i32> @same_splat(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> zeroinitializer, <4 x i32> %x, i32 0, i32 4, i32 2, i16 36, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @same_splat(<4 x i32> %x) {
entry:
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> zeroinitializer, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; A bitcast between the writes (same element size): after combining, the New value is a bitcast of floats, so
; the write is retyped to float and its result bitcast back (the bitcast moves next to the region's user).
; CHECK-LABEL: define <16 x i32> @bitcast_between(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[W:.+]] = call <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float> undef, <4 x float> %x, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT: %w2 = bitcast <16 x float> %[[W]] to <16 x i32>
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @bitcast_between(<4 x float> %x) {
entry:
  %w1 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> undef, <4 x float> %x, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %b = bitcast <8 x float> %w1 to <8 x i32>
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Not combined: the inner constant is 1 where the outer one is 0, so the untouched elements of the selection
; would change from 1 to 0.
; CHECK-LABEL: define <16 x i32> @no_combine_other_splat(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> <i32 1,
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> zeroinitializer, <8 x i32> %w1,
define <16 x i32> @no_combine_other_splat(<4 x i32> %x) {
entry:
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> zeroinitializer, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Not combined: the inner constant is not a splat.
; CHECK-LABEL: define <8 x i16> @no_combine_not_splat(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w1 = call <4 x i16> @llvm.genx.wrregioni.v4i16.v2i16.i16.i1(<4 x i16> <i16 0, i16 1, i16 2, i16 3>, <2 x i16> %x,
; CHECK-NEXT: %w2 = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> zeroinitializer, <4 x i16> %w1,
define <8 x i16> @no_combine_not_splat(<2 x i16> %x) {
entry:
  %w1 = call <4 x i16> @llvm.genx.wrregioni.v4i16.v2i16.i16.i1(<4 x i16> <i16 0, i16 1, i16 2, i16 3>, <2 x i16> %x, i32 0, i32 2, i32 1, i16 0, i32 undef, i1 true)
  %w2 = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> zeroinitializer, <4 x i16> %w1, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
  ret <8 x i16> %w2
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <4 x i16> @llvm.genx.wrregioni.v4i16.v2i16.i16.i1(<4 x i16>, <2 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
