//! Golden values for the floating-point intrinsics (`intrinsics/math.rs`), computed by hand (or, for the
//! transcendental functions, the correctly rounded value) and run through real IR (`decode_str` +
//! `Machine::run`) so the mangled names resolve as in compiled kernels.
//!
//! Edge cases: saturation of NaN, ±0 and ±∞; float-to-integer saturation at both ends and NaN; NaN and signed
//! zero in fmax/fmin; rounding of halves and of -0.5; IEEE special values of the math unit; the group layout of
//! the dot products; bfloat16 rounding; undef lanes and contract violations.

mod common;

use common::{call, ok};
use genx_exec::memory::Fault;
use genx_exec::value::{Elem, Lanes, Value};

fn f32s(values: &[f32]) -> Value {
    Value::Lanes(Lanes::new(Elem::Float, values.iter().map(|v| v.to_bits() as u64).collect()))
}

fn f64s(values: &[f64]) -> Value {
    Value::Lanes(Lanes::new(Elem::Double, values.iter().map(|v| v.to_bits()).collect()))
}

fn halves(values: &[f32]) -> Value {
    Value::Lanes(Lanes::new(Elem::Half, values.iter().map(|&v| half::f16::from_f32(v).to_bits() as u64).collect()))
}

fn ints(bits: u8, values: &[i128]) -> Value {
    Value::Lanes(Lanes::new(Elem::Int(bits), values.iter().map(|&v| v as u64).collect()))
}

/// The f32 lanes of a result (undef lanes as `None`).
fn as_f32(value: &Value) -> Vec<Option<f32>> {
    let lanes = value.lanes().expect("lanes");
    assert_eq!(lanes.elem, Elem::Float);
    lanes.bits.iter().zip(&lanes.undef).map(|(&b, &u)| (!u).then(|| f32::from_bits(b as u32))).collect()
}

/// Asserts bit-exact f32 lanes; a NaN expectation accepts any NaN.
fn assert_f32(value: &Value, expected: &[f32]) {
    let got = as_f32(value);
    assert_eq!(got.len(), expected.len(), "{got:?}");
    for (i, (g, e)) in got.iter().zip(expected).enumerate() {
        let g = g.unwrap_or_else(|| panic!("lane {i} undef: {got:?}"));
        let same = if e.is_nan() { g.is_nan() } else { g.to_bits() == e.to_bits() };
        assert!(same, "lane {i}: got {g:?} ({:#x}), expected {e:?} ({:#x}); all {got:?}", g.to_bits(), e.to_bits());
    }
}

fn unary(name: &str, x: &[f32]) -> Value {
    let ty = format!("<{} x float>", x.len());
    ok(&format!("llvm.genx.{name}.v{}f32", x.len()), &ty, &[(ty.as_str(), f32s(x))])
}

fn binary(name: &str, a: &[f32], b: &[f32]) -> Value {
    let ty = format!("<{} x float>", a.len());
    ok(&format!("llvm.genx.{name}.v{}f32", a.len()), &ty, &[(ty.as_str(), f32s(a)), (ty.as_str(), f32s(b))])
}

const NAN: f32 = f32::NAN;
const INF: f32 = f32::INFINITY;

// ---- modifiers, saturation and conversion ------------------------------------------------------------------------

#[test]
fn absf_clears_the_sign_bit_even_of_nan() {
    let neg_nan = f32::from_bits(0xffc0_0001);
    let r = unary("absf", &[-1.5, -0.0, neg_nan, 2.0]);
    let bits: Vec<u32> = as_f32(&r).iter().map(|v| v.unwrap().to_bits()).collect();
    assert_eq!(bits, vec![1.5f32.to_bits(), 0, 0x7fc0_0001, 2.0f32.to_bits()]);
}

#[test]
fn sat_clamps_to_the_unit_interval_and_nan_to_zero() {
    let r = unary("sat", &[-0.5, 0.25, 1.5, NAN, -INF, INF, -0.0, 1.0]);
    assert_f32(&r, &[0.0, 0.25, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0]);
    // NaN and -0.0 become +0.0 exactly (bit 31 clear).
    assert!(as_f32(&r).iter().all(|v| v.unwrap().is_sign_positive()));
    let h = ok("llvm.genx.sat.v2f16", "<2 x half>", &[("<2 x half>", halves(&[2.0, 0.5]))]);
    assert_eq!(h, halves(&[1.0, 0.5]));
}

