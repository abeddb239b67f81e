; A wrregion's Old value is dead where the write surely overwrites it, and its New value is dead where no
; one reads the written elements. CM: `v.select<8, 1>(0) = a; v.select<8, 1>(8) = b; return
; v.select<8, 1>(0);` — the write of `b` and the zeros `v` started from are never read.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -
; RUN: %opt -passes=genx-dead-vector -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; STATS: 65 genx-dead-vector - vector elements made undef because nothing reads them
; STATS: 4 genx-dead-vector - instructions removed because nothing reads their result
; (elements: 16 + 8 in the first function, 4 in the second, 32 + 4 in the third, 1 in the fourth;
; instructions: 2, 1, 0 and 1.)

; 1D: the second write (and the add feeding it) is dead; the zero vector is wholly overwritten where live.
; CHECK-LABEL: define <8 x i32> @dead_second_write_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %lo = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %lo, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: ret <8 x i32> %r
define <8 x i32> @dead_second_write_1d(<8 x i32> %a, <8 x i32> %b) {
entry:
  %lo = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> zeroinitializer, <8 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %b2 = add <8 x i32> %b, %b
  %hi = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %lo, <8 x i32> %b2, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %hi, i32 0, i32 8, i32 1, i16 0, i32 undef)
  ret <8 x i32> %r
}

; A later write overwrites all of an earlier one: the earlier is dead, though its vector is used.
; CHECK-LABEL: define <8 x float> @overwritten_write(
; CHECK-NEXT: entry:
; CHECK-NEXT: %second = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %v, <4 x float> %y, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
; CHECK-NEXT: ret <8 x float> %second
define <8 x float> @overwritten_write(<8 x float> %v, <4 x float> %x, <4 x float> %y) {
entry:
  %first = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %v, <4 x float> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %second = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %first, <4 x float> %y, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  ret <8 x float> %second
}

; 2D: a 2x4 block <8;4,1> written into a 4x8 matrix, then only its first row read back; the second row of
; the block is dead, so the constant New gets undef lanes 4..7. Only elements 0..3 of the matrix are read,
; and the write covers them, so the matrix's initial value is wholly dead.
; CHECK-LABEL: define <4 x i16> @block_2d_first_row(
; CHECK-NEXT: entry:
; CHECK-NEXT: %m = call <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16> undef, <8 x i16> <i16 1, i16 2, i16 3, i16 4, i16 undef, i16 undef, i16 undef, i16 undef>, i32 8, i32 4, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %row = call <4 x i16> @llvm.genx.rdregioni.v4i16.v32i16.i16(<32 x i16> %m, i32 0, i32 4, i32 1, i16 0, i32 undef)
define <4 x i16> @block_2d_first_row(<32 x i16> %matrix, <4 x i16> %n) {
entry:
  %m = call <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16> %matrix, <8 x i16> <i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8>, i32 8, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %row = call <4 x i16> @llvm.genx.rdregioni.v4i16.v32i16.i16(<32 x i16> %m, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %sum = add <4 x i16> %row, %n
  ret <4 x i16> %sum
}

; A scalar written into a vector of which only other elements are read: the write goes.
; CHECK-LABEL: define <2 x i64> @dead_scalar_write(
; CHECK-NEXT: entry:
; CHECK-NEXT: %pair = call <2 x i64> @llvm.genx.rdregioni.v2i64.v4i64.i16(<4 x i64> %v, i32 0, i32 2, i32 1, i16 0, i32 undef)
define <2 x i64> @dead_scalar_write(<4 x i64> %v, i64 %x) {
entry:
  %w = call <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64> %v, i64 %x, i32 0, i32 1, i32 1, i16 24, i32 undef, i1 true)
  %pair = call <2 x i64> @llvm.genx.rdregioni.v2i64.v4i64.i16(<4 x i64> %w, i32 0, i32 2, i32 1, i16 0, i32 undef)
  ret <2 x i64> %pair
}

; Negative: every element of the result is returned, so Old shows through where the write does not reach
; and nothing is dead.
; CHECK-LABEL: define <8 x i32> @no_change_all_live(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
; CHECK-NEXT: ret <8 x i32> %w
define <8 x i32> @no_change_all_live(<8 x i32> %v, <4 x i32> %x) {
entry:
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
  ret <8 x i32> %w
}

declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v32i16.i16(<32 x i16>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <2 x i64> @llvm.genx.rdregioni.v2i64.v4i64.i16(<4 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
