//! Golden values for the integer ALU intrinsics (`intrinsics/alu.rs`), each computed by hand and run through real
//! IR (`decode_str` + `Machine::run`), so the mangled names resolve as they do in compiled kernels.
//!
//! Every intrinsic is called at least once; edge cases: saturation bounds in both directions, mixed signedness,
//! results wider than the operands, average rounding, shift-count masking and the 33-bit `shl.sat` rule,
//! `bfe`/`bfi` widths 0 and 32 and fields past bit 31, `mulh` of negatives, carries and borrows, `madw` layout,
//! undef lanes.

mod common;

use common::{call, ok};
use genx_exec::memory::Fault;
use genx_exec::value::{Elem, Lanes, Value};

/// Lanes of `iN` from signed or unsigned literals (masked to the width).
fn ints(bits: u8, values: &[i128]) -> Value {
    Value::Lanes(Lanes::new(Elem::Int(bits), values.iter().map(|&v| v as u64).collect()))
}

/// Like [`ints`], with the lanes listed in `undef` undef.
fn ints_undef(bits: u8, values: &[i128], undef: &[usize]) -> Value {
    let Value::Lanes(mut lanes) = ints(bits, values) else { unreachable!() };
    for &i in undef {
        lanes.bits[i] = 0;
        lanes.undef[i] = true;
    }
    Value::Lanes(lanes)
}

const I32_MIN: i128 = i32::MIN as i128;
const I32_MAX: i128 = i32::MAX as i128;
const U32_MAX: i128 = u32::MAX as i128;

// ---- modifiers and saturation ------------------------------------------------------------------------------------

#[test]
fn absi_wraps_int_min() {
    let r = ok("llvm.genx.absi.v4i32", "<4 x i32>", &[("<4 x i32>", ints(32, &[5, -5, I32_MIN, 0]))]);
    assert_eq!(r, ints(32, &[5, 5, I32_MIN, 0]));
}

#[test]
fn trunc_sat_clamps_by_result_and_operand_signedness() {
    let ss = ok("llvm.genx.sstrunc.sat.v4i8.v4i32", "<4 x i8>", &[("<4 x i32>", ints(32, &[200, -200, 100, -128]))]);
    assert_eq!(ss, ints(8, &[127, -128, 100, -128]));
    // Unsigned operand 0xffffffff is 4294967295, not -1.
    let su = ok("llvm.genx.sutrunc.sat.v3i8.v3i32", "<3 x i8>", &[("<3 x i32>", ints(32, &[U32_MAX, 5, 127]))]);
    assert_eq!(su, ints(8, &[127, 5, 127]));
    let us = ok("llvm.genx.ustrunc.sat.v3i8.v3i32", "<3 x i8>", &[("<3 x i32>", ints(32, &[-1, 300, 255]))]);
    assert_eq!(us, ints(8, &[0, 255, 255]));
    let uu = ok("llvm.genx.uutrunc.sat.v3i8.v3i32", "<3 x i8>", &[("<3 x i32>", ints(32, &[U32_MAX, 255, 256]))]);
    assert_eq!(uu, ints(8, &[255, 255, 255]));
    // A wider result: a negative signed operand still clamps to 0 when the result is unsigned.
    let widen = ok("llvm.genx.ustrunc.sat.v2i32.v2i16", "<2 x i32>", &[("<2 x i16>", ints(16, &[-1, 0x7fff]))]);
    assert_eq!(widen, ints(32, &[0, 0x7fff]));
}

// ---- add ---------------------------------------------------------------------------------------------------------

#[test]
fn add_sat_variants() {
    let a = |v: &[i128]| ("<3 x i8>", ints(8, v));
    let ss = ok("llvm.genx.ssadd.sat.v3i8.v3i8", "<3 x i8>", &[a(&[100, -100, 50]), a(&[100, -100, -20])]);
    assert_eq!(ss, ints(8, &[127, -128, 30]));
    // Unsigned operands: 200 + 100 = 300, clamped to the signed maximum.
    let su = ok("llvm.genx.suadd.sat.v3i8.v3i8", "<3 x i8>", &[a(&[200, 1, 0]), a(&[100, 2, 0])]);
    assert_eq!(su, ints(8, &[127, 3, 0]));
    // Signed operands: -5 + 3 = -2, clamped to the unsigned minimum.
    let us = ok("llvm.genx.usadd.sat.v3i8.v3i8", "<3 x i8>", &[a(&[-5, 100, 0]), a(&[3, 100, 0])]);
    assert_eq!(us, ints(8, &[0, 200, 0]));
    let uu = ok("llvm.genx.uuadd.sat.v3i8.v3i8", "<3 x i8>", &[a(&[200, 1, 255]), a(&[100, 1, 0])]);
    assert_eq!(uu, ints(8, &[255, 2, 255]));
    // A wider result holds the exact sum.
    let wide = ok("llvm.genx.ssadd.sat.i16.i8", "i16", &[("i8", ints(8, &[-128])), ("i8", ints(8, &[-128]))]);
    assert_eq!(wide, ints(16, &[-256]));
    let q = |v: i128| ("i64", ints(64, &[v]));
    assert_eq!(ok("llvm.genx.uuadd.sat.i64.i64", "i64", &[q(-1), q(1)]), ints(64, &[-1]));
    assert_eq!(ok("llvm.genx.ssadd.sat.i64.i64", "i64", &[q(i64::MAX as i128), q(1)]), ints(64, &[i64::MAX as i128]));
    assert_eq!(ok("llvm.genx.ssadd.sat.i64.i64", "i64", &[q(i64::MIN as i128), q(-1)]), ints(64, &[i64::MIN as i128]));
}

