; A shuffle of one operand whose mask is a 2D region (rows of equal width, constant stride inside a row and
; between rows) becomes one rdregion with that <vstride;width,stride>: columns, transposes, tiles, strided
; rows and replicated rows of a matrix held in a vector.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; Column 0 of a 4x4 matrix: 1D, stride 4.
; CHECK-LABEL: define <4 x float> @column_0(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %col = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %m, i32 0, i32 4, i32 4, i16 0, i32 undef)
; CHECK-NEXT:   ret <4 x float> %col
; CHECK-NEXT: }
define <4 x float> @column_0(<16 x float> %m) {
entry:
  %col = shufflevector <16 x float> %m, <16 x float> undef, <4 x i32> <i32 0, i32 4, i32 8, i32 12>
  ret <4 x float> %col
}

; The whole transpose of a 4x4: <1;4,4>.
; CHECK-LABEL: define <16 x i32> @transpose_4x4(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %m, i32 1, i32 4, i32 4, i16 0, i32 undef)
; CHECK-NEXT:   ret <16 x i32> %t
; CHECK-NEXT: }
define <16 x i32> @transpose_4x4(<16 x i32> %m) {
entry:
  %t = shufflevector <16 x i32> %m, <16 x i32> undef, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  ret <16 x i32> %t
}

; m.select<2,1,2,1>(1,1) of a 4x4: <4;2,1> from element 5.
; CHECK-LABEL: define <4 x i32> @tile_2x2(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %tile = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %m, i32 4, i32 2, i32 1, i16 20, i32 undef)
; CHECK-NEXT:   ret <4 x i32> %tile
; CHECK-NEXT: }
define <4 x i32> @tile_2x2(<16 x i32> %m) {
entry:
  %tile = shufflevector <16 x i32> %m, <16 x i32> undef, <4 x i32> <i32 5, i32 6, i32 9, i32 10>
  ret <4 x i32> %tile
}

; m.select<2,2,4,2>(0,0) of a 4x8: two rows (vstride 16), four elements with stride 2.
; CHECK-LABEL: define <8 x i16> @strided_rows(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %sel = call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %m, i32 16, i32 4, i32 2, i16 0, i32 undef)
; CHECK-NEXT:   ret <8 x i16> %sel
; CHECK-NEXT: }
define <8 x i16> @strided_rows(<32 x i16> %m) {
entry:
  %sel = shufflevector <32 x i16> %m, <32 x i16> undef, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 16, i32 18, i32 20, i32 22>
  ret <8 x i16> %sel
}

; v.replicate<3,2>(4): the same row three times, vstride 0.
; CHECK-LABEL: define <6 x i64> @replicated_row(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %rep = call <6 x i64> @llvm.genx.rdregioni.v6i64.v8i64.i16(<8 x i64> %v, i32 0, i32 2, i32 1, i16 32, i32 undef)
; CHECK-NEXT:   ret <6 x i64> %rep
; CHECK-NEXT: }
define <6 x i64> @replicated_row(<8 x i64> %v) {
entry:
  %rep = shufflevector <8 x i64> %v, <8 x i64> undef, <6 x i32> <i32 4, i32 5, i32 4, i32 5, i32 4, i32 5>
  ret <6 x i64> %rep
}

; A contiguous slice of the second operand.
; CHECK-LABEL: define <4 x i32> @slice_of_second(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %slice = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %b, i32 0, i32 4, i32 1, i16 8, i32 undef)
; CHECK-NEXT:   ret <4 x i32> %slice
; CHECK-NEXT: }
define <4 x i32> @slice_of_second(<8 x i32> %a, <8 x i32> %b) {
entry:
  %slice = shufflevector <8 x i32> %a, <8 x i32> %b, <4 x i32> <i32 10, i32 11, i32 12, i32 13>
  ret <4 x i32> %slice
}
