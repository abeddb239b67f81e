; Negative: the bit operations vISA defines for 32-bit operands only (bfrev, fbl, fbh, bfe, bfi) are not
; folded at other widths. The executor refuses to run them there too, which is why the validation line
; expects "cannot validate" (exit 3) instead of agreement.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: bash -c '%validate %s %t.ll; test $? -eq 3'
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -

; CHECK-LABEL: define <4 x i16> @no_fold_bfrev_i16(
; CHECK: %r = call <4 x i16> @llvm.genx.bfrev.v4i16(<4 x i16> <i16 1, i16 2, i16 3, i16 4>)
define <4 x i16> @no_fold_bfrev_i16() {
entry:
  %r = call <4 x i16> @llvm.genx.bfrev.v4i16(<4 x i16> <i16 1, i16 2, i16 3, i16 4>)
  ret <4 x i16> %r
}

; CHECK-LABEL: define i64 @no_fold_fbl_i64(
; CHECK: %r = call i64 @llvm.genx.fbl.i64(i64 8)
define i64 @no_fold_fbl_i64() {
entry:
  %r = call i64 @llvm.genx.fbl.i64(i64 8)
  ret i64 %r
}

declare <4 x i16> @llvm.genx.bfrev.v4i16(<4 x i16>)
declare i64 @llvm.genx.fbl.i64(i64)
