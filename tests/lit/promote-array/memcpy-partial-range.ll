; A copy of part of an array, at constant byte offsets on both sides: an rdregion of the source's elements and a
; wrregion into the destination at the destination's offset. When the two arrays have different element types
; the copied value is bitcast between them (each side's region is in its own element type). A copy from a
; constant global is a plain load of it (left for genx-constant-loads) written into the array.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -

declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)

@table = private unnamed_addr constant [8 x i32] [i32 3, i32 5, i32 7, i32 11, i32 13, i32 17, i32 19, i32 23], align 4

; Shorts 2..5 of %s (bytes 4..12) into ints 2..3 of %d (bytes 8..16).
; CHECK-LABEL: define <4 x i32> @shorts_into_ints(
; CHECK: %s.v = load <8 x i16>, <8 x i16>* %s.vec, align 2
; CHECK-NEXT: %d.8.i8.copy = call <4 x i16> @llvm.genx.rdregioni.v4i16.v8i16.i16(<8 x i16> %s.v, i32 0, i32 4, i32 1, i16 4, i32 undef)
; CHECK-NEXT: %d.8.i8.copy.cast = bitcast <4 x i16> %d.8.i8.copy to <2 x i32>
; CHECK-NEXT: %d.v = load <4 x i32>, <4 x i32>* %d.vec, align 4
; CHECK-NEXT: %d.w = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> %d.v, <2 x i32> %d.8.i8.copy.cast, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT: store <4 x i32> %d.w, <4 x i32>* %d.vec, align 4
define <4 x i32> @shorts_into_ints(<8 x i16> %v, <4 x i32> %w) {
entry:
  %s = alloca [8 x i16], align 2
  %d = alloca [4 x i32], align 4
  %s.all = bitcast [8 x i16]* %s to <8 x i16>*
  store <8 x i16> %v, <8 x i16>* %s.all
  %d.all = bitcast [4 x i32]* %d to <4 x i32>*
  store <4 x i32> %w, <4 x i32>* %d.all
  %s.4 = getelementptr [8 x i16], [8 x i16]* %s, i32 0, i32 2
  %s.4.i8 = bitcast i16* %s.4 to i8*
  %d.8 = getelementptr [4 x i32], [4 x i32]* %d, i32 0, i32 2
  %d.8.i8 = bitcast i32* %d.8 to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %d.8.i8, i8* align 2 %s.4.i8, i64 8, i1 false)
  %r = load <4 x i32>, <4 x i32>* %d.all
  ret <4 x i32> %r
}

; Ints 0..1 of %d (a whole-element source at offset 0) into the middle of a byte array at byte 4, then a byte
; read at a run-time index.
; CHECK-LABEL: define i8 @ints_into_bytes(
; CHECK: %b.4.copy = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %d.v, i32 0, i32 2, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %b.4.copy.cast = bitcast <2 x i32> %b.4.copy to <8 x i8>
; CHECK: call <16 x i8> @llvm.genx.wrregioni.v16i8.v8i8.i16.i1(<16 x i8> %b.v, <8 x i8> %b.4.copy.cast, i32 0, i32 8, i32 1, i16 4, i32 undef, i1 true)
define i8 @ints_into_bytes(<4 x i32> %w, i32 %i) {
entry:
  %d = alloca [4 x i32], align 4
  %b = alloca [16 x i8], align 1
  %d.all = bitcast [4 x i32]* %d to <4 x i32>*
  store <4 x i32> %w, <4 x i32>* %d.all
  %b.all = bitcast [16 x i8]* %b to <16 x i8>*
  store <16 x i8> zeroinitializer, <16 x i8>* %b.all
  %d.i8 = bitcast [4 x i32]* %d to i8*
  %b.4 = getelementptr [16 x i8], [16 x i8]* %b, i32 0, i32 4
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %b.4, i8* %d.i8, i64 8, i1 false)
  %i.m = and i32 %i, 15
  %p = getelementptr [16 x i8], [16 x i8]* %b, i32 0, i32 %i.m
  %r = load i8, i8* %p
  ret i8 %r
}

; Ints 2..5 of a constant table into ints 1..4 of %t (array initialisation from a constant global).
; CHECK-LABEL: define i32 @from_constant_table(
; CHECK: %t.1.i8.copy = load <4 x i32>, <4 x i32>* bitcast (i8* getelementptr (i8, i8* bitcast ([8 x i32]* @table to i8*), i32 8) to <4 x i32>*), align 4
; CHECK-NEXT: %t.v3 = load <6 x i32>, <6 x i32>* %t.vec, align 4
; CHECK-NEXT: %t.w4 = call <6 x i32> @llvm.genx.wrregioni.v6i32.v4i32.i16.i1(<6 x i32> %t.v3, <4 x i32> %t.1.i8.copy, i32 0, i32 4, i32 1, i16 4, i32 undef, i1 true)
define i32 @from_constant_table(i32 %i) {
entry:
  %t = alloca [6 x i32], align 4
  %t.0 = getelementptr [6 x i32], [6 x i32]* %t, i32 0, i32 0
  store i32 1, i32* %t.0
  %t.5 = getelementptr [6 x i32], [6 x i32]* %t, i32 0, i32 5
  store i32 2, i32* %t.5
  %t.1 = getelementptr [6 x i32], [6 x i32]* %t, i32 0, i32 1
  %t.1.i8 = bitcast i32* %t.1 to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %t.1.i8, i8* align 4 getelementptr (i8, i8* bitcast ([8 x i32]* @table to i8*), i32 8), i64 16, i1 false)
  %i.m = and i32 %i, 3
  %p = getelementptr [6 x i32], [6 x i32]* %t, i32 0, i32 %i.m
  %r = load i32, i32* %p
  ret i32 %r
}
