; A shuffle reading one operand backwards is a region with a negative stride: one rdregion <0;N,-1> from
; the last element read. Pairwise swaps are a 2D region with stride -1 inside rows.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x i32> @reverse_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %rev = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 0, i32 8, i32 -1, i16 28, i32 undef)
; CHECK-NEXT:   ret <8 x i32> %rev
; CHECK-NEXT: }
define <8 x i32> @reverse_i32(<8 x i32> %v) {
entry:
  %rev = shufflevector <8 x i32> %v, <8 x i32> undef, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <8 x i32> %rev
}

; CHECK-LABEL: define <16 x half> @reverse_half(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %rev = call <16 x half> @llvm.genx.rdregionf.v16f16.v16f16.i16(<16 x half> %v, i32 0, i32 16, i32 -1, i16 30, i32 undef)
; CHECK-NEXT:   ret <16 x half> %rev
; CHECK-NEXT: }
define <16 x half> @reverse_half(<16 x half> %v) {
entry:
  %rev = shufflevector <16 x half> %v, <16 x half> undef, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <16 x half> %rev
}

; The upper half, reversed: offset 7*4 bytes, four elements backwards.
; CHECK-LABEL: define <4 x i32> @reverse_upper_half(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %rev = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 -1, i16 28, i32 undef)
; CHECK-NEXT:   ret <4 x i32> %rev
; CHECK-NEXT: }
define <4 x i32> @reverse_upper_half(<8 x i32> %v) {
entry:
  %rev = shufflevector <8 x i32> %v, <8 x i32> undef, <4 x i32> <i32 7, i32 6, i32 5, i32 4>
  ret <4 x i32> %rev
}

; Swap neighbours: rows of two read backwards, <2;2,-1> from element 1.
; CHECK-LABEL: define <8 x i16> @swap_pairs(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %swap = call <8 x i16> @llvm.genx.rdregioni.v8i16.v8i16.i16(<8 x i16> %v, i32 2, i32 2, i32 -1, i16 2, i32 undef)
; CHECK-NEXT:   ret <8 x i16> %swap
; CHECK-NEXT: }
define <8 x i16> @swap_pairs(<8 x i16> %v) {
entry:
  %swap = shufflevector <8 x i16> %v, <8 x i16> undef, <8 x i32> <i32 1, i32 0, i32 3, i32 2, i32 5, i32 4, i32 7, i32 6>
  ret <8 x i16> %swap
}