#[test]
fn add3_wraps_and_add3_sat_clamps() {
    let v = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let r = ok("llvm.genx.add3.v2i32.v2i32", "<2 x i32>", &[v(&[1, U32_MAX]), v(&[2, 1]), v(&[3, 1])]);
    assert_eq!(r, ints(32, &[6, 1]));
    let h = |x: i128| ("i16", ints(16, &[x]));
    assert_eq!(ok("llvm.genx.add3.i32.i16", "i32", &[h(-1), h(-1), h(-1)]), ints(32, &[-3]));

    let w = |x: &[i128]| ("<2 x i16>", ints(16, x));
    let ss = ok(
        "llvm.genx.ssadd3.sat.v2i16.v2i16",
        "<2 x i16>",
        &[w(&[30000, -30000]), w(&[30000, -30000]), w(&[30000, -30000])],
    );
    assert_eq!(ss, ints(16, &[32767, -32768]));
    let su = ok("llvm.genx.suadd3.sat.v2i16.v2i16", "<2 x i16>", &[w(&[65535, 1]), w(&[65535, 2]), w(&[65535, 3])]);
    assert_eq!(su, ints(16, &[32767, 6]));
    let us = ok("llvm.genx.usadd3.sat.v2i16.v2i16", "<2 x i16>", &[w(&[-1, 30000]), w(&[-1, 30000]), w(&[1, 30000])]);
    assert_eq!(us, ints(16, &[0, 65535]));
    let uu = ok("llvm.genx.uuadd3.sat.v2i16.v2i16", "<2 x i16>", &[w(&[65535, 1]), w(&[1, 1]), w(&[0, 1])]);
    assert_eq!(uu, ints(16, &[65535, 3]));
}

#[test]
fn addc_subb_and_add3c_put_the_carry_first() {
    let v = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let pair = "{ <2 x i32>, <2 x i32> }";
    let addc = ok("llvm.genx.addc.v2i32.v2i32", pair, &[v(&[U32_MAX, 1]), v(&[1, 2])]);
    assert_eq!(addc, Value::Agg(vec![ints(32, &[1, 0]), ints(32, &[0, 3])]));
    let subb = ok("llvm.genx.subb.v2i32.v2i32", pair, &[v(&[0, 5]), v(&[1, 3])]);
    assert_eq!(subb, Value::Agg(vec![ints(32, &[1, 0]), ints(32, &[U32_MAX, 2])]));
    // 0xffffffff + 0xffffffff + 2 = 2^33: sum 0, overflow set (even though the carry out is 2).
    let add3c =
        ok("llvm.genx.add3c.v2i1.v2i32", "{ <2 x i1>, <2 x i32> }", &[v(&[U32_MAX, 1]), v(&[U32_MAX, 2]), v(&[2, 3])]);
    assert_eq!(add3c, Value::Agg(vec![ints(1, &[1, 0]), ints(32, &[0, 6])]));
    // An undef operand lane leaves both fields undef in that lane only.
    let undef =
        ok("llvm.genx.addc.v2i32.v2i32", pair, &[("<2 x i32>", ints_undef(32, &[0, U32_MAX], &[0])), v(&[1, 1])]);
    assert_eq!(undef, Value::Agg(vec![ints_undef(32, &[0, 1], &[0]), ints_undef(32, &[0, 0], &[0])]));
}

// ---- multiply ----------------------------------------------------------------------------------------------------

