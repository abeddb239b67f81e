; Predicates (i1 vectors) are not regions of this pass: truncs to i1, bitcasts to and from i1 vectors, extensions
; of i1, predicate regions and masks are left as they are.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; A trunc of a read to i1 is a comparison in disguise, not a narrower read: kept.
; CHECK-LABEL: define <8 x i1> @trunc_to_i1(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK-NEXT: %p = trunc <8 x i16> %r to <8 x i1>
; CHECK-NEXT: ret <8 x i1> %p
define <8 x i1> @trunc_to_i1(<16 x i16> %v) {
entry:
  %r = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %p = trunc <8 x i16> %r to <8 x i1>
  ret <8 x i1> %p
}

; A read bitcast to a predicate (`cm_unpack_mask`) keeps its element type.
; CHECK-LABEL: define <16 x i1> @bitcast_to_predicate(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call i16 @llvm.genx.rdregioni.i16.v8i16.i16(<8 x i16> %v, i32 0, i32 1, i32 1, i16 6, i32 undef)
; CHECK-NEXT: %p = bitcast i16 %r to <16 x i1>
; CHECK-NEXT: ret <16 x i1> %p
define <16 x i1> @bitcast_to_predicate(<8 x i16> %v) {
entry:
  %r = call i16 @llvm.genx.rdregioni.i16.v8i16.i16(<8 x i16> %v, i32 0, i32 1, i32 1, i16 6, i32 undef)
  %p = bitcast i16 %r to <16 x i1>
  ret <16 x i1> %p
}

; A write of a bitcast predicate (`cm_pack_mask` stored into a vector) is not retyped to i1.
; CHECK-LABEL: define <8 x i16> @write_of_packed_predicate(
; CHECK-NEXT: entry:
; CHECK-NEXT: %n = bitcast <16 x i1> %p to i16
; CHECK-NEXT: %w = call <8 x i16> @llvm.genx.wrregioni.v8i16.i16.i16.i1(<8 x i16> %a, i16 %n, i32 0, i32 1, i32 1, i16 2, i32 undef, i1 true)
; CHECK-NEXT: ret <8 x i16> %w
define <8 x i16> @write_of_packed_predicate(<8 x i16> %a, <16 x i1> %p) {
entry:
  %n = bitcast <16 x i1> %p to i16
  %w = call <8 x i16> @llvm.genx.wrregioni.v8i16.i16.i16.i1(<8 x i16> %a, i16 %n, i32 0, i32 1, i32 1, i16 2, i32 undef, i1 true)
  ret <8 x i16> %w
}

; An extended predicate read through a region: the extension is from i1, so no read of a read is formed.
; CHECK-LABEL: define <4 x i16> @read_of_extended_predicate(
; CHECK-NEXT: entry:
; CHECK-NEXT: %half = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
; CHECK-NEXT: %e = sext <8 x i1> %half to <8 x i16>
; CHECK-NEXT: %r = call <4 x i16> @llvm.genx.rdregioni.v4i16.v8i16.i16(<8 x i16> %e, i32 0, i32 4, i32 2, i16 2, i32 undef)
; CHECK-NEXT: ret <4 x i16> %r
define <4 x i16> @read_of_extended_predicate(<16 x i1> %p) {
entry:
  %half = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
  %e = sext <8 x i1> %half to <8 x i16>
  %r = call <4 x i16> @llvm.genx.rdregioni.v4i16.v8i16.i16(<8 x i16> %e, i32 0, i32 4, i32 2, i16 2, i32 undef)
  ret <4 x i16> %r
}

; Predicate regions of predicate regions are not combined here, and a masked write under a predicate region
; keeps its mask.
; CHECK-LABEL: define <16 x i32> @predicate_regions(
; CHECK-NEXT: entry:
; CHECK-NEXT: %half = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
; CHECK-NEXT: %quarter = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1> %half, i32 4)
; CHECK-NEXT: %q = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v4i1(<16 x i1> %p, <4 x i1> %quarter, i32 0)
; CHECK-NEXT: %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %quarter)
; CHECK-NEXT: %s = select <16 x i1> %q, <16 x i32> %w, <16 x i32> %a
define <16 x i32> @predicate_regions(<16 x i32> %a, <4 x i32> %x, <16 x i1> %p) {
entry:
  %half = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
  %quarter = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1> %half, i32 4)
  %q = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v4i1(<16 x i1> %p, <4 x i1> %quarter, i32 0)
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %quarter)
  %s = select <16 x i1> %q, <16 x i32> %w, <16 x i32> %a
  ret <16 x i32> %s
}

declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare i16 @llvm.genx.rdregioni.i16.v8i16.i16(<8 x i16>, i32, i32, i32, i16, i32)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.i16.i16.i1(<8 x i16>, i16, i32, i32, i32, i16, i32, i1)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)
declare <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1>, i32)
declare <16 x i1> @llvm.genx.wrpredregion.v16i1.v4i1(<16 x i1>, <4 x i1>, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v8i16.i16(<8 x i16>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
