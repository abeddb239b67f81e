; Names, mangling, arity and operand types are checked against the intrinsic table.
; RUN: not %opt -passes=genx-verify -disable-output %s 2>&1 | FileCheck %s
; RUN: not %cmc -passes=genx-verify -S %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: in function 'unknown'{{.*}}: unknown GenX intrinsic 'llvm.genx.no.such.thing.v4i32'
define <4 x i32> @unknown(<4 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.no.such.thing.v4i32(<4 x i32> %v)
  ret <4 x i32> %r
}

; The suffix says v8i32 input, the operand is <16 x i32>.
; CHECK: in function 'bad_mangling'{{.*}}: the name does not match the operand types: for these types it must be 'llvm.genx.rdregioni.v4i32.v16i32.i16'
define <4 x i32> @bad_mangling(<16 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %r
}

; CHECK: in function 'bad_arity'{{.*}}: 'llvm.genx.rdregioni' takes 6 operands ({{.*}}), but the call passes 5
define <4 x i32> @bad_arity(<16 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16.short(<16 x i32> %v, i32 0, i32 4, i32 1, i16 0)
  ret <4 x i32> %r
}

; vstride must be i32.
; CHECK: in function 'bad_operand_type'{{.*}}: operand 1 ('vstride') has type i16
define <4 x i32> @bad_operand_type(<16 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16.i16vs(<16 x i32> %v, i16 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %r
}

; rdregioni returns integers; a float result needs rdregionf.
; CHECK: in function 'float_from_rdregioni'{{.*}}: the result has type <4 x float>
define <4 x float> @float_from_rdregioni(<16 x float> %v) {
entry:
  %r = call <4 x float> @llvm.genx.rdregioni.v4f32.v16f32.i16(<16 x float> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x float> %r
}

declare <4 x i32> @llvm.genx.no.such.thing.v4i32(<4 x i32>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16.short(<16 x i32>, i32, i32, i32, i16)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16.i16vs(<16 x i32>, i16, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregioni.v4f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
