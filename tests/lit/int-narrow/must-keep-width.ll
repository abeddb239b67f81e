; Truncated arithmetic the pass must leave wide, each with the reason as a missed remark: a right shift (its
; low bits come from high bits), an extended value wider than the narrow type, an inner operation with another
; user (it would be computed twice), and a shift by a variable amount (it may reach the narrow width).
; RUN: %opt -passes=genx-int-narrow -pass-remarks-missed=genx-int-narrow -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-int-narrow -S %s | diff %t.ll -

; REMARK: remark: {{.*}}an operand is not narrowable arithmetic, an extension or a constant
; CHECK-LABEL: define <8 x i8> @average(
; CHECK:        %h = lshr <8 x i32> %s, <i32 1,
; CHECK-NEXT:   %t = trunc <8 x i32> %h to <8 x i8>
; CHECK:        %u = add <8 x i32> %h, %wa
; CHECK-NEXT:   %r = trunc <8 x i32> %u to <8 x i8>
define <8 x i8> @average(<8 x i8> %a, <8 x i8> %b, <8 x i8>* %p) {
entry:
  %wa = zext <8 x i8> %a to <8 x i32>
  %wb = zext <8 x i8> %b to <8 x i32>
  %s = add <8 x i32> %wa, %wb
  %h = lshr <8 x i32> %s, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %t = trunc <8 x i32> %h to <8 x i8>
  store <8 x i8> %t, <8 x i8>* %p
  %u = add <8 x i32> %h, %wa
  %r = trunc <8 x i32> %u to <8 x i8>
  ret <8 x i8> %r
}

; REMARK: remark: {{.*}}an extended value has 32 bits, more than the 16 kept
; CHECK-LABEL: define i16 @wide_leaf(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %w = sext i32 %a to i64
define i16 @wide_leaf(i32 %a, i16 %b) {
entry:
  %w = sext i32 %a to i64
  %v = zext i16 %b to i64
  %s = add i64 %w, %v
  %t = trunc i64 %s to i16
  ret i16 %t
}

; REMARK: remark: {{.*}}an inner operation has other users
; CHECK-LABEL: define i16 @shared(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %wa = zext i8 %a to i32
; CHECK-NEXT:   %wb = zext i8 %b to i32
; CHECK-NEXT:   %d = sub i32 %wa, %wb
; CHECK:        %m = mul i32 %d, %d
define i16 @shared(i8 %a, i8 %b, i32* %p) {
entry:
  %wa = zext i8 %a to i32
  %wb = zext i8 %b to i32
  %d = sub i32 %wa, %wb
  store i32 %d, i32* %p
  %m = mul i32 %d, %d
  %t = trunc i32 %m to i16
  ret i16 %t
}

; REMARK: remark: {{.*}}a shift amount is not a constant below the narrow width
; CHECK-LABEL: define i8 @variable_shift(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %wa = zext i8 %a to i32
; CHECK-NEXT:   %s = shl i32 %wa, %n
define i8 @variable_shift(i8 %a, i32 %n) {
entry:
  %wa = zext i8 %a to i32
  %s = shl i32 %wa, %n
  %t = trunc i32 %s to i8
  ret i8 %t
}
