; SIMD_IF / SIMD_ELSEIF / SIMD_ELSE chains and nested SIMD_IFs: each condition is evaluated only by the
; channels that reach it, and an inner SIMD_IF runs under the outer one's mask.
; RUN: %opt -passes=genx-simdcf-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes='genx-simdcf-lower<reference>' -S %s -o %t.ref.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.ll
; RUN: %cmc -passes=genx-simdcf-lower -S %s | diff %t.ll -
; RUN: %cmc -passes=genx-simdcf-lower,mem2reg -S %s -o %t.m2r.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.m2r.ll

; CHECK-LABEL: define <8 x i32> @elseif_chain(
; CHECK: br i1 %goto.branch, label %elif.join, label %first
; CHECK: elif.join:
; CHECK: br i1 %join.branch, label %end.join, label %elif
; CHECK: elif:
; CHECK: goto.v32i1.v8i1(<32 x i1> %em{{[0-9]*}}, <8 x i1> %rm{{[0-9]*}}, <8 x i1> %c2)
; CHECK: br i1 %goto.branch{{[0-9]*}}, label %otherwise.join, label %second
; CHECK: otherwise.join:
; CHECK: otherwise:
; CHECK: end.join:
; CHECK-NOT: simdcf.any
define <8 x i32> @elseif_chain(<8 x i32> %x) {
entry:
  %c1 = icmp sgt <8 x i32> %x, <i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000>
  %any1 = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c1)
  br i1 %any1, label %first, label %elif

first:
  %r1 = sub <8 x i32> %x, <i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000>
  br label %end

elif:
  %c2 = icmp slt <8 x i32> %x, <i32 -1000, i32 -1000, i32 -1000, i32 -1000, i32 -1000, i32 -1000, i32 -1000, i32 -1000>
  %any2 = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c2)
  br i1 %any2, label %second, label %otherwise

second:
  %r2 = sub <8 x i32> zeroinitializer, %x
  br label %end

otherwise:
  %r3 = shl <8 x i32> %x, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  br label %end

end:
  %r = phi <8 x i32> [ %r1, %first ], [ %r2, %second ], [ %r3, %otherwise ]
  ret <8 x i32> %r
}

; An outer SIMD_IF with an inner SIMD_IF/SIMD_ELSE and a statement after the inner one; the inner condition is
; computed under the outer mask from a value of the outer block, the statement after it sees both legs' values.
; CHECK-LABEL: define <16 x i16> @nested(
; CHECK: br i1 %goto.branch, label %end.join, label %outer
; CHECK: outer:
; CHECK: br i1 %goto.branch{{[0-9]*}}, label %inner.else.join, label %inner.then
; CHECK: inner.end:
; CHECK: %t.reload = load <16 x i16>, <16 x i16>* %t.slot
; CHECK: %sum = add <16 x i16> %t.reload, %y
; CHECK: %both.simdcf = select <16 x i1> %em.slice{{[0-9]*}}, <16 x i16> %both, <16 x i16> %both.old
; CHECK: end:
define <16 x i16> @nested(<16 x i16> %x, <16 x i16> %y) {
entry:
  %c = icmp ne <16 x i16> %x, zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v16i1(<16 x i1> %c)
  br i1 %any, label %outer, label %end

outer:
  %t = xor <16 x i16> %x, %y
  %d = icmp ult <16 x i16> %t, <i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000, i16 5000>
  %any.inner = call i1 @llvm.genx.simdcf.any.v16i1(<16 x i1> %d)
  br i1 %any.inner, label %inner.then, label %inner.else

inner.then:
  %p = mul <16 x i16> %t, %t
  br label %inner.end

inner.else:
  %q = sub <16 x i16> %y, %t
  br label %inner.end

inner.end:
  %pq = phi <16 x i16> [ %p, %inner.then ], [ %q, %inner.else ]
  %sum = add <16 x i16> %t, %y
  %both = or <16 x i16> %pq, %sum
  br label %end

end:
  %r = phi <16 x i16> [ %y, %entry ], [ %both, %inner.end ]
  ret <16 x i16> %r
}

declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)
declare i1 @llvm.genx.simdcf.any.v16i1(<16 x i1>)