#[test]
fn mul_letters_are_the_operand_signedness() {
    let h = |x: &[i128]| ("<2 x i16>", ints(16, x));
    let ss = ok("llvm.genx.ssmul.v2i32.v2i16", "<2 x i32>", &[h(&[-3, 0x7fff]), h(&[4, 0x7fff])]);
    assert_eq!(ss, ints(32, &[-12, 0x3fff_0001]));
    // sumul: operand 0 signed (0xffff = -1), operand 1 unsigned (0xffff = 65535).
    let su = ok("llvm.genx.sumul.v2i32.v2i16", "<2 x i32>", &[h(&[-1, 2]), h(&[-1, 3])]);
    assert_eq!(su, ints(32, &[-65535, 6]));
    // usmul: operand 0 unsigned, operand 1 signed.
    let us = ok("llvm.genx.usmul.v2i32.v2i16", "<2 x i32>", &[h(&[-1, 2]), h(&[-1, -2])]);
    assert_eq!(us, ints(32, &[-65535, -4]));
    let uu = ok("llvm.genx.uumul.v2i32.v2i16", "<2 x i32>", &[h(&[-1, 2]), h(&[-1, 3])]);
    assert_eq!(uu, ints(32, &[0xfffe_0001, 6]));
    // Full 64-bit products of 32-bit operands (the DxD->Q multiply of GenXLowering).
    let d = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let uq = ok("llvm.genx.uumul.v2i64.v2i32", "<2 x i64>", &[d(&[U32_MAX, 7]), d(&[U32_MAX, 6])]);
    assert_eq!(uq, ints(64, &[0xffff_fffe_0000_0001, 42]));
    let sq = ok("llvm.genx.ssmul.v2i64.v2i32", "<2 x i64>", &[d(&[-1, I32_MIN]), d(&[-1, I32_MIN])]);
    assert_eq!(sq, ints(64, &[1, 1 << 62]));
}

#[test]
fn mul_sat_clamps_to_the_result() {
    let h = |x: &[i128]| ("<2 x i16>", ints(16, x));
    let ss = ok("llvm.genx.ssmul.sat.v2i16.v2i16", "<2 x i16>", &[h(&[300, -300]), h(&[300, 300])]);
    assert_eq!(ss, ints(16, &[32767, -32768]));
    let su = ok("llvm.genx.sumul.sat.v2i16.v2i16", "<2 x i16>", &[h(&[0xffff, 3]), h(&[1, 4])]);
    assert_eq!(su, ints(16, &[32767, 12]));
    let us = ok("llvm.genx.usmul.sat.v2i16.v2i16", "<2 x i16>", &[h(&[-1, 200]), h(&[5, 200])]);
    assert_eq!(us, ints(16, &[0, 40000]));
    let b = |x: &[i128]| ("<2 x i8>", ints(8, x));
    let uu = ok("llvm.genx.uumul.sat.v2i8.v2i8", "<2 x i8>", &[b(&[16, 15]), b(&[16, 17])]);
    assert_eq!(uu, ints(8, &[255, 255]));
}

#[test]
fn mad_wraps_with_per_operand_signedness() {
    let h = |x: &[i128]| ("<2 x i16>", ints(16, x));
    let d = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let ss = ok("llvm.genx.ssmad.v2i32.v2i16", "<2 x i32>", &[h(&[-2, 0x7fff]), h(&[3, 2]), d(&[10, -1])]);
    assert_eq!(ss, ints(32, &[4, 65533]));
    let su = ok("llvm.genx.sumad.v2i32.v2i16", "<2 x i32>", &[h(&[-1, 1]), h(&[-1, 1]), d(&[0, 1])]);
    assert_eq!(su, ints(32, &[-65535, 2]));
    let us = ok("llvm.genx.usmad.v2i32.v2i16", "<2 x i32>", &[h(&[-1, 1]), h(&[-1, 1]), d(&[65535, 1])]);
    assert_eq!(us, ints(32, &[0, 2]));
    let uu = ok("llvm.genx.uumad.v2i32.v2i16", "<2 x i32>", &[h(&[-1, 1]), h(&[-1, 1]), d(&[U32_MAX, 1])]);
    assert_eq!(uu, ints(32, &[0xfffe_0000, 2]));
}

#[test]
fn mad_sat_reads_all_operands_with_the_second_letter() {
    let h = |x: &[i128]| ("<3 x i16>", ints(16, x));
    let ss = ok(
        "llvm.genx.ssmad.sat.v3i16.v3i16",
        "<3 x i16>",
        &[h(&[200, -200, 100]), h(&[200, 200, 100]), h(&[0, -1, -10000])],
    );
    assert_eq!(ss, ints(16, &[32767, -32768, 0]));
    let b = |x: &[i128]| ("<2 x i8>", ints(8, x));
    let uu = ok("llvm.genx.uumad.sat.v2i8.v2i8", "<2 x i8>", &[b(&[15, 3]), b(&[17, 4]), b(&[1, 5])]);
    assert_eq!(uu, ints(8, &[255, 17]));
    // sumad.sat: unsigned operands (0xff is 255), signed result: 255 * 1 + 0 clamps to 127.
    let su = ok("llvm.genx.sumad.sat.v2i8.v2i8", "<2 x i8>", &[b(&[0xff, 2]), b(&[1, 3]), b(&[0, 0x80])]);
    assert_eq!(su, ints(8, &[127, 127]));
    // usmad.sat: signed operands, unsigned result: -1 * 2 + 1 = -1 clamps to 0; 16 * 16 + (-1) = 255.
    let us = ok("llvm.genx.usmad.sat.v2i8.v2i8", "<2 x i8>", &[b(&[-1, 16]), b(&[2, 16]), b(&[1, -1])]);
    assert_eq!(us, ints(8, &[0, 255]));
}

