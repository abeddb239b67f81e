; The reference function of the validate tests: a strided region read at a variable offset, plus a vector.
define <4 x i32> @f(<16 x i32> %v, i16 %off, <4 x i32> %n) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 %off, i32 undef)
  %s = add <4 x i32> %r, %n
  ret <4 x i32> %s
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
