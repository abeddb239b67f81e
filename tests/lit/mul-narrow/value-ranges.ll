; The ranges that let a multiply operand be taken as 16 bits, each at its boundary, and the ones that must
; not: a value that may reach 2^16 keeps its 32 bits (with the reason as a missed remark), and an operand IGC
; already reads as 16 bits (an extension from i16, a small constant) is left alone.
; RUN: %opt -passes=genx-mul-narrow -pass-remarks-missed=genx-mul-narrow -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-mul-narrow -S %s | diff %t.ll -

; Fits: a mask of 16 bits, a remainder by 1000, a shift right by 16, a local size plus 64511 (at most 65535),
; x less its bits from 16 up (x - (x & -65536) = x & 65535), and 65535 less a value of at most 65535.
; CHECK-LABEL: define i32 @fits(
; CHECK:        %m = zext i16 {{%.*}} to i32
; CHECK:        %r = zext i16 {{%.*}} to i32
; CHECK:        %s = zext i16 {{%.*}} to i32
; CHECK:        %near = zext i16 {{%.*}} to i32
; CHECK:        %p4 = mul i32 %p3, %near
; CHECK:        %low = zext i16 {{%.*}} to i32
; CHECK:        %p5 = mul i32 %p4, %low
; CHECK:        %rest = zext i16 {{%.*}} to i32
; CHECK:        %p6 = mul i32 %p5, %rest
define i32 @fits(i32 %a, i32 %b) {
entry:
  %m = and i32 %a, 65535
  %p1 = mul i32 %b, %m
  %r = urem i32 %a, 1000
  %p2 = mul i32 %p1, %r
  %s = lshr i32 %b, 16
  %p3 = mul i32 %s, %p2
  %sizes = call <3 x i32> @llvm.genx.local.size.v3i32()
  %LX = extractelement <3 x i32> %sizes, i32 0
  %near = add i32 %LX, 64511
  %p4 = mul i32 %p3, %near
  %high = and i32 %a, -65536
  %low.sub = sub i32 %a, %high
  %low = or i32 %low.sub, 0
  %p5 = mul i32 %p4, %low
  %rest.sub = sub i32 65535, %s
  %rest = or i32 %rest.sub, 0
  %p6 = mul i32 %p5, %rest
  ret i32 %p6
}

; A vector: every lane of the mask fits.
; CHECK-LABEL: define <8 x i32> @vector(
; CHECK:        [[S:%.*]] = trunc <8 x i32> {{%.*}} to <8 x i16>
; CHECK-NEXT:   %m = zext <8 x i16> [[S]] to <8 x i32>
; CHECK-NEXT:   %p = mul <8 x i32> %b, %m
define <8 x i32> @vector(<8 x i32> %a, <8 x i32> %b) {
entry:
  %m = and <8 x i32> %a, <i32 255, i32 65535, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6>
  %p = mul <8 x i32> %b, %m
  ret <8 x i32> %p
}

; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; REMARK: remark: {{.*}}no operand is proven to fit 16 bits
; Must not: 17 bits of mask, a remainder by 65537, a local size plus 64512 (may be 65536), a shift by 15, x less
; its bits from 17 up, x less the high bits of another value, a difference that may go below zero.
; CHECK-LABEL: define i32 @may_not_fit(
; CHECK-NOT:    trunc
; CHECK:        ret i32
define i32 @may_not_fit(i32 %a, i32 %b) {
entry:
  %m = and i32 %a, 131071
  %p1 = mul i32 %b, %m
  %r = urem i32 %a, 65537
  %p2 = mul i32 %p1, %r
  %sizes = call <3 x i32> @llvm.genx.local.size.v3i32()
  %LX = extractelement <3 x i32> %sizes, i32 0
  %far = add i32 %LX, 64512
  %p3 = mul i32 %p2, %far
  %s = lshr i32 %b, 15
  %p4 = mul i32 %s, %p3
  %high17 = and i32 %a, -131072
  %low17.sub = sub i32 %a, %high17
  %low17 = or i32 %low17.sub, 0
  %p5 = mul i32 %p4, %low17
  %high.b = and i32 %b, -65536
  %other.sub = sub i32 %a, %high.b
  %other = or i32 %other.sub, 0
  %p6 = mul i32 %p5, %other
  %m16 = and i32 %a, 65535
  %below.sub = sub i32 100, %m16
  %below = or i32 %below.sub, 0
  %p7 = mul i32 %p6, %below
  ret i32 %p7
}

; Already 16 bits for IGC: an extension from i16, a constant, a local id. No remark, no change.
; CHECK-LABEL: define i32 @already_narrow(
; CHECK-NOT:    trunc
; CHECK:        ret i32
define i32 @already_narrow(i32 %a, i16 %h) {
entry:
  %w = zext i16 %h to i32
  %p1 = mul i32 %a, %w
  %p2 = mul i32 %p1, 1000
  %ids = call <3 x i32> @llvm.genx.local.id.v3i32()
  %lx = extractelement <3 x i32> %ids, i32 0
  %p3 = mul i32 %p2, %lx
  ret i32 %p3
}

declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <3 x i32> @llvm.genx.local.id.v3i32()
