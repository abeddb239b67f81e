; After a sum of bytes is narrowed, a float scaling converted back to an integer, fptoui(float(sum) * c), is
; computed as (sum * M) >> K when an exhaustive check over the sum's whole range (here [0, 765] for three
; bytes) finds M and K that give the same integer wherever the conversion is defined. For c = 0.1111f and a
; byte result that is (sum * 455) >> 12 (the paper's linear filter).
; RUN: %opt -passes=genx-float-narrow -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-float-narrow -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x i8> @average_of_three(
; CHECK:        %4 = add <8 x i16> %2, %3
; CHECK-NEXT:   %5 = zext <8 x i16> %4 to <8 x i32>
; CHECK-NEXT:   %6 = mul <8 x i32> %5, <i32 455,
; CHECK-NEXT:   %7 = lshr <8 x i32> %6, <i32 12,
; CHECK-NEXT:   %b = trunc <8 x i32> %7 to <8 x i8>
; CHECK-NEXT:   ret <8 x i8> %b
define <8 x i8> @average_of_three(<8 x i8> %x, <8 x i8> %y, <8 x i8> %z) {
entry:
  %fx = uitofp <8 x i8> %x to <8 x float>
  %fy = uitofp <8 x i8> %y to <8 x float>
  %fz = uitofp <8 x i8> %z to <8 x float>
  %s1 = fadd <8 x float> %fx, %fy
  %s = fadd <8 x float> %s1, %fz
  %m = fmul <8 x float> %s, <float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000>
  %b = fptoui <8 x float> %m to <8 x i8>
  ret <8 x i8> %b
}

; A scalar scaled by 2.5 to a 32-bit result: (s * 5) >> 1.
; CHECK-LABEL: define i32 @times_two_and_a_half(
; CHECK:        %3 = zext i16 %2 to i32
; CHECK-NEXT:   %4 = mul i32 %3, 5
; CHECK-NEXT:   %r = lshr i32 %4, 1
; CHECK-NEXT:   ret i32 %r
define i32 @times_two_and_a_half(i8 %x, i8 %y) {
entry:
  %fx = uitofp i8 %x to float
  %fy = uitofp i8 %y to float
  %s = fadd float %fx, %fy
  %m = fmul float 2.5, %s
  %r = fptoui float %m to i32
  ret i32 %r
}

; Negative: a signed conversion back (fptosi), a scale that differs between lanes, and a scaled value with
; another user keep the float scaling (the sums are still narrowed).
; CHECK-LABEL: define <2 x i8> @not_scaled(
; CHECK:        %s = uitofp <2 x i16> %2 to <2 x float>
; CHECK-NEXT:   %m = fmul <2 x float> %s, <float 5.000000e-01, float 2.500000e-01>
; CHECK-NEXT:   %b = fptoui <2 x float> %m to <2 x i8>
; CHECK:        %t = uitofp <2 x i16> %5 to <2 x float>
; CHECK-NEXT:   %n = fmul <2 x float> %t, <float 5.000000e-01, float 5.000000e-01>
; CHECK-NEXT:   %c = fptosi <2 x float> %n to <2 x i8>
; CHECK:        %u = uitofp <2 x i16> %8 to <2 x float>
; CHECK-NEXT:   %o = fmul <2 x float> %u, <float 5.000000e-01, float 5.000000e-01>
; CHECK-NEXT:   %d = fptoui <2 x float> %o to <2 x i8>
; CHECK-NEXT:   store <2 x float> %o, <2 x float>* %p
define <2 x i8> @not_scaled(<2 x i8> %x, <2 x i8> %y, <2 x float>* %p) {
entry:
  %fx = uitofp <2 x i8> %x to <2 x float>
  %fy = uitofp <2 x i8> %y to <2 x float>
  %s = fadd <2 x float> %fx, %fy
  %m = fmul <2 x float> %s, <float 0.5, float 0.25>
  %b = fptoui <2 x float> %m to <2 x i8>
  %gx = uitofp <2 x i8> %x to <2 x float>
  %gy = uitofp <2 x i8> %y to <2 x float>
  %t = fadd <2 x float> %gx, %gy
  %n = fmul <2 x float> %t, <float 0.5, float 0.5>
  %c = fptosi <2 x float> %n to <2 x i8>
  %hx = uitofp <2 x i8> %x to <2 x float>
  %hy = uitofp <2 x i8> %y to <2 x float>
  %u = fadd <2 x float> %hx, %hy
  %o = fmul <2 x float> %u, <float 0.5, float 0.5>
  %d = fptoui <2 x float> %o to <2 x i8>
  store <2 x float> %o, <2 x float>* %p
  %bc = xor <2 x i8> %b, %c
  %r = xor <2 x i8> %bc, %d
  ret <2 x i8> %r
}
