; The CM accumulation loop: `vector<int, 64> acc = init; for (...) { acc.select<32,1>(0) += a;
; acc.select<32,1>(32) += b; } return acc;`. The loop phi splits into one phi per part, each half's update is
; the part's new value, and the whole vector is reassembled only at the exit, where `ret` needs it (not in the
; loop).
; RUN: %opt -passes=genx-vector-decompose -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -
; RUN: %opt -passes=genx-vector-decompose -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; STATS: 1 genx-vector-decompose - whole vectors reassembled from parts for non-region uses

; CHECK-LABEL: define <64 x i32> @accumulate(
; CHECK: entry:
; CHECK-NEXT: %init.part0 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %init, i32 0, i32 32, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %init.part1 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %init, i32 0, i32 32, i32 1, i16 128, i32 undef)
; CHECK: loop:
; CHECK-NEXT: %acc.part0 = phi <32 x i32> [ %init.part0, %entry ], [ %lo.new, %loop ]
; CHECK-NEXT: %acc.part1 = phi <32 x i32> [ %init.part1, %entry ], [ %hi.new, %loop ]
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
; CHECK-NEXT: %lo.new = add <32 x i32> %acc.part0, %a
; CHECK-NEXT: %hi.new = add <32 x i32> %acc.part1, %b
; CHECK-NEXT: %k.next = add i32 %k, 1
; CHECK: exit:
; CHECK-NEXT: %acc.next.join = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> undef, <32 x i32> %lo.new, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %acc.next.whole = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %acc.next.join, <32 x i32> %hi.new, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
; CHECK-NEXT: ret <64 x i32> %acc.next.whole
define <64 x i32> @accumulate(<64 x i32> %init, <32 x i32> %a, <32 x i32> %b, i32 %n) {
entry:
  %n.m = and i32 %n, 7
  br label %loop
loop:
  %acc = phi <64 x i32> [ %init, %entry ], [ %acc.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %lo = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %acc, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %lo.new = add <32 x i32> %lo, %a
  %acc.1 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %acc, <32 x i32> %lo.new, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %hi = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %acc.1, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %hi.new = add <32 x i32> %hi, %b
  %acc.next = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %acc.1, <32 x i32> %hi.new, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n.m
  br i1 %more, label %loop, label %exit
exit:
  ret <64 x i32> %acc.next
}

; Predicated updates in a loop (CM `merge`/SIMD-CF stores: a masked wrregion) of one GRF at a time, on a float
; web that starts from a constant: the zero vector splits at compile time, the masked write stays a masked
; wrregion on its part (the mask goes with the region unchanged), the quarter only read passes through its
; phi untouched, and the phis of the quarters nothing reads are removed.
; CHECK-LABEL: define <8 x float> @masked_quarters(
; CHECK: loop:
; CHECK-NEXT: %v.part0 = phi <8 x float> [ zeroinitializer, %entry ], [ %v.next.part0, %loop ]
; CHECK-NEXT: %v.part1 = phi <8 x float> [ <float 1.000000e+00, {{.*}}>, %entry ], [ %v.part1, %loop ]
; CHECK-NEXT: %k = phi i32
; CHECK: %sum = fadd <8 x float> %v.part0, %x
; CHECK-NEXT: %v.next.part0 = call <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float> %v.part0, <8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %m)
; CHECK: exit:
; CHECK-NEXT: %r = fadd <8 x float> %v.next.part0, %v.part1
define <8 x float> @masked_quarters(<8 x float> %x, <8 x i1> %m, i32 %n) {
entry:
  %n.m = and i32 %n, 3
  br label %loop
loop:
  %v = phi <32 x float> [ <float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0>, %entry ], [ %v.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %q0 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %sum = fadd <8 x float> %q0, %x
  %v.next = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.v8i1(<32 x float> %v, <8 x float> %sum, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %m)
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %n.m
  br i1 %more, label %loop, label %exit
exit:
  %a = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v.next, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %b = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v.next, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %r = fadd <8 x float> %a, %b
  ret <8 x float> %r
}

declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.v8i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, <8 x i1>)
