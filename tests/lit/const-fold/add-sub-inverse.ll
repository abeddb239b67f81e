; Integer add and sub undoing each other on the same value: `(X + Y) - X` is Y, `(X + Y) - Y` is X, and
; `(X - Y) + Y`, `Y + (X - Y)` are X. Exact at every width (add and sub wrap modulo 2^n), so the i8 case that
; overflows folds too; `nsw` only makes an overflowing inner result poison, which the replacement refines.
; CM leaves this after region collapsing for `out = a; out += b; out -= a;`.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %opt -passes=genx-const-fold -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes='genx-const-fold,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s --check-prefix=VISA < %t.visaasm
; STATS: 5 genx-const-fold {{.*}} integer (X + Y) - X, (X - Y) + Y replaced by Y, X

; CHECK-LABEL: define <4 x i32> @sub_of_add_first(
; CHECK-NEXT: ret <4 x i32> %y
define <4 x i32> @sub_of_add_first(<4 x i32> %x, <4 x i32> %y) {
  %s = add <4 x i32> %x, %y
  %d = sub <4 x i32> %s, %x
  ret <4 x i32> %d
}

; CHECK-LABEL: define i8 @sub_of_add_second_wraps(
; CHECK-NEXT: ret i8 %x
define i8 @sub_of_add_second_wraps(i8 %x, i8 %y) {
  %s = add nsw i8 %x, %y
  %d = sub i8 %s, %y
  ret i8 %d
}

; CHECK-LABEL: define <8 x i16> @add_of_sub(
; CHECK-NEXT: ret <8 x i16> %x
define <8 x i16> @add_of_sub(<8 x i16> %x, <8 x i16> %y) {
  %d = sub <8 x i16> %x, %y
  %s = add <8 x i16> %d, %y
  ret <8 x i16> %s
}

; CHECK-LABEL: define i32 @add_of_sub_commuted(
; CHECK-NEXT: ret i32 %x
define i32 @add_of_sub_commuted(i32 %x, i32 %y) {
  %d = sub i32 %x, %y
  %s = add i32 %y, %d
  ret i32 %s
}

; Negative cases: another operand (`(X + Y) - Z`), `X - (X + Y)` (that is -Y, a new instruction), the
; subtrahend of a sub (`(X - Y) + X`), and floats (rounding: (1e20 + 1) - 1e20 is 0, not 1).
; CHECK-LABEL: define i32 @no_fold(
; CHECK-NEXT: %s = add i32 %x, %y
; CHECK-NEXT: %d = sub i32 %s, %z
; CHECK-NEXT: %n = sub i32 %x, %s
; CHECK-NEXT: %e = sub i32 %x, %y
; CHECK-NEXT: %f = add i32 %e, %x
; CHECK-NEXT: %r1 = xor i32 %d, %n
; CHECK-NEXT: %r = xor i32 %r1, %f
define i32 @no_fold(i32 %x, i32 %y, i32 %z) {
  %s = add i32 %x, %y
  %d = sub i32 %s, %z
  %n = sub i32 %x, %s
  %e = sub i32 %x, %y
  %f = add i32 %e, %x
  %r1 = xor i32 %d, %n
  %r = xor i32 %r1, %f
  ret i32 %r
}

; CHECK-LABEL: define float @no_fold_float(
; CHECK-NEXT: %s = fadd float %x, %y
; CHECK-NEXT: %d = fsub float %s, %x
define float @no_fold_float(float %x, float %y) {
  %s = fadd float %x, %y
  %d = fsub float %s, %x
  ret float %d
}

; In a kernel, the two region reads of the same elements collapse to one value and the whole computation is a
; single add: the stored value is v[4..7] + v[0..3] without the intermediate sum.
; VISA-LABEL: .kernel "sum_back"
; VISA: oword_ld (2)
; VISA-NEXT: add (M1, 4) [[R:V[0-9]+]](0,0)<1> {{V[0-9]+}}(0,4)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; VISA-NEXT: oword_st (1) {{T[0-9]+}} 0x0:ud [[R]].0
define void @sum_back(i32 %s) #0 {
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %s, i32 0)
  %a = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 1, i16 16, i32 undef)
  %ab = add <4 x i32> %a, %b
  %back = sub <4 x i32> %ab, %a
  %out = add <4 x i32> %back, %a
  call void @llvm.genx.oword.st.v4i32(i32 %s, i32 0, <4 x i32> %out)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @sum_back, !"sum_back", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 2}
!2 = !{!""}
