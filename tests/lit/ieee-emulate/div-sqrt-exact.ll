; genx-ieee-emulate computes IEEE-exact float division and square root with 32-bit integers on platforms
; without fp64 (icllp here: GenX_IR refuses vISA's divm/sqrtm there). The results must be the correctly rounded
; ones bit for bit (a NaN agrees whatever its encoding): each function is validated against the executor's
; ieee.div/ieee.sqrt (Rust's correctly rounded f32 division and square root) on random bit patterns, every
; exponent alike, so normal, subnormal, overflowing and underflowing results all occur; lanes picked at random
; take operands of every special class instead (zeros of both signs, infinities, quiet and signalling NaNs, the
; smallest and largest subnormals and normals, values one ulp from 1), or a random subnormal. Negative case
; @on_skl: skl has fp64 (vISA's divm/sqrtm), so the intrinsics stay.
; RUN: %opt -passes=genx-ieee-emulate -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate --trials 512 %s %t.ll
; RUN: %opt -passes=genx-verify -disable-output %t.ll

; CHECK-LABEL: define <16 x float> @divide(
; CHECK-NOT: @llvm.genx.ieee.div
; CHECK: ret <16 x float>
; CHECK-LABEL: define <16 x float> @square_root(
; CHECK-NOT: @llvm.genx.ieee.sqrt
; CHECK: ret <16 x float>
; CHECK-LABEL: define float @scalar(
; CHECK-NOT: @llvm.genx.ieee
; CHECK: ret float
; CHECK-LABEL: define <8 x float> @on_skl(
; CHECK: call <8 x float> @llvm.genx.ieee.div.v8f32(
; CHECK: call <8 x float> @llvm.genx.ieee.sqrt.v8f32(

define <16 x float> @divide(<16 x i32> %x, <16 x i32> %y, <16 x i32> %pick) #0 {
  %pa = and <16 x i32> %pick, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %special_a = icmp eq <16 x i32> %pa, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %sub_a = icmp eq <16 x i32> %pa, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %xs = and <16 x i32> %x, <i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255>
  %x1 = select <16 x i1> %sub_a, <16 x i32> %xs, <16 x i32> %x
  %x2 = select <16 x i1> %special_a, <16 x i32> <i32 0, i32 2147483648, i32 2139095040, i32 4286578688, i32 2143289345, i32 2139095041, i32 1, i32 8388607, i32 1065353216, i32 1077936128, i32 2139095039, i32 8388608, i32 1069547520, i32 3221225472, i32 1065353217, i32 3>, <16 x i32> %x1
  %pb = and <16 x i32> %pick, <i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12, i32 12>
  %special_b = icmp eq <16 x i32> %pb, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %sub_b = icmp eq <16 x i32> %pb, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %ys = and <16 x i32> %y, <i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255>
  %y1 = select <16 x i1> %sub_b, <16 x i32> %ys, <16 x i32> %y
  %y2 = select <16 x i1> %special_b, <16 x i32> <i32 2139095040, i32 0, i32 2147483648, i32 2139095040, i32 1065353216, i32 1077936128, i32 2139095039, i32 1, i32 3, i32 8388607, i32 8388608, i32 1056964607, i32 4286578688, i32 2143289344, i32 1065353215, i32 2147483649>, <16 x i32> %y1
  %a = bitcast <16 x i32> %x2 to <16 x float>
  %b = bitcast <16 x i32> %y2 to <16 x float>
  %q = call <16 x float> @llvm.genx.ieee.div.v16f32(<16 x float> %a, <16 x float> %b)
  ret <16 x float> %q
}

define <16 x float> @square_root(<16 x i32> %x, <16 x i32> %pick) #0 {
  %p = and <16 x i32> %pick, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %special = icmp eq <16 x i32> %p, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %sub = icmp eq <16 x i32> %p, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %xs = and <16 x i32> %x, <i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255, i32 2155872255>
  %x1 = select <16 x i1> %sub, <16 x i32> %xs, <16 x i32> %x
  %x2 = select <16 x i1> %special, <16 x i32> <i32 0, i32 2147483648, i32 2139095040, i32 4286578688, i32 2143289345, i32 2139095041, i32 1, i32 8388607, i32 1065353216, i32 1077936128, i32 2139095039, i32 8388608, i32 3212836864, i32 2147483649, i32 1065353217, i32 2>, <16 x i32> %x1
  %a = bitcast <16 x i32> %x2 to <16 x float>
  %r = call <16 x float> @llvm.genx.ieee.sqrt.v16f32(<16 x float> %a)
  ret <16 x float> %r
}

define float @scalar(float %a, float %b) #0 {
  %q = call float @llvm.genx.ieee.div.f32(float %a, float %b)
  %r = call float @llvm.genx.ieee.sqrt.f32(float %q)
  ret float %r
}

define <8 x float> @on_skl(<8 x float> %a, <8 x float> %b) #1 {
  %q = call <8 x float> @llvm.genx.ieee.div.v8f32(<8 x float> %a, <8 x float> %b)
  %r = call <8 x float> @llvm.genx.ieee.sqrt.v8f32(<8 x float> %q)
  ret <8 x float> %r
}

declare <16 x float> @llvm.genx.ieee.div.v16f32(<16 x float>, <16 x float>)
declare <16 x float> @llvm.genx.ieee.sqrt.v16f32(<16 x float>)
declare float @llvm.genx.ieee.div.f32(float, float)
declare float @llvm.genx.ieee.sqrt.f32(float)
declare <8 x float> @llvm.genx.ieee.div.v8f32(<8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.ieee.sqrt.v8f32(<8 x float>)

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="skl" }
