; A 2D array `float m[4][8]` flattens to <32 x float>: m[r][c] is byte (r*8 + c)*4, so the row index scales by 32
; and the column by 4; a row read through a bitcast is an 8-element region at a variable row offset.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -

; CHECK-LABEL: define float @element_rc(
; CHECK: %m.vec = alloca <32 x float>, align 4
; CHECK: %r.m.i16 = trunc i32 %r.m to i16
; CHECK-NEXT: %p.scaled = mul i16 %r.m.i16, 32
; CHECK-NEXT: %c.m.i16 = trunc i32 %c.m to i16
; CHECK-NEXT: %p.scaled1 = mul i16 %c.m.i16, 4
; CHECK-NEXT: %p.offset = add i16 %p.scaled, %p.scaled1
; CHECK: call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> %m.v, float %x, i32 0, i32 1, i32 1, i16 %p.offset, i32 undef, i1 true)
; CHECK: %r.m.i16{{[0-9]+}} = trunc i32 %r.m to i16
; CHECK-NEXT: %q.scaled = mul i16 %r.m.i16{{[0-9]+}}, 32
; CHECK: %region.index = add i16 %q.scaled, 12
; CHECK-NEXT: %got = call float @llvm.genx.rdregionf.f32.v32f32.i16(<32 x float> %m.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 %region.index, i32 undef)
define float @element_rc(float %x, i32 %r, i32 %c) {
entry:
  %m = alloca [4 x [8 x float]], align 4
  %r.m = and i32 %r, 3
  %c.m = and i32 %c, 7
  %p = getelementptr [4 x [8 x float]], [4 x [8 x float]]* %m, i32 0, i32 %r.m, i32 %c.m
  store float %x, float* %p
  ; m[r][3]: variable row, constant column.
  %q = getelementptr [4 x [8 x float]], [4 x [8 x float]]* %m, i32 0, i32 %r.m, i32 3
  %got = load float, float* %q
  ret float %got
}

; Whole rows: store row 2 as a vector (constant offset 64), read row r back (variable, 8 elements).
; CHECK-LABEL: define <8 x float> @rows(
; CHECK: call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %m.v, <8 x float> %row, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
; CHECK: %r.m.i16 = trunc i32 %r.m to i16
; CHECK-NEXT: %rp.scaled = mul i16 %r.m.i16, 32
; CHECK: %back = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %m.v{{[0-9]*}}, i32 0, i32 8, i32 1, i16 %rp.scaled, i32 undef)
define <8 x float> @rows(<8 x float> %row, i32 %r) {
entry:
  %m = alloca [4 x [8 x float]], align 4
  %row2 = getelementptr [4 x [8 x float]], [4 x [8 x float]]* %m, i32 0, i32 2
  %row2.v = bitcast [8 x float]* %row2 to <8 x float>*
  store <8 x float> %row, <8 x float>* %row2.v
  %r.m = and i32 %r, 3
  %rp = getelementptr [4 x [8 x float]], [4 x [8 x float]]* %m, i32 0, i32 %r.m
  %rp.v = bitcast [8 x float]* %rp to <8 x float>*
  %back = load <8 x float>, <8 x float>* %rp.v
  ret <8 x float> %back
}

; An array of vectors: [2 x <4 x i32>] is <8 x i32>; a GEP into the vector element steps 4 bytes.
; CHECK-LABEL: define i32 @array_of_vectors(
; CHECK: %av.vec = alloca <8 x i32>, align 16
; CHECK: call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %av.v, <4 x i32> %v, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
; CHECK: %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %av.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 24, i32 undef)
define i32 @array_of_vectors(<4 x i32> %v) {
entry:
  %av = alloca [2 x <4 x i32>], align 16
  %second = getelementptr [2 x <4 x i32>], [2 x <4 x i32>]* %av, i32 0, i32 1
  store <4 x i32> %v, <4 x i32>* %second
  %lane2 = getelementptr [2 x <4 x i32>], [2 x <4 x i32>]* %av, i32 0, i32 1, i32 2
  %e = load i32, i32* %lane2
  ret i32 %e
}
