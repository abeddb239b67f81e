; An equivalent rewrite validates: the same region read as two 2-element halves joined by wrregion.
; RUN: %validate -v %S/Inputs/region-add.ll %s | FileCheck %s
; CHECK: cmc validate: 1 function(s) agree on 64 trial(s) (0 discarded
define <4 x i32> @f(<16 x i32> %v, i16 %off, <4 x i32> %n) {
entry:
  %lo = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %v, i32 0, i32 2, i32 2, i16 %off, i32 undef)
  %off.hi = add i16 %off, 16
  %hi = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %v, i32 0, i32 2, i32 2, i16 %off.hi, i32 undef)
  %w0 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> undef, <2 x i32> %lo, i32 0, i32 2, i32 1, i16 0, i32 undef, i1 true)
  %w1 = call <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32> %w0, <2 x i32> %hi, i32 0, i32 2, i32 1, i16 8, i32 undef, i1 true)
  %s = add <4 x i32> %n, %w1
  ret <4 x i32> %s
}
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v2i32.i16.i1(<4 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)
