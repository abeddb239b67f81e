; A float sum of converted bytes is computed in 16-bit integers (nine bytes reach at most 2295: exact in float
; and within 16 bits) and converted once; the float adds and the conversions go.
; RUN: %opt -passes=genx-float-narrow -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-float-narrow -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x float> @three_bytes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = zext <8 x i8> %a to <8 x i16>
; CHECK-NEXT:   %1 = zext <8 x i8> %b to <8 x i16>
; CHECK-NEXT:   %2 = add <8 x i16> %0, %1
; CHECK-NEXT:   %3 = zext <8 x i8> %c to <8 x i16>
; CHECK-NEXT:   %4 = add <8 x i16> %2, %3
; CHECK-NEXT:   %s2 = uitofp <8 x i16> %4 to <8 x float>
; CHECK-NEXT:   %r = fmul <8 x float> %s2,
; CHECK-NEXT:   ret <8 x float> %r
define <8 x float> @three_bytes(<8 x i8> %a, <8 x i8> %b, <8 x i8> %c) {
entry:
  %fa = uitofp <8 x i8> %a to <8 x float>
  %fb = uitofp <8 x i8> %b to <8 x float>
  %fc = uitofp <8 x i8> %c to <8 x float>
  %s1 = fadd <8 x float> %fa, %fb
  %s2 = fadd <8 x float> %s1, %fc
  %r = fmul <8 x float> %s2, <float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000, float 0x3FBC710CC0000000>
  ret <8 x float> %r
}

; Signed bytes and a difference: the range [-383, 382] is signed, so the conversion is sitofp; a leaf used
; elsewhere keeps its conversion.
; CHECK-LABEL: define <4 x float> @signed_difference(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %fa = sitofp <4 x i8> %a to <4 x float>
; CHECK-NEXT:   %0 = sext <4 x i8> %a to <4 x i16>
; CHECK-NEXT:   %1 = zext <4 x i8> %b to <4 x i16>
; CHECK-NEXT:   %2 = sub <4 x i16> %0, %1
; CHECK-NEXT:   %3 = sext <4 x i8> %a to <4 x i16>
; CHECK-NEXT:   %4 = add <4 x i16> %2, %3
; CHECK-NEXT:   %d = sitofp <4 x i16> %4 to <4 x float>
; CHECK-NEXT:   store <4 x float> %fa, <4 x float>* %p
define <4 x float> @signed_difference(<4 x i8> %a, <4 x i8> %b, <4 x float>* %p) {
entry:
  %fa = sitofp <4 x i8> %a to <4 x float>
  %fb = uitofp <4 x i8> %b to <4 x float>
  %s = fsub <4 x float> %fa, %fb
  %d = fadd <4 x float> %s, %fa
  store <4 x float> %fa, <4 x float>* %p
  ret <4 x float> %d
}

; Two 16-bit words reach 131070: beyond 16 bits, so the sum is an i32 add (exact in float all the same).
; CHECK-LABEL: define float @words_in_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = zext i16 %a to i32
; CHECK-NEXT:   %1 = zext i16 %b to i32
; CHECK-NEXT:   %2 = add i32 %0, %1
; CHECK-NEXT:   %s = uitofp i32 %2 to float
define float @words_in_i32(i16 %a, i16 %b) {
entry:
  %fa = uitofp i16 %a to float
  %fb = uitofp i16 %b to float
  %s = fadd float %fa, %fb
  ret float %s
}

; A tree whose root multiplies is not a sum, but its operand sum is narrowed on its own.
; CHECK-LABEL: define <2 x double> @inner_sum(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %fc = uitofp <2 x i8> %c to <2 x double>
; CHECK-NEXT:   %0 = zext <2 x i8> %a to <2 x i16>
; CHECK-NEXT:   %1 = zext <2 x i8> %b to <2 x i16>
; CHECK-NEXT:   %2 = add <2 x i16> %0, %1
; CHECK-NEXT:   %s = uitofp <2 x i16> %2 to <2 x double>
; CHECK-NEXT:   %m = fmul <2 x double> %s, %fc
; CHECK-NEXT:   %r = fadd <2 x double> %m, %fc
define <2 x double> @inner_sum(<2 x i8> %a, <2 x i8> %b, <2 x i8> %c) {
entry:
  %fa = uitofp <2 x i8> %a to <2 x double>
  %fb = uitofp <2 x i8> %b to <2 x double>
  %fc = uitofp <2 x i8> %c to <2 x double>
  %s = fadd <2 x double> %fa, %fb
  %m = fmul <2 x double> %s, %fc
  %r = fadd <2 x double> %m, %fc
  ret <2 x double> %r
}

; A conversion that is a leaf twice (x + x + y) is extended twice and erased once.
; CHECK-LABEL: define float @leaf_twice(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = zext i8 %x to i16
; CHECK-NEXT:   %1 = zext i8 %x to i16
; CHECK-NEXT:   %2 = add i16 %0, %1
; CHECK-NEXT:   %3 = zext i8 %y to i16
; CHECK-NEXT:   %4 = add i16 %2, %3
; CHECK-NEXT:   %t = uitofp i16 %4 to float
; CHECK-NEXT:   ret float %t
define float @leaf_twice(i8 %x, i8 %y) {
entry:
  %fx = uitofp i8 %x to float
  %fy = uitofp i8 %y to float
  %s = fadd float %fx, %fx
  %t = fadd float %s, %fy
  ret float %t
}
