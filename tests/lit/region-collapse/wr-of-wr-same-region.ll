; A write overwritten by a later write of the same region is dropped: wr(wr(A, X1, R), X2, R) -> wr(A, X2, R),
; when the first write has no other use and the second covers everything the first may write.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <16 x i32> @same_region(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x2, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @same_region(<16 x i32> %a, <4 x i32> %x1, <4 x i32> %x2) {
entry:
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x1, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %x2, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Three writes of one region: only the last one stays. The regions are spelled differently (a one-row region with
; a vstride) but select the same elements.
; CHECK-LABEL: define <8 x float> @chain_of_three(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w3 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %a, <4 x float> %x3, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT: ret <8 x float> %w3
define <8 x float> @chain_of_three(<8 x float> %a, <4 x float> %x1, <4 x float> %x2, <4 x float> %x3) {
entry:
  %w1 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %a, <4 x float> %x1, i32 4, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %w2 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %w1, <4 x float> %x2, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %w3 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %w2, <4 x float> %x3, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  ret <8 x float> %w3
}

; Same runtime index: the same elements whatever its value.
; CHECK-LABEL: define <16 x i16> @same_indirect_region(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %a, <4 x i16> %x2, i32 0, i32 4, i32 1, i16 %i, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i16> %w2
define <16 x i16> @same_indirect_region(<16 x i16> %a, <4 x i16> %x1, <4 x i16> %x2, i16 %i) {
entry:
  %w1 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %a, <4 x i16> %x1, i32 0, i32 4, i32 1, i16 %i, i32 undef, i1 true)
  %w2 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %w1, <4 x i16> %x2, i32 0, i32 4, i32 1, i16 %i, i32 undef, i1 true)
  ret <16 x i16> %w2
}

; A masked first write is overwritten by an unmasked second one.
; CHECK-LABEL: define <16 x i32> @inner_masked(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @inner_masked(<16 x i32> %a, <4 x i32> %x1, <4 x i32> %x2, <4 x i1> %p) {
entry:
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x1, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %p)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Both writes under the same mask: where it is off both keep %a, where it is on the second wins.
; CHECK-LABEL: define <16 x i32> @same_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %p)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @same_mask(<16 x i32> %a, <4 x i32> %x1, <4 x i32> %x2, <4 x i1> %p) {
entry:
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x1, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %p)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %w1, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %p)
  ret <16 x i32> %w2
}

; Not dropped: the second write is masked by another mask, so lanes it skips keep the first write's values.
; CHECK-LABEL: define <16 x i32> @no_elim_other_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x1,
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %w1, <4 x i32> %x2,
define <16 x i32> @no_elim_other_mask(<16 x i32> %a, <4 x i32> %x1, <4 x i32> %x2, <4 x i1> %p, <4 x i1> %q) {
entry:
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x1, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %p)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %w1, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %q)
  ret <16 x i32> %w2
}

; Not dropped: the first write is also used (returned through memory), so it must stay.
; CHECK-LABEL: define <16 x i32> @no_elim_inner_used(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x1,
; CHECK-NEXT: store <16 x i32> %w1, <16 x i32>* %p
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %x2,
define <16 x i32> @no_elim_inner_used(<16 x i32> %a, <4 x i32> %x1, <4 x i32> %x2, <16 x i32>* %p) {
entry:
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x1, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w1, <16 x i32>* %p
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Not dropped: the regions differ (stride 2 against stride 1), so the first write's odd elements survive.
; CHECK-LABEL: define <16 x i32> @no_elim_other_region(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x1,
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %x2,
define <16 x i32> @no_elim_other_region(<16 x i32> %a, <4 x i32> %x1, <4 x i32> %x2) {
entry:
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x1, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %x2, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Not dropped: different runtime indices may select different elements.
; CHECK-LABEL: define <16 x i16> @no_elim_other_index(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w1 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %a, <4 x i16> %x1,
; CHECK-NEXT: %w2 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %w1, <4 x i16> %x2,
define <16 x i16> @no_elim_other_index(<16 x i16> %a, <4 x i16> %x1, <4 x i16> %x2, i16 %i, i16 %j) {
entry:
  %w1 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %a, <4 x i16> %x1, i32 0, i32 4, i32 1, i16 %i, i32 undef, i1 true)
  %w2 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %w1, <4 x i16> %x2, i32 0, i32 4, i32 1, i16 %j, i32 undef, i1 true)
  ret <16 x i16> %w2
}

declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
