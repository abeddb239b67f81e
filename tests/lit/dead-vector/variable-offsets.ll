; Variable offsets are conservative: an indirect rdregion keeps all of its input live, and an indirect
; wrregion kills nothing of its Old value (any element may or may not be written) while keeping all of New
; live. CM: `v.select<4, 1>(i)` with a run-time `i`, `v[i] = x`.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; Negative: the indirect read may read any element of the constant: nothing becomes undef.
; CHECK-LABEL: define <2 x i32> @no_change_indirect_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, i32 0, i32 2, i32 1, i16 %off, i32 undef)
define <2 x i32> @no_change_indirect_read(i16 %off) {
entry:
  %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, i32 0, i32 2, i32 1, i16 %off, i32 undef)
  ret <2 x i32> %pair
}

; Negative: the indirect write may land anywhere, so what the read sees (elements 3..4) may come from it, from
; the direct write before it (element 3) or from %v (element 4): all stay, and all of New (%x) is live.
; CHECK-LABEL: define <2 x i32> @no_change_indirect_write(
; CHECK-NEXT: entry:
; CHECK-NEXT: %first = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %v, <2 x i32> %y, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT: %second = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %first, <2 x i32> %x, i32 0, i32 2, i32 1, i16 %off, i32 undef, i1 true)
; CHECK-NEXT: %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %second, i32 0, i32 2, i32 1, i16 12, i32 undef)
define <2 x i32> @no_change_indirect_write(<8 x i32> %v, <2 x i32> %x, <2 x i32> %y, i16 %off) {
entry:
  %first = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %v, <2 x i32> %y, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
  %second = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %first, <2 x i32> %x, i32 0, i32 2, i32 1, i16 %off, i32 undef, i1 true)
  %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %second, i32 0, i32 2, i32 1, i16 12, i32 undef)
  ret <2 x i32> %pair
}

; Through an indirect write, direct liveness still reaches below it: only element 3 is read, and the
; direct write before covers it, so the zero vector under both is dead.
; CHECK-LABEL: define i32 @kill_below_indirect_write(
; CHECK-NEXT: entry:
; CHECK-NEXT: %first = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> undef, <2 x i32> %y, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
define i32 @kill_below_indirect_write(<2 x i32> %x, <2 x i32> %y, i16 %off) {
entry:
  %first = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> zeroinitializer, <2 x i32> %y, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
  %second = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %first, <2 x i32> %x, i32 0, i32 2, i32 1, i16 %off, i32 undef, i1 true)
  %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %second, i32 0, i32 1, i32 1, i16 12, i32 undef)
  ret i32 %e
}

; A direct write after the indirect one still kills what it overwrites: the read sees only the direct
; write's elements 2..3, so the indirect write (and all below it) is dead.
; CHECK-LABEL: define <2 x i32> @direct_after_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: %direct = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> undef, <2 x i32> %y, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT: %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %direct, i32 0, i32 2, i32 1, i16 8, i32 undef)
define <2 x i32> @direct_after_indirect(<8 x i32> %v, <2 x i32> %x, <2 x i32> %y, i16 %off) {
entry:
  %indirect = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %v, <2 x i32> %x, i32 0, i32 2, i32 1, i16 %off, i32 undef, i1 true)
  %direct = call <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32> %indirect, <2 x i32> %y, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
  %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %direct, i32 0, i32 2, i32 1, i16 8, i32 undef)
  ret <2 x i32> %pair
}

; An indirect read whose result is unused is deleted like any other (its offset computation too).
; CHECK-LABEL: define <2 x i32> @unused_indirect_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <2 x i32> %n
define <2 x i32> @unused_indirect_read(<8 x i32> %v, i16 %i, <2 x i32> %n) {
entry:
  %off = shl i16 %i, 2
  %pair = call <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32> %v, i32 0, i32 2, i32 1, i16 %off, i32 undef)
  ret <2 x i32> %n
}

; A multi-indirect read (one offset per row) is indirect too: the whole input stays live.
; CHECK-LABEL: define <4 x i16> @no_change_multi_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: %rows = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.v2i16(<16 x i16> <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14, i16 15>, i32 0, i32 2, i32 1, <2 x i16> %offs, i32 undef)
define <4 x i16> @no_change_multi_indirect(<2 x i16> %offs) {
entry:
  %rows = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.v2i16(<16 x i16> <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14, i16 15>, i32 0, i32 2, i32 1, <2 x i16> %offs, i32 undef)
  ret <4 x i16> %rows
}

declare <2 x i32> @llvm.genx.rdregioni.v2i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v2i32.i16.i1(<8 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.v2i16(<16 x i16>, i32, i32, i32, <2 x i16>, i32)
