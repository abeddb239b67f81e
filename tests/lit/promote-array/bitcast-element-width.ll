; Accesses through bitcast pointers of another element type: the vector is bitcast to that element type and the
; region is taken in it (offsets stay in bytes); a store bitcasts the written vector back.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -

; An int array read as shorts (the high half of element 1 is short 3) and written as a <2 x i16> at byte 8.
; CHECK-LABEL: define i16 @narrower(
; CHECK: %a.vec = alloca <4 x i32>, align 4
; CHECK: store <4 x i32> %v, <4 x i32>* %a.vec, align 4
; CHECK: %a.v.cast = bitcast <4 x i32> %a.v to <8 x i16>
; CHECK-NEXT: %a.w = call <8 x i16> @llvm.genx.wrregioni.v8i16.v2i16.i16.i1(<8 x i16> %a.v.cast, <2 x i16> %pair, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT: %a.w.cast = bitcast <8 x i16> %a.w to <4 x i32>
; CHECK-NEXT: store <4 x i32> %a.w.cast, <4 x i32>* %a.vec, align 4
; CHECK: %hi1 = call i16 @llvm.genx.rdregioni.i16.v8i16.i16(<8 x i16> %a.v.cast{{[0-9]*}}, i32 0, i32 1, i32 1, i16 6, i32 undef)
; CHECK: %lo2 = call i16 @llvm.genx.rdregioni.i16.v8i16.i16(<8 x i16> %a.v.cast{{[0-9]*}}, i32 0, i32 1, i32 1, i16 8, i32 undef)
define i16 @narrower(<4 x i32> %v, <2 x i16> %pair) {
entry:
  %a = alloca [4 x i32], align 4
  %a.all = bitcast [4 x i32]* %a to <4 x i32>*
  store <4 x i32> %v, <4 x i32>* %a.all
  %a.s = bitcast [4 x i32]* %a to i16*
  %p8 = getelementptr i16, i16* %a.s, i32 4
  %p8.v = bitcast i16* %p8 to <2 x i16>*
  store <2 x i16> %pair, <2 x i16>* %p8.v
  %p3 = getelementptr i16, i16* %a.s, i32 3
  %hi1 = load i16, i16* %p3
  %lo2 = load i16, i16* %p8
  %r = add i16 %hi1, %lo2
  ret i16 %r
}

; A short array read as an i64 at byte 8 (a wider element: <16 x i16> seen as <4 x i64>), and a float array
; read as its bits (same width, other type).
; CHECK-LABEL: define i64 @wider(
; CHECK: %s.v.cast = bitcast <16 x i16> %s.v to <4 x i64>
; CHECK-NEXT: %q = call i64 @llvm.genx.rdregioni.i64.v4i64.i16(<4 x i64> %s.v.cast, i32 0, i32 1, i32 1, i16 8, i32 undef)
define i64 @wider(<16 x i16> %v) {
entry:
  %s = alloca [16 x i16], align 8
  %s.all = bitcast [16 x i16]* %s to <16 x i16>*
  store <16 x i16> %v, <16 x i16>* %s.all
  %s.q = bitcast [16 x i16]* %s to i64*
  %p = getelementptr i64, i64* %s.q, i32 1
  %q = load i64, i64* %p
  ret i64 %q
}

; CHECK-LABEL: define i32 @float_bits(
; CHECK: %f.v.cast = bitcast <8 x float> %f.v{{[0-9]*}} to <8 x i32>
; CHECK-NEXT: %bits = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %f.v.cast, i32 0, i32 1, i32 1, i16 %fp.scaled, i32 undef)
define i32 @float_bits(float %x, i32 %i) {
entry:
  %f = alloca [8 x float], align 4
  %i.m = and i32 %i, 7
  %fp = getelementptr [8 x float], [8 x float]* %f, i32 0, i32 %i.m
  store float %x, float* %fp
  %ip = bitcast float* %fp to i32*
  %bits = load i32, i32* %ip
  ret i32 %bits
}

; Not promoted: an i32 load at byte 2 of a short array is not aligned to its element size, and no i32 region can
; start there.
; CHECK-LABEL: define i32 @misaligned(
; CHECK-NEXT: entry:
; CHECK-NEXT: %m = alloca [8 x i16], align 4
; RUN: %opt -passes=genx-promote-array -pass-remarks-missed=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: remark: <unknown>:0:0: alloca %m not promoted: it loads 4-byte elements at an offset that may not be a multiple of 4
define i32 @misaligned(<8 x i16> %v) {
entry:
  %m = alloca [8 x i16], align 4
  %m.all = bitcast [8 x i16]* %m to <8 x i16>*
  store <8 x i16> %v, <8 x i16>* %m.all
  %p1 = getelementptr [8 x i16], [8 x i16]* %m, i32 0, i32 1
  %p1.i = bitcast i16* %p1 to i32*
  %r = load i32, i32* %p1.i, align 2
  ret i32 %r
}
