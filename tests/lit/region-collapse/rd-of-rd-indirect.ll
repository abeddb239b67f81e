; Reads with runtime offsets: an indirect inner read (with a parent width when the outer read is 2D), an indirect
; outer read, and both. The combined index is the i16 arithmetic the region algebra describes, emitted before
; the combined read (powers of two as shifts and masks).
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; Outer 1D with stride 2 (`v.select<8,2>(1).select<4,1>(j)`): the inner byte index is scaled by 2.
; CHECK-LABEL: define <4 x i32> @indirect_inner_outer_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[S:.+]] = shl i16 %j, 1
; CHECK-NEXT: %[[IDX:.+]] = add i16 %[[S]], 4
; CHECK-NEXT: %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 %[[IDX]], i32 undef)
; CHECK-NEXT: ret <4 x i32> %b
define <4 x i32> @indirect_inner_outer_1d(<16 x i32> %v, i16 %j) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 1, i16 %j, i32 undef)
  ret <4 x i32> %b
}

; Outer 2D (the 4x4 block at (2,4) of an 8x8 matrix), inner two elements at a runtime index promising to stay
; inside 2-element blocks: row = idx / 16 bytes, column = idx % 16, matrix index = row * 32 + column. The inner
; constant addend (`%j + 8`) is re-attached before the split (the original add dies). The promise carries over
; (parent width 2).
; CHECK-LABEL: define <2 x i32> @indirect_inner_outer_2d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[A:.+]] = add i16 %j, 8
; CHECK-NEXT: %[[COL:.+]] = and i16 %[[A]], 15
; CHECK-NEXT: %[[ROW:.+]] = lshr i16 %[[A]], 4
; CHECK-NEXT: %[[ROWB:.+]] = shl i16 %[[ROW]], 5
; CHECK-NEXT: %[[SUM:.+]] = add i16 %[[ROWB]], %[[COL]]
; CHECK-NEXT: %[[IDX:.+]] = add i16 %[[SUM]], 80
; CHECK-NEXT: %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v64i32.i16(<64 x i32> %m, i32 0, i32 2, i32 1, i16 %[[IDX]], i32 2)
; CHECK-NEXT: ret <2 x i32> %pair
define <2 x i32> @indirect_inner_outer_2d(<64 x i32> %m, i16 %j) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %j.8 = add i16 %j, 8
  %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %block, i32 0, i32 2, i32 1, i16 %j.8, i32 2)
  ret <2 x i32> %pair
}

; Rows of 3 elements (not a power of two) 8 apart: the row/column split divides by 12 bytes; the row is scaled
; to 32 bytes. Rows 8 apart are not aligned to 3-element blocks, so no parent width can be promised.
; CHECK-LABEL: define <3 x i32> @indirect_inner_odd_width(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[COL:.+]] = urem i16 %j, 12
; CHECK-NEXT: %[[ROW:.+]] = udiv i16 %j, 12
; CHECK-NEXT: %[[ROWB:.+]] = shl i16 %[[ROW]], 5
; CHECK-NEXT: %[[IDX:.+]] = add i16 %[[ROWB]], %[[COL]]
; CHECK-NEXT: %row = call <3 x i32> @llvm.genx.rdregioni.v3i32.v32i32.i16(<32 x i32> %v, i32 0, i32 3, i32 1, i16 %[[IDX]], i32 undef)
; CHECK-NEXT: ret <3 x i32> %row
define <3 x i32> @indirect_inner_odd_width(<32 x i32> %v, i16 %j) {
entry:
  %rows = call <12 x i32> @llvm.genx.rdregioni.v12i32.v32i32.i16(<32 x i32> %v, i32 8, i32 3, i32 1, i16 0, i32 undef)
  %row = call <3 x i32> @llvm.genx.rdregioni.v3i32.v12i32.i16(<12 x i32> %rows, i32 0, i32 3, i32 1, i16 %j, i32 3)
  ret <3 x i32> %row
}

; Indirect outer, direct inner (`v.select<8,1>(i).select<4,2>(1)`): the outer index is reused as it is.
; CHECK-LABEL: define <4 x float> @indirect_outer(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IDX:.+]] = add i16 %i, 4
; CHECK-NEXT: %b = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v, i32 0, i32 4, i32 2, i16 %[[IDX]], i32 undef)
; CHECK-NEXT: ret <4 x float> %b
define <4 x float> @indirect_outer(<32 x float> %v, i16 %i) {
entry:
  %a = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v, i32 0, i32 8, i32 1, i16 %i, i32 undef)
  %b = call <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float> %a, i32 0, i32 4, i32 2, i16 4, i32 undef)
  ret <4 x float> %b
}

; Indirect outer 2D with a parent width, direct inner row 1: the outer promise still holds for the result.
; CHECK-LABEL: define <4 x i16> @indirect_outer_2d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IDX:.+]] = add i16 %i, 32
; CHECK-NEXT: %r1 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %m, i32 0, i32 4, i32 1, i16 %[[IDX]], i32 8)
; CHECK-NEXT: ret <4 x i16> %r1
define <4 x i16> @indirect_outer_2d(<64 x i16> %m, i16 %i) {
entry:
  %block = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 16, i32 4, i32 1, i16 %i, i32 8)
  %r1 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %block, i32 0, i32 4, i32 1, i16 8, i32 undef)
  ret <4 x i16> %r1
}

; Both indirect, outer 1D: the scaled inner index is added to the outer one.
; CHECK-LABEL: define <2 x i32> @both_indirect_outer_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[S:.+]] = shl i16 %j, 1
; CHECK-NEXT: %[[IDX:.+]] = add i16 %[[S]], %i
; CHECK-NEXT: %b = call <2 x i32> @llvm.genx.rdregioni.v2i32.v32i32.i16(<32 x i32> %v, i32 0, i32 2, i32 2, i16 %[[IDX]], i32 undef)
; CHECK-NEXT: ret <2 x i32> %b
define <2 x i32> @both_indirect_outer_1d(<32 x i32> %v, i16 %i, i16 %j) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v, i32 0, i32 8, i32 2, i16 %i, i32 undef)
  %b = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %a, i32 0, i32 2, i32 1, i16 %j, i32 undef)
  ret <2 x i32> %b
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <12 x i32> @llvm.genx.rdregioni.v12i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <3 x i32> @llvm.genx.rdregioni.v3i32.v12i32.i16(<12 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
