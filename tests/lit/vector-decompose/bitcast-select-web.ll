; Bitcasts and whole-vector selects join a web: a bitcast applies part by part (each part bitcast to the new
; element type; parts are bytes, so element sizes do not matter), a select with a scalar condition selects part
; by part. Accesses through the bitcasts are rebased in their own element type.
; RUN: %opt -passes=genx-vector-decompose -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -

; <16 x i32> written in its low GRF as i32, bitcast to <32 x i16> and written in its high GRF as i16, read back
; as strided shorts (low part) and as i64 element 5 (bytes 40..48: the high part, rebased to byte 8).
; CHECK-LABEL: define i64 @through_bitcasts(
; CHECK-NEXT: entry:
; CHECK-NEXT: %b.part0 = bitcast <8 x i32> %x to <16 x i16>
; CHECK-NEXT: %odd = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %b.part0, i32 0, i32 8, i32 2, i16 2, i32 undef)
; CHECK-NEXT: %q.part1 = bitcast <16 x i16> %y to <4 x i64>
; CHECK-NEXT: %e5 = call i64 @llvm.genx.rdregioni.i64.v4i64.i16(<4 x i64> %q.part1, i32 0, i32 1, i32 1, i16 8, i32 undef)
; CHECK-NEXT: %odd.wide = bitcast <8 x i16> %odd to <2 x i64>
define i64 @through_bitcasts(<16 x i32> %v, <8 x i32> %x, <16 x i16> %y) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %b = bitcast <16 x i32> %w to <32 x i16>
  %w2 = call <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16> %b, <16 x i16> %y, i32 0, i32 16, i32 1, i16 32, i32 undef, i1 true)
  %odd = call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %w2, i32 0, i32 8, i32 2, i16 2, i32 undef)
  %q = bitcast <32 x i16> %w2 to <8 x i64>
  %e5 = call i64 @llvm.genx.rdregioni.i64.v8i64.i16(<8 x i64> %q, i32 0, i32 1, i32 1, i16 40, i32 undef)
  %odd.wide = bitcast <8 x i16> %odd to <2 x i64>
  %o0 = extractelement <2 x i64> %odd.wide, i32 0
  %r = add i64 %o0, %e5
  ret i64 %r
}

; Two vectors updated in different GRFs, then chosen whole by a scalar condition (CM `c ? a : b` on vectors):
; the select becomes one select per part, each reading the part values of both arms.
; CHECK-LABEL: define <8 x float> @select_of_vectors(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.part1 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
; CHECK-NEXT: %b.part0 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %s.part0 = select i1 %c, <8 x float> %x, <8 x float> %b.part0
; CHECK-NEXT: %s.part1 = select i1 %c, <8 x float> %a.part1, <8 x float> %y
; CHECK-NEXT: %r = fadd <8 x float> %s.part0, %s.part1
define <8 x float> @select_of_vectors(<16 x float> %a, <16 x float> %b, <8 x float> %x, <8 x float> %y, i1 %c) {
entry:
  %wa = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %a, <8 x float> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %wb = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %b, <8 x float> %y, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %s = select i1 %c, <16 x float> %wa, <16 x float> %wb
  %lo = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %s, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %hi = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %s, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %r = fadd <8 x float> %lo, %hi
  ret <8 x float> %r
}

; A select with a vector condition is elementwise, not a join: it uses %w whole, so %w is reassembled for it.
; The web of %t (%s written, then only used whole by `ret`) is not a candidate: nothing reads a part of it.
; CHECK-LABEL: define <16 x i32> @vector_condition_select(
; CHECK: %w.join = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %v.part0, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %w.whole = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %w.join, <8 x i32> %x, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT: %s = select <16 x i1> %m, <16 x i32> %w.whole, <16 x i32> %v
; CHECK-NEXT: %t = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %s, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: ret <16 x i32> %t
define <16 x i32> @vector_condition_select(<16 x i32> %v, <8 x i32> %x, <16 x i1> %m) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %hi = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %w, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %s = select <16 x i1> %m, <16 x i32> %w, <16 x i32> %v
  %t = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %s, <8 x i32> %hi, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %t
}

declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16>, <16 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16>, i32, i32, i32, i16, i32)
declare i64 @llvm.genx.rdregioni.i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