#[test]
fn mulh_gives_the_high_half_of_negative_products() {
    let d = |x: &[i128]| ("<3 x i32>", ints(32, x));
    let s = ok("llvm.genx.smulh.v3i32.v3i32", "<3 x i32>", &[d(&[-1, I32_MIN, -2]), d(&[-1, I32_MIN, 3])]);
    assert_eq!(s, ints(32, &[0, 0x4000_0000, -1]));
    let u = ok("llvm.genx.umulh.v3i32.v3i32", "<3 x i32>", &[d(&[U32_MAX, 0x8000_0000, 3]), d(&[U32_MAX, 2, 4])]);
    assert_eq!(u, ints(32, &[0xffff_fffe, 1, 0]));
    let q = |x: i128| ("i64", ints(64, &[x]));
    assert_eq!(ok("llvm.genx.umulh.i64.i64", "i64", &[q(-1), q(-1)]), ints(64, &[-2]));
    assert_eq!(ok("llvm.genx.smulh.i64.i64", "i64", &[q(-1), q(-1)]), ints(64, &[0]));
}

#[test]
fn madw_puts_low_halves_first_and_high_halves_at_half_length() {
    let d = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let u = ok("llvm.genx.umadw.v16i32.v2i32", "<16 x i32>", &[d(&[U32_MAX, 2]), d(&[U32_MAX, 3]), d(&[U32_MAX, 4])]);
    // 0xffffffff^2 + 0xffffffff = 0xffffffff_00000000; 2 * 3 + 4 = 10.
    let mut expected = vec![0i128; 16];
    expected[1] = 10;
    expected[8] = U32_MAX;
    let undef: Vec<usize> = (0..16).filter(|i| ![0, 1, 8, 9].contains(i)).collect();
    assert_eq!(u, ints_undef(32, &expected, &undef));
    let s = ok("llvm.genx.smadw.v16i32.v2i32", "<16 x i32>", &[d(&[-1, I32_MIN]), d(&[5, -1]), d(&[-1, 0])]);
    let mut expected = vec![0i128; 16];
    (expected[0], expected[8]) = (-6, -1);
    (expected[1], expected[9]) = (0x8000_0000, 0);
    assert_eq!(s, ints_undef(32, &expected, &undef));
    let trap = call("llvm.genx.umadw.v2i32.v2i32", "<2 x i32>", &[d(&[1, 1]), d(&[1, 1]), d(&[1, 1])]).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
}

#[test]
fn imad_returns_high_then_low() {
    let d = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let pair = "{ <2 x i32>, <2 x i32> }";
    let s = ok("llvm.genx.simad.v2i32.v2i32", pair, &[d(&[-1, I32_MAX]), d(&[5, I32_MAX]), d(&[-1, 1])]);
    // -1 * 5 - 1 = -6; 0x7fffffff^2 + 1 = 0x3fffffff_00000002.
    assert_eq!(s, Value::Agg(vec![ints(32, &[-1, 0x3fff_ffff]), ints(32, &[-6, 2])]));
    let u = ok("llvm.genx.uimad.v2i32.v2i32", pair, &[d(&[U32_MAX, 1]), d(&[U32_MAX, 1]), d(&[U32_MAX, 1])]);
    assert_eq!(u, Value::Agg(vec![ints(32, &[U32_MAX, 0]), ints(32, &[0, 2])]));
}

// ---- average -----------------------------------------------------------------------------------------------------

#[test]
fn avg_rounds_half_up_on_the_exact_sum() {
    let b = |x: &[i128]| ("<4 x i8>", ints(8, x));
    let ss = ok("llvm.genx.ssavg.v4i8.v4i8", "<4 x i8>", &[b(&[-1, -1, 127, -128]), b(&[-2, 0, 127, -128])]);
    assert_eq!(ss, ints(8, &[-1, 0, 127, -128]));
    let uu = ok("llvm.genx.uuavg.v4i8.v4i8", "<4 x i8>", &[b(&[255, 1, 0, 254]), b(&[255, 2, 1, 255])]);
    assert_eq!(uu, ints(8, &[255, 2, 1, 255]));
    // Without saturation the result letter does not matter: 255 wraps into the i8 result.
    let su = ok("llvm.genx.suavg.v4i8.v4i8", "<4 x i8>", &[b(&[255, 1, 0, 0]), b(&[255, 2, 0, 1])]);
    assert_eq!(su, ints(8, &[255, 2, 0, 1]));
    let us = ok("llvm.genx.usavg.i16.i8", "i16", &[("i8", ints(8, &[-1])), ("i8", ints(8, &[-2]))]);
    assert_eq!(us, ints(16, &[-1]));

    let b2 = |x: &[i128]| ("<2 x i8>", ints(8, x));
    let su = ok("llvm.genx.suavg.sat.v2i8.v2i8", "<2 x i8>", &[b2(&[255, 3]), b2(&[255, 4])]);
    assert_eq!(su, ints(8, &[127, 4]));
    let us = ok("llvm.genx.usavg.sat.v2i8.v2i8", "<2 x i8>", &[b2(&[-1, 100]), b2(&[-2, 1])]);
    assert_eq!(us, ints(8, &[0, 51]));
    let h = |x: i128| ("i16", ints(16, &[x]));
    assert_eq!(ok("llvm.genx.uuavg.sat.i8.i16", "i8", &[h(-1), h(-1)]), ints(8, &[255]));
    assert_eq!(ok("llvm.genx.ssavg.sat.i8.i16", "i8", &[h(-1000), h(-1000)]), ints(8, &[-128]));
}

