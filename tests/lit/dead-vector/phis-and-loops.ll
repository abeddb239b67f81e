; Phis join the liveness of their uses and pass it to every incoming value; around a loop the analysis
; iterates until the liveness of the loop-carried vectors stops growing. CM: a vector accumulated in a
; `for` loop, or written in the branches of an `if` and read after it.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; Lanes 4..7 of the accumulator are computed every iteration but never read after the loop: the write of
; them inside the loop is dead (the sum flows straight round the loop), and so are those lanes of the
; initial constant.
; CHECK-LABEL: define <4 x i32> @loop_dead_lanes(
; CHECK: body:
; CHECK-NEXT: %acc = phi <8 x i32> [ <i32 1, i32 1, i32 1, i32 1, i32 undef, i32 undef, i32 undef, i32 undef>, %entry ], [ %sum, %body ]
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
; CHECK-NEXT: %sum = add <8 x i32> %acc, %x
; CHECK-NEXT: %i.next = add i32 %i, 1
; CHECK: exit:
; CHECK-NEXT: %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %sum, i32 0, i32 4, i32 1, i16 0, i32 undef)
define <4 x i32> @loop_dead_lanes(<8 x i32> %x, <4 x i32> %y) {
entry:
  br label %body
body:
  %acc = phi <8 x i32> [ <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, %entry ], [ %acc.next, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %sum = add <8 x i32> %acc, %x
  %acc.next = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %sum, <4 x i32> %y, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %body, label %exit
exit:
  %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %acc.next, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %lo
}

; Negative: each iteration rotates the vector by one lane, so every lane reaches lane 0, the one read after
; the loop: the fixpoint makes every lane live and nothing changes.
; CHECK-LABEL: define i32 @no_change_rotation(
; CHECK: %v = phi <4 x i32> [ <i32 1, i32 2, i32 3, i32 4>, %entry ], [ %v.next, %body ]
define i32 @no_change_rotation() {
entry:
  br label %body
body:
  %v = phi <4 x i32> [ <i32 1, i32 2, i32 3, i32 4>, %entry ], [ %v.next, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %v.next = shufflevector <4 x i32> %v, <4 x i32> undef, <4 x i32> <i32 1, i32 2, i32 3, i32 0>
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 3
  br i1 %more, label %body, label %exit
exit:
  %e = extractelement <4 x i32> %v.next, i32 0
  ret i32 %e
}

; The branches of an if write different halves; only the low half is read after the join. The else
; branch's write of the high half is dead, and so is the high half of the zeros it wrote into; in the then
; branch the low half is overwritten, so all of its zeros are dead.
; CHECK-LABEL: define <4 x float> @if_else_join(
; CHECK: then:
; CHECK-NEXT: %t = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> undef, <4 x float> %a, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
; CHECK: else:
; CHECK-NEXT: br label %join
; CHECK: join:
; CHECK-NEXT: %v = phi <8 x float> [ %t, %then ], [ <float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float undef, float undef, float undef, float undef>, %else ]
define <4 x float> @if_else_join(i1 %c, <4 x float> %a, <4 x float> %b) {
entry:
  br i1 %c, label %then, label %else
then:
  %t = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> zeroinitializer, <4 x float> %a, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  br label %join
else:
  %e = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> zeroinitializer, <4 x float> %b, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  br label %join
join:
  %v = phi <8 x float> [ %t, %then ], [ %e, %else ]
  %lo = call <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x float> %lo
}

; A phi nothing reads is deleted, with the loop-carried computation that only fed it.
; CHECK-LABEL: define i32 @dead_phi(
; CHECK: body:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
; CHECK-NEXT: %i.next = add i32 %i, 1
define i32 @dead_phi(<4 x i32> %x) {
entry:
  br label %body
body:
  %unused = phi <4 x i32> [ zeroinitializer, %entry ], [ %unused.next, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %unused.next = add <4 x i32> %unused, %x
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %body, label %exit
exit:
  ret i32 %i.next
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
