; genx-lowering's second step (lowering/min_max.rs): a select, or a merge of a whole vector (wrregion under a
; mask), between a compare's own integer operands is genx.smin/smax/umin/umax (one vISA min/max instead of a
; compare and a predicated move). Negative cases with a reason at the end.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CM's v.merge(7, v > 7) on a whole vector: the minimum.
; CHECK-LABEL: define <16 x i32> @merge_is_min(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %m = call <16 x i32> @llvm.genx.smin.v16i32.v16i32(<16 x i32> %v, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
; CHECK-NEXT:   ret <16 x i32> %m
; CHECK-NEXT: }
define <16 x i32> @merge_is_min(<16 x i32> %v) {
entry:
  %gt = icmp sgt <16 x i32> %v, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %m = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %v, <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %gt)
  ret <16 x i32> %m
}

; a > b ? b : a through CM's ushort mask (a compare of the mask's materialisation): the minimum.
; CHECK-LABEL: define <8 x i32> @select_is_min(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <8 x i32> @llvm.genx.smin.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @select_is_min(<8 x i32> %a, <8 x i32> %b) {
entry:
  %cmp = icmp sgt <8 x i32> %a, %b
  %sext = sext <8 x i1> %cmp to <8 x i32>
  %conv = trunc <8 x i32> %sext to <8 x i16>
  %and = and <8 x i16> %conv, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %ne = icmp ne <8 x i16> %and, zeroinitializer
  %r = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %a, <8 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %ne)
  ret <8 x i32> %r
}

; Unsigned maximum of words, the select's arms in the compare's order; scalar.
; CHECK-LABEL: define i16 @select_is_umax(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call i16 @llvm.genx.umax.i16.i16(i16 %a, i16 %b)
; CHECK-NEXT:   ret i16 %r
; CHECK-NEXT: }
define i16 @select_is_umax(i16 %a, i16 %b) {
entry:
  %lt = icmp ult i16 %a, %b
  %r = select i1 %lt, i16 %b, i16 %a
  ret i16 %r
}

; Negative: float selects stay (vISA's min/max return the other operand for a NaN, the select does not).
; CHECK-LABEL: define <8 x float> @float_stays(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %lt = fcmp olt <8 x float> %a, %b
; CHECK-NEXT:   %r = select <8 x i1> %lt, <8 x float> %a, <8 x float> %b
; CHECK-NEXT:   ret <8 x float> %r
; CHECK-NEXT: }
define <8 x float> @float_stays(<8 x float> %a, <8 x float> %b) {
entry:
  %lt = fcmp olt <8 x float> %a, %b
  %r = select <8 x i1> %lt, <8 x float> %a, <8 x float> %b
  ret <8 x float> %r
}

; Negative: an arm that is not an operand of the compare; and a merge of part of the vector.
; CHECK-LABEL: define <8 x i32> @not_min(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %gt = icmp sgt <8 x i32> %a, %b
; CHECK-NEXT:   %r = select <8 x i1> %gt, <8 x i32> %c, <8 x i32> %a
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @not_min(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c) {
entry:
  %gt = icmp sgt <8 x i32> %a, %b
  %r = select <8 x i1> %gt, <8 x i32> %c, <8 x i32> %a
  ret <8 x i32> %r
}

; CHECK-LABEL: define <8 x i32> @partial_merge(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ra = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 4, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %gt = icmp sgt <4 x i32> %ra, %b
; CHECK-NEXT:   %r = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32> %a, <4 x i32> %b, i32 4, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %gt)
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @partial_merge(<8 x i32> %a, <4 x i32> %b) {
entry:
  %ra = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 4, i32 4, i32 1, i16 0, i32 undef)
  %gt = icmp sgt <4 x i32> %ra, %b
  %r = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32> %a, <4 x i32> %b, i32 4, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %gt)
  ret <8 x i32> %r
}

declare <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