// ---- shifts and rotates --------------------------------------------------------------------------------------------

#[test]
fn shl_masks_the_count_and_wraps() {
    let d = |x: &[i128]| ("<3 x i32>", ints(32, x));
    let uu = ok("llvm.genx.uushl.v3i32.v3i32", "<3 x i32>", &[d(&[1, 1, 0x8000_0000]), d(&[4, 33, 1])]);
    assert_eq!(uu, ints(32, &[16, 2, 0]));
    // A 64-bit result keeps 6 bits of the count.
    let q = |x: &[i128]| ("<2 x i64>", ints(64, x));
    let ss = ok("llvm.genx.ssshl.v2i64.v2i64", "<2 x i64>", &[q(&[1, 1]), q(&[64, 63])]);
    assert_eq!(ss, ints(64, &[1, 1 << 63]));
    // Counts of 16..31 shift a 16-bit value out entirely.
    let w = |x: i128| ("i16", ints(16, &[x]));
    assert_eq!(ok("llvm.genx.uushl.i16.i16", "i16", &[w(1), w(16)]), ints(16, &[0]));
    // A wider result keeps the shifted-out bits, extended by the operand's signedness.
    assert_eq!(ok("llvm.genx.ssshl.i32.i16", "i32", &[w(-1), w(4)]), ints(32, &[-16]));
    assert_eq!(ok("llvm.genx.sushl.i32.i16", "i32", &[w(-1), w(4)]), ints(32, &[0xffff0]));
    assert_eq!(ok("llvm.genx.usshl.i32.i16", "i32", &[w(-2), w(1)]), ints(32, &[-4]));
}

#[test]
fn shl_sat_clamps_within_33_bits_and_is_undef_beyond() {
    let b = |x: &[i128]| ("<2 x i8>", ints(8, x));
    let ss = ok("llvm.genx.ssshl.sat.v2i8.v2i8", "<2 x i8>", &[b(&[64, -64]), b(&[1, 2])]);
    assert_eq!(ss, ints(8, &[127, -128]));
    let uu = ok("llvm.genx.uushl.sat.v2i8.v2i8", "<2 x i8>", &[b(&[0x80, 1]), b(&[1, 7])]);
    assert_eq!(uu, ints(8, &[255, 128]));
    let us = ok("llvm.genx.usshl.sat.v2i8.v2i8", "<2 x i8>", &[b(&[-1, 3]), b(&[1, 2])]);
    assert_eq!(us, ints(8, &[0, 12]));
    let su = ok("llvm.genx.sushl.sat.v2i8.v2i8", "<2 x i8>", &[b(&[0xff, 3]), b(&[0, 2])]);
    assert_eq!(su, ints(8, &[127, 12]));
    // 0xffffffff << 1 fits in 33 bits (clamped); << 2 does not (undefined: undef lane).
    let d = |x: &[i128]| ("<3 x i32>", ints(32, x));
    let u = ok("llvm.genx.uushl.sat.v3i32.v3i32", "<3 x i32>", &[d(&[1, U32_MAX, U32_MAX]), d(&[31, 1, 2])]);
    assert_eq!(u, ints_undef(32, &[0x8000_0000, U32_MAX, 0], &[2]));
    // Signed: 1 << 31 = 2^31 fits (clamped to INT_MAX); 2 << 31 = 2^32 does not; a count of 32 is 0.
    let s = ok("llvm.genx.ssshl.sat.v3i32.v3i32", "<3 x i32>", &[d(&[1, 2, 1]), d(&[31, 31, 32])]);
    assert_eq!(s, ints_undef(32, &[I32_MAX, 0, 1], &[1]));
}

