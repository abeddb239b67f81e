; A read of a 2D read: the inner region inside one outer row, split evenly over two rows, covering N rows at the
; same column, stepping whole rows, 2D inner rows inside outer rows, and a composite only the exact fit finds.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; Every function reads the 4x4 block at row 2, column 4 of an 8x8 matrix (`m.select<4,1,4,1>(2,4)`,
; <8;4,1> at byte 80, matrix elements 20..23, 28..31, 36..39, 44..47), then a part of it.

; Block row 1 (block elements 4..7) is matrix elements 28..31.
; CHECK-LABEL: define <4 x i32> @inner_in_one_row(
; CHECK-NEXT: entry:
; CHECK-NEXT: %row = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %m, i32 0, i32 4, i32 1, i16 112, i32 undef)
; CHECK-NEXT: ret <4 x i32> %row
define <4 x i32> @inner_in_one_row(<64 x i32> %m) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %row = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %block, i32 0, i32 4, i32 1, i16 16, i32 undef)
  ret <4 x i32> %row
}

; Block elements 2..5 straddle rows 0 and 1 evenly: 22,23 and 28,29 = <6;2,1> at byte 88.
; CHECK-LABEL: define <4 x i32> @inner_straddles_two_rows(
; CHECK-NEXT: entry:
; CHECK-NEXT: %mid = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %m, i32 6, i32 2, i32 1, i16 88, i32 undef)
; CHECK-NEXT: ret <4 x i32> %mid
define <4 x i32> @inner_straddles_two_rows(<64 x i32> %m) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %mid = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %block, i32 0, i32 4, i32 1, i16 8, i32 undef)
  ret <4 x i32> %mid
}

; Block elements 1,3,...,15 cover all four rows from column 1: <8;2,2> at byte 84.
; CHECK-LABEL: define <8 x i32> @inner_covers_n_rows(
; CHECK-NEXT: entry:
; CHECK-NEXT: %odd = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 8, i32 2, i32 2, i16 84, i32 undef)
; CHECK-NEXT: ret <8 x i32> %odd
define <8 x i32> @inner_covers_n_rows(<64 x i32> %m) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %odd = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %block, i32 0, i32 8, i32 2, i16 4, i32 undef)
  ret <8 x i32> %odd
}

; Column 1 of every other block row (block elements 1 and 9) steps two matrix rows: 1D stride 16.
; CHECK-LABEL: define <2 x i32> @inner_steps_whole_rows(
; CHECK-NEXT: entry:
; CHECK-NEXT: %col = call <2 x i32> @llvm.genx.rdregioni.v2i32.v64i32.i16(<64 x i32> %m, i32 0, i32 2, i32 16, i16 84, i32 undef)
; CHECK-NEXT: ret <2 x i32> %col
define <2 x i32> @inner_steps_whole_rows(<64 x i32> %m) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %col = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %block, i32 0, i32 2, i32 8, i16 4, i32 undef)
  ret <2 x i32> %col
}

; 2D of 2D: the 2x2 at block (1,1) (<8;2,1> at 20: block elements 5,6,13,14) is 29,30,45,46 = <16;2,1> at 116.
; CHECK-LABEL: define <4 x i32> @two_d_of_two_d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %tile = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %m, i32 16, i32 2, i32 1, i16 116, i32 undef)
; CHECK-NEXT: ret <4 x i32> %tile
define <4 x i32> @two_d_of_two_d(<64 x i32> %m) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %tile = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %block, i32 8, i32 2, i32 1, i16 20, i32 undef)
  ret <4 x i32> %tile
}

; A 2D outer region with a strided row (`m.select<2,2,4,2>(0,0)` of half floats): rows 0 and 2, even columns.
; The inner 2D region takes columns 1..2 of both rows: elements 2,4 and 34,36 = <32;2,2> at byte 4.
; CHECK-LABEL: define <4 x half> @strided_outer_rows(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sub = call <4 x half> @llvm.genx.rdregionf.v4f16.v64f16.i16(<64 x half> %m, i32 32, i32 2, i32 2, i16 4, i32 undef)
; CHECK-NEXT: ret <4 x half> %sub
define <4 x half> @strided_outer_rows(<64 x half> %m) {
entry:
  %sel = call <8 x half> @llvm.genx.rdregionf.v8f16.v64f16.i16(<64 x half> %m, i32 32, i32 4, i32 2, i16 0, i32 undef)
  %sub = call <4 x half> @llvm.genx.rdregionf.v4f16.v8f16.i16(<8 x half> %sel, i32 4, i32 2, i32 1, i16 2, i32 undef)
  ret <4 x half> %sub
}

; Outside the §2.1 rules: block elements 2,4,6,8 of a 3x4 block are 22,28,30,36. IGC's rules refuse (the first
; inner row would wrap); `combine` fits the list exactly: <8;2,6> at byte 88.
; CHECK-LABEL: define <4 x i32> @exact_fit(
; CHECK-NEXT: entry:
; CHECK-NEXT: %even = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %m, i32 8, i32 2, i32 6, i16 88, i32 undef)
; CHECK-NEXT: ret <4 x i32> %even
define <4 x i32> @exact_fit(<64 x i32> %m) {
entry:
  %block = call <12 x i32> @llvm.genx.rdregioni.v12i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %even = call <4 x i32> @llvm.genx.rdregioni.v4i32.v12i32.i16(<12 x i32> %block, i32 0, i32 4, i32 2, i16 8, i32 undef)
  ret <4 x i32> %even
}

; A 1D outer region that only looks 2D (vstride = width * stride) is linear: any inner region maps through it.
; CHECK-LABEL: define <4 x i32> @outer_really_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %m, i32 0, i32 4, i32 2, i16 12, i32 undef)
; CHECK-NEXT: ret <4 x i32> %x
define <4 x i32> @outer_really_1d(<64 x i32> %m) {
entry:
  %rows = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %rows, i32 0, i32 4, i32 2, i16 12, i32 undef)
  ret <4 x i32> %x
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <12 x i32> @llvm.genx.rdregioni.v12i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v12i32.i16(<12 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x half> @llvm.genx.rdregionf.v8f16.v64f16.i16(<64 x half>, i32, i32, i32, i16, i32)
declare <4 x half> @llvm.genx.rdregionf.v4f16.v8f16.i16(<8 x half>, i32, i32, i32, i16, i32)
