; Roots keep everything they use: stores, calls with side effects (GenX memory intrinsics, unknown
; functions), `void` calls, volatile loads and terminators. Calls without side effects (readnone GenX
; intrinsics, readnone LLVM intrinsics) and ordinary loads are deleted when nothing reads them.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; A store keeps every element it stores: the write's New value and the elements of the constant under it
; that the write does not overwrite (the overwritten ones are dead, stored or not).
; CHECK-LABEL: define void @stored(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> <i32 undef, i32 1, i32 undef, i32 3, i32 undef, i32 5, i32 undef, i32 7>, <4 x i32> %x, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
; CHECK-NEXT: store <8 x i32> %w, <8 x i32>* %p
define void @stored(<8 x i32>* %p, <4 x i32> %x) {
entry:
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, <4 x i32> %x, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
  store <8 x i32> %w, <8 x i32>* %p
  ret void
}

; Negative: one use stores the vector, another reads part of it: the store makes it all live, so the
; write's New value and everything of %v stay.
; CHECK-LABEL: define <2 x i32> @no_change_multiple_uses_one_whole(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
; CHECK-NEXT: %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %w, i32 0, i32 2, i32 1, i16 0, i32 undef)
; CHECK-NEXT: store <8 x i32> %w, <8 x i32>* %p
define <2 x i32> @no_change_multiple_uses_one_whole(<8 x i32>* %p, <8 x i32> %v, <4 x i32> %x) {
entry:
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %w, i32 0, i32 2, i32 1, i16 0, i32 undef)
  store <8 x i32> %w, <8 x i32>* %p
  ret <2 x i32> %pair
}

; Negative: a GenX intrinsic with side effects (a block store to memory) and a call of another function
; keep all their operands, whether or not their result is used.
; CHECK-LABEL: define void @no_change_side_effects(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> %v, <2 x i32> %x, i32 0, i32 2, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %addr = ptrtoint <4 x i32>* %p to i64
; CHECK-NEXT: call void @llvm.genx.svm.block.st.i64.v4i32(i64 %addr, <4 x i32> %w)
; CHECK-NEXT: %r = call <4 x i32> @callee(<4 x i32> %w)
define void @no_change_side_effects(<4 x i32>* %p, <4 x i32> %v, <2 x i32> %x) {
entry:
  %w = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> %v, <2 x i32> %x, i32 0, i32 2, i32 1, i16 0, i32 undef, i1 true)
  %addr = ptrtoint <4 x i32>* %p to i64
  call void @llvm.genx.svm.block.st.i64.v4i32(i64 %addr, <4 x i32> %w)
  %r = call <4 x i32> @callee(<4 x i32> %w)
  ret void
}

; CHECK-LABEL: define <4 x i32> @callee(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> %a
define <4 x i32> @callee(<4 x i32> %a) {
entry:
  ret <4 x i32> %a
}

; Unused side-effect-free calls and loads go: a readnone GenX intrinsic, a readnone LLVM intrinsic, a plain
; load. A volatile load stays.
; CHECK-LABEL: define i32 @unused_pure(
; CHECK-NEXT: entry:
; CHECK-NEXT: %keep = load volatile <4 x i32>, <4 x i32>* %p
; CHECK-NEXT: ret i32 %n
define i32 @unused_pure(<4 x i32>* %p, <4 x i32> %a, <4 x float> %f, i32 %n) {
entry:
  %min = call <4 x i32> @llvm.genx.smin.v4i32.v4i32(<4 x i32> %a, <4 x i32> <i32 1, i32 2, i32 3, i32 4>)
  %abs = call <4 x float> @llvm.fabs.v4f32(<4 x float> %f)
  %plain = load <4 x i32>, <4 x i32>* %p
  %keep = load volatile <4 x i32>, <4 x i32>* %p
  ret i32 %n
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.svm.block.st.i64.v4i32(i64, <4 x i32>)
declare <4 x i32> @llvm.genx.smin.v4i32.v4i32(<4 x i32>, <4 x i32>)
declare <4 x float> @llvm.fabs.v4f32(<4 x float>)
