; GenX integer ALU intrinsics on constant operands fold to constants. Each fold is checked against the
; executor (genx-exec) by the %validate line: the original calls run there, the folded constants are compared.
; CM: cm_abs, cm_min/cm_max, cm_add<SAT>, cm_bf_reverse, cm_cbit, cm_fbl/cm_fbh, cm_bf_extract/cm_bf_insert,
; cm_rol/cm_ror and BFN on values that inlining and unrolling made constant.
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -

; `|x|`; |MIN| wraps to MIN.
; CHECK-LABEL: define <4 x i32> @absi_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 0, i32 5, i32 2147483647, i32 -2147483648>
define <4 x i32> @absi_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.absi.v4i32(<4 x i32> <i32 0, i32 -5, i32 2147483647, i32 -2147483648>)
  ret <4 x i32> %r
}

; Scalar i8.
; CHECK-LABEL: define i8 @absi_i8_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret i8 -128
define i8 @absi_i8_scalar() {
entry:
  %r = call i8 @llvm.genx.absi.i8(i8 -128)
  ret i8 %r
}

; Signed minimum.
; CHECK-LABEL: define <4 x i16> @smin_i16(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i16> <i16 -1, i16 5, i16 -1, i16 -32768>
define <4 x i16> @smin_i16() {
entry:
  %r = call <4 x i16> @llvm.genx.smin.v4i16.v4i16(<4 x i16> <i16 -1, i16 5, i16 32767, i16 -32768>, <4 x i16> <i16 1, i16 5, i16 -1, i16 0>)
  ret <4 x i16> %r
}

; Signed maximum.
; CHECK-LABEL: define <4 x i16> @smax_i16(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i16> <i16 1, i16 5, i16 32767, i16 0>
define <4 x i16> @smax_i16() {
entry:
  %r = call <4 x i16> @llvm.genx.smax.v4i16.v4i16(<4 x i16> <i16 -1, i16 5, i16 32767, i16 -32768>, <4 x i16> <i16 1, i16 5, i16 -1, i16 0>)
  ret <4 x i16> %r
}

; Unsigned minimum: -1 is the largest.
; CHECK-LABEL: define <4 x i16> @umin_i16(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i16> <i16 1, i16 5, i16 32767, i16 0>
define <4 x i16> @umin_i16() {
entry:
  %r = call <4 x i16> @llvm.genx.umin.v4i16.v4i16(<4 x i16> <i16 -1, i16 5, i16 32767, i16 -32768>, <4 x i16> <i16 1, i16 5, i16 -1, i16 0>)
  ret <4 x i16> %r
}

; Unsigned maximum.
; CHECK-LABEL: define <4 x i16> @umax_i16(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i16> <i16 -1, i16 5, i16 -1, i16 -32768>
define <4 x i16> @umax_i16() {
entry:
  %r = call <4 x i16> @llvm.genx.umax.v4i16.v4i16(<4 x i16> <i16 -1, i16 5, i16 32767, i16 -32768>, <4 x i16> <i16 1, i16 5, i16 -1, i16 0>)
  ret <4 x i16> %r
}

; Three-input add, wrapping.
; CHECK-LABEL: define <4 x i32> @add3_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 6, i32 -2147483648, i32 -3, i32 2147483647>
define <4 x i32> @add3_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.add3.v4i32.v4i32(<4 x i32> <i32 1, i32 2147483647, i32 -1, i32 -2147483648>, <4 x i32> <i32 2, i32 1, i32 -1, i32 -1>, <4 x i32> <i32 3, i32 0, i32 -1, i32 0>)
  ret <4 x i32> %r
}

; Signed operands, signed clamp.
; CHECK-LABEL: define <4 x i8> @ssadd_sat_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 127, i8 -128, i8 44, i8 0>
define <4 x i8> @ssadd_sat_i8() {
entry:
  %r = call <4 x i8> @llvm.genx.ssadd.sat.v4i8.v4i8(<4 x i8> <i8 100, i8 -100, i8 -56, i8 -1>, <4 x i8> <i8 100, i8 -100, i8 100, i8 1>)
  ret <4 x i8> %r
}

; Unsigned operands, signed clamp.
; CHECK-LABEL: define <4 x i8> @suadd_sat_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 127, i8 127, i8 127, i8 127>
define <4 x i8> @suadd_sat_i8() {
entry:
  %r = call <4 x i8> @llvm.genx.suadd.sat.v4i8.v4i8(<4 x i8> <i8 100, i8 -100, i8 -56, i8 -1>, <4 x i8> <i8 100, i8 -100, i8 100, i8 1>)
  ret <4 x i8> %r
}

; Signed operands, unsigned clamp.
; CHECK-LABEL: define <4 x i8> @usadd_sat_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 -56, i8 0, i8 44, i8 0>
define <4 x i8> @usadd_sat_i8() {
entry:
  %r = call <4 x i8> @llvm.genx.usadd.sat.v4i8.v4i8(<4 x i8> <i8 100, i8 -100, i8 -56, i8 -1>, <4 x i8> <i8 100, i8 -100, i8 100, i8 1>)
  ret <4 x i8> %r
}

; Unsigned operands, unsigned clamp.
; CHECK-LABEL: define <4 x i8> @uuadd_sat_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 -56, i8 -1, i8 -1, i8 -1>
define <4 x i8> @uuadd_sat_i8() {
entry:
  %r = call <4 x i8> @llvm.genx.uuadd.sat.v4i8.v4i8(<4 x i8> <i8 100, i8 -100, i8 -56, i8 -1>, <4 x i8> <i8 100, i8 -100, i8 100, i8 1>)
  ret <4 x i8> %r
}

; Signed to signed i8.
; CHECK-LABEL: define <4 x i8> @sstrunc_sat(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 127, i8 -128, i8 127, i8 -1>
define <4 x i8> @sstrunc_sat() {
entry:
  %r = call <4 x i8> @llvm.genx.sstrunc.sat.v4i8.v4i32(<4 x i32> <i32 300, i32 -300, i32 128, i32 -1>)
  ret <4 x i8> %r
}

; Unsigned to signed i8.
; CHECK-LABEL: define <4 x i8> @sutrunc_sat(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 127, i8 127, i8 127, i8 127>
define <4 x i8> @sutrunc_sat() {
entry:
  %r = call <4 x i8> @llvm.genx.sutrunc.sat.v4i8.v4i32(<4 x i32> <i32 300, i32 -300, i32 127, i32 -1>)
  ret <4 x i8> %r
}

; Signed to unsigned i8.
; CHECK-LABEL: define <4 x i8> @ustrunc_sat(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 -1, i8 0, i8 -128, i8 0>
define <4 x i8> @ustrunc_sat() {
entry:
  %r = call <4 x i8> @llvm.genx.ustrunc.sat.v4i8.v4i32(<4 x i32> <i32 300, i32 -300, i32 128, i32 -1>)
  ret <4 x i8> %r
}

; Unsigned to unsigned i8.
; CHECK-LABEL: define <4 x i8> @uutrunc_sat(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 -1, i8 -1, i8 -128, i8 -1>
define <4 x i8> @uutrunc_sat() {
entry:
  %r = call <4 x i8> @llvm.genx.uutrunc.sat.v4i8.v4i32(<4 x i32> <i32 300, i32 -300, i32 128, i32 -1>)
  ret <4 x i8> %r
}

; Set bits of i16 operands into an i32 result.
; CHECK-LABEL: define <4 x i32> @cbit_i16_to_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 0, i32 16, i32 2, i32 1>
define <4 x i32> @cbit_i16_to_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.cbit.v4i32.v4i16(<4 x i16> <i16 0, i16 -1, i16 257, i16 -32768>)
  ret <4 x i32> %r
}

; Leading zeros; 0 gives the width.
; CHECK-LABEL: define <4 x i32> @lzd_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 32, i32 31, i32 0, i32 15>
define <4 x i32> @lzd_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.lzd.v4i32(<4 x i32> <i32 0, i32 1, i32 -1, i32 65536>)
  ret <4 x i32> %r
}

; At the operand's width.
; CHECK-LABEL: define i16 @lzd_i16_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret i16 14
define i16 @lzd_i16_scalar() {
entry:
  %r = call i16 @llvm.genx.lzd.i16(i16 3)
  ret i16 %r
}

; Counts taken modulo the width.
; CHECK-LABEL: define <4 x i32> @rol_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -2147483647, i32 3, i32 3, i32 -1073741824>
define <4 x i32> @rol_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.rol.v4i32.v4i32(<4 x i32> <i32 -2147483647, i32 -2147483647, i32 -2147483647, i32 -2147483647>, <4 x i32> <i32 0, i32 1, i32 33, i32 31>)
  ret <4 x i32> %r
}

; Rotate right at 8 bits.
; CHECK-LABEL: define <4 x i8> @ror_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 -127, i8 -64, i8 -64, i8 2>
define <4 x i8> @ror_i8() {
entry:
  %r = call <4 x i8> @llvm.genx.ror.v4i8.v4i8(<4 x i8> <i8 -127, i8 -127, i8 -127, i8 1>, <4 x i8> <i8 0, i8 1, i8 9, i8 7>)
  ret <4 x i8> %r
}

; Truth table 0x96: a ^ b ^ c.
; CHECK-LABEL: define <4 x i32> @bfn_xor3(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -1, i32 -1, i32 0, i32 0>
define <4 x i32> @bfn_xor3() {
entry:
  %r = call <4 x i32> @llvm.genx.bfn.v4i32.v4i32(<4 x i32> <i32 -1, i32 0, i32 12, i32 255>, <4 x i32> <i32 0, i32 0, i32 10, i32 15>, <4 x i32> <i32 0, i32 -1, i32 6, i32 240>, i8 -106)
  ret <4 x i32> %r
}

; Truth table 0xE8: majority of a, b, c.
; CHECK-LABEL: define <4 x i32> @bfn_majority(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 0, i32 0, i32 14, i32 255>
define <4 x i32> @bfn_majority() {
entry:
  %r = call <4 x i32> @llvm.genx.bfn.v4i32.v4i32(<4 x i32> <i32 -1, i32 0, i32 12, i32 255>, <4 x i32> <i32 0, i32 0, i32 10, i32 15>, <4 x i32> <i32 0, i32 -1, i32 6, i32 240>, i8 -24)
  ret <4 x i32> %r
}

; Bit reversal.
; CHECK-LABEL: define <4 x i32> @bfrev_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -2147483648, i32 0, i32 -1, i32 510274632>
define <4 x i32> @bfrev_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.bfrev.v4i32(<4 x i32> <i32 1, i32 0, i32 -1, i32 305419896>)
  ret <4 x i32> %r
}

; Trailing zeros; none found gives all ones.
; CHECK-LABEL: define <4 x i32> @fbl_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -1, i32 0, i32 0, i32 31>
define <4 x i32> @fbl_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.fbl.v4i32(<4 x i32> <i32 0, i32 1, i32 -1, i32 -2147483648>)
  ret <4 x i32> %r
}

; Leading zeros; 0 gives all ones.
; CHECK-LABEL: define <4 x i32> @ufbh_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -1, i32 31, i32 0, i32 16>
define <4 x i32> @ufbh_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.ufbh.v4i32(<4 x i32> <i32 0, i32 1, i32 -1, i32 65535>)
  ret <4 x i32> %r
}

; Leading sign copies; 0 and -1 give all ones.
; CHECK-LABEL: define <4 x i32> @sfbh_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -1, i32 -1, i32 28, i32 16>
define <4 x i32> @sfbh_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.sfbh.v4i32(<4 x i32> <i32 0, i32 -1, i32 -16, i32 65535>)
  ret <4 x i32> %r
}

; Bit-field extract (width, offset, value), widths and offsets & 31.
; CHECK-LABEL: define <4 x i32> @ubfe_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 15, i32 0, i32 0, i32 10>
define <4 x i32> @ubfe_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.ubfe.v4i32(<4 x i32> <i32 4, i32 0, i32 32, i32 8>, <4 x i32> <i32 4, i32 3, i32 0, i32 28>, <4 x i32> <i32 240, i32 255, i32 305419896, i32 -1412567295>)
  ret <4 x i32> %r
}

; Signed bit-field extract.
; CHECK-LABEL: define <4 x i32> @sbfe_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -1, i32 0, i32 0, i32 -6>
define <4 x i32> @sbfe_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.sbfe.v4i32(<4 x i32> <i32 4, i32 0, i32 32, i32 8>, <4 x i32> <i32 4, i32 3, i32 0, i32 28>, <4 x i32> <i32 240, i32 255, i32 305419896, i32 -1412567295>)
  ret <4 x i32> %r
}

