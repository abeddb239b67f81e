; Region calls nothing uses are erased (they are readnone): those a fold left behind, and any already dead.
; Calls that may have side effects and ordinary instructions that were dead before the pass are not this
; pass's business and stay.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -
; RUN: %opt -passes=genx-const-fold -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; The wrregion chain dies once the read of it folds (two calls), and an unused read with a variable offset
; goes as well (one call).
; STATS: 3 genx-const-fold - instructions erased after folding left them unused
; CHECK-LABEL: define <4 x i32> @dead_calls(
; CHECK-NEXT: entry:
; CHECK-NEXT: %unused.add = add <4 x i32> %n, %n
; CHECK-NEXT: ret <4 x i32> %n
define <4 x i32> @dead_calls(<16 x i32> %v, <4 x i32> %n, i16 %off) {
entry:
  %unused.read = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 %off, i32 undef)
  %unused.add = add <4 x i32> %n, %n
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v, <4 x i32> %n, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %n, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 false)
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w2, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %n
}

; Negative: a store and a call with side effects that use nothing the pass folds stay as they are.
; CHECK-LABEL: define void @side_effects_stay(
; CHECK-NEXT: entry:
; CHECK-NEXT: store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32>* %p
; CHECK-NEXT: call void @llvm.genx.barrier()
define void @side_effects_stay(<4 x i32>* %p) {
entry:
  %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16>, i32 0, i32 4, i32 1, i16 0, i32 undef)
  store <4 x i32> %c, <4 x i32>* %p
  call void @llvm.genx.barrier()
  ret void
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.barrier()
