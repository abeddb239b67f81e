; wrregion identities (docs/genx-ir.md §1.5): an unmasked write of every element in order at offset 0 is its New
; value; a write with an all-zero mask is its Old value. CM: `v.select<8, 1>(0) = w` on an 8-element `v`;
; `v.merge(w, 0)` or a SIMD-CF store whose mask became constant false after inlining.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x i32> @wr_identity_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <8 x i32> %new
define <8 x i32> @wr_identity_1d(<8 x i32> %old, <8 x i32> %new) {
entry:
  %whole = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.i1(<8 x i32> %old, <8 x i32> %new, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <8 x i32> %whole
}

; 2D <4;4,1>, and an explicit all-ones vector mask.
; CHECK-LABEL: define <8 x float> @wr_identity_2d_all_ones_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <8 x float> %new
define <8 x float> @wr_identity_2d_all_ones_mask(<8 x float> %old, <8 x float> %new) {
entry:
  %whole = call <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float> %old, <8 x float> %new, i32 4, i32 4, i32 1, i16 0, i32 undef, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>)
  ret <8 x float> %whole
}

; All-zero masks, scalar and vector, with a variable offset: nothing is written.
; CHECK-LABEL: define <16 x i16> @wr_zero_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <16 x i16> %old
define <16 x i16> @wr_zero_mask(<16 x i16> %old, <4 x i16> %new, i16 %off) {
entry:
  %none = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.v4i1(<16 x i16> %old, <4 x i16> %new, i32 0, i32 4, i32 1, i16 %off, i32 undef, <4 x i1> zeroinitializer)
  %none2 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %none, <4 x i16> %new, i32 8, i32 2, i32 1, i16 4, i32 undef, i1 false)
  ret <16 x i16> %none2
}

; Negative: a variable mask may clear lanes, so Old may show through.
; CHECK-LABEL: define <8 x i32> @no_identity_variable_mask(
; CHECK: %merged = call <8 x i32> @llvm.genx.wrregioni
define <8 x i32> @no_identity_variable_mask(<8 x i32> %old, <8 x i32> %new, <8 x i1> %mask) {
entry:
  %merged = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %old, <8 x i32> %new, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %mask)
  ret <8 x i32> %merged
}

; Negative: a constant mask with one lane clear keeps that element of Old.
; CHECK-LABEL: define <4 x i32> @no_identity_partial_mask(
; CHECK: %merged = call <4 x i32> @llvm.genx.wrregioni
define <4 x i32> @no_identity_partial_mask(<4 x i32> %old, <4 x i32> %new) {
entry:
  %merged = call <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.v4i1(<4 x i32> %old, <4 x i32> %new, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> <i1 true, i1 false, i1 true, i1 true>)
  ret <4 x i32> %merged
}

; Negative: New covers only half of the vector.
; CHECK-LABEL: define <8 x i32> @no_identity_half(
; CHECK: %half = call <8 x i32> @llvm.genx.wrregioni
define <8 x i32> @no_identity_half(<8 x i32> %old, <4 x i32> %new) {
entry:
  %half = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %old, <4 x i32> %new, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  ret <8 x i32> %half
}

; Negative: every element is written, but in reverse order (stride -1 from the last element).
; CHECK-LABEL: define <4 x i32> @no_identity_reversed(
; CHECK: %reversed = call <4 x i32> @llvm.genx.wrregioni
define <4 x i32> @no_identity_reversed(<4 x i32> %old, <4 x i32> %new) {
entry:
  %reversed = call <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.i1(<4 x i32> %old, <4 x i32> %new, i32 0, i32 4, i32 -1, i16 12, i32 undef, i1 true)
  ret <4 x i32> %reversed
}

; Negative: a variable offset (only 0 keeps this region in range, but the IR does not say so).
; CHECK-LABEL: define <4 x i32> @no_identity_variable_offset(
; CHECK: %whole = call <4 x i32> @llvm.genx.wrregioni
define <4 x i32> @no_identity_variable_offset(<4 x i32> %old, <4 x i32> %new, i16 %off) {
entry:
  %whole = call <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.i1(<4 x i32> %old, <4 x i32> %new, i32 0, i32 4, i32 1, i16 %off, i32 undef, i1 true)
  ret <4 x i32> %whole
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float>, <8 x float>, i32, i32, i32, i16, i32, <8 x i1>)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.v4i1(<16 x i16>, <4 x i16>, i32, i32, i32, i16, i32, <4 x i1>)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.v4i1(<4 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v4i32.i16.i1(<4 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
