; i1 predicates: rdpredregion/wrpredregion map lanes by their element offsets; wrpredregion's Old is dead
; under the written lanes. Predicate constants are never given undef lanes (legalization and codegen of
; predicates expect defined bits). CM: `mask.select<8, 1>(8)` of a 16-lane mask, SIMD16 compares split into
; halves.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; Only lanes 8..15 of the predicate are read, and the wrpredregion writes lanes 0..7: the write is dead, and
; so is the compare feeding it. The constant Old stays whole (i1).
; CHECK-LABEL: define <8 x i32> @dead_predicate_write(
; CHECK-NEXT: entry:
; CHECK-NEXT: %hi = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false>, i32 8)
; CHECK-NEXT: %r = select <8 x i1> %hi, <8 x i32> %a, <8 x i32> %b
define <8 x i32> @dead_predicate_write(<8 x i32> %a, <8 x i32> %b) {
entry:
  %lo.p = icmp slt <8 x i32> %a, %b
  %p = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1> <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false>, <8 x i1> %lo.p, i32 0)
  %hi = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
  %r = select <8 x i1> %hi, <8 x i32> %a, <8 x i32> %b
  ret <8 x i32> %r
}

; Both halves of a predicate are built from compares, and only the low half is read: the high write and
; its compare are dropped, and the predicate under both writes is overwritten wherever it is live, so it
; becomes undef.
; CHECK-LABEL: define <8 x i32> @halves(
; CHECK-NEXT: entry:
; CHECK-NEXT: %lo.p = icmp sgt <8 x i32> %a, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: %p1 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1> undef, <8 x i1> %lo.p, i32 0)
; CHECK-NEXT: %lo = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p1, i32 0)
define <8 x i32> @halves(<8 x i32> %a, <8 x i32> %b, <16 x i1> %init) {
entry:
  %lo.p = icmp sgt <8 x i32> %a, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %hi.p = icmp sgt <8 x i32> %b, <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %p1 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1> %init, <8 x i1> %lo.p, i32 0)
  %p2 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1> %p1, <8 x i1> %hi.p, i32 8)
  %lo = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p2, i32 0)
  %r = select <8 x i1> %lo, <8 x i32> %a, <8 x i32> %b
  ret <8 x i32> %r
}

; all() needs every lane of its predicate; a predicate select (an EM-style select of i1 vectors) keeps
; its undef arm.
; CHECK-LABEL: define i1 @all_needs_everything(
; CHECK-NEXT: entry:
; CHECK-NEXT: %p = icmp eq <4 x i32> %a, <i32 1, i32 2, i32 3, i32 4>
; CHECK-NEXT: %q = select <4 x i1> %m, <4 x i1> %p, <4 x i1> undef
; CHECK-NEXT: %all = call i1 @llvm.genx.all.v4i1(<4 x i1> %q)
define i1 @all_needs_everything(<4 x i32> %a, <4 x i1> %m) {
entry:
  %p = icmp eq <4 x i32> %a, <i32 1, i32 2, i32 3, i32 4>
  %q = select <4 x i1> %m, <4 x i1> %p, <4 x i1> undef
  %all = call i1 @llvm.genx.all.v4i1(<4 x i1> %q)
  ret i1 %all
}

declare <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1>, <8 x i1>, i32)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)
declare i1 @llvm.genx.all.v4i1(<4 x i1>)
