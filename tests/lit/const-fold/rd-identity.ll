; An rdregion that reads every element of its input in order, into a value of the input's own type, is the
; input (docs/genx-ir.md §1.5). CM: `v.select<8, 1>(0)` on an 8-element vector, or `m.select<2, 1, 4, 1>(0, 0)` on
; a whole 2x4 matrix.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -

; 1D <0;8,1> at offset 0.
; CHECK-LABEL: define <8 x i32> @rd_identity_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sum = add <8 x i32> %v, %n
; CHECK-NEXT: ret <8 x i32> %sum
define <8 x i32> @rd_identity_1d(<8 x i32> %v, <8 x i32> %n) {
entry:
  %all = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %sum = add <8 x i32> %all, %n
  ret <8 x i32> %sum
}

; 2D <4;4,1>: two whole rows of a 2x4 matrix, one after the other.
; CHECK-LABEL: define <8 x float> @rd_identity_2d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sum = fadd <8 x float> %m, %n
define <8 x float> @rd_identity_2d(<8 x float> %m, <8 x float> %n) {
entry:
  %rows = call <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float> %m, i32 4, i32 4, i32 1, i16 0, i32 undef)
  %sum = fadd <8 x float> %rows, %n
  ret <8 x float> %sum
}

; Several uses of one identity read: all of them see the input.
; CHECK-LABEL: define <4 x i16> @rd_identity_multiple_uses(
; CHECK-NEXT: entry:
; CHECK-NEXT: %twice = add <4 x i16> %v, %v
; CHECK-NEXT: %mixed = mul <4 x i16> %twice, %v
define <4 x i16> @rd_identity_multiple_uses(<4 x i16> %v) {
entry:
  %same = call <4 x i16> @llvm.genx.rdregioni.v4i16.v4i16.i16(<4 x i16> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %twice = add <4 x i16> %same, %same
  %mixed = mul <4 x i16> %twice, %same
  ret <4 x i16> %mixed
}

; Negative: the result is narrower than the input (a true sub-region), so the read stays.
; CHECK-LABEL: define <4 x i32> @no_identity_narrower(
; CHECK: %low = call <4 x i32> @llvm.genx.rdregioni
define <4 x i32> @no_identity_narrower(<8 x i32> %v) {
entry:
  %low = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %low
}

; Negative: <0;8,1> at byte 0 of a vector of the same type, but stride 0 replicates element 0.
; CHECK-LABEL: define <8 x i32> @no_identity_replicating(
; CHECK: %splat = call <8 x i32> @llvm.genx.rdregioni
define <8 x i32> @no_identity_replicating(<8 x i32> %v) {
entry:
  %splat = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 0, i32 8, i32 0, i16 0, i32 undef)
  ret <8 x i32> %splat
}

; Negative: a 2D region <2;4,1> whose rows overlap reads elements 0..3, 2..5 — not the input in order.
; CHECK-LABEL: define <8 x i32> @no_identity_overlapping_rows(
; CHECK: %rows = call <8 x i32> @llvm.genx.rdregioni
define <8 x i32> @no_identity_overlapping_rows(<8 x i32> %v) {
entry:
  %rows = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 2, i32 4, i32 1, i16 0, i32 undef)
  ret <8 x i32> %rows
}

; Negative: a variable offset is 0 only when the caller says so; the pass cannot know (the validator draws
; only 0 here, the one in-range offset, but the IR does not promise it).
; CHECK-LABEL: define <8 x i32> @no_identity_variable_offset(
; CHECK: %all = call <8 x i32> @llvm.genx.rdregioni
define <8 x i32> @no_identity_variable_offset(<8 x i32> %v, i16 %off) {
entry:
  %all = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 0, i32 8, i32 1, i16 %off, i32 undef)
  ret <8 x i32> %all
}

; Negative: one element read as a scalar from a <1 x i32>: same element, different type.
; CHECK-LABEL: define i32 @no_identity_scalar_result(
; CHECK: %elt = call i32 @llvm.genx.rdregioni
define i32 @no_identity_scalar_result(<1 x i32> %v) {
entry:
  %elt = call i32 @llvm.genx.rdregioni.i32.v1i32.i16(<1 x i32> %v, i32 0, i32 1, i32 1, i16 0, i32 undef)
  ret i32 %elt
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v4i16.i16(<4 x i16>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v1i32.i16(<1 x i32>, i32, i32, i32, i16, i32)
