; Sums the pass must leave alone, each with the reason as a missed remark: a sum that could leave the exact
; integers of its type (half holds integers exactly only up to 2048; nine bytes reach 2295, and the float
; result would round where an integer sum does not), a converted integer wider than 16 bits and a constant
; term. (A sum over an inner sum with another user is narrowed in two steps.)
; RUN: %opt -passes=genx-float-narrow -pass-remarks-missed=genx-float-narrow -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-float-narrow -S %s | diff %t.ll -

; REMARK: remark: {{.*}}a partial sum may reach [0, 2295], beyond the exact integers of the type
; CHECK-LABEL: define <4 x half> @half_overflows(
; CHECK: fadd <4 x half>
; CHECK-NOT: add <4 x i16>
; CHECK: ret
define <4 x half> @half_overflows(<4 x i8> %a, <4 x i8> %b, <4 x i8> %c, <4 x i8> %d, <4 x i8> %e, <4 x i8> %f, <4 x i8> %g, <4 x i8> %h, <4 x i8> %i) {
entry:
  %fa = uitofp <4 x i8> %a to <4 x half>
  %fb = uitofp <4 x i8> %b to <4 x half>
  %fc = uitofp <4 x i8> %c to <4 x half>
  %fd = uitofp <4 x i8> %d to <4 x half>
  %fe = uitofp <4 x i8> %e to <4 x half>
  %ff = uitofp <4 x i8> %f to <4 x half>
  %fg = uitofp <4 x i8> %g to <4 x half>
  %fh = uitofp <4 x i8> %h to <4 x half>
  %fi = uitofp <4 x i8> %i to <4 x half>
  %s1 = fadd <4 x half> %fa, %fb
  %s2 = fadd <4 x half> %s1, %fc
  %s3 = fadd <4 x half> %s2, %fd
  %s4 = fadd <4 x half> %s3, %fe
  %s5 = fadd <4 x half> %s4, %ff
  %s6 = fadd <4 x half> %s5, %fg
  %s7 = fadd <4 x half> %s6, %fh
  %s8 = fadd <4 x half> %s7, %fi
  ret <4 x half> %s8
}

; REMARK: remark: {{.*}}a converted integer is wider than 16 bits
; CHECK-LABEL: define float @wide_integer(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %fa = uitofp i32 %a to float
; CHECK-NEXT:   %fb = uitofp i8 %b to float
; CHECK-NEXT:   %s = fadd float %fa, %fb
define float @wide_integer(i32 %a, i8 %b) {
entry:
  %fa = uitofp i32 %a to float
  %fb = uitofp i8 %b to float
  %s = fadd float %fa, %fb
  ret float %s
}

; The inner sum is also stored, so it is a root of its own: narrowed first (layout order), its conversion
; from i16 is then a leaf of the outer sum, narrowed in i32 (65535 + 255 needs 17 bits).
; CHECK-LABEL: define float @shared_inner(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = zext i8 %a to i16
; CHECK-NEXT:   %1 = zext i8 %b to i16
; CHECK-NEXT:   %2 = add i16 %0, %1
; CHECK-NEXT:   %s = uitofp i16 %2 to float
; CHECK-NEXT:   store float %s, float* %p
; CHECK-NEXT:   %3 = zext i16 %2 to i32
; CHECK-NEXT:   %4 = zext i8 %c to i32
; CHECK-NEXT:   %5 = add i32 %3, %4
; CHECK-NEXT:   %t = uitofp i32 %5 to float
define float @shared_inner(i8 %a, i8 %b, i8 %c, float* %p) {
entry:
  %fa = uitofp i8 %a to float
  %fb = uitofp i8 %b to float
  %fc = uitofp i8 %c to float
  %s = fadd float %fa, %fb
  store float %s, float* %p
  %t = fadd float %s, %fc
  ret float %t
}

; REMARK: remark: {{.*}}an operand is neither a sum nor a conversion of an integer
; CHECK-LABEL: define float @constant_term(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %fa = uitofp i8 %a to float
; CHECK-NEXT:   %s = fadd float %fa, 5.000000e-01
define float @constant_term(i8 %a) {
entry:
  %fa = uitofp i8 %a to float
  %s = fadd float %fa, 0.5
  ret float %s
}