#[test]
fn fptosi_sat_truncates_and_clamps() {
    let x = f32s(&[1.9, -1.9, 3e9, -3e9, NAN, INF, -INF]);
    let r = ok("llvm.genx.fptosi.sat.v7i32.v7f32", "<7 x i32>", &[("<7 x float>", x)]);
    let (min, max) = (i32::MIN as i128, i32::MAX as i128);
    assert_eq!(r, ints(32, &[1, -1, max, min, 0, max, min]));
    let q = ok(
        "llvm.genx.fptosi.sat.v3i64.v3f64",
        "<3 x i64>",
        &[("<3 x double>", f64s(&[9.3e18, 2f64.powi(63), -2f64.powi(63)]))],
    );
    assert_eq!(q, ints(64, &[i64::MAX as i128, i64::MAX as i128, i64::MIN as i128]));
    let h = ok("llvm.genx.fptosi.sat.i16.f16", "i16", &[("half", halves(&[65504.0]))]);
    assert_eq!(h, ints(16, &[32767]));
}

#[test]
fn fptoui_sat_truncates_and_clamps() {
    let x = f32s(&[-1.0, 255.9, 256.0, NAN, 1e10, -0.5]);
    let r = ok("llvm.genx.fptoui.sat.v6i8.v6f32", "<6 x i8>", &[("<6 x float>", x)]);
    assert_eq!(r, ints(8, &[0, 255, 255, 0, 255, 0]));
    let q =
        ok("llvm.genx.fptoui.sat.v2i64.v2f64", "<2 x i64>", &[("<2 x double>", f64s(&[2f64.powi(64), 4294967296.75]))]);
    assert_eq!(q, ints(64, &[-1, 4294967296]));
}

#[test]
fn bf_cvt_rounds_to_nearest_even_and_widens_exactly() {
    let bf = |bits: &[u64]| Value::Lanes(Lanes::new(Elem::Half, bits.to_vec()));
    let x = f32s(&[1.0, 1.0 + 2f32.powi(-8), 1.0 + 3.0 * 2f32.powi(-8), -2.5]);
    let r = ok("llvm.genx.bf.cvt.v4f16.v4f32", "<4 x half>", &[("<4 x float>", x)]);
    assert_eq!(r, bf(&[0x3f80, 0x3f80, 0x3f82, 0xc020]));
    let back = ok("llvm.genx.bf.cvt.v2f32.v2f16", "<2 x float>", &[("<2 x half>", bf(&[0x3f80, 0xc020]))]);
    assert_f32(&back, &[1.0, -2.5]);
}

// ---- min/max and rounding ----------------------------------------------------------------------------------------

#[test]
fn fmax_and_fmin_prefer_numbers_and_order_signed_zeros() {
    let (nan1, nan2) = (f32::from_bits(0x7fc0_0001), f32::from_bits(0x7fc0_0002));
    let a = [1.0, NAN, 4.0, nan1, -0.0, 0.0, -INF];
    let b = [2.0, 3.0, NAN, nan2, 0.0, -0.0, 5.0];
    let max = binary("fmax", &a, &b);
    assert_f32(&max, &[2.0, 3.0, 4.0, NAN, 0.0, 0.0, 5.0]);
    assert_eq!(as_f32(&max)[3].unwrap().to_bits(), 0x7fc0_0002, "two NaNs: the second operand");
    assert!(as_f32(&max)[4].unwrap().is_sign_positive() && as_f32(&max)[5].unwrap().is_sign_positive());
    let min = binary("fmin", &a, &b);
    assert_f32(&min, &[1.0, 3.0, 4.0, NAN, -0.0, -0.0, -INF]);
    assert!(as_f32(&min)[4].unwrap().is_sign_negative() && as_f32(&min)[5].unwrap().is_sign_negative());
    // The result type may differ from the operands' (the .gen overloads them separately).
    let mixed = ok("llvm.genx.fmax.f32.f16", "float", &[("half", halves(&[1.5])), ("half", halves(&[2.5]))]);
    assert_f32(&mixed, &[2.5]);
}

