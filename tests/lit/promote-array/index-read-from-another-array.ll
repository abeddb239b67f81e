; Two promoted arrays where one is indexed by a value read from the other (`a[b[i] * 2] = v`, the cmtl cached
; stack's and tile_rotate_cmtl's pattern): the smaller array @b is promoted first and its load becomes a
; rdregion, so @a is analyzed again after it (its index terms named b's erased load: the pass built
; `sext <16 x i32> ... to i16` from freed memory and the verifier crashed printing it). Both are promoted and
; the result validates against the original.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll

; CHECK-LABEL: define i32 @indexed_by_other(
; CHECK-NOT: alloca [
; CHECK: [[K:%.*]] = call i16 @llvm.genx.rdregioni.i16.v4i16.i16(
; CHECK: zext i16 [[K]] to i32
; CHECK: call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(
; CHECK: ret i32
define i32 @indexed_by_other(i32 %i, i32 %v) {
entry:
  %b = alloca [4 x i16], align 2
  %a = alloca [8 x i32], align 32
  %b0 = getelementptr [4 x i16], [4 x i16]* %b, i64 0, i64 0
  store i16 3, i16* %b0
  %b1 = getelementptr [4 x i16], [4 x i16]* %b, i64 0, i64 1
  store i16 0, i16* %b1
  %b2 = getelementptr [4 x i16], [4 x i16]* %b, i64 0, i64 2
  store i16 2, i16* %b2
  %b3 = getelementptr [4 x i16], [4 x i16]* %b, i64 0, i64 3
  store i16 1, i16* %b3
  %av = bitcast [8 x i32]* %a to <8 x i32>*
  store <8 x i32> <i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17>, <8 x i32>* %av
  %i3 = and i32 %i, 3
  %i3w = sext i32 %i3 to i64
  %bi = getelementptr [4 x i16], [4 x i16]* %b, i64 0, i64 %i3w
  %k = load i16, i16* %bi
  %k32 = zext i16 %k to i32
  %k2 = mul nsw i32 %k32, 2
  %k64 = sext i32 %k2 to i64
  %ak = getelementptr [8 x i32], [8 x i32]* %a, i64 0, i64 %k64
  store i32 %v, i32* %ak
  %j = and i32 %v, 7
  %j64 = sext i32 %j to i64
  %aj = getelementptr [8 x i32], [8 x i32]* %a, i64 0, i64 %j64
  %r = load i32, i32* %aj
  ret i32 %r
}
