; `wrregion(A, rdregion(A, R), R)` writes back what it read: it is A, whatever the mask (docs/genx-ir.md §1.5).
; Region collapsing and legalization leave this behind; in CM it is `v.select<4, 2>(i) = v.select<4, 2>(i)`,
; or a `merge` of a selection into itself.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -

; 1D, constant offset; the read has another use, so it stays.
; CHECK-LABEL: define <4 x i32> @wr_of_rd_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sel = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 2, i16 8, i32 undef)
; CHECK-NEXT: %sum = add <4 x i32> %sel, %n
; CHECK-NEXT: %sel.back = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %res = add <4 x i32> %sum, %sel.back
define <4 x i32> @wr_of_rd_1d(<16 x i32> %a, <4 x i32> %n) {
entry:
  %sel = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 2, i16 8, i32 undef)
  %sum = add <4 x i32> %sel, %n
  %same = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %sel, i32 0, i32 4, i32 2, i16 8, i32 undef, i1 true)
  %sel.back = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %same, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %res = add <4 x i32> %sum, %sel.back
  ret <4 x i32> %res
}

; 2D, variable offset (the same index value in both), variable mask: the read dies with the write.
; CHECK-LABEL: define <16 x float> @wr_of_rd_2d_indirect_masked(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <16 x float> %a
define <16 x float> @wr_of_rd_2d_indirect_masked(<16 x float> %a, i16 %off, <4 x i1> %mask) {
entry:
  %block = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %a, i32 8, i32 2, i32 1, i16 %off, i32 undef)
  %same = call <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.v4i1(<16 x float> %a, <4 x float> %block, i32 8, i32 2, i32 1, i16 %off, i32 undef, <4 x i1> %mask)
  ret <16 x float> %same
}

; The same access spelt differently: a 1D <4;4,1> read written back through <0;4,1>, and an offset
; `%i + 8` split into index and constant the same way in both. The index addition, left unused, goes too.
; CHECK-LABEL: define <16 x i16> @wr_of_rd_same_access(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <16 x i16> %a
define <16 x i16> @wr_of_rd_same_access(<16 x i16> %a, i16 %i) {
entry:
  %i8 = add i16 %i, 8
  %row = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %a, i32 4, i32 4, i32 1, i16 %i8, i32 undef)
  %same = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %a, <4 x i16> %row, i32 0, i32 4, i32 1, i16 %i8, i32 undef, i1 true)
  ret <16 x i16> %same
}

; Negative: the read comes from another vector.
; CHECK-LABEL: define <16 x i32> @no_fold_other_vector(
; CHECK: %copied = call <16 x i32> @llvm.genx.wrregioni
define <16 x i32> @no_fold_other_vector(<16 x i32> %a, <16 x i32> %b) {
entry:
  %sel = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %b, i32 0, i32 4, i32 2, i16 8, i32 undef)
  %copied = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %sel, i32 0, i32 4, i32 2, i16 8, i32 undef, i1 true)
  ret <16 x i32> %copied
}

; Negative: read at stride 2, written back at stride 1 (elements move).
; CHECK-LABEL: define <16 x i32> @no_fold_other_region(
; CHECK: %moved = call <16 x i32> @llvm.genx.wrregioni
define <16 x i32> @no_fold_other_region(<16 x i32> %a) {
entry:
  %sel = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 2, i16 8, i32 undef)
  %moved = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %sel, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
  ret <16 x i32> %moved
}

; Negative: two different index values, even if they might be equal at run time.
; CHECK-LABEL: define <16 x i32> @no_fold_other_index(
; CHECK: %moved = call <16 x i32> @llvm.genx.wrregioni
define <16 x i32> @no_fold_other_index(<16 x i32> %a, i16 %i, i16 %j) {
entry:
  %sel = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  %moved = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %sel, i32 0, i32 4, i32 1, i16 %j, i32 undef, i1 true)
  ret <16 x i32> %moved
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.v4i1(<16 x float>, <4 x float>, i32, i32, i32, i16, i32, <4 x i1>)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
