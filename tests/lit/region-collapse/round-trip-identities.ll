; A round trip through a compacted copy: reading back exactly the region an unmasked write wrote is the
; written value, `rd(wr(Old, New, R), R) => New`, and spreading a region back where it was read from into an
; undefined vector is the vector read, `wr(undef, rd(V, R), R) => V` (the elements outside R, undefined, take
; V's: a refinement). cmtl::ReadBlock of a 3 x 5 block then WriteBlock of it: the media payload's rows of 8 are
; compacted to 15 elements and spread back to rows of 8, now the payload itself. Negative cases: a masked
; write, a read of another region, and a spread into a defined vector (its other elements are not V's).
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <24 x i16> @block_round_trip(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <24 x i16> %payload
define <24 x i16> @block_round_trip(<24 x i16> %payload) {
entry:
  %rows = call <15 x i16> @llvm.genx.rdregioni.v15i16.v24i16.i16(<24 x i16> %payload, i32 8, i32 5, i32 1, i16 0, i32 undef)
  %m = call <16 x i16> @llvm.genx.wrregioni.v16i16.v15i16.i16.i1(<16 x i16> undef, <15 x i16> %rows, i32 0, i32 15, i32 1, i16 0, i32 undef, i1 true)
  %back = call <15 x i16> @llvm.genx.rdregioni.v15i16.v16i16.i16(<16 x i16> %m, i32 0, i32 15, i32 1, i16 0, i32 undef)
  %out = call <24 x i16> @llvm.genx.wrregioni.v24i16.v15i16.i16.i1(<24 x i16> undef, <15 x i16> %back, i32 8, i32 5, i32 1, i16 0, i32 undef, i1 true)
  ret <24 x i16> %out
}

; An indirect region with the same index operand reads back what was written there.
; CHECK-LABEL: define <4 x i32> @read_back_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> %x
define <4 x i32> @read_back_indirect(<16 x i32> %a, <4 x i32> %x, i16 %i) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 2, i16 %i, i32 undef, i1 true)
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w, i32 0, i32 4, i32 2, i16 %i, i32 undef)
  ret <4 x i32> %r
}

; Negative: a masked write leaves Old's elements where the mask is off; a read of another region.
; CHECK-LABEL: define <4 x i32> @masked_or_other_region(
; CHECK: %r1 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w1,
; CHECK: %r2 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w2,
define <4 x i32> @masked_or_other_region(<16 x i32> %a, <4 x i32> %x, <4 x i1> %m) {
entry:
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %m)
  %r1 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w1, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %r2 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w2, i32 0, i32 4, i32 1, i16 4, i32 undef)
  %s = add <4 x i32> %r1, %r2
  ret <4 x i32> %s
}

; Negative: spreading into a defined vector keeps that vector's other elements.
; CHECK-LABEL: define <16 x i32> @spread_into_defined(
; CHECK: %out = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %b, <4 x i32> %r,
define <16 x i32> @spread_into_defined(<16 x i32> %v, <16 x i32> %b) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 4, i32 undef)
  %out = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %b, <4 x i32> %r, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  ret <16 x i32> %out
}

declare <15 x i16> @llvm.genx.rdregioni.v15i16.v24i16.i16(<24 x i16>, i32, i32, i32, i16, i32)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v15i16.i16.i1(<16 x i16>, <15 x i16>, i32, i32, i32, i16, i32, i1)
declare <15 x i16> @llvm.genx.rdregioni.v15i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <24 x i16> @llvm.genx.wrregioni.v24i16.v15i16.i16.i1(<24 x i16>, <15 x i16>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
