; A variable GEP index that is itself a load from another promoted alloca (the shape of a stack after inlining:
; `data[top[0]]`, cmtl-cached-stack.cpp). The smaller `%top` is rewritten first, which replaces and erases that
; load; `%data`'s rewrite must then use the rdregion that replaced it, not the erased load (it used to read
; freed memory and crash the module verifier). Both arrays become vectors and the function computes the same.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %opt '-passes=genx-promote-array,function(mem2reg)' -S %s -o %t2.ll
; RUN: %validate %s %t2.ll

; CHECK-LABEL: define i32 @push_and_peek(
; CHECK-DAG: %top.vec = alloca <2 x i32>
; CHECK-DAG: %data.vec = alloca <8 x i32>
; CHECK: %k = call i32 @llvm.genx.rdregioni.i32.v2i32.i16(<2 x i32> %top.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK: %k.i16 = trunc i32 %k to i16
; CHECK: call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %data.v{{[0-9]*}}, i32 %x, i32 0, i32 1, i32 1, i16 %p.scaled, i32 undef, i1 true)
; CHECK: %k2 = call i32 @llvm.genx.rdregioni.i32.v2i32.i16(<2 x i32> %top.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 4, i32 undef)
; CHECK: %k2.i16 = trunc i32 %k2 to i16
; CHECK: %y = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %data.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 %q.scaled, i32 undef)
; CHECK-NOT: alloca [
define i32 @push_and_peek(i32 %x, i32 %i, i32 %j, <8 x i32> %init) {
entry:
  %data = alloca [8 x i32], align 4
  %top = alloca [2 x i32], align 4
  %whole = bitcast [8 x i32]* %data to <8 x i32>*
  store <8 x i32> %init, <8 x i32>* %whole
  %i.m = and i32 %i, 7
  %j.m = and i32 %j, 7
  %t0 = getelementptr [2 x i32], [2 x i32]* %top, i32 0, i32 0
  %t1 = getelementptr [2 x i32], [2 x i32]* %top, i32 0, i32 1
  store i32 %i.m, i32* %t0
  store i32 %j.m, i32* %t1
  %k = load i32, i32* %t0
  %p = getelementptr [8 x i32], [8 x i32]* %data, i32 0, i32 %k
  store i32 %x, i32* %p
  %k2 = load i32, i32* %t1
  %q = getelementptr [8 x i32], [8 x i32]* %data, i32 0, i32 %k2
  %y = load i32, i32* %q
  %s = add i32 %y, %k
  ret i32 %s
}

; The same shape where the indexed array's address escapes (ptrtoint): the index array is promoted, the escaping
; one is left exactly as it was, its GEP now indexed by the rdregion that replaced the load.
; CHECK-LABEL: define i64 @escaping_data(
; CHECK-DAG: %top.vec = alloca <2 x i32>
; CHECK-DAG: %data = alloca [8 x i32], align 4
; CHECK: %k = call i32 @llvm.genx.rdregioni.i32.v2i32.i16(
; CHECK: %p = getelementptr [8 x i32], [8 x i32]* %data, i32 0, i32 %k
; CHECK-NEXT: store i32 %x, i32* %p
; CHECK-NEXT: %addr = ptrtoint i32* %p to i64
define i64 @escaping_data(i32 %x, i32 %i) {
entry:
  %data = alloca [8 x i32], align 4
  %top = alloca [2 x i32], align 4
  %i.m = and i32 %i, 7
  %t0 = getelementptr [2 x i32], [2 x i32]* %top, i32 0, i32 0
  store i32 %i.m, i32* %t0
  %k = load i32, i32* %t0
  %p = getelementptr [8 x i32], [8 x i32]* %data, i32 0, i32 %k
  store i32 %x, i32* %p
  %addr = ptrtoint i32* %p to i64
  %off = sub i64 %addr, 0
  ret i64 0
}
