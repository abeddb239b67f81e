; Region offsets the front end computes as `i * C * sizeof(T)` are traced back to the argument: the validator
; draws i so that the region stays inside the matrix (and keeps the trials), here for a 4x8 int matrix row.
; RUN: %validate -v %s %s | FileCheck %s
; CHECK: cmc validate: 1 function(s) agree on 64 trial(s) (0 discarded
define <8 x i32> @row(<32 x i32> %m, i16 %i) {
entry:
  %bytes = mul i16 %i, 32
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %m, i32 0, i32 8, i32 1, i16 %bytes, i32 undef)
  ret <8 x i32> %r
}
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
