; A scan step, `shifted = 0; shifted.select<12, 1>(4) = v.select<12, 1>(0); v += shifted;`: the add is done
; on the 12 written lanes only, in place in v. Also: a sub whose right operand is the fill, an or with the fill
; on the left (lanes of the fill inside the region may be anything), and a 2D region.
; RUN: %opt -passes=genx-partial-op -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-partial-op -S %s | diff %t.ll -

; CHECK-LABEL: define <16 x i32> @scan_step(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %low = call <12 x i32> @llvm.genx.rdregioni.v12i32.v16i32.i16(<16 x i32> %v, i32 0, i32 12, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   [[HIGH:%.*]] = call <12 x i32> @llvm.genx.rdregioni.v12i32.v16i32.i16(<16 x i32> %v, i32 0, i32 12, i32 1, i16 16, i32 undef)
; CHECK-NEXT:   [[SUM:%.*]] = add <12 x i32> [[HIGH]], %low
; CHECK-NEXT:   %r = call <16 x i32> @llvm.genx.wrregioni.v16i32.v12i32.i16.i1(<16 x i32> %v, <12 x i32> [[SUM]], i32 0, i32 12, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT:   ret <16 x i32> %r
define <16 x i32> @scan_step(<16 x i32> %v) {
entry:
  %low = call <12 x i32> @llvm.genx.rdregioni.v12i32.v16i32.i16(<16 x i32> %v, i32 0, i32 12, i32 1, i16 0, i32 undef)
  %shifted = call <16 x i32> @llvm.genx.wrregioni.v16i32.v12i32.i16.i1(<16 x i32> zeroinitializer, <12 x i32> %low, i32 0, i32 12, i32 1, i16 16, i32 undef, i1 true)
  %r = add <16 x i32> %v, %shifted
  ret <16 x i32> %r
}

; CHECK-LABEL: define <8 x i16> @sub_and_or(
; CHECK:        sub <4 x i16>
; CHECK-NOT:    sub <8 x i16>
; CHECK:        or <2 x i16> %b,
; CHECK-NOT:    or <8 x i16>
; CHECK:        ret <8 x i16>
define <8 x i16> @sub_and_or(<8 x i16> %x, <4 x i16> %a, <2 x i16> %b) {
entry:
  %fill = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> <i16 0, i16 undef, i16 0, i16 7, i16 0, i16 9, i16 0, i16 1>, <4 x i16> %a, i32 0, i32 4, i32 2, i16 2, i32 undef, i1 true)
  %d = sub <8 x i16> %x, %fill
  %fill2 = call <8 x i16> @llvm.genx.wrregioni.v8i16.v2i16.i16.i1(<8 x i16> zeroinitializer, <2 x i16> %b, i32 0, i32 2, i32 1, i16 6, i32 undef, i1 true)
  %o = or <8 x i16> %fill2, %d
  ret <8 x i16> %o
}

; CHECK-LABEL: define <16 x i32> @rows(
; CHECK:        xor <4 x i32>
; CHECK-NOT:    xor <16 x i32>
define <16 x i32> @rows(<16 x i32> %x, <4 x i32> %y) {
entry:
  %fill = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> zeroinitializer, <4 x i32> %y, i32 4, i32 2, i32 1, i16 4, i32 undef, i1 true)
  %r = xor <16 x i32> %x, %fill
  ret <16 x i32> %r
}

declare <12 x i32> @llvm.genx.rdregioni.v12i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v12i32.i16.i1(<16 x i32>, <12 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v2i16.i16.i1(<8 x i16>, <2 x i16>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