#[test]
fn rounding_modes_including_halves_and_negative_zero() {
    let below_half = f32::from_bits(0.5f32.to_bits() - 1);
    let x = [1.5, -1.5, 2.5, -0.5, below_half, INF, NAN];
    assert_f32(&unary("rndd", &x), &[1.0, -2.0, 2.0, -1.0, 0.0, INF, NAN]);
    assert_f32(&unary("rndu", &x), &[2.0, -1.0, 3.0, -0.0, 1.0, INF, NAN]);
    assert_f32(&unary("rnde", &x), &[2.0, -2.0, 2.0, -0.0, 0.0, INF, NAN]);
    assert_f32(&unary("rndz", &x), &[1.0, -1.0, 2.0, -0.0, 0.0, INF, NAN]);
}

#[test]
fn frc_is_x_minus_floor_rounded_once() {
    // frc(-1e-10) = 1 - 1e-10, which rounds to 1.0 in float.
    assert_f32(&unary("frc", &[1.25, -1.25, -1e-10, 3.0, INF]), &[0.25, 0.75, 1.0, 0.0, NAN]);
}

// ---- the math unit -----------------------------------------------------------------------------------------------

#[test]
fn inv_log_exp_special_values() {
    assert_f32(&unary("inv", &[2.0, 0.0, -0.0, 3.0]), &[0.5, INF, -INF, f32::from_bits(0x3eaa_aaab)]);
    let h = ok("llvm.genx.inv.f16", "half", &[("half", halves(&[3.0]))]);
    assert_eq!(h, Value::Lanes(Lanes::new(Elem::Half, vec![0x3555])));
    assert_f32(&unary("log", &[8.0, 1.0, 0.0, -1.0, INF, 0.5]), &[3.0, 0.0, -INF, NAN, INF, -1.0]);
    assert_f32(&unary("exp", &[3.0, -1.0, -INF, 128.0, 0.5]), &[8.0, 0.5, 0.0, INF, f32::from_bits(0x3fb5_04f3)]);
}

#[test]
fn pow_is_c_pow_on_non_negative_bases_and_nan_below() {
    let r = binary("pow", &[2.0, 4.0, -8.0, -2.0, 0.0, 9.0, 1.0], &[10.0, 0.5, 1.0 / 3.0, 2.0, 0.0, -0.5, NAN]);
    assert_f32(&r, &[1024.0, 2.0, NAN, NAN, 1.0, f32::from_bits(0x3eaa_aaab), 1.0]);
}

#[test]
fn sqrt_rsqrt_and_the_ieee_variants() {
    let sqrt2 = f32::from_bits(0x3fb5_04f3);
    let sqrt = unary("sqrt", &[4.0, 2.0, -1.0, -0.0, INF]);
    assert_f32(&sqrt, &[2.0, sqrt2, NAN, -0.0, INF]);
    assert_eq!(unary("ieee.sqrt", &[4.0, 2.0, -1.0, -0.0, INF]), sqrt);
    assert_f32(&unary("rsqrt", &[4.0, 0.0, -0.0, 2.0, INF]), &[0.5, INF, -INF, f32::from_bits(0x3f35_04f3), 0.0]);
    let d = ok("llvm.genx.ieee.sqrt.f64", "double", &[("double", f64s(&[2.0]))]);
    assert_eq!(d, f64s(&[std::f64::consts::SQRT_2]));
}

#[test]
fn sin_and_cos() {
    let pi = std::f32::consts::PI;
    // sin of float(pi) is -8.742278e-8 (float(pi) is slightly above pi).
    assert_f32(&unary("sin", &[0.0, -0.0, pi / 2.0, pi]), &[0.0, -0.0, 1.0, f32::from_bits(0xb3bb_bd2e)]);
    assert_f32(&unary("cos", &[0.0, pi, INF]), &[1.0, -1.0, NAN]);
}

#[test]
fn ieee_div_is_correctly_rounded() {
    assert_f32(
        &binary("ieee.div", &[1.0, 1.0, 0.0, -6.0], &[3.0, 0.0, 0.0, 4.0]),
        &[f32::from_bits(0x3eaa_aaab), INF, NAN, -1.5],
    );
    let d = ok("llvm.genx.ieee.div.f64", "double", &[("double", f64s(&[1.0])), ("double", f64s(&[3.0]))]);
    assert_eq!(d, f64s(&[1.0 / 3.0]));
}

