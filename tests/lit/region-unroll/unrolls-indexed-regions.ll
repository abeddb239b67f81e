; Loops genx-region-unroll unrolls: a constant-trip counter that indexes a region (a diagonal update, rows of a
; loop-carried vector used after the loop, 16-element selects stepped by 16, a countdown, a body with a scalar
; branch, an extractelement). Each loop is gone, every region offset is a constant, and the functions agree with
; the input on the CPU executor.
; RUN: %opt -passes=genx-region-unroll -pass-remarks=genx-region-unroll -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-unroll -S %s | diff %t.ll -

; REMARK: remark: {{.*}}unrolling a loop of 8 iterations of 4 instructions
; CHECK-LABEL: define <64 x i32> @diagonal(
; CHECK-NOT:    phi
; CHECK-NOT:    br
; CHECK:        rdregioni.i32.v64i32.i16(<64 x i32> %m, i32 0, i32 1, i32 1, i16 0,
; CHECK:        rdregioni.i32.v64i32.i16({{.*}}, i32 0, i32 1, i32 1, i16 36,
; CHECK:        wrregioni.v64i32.i32.i16.i1({{.*}}, i32 0, i32 1, i32 1, i16 252,
; CHECK-NEXT:   ret <64 x i32>
define <64 x i32> @diagonal(<64 x i32> %m, <8 x i32> %v) {
entry:
  br label %head

head:
  %acc = phi <64 x i32> [ %m, %entry ], [ %w, %latch ]
  %k = phi i32 [ 0, %entry ], [ %k1, %latch ]
  %c = icmp slt i32 %k, 8
  br i1 %c, label %body, label %exit

body:
  %k16 = trunc i32 %k to i16
  %voff = mul i16 %k16, 4
  %x = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 %voff, i32 undef)
  %d = mul nsw i32 %k, 9
  %d16 = trunc i32 %d to i16
  %moff = mul i16 %d16, 4
  %y = call i32 @llvm.genx.rdregioni.i32.v64i32.i16(<64 x i32> %acc, i32 0, i32 1, i32 1, i16 %moff, i32 undef)
  %s = add nsw i32 %y, %x
  %w = call <64 x i32> @llvm.genx.wrregioni.v64i32.i32.i16.i1(<64 x i32> %acc, i32 %s, i32 0, i32 1, i32 1, i16 %moff, i32 undef, i1 true)
  br label %latch

latch:
  %k1 = add nsw i32 %k, 1
  br label %head

exit:
  ret <64 x i32> %acc
}

; The loop-carried rows are used after the loop (LCSSA's phi is folded away), and `1 - alpha`, invariant, is
; computed once, before the copies.
; REMARK: remark: {{.*}}unrolling a loop of 3 iterations of 7 instructions
; CHECK-LABEL: define <32 x float> @rows(
; CHECK-NOT:    phi
; CHECK:        fsub <8 x float> <float 1.000000e+00,
; CHECK-NOT:    fsub
; CHECK:        wrregionf.v32f32.v8f32.i16.i1({{.*}}, i32 0, i32 8, i32 1, i16 0,
; CHECK-NOT:    fsub
; CHECK:        wrregionf.v32f32.v8f32.i16.i1({{.*}}, i32 0, i32 8, i32 1, i16 32,
; CHECK-NOT:    fsub
; CHECK:        [[LAST:%.*]] = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1({{.*}}, i32 0, i32 8, i32 1, i16 64,
; CHECK-NOT:    fsub
; CHECK:        fmul <32 x float> [[LAST]], %f
define <32 x float> @rows(<32 x float> %f, <32 x float> %b, <8 x float> %alpha) {
entry:
  br label %head

head:
  %acc = phi <32 x float> [ %b, %entry ], [ %w, %body ]
  %r = phi i32 [ 0, %entry ], [ %r1, %body ]
  %c = icmp ult i32 %r, 3
  br i1 %c, label %body, label %exit

body:
  %off32 = shl i32 %r, 5
  %off = trunc i32 %off32 to i16
  %fr = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %f, i32 0, i32 8, i32 1, i16 %off, i32 undef)
  %br = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %acc, i32 0, i32 8, i32 1, i16 %off, i32 undef)
  %x = fmul <8 x float> %fr, %alpha
  %beta = fsub <8 x float> <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>, %alpha
  %y = fmul <8 x float> %br, %beta
  %s = fadd <8 x float> %x, %y
  %w = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %acc, <8 x float> %s, i32 0, i32 8, i32 1, i16 %off, i32 undef, i1 true)
  %r1 = add i32 %r, 1
  br label %head

exit:
  %out = fmul <32 x float> %acc, %f
  ret <32 x float> %out
}

; A counter stepping by 16 over 64 bytes: four selects of 16 bytes, each widened and summed.
; REMARK: remark: {{.*}}unrolling a loop of 4 iterations of 3 instructions
; CHECK-LABEL: define <16 x i32> @selects(
; CHECK-NOT:    phi
; CHECK:        rdregioni.v16i8.v64i8.i16(<64 x i8> %p, i32 0, i32 16, i32 1, i16 0,
; CHECK:        rdregioni.v16i8.v64i8.i16(<64 x i8> %p, i32 0, i32 16, i32 1, i16 16,
; CHECK:        rdregioni.v16i8.v64i8.i16(<64 x i8> %p, i32 0, i32 16, i32 1, i16 32,
; CHECK:        rdregioni.v16i8.v64i8.i16(<64 x i8> %p, i32 0, i32 16, i32 1, i16 48,
define <16 x i32> @selects(<64 x i8> %p) {
entry:
  br label %head

head:
  %sum = phi <16 x i32> [ zeroinitializer, %entry ], [ %sum1, %body ]
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %c = icmp slt i32 %k, 64
  br i1 %c, label %body, label %exit

body:
  %off = trunc i32 %k to i16
  %sel = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %p, i32 0, i32 16, i32 1, i16 %off, i32 undef)
  %wide = zext <16 x i8> %sel to <16 x i32>
  %sum1 = add <16 x i32> %sum, %wide
  %k1 = add nsw i32 %k, 16
  br label %head

exit:
  ret <16 x i32> %sum
}

; A countdown (`i >= 0`, the exit on the true edge) over an extractelement, and a body with a scalar branch.
; REMARK: remark: {{.*}}unrolling a loop of 4 iterations of 4 instructions
; CHECK-LABEL: define i32 @countdown(
; CHECK-NOT:    phi i32 {{.*}} -1
; CHECK-NOT:    extractelement <4 x i32> %v, i32 %
; CHECK:        extractelement <4 x i32> %v, i32 3
; CHECK:        extractelement <4 x i32> %v, i32 0
; CHECK:        ret i32
define i32 @countdown(<4 x i32> %v, i32 %limit) {
entry:
  br label %head

head:
  %sum = phi i32 [ 0, %entry ], [ %sum1, %join ]
  %i = phi i32 [ 3, %entry ], [ %i1, %join ]
  %done = icmp slt i32 %i, 0
  br i1 %done, label %exit, label %body

body:
  %e = extractelement <4 x i32> %v, i32 %i
  %big = icmp sgt i32 %e, %limit
  br i1 %big, label %clamp, label %join

clamp:
  %twice = shl i32 %e, 1
  br label %join

join:
  %t = phi i32 [ %twice, %clamp ], [ %e, %body ]
  %sum1 = add i32 %sum, %t
  %i1 = add nsw i32 %i, -1
  br label %head

exit:
  ret i32 %sum
}

; The same countdown inside an outer loop, whose exit edge leads back to the inner header through the outer
; loop: the inner loop is unrolled (its back edge is the one from the block the inner header dominates); the
; outer loop, whose counter indexes no region, stays.
; REMARK: remark: {{.*}}unrolling a loop of 4 iterations of 2 instructions
; CHECK-LABEL: define i32 @countdown_nested(
; CHECK:        %n = phi i32
; CHECK-NOT:    extractelement <4 x i32> %v, i32 %
; CHECK:        extractelement <4 x i32> %v, i32 3
; CHECK:        extractelement <4 x i32> %v, i32 0
; CHECK:        ret i32
define i32 @countdown_nested(<4 x i32> %v, i32 %rounds) {
entry:
  br label %outer

outer:
  %total = phi i32 [ 0, %entry ], [ %total1, %outer.latch ]
  %n = phi i32 [ 0, %entry ], [ %n1, %outer.latch ]
  %more = icmp ult i32 %n, 2
  br i1 %more, label %inner, label %exit

inner:
  %sum = phi i32 [ %total, %outer ], [ %sum1, %inner.body ]
  %i = phi i32 [ 3, %outer ], [ %i1, %inner.body ]
  %done = icmp slt i32 %i, 0
  br i1 %done, label %outer.latch, label %inner.body

inner.body:
  %e = extractelement <4 x i32> %v, i32 %i
  %sum1 = add i32 %sum, %e
  %i1 = add nsw i32 %i, -1
  br label %inner

outer.latch:
  %total1 = mul i32 %sum, %rounds
  %n1 = add i32 %n, 1
  br label %outer

exit:
  ret i32 %total
}

declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.i32.i16.i1(<64 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8>, i32, i32, i32, i16, i32)
