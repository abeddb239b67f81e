; An i1 shuffle that is not made of at most two slices (a reversal, an interleave, a splat) is widened: each
; used operand becomes <M x i16> 0/1 by select, the i16 shuffle is lowered as data (rdregion/wrregion), and
; the result is compared back to i1 with icmp ne 0.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x i1> @reverse(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %rev.wide0 = select <8 x i1> %p, <8 x i16> <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>, <8 x i16> zeroinitializer
; CHECK-NEXT:   %rev.moved = call <8 x i16> @llvm.genx.rdregioni.v8i16.v8i16.i16(<8 x i16> %rev.wide0, i32 0, i32 8, i32 -1, i16 14, i32 undef)
; CHECK-NEXT:   %rev = icmp ne <8 x i16> %rev.moved, zeroinitializer
; CHECK-NEXT:   ret <8 x i1> %rev
; CHECK-NEXT: }
define <8 x i1> @reverse(<8 x i1> %p) {
entry:
  %rev = shufflevector <8 x i1> %p, <8 x i1> undef, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  ret <8 x i1> %rev
}

; CHECK-LABEL: define <8 x i1> @interleave(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %zip.wide0 = select <4 x i1> %a, <4 x i16> <i16 1, i16 1, i16 1, i16 1>, <4 x i16> zeroinitializer
; CHECK-NEXT:   %zip.wide1 = select <4 x i1> %b, <4 x i16> <i16 1, i16 1, i16 1, i16 1>, <4 x i16> zeroinitializer
; CHECK-NEXT:   %zip.wr0 = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> undef, <4 x i16> %zip.wide0, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %zip.moved = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> %zip.wr0, <4 x i16> %zip.wide1, i32 0, i32 4, i32 2, i16 2, i32 undef, i1 true)
; CHECK-NEXT:   %zip = icmp ne <8 x i16> %zip.moved, zeroinitializer
; CHECK-NEXT:   ret <8 x i1> %zip
; CHECK-NEXT: }
define <8 x i1> @interleave(<4 x i1> %a, <4 x i1> %b) {
entry:
  %zip = shufflevector <4 x i1> %a, <4 x i1> %b, <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
  ret <8 x i1> %zip
}

; CHECK-LABEL: define <16 x i1> @splat_lane_3(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat.wide0 = select <16 x i1> %p, <16 x i16> <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>, <16 x i16> zeroinitializer
; CHECK-NEXT:   %splat.moved = call <16 x i16> @llvm.genx.rdregioni.v16i16.v16i16.i16(<16 x i16> %splat.wide0, i32 0, i32 1, i32 0, i16 6, i32 undef)
; CHECK-NEXT:   %splat = icmp ne <16 x i16> %splat.moved, zeroinitializer
; CHECK-NEXT:   ret <16 x i1> %splat
; CHECK-NEXT: }
define <16 x i1> @splat_lane_3(<16 x i1> %p) {
entry:
  %splat = shufflevector <16 x i1> %p, <16 x i1> undef, <16 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  ret <16 x i1> %splat
}
