; Operations the pass must leave whole, each with its reason as a missed remark: a fill with a non-zero lane
; outside the region, a fill on the left of a sub (0 - x is not x), a masked region write, a fill with another
; user, and a float add (x + 0.0 is +0.0 for x = -0.0: no remark, floats are not candidates).
; RUN: %opt -passes=genx-partial-op -pass-remarks-missed=genx-partial-op -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-partial-op -S %s | diff %t.ll -

; REMARK: remark: {{.*}}a lane outside the region is not zero
; CHECK-LABEL: define <8 x i32> @nonzero_lane(
; CHECK:        %r = add <8 x i32> %x, %fill
define <8 x i32> @nonzero_lane(<8 x i32> %x, <4 x i32> %y) {
entry:
  %fill = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> <i32 0, i32 0, i32 0, i32 0, i32 undef, i32 undef, i32 undef, i32 1>, <4 x i32> %y, i32 0, i32 4, i32 1, i16 12, i32 undef, i1 true)
  %r = add <8 x i32> %x, %fill
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}no operand is a region write into zeros
; CHECK-LABEL: define <8 x i32> @fill_minus_x(
; CHECK:        %r = sub <8 x i32> %fill, %x
define <8 x i32> @fill_minus_x(<8 x i32> %x, <4 x i32> %y) {
entry:
  %fill = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> %y, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %r = sub <8 x i32> %fill, %x
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}the region write is masked or indirect
; CHECK-LABEL: define <8 x i32> @masked(
; CHECK:        %r = add <8 x i32> %x, %fill
define <8 x i32> @masked(<8 x i32> %x, <4 x i32> %y, <4 x i1> %m) {
entry:
  %fill = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32> zeroinitializer, <4 x i32> %y, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> %m)
  %r = add <8 x i32> %x, %fill
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}the region write has other users
; CHECK-LABEL: define <8 x i32> @shared_fill(
; CHECK:        %r = add <8 x i32> %x, %fill
define <8 x i32> @shared_fill(<8 x i32> %x, <4 x i32> %y, <8 x i32>* %p) {
entry:
  %fill = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> %y, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  store <8 x i32> %fill, <8 x i32>* %p
  %r = add <8 x i32> %x, %fill
  ret <8 x i32> %r
}

; CHECK-LABEL: define <8 x float> @float_add(
; CHECK:        %r = fadd <8 x float> %x, %fill
define <8 x float> @float_add(<8 x float> %x, <4 x float> %y) {
entry:
  %fill = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> zeroinitializer, <4 x float> %y, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %r = fadd <8 x float> %x, %fill
  ret <8 x float> %r
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
