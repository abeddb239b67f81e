; Well-formed GenX calls pass genx-verify unchanged, through opt's plugin and through cmc's in-process pipeline.
; RUN: %opt -passes=genx-verify -S %s 2>%t.opt.err | FileCheck %s
; RUN: count 0 < %t.opt.err
; RUN: %cmc -passes=genx-verify -S %s 2>%t.cmc.err | FileCheck %s
; RUN: count 0 < %t.cmc.err

; 1D, 2D, replicating, variable-offset and multi-indirect regions; a masked write; predicate regions.
; CHECK-LABEL: define <4 x i32> @regions(
; CHECK: %row = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %m, i32 0, i32 8, i32 1, i16 32, i32 undef)
; CHECK: %tile = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %m, i32 8, i32 2, i32 1, i16 4, i32 undef)
; CHECK: %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.v4i1(
define <4 x i32> @regions(<32 x i32> %m, i16 %var, <2 x i16> %rows, <4 x i1> %mask) {
entry:
  %row = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %m, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %tile = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %m, i32 8, i32 2, i32 1, i16 4, i32 undef)
  %splat = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %m, i32 0, i32 1, i32 0, i16 124, i32 undef)
  %dyn = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %m, i32 0, i32 4, i32 1, i16 %var, i32 8)
  %multi = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.v2i16(<32 x i32> %m, i32 0, i32 2, i32 1, <2 x i16> %rows, i32 undef)
  %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.v4i1(<32 x i32> %m, <4 x i32> %tile, i32 8, i32 2, i32 1, i16 0, i32 undef, <4 x i1> %mask)
  %back = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %w, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %back
}

; CHECK-LABEL: define <8 x float> @float_and_predicates(
define <8 x float> @float_and_predicates(<16 x float> %v, <32 x i1> %p, <8 x float> %n) {
entry:
  %odd = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %v, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %half = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %p, i32 16)
  %p2 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> %p, <16 x i1> %half, i32 0)
  %sum = fadd <8 x float> %odd, %n
  ret <8 x float> %sum
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.v2i16(<32 x i32>, i32, i32, i32, <2 x i16>, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.v4i1(<32 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
