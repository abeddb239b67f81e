; Integer arithmetic on extended narrow values whose result is truncated is computed in the narrow type: the
; low bits of add, sub, mul, logic and shl by a constant depend only on the low bits of their operands.
; C++'s promotion of short and char to int writes such chains (a Sobel gradient over bytes in short).
; RUN: %opt -passes=genx-int-narrow -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-int-narrow -S %s | diff %t.ll -

; gx = (c - a) + 2 * (d - b) in short, then gx again sign-extended into the next short sum.
; CHECK-LABEL: define <16 x i16> @gradient(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = zext <16 x i8> %c to <16 x i16>
; CHECK-NEXT:   %1 = zext <16 x i8> %a to <16 x i16>
; CHECK-NEXT:   %2 = sub <16 x i16> %0, %1
; CHECK-NEXT:   %3 = zext <16 x i8> %d to <16 x i16>
; CHECK-NEXT:   %4 = zext <16 x i8> %b to <16 x i16>
; CHECK-NEXT:   %5 = sub <16 x i16> %3, %4
; CHECK-NEXT:   %6 = shl <16 x i16> %5, <i16 1,
; CHECK-NEXT:   %gx = add <16 x i16> %2, %6
; CHECK-NEXT:   %7 = mul <16 x i16> %gx, <i16 3,
; CHECK-NEXT:   %8 = zext <16 x i8> %a to <16 x i16>
; CHECK-NEXT:   %9 = xor <16 x i16> %7, %8
; CHECK-NEXT:   %r = and <16 x i16> %9, <i16 -2,
; CHECK-NEXT:   ret <16 x i16> %r
define <16 x i16> @gradient(<16 x i8> %a, <16 x i8> %b, <16 x i8> %c, <16 x i8> %d) {
entry:
  %wa = zext <16 x i8> %a to <16 x i32>
  %wb = zext <16 x i8> %b to <16 x i32>
  %wc = zext <16 x i8> %c to <16 x i32>
  %wd = zext <16 x i8> %d to <16 x i32>
  %d1 = sub nsw <16 x i32> %wc, %wa
  %d2 = sub nsw <16 x i32> %wd, %wb
  %t2 = shl nsw <16 x i32> %d2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %s = add nsw <16 x i32> %d1, %t2
  %gx = trunc <16 x i32> %s to <16 x i16>
  %g = sext <16 x i16> %gx to <16 x i32>
  %m = mul nsw <16 x i32> %g, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %x = xor <16 x i32> %m, %wa
  %y = and <16 x i32> %x, <i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2>
  %r = trunc <16 x i32> %y to <16 x i16>
  ret <16 x i16> %r
}

; Scalars and bytes: (a + b) truncated to i8.
; CHECK-LABEL: define i8 @byte_sum(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = add i8 %a, %b
; CHECK-NEXT:   ret i8 %t
define i8 @byte_sum(i8 %a, i8 %b) {
entry:
  %wa = sext i8 %a to i32
  %wb = zext i8 %b to i32
  %s = add nuw nsw i32 %wa, %wb
  %t = trunc i32 %s to i8
  ret i8 %t
}
