; A wrong rewrite (stride 1 instead of 2) is caught: exit 1, with the function, the inputs, the lane and both
; values.
; RUN: bash -c '%validate %S/Inputs/region-add.ll %s; test $? -eq 1' 2>&1 | FileCheck %s
; CHECK: cmc validate: mismatch in function 'f' on trial 0
; CHECK-NEXT: inputs: %v = <{{.*}}>, %off = {{[0-9]+}}, %n = <{{.*}}>
; CHECK-NEXT: at: return value, lane 1
; CHECK-NEXT: before: {{.*}}
; CHECK-NEXT: after: {{.*}}
define <4 x i32> @f(<16 x i32> %v, i16 %off, <4 x i32> %n) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 %off, i32 undef)
  %s = add <4 x i32> %r, %n
  ret <4 x i32> %s
}
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
