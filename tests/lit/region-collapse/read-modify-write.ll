; A store into a selection of a selection (`v.select<8,1>(0).select<4,2>(1) = x`) is emitted as read the outer
; selection, write into it, write it back: wr(A, wr(rd(A, O), X, I), O). It becomes wr(A, X, combine(O, I)),
; innermost first, through bitcasts; a masked write-back cannot be combined.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -pass-remarks-missed=genx-region-collapse -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: define <16 x i32> @one_d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @one_d(<16 x i32> %a, <4 x i32> %x) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %r, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; `m.select<4,1,4,1>(2,4).select<2,1,2,1>(1,1) = x` on an 8x8 matrix: matrix elements 29,30,37,38.
; CHECK-LABEL: define <64 x i32> @two_d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v4i32.i16.i1(<64 x i32> %m, <4 x i32> %x, i32 8, i32 2, i32 1, i16 116, i32 undef, i1 true)
; CHECK-NEXT: ret <64 x i32> %w2
define <64 x i32> @two_d(<64 x i32> %m, <4 x i32> %x) {
entry:
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 8, i32 4, i32 1, i16 80, i32 undef)
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %r, <4 x i32> %x, i32 4, i32 2, i32 1, i16 20, i32 undef, i1 true)
  %w2 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %m, <16 x i32> %w1, i32 8, i32 4, i32 1, i16 80, i32 undef, i1 true)
  ret <64 x i32> %w2
}

; Three levels (`v.select<16,1>(8).select<8,2>(0).select<2,1>(1) = x`): the innermost pair is combined first,
; then the result with the outermost. Elements 8 + 2*1 = 10 and 12.
; CHECK-LABEL: define <32 x float> @nested(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w3 = call <32 x float> @llvm.genx.wrregionf.v32f32.v2f32.i16.i1(<32 x float> %a, <2 x float> %x, i32 0, i32 2, i32 2, i16 40, i32 undef, i1 true)
; CHECK-NEXT: ret <32 x float> %w3
define <32 x float> @nested(<32 x float> %a, <2 x float> %x) {
entry:
  %r1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %a, i32 0, i32 16, i32 1, i16 32, i32 undef)
  %r2 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %r1, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %w1 = call <8 x float> @llvm.genx.wrregionf.v8f32.v2f32.i16.i1(<8 x float> %r2, <2 x float> %x, i32 0, i32 2, i32 1, i16 4, i32 undef, i1 true)
  %w2 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %r1, <8 x float> %w1, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  %w3 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %a, <16 x float> %w2, i32 0, i32 16, i32 1, i16 32, i32 undef, i1 true)
  ret <32 x float> %w3
}

; `v.select<8,1>(0).format<short>().select<4,2>(1) = x`: the ints cannot hold every other short, so the write
; is done on shorts: %a is bitcast before and the result after.
; CHECK-LABEL: define <16 x i32> @bitcasts(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[OLD:.+]] = bitcast <16 x i32> %a to <32 x i16>
; CHECK-NEXT: %[[W:.+]] = call <32 x i16> @llvm.genx.wrregioni.v32i16.v4i16.i16.i1(<32 x i16> %[[OLD]], <4 x i16> %x, i32 0, i32 4, i32 2, i16 2, i32 undef, i1 true)
; CHECK-NEXT: %w2 = bitcast <32 x i16> %[[W]] to <16 x i32>
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @bitcasts(<16 x i32> %a, <4 x i16> %x) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %s = bitcast <8 x i32> %r to <16 x i16>
  %w1 = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %s, <4 x i16> %x, i32 0, i32 4, i32 2, i16 2, i32 undef, i1 true)
  %b = bitcast <16 x i16> %w1 to <8 x i32>
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; A store at a runtime index into a strided selection (`v.select<8,2>(0).select<2,1>(j) = x`).
; CHECK-LABEL: define <16 x i32> @indirect_inner(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IDX:.+]] = shl i16 %j, 1
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v2i32.i16.i1(<16 x i32> %a, <2 x i32> %x, i32 0, i32 2, i32 2, i16 %[[IDX]], i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @indirect_inner(<16 x i32> %a, <2 x i32> %x, i16 %j) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %r, <2 x i32> %x, i32 0, i32 2, i32 1, i16 %j, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; A masked inner write (`merge` into a selection): the mask follows the inner elements, which the combined
; region enumerates in the same order.
; CHECK-LABEL: define <16 x i32> @masked_inner(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v4i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 2, i16 36, i32 undef, <4 x i1> %p)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @masked_inner(<16 x i32> %a, <4 x i32> %x, <4 x i1> %p) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32> %r, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, <4 x i1> %p)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; The inner write is also used elsewhere: the combined write replaces the outer one, the inner one stays.
; CHECK-LABEL: define <16 x i32> @inner_also_used(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a,
; CHECK-NEXT: %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %r,
; CHECK-NEXT: store <8 x i32> %w1, <8 x i32>* %p
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %a, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %w2
define <16 x i32> @inner_also_used(<16 x i32> %a, <4 x i32> %x, <8 x i32>* %p) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %r, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  store <8 x i32> %w1, <8 x i32>* %p
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Not combined: the write-back is masked. Its mask is indexed by the outer selection's elements, and elements of
; the selection the inner write did not touch are masked too; no mask of the combined region says that.
; REMARK: remark: <unknown>:0:0: cannot combine the write %w1 into the selection %r with the write-back %w2: the outer region is a predicated write, and its mask cannot be carried over to the combined region [outer-masked]
; CHECK-LABEL: define <16 x i32> @no_combine_masked_outer(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i32>
; CHECK-NEXT: %w1 = call <8 x i32>
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32> %a, <8 x i32> %w1,
define <16 x i32> @no_combine_masked_outer(<16 x i32> %a, <4 x i32> %x, <8 x i1> %q) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %r, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %q)
  ret <16 x i32> %w2
}

; Not combined: the selection is read from %b but written back into %a, so its untouched elements are %b's.
; CHECK-LABEL: define <16 x i32> @no_combine_other_vector(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b,
; CHECK-NEXT: %w1 = call <8 x i32>
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1,
define <16 x i32> @no_combine_other_vector(<16 x i32> %a, <16 x i32> %b, <4 x i32> %x) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %r, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w2
}

; Not combined: the selection read (elements 0..7) is written back elsewhere (elements 8..15).
; CHECK-LABEL: define <16 x i32> @no_combine_moved_selection(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i32>
; CHECK-NEXT: %w1 = call <8 x i32>
; CHECK-NEXT: %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 32,
define <16 x i32> @no_combine_moved_selection(<16 x i32> %a, <4 x i32> %x) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %w1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %r, <4 x i32> %x, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %a, <8 x i32> %w1, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %w2
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v2f32.i16.i1(<8 x float>, <2 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
