; A compare of two values extended the same way from one narrow type (or of one and a constant in that type's
; range) is done on the narrow values: sext keeps both the signed and the unsigned order, zext makes a signed
; predicate unsigned. C++ writes `matrix<short> gx; gx < 0` as a compare of sign-extended ints (Sobel's merge).
; Negative cases, each with its missed remark: a constant outside the narrow range, a sext compared with a zext,
; extensions from different widths; a compare of an extended i1 (a predicate's materialisation) is left alone.
; RUN: %opt -passes=genx-int-narrow -pass-remarks-missed=genx-int-narrow -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-int-narrow -S %s | diff %t.ll -

; CHECK-LABEL: define <16 x i16> @negative_lanes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   [[C:%.*]] = icmp slt <16 x i16> %g, zeroinitializer
; CHECK-NEXT:   %n = sub <16 x i16> zeroinitializer, %g
; CHECK-NEXT:   %r = select <16 x i1> [[C]], <16 x i16> %n, <16 x i16> %g
define <16 x i16> @negative_lanes(<16 x i16> %g) {
entry:
  %w = sext <16 x i16> %g to <16 x i32>
  %c = icmp slt <16 x i32> %w, zeroinitializer
  %n = sub <16 x i16> zeroinitializer, %g
  %r = select <16 x i1> %c, <16 x i16> %n, <16 x i16> %g
  ret <16 x i16> %r
}

; Two sign-extended operands: signed and unsigned predicates both stay as they are.
; CHECK-LABEL: define <8 x i16> @both_signed(
; CHECK:        [[GT:%.*]] = icmp sgt <8 x i8> %a, %b
; CHECK:        [[ULT:%.*]] = icmp ult <8 x i8> %a, %b
; CHECK:        [[EQ:%.*]] = icmp eq <8 x i8> %a, <i8 -128,
define <8 x i16> @both_signed(<8 x i8> %a, <8 x i8> %b) {
entry:
  %wa = sext <8 x i8> %a to <8 x i16>
  %wb = sext <8 x i8> %b to <8 x i16>
  %gt = icmp sgt <8 x i16> %wa, %wb
  %ult = icmp ult <8 x i16> %wa, %wb
  %eq = icmp eq <8 x i16> %wa, <i16 -128, i16 -128, i16 -128, i16 -128, i16 -128, i16 -128, i16 -128, i16 -128>
  %x = select <8 x i1> %gt, <8 x i16> %wa, <8 x i16> %wb
  %y = select <8 x i1> %ult, <8 x i16> %x, <8 x i16> <i16 7, i16 7, i16 7, i16 7, i16 7, i16 7, i16 7, i16 7>
  %z = select <8 x i1> %eq, <8 x i16> zeroinitializer, <8 x i16> %y
  ret <8 x i16> %z
}

; Zero-extended operands: a signed predicate becomes the unsigned one; 200 is in the unsigned byte range.
; CHECK-LABEL: define <8 x i32> @zero_extended(
; CHECK:        [[LT:%.*]] = icmp ult <8 x i8> %a, <i8 -56,
; CHECK:        [[GE:%.*]] = icmp uge <8 x i8> %a, %b
; CHECK:        [[SCALAR:%.*]] = icmp ugt i16 %s, 1000
define <8 x i32> @zero_extended(<8 x i8> %a, <8 x i8> %b, i16 %s) {
entry:
  %wa = zext <8 x i8> %a to <8 x i32>
  %wb = zext <8 x i8> %b to <8 x i32>
  %lt = icmp slt <8 x i32> %wa, <i32 200, i32 200, i32 200, i32 200, i32 200, i32 200, i32 200, i32 200>
  %ge = icmp sge <8 x i32> %wa, %wb
  %ws = zext i16 %s to i32
  %big = icmp sgt i32 %ws, 1000
  %x = select <8 x i1> %lt, <8 x i32> %wa, <8 x i32> %wb
  %y = select <8 x i1> %ge, <8 x i32> %x, <8 x i32> zeroinitializer
  %z = select i1 %big, <8 x i32> %y, <8 x i32> %wb
  ret <8 x i32> %z
}

; REMARK: remark: {{.*}}the other operand is neither the same extension from i8 nor a constant in its range
; REMARK: remark: {{.*}}the other operand is neither the same extension from i8 nor a constant in its range
; REMARK: remark: {{.*}}the other operand is neither the same extension from i8 nor a constant in its range
; CHECK-LABEL: define <8 x i16> @kept(
; CHECK:        %out = icmp slt <8 x i16> %wa, <i16 200,
; CHECK:        %mixed = icmp ult <8 x i16> %wa, %wb
; CHECK:        %widths = icmp eq <8 x i16> %wa, %wc
; CHECK:        %truth = icmp ne <8 x i16> %wp, zeroinitializer
define <8 x i16> @kept(<8 x i8> %a, <8 x i8> %b, <8 x i4> %c, <8 x i1> %p) {
entry:
  %wa = sext <8 x i8> %a to <8 x i16>
  %wb = zext <8 x i8> %b to <8 x i16>
  %wc = sext <8 x i4> %c to <8 x i16>
  %wp = zext <8 x i1> %p to <8 x i16>
  %out = icmp slt <8 x i16> %wa, <i16 200, i16 200, i16 200, i16 200, i16 200, i16 200, i16 200, i16 200>
  %mixed = icmp ult <8 x i16> %wa, %wb
  %widths = icmp eq <8 x i16> %wa, %wc
  %truth = icmp ne <8 x i16> %wp, zeroinitializer
  %x = select <8 x i1> %out, <8 x i16> %wa, <8 x i16> %wb
  %y = select <8 x i1> %mixed, <8 x i16> %x, <8 x i16> %wc
  %z = select <8 x i1> %widths, <8 x i16> %y, <8 x i16> zeroinitializer
  %t = select <8 x i1> %truth, <8 x i16> %z, <8 x i16> %wa
  ret <8 x i16> %t
}
