; An indirect read that replicates rows (vstride 0) or columns (stride 0) is split into an indirect read of one
; row (column) and a direct replicating read of it, so the indirect access, which needs an address register, is
; done once (`v.replicate<2,0,4,1>(i)`, a broadcast of `v(i)`).
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; Two copies of the 4 elements at %i.
; CHECK-LABEL: define <8 x i32> @replicated_rows(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[ROW:.+]] = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v4i32.i16(<4 x i32> %[[ROW]], i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT: ret <8 x i32> %r
define <8 x i32> @replicated_rows(<16 x i32> %v, i16 %i) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  ret <8 x i32> %r
}

; The element at %i broadcast to 8 lanes: an indirect scalar read and a direct splat of it.
; CHECK-LABEL: define <8 x float> @broadcast(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[ONE:.+]] = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v, i32 0, i32 1, i32 1, i16 %i, i32 undef)
; CHECK-NEXT: %b = call <8 x float> @llvm.genx.rdregionf.v8f32.v1f32.i16(<1 x float> %[[ONE]], i32 0, i32 1, i32 0, i16 0, i32 undef)
; CHECK-NEXT: ret <8 x float> %b
define <8 x float> @broadcast(<16 x float> %v, i16 %i) {
entry:
  %b = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %v, i32 0, i32 1, i32 0, i16 %i, i32 undef)
  ret <8 x float> %b
}

; Rows of one element replicated four times, rows 2 apart: the column (elements %i and %i + 2) is read
; indirectly, then each of its elements is replicated.
; CHECK-LABEL: define <8 x i16> @replicated_columns(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[COL:.+]] = call <2 x i16> @llvm.genx.rdregioni.v2i16.v16i16.i16(<16 x i16> %v, i32 0, i32 2, i32 2, i16 %[[IDX:.+]], i32 undef)
; CHECK-NEXT: %c = call <8 x i16> @llvm.genx.rdregioni.v8i16.v2i16.i16(<2 x i16> %[[COL]], i32 1, i32 4, i32 0, i16 0, i32 undef)
; CHECK-NEXT: ret <8 x i16> %c
define <8 x i16> @replicated_columns(<16 x i16> %v, i16 %i) {
entry:
  %c = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 2, i32 4, i32 0, i16 %i, i32 undef)
  ret <8 x i16> %c
}

; Not split: a direct replicating read needs no address register.
; CHECK-LABEL: define <8 x i32> @no_split_direct(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 8, i32 undef)
define <8 x i32> @no_split_direct(<16 x i32> %v) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 8, i32 undef)
  ret <8 x i32> %r
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
