; Loops that store one lane of a vector per iteration become the lane expression computed on the vector of
; iteration numbers and one vector store: an offset vector `u(i) = x * 8 + i` (the invariant `x * 8` and a
; readnone GenX intrinsic move before the loop), a float conversion of the counter (folded to a constant) with
; the step in the body's own block, two stores filling the two halves of one vector, and a fill of the upper half of a larger vector
; at a GEP offset.
; RUN: %opt -passes=genx-lane-loop -pass-remarks=genx-lane-loop -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lane-loop -S %s | diff %t.ll -

; REMARK: remark: {{.*}}a loop of 8 iterations fills 1 vector(s)
; CHECK-LABEL: define <8 x i32> @offsets(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %u = alloca <8 x i32>
; CHECK-NEXT:    %tx = call i16 @llvm.genx.thread.x()
; CHECK-NEXT:    %conv = zext i16 %tx to i32
; CHECK-NEXT:    %mul = mul i32 %conv, 8
; CHECK-NEXT:    %lane.splatinsert = insertelement <8 x i32> poison, i32 %mul, i32 0
; CHECK-NEXT:    %lane.splat = shufflevector <8 x i32> %lane.splatinsert, <8 x i32> poison, <8 x i32> zeroinitializer
; CHECK-NEXT:    %lane = add <8 x i32> %lane.splat, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK:         store <8 x i32> %lane, <8 x i32>* %{{.*}}, align 4
; CHECK-NEXT:    br label %for.end
; CHECK-NOT:   phi
; CHECK:       ret <8 x i32>
define <8 x i32> @offsets() {
entry:
  %u = alloca <8 x i32>, align 32
  br label %for.cond

for.cond:
  %i = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %cmp = icmp slt i32 %i, 8
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %tx = call i16 @llvm.genx.thread.x()
  %conv = zext i16 %tx to i32
  %mul = mul i32 %conv, 8
  %add = add i32 %mul, %i
  %p0 = bitcast <8 x i32>* %u to i8*
  %off = mul nsw i32 %i, 4
  %ext = sext i32 %off to i64
  %p1 = getelementptr inbounds i8, i8* %p0, i64 %ext
  %p = bitcast i8* %p1 to i32*
  store i32 %add, i32* %p, align 4
  br label %for.inc

for.inc:
  %inc = add nsw i32 %i, 1
  br label %for.cond

for.end:
  %v = load <8 x i32>, <8 x i32>* %u, align 32
  ret <8 x i32> %v
}

; REMARK: remark: {{.*}}a loop of 16 iterations fills 1 vector(s)
; CHECK-LABEL: define <16 x float> @ramp(
; CHECK:         %lane.splatinsert = insertelement <16 x float> poison, float %scale, i32 0
; CHECK:         %lane = fmul <16 x float> <float 0.000000e+00, float 1.000000e+00, {{.*}}, float 1.500000e+01>, %lane.splat
; CHECK:         store <16 x float> %lane
; CHECK-NOT:   phi
define <16 x float> @ramp(float %scale) {
entry:
  %r = alloca [16 x float], align 64
  br label %loop

loop:
  %i = phi i16 [ 0, %entry ], [ %next, %loop.body ]
  %more = icmp ult i16 %i, 16
  br i1 %more, label %loop.body, label %done

loop.body:
  %f = uitofp i16 %i to float
  %s = fmul float %f, %scale
  %slot = getelementptr inbounds [16 x float], [16 x float]* %r, i32 0, i16 %i
  store float %s, float* %slot, align 4
  %next = add i16 %i, 1
  br label %loop

done:
  %p = bitcast [16 x float]* %r to <16 x float>*
  %v = load <16 x float>, <16 x float>* %p, align 64
  ret <16 x float> %v
}

; REMARK: remark: {{.*}}a loop of 4 iterations fills 2 vector(s)
; CHECK-LABEL: define <8 x i16> @halves(
; CHECK:         %lane = sub <4 x i16> %lane.splat, <i16 0, i16 1, i16 2, i16 3>
; CHECK:         store <4 x i16> %lane, <4 x i16>* %{{.*}}, align 2
; CHECK:         %lane1 = xor <4 x i16> <i16 0, i16 1, i16 2, i16 3>, %lane.splat
; CHECK:         getelementptr inbounds i8, i8* %{{.*}}, i64 8
; CHECK:         store <4 x i16> %lane1, <4 x i16>* %{{.*}}, align 2
define <8 x i16> @halves(i16 %a) {
entry:
  %h = alloca <8 x i16>, align 16
  br label %head

head:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %c = icmp ne i32 %k, 4
  br i1 %c, label %body, label %exit

body:
  %t = trunc i32 %k to i16
  %lo = sub i16 %a, %t
  %hi = xor i16 %t, %a
  %base = getelementptr inbounds <8 x i16>, <8 x i16>* %h, i32 0, i32 %k
  store i16 %lo, i16* %base, align 2
  %k4 = add i32 %k, 4
  %top = getelementptr inbounds <8 x i16>, <8 x i16>* %h, i32 0, i32 %k4
  store i16 %hi, i16* %top, align 2
  %k1 = add i32 %k, 1
  br label %head

exit:
  %v = load <8 x i16>, <8 x i16>* %h, align 16
  ret <8 x i16> %v
}

; REMARK: remark: {{.*}}a loop of 8 iterations fills 1 vector(s)
; CHECK-LABEL: define <16 x i32> @upper_half(
; CHECK:         %lane = shl <8 x i32> <i32 0, i32 1, {{.*}}>, %lane.splat
; CHECK:         getelementptr inbounds i8, i8* %{{.*}}, i64 32
; CHECK:         store <8 x i32> %lane
define <16 x i32> @upper_half(<16 x i32> %init, i32 %s) {
entry:
  %w = alloca <16 x i32>, align 64
  store <16 x i32> %init, <16 x i32>* %w, align 64
  %amount = and i32 %s, 15
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %v = shl i32 %i, %amount
  %j = add i32 %i, 8
  %slot = getelementptr inbounds <16 x i32>, <16 x i32>* %w, i32 0, i32 %j
  store i32 %v, i32* %slot, align 4
  %i1 = add nsw i32 %i, 1
  br label %head

exit:
  %r = load <16 x i32>, <16 x i32>* %w, align 64
  ret <16 x i32> %r
}

declare i16 @llvm.genx.thread.x()
