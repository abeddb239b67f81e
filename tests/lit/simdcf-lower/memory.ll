; Memory under SIMD control flow: a GenX scatter and an llvm.masked.store get their predicate and-ed with EM,
; a scalar store runs unpredicated (scalar code executes once per thread while any channel is enabled), and a
; load is left alone (its value matters only in enabled channels).
; RUN: %opt -passes=genx-simdcf-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes='genx-simdcf-lower<reference>' -S %s -o %t.ref.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.ll
; RUN: not %validate %s %t.ll
; RUN: %cmc -passes=genx-simdcf-lower -S %s | diff %t.ll -
; RUN: %cmc -passes=genx-simdcf-lower,mem2reg -S %s -o %t.m2r.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.m2r.ll

; CHECK-LABEL: define void @scatter_under_if(
; CHECK: then:
; CHECK: %old = load <8 x i32>, <8 x i32>* %p
; CHECK: %em.slice = shufflevector
; CHECK-NEXT: %even.simdcf = and <8 x i1> %even, %em.slice
; CHECK-NEXT: call void @llvm.genx.svm.scatter.v8i1.v8i64.v8i32(<8 x i1> %even.simdcf, i32 0, <8 x i64> %addr, <8 x i32> %sum)
; The all-ones predicate of the masked store is EM itself.
; CHECK: call void @llvm.masked.store.v8i32.p0v8i32(<8 x i32> %sum, <8 x i32>* %q, i32 4, <8 x i1> %em.slice{{[0-9]+}})
; CHECK-NOT: select
; CHECK: store i32 %first, i32* %s
define void @scatter_under_if(<8 x i32> %x, <8 x i32>* %p, <8 x i32>* %q, i32* %s) {
entry:
  %c = icmp sgt <8 x i32> %x, zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %end

then:
  %old = load <8 x i32>, <8 x i32>* %p
  %sum = add <8 x i32> %old, %x
  %base = ptrtoint <8 x i32>* %p to i64
  %base.v = insertelement <8 x i64> undef, i64 %base, i32 0
  %base.splat = shufflevector <8 x i64> %base.v, <8 x i64> undef, <8 x i32> zeroinitializer
  %addr = add <8 x i64> %base.splat, <i64 0, i64 4, i64 8, i64 12, i64 16, i64 20, i64 24, i64 28>
  %bit = and <8 x i32> %x, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %even = icmp eq <8 x i32> %bit, zeroinitializer
  call void @llvm.genx.svm.scatter.v8i1.v8i64.v8i32(<8 x i1> %even, i32 0, <8 x i64> %addr, <8 x i32> %sum)
  call void @llvm.masked.store.v8i32.p0v8i32(<8 x i32> %sum, <8 x i32>* %q, i32 4, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>)
  %first = extractelement <8 x i32> %x, i32 0
  store i32 %first, i32* %s
  br label %end

end:
  ret void
}

declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)
declare void @llvm.genx.svm.scatter.v8i1.v8i64.v8i32(<8 x i1>, i32, <8 x i64>, <8 x i32>)
declare void @llvm.masked.store.v8i32.p0v8i32(<8 x i32>, <8 x i32>*, i32, <8 x i1>)
