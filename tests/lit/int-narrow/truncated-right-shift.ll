; A right shift by a constant under a trunc: the trunc to iM keeps bits s..s+M-1 of the shifted value, which
; its low K bits hold when s + M <= K, so the shifted arithmetic is computed in the narrowest K of 8, 16, 32
; that does (narrower than the shift's type), shifted logically in iK and truncated. A filter's rounding
; division (v + 8) >> 4 of a ushort sum promoted to int is the case. The cases where it must not fire, each with
; its reason as a missed remark, follow.
; RUN: %opt -passes=genx-int-narrow -pass-remarks-missed=genx-int-narrow -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-int-narrow -S %s | diff %t.ll -

; (v + 8) >> 4 to uchar, v a ushort: bits 4..11 of the sum, computed in i16 (ashr becomes lshr: no sign bit
; reaches the kept bits).
; CHECK-LABEL: define <16 x i8> @round_shift(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = add <16 x i16> %v, <i16 8,
; CHECK-NEXT:   %1 = lshr <16 x i16> %0, <i16 4,
; CHECK-NEXT:   %t = trunc <16 x i16> %1 to <16 x i8>
; CHECK-NEXT:   ret <16 x i8> %t
define <16 x i8> @round_shift(<16 x i16> %v) {
entry:
  %w = zext <16 x i16> %v to <16 x i32>
  %a = add <16 x i32> %w, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %s = ashr <16 x i32> %a, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %t = trunc <16 x i32> %s to <16 x i8>
  ret <16 x i8> %t
}

; A signed difference of bytes times 3, shifted by a different amount per lane (the largest, 7, decides:
; 7 + 8 <= 16), in i64 down to i16.
; CHECK-LABEL: define <4 x i8> @per_lane(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = sext <4 x i8> %a to <4 x i16>
; CHECK-NEXT:   %1 = sext <4 x i8> %b to <4 x i16>
; CHECK-NEXT:   %2 = sub <4 x i16> %0, %1
; CHECK-NEXT:   %3 = mul <4 x i16> %2, <i16 3, i16 3, i16 3, i16 3>
; CHECK-NEXT:   %4 = lshr <4 x i16> %3, <i16 0, i16 1, i16 5, i16 7>
; CHECK-NEXT:   %t = trunc <4 x i16> %4 to <4 x i8>
define <4 x i8> @per_lane(<4 x i8> %a, <4 x i8> %b) {
entry:
  %wa = sext <4 x i8> %a to <4 x i64>
  %wb = sext <4 x i8> %b to <4 x i64>
  %d = sub <4 x i64> %wa, %wb
  %m = mul <4 x i64> %d, <i64 3, i64 3, i64 3, i64 3>
  %s = ashr <4 x i64> %m, <i64 0, i64 1, i64 5, i64 7>
  %t = trunc <4 x i64> %s to <4 x i8>
  ret <4 x i8> %t
}

; A scalar: bits 9..24 of a product of shorts are kept in i32, computed from i64.
; CHECK-LABEL: define i16 @scalar_wide(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = zext i16 %a to i32
; CHECK-NEXT:   %1 = zext i16 %b to i32
; CHECK-NEXT:   %2 = mul i32 %0, %1
; CHECK-NEXT:   %3 = lshr i32 %2, 9
; CHECK-NEXT:   %t = trunc i32 %3 to i16
define i16 @scalar_wide(i16 %a, i16 %b) {
entry:
  %wa = zext i16 %a to i64
  %wb = zext i16 %b to i64
  %m = mul i64 %wa, %wb
  %s = lshr i64 %m, 9
  %t = trunc i64 %s to i16
  ret i16 %t
}

; REMARK: remark: {{.*}}the bits kept (9..16) need the whole i32
; Bits 9..16 of an i32: no narrower width holds them.
; CHECK-LABEL: define i8 @kept_bits_reach_top(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %w = zext i16 %v to i32
; CHECK-NEXT:   %a = add i32 %w, %w
; CHECK-NEXT:   %s = lshr i32 %a, 9
define i8 @kept_bits_reach_top(i16 %v) {
entry:
  %w = zext i16 %v to i32
  %a = add i32 %w, %w
  %s = lshr i32 %a, 9
  %t = trunc i32 %s to i8
  ret i8 %t
}

; REMARK: remark: {{.*}}the right shift has other users
; The shift is also returned whole: narrowing would compute it twice.
; CHECK-LABEL: define i32 @shift_shared(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %w = zext i8 %v to i32
; CHECK-NEXT:   %a = add i32 %w, 8
; CHECK-NEXT:   %s = lshr i32 %a, 4
; CHECK-NEXT:   %t = trunc i32 %s to i8
define i32 @shift_shared(i8 %v, i8* %p) {
entry:
  %w = zext i8 %v to i32
  %a = add i32 %w, 8
  %s = lshr i32 %a, 4
  %t = trunc i32 %s to i8
  store i8 %t, i8* %p
  ret i32 %s
}

; REMARK: remark: {{.*}}the right shift's amount is not a constant below its width
; A variable amount may reach the top bits.
; CHECK-LABEL: define i8 @variable_amount(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %w = zext i8 %v to i32
; CHECK-NEXT:   %a = add i32 %w, 8
; CHECK-NEXT:   %s = lshr i32 %a, %n
define i8 @variable_amount(i8 %v, i32 %n) {
entry:
  %w = zext i8 %v to i32
  %a = add i32 %w, 8
  %s = lshr i32 %a, %n
  %t = trunc i32 %s to i8
  ret i8 %t
}

; REMARK: remark: {{.*}}an extended value has 32 bits, more than the 16 kept
; A leaf of 32 bits does not fit the 16 bits the shift would be computed in: left wide, as in the plain rule
; (a trunc of the leaf would be exact as well, but it is one more instruction than the pass saves here).
; CHECK-LABEL: define i8 @wide_leaf(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %w = zext i32 %v to i64
define i8 @wide_leaf(i32 %v) {
entry:
  %w = zext i32 %v to i64
  %a = add i64 %w, 8
  %s = lshr i64 %a, 4
  %t = trunc i64 %s to i8
  ret i8 %t
}
