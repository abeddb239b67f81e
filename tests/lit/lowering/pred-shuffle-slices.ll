; Shuffles of i1 vectors (predicates) that move contiguous slices: a slice of one operand becomes
; rdpredregion (offset in elements); a slice placed into undef (unslice), two slices concatenated, or a slice
; inserted into an operand whose other lanes stay in place become wrpredregions.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; The upper half of a SIMD16 predicate.
; CHECK-LABEL: define <8 x i1> @upper_half(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %hi = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
; CHECK-NEXT:   ret <8 x i1> %hi
; CHECK-NEXT: }
define <8 x i1> @upper_half(<16 x i1> %p) {
entry:
  %hi = shufflevector <16 x i1> %p, <16 x i1> undef, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  ret <8 x i1> %hi
}

; A slice with undefined lanes is still a slice (elements 4..7).
; CHECK-LABEL: define <4 x i1> @slice_with_holes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %s = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v16i1(<16 x i1> %p, i32 4)
; CHECK-NEXT:   ret <4 x i1> %s
; CHECK-NEXT: }
define <4 x i1> @slice_with_holes(<16 x i1> %p) {
entry:
  %s = shufflevector <16 x i1> %p, <16 x i1> undef, <4 x i32> <i32 undef, i32 5, i32 undef, i32 7>
  ret <4 x i1> %s
}

; Unslice: a SIMD4 predicate widened to SIMD8 (the rest undefined): the whole operand at lane 0.
; CHECK-LABEL: define <8 x i1> @unslice_low(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %w = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v4i1(<8 x i1> undef, <4 x i1> %p, i32 0)
; CHECK-NEXT:   ret <8 x i1> %w
; CHECK-NEXT: }
define <8 x i1> @unslice_low(<4 x i1> %p) {
entry:
  %w = shufflevector <4 x i1> %p, <4 x i1> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 undef, i32 undef, i32 undef, i32 undef>
  ret <8 x i1> %w
}

; Unslice in the middle: lanes 2..5.
; CHECK-LABEL: define <8 x i1> @unslice_middle(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %w = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v4i1(<8 x i1> undef, <4 x i1> %p, i32 2)
; CHECK-NEXT:   ret <8 x i1> %w
; CHECK-NEXT: }
define <8 x i1> @unslice_middle(<4 x i1> %p) {
entry:
  %w = shufflevector <4 x i1> %p, <4 x i1> undef, <8 x i32> <i32 undef, i32 undef, i32 0, i32 1, i32 2, i32 3, i32 undef, i32 undef>
  ret <8 x i1> %w
}

; Concatenation of two SIMD8 predicates into SIMD16: two wrpredregions of whole operands.
; CHECK-LABEL: define <16 x i1> @concatenate(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cat.part0 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1> undef, <8 x i1> %lo, i32 0)
; CHECK-NEXT:   %cat = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1> %cat.part0, <8 x i1> %hi, i32 8)
; CHECK-NEXT:   ret <16 x i1> %cat
; CHECK-NEXT: }
define <16 x i1> @concatenate(<8 x i1> %lo, <8 x i1> %hi) {
entry:
  %cat = shufflevector <8 x i1> %lo, <8 x i1> %hi, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  ret <16 x i1> %cat
}

; Insertion: lanes 2..5 come from the start of %new, the others stay in place in %old.
; CHECK-LABEL: define <8 x i1> @insert_slice(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ins.slice0 = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1> %new, i32 0)
; CHECK-NEXT:   %ins = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v4i1(<8 x i1> %old, <4 x i1> %ins.slice0, i32 2)
; CHECK-NEXT:   ret <8 x i1> %ins
; CHECK-NEXT: }
define <8 x i1> @insert_slice(<8 x i1> %old, <8 x i1> %new) {
entry:
  %ins = shufflevector <8 x i1> %old, <8 x i1> %new, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 10, i32 11, i32 6, i32 7>
  ret <8 x i1> %ins
}

; A slice that does not extend to the whole result inside its operand (elements 6, 7 into lanes 0, 1 of a
; SIMD8 result from a SIMD8 operand): read the two, write them at lane 0 of undef.
; CHECK-LABEL: define <8 x i1> @short_slice(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %s.slice0 = call <2 x i1> @llvm.genx.rdpredregion.v2i1.v8i1(<8 x i1> %p, i32 6)
; CHECK-NEXT:   %s = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v2i1(<8 x i1> undef, <2 x i1> %s.slice0, i32 0)
; CHECK-NEXT:   ret <8 x i1> %s
; CHECK-NEXT: }
define <8 x i1> @short_slice(<8 x i1> %p) {
entry:
  %s = shufflevector <8 x i1> %p, <8 x i1> undef, <8 x i32> <i32 6, i32 7, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>
  ret <8 x i1> %s
}

; The identity (with holes) is the operand itself.
; CHECK-LABEL: define <8 x i1> @identity(
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret <8 x i1> %p
; CHECK-NEXT: }
define <8 x i1> @identity(<8 x i1> %p) {
entry:
  %same = shufflevector <8 x i1> %p, <8 x i1> undef, <8 x i32> <i32 0, i32 1, i32 undef, i32 3, i32 4, i32 5, i32 6, i32 7>
  ret <8 x i1> %same
}
