; The intended pipeline, genx-promote-array then mem2reg: the array disappears, and what is left is pure SSA
; regions: the stores in the loop become a chain of wrregions through a vector phi, the read an rdregion of it.
; RUN: %opt -passes='genx-promote-array,function(mem2reg)' -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='genx-promote-array,function(mem2reg)' -S %s | diff %t.ll -

; CHECK-LABEL: define i32 @kernel_array(
; CHECK-NOT: alloca
; CHECK: loop:
; CHECK-NEXT: %a.vec.0 = phi <16 x i32> [ undef, %entry ], [ %a.w, %loop ]
; CHECK-NEXT: %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
; CHECK: %a.w = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %a.vec.0, i32 %val, i32 0, i32 1, i32 1, i16 %slot.scaled, i32 undef, i1 true)
; CHECK: exit:
; CHECK: %r = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %a.w, i32 0, i32 1, i32 1, i16 %at.scaled, i32 undef)
; CHECK-NOT: load
; CHECK-NOT: store
; CHECK: ret i32 %r
define i32 @kernel_array(i32 %x, i32 %j) {
entry:
  %a = alloca [16 x i32], align 4
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %val = mul i32 %k, %x
  %slot = getelementptr [16 x i32], [16 x i32]* %a, i32 0, i32 %k
  store i32 %val, i32* %slot
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, 16
  br i1 %more, label %loop, label %exit
exit:
  %j.m = and i32 %j, 15
  %at = getelementptr [16 x i32], [16 x i32]* %a, i32 0, i32 %j.m
  %r = load i32, i32* %at
  ret i32 %r
}

; A 2D float tile stored whole, updated in place at [r][c] and read back by row: the whole store needs no region,
; so the update reads and writes the stored value directly.
; CHECK-LABEL: define <4 x float> @tile(
; CHECK-NOT: alloca
; CHECK: %old = call float @llvm.genx.rdregionf.f32.v16f32.i16(<16 x float> %init, i32 0, i32 1, i32 1, i16 %e.offset, i32 undef)
; CHECK: %m.w = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> %init, float %new, i32 0, i32 1, i32 1, i16 %e.offset, i32 undef, i1 true)
; CHECK: %row = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %m.w, i32 0, i32 4, i32 1, i16 %rowp.scaled, i32 undef)
; CHECK-NOT: load
; CHECK-NOT: store
; CHECK: ret <4 x float> %row
define <4 x float> @tile(<16 x float> %init, float %x, i32 %r, i32 %c) {
entry:
  %m = alloca [4 x [4 x float]], align 4
  %m.v = bitcast [4 x [4 x float]]* %m to <16 x float>*
  store <16 x float> %init, <16 x float>* %m.v
  %r.m = and i32 %r, 3
  %c.m = and i32 %c, 3
  %e = getelementptr [4 x [4 x float]], [4 x [4 x float]]* %m, i32 0, i32 %r.m, i32 %c.m
  %old = load float, float* %e
  %new = fadd float %old, %x
  store float %new, float* %e
  %rowp = getelementptr [4 x [4 x float]], [4 x [4 x float]]* %m, i32 0, i32 %r.m
  %rowv = bitcast [4 x float]* %rowp to <4 x float>*
  %row = load <4 x float>, <4 x float>* %rowv
  ret <4 x float> %row
}
