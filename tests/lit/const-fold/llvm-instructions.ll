; Ordinary LLVM instructions whose operands are all constants (typically because a region fold made them so)
; are folded with LLVM's own constant folder, and the folding runs to a fixpoint. Divisions that would divide
; by zero or overflow are undefined behaviour and are left alone; anything that needs algebra rather than
; constants (a select on a constant condition with variable arms, `x + 0`) is InstSimplify's business.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -

; A chain: a constant wrregion feeds a read, integer arithmetic, a compare, a select, a shuffle and casts;
; all of it becomes one constant.
; CHECK-LABEL: define <4 x float> @chain(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x float> <float 4.000000e+00, float 1.000000e+00, float 2.000000e+00, float 1.000000e+00>
define <4 x float> @chain() {
entry:
  %v = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
  %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %twice = shl <4 x i32> %lo, <i32 1, i32 1, i32 1, i32 1>
  %pos = icmp sgt <4 x i32> %twice, zeroinitializer
  %pick = select <4 x i1> %pos, <4 x i32> %twice, <4 x i32> <i32 1, i32 1, i32 1, i32 1>
  %swap = shufflevector <4 x i32> %pick, <4 x i32> undef, <4 x i32> <i32 2, i32 1, i32 0, i32 3>
  %f = sitofp <4 x i32> %swap to <4 x float>
  ret <4 x float> %f
}

; Scalars: an element extracted from a folded constant, divided by a non-zero constant, inserted back.
; CHECK-LABEL: define <2 x i16> @scalar_division(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <2 x i16> <i16 -3, i16 0>
define <2 x i16> @scalar_division() {
entry:
  %v = call <4 x i16> @llvm.genx.wrregioni.v4i16.i16.i16.i1(<4 x i16> zeroinitializer, i16 -7, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %x = extractelement <4 x i16> %v, i32 2
  %q = sdiv i16 %x, 2
  %r = insertelement <2 x i16> zeroinitializer, i16 %q, i32 0
  ret <2 x i16> %r
}

; Across blocks: the fold of a constant read in one block reaches its use in the next.
; CHECK-LABEL: define i32 @across_blocks(
; CHECK: next:
; CHECK-NEXT: %sum = add i32 %n, 42
define i32 @across_blocks(i32 %n) {
entry:
  %c = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> <i32 0, i32 0, i32 42, i32 0>, i32 0, i32 1, i32 1, i16 8, i32 undef)
  br label %next
next:
  %sum = add i32 %n, %c
  ret i32 %sum
}

; A bitcast across element sizes of a folded constant, read back byte-wise: little-endian bytes.
; CHECK-LABEL: define <4 x i8> @bitcast_then_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 4, i8 2, i8 8, i8 6>
define <4 x i8> @bitcast_then_read() {
entry:
  %dwords = call <2 x i32> @llvm.genx.wrregioni.v2i32.i32.i16.i1(<2 x i32> <i32 67305985, i32 0>, i32 134678021, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %bytes = bitcast <2 x i32> %dwords to <8 x i8>
  %odd = call <4 x i8> @llvm.genx.rdregioni.v4i8.v8i8.i16(<8 x i8> %bytes, i32 4, i32 2, i32 -2, i16 3, i32 undef)
  ret <4 x i8> %odd
}

; In a loop: the constant read folds inside the body; the phi and the induction stay (not constants).
; CHECK-LABEL: define i32 @in_loop(
; CHECK: body:
; CHECK-NEXT: %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
; CHECK-NEXT: %i = phi i16 [ 0, %entry ], [ %i.next, %body ]
; CHECK-NEXT: %acc.next = add i32 %acc, 5
define i32 @in_loop(i16 %trips) {
entry:
  br label %body
body:
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
  %i = phi i16 [ 0, %entry ], [ %i.next, %body ]
  %five = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> <i32 5, i32 5, i32 5, i32 5>, i32 0, i32 1, i32 1, i16 4, i32 undef)
  %acc.next = add i32 %acc, %five
  %i.next = add i16 %i, 1
  %more = icmp ult i16 %i.next, 4
  br i1 %more, label %body, label %exit
exit:
  ret i32 %acc.next
}

; Negative: a divisor with a zero lane is undefined behaviour in that lane (LLVM's folder would say poison).
; CHECK-LABEL: define <2 x i32> @no_fold_division_by_zero(
; CHECK: %q = udiv <2 x i32> <i32 8, i32 8>, <i32 2, i32 0>
define <2 x i32> @no_fold_division_by_zero(i1 %never) {
entry:
  br i1 %never, label %bad, label %good
bad:
  %q = udiv <2 x i32> <i32 8, i32 8>, <i32 2, i32 0>
  ret <2 x i32> %q
good:
  ret <2 x i32> zeroinitializer
}

; Negative: INT_MIN / -1 overflows: undefined behaviour.
; CHECK-LABEL: define i8 @no_fold_division_overflow(
; CHECK: %q = sdiv i8 -128, -1
define i8 @no_fold_division_overflow(i1 %never) {
entry:
  br i1 %never, label %bad, label %good
bad:
  %q = sdiv i8 -128, -1
  ret i8 %q
good:
  ret i8 0
}

; Negative: a constant condition with variable arms is not a constant fold.
; CHECK-LABEL: define <2 x i32> @no_fold_select_variable_arm(
; CHECK: %pick = select <2 x i1> <i1 true, i1 false>, <2 x i32> %a, <2 x i32> zeroinitializer
define <2 x i32> @no_fold_select_variable_arm(<2 x i32> %a) {
entry:
  %pick = select <2 x i1> <i1 true, i1 false>, <2 x i32> %a, <2 x i32> zeroinitializer
  ret <2 x i32> %pick
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.wrregioni.v4i16.i16.i16.i1(<4 x i16>, i16, i32, i32, i32, i16, i32, i1)
declare <2 x i32> @llvm.genx.wrregioni.v2i32.i32.i16.i1(<2 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <4 x i8> @llvm.genx.rdregioni.v4i8.v8i8.i16(<8 x i8>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
