; Parts are GRF-granular: an access that crosses a GRF boundary keeps the GRFs on both sides together (the
; boundary is not cut), and when the accesses together cross every boundary nothing is left to cut: the web is
; refused and stays as it is.
; RUN: %opt -passes=genx-vector-decompose -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -
; RUN: %opt -passes=genx-vector-decompose -pass-remarks=genx-vector-decompose -pass-remarks-missed=genx-vector-decompose -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; A 4-GRF web where one write straddles the boundary at byte 32 (elements 4..11): GRFs 0 and 1 stay one part,
; the other two boundaries are cut. The straddling write is a wrregion of the 2-GRF part.
; REMARK: remark: <unknown>:0:0: web of %w0 (2 joins, 3 values) cut into 3 parts of its 128 bytes: 0..64, 64..96, 96..128
; CHECK-LABEL: define <8 x i32> @straddle_merges(
; CHECK: %v.part0 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK: %w0.part0 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v.part0, <8 x i32> %x, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
; CHECK: %r = add <8 x i32> %mid, %y
define <8 x i32> @straddle_merges(<32 x i32> %v, <8 x i32> %x, <8 x i32> %y) {
entry:
  %w0 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
  %w1 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %w0, <8 x i32> %y, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  %mid = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w1, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %last = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w1, i32 0, i32 8, i32 1, i16 96, i32 undef)
  %r = add <8 x i32> %mid, %last
  ret <8 x i32> %r
}

; Not decomposed: the write covers bytes 16..48 and the read (a 2D region, rows of 4 at elements 12 and 20)
; bytes 48..96, so the boundaries at 32 and 64 are both crossed: no part boundary is left.
; REMARK: remark: <unknown>:0:0: web of %w (1 joins, 2 values) not decomposed: accesses cross every GRF boundary, so no part is left; this one touches bytes 16..48, across the boundary at byte 32
; CHECK-LABEL: define <8 x i32> @crossing_everything(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <24 x i32> @llvm.genx.wrregioni.v24i32.v8i32.i16.i1(<24 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT: %rows = call <8 x i32> @llvm.genx.rdregioni.v8i32.v24i32.i16(<24 x i32> %w, i32 8, i32 4, i32 1, i16 48, i32 undef)
; CHECK-NEXT: ret <8 x i32> %rows
define <8 x i32> @crossing_everything(<24 x i32> %v, <8 x i32> %x) {
entry:
  %w = call <24 x i32> @llvm.genx.wrregioni.v24i32.v8i32.i16.i1(<24 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
  %rows = call <8 x i32> @llvm.genx.rdregioni.v8i32.v24i32.i16(<24 x i32> %w, i32 8, i32 4, i32 1, i16 48, i32 undef)
  ret <8 x i32> %rows
}

; A strided 2D read whose rows sit in different GRFs but whose span (bytes 0..56) crosses the boundary at 32:
; the span, not the element list, decides. Not decomposed (one boundary, crossed).
; REMARK: remark: <unknown>:0:0: web of %s (1 joins, 2 values) not decomposed: accesses cross every GRF boundary, so no part is left; this one touches bytes 0..56, across the boundary at byte 32
; CHECK-LABEL: define <4 x i32> @strided_span(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = call <16 x i32>
define <4 x i32> @strided_span(<16 x i32> %v, <4 x i32> %x) {
entry:
  %s = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %cols = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %s, i32 12, i32 2, i32 1, i16 0, i32 undef)
  ret <4 x i32> %cols
}

; Nothing to do: a one-GRF web has no boundary (no remark either).
; CHECK-LABEL: define <4 x i32> @one_grf(
; CHECK-NEXT: entry:
; CHECK-NEXT: %small = call <8 x i32>
define <4 x i32> @one_grf(<8 x i32> %v, <4 x i32> %x) {
entry:
  %small = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %back = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %small, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %back
}

declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <24 x i32> @llvm.genx.wrregioni.v24i32.v8i32.i16.i1(<24 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v24i32.i16(<24 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
