; A shuffle that reads both operands, or one operand irregularly, becomes a sequence of region moves from
; undef (or from an operand whose lanes are already in place, when that saves moves): each move writes a
; region of the result with a region of one operand, and takes as many lanes as form a region on both sides.
; A move that reads all of an operand in order uses the operand itself; a one-element move reads and writes
; a scalar.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; Interleave (zip) two vectors: two moves, each writing every other lane.
; CHECK-LABEL: define <16 x float> @interleave(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %zip.wr0 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> undef, <8 x float> %a, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %zip = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %zip.wr0, <8 x float> %b, i32 0, i32 8, i32 2, i16 4, i32 undef, i1 true)
; CHECK-NEXT:   ret <16 x float> %zip
; CHECK-NEXT: }
define <16 x float> @interleave(<8 x float> %a, <8 x float> %b) {
entry:
  %zip = shufflevector <8 x float> %a, <8 x float> %b, <16 x i32> <i32 0, i32 8, i32 1, i32 9, i32 2, i32 10, i32 3, i32 11, i32 4, i32 12, i32 5, i32 13, i32 6, i32 14, i32 7, i32 15>
  ret <16 x float> %zip
}

; Concatenation: both operands whole, no rdregion at all.
; CHECK-LABEL: define <8 x i32> @concatenate(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cat.wr0 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> undef, <4 x i32> %a, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %cat = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %cat.wr0, <4 x i32> %b, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x i32> %cat
; CHECK-NEXT: }
define <8 x i32> @concatenate(<4 x i32> %a, <4 x i32> %b) {
entry:
  %cat = shufflevector <4 x i32> %a, <4 x i32> %b, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  ret <8 x i32> %cat
}

; Even elements of the concatenation of two vectors (deinterleave). Lane 0 is in place in %a, but starting
; from %a would not save a move, so the chain starts from undef with two whole-row moves.
; CHECK-LABEL: define <8 x i16> @even_elements(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %even.rd0 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v8i16.i16(<8 x i16> %a, i32 0, i32 4, i32 2, i16 0, i32 undef)
; CHECK-NEXT:   %even.wr0 = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> undef, <4 x i16> %even.rd0, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %even.rd1 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v8i16.i16(<8 x i16> %b, i32 0, i32 4, i32 2, i16 0, i32 undef)
; CHECK-NEXT:   %even = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> %even.wr0, <4 x i16> %even.rd1, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x i16> %even
; CHECK-NEXT: }
define <8 x i16> @even_elements(<8 x i16> %a, <8 x i16> %b) {
entry:
  %even = shufflevector <8 x i16> %a, <8 x i16> %b, <8 x i32> <i32 0, i32 2, i32 4, i32 6, i32 8, i32 10, i32 12, i32 14>
  ret <8 x i16> %even
}

; A blend: every lane stays in place, taken alternately from each operand. The chain starts from %a, whose
; lanes are already in place, so one move of %b's odd elements does it.
; CHECK-LABEL: define <8 x i64> @blend(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %blend.rd0 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %b, i32 0, i32 4, i32 2, i16 8, i32 undef)
; CHECK-NEXT:   %blend = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> %a, <4 x i64> %blend.rd0, i32 0, i32 4, i32 2, i16 8, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x i64> %blend
; CHECK-NEXT: }
define <8 x i64> @blend(<8 x i64> %a, <8 x i64> %b) {
entry:
  %blend = shufflevector <8 x i64> %a, <8 x i64> %b, <8 x i32> <i32 0, i32 9, i32 2, i32 11, i32 4, i32 13, i32 6, i32 15>
  ret <8 x i64> %blend
}

; One operand, irregular: 0,1,2 is a region, then 7 alone.
; CHECK-LABEL: define <4 x i32> @irregular(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %irr.rd0 = call <3 x i32> @llvm.genx.rdregioni.v3i32.v8i32.i16(<8 x i32> %v, i32 0, i32 3, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %irr.wr0 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v3i32.i16.i1(<4 x i32> undef, <3 x i32> %irr.rd0, i32 0, i32 3, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %irr.rd1 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 28, i32 undef)
; CHECK-NEXT:   %irr = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %irr.wr0, i32 %irr.rd1, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
; CHECK-NEXT:   ret <4 x i32> %irr
; CHECK-NEXT: }
define <4 x i32> @irregular(<8 x i32> %v) {
entry:
  %irr = shufflevector <8 x i32> %v, <8 x i32> undef, <4 x i32> <i32 0, i32 1, i32 2, i32 7>
  ret <4 x i32> %irr
}

; Inserting a slice: lanes 2..5 from %b's start, the rest in place from %a: start from %a, one move.
; CHECK-LABEL: define <8 x i32> @insert_slice(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ins.rd0 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %b, i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %ins = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %a, <4 x i32> %ins.rd0, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x i32> %ins
; CHECK-NEXT: }
define <8 x i32> @insert_slice(<8 x i32> %a, <8 x i32> %b) {
entry:
  %ins = shufflevector <8 x i32> %a, <8 x i32> %b, <8 x i32> <i32 0, i32 1, i32 8, i32 9, i32 10, i32 11, i32 6, i32 7>
  ret <8 x i32> %ins
}
