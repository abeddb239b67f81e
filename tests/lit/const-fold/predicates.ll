; Predicate regions (`rdpredregion`/`wrpredregion`, offsets in elements) and `all`/`any` on i1 vectors:
; identities and constant folds (docs/genx-ir.md §1.2, §1.5). CM: `mask.select<8, 1>(8)` of a constant mask,
; `cm_all(m)`/`cm_any(m)` / `if (m.any())` on masks that inlining made constant.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -
; RUN: %opt -passes=genx-const-fold -pass-remarks-missed=genx-const-fold -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; Read elements 4..7 of a constant predicate, and use them as a select condition.
; CHECK-LABEL: define <4 x i32> @rdpred_constant(
; CHECK-NEXT: entry:
; CHECK-NEXT: %pick = select <4 x i1> <i1 false, i1 true, i1 true, i1 false>, <4 x i32> %a, <4 x i32> %b
define <4 x i32> @rdpred_constant(<4 x i32> %a, <4 x i32> %b) {
entry:
  %hi = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1> <i1 true, i1 true, i1 false, i1 false, i1 false, i1 true, i1 true, i1 false>, i32 4)
  %pick = select <4 x i1> %hi, <4 x i32> %a, <4 x i32> %b
  ret <4 x i32> %pick
}

; Identity: offset 0 and the result has the input's type.
; CHECK-LABEL: define <8 x i1> @rdpred_identity(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <8 x i1> %p
define <8 x i1> @rdpred_identity(<8 x i1> %p) {
entry:
  %same = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v8i1(<8 x i1> %p, i32 0)
  ret <8 x i1> %same
}

; Write 4 constant lanes at element 2 of a constant predicate.
; CHECK-LABEL: define <8 x i1> @wrpred_constant(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <8 x i1> <i1 false, i1 false, i1 true, i1 false, i1 true, i1 true, i1 false, i1 false>
define <8 x i1> @wrpred_constant() {
entry:
  %p = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v4i1(<8 x i1> zeroinitializer, <4 x i1> <i1 true, i1 false, i1 true, i1 true>, i32 2)
  ret <8 x i1> %p
}

; Identity: New has the result's type, offset 0.
; CHECK-LABEL: define <8 x i1> @wrpred_identity(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <8 x i1> %new
define <8 x i1> @wrpred_identity(<8 x i1> %old, <8 x i1> %new) {
entry:
  %p = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v8i1(<8 x i1> %old, <8 x i1> %new, i32 0)
  ret <8 x i1> %p
}

; all/any of constants, one of them built by a folded wrpredregion first (the fixpoint).
; CHECK-LABEL: define i32 @all_any_constant(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret i32 2
define i32 @all_any_constant() {
entry:
  %full = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v4i1(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 false, i1 false, i1 false, i1 false>, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, i32 4)
  %is.all = call i1 @llvm.genx.all.v8i1(<8 x i1> %full)
  %is.any = call i1 @llvm.genx.any.v8i1(<8 x i1> zeroinitializer)
  %none = call i1 @llvm.genx.all.v8i1(<8 x i1> <i1 true, i1 true, i1 true, i1 false, i1 true, i1 true, i1 true, i1 true>)
  %some = call i1 @llvm.genx.any.v8i1(<8 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 true, i1 false>)
  %a = zext i1 %is.all to i32
  %b = zext i1 %is.any to i32
  %c = zext i1 %none to i32
  %d = zext i1 %some to i32
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %sum = add i32 %ab, %cd
  ret i32 %sum
}

; Negative: any() of a predicate with an undef lane and no true lane is unknown.
; CHECK-LABEL: define i1 @no_fold_any_undef_lane(
; CHECK: %some = call i1 @llvm.genx.any.v8i1
define i1 @no_fold_any_undef_lane() {
entry:
  %some = call i1 @llvm.genx.any.v8i1(<8 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 undef, i1 false>)
  ret i1 %some
}

; Negative: a variable predicate.
; CHECK-LABEL: define <4 x i1> @no_fold_variable(
; CHECK: %hi = call <4 x i1> @llvm.genx.rdpredregion
define <4 x i1> @no_fold_variable(<8 x i1> %p) {
entry:
  %hi = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1> %p, i32 4)
  ret <4 x i1> %hi
}

; Negative: elements 6..9 of an 8-element predicate: undefined behaviour, not folded, remarked.
; CHECK-LABEL: define <4 x i1> @no_fold_out_of_range(
; CHECK: %outside = call <4 x i1> @llvm.genx.rdpredregion
; CHECK: %outside.w = call <8 x i1> @llvm.genx.wrpredregion
; REMARK: remark: {{.*}}constant rdpredregion of 4 elements at 6 from a 8-element predicate not folded: out of range
; REMARK: remark: {{.*}}constant wrpredregion of 4 elements at 6 into a 8-element predicate not folded: out of range
define <4 x i1> @no_fold_out_of_range(i1 %never) {
entry:
  br i1 %never, label %bad, label %good
bad:
  %outside = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1> zeroinitializer, i32 6)
  %outside.w = call <8 x i1> @llvm.genx.wrpredregion.v8i1.v4i1(<8 x i1> zeroinitializer, <4 x i1> <i1 true, i1 true, i1 true, i1 true>, i32 6)
  %back = call <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1> %outside.w, i32 0)
  %both = and <4 x i1> %back, %outside
  ret <4 x i1> %both
good:
  ret <4 x i1> zeroinitializer
}

declare <4 x i1> @llvm.genx.rdpredregion.v4i1.v8i1(<8 x i1>, i32)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v8i1(<8 x i1>, i32)
declare <8 x i1> @llvm.genx.wrpredregion.v8i1.v4i1(<8 x i1>, <4 x i1>, i32)
declare <8 x i1> @llvm.genx.wrpredregion.v8i1.v8i1(<8 x i1>, <8 x i1>, i32)
declare i1 @llvm.genx.all.v8i1(<8 x i1>)
declare i1 @llvm.genx.any.v8i1(<8 x i1>)
