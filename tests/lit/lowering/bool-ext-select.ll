; zext / sext / uitofp from i1 become a select between the converted true value (1, -1, 1.0) and zero,
; for vectors and scalars.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x i32> @zext_vector(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %z = select <8 x i1> %p, <8 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <8 x i32> zeroinitializer
; CHECK-NEXT:   ret <8 x i32> %z
; CHECK-NEXT: }
define <8 x i32> @zext_vector(<8 x i1> %p) {
entry:
  %z = zext <8 x i1> %p to <8 x i32>
  ret <8 x i32> %z
}

; CHECK-LABEL: define <4 x i16> @sext_vector(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %s = select <4 x i1> %p, <4 x i16> <i16 -1, i16 -1, i16 -1, i16 -1>, <4 x i16> zeroinitializer
; CHECK-NEXT:   ret <4 x i16> %s
; CHECK-NEXT: }
define <4 x i16> @sext_vector(<4 x i1> %p) {
entry:
  %s = sext <4 x i1> %p to <4 x i16>
  ret <4 x i16> %s
}

; CHECK-LABEL: define <4 x float> @uitofp_vector(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %f = select <4 x i1> %p, <4 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>, <4 x float> zeroinitializer
; CHECK-NEXT:   ret <4 x float> %f
; CHECK-NEXT: }
define <4 x float> @uitofp_vector(<4 x i1> %p) {
entry:
  %f = uitofp <4 x i1> %p to <4 x float>
  ret <4 x float> %f
}

; CHECK-LABEL: define i64 @zext_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %z = select i1 %c, i64 1, i64 0
; CHECK-NEXT:   ret i64 %z
; CHECK-NEXT: }
define i64 @zext_scalar(i1 %c) {
entry:
  %z = zext i1 %c to i64
  ret i64 %z
}

; The i1 source is a compare, as CM's vector<ushort,N>(a > b) produces.
; CHECK-LABEL: define <8 x i16> @zext_of_compare(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %gt = icmp sgt <8 x i32> %a, %b
; CHECK-NEXT:   %z = select <8 x i1> %gt, <8 x i16> <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>, <8 x i16> zeroinitializer
; CHECK-NEXT:   ret <8 x i16> %z
; CHECK-NEXT: }
define <8 x i16> @zext_of_compare(<8 x i32> %a, <8 x i32> %b) {
entry:
  %gt = icmp sgt <8 x i32> %a, %b
  %z = zext <8 x i1> %gt to <8 x i16>
  ret <8 x i16> %z
}

; Negative: extensions from wider types are ordinary casts: unchanged.
; CHECK-LABEL: define <8 x i32> @zext_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %z = zext <8 x i8> %v to <8 x i32>
; CHECK-NEXT:   ret <8 x i32> %z
; CHECK-NEXT: }
define <8 x i32> @zext_i8(<8 x i8> %v) {
entry:
  %z = zext <8 x i8> %v to <8 x i32>
  ret <8 x i32> %z
}

; Negative: sitofp from i1 is not lowered (only zext, sext and uitofp are).
; CHECK-LABEL: define <4 x float> @sitofp_bool(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %f = sitofp <4 x i1> %p to <4 x float>
; CHECK-NEXT:   ret <4 x float> %f
; CHECK-NEXT: }
define <4 x float> @sitofp_bool(<4 x i1> %p) {
entry:
  %f = sitofp <4 x i1> %p to <4 x float>
  ret <4 x float> %f
}