; Bit-field insert (width, offset, insert, base).
; CHECK-LABEL: define <4 x i32> @bfi_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> <i32 -1025, i32 0, i32 7, i32 -268435456>
define <4 x i32> @bfi_i32() {
entry:
  %r = call <4 x i32> @llvm.genx.bfi.v4i32(<4 x i32> <i32 4, i32 0, i32 32, i32 8>, <4 x i32> <i32 8, i32 3, i32 0, i32 28>, <4 x i32> <i32 171, i32 255, i32 -1, i32 -1>, <4 x i32> <i32 -1, i32 0, i32 7, i32 0>)
  ret <4 x i32> %r
}

; An undef operand lane gives an undef result lane; the others fold.
; CHECK-LABEL: define <2 x i32> @smax_undef_lane(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <2 x i32> <i32 undef, i32 2>
define <2 x i32> @smax_undef_lane() {
entry:
  %r = call <2 x i32> @llvm.genx.smax.v2i32.v2i32(<2 x i32> <i32 undef, i32 -3>, <2 x i32> <i32 1, i32 2>)
  ret <2 x i32> %r
}

; Negative: an operand known only at run time.
; CHECK-LABEL: define <4 x i32> @no_fold_variable_operand(
; CHECK: %r = call <4 x i32> @llvm.genx.smin.v4i32.v4i32
define <4 x i32> @no_fold_variable_operand(<4 x i32> %a) {
entry:
  %r = call <4 x i32> @llvm.genx.smin.v4i32.v4i32(<4 x i32> %a, <4 x i32> <i32 1, i32 2, i32 3, i32 4>)
  ret <4 x i32> %r
}

; Negative: bfn's truth table is not a constant (not valid GenX IR either: IGC needs an immediate).
; CHECK-LABEL: define <4 x i32> @no_fold_variable_table(
; CHECK: %r = call <4 x i32> @llvm.genx.bfn.v4i32.v4i32
define <4 x i32> @no_fold_variable_table(i8 %table) {
entry:
  %r = call <4 x i32> @llvm.genx.bfn.v4i32.v4i32(<4 x i32> <i32 -1, i32 0, i32 12, i32 255>, <4 x i32> <i32 0, i32 0, i32 10, i32 15>, <4 x i32> <i32 0, i32 -1, i32 6, i32 240>, i8 %table)
  ret <4 x i32> %r
}

declare <4 x i32> @llvm.genx.absi.v4i32(<4 x i32>)
declare i8 @llvm.genx.absi.i8(i8)
declare <4 x i16> @llvm.genx.smin.v4i16.v4i16(<4 x i16>, <4 x i16>)
declare <4 x i16> @llvm.genx.smax.v4i16.v4i16(<4 x i16>, <4 x i16>)
declare <4 x i16> @llvm.genx.umin.v4i16.v4i16(<4 x i16>, <4 x i16>)
declare <4 x i16> @llvm.genx.umax.v4i16.v4i16(<4 x i16>, <4 x i16>)
declare <4 x i32> @llvm.genx.add3.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x i32>)
declare <4 x i8> @llvm.genx.ssadd.sat.v4i8.v4i8(<4 x i8>, <4 x i8>)
declare <4 x i8> @llvm.genx.suadd.sat.v4i8.v4i8(<4 x i8>, <4 x i8>)
declare <4 x i8> @llvm.genx.usadd.sat.v4i8.v4i8(<4 x i8>, <4 x i8>)
declare <4 x i8> @llvm.genx.uuadd.sat.v4i8.v4i8(<4 x i8>, <4 x i8>)
declare <4 x i8> @llvm.genx.sstrunc.sat.v4i8.v4i32(<4 x i32>)
declare <4 x i8> @llvm.genx.sutrunc.sat.v4i8.v4i32(<4 x i32>)
declare <4 x i8> @llvm.genx.ustrunc.sat.v4i8.v4i32(<4 x i32>)
declare <4 x i8> @llvm.genx.uutrunc.sat.v4i8.v4i32(<4 x i32>)
declare <4 x i32> @llvm.genx.cbit.v4i32.v4i16(<4 x i16>)
declare <4 x i32> @llvm.genx.lzd.v4i32(<4 x i32>)
declare i16 @llvm.genx.lzd.i16(i16)
declare <4 x i32> @llvm.genx.rol.v4i32.v4i32(<4 x i32>, <4 x i32>)
declare <4 x i8> @llvm.genx.ror.v4i8.v4i8(<4 x i8>, <4 x i8>)
declare <4 x i32> @llvm.genx.bfn.v4i32.v4i32(<4 x i32>, <4 x i32>, <4 x i32>, i8)
declare <4 x i32> @llvm.genx.bfrev.v4i32(<4 x i32>)
declare <4 x i32> @llvm.genx.fbl.v4i32(<4 x i32>)
declare <4 x i32> @llvm.genx.ufbh.v4i32(<4 x i32>)
declare <4 x i32> @llvm.genx.sfbh.v4i32(<4 x i32>)
declare <4 x i32> @llvm.genx.ubfe.v4i32(<4 x i32>, <4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.genx.sbfe.v4i32(<4 x i32>, <4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.genx.bfi.v4i32(<4 x i32>, <4 x i32>, <4 x i32>, <4 x i32>)
declare <2 x i32> @llvm.genx.smax.v2i32.v2i32(<2 x i32>, <2 x i32>)
declare <4 x i32> @llvm.genx.smin.v4i32.v4i32(<4 x i32>, <4 x i32>)
