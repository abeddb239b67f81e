; A constant-length llvm.memset on a promotable alloca is a region fill: the byte splatted to the filled length,
; seen as the array's element type, written into the array (a whole-vector store when it covers the array).
; A constant byte gives a constant of the element type; a run-time byte a shufflevector splat and a bitcast.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -

declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)

; Zero-initialisation of the whole array (`int z[4] = {}`), then one element written and one read at run time.
; CHECK-LABEL: define i32 @zero_whole(
; CHECK: %z.vec = alloca <4 x i32>, align 4
; CHECK-NEXT: store <4 x i32> zeroinitializer, <4 x i32>* %z.vec, align 4
; CHECK-NOT: @llvm.memset
; CHECK: %r = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(
define i32 @zero_whole(i32 %i, i32 %x) {
entry:
  %z = alloca [4 x i32], align 4
  %z.i8 = bitcast [4 x i32]* %z to i8*
  call void @llvm.memset.p0i8.i64(i8* align 4 %z.i8, i8 0, i64 16, i1 false)
  %z2 = getelementptr [4 x i32], [4 x i32]* %z, i32 0, i32 2
  store i32 %x, i32* %z2
  %i.m = and i32 %i, 3
  %p = getelementptr [4 x i32], [4 x i32]* %z, i32 0, i32 %i.m
  %r = load i32, i32* %p
  ret i32 %r
}

; Floats 3..5 filled with a run-time byte.
; CHECK-LABEL: define <8 x float> @run_time_byte(
; CHECK: %0 = insertelement <12 x i8> undef, i8 %b, i32 0
; CHECK-NEXT: %f3.i8.fill = shufflevector <12 x i8> %0, <12 x i8> undef, <12 x i32> zeroinitializer
; CHECK-NEXT: %f3.i8.fill.cast = bitcast <12 x i8> %f3.i8.fill to <3 x float>
; CHECK-NEXT: %f.v = load <8 x float>, <8 x float>* %f.vec, align 4
; CHECK-NEXT: %f.w = call <8 x float> @llvm.genx.wrregionf.v8f32.v3f32.i16.i1(<8 x float> %f.v, <3 x float> %f3.i8.fill.cast, i32 0, i32 3, i32 1, i16 12, i32 undef, i1 true)
define <8 x float> @run_time_byte(i8 %b, <8 x float> %v) {
entry:
  %f = alloca [8 x float], align 4
  %f.all = bitcast [8 x float]* %f to <8 x float>*
  store <8 x float> %v, <8 x float>* %f.all
  %f3 = getelementptr [8 x float], [8 x float]* %f, i32 0, i32 3
  %f3.i8 = bitcast float* %f3 to i8*
  call void @llvm.memset.p0i8.i64(i8* align 4 %f3.i8, i8 %b, i64 12, i1 false)
  %r = load <8 x float>, <8 x float>* %f.all
  ret <8 x float> %r
}

; A constant byte on floats: every float is 0x3F3F3F3F (0.7470588...).
; CHECK-LABEL: define <4 x float> @constant_byte_floats(
; CHECK: call <4 x float> @llvm.genx.wrregionf.v4f32.v2f32.i16.i1(<4 x float> %f.v, <2 x float> <float 0x3FE7E7E7E0000000, float 0x3FE7E7E7E0000000>, i32 0, i32 2, i32 1, i16 4, i32 undef, i1 true)
define <4 x float> @constant_byte_floats(<4 x float> %v) {
entry:
  %f = alloca [4 x float], align 4
  %f.all = bitcast [4 x float]* %f to <4 x float>*
  store <4 x float> %v, <4 x float>* %f.all
  %f1 = getelementptr [4 x float], [4 x float]* %f, i32 0, i32 1
  %f1.i8 = bitcast float* %f1 to i8*
  call void @llvm.memset.p0i8.i64(i8* align 4 %f1.i8, i8 63, i64 8, i1 false)
  %r = load <4 x float>, <4 x float>* %f.all
  ret <4 x float> %r
}

; One element (2 bytes of a short array) set to all ones: a scalar i16 -1, no vector of one lane.
; CHECK-LABEL: define i16 @one_element(
; CHECK: call <2 x i16> @llvm.genx.wrregioni.v2i16.i16.i16.i1(<2 x i16> %s.v1, i16 -1, i32 0, i32 1, i32 1, i16 2, i32 undef, i1 true)
define i16 @one_element(i16 %x) {
entry:
  %s = alloca [2 x i16], align 2
  %s0 = getelementptr [2 x i16], [2 x i16]* %s, i32 0, i32 0
  store i16 %x, i16* %s0
  %s1 = getelementptr [2 x i16], [2 x i16]* %s, i32 0, i32 1
  %s1.i8 = bitcast i16* %s1 to i8*
  call void @llvm.memset.p0i8.i64(i8* align 2 %s1.i8, i8 -1, i64 2, i1 false)
  %a = load i16, i16* %s0
  %b = load i16, i16* %s1
  %r = add i16 %a, %b
  ret i16 %r
}
