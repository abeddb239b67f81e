; A join of a decomposed web that something needs whole (a non-region use: arithmetic, a call, `ret`, the New
; operand of another wrregion) is reassembled from its parts by wrregions into undef, once per block that needs
; it, before the first such use in that block; the uses in other blocks get their own. Constants of the web are
; split at compile time.
; RUN: %opt -passes=genx-vector-decompose -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -
; RUN: %opt -passes=genx-vector-decompose -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: 4 genx-vector-decompose - whole vectors reassembled from parts for non-region uses

; The constant Old vector splits into its two halves; the read of the high half is the constant half itself.
; %w is used whole twice in `entry` (one reassembly, before the first) and once in `other` (a second one); the
; phi %r joins two sources, and %r2 is reassembled for `ret` (4 reassemblies in all, with the next function's).
; CHECK-LABEL: define <16 x i32> @reassembly_per_block(
; CHECK-NEXT: entry:
; CHECK-NEXT: %hi.sum = add <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, %x
; CHECK-NEXT: %w.join = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %w.whole = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %w.join, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT: %twice = add <16 x i32> %w.whole, %w.whole
; CHECK-NEXT: %more = mul <16 x i32> %twice, %w.whole
; CHECK: other:
; CHECK-NEXT: %w.join1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %w.whole2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %w.join1, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT: %neg = sub <16 x i32> zeroinitializer, %w.whole2
define <16 x i32> @reassembly_per_block(<8 x i32> %x, i1 %c) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %hi = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %w, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %hi.sum = add <8 x i32> %hi, %x
  %twice = add <16 x i32> %w, %w
  %more = mul <16 x i32> %twice, %w
  br i1 %c, label %other, label %done
other:
  %neg = sub <16 x i32> zeroinitializer, %w
  br label %done
done:
  %r = phi <16 x i32> [ %more, %entry ], [ %neg, %other ]
  %r2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %r, <8 x i32> %hi.sum, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %r2
}

; %p is written whole into a bigger vector of another web (a non-region use of %p as New): %p is reassembled
; right before that wrregion. The bigger web itself is only used whole, so it is not a candidate.
; CHECK-LABEL: define <32 x i32> @new_operand_of_another_web(
; CHECK-NEXT: entry:
; CHECK-NEXT: %v.part0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %p.join = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %v.part0, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %p.whole = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %p.join, <8 x i32> %y, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
; CHECK-NEXT: %big = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %dst, <16 x i32> %p.whole, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %big2 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %big, <8 x i32> %y, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
; CHECK-NEXT: ret <32 x i32> %big2
define <32 x i32> @new_operand_of_another_web(<16 x i32> %v, <8 x i32> %y, <32 x i32> %dst) {
entry:
  %p = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v, <8 x i32> %y, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %p.hi = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %p, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %big = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %dst, <16 x i32> %p, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %big2 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %big, <8 x i32> %p.hi, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  ret <32 x i32> %big2
}

declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
