; A shufflevector that repeats one element (a splat) becomes one rdregion with the canonical replicating
; region <0;1,0> at that element. Undefined lanes do not break a splat; the element may come from either
; operand, and the result may be longer than the operands.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CM's scalar broadcast: insertelement into lane 0, then a zero-mask shuffle. The shuffle reads the scalar
; itself, as a <1 x i32>, with a stride-0 region (IGC's form of a splat: no wrregion into undef to copy first),
; and the insert is erased.
; CHECK-LABEL: define <8 x i32> @broadcast_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat.scalar = bitcast i32 %x to <1 x i32>
; CHECK-NEXT:   %splat = call <8 x i32> @llvm.genx.rdregioni.v8i32.v1i32.i16(<1 x i32> %splat.scalar, i32 0, i32 1, i32 0, i16 0, i32 undef)
; CHECK-NEXT:   ret <8 x i32> %splat
; CHECK-NEXT: }
define <8 x i32> @broadcast_scalar(i32 %x) {
entry:
  %ins = insertelement <8 x i32> undef, i32 %x, i32 0
  %splat = shufflevector <8 x i32> %ins, <8 x i32> undef, <8 x i32> zeroinitializer
  ret <8 x i32> %splat
}

; The idiom through another lane, the second operand, a longer result and two shuffles of one insert: each
; shuffle reads the scalar; the insert goes once the last one has.
; CHECK-LABEL: define <16 x float> @broadcast_lane_3_twice(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %a.scalar = bitcast float %x to <1 x float>
; CHECK-NEXT:   %a = call <16 x float> @llvm.genx.rdregionf.v16f32.v1f32.i16(<1 x float> %a.scalar, i32 0, i32 1, i32 0, i16 0, i32 undef)
; CHECK-NEXT:   %b.scalar = bitcast float %x to <1 x float>
; CHECK-NEXT:   %b = call <4 x float> @llvm.genx.rdregionf.v4f32.v1f32.i16(<1 x float> %b.scalar, i32 0, i32 1, i32 0, i16 0, i32 undef)
; CHECK-NEXT:   %r = fadd <16 x float> %a, %a
; CHECK-NEXT:   %s = call float @llvm.genx.rdregionf.f32.v4f32.i16(<4 x float> %b, i32 0, i32 1, i32 1, i16 8, i32 undef)
; CHECK-NEXT:   %t = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> %r, float %s, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
; CHECK-NEXT:   ret <16 x float> %t
; CHECK-NEXT: }
define <16 x float> @broadcast_lane_3_twice(float %x) {
entry:
  %ins = insertelement <8 x float> poison, float %x, i32 3
  %a = shufflevector <8 x float> undef, <8 x float> %ins, <16 x i32> <i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11, i32 11>
  %b = shufflevector <8 x float> %ins, <8 x float> undef, <4 x i32> <i32 3, i32 undef, i32 3, i32 3>
  %r = fadd <16 x float> %a, %a
  %s = extractelement <4 x float> %b, i32 2
  %t = insertelement <16 x float> %r, float %s, i32 1
  ret <16 x float> %t
}

; Negative: the insert has a user that is not a splat of its lane (the extractelement), so it is a wrregion
; and the shuffle reads the vector.
; CHECK-LABEL: define <8 x i32> @insert_also_read(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ins = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %x, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %splat = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %ins, i32 0, i32 1, i32 0, i16 0, i32 undef)
; CHECK-NEXT:   %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %ins, i32 0, i32 1, i32 1, i16 4, i32 undef)
define <8 x i32> @insert_also_read(i32 %x, i32* %p) {
entry:
  %ins = insertelement <8 x i32> undef, i32 %x, i32 0
  %splat = shufflevector <8 x i32> %ins, <8 x i32> undef, <8 x i32> zeroinitializer
  %e = extractelement <8 x i32> %ins, i32 1
  store i32 %e, i32* %p
  ret <8 x i32> %splat
}

; Negative: a shuffle that reads another lane of the insert (an undef one) is not a splat of the scalar.
; CHECK-LABEL: define <4 x i32> @shuffle_reads_other_lane(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ins = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> undef, i32 %x, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
define <4 x i32> @shuffle_reads_other_lane(i32 %x) {
entry:
  %ins = insertelement <4 x i32> undef, i32 %x, i32 0
  %r = shufflevector <4 x i32> %ins, <4 x i32> undef, <4 x i32> <i32 0, i32 0, i32 1, i32 0>
  ret <4 x i32> %r
}

; Negative: an insert into a defined vector is not the idiom (its other lanes are live).
; CHECK-LABEL: define <4 x i32> @insert_into_value(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ins = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v, i32 %x, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v4i32.i16(<4 x i32> %ins, i32 0, i32 1, i32 0, i16 0, i32 undef)
define <4 x i32> @insert_into_value(<4 x i32> %v, i32 %x) {
entry:
  %ins = insertelement <4 x i32> %v, i32 %x, i32 0
  %r = shufflevector <4 x i32> %ins, <4 x i32> undef, <4 x i32> zeroinitializer
  ret <4 x i32> %r
}

; CHECK-LABEL: define <16 x float> @splat_element_5(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat = call <16 x float> @llvm.genx.rdregionf.v16f32.v8f32.i16(<8 x float> %v, i32 0, i32 1, i32 0, i16 20, i32 undef)
; CHECK-NEXT:   ret <16 x float> %splat
; CHECK-NEXT: }
define <16 x float> @splat_element_5(<8 x float> %v) {
entry:
  %splat = shufflevector <8 x float> %v, <8 x float> undef, <16 x i32> <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  ret <16 x float> %splat
}

; CHECK-LABEL: define <4 x i64> @splat_second_operand(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %b, i32 0, i32 1, i32 0, i16 16, i32 undef)
; CHECK-NEXT:   ret <4 x i64> %splat
; CHECK-NEXT: }
define <4 x i64> @splat_second_operand(<4 x i64> %a, <4 x i64> %b) {
entry:
  %splat = shufflevector <4 x i64> %a, <4 x i64> %b, <4 x i32> <i32 6, i32 6, i32 6, i32 6>
  ret <4 x i64> %splat
}

; CHECK-LABEL: define <8 x half> @splat_with_undef_lanes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %splat = call <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half> %v, i32 0, i32 1, i32 0, i16 6, i32 undef)
; CHECK-NEXT:   ret <8 x half> %splat
; CHECK-NEXT: }
define <8 x half> @splat_with_undef_lanes(<8 x half> %v) {
entry:
  %splat = shufflevector <8 x half> %v, <8 x half> undef, <8 x i32> <i32 undef, i32 3, i32 3, i32 undef, i32 3, i32 3, i32 3, i32 undef>
  ret <8 x half> %splat
}
