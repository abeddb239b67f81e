; Loops genx-region-unroll must keep, each with its reason as a missed remark: a counter that indexes no region
; (unrolling would only copy the body), more iterations than the pass unrolls, a body too big for the budget
; (trip count times instructions), SIMD control flow in the body (the copies would change the masks' joins), a
; loop containing a loop, and a counter that does not start at a constant. Dropping any check of the predicate
; makes one of these loops disappear.
; RUN: %opt -passes=genx-region-unroll -pass-remarks-missed=genx-region-unroll -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-unroll -S %s | diff %t.ll -

; REMARK: remark: {{.*}}the counter indexes no region
; CHECK-LABEL: define i32 @no_region(
; CHECK:        %i = phi i32
define i32 @no_region(i32 %x) {
entry:
  br label %head

head:
  %sum = phi i32 [ 0, %entry ], [ %sum1, %body ]
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 4
  br i1 %c, label %body, label %exit

body:
  %t = mul i32 %i, %x
  %sum1 = add i32 %sum, %t
  %i1 = add i32 %i, 1
  br label %head

exit:
  ret i32 %sum
}

; REMARK: remark: {{.*}}the loop runs more than 16 iterations
; CHECK-LABEL: define i32 @many_trips(
; CHECK:        %i = phi i32
define i32 @many_trips(<32 x i32> %v) {
entry:
  br label %head

head:
  %sum = phi i32 [ 0, %entry ], [ %sum1, %body ]
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp ult i32 %i, 17
  br i1 %c, label %body, label %exit

body:
  %e = extractelement <32 x i32> %v, i32 %i
  %sum1 = add i32 %sum, %e
  %i1 = add i32 %i, 1
  br label %head

exit:
  ret i32 %sum
}

; REMARK: remark: {{.*}}16 iterations of 5 instructions are more than the 64 instructions an unrolled loop may have
; CHECK-LABEL: define <16 x float> @over_budget(
; CHECK:        %i = phi i32
define <16 x float> @over_budget(<16 x float> %v, <16 x float> %x) {
entry:
  br label %head

head:
  %acc = phi <16 x float> [ %x, %entry ], [ %acc1, %body ]
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 16
  br i1 %c, label %body, label %exit

body:
  %off32 = shl i32 %i, 2
  %off = trunc i32 %off32 to i16
  %s = call float @llvm.genx.rdregionf.f32.v16f32.i16(<16 x float> %v, i32 0, i32 1, i32 1, i16 %off, i32 undef)
  %ins = insertelement <16 x float> undef, float %s, i32 0
  %splat = shufflevector <16 x float> %ins, <16 x float> undef, <16 x i32> zeroinitializer
  %d = fsub <16 x float> %acc, %splat
  %acc1 = fmul <16 x float> %d, %d
  %i1 = add i32 %i, 1
  br label %head

exit:
  ret <16 x float> %acc
}

; REMARK: remark: {{.*}}the loop contains SIMD control flow
; CHECK-LABEL: define <8 x i32> @simd_control_flow(
; CHECK:        %i = phi i32
; CHECK:        @llvm.genx.simdcf.goto
define <8 x i32> @simd_control_flow(<8 x i32> %v, <8 x i1> %cond) {
entry:
  br label %head

head:
  %acc = phi <8 x i32> [ %v, %entry ], [ %merged, %join ]
  %em = phi <32 x i1> [ <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, %entry ], [ %j.em, %join ]
  %i = phi i32 [ 0, %entry ], [ %i1, %join ]
  %c = icmp slt i32 %i, 2
  br i1 %c, label %body, label %exit

body:
  %g = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> %em, <8 x i1> zeroinitializer, <8 x i1> %cond)
  %g.em = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 0
  %g.rm = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 1
  %g.any = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 2
  br i1 %g.any, label %join, label %then

then:
  %off32 = shl i32 %i, 2
  %off = trunc i32 %off32 to i16
  %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %acc, i32 0, i32 1, i32 1, i16 %off, i32 undef)
  %e2 = add i32 %e, 1
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %acc, i32 %e2, i32 0, i32 1, i32 1, i16 %off, i32 undef, i1 true)
  br label %join

join:
  %merged = phi <8 x i32> [ %acc, %body ], [ %w, %then ]
  %j = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1> %g.em, <8 x i1> %g.rm)
  %j.em = extractvalue { <32 x i1>, i1 } %j, 0
  %i1 = add i32 %i, 1
  br label %head

exit:
  ret <8 x i32> %acc
}

; The outer loop contains the inner one (which indexes no region, so it stays too).
; REMARK: remark: {{.*}}the loop contains a loop
; REMARK: remark: {{.*}}the counter indexes no region
; CHECK-LABEL: define <8 x i32> @nested(
; CHECK:        %i = phi i32
; CHECK:        %j = phi i32
define <8 x i32> @nested(<8 x i32> %v, i32 %x) {
entry:
  br label %outer

outer:
  %acc = phi <8 x i32> [ %v, %entry ], [ %w, %outer.latch ]
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.latch ]
  %c = icmp slt i32 %i, 2
  br i1 %c, label %inner, label %exit

inner:
  %sum = phi i32 [ %x, %outer ], [ %sum1, %inner.body ]
  %j = phi i32 [ 0, %outer ], [ %j1, %inner.body ]
  %cj = icmp slt i32 %j, 3
  br i1 %cj, label %inner.body, label %outer.latch

inner.body:
  %sum1 = mul i32 %sum, 3
  %j1 = add i32 %j, 1
  br label %inner

outer.latch:
  %off32 = shl i32 %i, 2
  %off = trunc i32 %off32 to i16
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %acc, i32 %sum, i32 0, i32 1, i32 1, i16 %off, i32 undef, i1 true)
  %i1 = add i32 %i, 1
  br label %outer

exit:
  ret <8 x i32> %acc
}

; REMARK: remark: {{.*}}the counter does not start at a constant
; CHECK-LABEL: define <8 x i32> @variable_start(
; CHECK:        %i = phi i32
define <8 x i32> @variable_start(<8 x i32> %v, i32 %from) {
entry:
  br label %head

head:
  %acc = phi <8 x i32> [ %v, %entry ], [ %w, %body ]
  %i = phi i32 [ %from, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %ia = and i32 %i, 7
  %off32 = shl i32 %ia, 2
  %off = trunc i32 %off32 to i16
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %acc, i32 %i, i32 0, i32 1, i32 1, i16 %off, i32 undef, i1 true)
  %i1 = add i32 %i, 1
  br label %head

exit:
  ret <8 x i32> %acc
}

declare float @llvm.genx.rdregionf.f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1>, <8 x i1>, <8 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1>, <8 x i1>)
