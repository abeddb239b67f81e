; SIMD_DO_WHILE with SIMD_BREAK and SIMD_CONTINUE inside SIMD_IFs: each channel iterates until its own count,
; leaves at its own break, and skips the work on its own continue; values live across iterations are slots
; written under EM, so a channel that has left keeps its last value.
; RUN: %opt -passes=genx-simdcf-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes='genx-simdcf-lower<reference>' -S %s -o %t.ref.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.ll
; RUN: not %validate %s %t.ll
; RUN: %cmc -passes=genx-simdcf-lower -S %s | diff %t.ll -
; RUN: %cmc -passes=genx-simdcf-lower,mem2reg -S %s -o %t.m2r.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.m2r.ll

; The break parks its channels at the exit's join; the next join point after it is the loop end.
; CHECK-LABEL: define <8 x i32> @do_while(
; CHECK: body:
; CHECK: %stay = xor <8 x i1> %brk, <i1 true,
; CHECK: %goto = call {{.*}} @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> %em{{[0-9]*}}, <8 x i1> %rm, <8 x i1> %stay)
; CHECK: br i1 %goto.branch, label %latch.loopend.join, label %check.continue
; The continue parks its channels at the latch's join.
; CHECK: check.continue:
; CHECK: br i1 %goto.branch{{[0-9]*}}, label %latch.join, label %work
; CHECK: work:
; CHECK: %acc.work.simdcf = select <8 x i1> %em.slice{{[0-9]*}}, <8 x i32> %acc.work, <8 x i32> %acc.work.old
; CHECK: latch.join:
; CHECK: @llvm.genx.simdcf.join.v32i1.v8i1(
; The loop condition: channels that go on stay, the others are parked at the loop end; the back edge is a
; scalar branch in a block of its own.
; CHECK: latch:
; CHECK: @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> %em{{[0-9]*}}, <8 x i1> %rm{{[0-9]*}}, <8 x i1> %more)
; CHECK: br i1 %goto.branch{{[0-9]*}}, label %latch.loopend.join, label %latch.backward
; CHECK: latch.backward:
; CHECK-NEXT: br label %body
; CHECK: latch.loopend.join:
; CHECK: @llvm.genx.simdcf.join.v32i1.v8i1(
; CHECK: exit.join:
; CHECK: @llvm.genx.simdcf.join.v32i1.v8i1(
define <8 x i32> @do_while(<8 x i32> %n, <8 x i32> %lim) {
entry:
  %count = and <8 x i32> %n, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %limit = and <8 x i32> %lim, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  br label %body

body:
  %i = phi <8 x i32> [ zeroinitializer, %entry ], [ %i.next, %latch ]
  %acc = phi <8 x i32> [ zeroinitializer, %entry ], [ %acc.next, %latch ]
  %i.next = add <8 x i32> %i, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %brk = icmp sgt <8 x i32> %i.next, %limit
  %any.brk = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %brk)
  br i1 %any.brk, label %exit, label %check.continue

check.continue:
  %odd = and <8 x i32> %i.next, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %even = icmp eq <8 x i32> %odd, zeroinitializer
  %any.cont = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %even)
  br i1 %any.cont, label %latch, label %work

work:
  %sq = mul <8 x i32> %i.next, %i.next
  %acc.work = add <8 x i32> %acc, %sq
  br label %latch

latch:
  %acc.next = phi <8 x i32> [ %acc, %check.continue ], [ %acc.work, %work ]
  %more = icmp slt <8 x i32> %i.next, %count
  %any.more = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %more)
  br i1 %any.more, label %body, label %exit

exit:
  %r = phi <8 x i32> [ %acc, %body ], [ %acc.next, %latch ]
  %out = mul <8 x i32> %r, %i.next
  ret <8 x i32> %out
}

declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)

; A scalar counter inside a SIMD loop runs unpredicated (once per iteration of the thread, as in cmc); the
; vector statement stays per channel. The scalar only bounds the loop, so the per-lane meaning is unchanged.
; CHECK-LABEL: define <16 x float> @scalar_in_loop(
; CHECK: %k.next = add i32 %k, 1
; CHECK-NOT: select {{.*}} %k.next
; CHECK: store i32 %k.next, i32* %k.slot
define <16 x float> @scalar_in_loop(<16 x float> %x, <16 x float> %t) {
entry:
  br label %body

body:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %v = phi <16 x float> [ %x, %entry ], [ %v.next, %body ]
  %v.next = fmul <16 x float> %v, <float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5>
  %k.next = add i32 %k, 1
  %small = icmp ult i32 %k.next, 40
  %big = fcmp ogt <16 x float> %v.next, %t
  %small.v = insertelement <16 x i1> undef, i1 %small, i32 0
  %small.splat = shufflevector <16 x i1> %small.v, <16 x i1> undef, <16 x i32> zeroinitializer
  %go = and <16 x i1> %big, %small.splat
  %any = call i1 @llvm.genx.simdcf.any.v16i1(<16 x i1> %go)
  br i1 %any, label %body, label %exit

exit:
  ret <16 x float> %v.next
}

declare i1 @llvm.genx.simdcf.any.v16i1(<16 x i1>)