#[test]
fn rotates_mask_the_count_by_the_width() {
    let d = |x: &[i128]| ("<3 x i32>", ints(32, x));
    let l =
        ok("llvm.genx.rol.v3i32.v3i32", "<3 x i32>", &[d(&[0x8000_0001, 0x1234_5678, 0x1234_5678]), d(&[1, 36, 0])]);
    assert_eq!(l, ints(32, &[3, 0x2345_6781, 0x1234_5678]));
    let w = |x: &[i128]| ("<2 x i16>", ints(16, x));
    let r = ok("llvm.genx.ror.v2i16.v2i16", "<2 x i16>", &[w(&[1, 0x1234]), w(&[1, 20])]);
    assert_eq!(r, ints(16, &[0x8000, 0x4123]));
}

#[test]
fn min_and_max_by_signedness() {
    let d = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let args = [d(&[-1, I32_MIN]), d(&[1, 0])];
    assert_eq!(ok("llvm.genx.smax.v2i32.v2i32", "<2 x i32>", &args), ints(32, &[1, 0]));
    assert_eq!(ok("llvm.genx.umax.v2i32.v2i32", "<2 x i32>", &args), ints(32, &[-1, I32_MIN]));
    assert_eq!(ok("llvm.genx.smin.v2i32.v2i32", "<2 x i32>", &args), ints(32, &[-1, I32_MIN]));
    assert_eq!(ok("llvm.genx.umin.v2i32.v2i32", "<2 x i32>", &args), ints(32, &[1, 0]));
    let w = |x: i128| ("i16", ints(16, &[x]));
    assert_eq!(ok("llvm.genx.smax.i32.i16", "i32", &[w(-5), w(-7)]), ints(32, &[-5]));
    assert_eq!(ok("llvm.genx.umax.i32.i16", "i32", &[w(-1), w(1)]), ints(32, &[0xffff]));
}

// ---- bit operations ----------------------------------------------------------------------------------------------

#[test]
fn bfn_applies_the_truth_table_bitwise() {
    let d = |x: i128| ("<1 x i32>", ints(32, &[x]));
    let run = |table: i128| {
        ok(
            "llvm.genx.bfn.v1i32.v1i32",
            "<1 x i32>",
            &[d(0xf0f0_f0f0), d(0xff00_ff00), d(0x0000_ffff), ("i8", ints(8, &[table]))],
        )
    };
    assert_eq!(run(0x96), ints(32, &[0x0ff0_f00f])); // a ^ b ^ c
    assert_eq!(run(0x80), ints(32, &[0x0000_f000])); // a & b & c
    assert_eq!(run(0x01), ints(32, &[0x000f_0000])); // !(a | b | c)
    assert_eq!(
        run(0xe8),
        ints(32, &[0xf0f0_f0f0 & 0xff00_ff00 | 0xf0f0_f0f0 & 0x0000_ffff | 0xff00_ff00 & 0x0000_ffff])
    );
    let w = |x: i128| ("i16", ints(16, &[x]));
    assert_eq!(
        ok("llvm.genx.bfn.i16.i16", "i16", &[w(0x1234), w(0x5678), w(0x9abc), ("i8", ints(8, &[0xf0]))]),
        ints(16, &[0x9abc])
    );
}

#[test]
fn bfrev_and_cbit() {
    let d = |x: &[i128]| ("<2 x i32>", ints(32, x));
    assert_eq!(
        ok("llvm.genx.bfrev.v2i32", "<2 x i32>", &[d(&[1, 0x1234_5678])]),
        ints(32, &[0x8000_0000, 0x1e6a_2c48])
    );
    let c = ok("llvm.genx.cbit.v3i32.v3i32", "<3 x i32>", &[("<3 x i32>", ints(32, &[0, U32_MAX, 0x8000_0001]))]);
    assert_eq!(c, ints(32, &[0, 32, 2]));
    assert_eq!(ok("llvm.genx.cbit.i32.i64", "i32", &[("i64", ints(64, &[-1]))]), ints(32, &[64]));
    assert_eq!(ok("llvm.genx.cbit.i32.i8", "i32", &[("i8", ints(8, &[-1]))]), ints(32, &[8]));
}

#[test]
fn find_bit_and_leading_zeros() {
    let d = |x: &[i128]| (format!("<{} x i32>", x.len()), ints(32, x));
    let run = |name: &str, x: &[i128]| {
        let (ty, v) = d(x);
        ok(&format!("llvm.genx.{name}.v{}i32", x.len()), &ty, &[(ty.as_str(), v)])
    };
    assert_eq!(run("ufbh", &[0, 1, 0x8000_0000, 0x0001_0000]), ints(32, &[U32_MAX, 31, 0, 15]));
    assert_eq!(run("sfbh", &[0, -1, 1, I32_MAX, -2, I32_MIN]), ints(32, &[U32_MAX, U32_MAX, 31, 1, 31, 1]));
    assert_eq!(run("fbl", &[0, 8, 0x8000_0000]), ints(32, &[U32_MAX, 3, 31]));
    assert_eq!(run("lzd", &[0, 1, U32_MAX]), ints(32, &[32, 31, 0]));
    assert_eq!(ok("llvm.genx.lzd.v2i64", "<2 x i64>", &[("<2 x i64>", ints(64, &[0, 1]))]), ints(64, &[64, 63]));
    assert_eq!(ok("llvm.genx.lzd.i16", "i16", &[("i16", ints(16, &[1]))]), ints(16, &[15]));
    let trap = call("llvm.genx.ufbh.i16", "i16", &[("i16", ints(16, &[1]))]).unwrap_err();
    assert!(matches!(trap.fault, Fault::Unsupported(_)), "{trap}");
}

