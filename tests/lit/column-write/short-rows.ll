; A 2D region write with rows shorter than their count, and a vertical stride a destination can take (at most
; 4 elements), is written column by column: each column a 1D write with stride vstride, reading its column of
; the value with a strided region. The same elements get the same values; IGC would write it row by row.
; RUN: %opt -passes=genx-column-write -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-column-write -S %s | diff %t.ll -

; A bitonic step at distance 2: 16 values into rows of 2 every 4 elements (<4;2,1>), then 16 more at offset 2.
; CHECK-LABEL: define <32 x i32> @rows_of_two(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %lo, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK-NEXT:   %1 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v, <8 x i32> %0, i32 0, i32 8, i32 4, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %lo, i32 0, i32 8, i32 2, i16 4, i32 undef)
; CHECK-NEXT:   %a = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %1, <8 x i32> %2, i32 0, i32 8, i32 4, i16 4, i32 undef, i1 true)
; CHECK-NEXT:   %3 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %hi, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK-NEXT:   %4 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %a, <8 x i32> %3, i32 0, i32 8, i32 4, i16 8, i32 undef, i1 true)
; CHECK-NEXT:   %5 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %hi, i32 0, i32 8, i32 2, i16 4, i32 undef)
; CHECK-NEXT:   %b = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %4, <8 x i32> %5, i32 0, i32 8, i32 4, i16 12, i32 undef, i1 true)
; CHECK-NEXT:   ret <32 x i32> %b
define <32 x i32> @rows_of_two(<32 x i32> %v, <16 x i32> %lo, <16 x i32> %hi) {
entry:
  %a = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v, <16 x i32> %lo, i32 4, i32 2, i32 1, i16 0, i32 undef, i1 true)
  %b = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %a, <16 x i32> %hi, i32 4, i32 2, i32 1, i16 8, i32 undef, i1 true)
  ret <32 x i32> %b
}

; Negative: rows as wide as they are many (2x2 at vstride 4) would take as many column writes as row writes.
; CHECK-LABEL: define <16 x i16> @square(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %v, <4 x i16> %x, i32 4, i32 2, i32 1, i16 0, i32 undef, i1 true)
define <16 x i16> @square(<16 x i16> %v, <4 x i16> %x) {
entry:
  %a = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %v, <4 x i16> %x, i32 4, i32 2, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i16> %a
}

; Negative: rows that follow each other (<4;4,1>, a media block read's 4-byte rows placed in a matrix) are one
; contiguous region: legal 1D pieces write it (or the read itself, in place), where columns would take 4 strided
; writes of 16 bytes each (memory-media-tall-blocks.cpp's `tall` took 20 moves for it on the vISA route).
; CHECK-LABEL: define <320 x i8> @rows_follow(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a = call <320 x i8> @llvm.genx.wrregioni.v320i8.v64i8.i16.i1(<320 x i8> %v, <64 x i8> %x, i32 4, i32 4, i32 1, i16 0, i32 320, i1 true)
define <320 x i8> @rows_follow(<320 x i8> %v, <64 x i8> %x) {
entry:
  %a = call <320 x i8> @llvm.genx.wrregioni.v320i8.v64i8.i16.i1(<320 x i8> %v, <64 x i8> %x, i32 4, i32 4, i32 1, i16 0, i32 320, i1 true)
  ret <320 x i8> %a
}

; Negative: a vertical stride of 8 elements is beyond a destination's largest stride (4).
; CHECK-LABEL: define <64 x i32> @wide_pitch(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v, <16 x i32> %x, i32 8, i32 2, i32 1, i16 0, i32 undef, i1 true)
define <64 x i32> @wide_pitch(<64 x i32> %v, <16 x i32> %x) {
entry:
  %a = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v, <16 x i32> %x, i32 8, i32 2, i32 1, i16 0, i32 undef, i1 true)
  ret <64 x i32> %a
}

; Negative: a masked write keeps its shape (its mask follows the rows).
; CHECK-LABEL: define <32 x i32> @masked(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.v16i1(<32 x i32> %v, <16 x i32> %x, i32 4, i32 2, i32 1, i16 0, i32 undef, <16 x i1> %m)
define <32 x i32> @masked(<32 x i32> %v, <16 x i32> %x, <16 x i1> %m) {
entry:
  %a = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.v16i1(<32 x i32> %v, <16 x i32> %x, i32 4, i32 2, i32 1, i16 0, i32 undef, <16 x i1> %m)
  ret <32 x i32> %a
}

declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.v16i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <320 x i8> @llvm.genx.wrregioni.v320i8.v64i8.i16.i1(<320 x i8>, <64 x i8>, i32, i32, i32, i16, i32, i1)
