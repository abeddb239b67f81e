; A constant region that reads past the end of its vector is rejected at the call, with the function, block and
; instruction named; opt and cmc both fail.
; RUN: not %opt -passes=genx-verify -disable-output %s 2>&1 | FileCheck %s
; RUN: not %cmc -passes=genx-verify -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: not test -e %t.ll

; <0;4,2> at byte 8 starts at element 2 and reads 2,4,6,8: element 8 is outside the 8-element vector.
; CHECK: error: genx-verify: in function 'oob', block 'entry': %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 2, i16 8, i32 undef): region <0;4,2> at byte offset 8 reaches element 8 (region element 3), outside the 8-element vector
define <4 x i32> @oob(<8 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 2, i16 8, i32 undef)
  ret <4 x i32> %r
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
