; Reads that must not be combined, each with the reason reported as a missed remark: refusals of the region
; algebra (named in brackets) and policies of the pass. The IR is left as it is.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -pass-remarks-missed=genx-region-collapse -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=genx-region-collapse -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; STATS-DAG: 11 genx-region-collapse - region combinations refused
; STATS-DAG: 1 genx-region-collapse - bitcasts not moved across a region

; Every function but the last two reads from the 4x4 block at (2,4) of an 8x8 matrix: <8;4,1> at byte 80.

; Block elements 3,4,5 are matrix elements 23, 28, 29: steps 5 then 1, which no region has.
; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %block: the combined selection is not the element list of any single region [not-expressible]
; CHECK-LABEL: define <3 x i32> @not_expressible(
; CHECK-NEXT: entry:
; CHECK-NEXT: %block = call <16 x i32>
; CHECK-NEXT: %x = call <3 x i32> @llvm.genx.rdregioni.v3i32.v16i32.i16(<16 x i32> %block,
define <3 x i32> @not_expressible(<64 x i32> %m) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %x = call <3 x i32> @llvm.genx.rdregioni.v3i32.v16i32.i16(<16 x i32> %block, i32 0, i32 3, i32 1, i16 12, i32 undef)
  ret <3 x i32> %x
}

; A runtime index without a parent width may make the two elements wrap from one block row into the next.
; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %block: the inner region is indirect and the outer region is 2D, but the inner region has no parent width promising that its rows stay within one outer row [indirect-needs-parent-width]
; CHECK-LABEL: define <2 x i32> @indirect_without_parent_width(
; CHECK-NEXT: entry:
; CHECK-NEXT: %block = call <16 x i32>
; CHECK-NEXT: %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %block,
define <2 x i32> @indirect_without_parent_width(<64 x i32> %m, i16 %j) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %block, i32 0, i32 2, i32 1, i16 %j, i32 undef)
  ret <2 x i32> %x
}

; A parent width of 8 promises nothing about rows of 4.
; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %block: the inner parent width 8 does not divide the outer width 4, so an inner row may still cross an outer row [parent-width-not-dividing-outer-width]
; CHECK-LABEL: define <2 x i32> @parent_width_too_wide(
; CHECK-NEXT: entry:
; CHECK-NEXT: %block = call <16 x i32>
; CHECK-NEXT: %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %block,
define <2 x i32> @parent_width_too_wide(<64 x i32> %m, i16 %j) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %block, i32 0, i32 2, i32 1, i16 %j, i32 8)
  ret <2 x i32> %x
}

; Inner rows 6 elements apart start in different block columns, which no combined vstride describes.
; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %block: the inner vstride 6 is not a multiple of the outer width 4, so inner rows start in different outer columns [inner-vstride-not-whole-outer-rows]
; CHECK-LABEL: define <4 x i32> @indirect_rows_across_columns(
; CHECK-NEXT: entry:
; CHECK-NEXT: %block = call <16 x i32>
; CHECK-NEXT: %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %block,
define <4 x i32> @indirect_rows_across_columns(<64 x i32> %m, i16 %j) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %block, i32 6, i32 2, i32 1, i16 %j, i32 2)
  ret <4 x i32> %x
}

; Multi-indirect regions (one runtime offset per row) are never combined, as outer or as inner read.
; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %gather: the outer region is multi-indirect, and multi-indirect regions are never combined [outer-multi-indirect]
; CHECK-LABEL: define <2 x i32> @outer_multi_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: %gather = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.v2i16(
; CHECK-NEXT: %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %gather,
define <2 x i32> @outer_multi_indirect(<64 x i32> %m, <2 x i16> %rows) {
entry:
  %gather = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.v2i16(<64 x i32> %m, i32 0, i32 2, i32 1, <2 x i16> %rows, i32 undef)
  %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %gather, i32 0, i32 2, i32 2, i16 0, i32 undef)
  ret <2 x i32> %x
}

; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %block: the inner region is multi-indirect, and multi-indirect regions are never combined [inner-multi-indirect]
; CHECK-LABEL: define <4 x i32> @inner_multi_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: %block = call <16 x i32>
; CHECK-NEXT: %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.v2i16(<16 x i32> %block,
define <4 x i32> @inner_multi_indirect(<64 x i32> %m, <2 x i16> %rows) {
entry:
  %block = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %x = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.v2i16(<16 x i32> %block, i32 0, i32 2, i32 1, <2 x i16> %rows, i32 undef)
  ret <4 x i32> %x
}

; An indirect outer read of many elements feeding several single-element reads is kept, so that its address is
; computed once rather than once per element.
; REMARK: remark: <unknown>:0:0: cannot combine %e1 with the read %row: other single-element reads also extract from the indirect read, which is kept so that its address is computed once
; REMARK: remark: <unknown>:0:0: cannot combine %e0 with the read %row: other single-element reads also extract from the indirect read, which is kept so that its address is computed once
; CHECK-LABEL: define i32 @several_extracts_of_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: %row = call <8 x i32>
; CHECK-NEXT: %e0 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %row,
; CHECK-NEXT: %e1 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %row,
define i32 @several_extracts_of_indirect(<64 x i32> %m, i16 %i) {
entry:
  %row = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 0, i32 8, i32 1, i16 %i, i32 undef)
  %e0 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %row, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %e1 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %row, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %s = add i32 %e0, %e1
  ret i32 %s
}

; A splat of one element of an indirect read would be an indirect replicating read, which is split apart again.
; REMARK: remark: <unknown>:0:0: cannot combine %splat with the read %row: the combined region <0;1,0>(idx + 8) N=4 EB=4 would be indirect and replicating, which is split apart again
; CHECK-LABEL: define <4 x i32> @indirect_replicating_result(
; CHECK-NEXT: entry:
; CHECK-NEXT: %row = call <8 x i32>
; CHECK-NEXT: %splat = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %row,
define <4 x i32> @indirect_replicating_result(<64 x i32> %m, i16 %i) {
entry:
  %row = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %m, i32 0, i32 8, i32 1, i16 %i, i32 undef)
  %splat = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %row, i32 0, i32 1, i32 0, i16 8, i32 undef)
  ret <4 x i32> %splat
}

; Rows of the outer read overlap (<1;4,2>: elements 0,2,4,6,1,3,5,7); its elements 3 and 4 are 6 and 1, a
; backward step no hardware region takes.
; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %zip: the combined region <0;2,-5>(24) N=2 EB=4 would step backwards
; CHECK-LABEL: define <2 x i32> @would_step_backwards(
; CHECK-NEXT: entry:
; CHECK-NEXT: %zip = call <8 x i32>
; CHECK-NEXT: %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %zip,
define <2 x i32> @would_step_backwards(<16 x i32> %v) {
entry:
  %zip = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 1, i32 4, i32 2, i16 0, i32 undef)
  %x = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %zip, i32 0, i32 2, i32 1, i16 12, i32 undef)
  ret <2 x i32> %x
}

; Neither element size fits both regions: the even bytes cannot be ints, and the 2D strided int region cannot
; be bytes (it would need three levels of nesting). Neither can the bitcast move above the read of even bytes.
; REMARK: remark: <unknown>:0:0: cannot combine %x with the read %even (element types): the region's bytes, regrouped into the new element size, are not the element list of any single region [retype-not-expressible]
; REMARK-NEXT: remark: <unknown>:0:0: cannot move the bitcast %b above the read %even: a wider element would be assembled from non-adjacent or misaligned narrower elements [retype-splits-new-element]
; CHECK-LABEL: define <6 x i32> @element_types_incompatible(
; CHECK-NEXT: entry:
; CHECK-NEXT: %even = call <64 x i8>
; CHECK-NEXT: %b = bitcast <64 x i8> %even to <16 x i32>
; CHECK-NEXT: %x = call <6 x i32> @llvm.genx.rdregioni.v6i32.v16i32.i16(<16 x i32> %b,
define <6 x i32> @element_types_incompatible(<128 x i8> %v) {
entry:
  %even = call <64 x i8> @llvm.genx.rdregioni.v64i8.v128i8.i16(<128 x i8> %v, i32 0, i32 64, i32 2, i16 0, i32 undef)
  %b = bitcast <64 x i8> %even to <16 x i32>
  %x = call <6 x i32> @llvm.genx.rdregioni.v6i32.v16i32.i16(<16 x i32> %b, i32 7, i32 3, i32 2, i16 0, i32 undef)
  ret <6 x i32> %x
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <3 x i32> @llvm.genx.rdregioni.v3i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.v2i16(<64 x i32>, i32, i32, i32, <2 x i16>, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.v2i16(<16 x i32>, i32, i32, i32, <2 x i16>, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <64 x i8> @llvm.genx.rdregioni.v64i8.v128i8.i16(<128 x i8>, i32, i32, i32, i16, i32)
declare <6 x i32> @llvm.genx.rdregioni.v6i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