// ---- legacy vector operations -----------------------------------------------------------------------------------

#[test]
fn lrp_line_and_pln() {
    let v4 = "<4 x float>";
    let r = ok(
        "llvm.genx.lrp.v4f32",
        v4,
        &[
            (v4, f32s(&[0.0, 1.0, 0.5, 0.25])),
            (v4, f32s(&[10.0, 10.0, 10.0, 8.0])),
            (v4, f32s(&[20.0, 20.0, 20.0, 0.0])),
        ],
    );
    assert_f32(&r, &[20.0, 10.0, 15.0, 2.0]);

    let x: Vec<f32> = (0..8).map(|i| i as f32).collect();
    let line =
        ok("llvm.genx.line.v8f32", "<8 x float>", &[(v4, f32s(&[2.0, 99.0, 99.0, 1.0])), ("<8 x float>", f32s(&x))]);
    assert_f32(&line, &x.iter().map(|v| 2.0 * v + 1.0).collect::<Vec<_>>());

    // uv: u = 0..8, v = 10..18 for block 0; u = 20..28, v = 30..38 for block 1.
    let uv: Vec<f32> = (0..32).map(|i| (i / 8 * 10 + i % 8) as f32).collect();
    let pln = ok(
        "llvm.genx.pln.v16f32.v32f32",
        "<16 x float>",
        &[(v4, f32s(&[2.0, 3.0, 99.0, 1.0])), ("<32 x float>", f32s(&uv))],
    );
    let expected: Vec<f32> = (0..16)
        .map(|i| {
            let (u, v) = (uv[16 * (i / 8) + i % 8], uv[16 * (i / 8) + 8 + i % 8]);
            2.0 * u + 3.0 * v + 1.0
        })
        .collect();
    assert_eq!(expected[0], 31.0); // 2 * 0 + 3 * 10 + 1
    assert_eq!(expected[8], 2.0 * 20.0 + 3.0 * 30.0 + 1.0);
    assert_f32(&pln, &expected);
}

#[test]
fn dot_products_replicate_each_group_sum() {
    let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
    let b = [1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0];
    let dp = |name: &str| binary(name, &a, &b);
    assert_f32(&dp("dp4"), &[10.0, 10.0, 10.0, 10.0, 52.0, 52.0, 52.0, 52.0]);
    assert_f32(&dp("dp3"), &[6.0, 6.0, 6.0, 6.0, 36.0, 36.0, 36.0, 36.0]);
    assert_f32(&dp("dp2"), &[3.0, 3.0, 3.0, 3.0, 22.0, 22.0, 22.0, 22.0]);
    // dph: a.xyz · b.xyz + b.w
    assert_f32(&dp("dph"), &[7.0, 7.0, 7.0, 7.0, 38.0, 38.0, 38.0, 38.0]);
    let six = "<6 x float>";
    let trap = call("llvm.genx.dp4.v6f32", six, &[(six, f32s(&[0.0; 6])), (six, f32s(&[0.0; 6]))]).unwrap_err();
    assert!(matches!(trap.fault, Fault::Undefined(_)), "{trap}");
}

// ---- undef ---------------------------------------------------------------------------------------------------------

#[test]
fn undef_lanes_stay_undef() {
    let mut lanes = Lanes::new(Elem::Float, vec![4f32.to_bits() as u64, 0, 9f32.to_bits() as u64]);
    lanes.undef[1] = true;
    let r = ok("llvm.genx.sqrt.v3f32", "<3 x float>", &[("<3 x float>", Value::Lanes(lanes.clone()))]);
    assert_eq!(as_f32(&r), vec![Some(2.0), None, Some(3.0)]);
    // In a dot product, an undef lane spoils its whole group only.
    let mut a = Lanes::new(Elem::Float, vec![1f32.to_bits() as u64; 8]);
    a.undef[5] = true;
    let v8 = "<8 x float>";
    let r = ok("llvm.genx.dp4.v8f32", v8, &[(v8, Value::Lanes(a)), (v8, f32s(&[1.0; 8]))]);
    assert_eq!(as_f32(&r), vec![Some(4.0), Some(4.0), Some(4.0), Some(4.0), None, None, None, None]);
}
