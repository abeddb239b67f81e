; Constant indices: every access of the array becomes a direct region of one <N x T> alloca at the element's byte
; offset (index * element size); a sub-vector access through a bitcast pointer becomes a multi-element region, an
; access of the whole array a plain vector load; lifetime markers are dropped with the old alloca.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -
; RUN: %opt -passes=genx-promote-array -pass-remarks=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=genx-promote-array -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; REMARK: remark: <unknown>:0:0: alloca %a ([8 x i32], 32 bytes) promoted to <8 x i32> with 4 region accesses
; REMARK: remark: <unknown>:0:0: alloca %f ([4 x float], 16 bytes) promoted to <4 x float> with 7 region accesses
; STATS: 11 genx-promote-array - loads and stores rewritten as region accesses
; STATS: 2 genx-promote-array - allocas promoted to vectors

; CHECK-LABEL: define i32 @scalars(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.vec = alloca <8 x i32>, align 4
; CHECK-NEXT: %a.v = load <8 x i32>, <8 x i32>* %a.vec, align 4
; CHECK-NEXT: %a.w = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %a.v, i32 %x, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT: store <8 x i32> %a.w, <8 x i32>* %a.vec, align 4
; CHECK-NEXT: %a.v1 = load <8 x i32>, <8 x i32>* %a.vec, align 4
; CHECK-NEXT: %a.w2 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %a.v1, i32 %y, i32 0, i32 1, i32 1, i16 20, i32 undef, i1 true)
; CHECK-NEXT: store <8 x i32> %a.w2, <8 x i32>* %a.vec, align 4
; CHECK-NEXT: %a.v3 = load <8 x i32>, <8 x i32>* %a.vec, align 4
; CHECK-NEXT: %two = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %a.v3, i32 0, i32 1, i32 1, i16 8, i32 undef)
; CHECK-NEXT: %a.v4 = load <8 x i32>, <8 x i32>* %a.vec, align 4
; CHECK-NEXT: %five = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %a.v4, i32 0, i32 1, i32 1, i16 20, i32 undef)
; CHECK-NEXT: %sum = add i32 %two, %five
; CHECK-NEXT: ret i32 %sum
define i32 @scalars(i32 %x, i32 %y) {
entry:
  %a = alloca [8 x i32], align 4
  %a.i8 = bitcast [8 x i32]* %a to i8*
  call void @llvm.lifetime.start.p0i8(i64 32, i8* %a.i8)
  %p2 = getelementptr inbounds [8 x i32], [8 x i32]* %a, i64 0, i64 2
  store i32 %x, i32* %p2, align 4
  %p5 = getelementptr inbounds [8 x i32], [8 x i32]* %a, i64 0, i64 5
  store i32 %y, i32* %p5, align 4
  %two = load i32, i32* %p2, align 4
  %five = load i32, i32* %p5, align 4
  %sum = add i32 %two, %five
  call void @llvm.lifetime.end.p0i8(i64 32, i8* %a.i8)
  ret i32 %sum
}

; A float array written element by element, then read as the pair at byte 8 (a GEP on a <2 x float>* bitcast
; steps 8 bytes), whole through a <4 x float>* bitcast (no region), and as the middle pair from a bitcast of the
; pointer to element 1 (byte 4).
; CHECK-LABEL: define <4 x float> @subvectors(
; CHECK: %f.vec = alloca <4 x float>, align 16
; CHECK: %f.w = call <4 x float> @llvm.genx.wrregionf.v4f32.f32.i16.i1(<4 x float> %f.v, float %a, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK: %f.w2 = call <4 x float> @llvm.genx.wrregionf.v4f32.f32.i16.i1(<4 x float> %f.v1, float %b, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
; CHECK: %f.w4 = call <4 x float> @llvm.genx.wrregionf.v4f32.f32.i16.i1(<4 x float> %f.v3, float %c, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
; CHECK: %f.w6 = call <4 x float> @llvm.genx.wrregionf.v4f32.f32.i16.i1(<4 x float> %f.v5, float %d, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
; CHECK: %pair = call <2 x float> @llvm.genx.rdregionf.v2f32.v4f32.i16(<4 x float> %f.v7, i32 0, i32 2, i32 1, i16 8, i32 undef)
; CHECK-NEXT: %all = load <4 x float>, <4 x float>* %f.vec, align 16
; CHECK-NEXT: %f.v8 = load <4 x float>, <4 x float>* %f.vec, align 16
; CHECK-NEXT: %mid = call <2 x float> @llvm.genx.rdregionf.v2f32.v4f32.i16(<4 x float> %f.v8, i32 0, i32 2, i32 1, i16 4, i32 undef)
; CHECK-NOT: getelementptr
; CHECK-NOT: bitcast
; CHECK: ret <4 x float> %r
define <4 x float> @subvectors(float %a, float %b, float %c, float %d) {
entry:
  %f = alloca [4 x float], align 16
  %f0 = getelementptr [4 x float], [4 x float]* %f, i32 0, i32 0
  store float %a, float* %f0
  %f1 = getelementptr [4 x float], [4 x float]* %f, i32 0, i32 1
  store float %b, float* %f1
  %f2 = getelementptr [4 x float], [4 x float]* %f, i32 0, i32 2
  store float %c, float* %f2
  %f3 = getelementptr [4 x float], [4 x float]* %f, i32 0, i32 3
  store float %d, float* %f3
  %as.pairs = bitcast [4 x float]* %f to <2 x float>*
  %second = getelementptr <2 x float>, <2 x float>* %as.pairs, i32 1
  %pair = load <2 x float>, <2 x float>* %second
  %as.vec = bitcast [4 x float]* %f to <4 x float>*
  %all = load <4 x float>, <4 x float>* %as.vec
  %mid.ptr = bitcast float* %f1 to <2 x float>*
  %mid = load <2 x float>, <2 x float>* %mid.ptr
  %wide = shufflevector <2 x float> %pair, <2 x float> %mid, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %r = fadd <4 x float> %all, %wide
  ret <4 x float> %r
}

declare void @llvm.lifetime.start.p0i8(i64, i8*)
declare void @llvm.lifetime.end.p0i8(i64, i8*)