#[test]
fn bfi_inserts_with_width_and_offset_modulo_32() {
    let d = |x: &[i128]| ("<7 x i32>", ints(32, x));
    let r = ok(
        "llvm.genx.bfi.v7i32",
        "<7 x i32>",
        &[
            d(&[8, 0, 32, 4, 8, 31, 36]),
            d(&[8, 4, 0, 28, 28, 1, 0]),
            d(&[0xab, 0xf, 0xf, 0xff, 0xff, U32_MAX, 5]),
            d(&[U32_MAX, 0x1234_5678, 0x1234_5678, 0, 0, 0, 0xf0]),
        ],
    );
    // width 0 and width 32 (= 0) leave the base; a field past bit 31 is cut; width 36 is width 4.
    assert_eq!(r, ints(32, &[0xffff_abff, 0x1234_5678, 0x1234_5678, 0xf000_0000, 0xf000_0000, 0xffff_fffe, 0xf5]));
}

#[test]
fn bfe_extracts_sign_or_zero_extended_fields() {
    let d = |x: &[i128]| ("<6 x i32>", ints(32, x));
    let args = [
        d(&[8, 8, 0, 32, 8, 1]),
        d(&[4, 8, 3, 0, 28, 31]),
        d(&[0x1234_5678, 0x0000_ff00, U32_MAX, 0x8000_0001, 0xf000_0000, 0x8000_0000]),
    ];
    let u = ok("llvm.genx.ubfe.v6i32", "<6 x i32>", &args);
    assert_eq!(u, ints(32, &[0x67, 0xff, 0, 0, 0xf, 1]));
    // sbfe: a field reaching past bit 31 extends bit 31 (0xf0000000 >> 28 is -1).
    let s = ok("llvm.genx.sbfe.v6i32", "<6 x i32>", &args);
    assert_eq!(s, ints(32, &[0x67, -1, 0, 0, -1, -1]));
}

// ---- dot products and sums of absolute differences ----------------------------------------------------------------

#[test]
fn dp4a_adds_four_byte_products() {
    let d = |x: &[i128]| ("<2 x i32>", ints(32, x));
    let ty = "<2 x i32>";
    let bytes = [d(&[0x0403_0201, 0x8080_8080]), d(&[U32_MAX, 0x8080_8080])];
    let ss = ok("llvm.genx.ssdp4a.v2i32.v2i32.v2i32.v2i32", ty, &[d(&[10, -1]), bytes[0].clone(), bytes[1].clone()]);
    assert_eq!(ss, ints(32, &[0, 65535])); // 10 - (1+2+3+4); -1 + 4 * 16384
    let uu = ok(
        "llvm.genx.uudp4a.v2i32.v2i32.v2i32.v2i32",
        ty,
        &[d(&[10, U32_MAX]), d(&[0x0403_0201, 1]), d(&[U32_MAX, 1])],
    );
    assert_eq!(uu, ints(32, &[2560, 0])); // 10 + 255 * 10; wraps
    let su = ok("llvm.genx.sudp4a.v2i32.v2i32.v2i32.v2i32", ty, &[d(&[0, 0]), d(&[0xff, 0]), d(&[0xff, 0])]);
    assert_eq!(su, ints(32, &[65025, 0]));
    let us = ok("llvm.genx.usdp4a.v2i32.v2i32.v2i32.v2i32", ty, &[d(&[0, 0]), d(&[0xff, 0]), d(&[0xff, 0])]);
    assert_eq!(us, ints(32, &[1, 0]));

    let ss =
        ok("llvm.genx.ssdp4a.sat.v2i32.v2i32.v2i32.v2i32", ty, &[d(&[I32_MAX, I32_MIN]), d(&[1, 1]), d(&[1, 0xff])]);
    assert_eq!(ss, ints(32, &[I32_MAX, I32_MIN]));
    let uu = ok("llvm.genx.uudp4a.sat.v2i32.v2i32.v2i32.v2i32", ty, &[d(&[U32_MAX, 0]), d(&[1, 1]), d(&[1, 1])]);
    assert_eq!(uu, ints(32, &[U32_MAX, 1]));
    let us = ok("llvm.genx.usdp4a.sat.v2i32.v2i32.v2i32.v2i32", ty, &[d(&[0, 5]), d(&[1, 1]), d(&[0xff, 1])]);
    assert_eq!(us, ints(32, &[0, 6]));
    let su = ok("llvm.genx.sudp4a.sat.v2i32.v2i32.v2i32.v2i32", ty, &[d(&[I32_MAX, 0]), d(&[1, 0xff]), d(&[1, 0xff])]);
    assert_eq!(su, ints(32, &[I32_MAX, 65025]));
}

