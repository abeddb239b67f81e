; Undefined mask lanes are free: they may read any element (so they never break a region, but the region
; must stay inside the operand) and are not written by a move sequence. Lanes reading an undef operand are
; undefined too; a mask with no defined lane gives undef.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <4 x i32> @hole_in_a_row(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v4i32.i16(<4 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   ret <4 x i32> %r
; CHECK-NEXT: }
define <4 x i32> @hole_in_a_row(<4 x i32> %v) {
entry:
  %r = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> <i32 0, i32 undef, i32 2, i32 3>
  ret <4 x i32> %r
}

; Leading holes: the region starts where the defined lanes say (element 4).
; CHECK-LABEL: define <4 x float> @leading_holes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float> %v, i32 0, i32 4, i32 1, i16 16, i32 undef)
; CHECK-NEXT:   ret <4 x float> %r
; CHECK-NEXT: }
define <4 x float> @leading_holes(<8 x float> %v) {
entry:
  %r = shufflevector <8 x float> %v, <8 x float> undef, <4 x i32> <i32 undef, i32 undef, i32 6, i32 7>
  ret <4 x float> %r
}

; Widening a vector (LLVM's way of growing it): the upper lanes are undefined, so any in-range region does;
; a contiguous row from 0 cannot continue past element 3, so the row is read twice (vstride 0).
; CHECK-LABEL: define <8 x i32> @widen(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v4i32.i16(<4 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @widen(<4 x i32> %v) {
entry:
  %r = shufflevector <4 x i32> %v, <4 x i32> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 undef, i32 undef, i32 undef, i32 undef>
  ret <8 x i32> %r
}

; Lanes 1 and 3 read the undef operand: only lanes 0 and 2 matter.
; CHECK-LABEL: define <4 x i16> @undef_operand_lanes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <4 x i16> @llvm.genx.rdregioni.v4i16.v4i16.i16(<4 x i16> %v, i32 1, i32 2, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   ret <4 x i16> %r
; CHECK-NEXT: }
define <4 x i16> @undef_operand_lanes(<4 x i16> %v) {
entry:
  %r = shufflevector <4 x i16> %v, <4 x i16> undef, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  ret <4 x i16> %r
}

; Two sources with holes: the holes are not written.
; CHECK-LABEL: define <4 x i32> @two_sources_with_holes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r.rd0 = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %a, i32 0, i32 1, i32 1, i16 12, i32 undef)
; CHECK-NEXT:   %r.wr0 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> undef, i32 %r.rd0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %r.rd1 = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %b, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %r = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %r.wr0, i32 %r.rd1, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT:   ret <4 x i32> %r
; CHECK-NEXT: }
define <4 x i32> @two_sources_with_holes(<4 x i32> %a, <4 x i32> %b) {
entry:
  %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 3, i32 undef, i32 4, i32 undef>
  ret <4 x i32> %r
}

; CHECK-LABEL: define <4 x i32> @all_undef(
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret <4 x i32> undef
; CHECK-NEXT: }
define <4 x i32> @all_undef(<4 x i32> %v) {
entry:
  %r = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> undef
  ret <4 x i32> %r
}
