; A constant-length llvm.memcpy/memmove between promotable allocas is a region copy: the source's elements are
; read (a whole-vector load, or an rdregion of part of it) and written into the destination (a whole-vector
; store, or a wrregion). Both allocas are promoted together; after mem2reg no memory is left.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -
; RUN: %opt -passes=genx-promote-array -pass-remarks=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes='genx-promote-array,function(mem2reg)' -S %s | FileCheck %s --check-prefix=SSA

declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
declare void @llvm.memmove.p0i8.p0i8.i64(i8*, i8*, i64, i1)

; The whole of %a copied into %b, then %b indexed at run time: a load and a store of the whole vector.
; REMARK: remark: <unknown>:0:0: alloca %a ([4 x i32], 16 bytes) promoted to <4 x i32> with 2 region accesses
; REMARK: remark: <unknown>:0:0: alloca %b ([4 x i32], 16 bytes) promoted to <4 x i32> with 2 region accesses
; CHECK-LABEL: define i32 @whole(
; CHECK: %a.vec = alloca <4 x i32>, align 4
; CHECK-NEXT: %b.vec = alloca <4 x i32>, align 4
; CHECK-NEXT: store <4 x i32> %v, <4 x i32>* %a.vec, align 4
; CHECK-NEXT: %b.i8.copy = load <4 x i32>, <4 x i32>* %a.vec, align 4
; CHECK-NEXT: store <4 x i32> %b.i8.copy, <4 x i32>* %b.vec, align 4
; CHECK-NOT: @llvm.memcpy.p0i8.p0i8.i64(
; CHECK: %r = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %b.v, i32 0, i32 1, i32 1, i16 %p.scaled, i32 undef)
; SSA-LABEL: define i32 @whole(
; SSA-NEXT: entry:
; SSA-NOT: alloca
; SSA: %r = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %v, i32 0, i32 1, i32 1, i16 %p.scaled, i32 undef)
define i32 @whole(<4 x i32> %v, i32 %i) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  %a.all = bitcast [4 x i32]* %a to <4 x i32>*
  store <4 x i32> %v, <4 x i32>* %a.all
  %a.i8 = bitcast [4 x i32]* %a to i8*
  %b.i8 = bitcast [4 x i32]* %b to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %b.i8, i8* align 4 %a.i8, i64 16, i1 false)
  %i.m = and i32 %i, 3
  %p = getelementptr [4 x i32], [4 x i32]* %b, i32 0, i32 %i.m
  %r = load i32, i32* %p
  ret i32 %r
}

; What clang's SROA leaves of struct temporaries (cmtl's block IO helpers): byte arrays only copied into one
; another, here along a chain t1 -> t2 -> t3 whose last link is read. The three are promoted together.
; REMARK: remark: <unknown>:0:0: alloca %t1 ([6 x i8], 6 bytes) promoted to <6 x i8> with 2 region accesses
; REMARK: remark: <unknown>:0:0: alloca %t2 ([6 x i8], 6 bytes) promoted to <6 x i8> with 2 region accesses
; REMARK: remark: <unknown>:0:0: alloca %t3 ([6 x i8], 6 bytes) promoted to <6 x i8> with 2 region accesses
; CHECK-LABEL: define i8 @chain(
; CHECK-NOT: @llvm.memcpy
; CHECK: ret i8 %r
; SSA-LABEL: define i8 @chain(
; SSA-NEXT: entry:
; SSA-NEXT: %r = call i8 @llvm.genx.rdregioni.i8.v6i8.i16(<6 x i8> %v, i32 0, i32 1, i32 1, i16 5, i32 undef)
; SSA-NEXT: ret i8 %r
define i8 @chain(<6 x i8> %v) {
entry:
  %t1 = alloca [6 x i8], align 1
  %t2 = alloca [6 x i8], align 1
  %t3 = alloca [6 x i8], align 1
  %t1.all = bitcast [6 x i8]* %t1 to <6 x i8>*
  store <6 x i8> %v, <6 x i8>* %t1.all
  %t1.0 = getelementptr inbounds [6 x i8], [6 x i8]* %t1, i64 0, i64 0
  %t2.0 = getelementptr inbounds [6 x i8], [6 x i8]* %t2, i64 0, i64 0
  %t3.0 = getelementptr inbounds [6 x i8], [6 x i8]* %t3, i64 0, i64 0
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 1 %t2.0, i8* align 1 %t1.0, i64 6, i1 false)
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 1 %t3.0, i8* align 1 %t2.0, i64 6, i1 false)
  %t3.5 = getelementptr inbounds [6 x i8], [6 x i8]* %t3, i64 0, i64 5
  %r = load i8, i8* %t3.5
  ret i8 %r
}

; An overlapping memmove inside one array (a[1..3] = a[0..2]): the source region is read whole before the
; destination is written, so the overlap keeps memmove's meaning.
; CHECK-LABEL: define <4 x i32> @overlapping_move(
; CHECK: %a.v = load <4 x i32>, <4 x i32>* %a.vec, align 4
; CHECK-NEXT: %a.1.i8.copy = call <3 x i32> @llvm.genx.rdregioni.v3i32.v4i32.i16(<4 x i32> %a.v, i32 0, i32 3, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %a.v1 = load <4 x i32>, <4 x i32>* %a.vec, align 4
; CHECK-NEXT: %a.w = call <4 x i32> @llvm.genx.wrregioni.v4i32.v3i32.i16.i1(<4 x i32> %a.v1, <3 x i32> %a.1.i8.copy, i32 0, i32 3, i32 1, i16 4, i32 undef, i1 true)
; CHECK-NEXT: store <4 x i32> %a.w, <4 x i32>* %a.vec, align 4
define <4 x i32> @overlapping_move(<4 x i32> %v) {
entry:
  %a = alloca [4 x i32], align 4
  %a.all = bitcast [4 x i32]* %a to <4 x i32>*
  store <4 x i32> %v, <4 x i32>* %a.all
  %a.0 = bitcast [4 x i32]* %a to i8*
  %a.1 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 1
  %a.1.i8 = bitcast i32* %a.1 to i8*
  call void @llvm.memmove.p0i8.p0i8.i64(i8* align 4 %a.1.i8, i8* align 4 %a.0, i64 12, i1 false)
  %r = load <4 x i32>, <4 x i32>* %a.all
  ret <4 x i32> %r
}

; A zero-length copy does nothing: it is erased (like a lifetime marker) and the array promoted.
; CHECK-LABEL: define i32 @zero_length(
; CHECK-NOT: @llvm.memcpy
; CHECK: ret i32 %r
define i32 @zero_length(i32 %x, i8* %elsewhere) {
entry:
  %a = alloca [2 x i32], align 4
  %a0 = getelementptr [2 x i32], [2 x i32]* %a, i32 0, i32 0
  store i32 %x, i32* %a0
  %a.i8 = bitcast [2 x i32]* %a to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a.i8, i8* %elsewhere, i64 0, i1 false)
  %r = load i32, i32* %a0
  ret i32 %r
}