#[test]
fn sad2_fills_even_lanes_and_leaves_odd_lanes_undef() {
    let b = |x: &[i128]| ("<4 x i8>", ints(8, x));
    let (a, c) = (b(&[10, 20, 0, 255]), b(&[20, 10, 255, 0]));
    let ty = "<4 x i16>";
    let u = ok("llvm.genx.usad2.v4i16.v4i8", ty, &[a.clone(), c.clone()]);
    assert_eq!(u, ints_undef(16, &[20, 0, 510, 0], &[1, 3]));
    let s = ok("llvm.genx.ssad2.v4i16.v4i8", ty, &[a.clone(), c.clone()]);
    assert_eq!(s, ints_undef(16, &[20, 0, 2, 0], &[1, 3]));

    let acc = |x: &[i128]| ("<4 x i16>", ints(16, x));
    let uu = ok("llvm.genx.uusad2add.v4i16.v4i8", ty, &[a.clone(), c.clone(), acc(&[1, 99, 0xffff, 99])]);
    assert_eq!(uu, ints_undef(16, &[21, 0, 509, 0], &[1, 3]));
    let uu = ok("llvm.genx.uusad2add.sat.v4i16.v4i8", ty, &[a.clone(), c.clone(), acc(&[1, 99, 0xffff, 99])]);
    assert_eq!(uu, ints_undef(16, &[21, 0, 65535, 0], &[1, 3]));
    let ss = ok("llvm.genx.sssad2add.sat.v4i16.v4i8", ty, &[a.clone(), c.clone(), acc(&[0x7fff, 0, -32768, 0])]);
    assert_eq!(ss, ints_undef(16, &[32767, 0, -32766, 0], &[1, 3]));
    let ss = ok("llvm.genx.sssad2add.v4i16.v4i8", ty, &[a.clone(), c.clone(), acc(&[0x7fff, 0, -1, 0])]);
    assert_eq!(ss, ints_undef(16, &[-32749, 0, 1, 0], &[1, 3]));
    // Unsigned bytes, signed accumulator: 510 - 1000.
    let su = ok("llvm.genx.susad2add.v4i16.v4i8", ty, &[a.clone(), c.clone(), acc(&[0, 0, -1000, 0])]);
    assert_eq!(su, ints_undef(16, &[20, 0, -490, 0], &[1, 3]));
    let su = ok("llvm.genx.susad2add.sat.v4i16.v4i8", ty, &[a.clone(), c.clone(), acc(&[0x7ff0, 0, 0, 0])]);
    assert_eq!(su, ints_undef(16, &[32767, 0, 510, 0], &[1, 3]));
    // Signed bytes, unsigned accumulator: 2 + 65535 clamps; 20 + 5.
    let us = ok("llvm.genx.ussad2add.sat.v4i16.v4i8", ty, &[a.clone(), c.clone(), acc(&[5, 0, 0xffff, 0])]);
    assert_eq!(us, ints_undef(16, &[25, 0, 65535, 0], &[1, 3]));
    let us = ok("llvm.genx.ussad2add.v4i16.v4i8", ty, &[a, c, acc(&[5, 0, 0xffff, 0])]);
    assert_eq!(us, ints_undef(16, &[25, 0, 1, 0], &[1, 3]));
}

// ---- undef and contracts -------------------------------------------------------------------------------------------

#[test]
fn undef_lanes_stay_undef_and_do_not_spread() {
    let v = ints_undef(32, &[1, 2, 3], &[1]);
    let r = ok(
        "llvm.genx.ssadd.sat.v3i32.v3i32",
        "<3 x i32>",
        &[("<3 x i32>", v.clone()), ("<3 x i32>", ints(32, &[1, 1, 1]))],
    );
    assert_eq!(r, ints_undef(32, &[2, 0, 4], &[1]));
    let r = ok("llvm.genx.lzd.v3i32", "<3 x i32>", &[("<3 x i32>", v)]);
    assert_eq!(r, ints_undef(32, &[31, 0, 30], &[1]));
}

#[test]
fn an_undef_truth_table_is_undefined_behaviour() {
    let d = ("i32", ints(32, &[1]));
    let trap = call("llvm.genx.bfn.i32.i32", "i32", &[d.clone(), d.clone(), d, ("i8", ints_undef(8, &[0], &[0]))])
        .unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
}
