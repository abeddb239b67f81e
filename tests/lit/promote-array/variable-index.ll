; Variable indices (the CM pattern `int a[16]; a[i] = x; ... y = a[j];`): the byte offset index * element size is
; computed in i16 next to the GEP (trunc of a wider index, sext of a narrower one, mul by the stride) and the access
; becomes a single-indirect region; a constant part of the offset goes to the region's offset operand.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -

; CHECK-LABEL: define i32 @store_then_load(
; CHECK: %a.vec = alloca <16 x i32>, align 4
; CHECK: %i.m.i16 = trunc i32 %i.m to i16
; CHECK-NEXT: %p.scaled = mul i16 %i.m.i16, 4
; CHECK: %a.w = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %a.v, i32 %x, i32 0, i32 1, i32 1, i16 %p.scaled, i32 undef, i1 true)
; CHECK: %j.m.i16 = trunc i64 %j.m to i16
; CHECK-NEXT: %q.scaled = mul i16 %j.m.i16, 4
; CHECK: %y = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %a.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 %q.scaled, i32 undef)
define i32 @store_then_load(i32 %x, i32 %i, i64 %j) {
entry:
  %a = alloca [16 x i32], align 4
  %i.m = and i32 %i, 15
  %j.m = and i64 %j, 15
  %p = getelementptr inbounds [16 x i32], [16 x i32]* %a, i32 0, i32 %i.m
  store i32 %x, i32* %p, align 4
  %q = getelementptr inbounds [16 x i32], [16 x i32]* %a, i64 0, i64 %j.m
  %y = load i32, i32* %q, align 4
  ret i32 %y
}

; An i8 index is sign-extended (GEP semantics), a constant index after the variable one becomes the region's
; constant offset (added to the variable index by the region operand), and half elements scale by 2.
; CHECK-LABEL: define half @narrow_index_and_constant_part(
; CHECK: %h.vec = alloca <32 x half>, align 2
; CHECK: %k.m.i16 = sext i8 %k.m to i16
; CHECK-NEXT: %p.scaled = mul i16 %k.m.i16, 2
; CHECK: %region.index = add i16 %p.scaled, 6
; CHECK-NEXT: %h.w = call <32 x half> @llvm.genx.wrregionf.v32f16.f16.i16.i1(<32 x half> %h.v, half %x, i32 0, i32 1, i32 1, i16 %region.index, i32 undef, i1 true)
; CHECK: %r = call half @llvm.genx.rdregionf.f16.v32f16.i16(<32 x half> %h.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 %region.index{{[0-9]+}}, i32 undef)
define half @narrow_index_and_constant_part(half %x, i8 %k) {
entry:
  %h = alloca [32 x half], align 2
  %k.m = and i8 %k, 15
  %p = getelementptr [32 x half], [32 x half]* %h, i32 0, i8 %k.m
  %p3 = getelementptr half, half* %p, i32 3
  store half %x, half* %p3
  %r = load half, half* %p3
  ret half %r
}

; A vector read at a variable element index: <4 x i32> at byte 4 * %i, a region of 4 elements.
; CHECK-LABEL: define <4 x i32> @vector_at_variable_index(
; CHECK: %s.vec = alloca <8 x i32>, align 16
; CHECK: store <8 x i32> %init, <8 x i32>* %s.vec, align 16
; CHECK: %v = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %s.v, i32 0, i32 4, i32 1, i16 %e.scaled, i32 undef)
define <4 x i32> @vector_at_variable_index(<8 x i32> %init, i32 %i) {
entry:
  %s = alloca [8 x i32], align 16
  %whole = bitcast [8 x i32]* %s to <8 x i32>*
  store <8 x i32> %init, <8 x i32>* %whole
  %i.m = and i32 %i, 3
  %e = getelementptr [8 x i32], [8 x i32]* %s, i32 0, i32 %i.m
  %e.v = bitcast i32* %e to <4 x i32>*
  %v = load <4 x i32>, <4 x i32>* %e.v
  ret <4 x i32> %v
}

; The CM loop: fill a[k] = k*x for k in 0..16, then return a[j]; the loop index reaches the region offset.
; CHECK-LABEL: define i32 @loop_fill(
; CHECK: loop:
; CHECK: %k.i16 = trunc i32 %k to i16
; CHECK-NEXT: %slot.scaled = mul i16 %k.i16, 4
; CHECK: call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %a.v, i32 %val, i32 0, i32 1, i32 1, i16 %slot.scaled, i32 undef, i1 true)
; CHECK: exit:
; CHECK: %r = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(
define i32 @loop_fill(i32 %x, i32 %j) {
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
