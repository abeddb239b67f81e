//! Floating-point intrinsics: modifiers and saturation, conversions to integer, min/max, rounding, the math unit
//! (inv, log, exp, pow, sqrt, rsqrt, sin, cos), IEEE division and square root, and the legacy vector operations
//! (lrp, line, pln, dp2, dp3, dp4, dph), plus bf16 conversion.
//!
//! CM's float builtins (`cm_inv`, `cm_log`, `cm_pow`, `cm_rndd`, `cm_dp4`, `cm_lrp`, ... and the `SAT` flag)
//! produce these intrinsics; GenX lowering produces them from LLVM's math intrinsics (`llvm.floor → rndd`,
//! fast `llvm.sqrt → sqrt`, `fdiv` → `ieee.div`, `llvm.fabs → absf`, `llvm.fptosi.sat → fptosi.sat`).
//! Types are those of the installed GenXIntrinsicDescription.gen (vc-intrinsics 0.11), meanings those of
//! vc-intrinsics' Intrinsic_definitions.py and the vISA pages of IGC igc-1.0.12504.6 (2_datatypes.md for
//! saturation and float-to-integer conversion, the instruction pages for each operation).
//!
//! ## Precision: exact, then rounded once
//! Every value is computed in f64 from the operands' exact values and rounded once to the result type (ties to
//! even). For +, -, ×, ÷, sqrt, floor/ceil/trunc/round-even and their compositions used here that is the
//! correctly rounded result for `half` and `float` (f64 has more than twice their precision); the
//! transcendental functions use Rust's f64 `log2`/`exp2`/`powf`/`sin`/`cos` (the platform's libm, accurate to
//! about an ulp of f64) before that rounding, so the result is the correctly rounded value except in rare
//! near-tie cases. Hardware is different: the vISA pages define `inv`, `log`, `exp`, `pow`, `sqrt`, `rsqrt`,
//! `sin` and `cos` by their formula only and give no error bound (the math unit is approximate; DIV.md says a
//! float `x / y` is `x * INV(y)` and that DIVM is the IEEE-conforming, correctly rounded division, SQRTM the
//! IEEE square root). The executor's exact-then-rounded answer is deterministic and is what both sides of a
//! translation validation compute, which is what the validator needs; it is not a model of the math unit's
//! error, so a comparison with hardware output must allow the math unit's tolerance. The dot products, `lrp`,
//! `line` and `pln` are likewise rounded once, where hardware rounds after each multiply and add.
//!
//! ## Special values
//! - `sat`: clamp to [0.0, 1.0]; NaN → +0.0; any value ≤ 0, -0.0 included, → +0.0 (vISA: "any negative
//!   floating value ... saturates to 0.0. NaN saturates to 0.0").
//! - `fptosi.sat`/`fptoui.sat`: round toward zero, clamp to the result's range, NaN → 0 (vISA's float-to-integer
//!   table with saturation).
//! - `fmax`/`fmin`: a NaN operand yields the other operand, two NaNs yield the second (MIN_MAX.md); -0.0 is
//!   ordered below +0.0 (the sources do not say; IEEE 754-2019 maximum/minimum do so).
//! - IEEE mode (CM's default): `log(x < 0)` and `sqrt(x < 0)` are NaN, `log(±0) = -∞`, `inv(±0) = ±∞`,
//!   `rsqrt(+0) = +∞`, `rsqrt(-0) = -∞` (1/sqrt(-0)); ALT mode's `|x|` is not modelled.
//! - `pow(x, y)`: C `pow` for x ≥ 0 (and NaN x), NaN for x < 0. The math unit computes `exp2(y · log2 x)`, and
//!   IGC maps OpenCL's `native_powr` (domain x ≥ 0) to it; the sources give no special-value table.
//! - `rndz`/`rnde` keep the sign of zero (IEEE roundToIntegral: `rndz(-0.5) = -0.0`), where RNDZ.md's
//!   pseudocode would give +0.0. `frc(x) = x - floor(x)` exactly, then rounded: `frc(-tiny)` rounds to 1.0 in
//!   float; `frc(±∞)` is NaN.
//! - NaN results carry whatever payload the f64 computation produced (the validator compares both sides'
//!   bits, and both sides compute them the same way).
//!
//! ## Shapes
//! `dp2`/`dp3`/`dp4`/`dph` work on groups of 4 lanes and replicate each group's sum into its 4 lanes (the Gen
//! DP instructions; cm-cpu-emulation's `cm_dp4` does the same): a length that is not a multiple of 4 breaks
//! the IR contract (undefined). `line(p, x) = p[0] · x + p[3]`. `pln(p, uv)`: result lane i of block
//! `k = i / 8` is `p[0] · uv[16k + i%8] + p[1] · uv[16k + 8 + i%8] + p[3]` (PLN.md). `lrp(u, v, w) =
//! v · u + w · (1 - u)` (LRP.md). `bf.cvt` converts `float` to bfloat16 (carried in `half`-typed lanes; RNE,
//! NaN kept quiet) and back (exact).
//!
//! Not handled: `srnd`, `qf.cvt`, `tf32.cvt` (stochastic rounding and fp8/tf32 formats).

use super::{lanes, result_shape, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::ops::{from_f64, to_f64};
use crate::value::{Elem, Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    // Modifiers, saturation and conversion.
    ("llvm.genx.absf", absf),
    ("llvm.genx.sat", sat),
    ("llvm.genx.fptosi.sat", fpto_int_sat::<true>),
    ("llvm.genx.fptoui.sat", fpto_int_sat::<false>),
    ("llvm.genx.bf.cvt", bf_cvt),
    // Min/max and rounding.
    ("llvm.genx.fmax", fminmax::<true>),
    ("llvm.genx.fmin", fminmax::<false>),
    ("llvm.genx.frc", frc),
    ("llvm.genx.rndd", rndd),
    ("llvm.genx.rndu", rndu),
    ("llvm.genx.rnde", rnde),
    ("llvm.genx.rndz", rndz),
    // The math unit.
    ("llvm.genx.inv", inv),
    ("llvm.genx.log", log),
    ("llvm.genx.exp", exp),
    ("llvm.genx.pow", pow),
    ("llvm.genx.sqrt", sqrt),
    ("llvm.genx.rsqrt", rsqrt),
    ("llvm.genx.sin", sin),
    ("llvm.genx.cos", cos),
    ("llvm.genx.ieee.div", ieee_div),
    ("llvm.genx.ieee.sqrt", sqrt),
    // Legacy vector operations.
    ("llvm.genx.lrp", lrp),
    ("llvm.genx.line", line),
    ("llvm.genx.pln", pln),
    ("llvm.genx.dp2", dp::<2, false>),
    ("llvm.genx.dp3", dp::<3, false>),
    ("llvm.genx.dp4", dp::<4, false>),
    ("llvm.genx.dph", dp::<3, true>),
];

// ---- operand access -------------------------------------------------------------------------------------------

fn malformed(call: &Call<'_>, what: impl std::fmt::Display) -> Fault {
    Fault::Other(format!("{}: {what}", call.name))
}

/// Float operand `i`, checked to have `n` lanes (any `n` when `None`).
fn float_operand<'a>(call: &'a Call<'_>, i: usize, n: Option<usize>) -> Result<&'a Lanes, Fault> {
    let l = lanes(call, i)?;
    if !l.elem.is_float() {
        return Err(malformed(call, format_args!("operand {i} has type {}, expected floats", call.arg_tys[i])));
    }
    if n.is_some_and(|n| n != l.len()) {
        return Err(malformed(call, format_args!("operand {i} has {} lanes, expected {}", l.len(), n.unwrap_or(0))));
    }
    Ok(l)
}

/// Element type and lane count of a float result.
fn float_result(call: &Call<'_>) -> Result<(Elem, usize), Fault> {
    let (elem, n) = result_shape(call)?;
    if !elem.is_float() {
        return Err(malformed(call, format_args!("result type {} is not floating point", call.ret)));
    }
    Ok((elem, n))
}

/// Applies `f` lane by lane to the float operands `0..arity` (as exact f64 values), rounding each result once to
/// the call's float result type. An undef operand lane gives an undef result lane.
fn map_float(call: &Call<'_>, arity: usize, f: impl Fn(&[f64]) -> f64) -> Result<Value, Fault> {
    map_float_bits(call, arity, |x, _, out| from_f64(out, f(x)))
}

/// Like [`map_float`], with `f` given the exact operands, their raw bits and the result type, returning bits.
fn map_float_bits(call: &Call<'_>, arity: usize, f: impl Fn(&[f64], &[u64], Elem) -> u64) -> Result<Value, Fault> {
    let (elem, n) = float_result(call)?;
    let operands: Vec<&Lanes> = (0..arity).map(|i| float_operand(call, i, Some(n))).collect::<Result<_, _>>()?;
    let mut out = Lanes::undef(elem, n);
    let (mut x, mut bits) = ([0f64; 3], [0u64; 3]);
    for i in 0..n {
        if operands.iter().any(|l| l.undef[i]) {
            continue;
        }
        for (k, l) in operands.iter().enumerate() {
            x[k] = to_f64(l.elem, l.bits[i]);
            bits[k] = l.bits[i];
        }
        out.set(i, f(&x[..arity], &bits[..arity], elem));
    }
    Ok(Value::Lanes(out))
}

// ---- modifiers, saturation and conversion ------------------------------------------------------------------------

/// `absf(x)`: the sign bit cleared (NaNs included), as the source modifier does.
fn absf(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float_bits(call, 1, |_, bits, elem| bits[0] & !(1u64 << (elem.bits() - 1)))
}

/// `sat(x)`: clamp to [0.0, 1.0], NaN and -0.0 to +0.0.
fn sat(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float_bits(call, 1, |x, bits, elem| {
        let v = x[0];
        if v.is_nan() || v <= 0.0 {
            from_f64(elem, 0.0)
        } else if v >= 1.0 {
            from_f64(elem, 1.0)
        } else {
            bits[0]
        }
    })
}

/// `fptosi.sat`/`fptoui.sat`: truncate toward zero, clamp to the integer result's range, NaN → 0.
fn fpto_int_sat<const SIGNED: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let Elem::Int(width) = elem else {
        return Err(malformed(call, format_args!("result type {} is not integer", call.ret)));
    };
    let width = width as i32;
    let x = float_operand(call, 0, Some(n))?;
    let mut out = Lanes::undef(elem, n);
    for i in 0..n {
        if x.undef[i] {
            continue;
        }
        let v = to_f64(x.elem, x.bits[i]).trunc();
        // The range bounds are powers of two, exact in f64; the comparisons are exact.
        let bits = if v.is_nan() {
            0
        } else if SIGNED {
            let limit = 2f64.powi(width - 1);
            if v >= limit {
                (1u64 << (width - 1)).wrapping_sub(1)
            } else if v < -limit {
                1u64 << (width - 1)
            } else {
                v as i64 as u64
            }
        } else if v <= 0.0 {
            0
        } else if v >= 2f64.powi(width) {
            u64::MAX
        } else {
            v as u64
        };
        out.set(i, bits);
    }
    Ok(Value::Lanes(out))
}

/// `bf.cvt`: `float` → bfloat16 (in `half` lanes) rounding to nearest even, or bfloat16 → `float` exactly.
fn bf_cvt(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = float_result(call)?;
    let x = float_operand(call, 0, Some(n))?;
    let convert: fn(u64) -> u64 = match (x.elem, elem) {
        (Elem::Float, Elem::Half) => |bits| float_to_bf16(bits as u32) as u64,
        (Elem::Half, Elem::Float) => |bits| bits << 16,
        (from, to) => {
            return Err(Fault::Unsupported(format!("{}: conversion from {from} to {to}", call.name)));
        }
    };
    let mut out = Lanes::undef(elem, n);
    for i in 0..n {
        if !x.undef[i] {
            out.set(i, convert(x.bits[i]));
        }
    }
    Ok(Value::Lanes(out))
}

/// The bfloat16 nearest to a float (ties to even); a NaN keeps its sign and high payload and becomes quiet.
fn float_to_bf16(f: u32) -> u16 {
    if f32::from_bits(f).is_nan() {
        ((f >> 16) | 0x40) as u16
    } else {
        // Adding 0x7fff (+1 when the kept part is odd) carries into bit 16 exactly when rounding up; an overflow
        // of the largest finite values carries into the exponent and gives infinity, as rounding should.
        (f.wrapping_add(0x7fff + ((f >> 16) & 1)) >> 16) as u16
    }
}

// ---- min/max and rounding ----------------------------------------------------------------------------------------

/// `fmax`/`fmin`: IEEE max/min with NaN → the other operand (two NaNs: the second), -0.0 < +0.0.
fn fminmax<const MAX: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let from = lanes(call, 0)?.elem;
    map_float_bits(call, 2, |x, bits, elem| {
        let pick = match (x[0].is_nan(), x[1].is_nan()) {
            (true, _) => 1, // a NaN first operand, or two NaNs: the second operand ("source 1")
            (false, true) => 0,
            _ if x[0] == x[1] => {
                // Only ±0 compare equal with different signs: -0.0 is the smaller.
                usize::from((x[0].is_sign_negative() && !x[1].is_sign_negative()) == MAX)
            }
            _ => usize::from((x[0] > x[1]) != MAX),
        };
        if from == elem {
            bits[pick]
        } else {
            from_f64(elem, x[pick])
        }
    })
}

fn frc(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0] - x[0].floor())
}
fn rndd(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].floor())
}
fn rndu(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].ceil())
}
fn rnde(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].round_ties_even())
}
fn rndz(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].trunc())
}

// ---- the math unit -----------------------------------------------------------------------------------------------

fn inv(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| 1.0 / x[0])
}
/// Base-2 logarithm.
fn log(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].log2())
}
/// Base-2 exponential.
fn exp(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].exp2())
}
fn pow(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 2, |x| if x[0] < 0.0 { f64::NAN } else { x[0].powf(x[1]) })
}
/// `sqrt` and `ieee.sqrt`: correctly rounded here (see the module note on precision).
fn sqrt(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].sqrt())
}
fn rsqrt(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| 1.0 / x[0].sqrt())
}
fn sin(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].sin())
}
fn cos(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 1, |x| x[0].cos())
}
/// Correctly rounded division (in f64 for half and float: double rounding of a quotient is innocuous).
fn ieee_div(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 2, |x| x[0] / x[1])
}

// ---- legacy vector operations -----------------------------------------------------------------------------------

/// `lrp(u, v, w) = v * u + w * (1 - u)`.
fn lrp(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_float(call, 3, |x| x[1] * x[0] + x[2] * (1.0 - x[0]))
}

/// The four coefficients of `line`/`pln` (operand 0, a `<4 x float>`), each `None` when undef.
fn coefficients(call: &Call<'_>) -> Result<[Option<f64>; 4], Fault> {
    let p = float_operand(call, 0, Some(4))?;
    Ok(std::array::from_fn(|k| (!p.undef[k]).then(|| to_f64(p.elem, p.bits[k]))))
}

/// `line(p, x) = p[0] * x + p[3]` lane by lane.
fn line(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = float_result(call)?;
    let p = coefficients(call)?;
    let x = float_operand(call, 1, Some(n))?;
    let mut out = Lanes::undef(elem, n);
    if let (Some(p0), Some(p3)) = (p[0], p[3]) {
        for i in (0..n).filter(|&i| !x.undef[i]) {
            out.set(i, from_f64(elem, p0 * to_f64(x.elem, x.bits[i]) + p3));
        }
    }
    Ok(Value::Lanes(out))
}

/// `pln(p, uv)`: lane i of block k = i / 8 is `p[0] * u + p[1] * v + p[3]`, u = uv[16k + i%8], v = the lane 8
/// further.
fn pln(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = float_result(call)?;
    let p = coefficients(call)?;
    let uv = float_operand(call, 1, None)?;
    if n % 8 != 0 || uv.len() != 2 * n {
        return Err(Fault::Undefined(format!(
            "{}: {n} result lanes from {} plane lanes (needs a multiple of 8 and twice as many)",
            call.name,
            uv.len()
        )));
    }
    let mut out = Lanes::undef(elem, n);
    if let (Some(p0), Some(p1), Some(p3)) = (p[0], p[1], p[3]) {
        for i in 0..n {
            let (u, v) = (16 * (i / 8) + i % 8, 16 * (i / 8) + 8 + i % 8);
            if !uv.undef[u] && !uv.undef[v] {
                let value = p0 * to_f64(uv.elem, uv.bits[u]) + p1 * to_f64(uv.elem, uv.bits[v]) + p3;
                out.set(i, from_f64(elem, value));
            }
        }
    }
    Ok(Value::Lanes(out))
}

/// `dpK` (K = 2, 3, 4): each group of 4 lanes gets `Σ_{j<K} a[j] * b[j]` in all its lanes; `dph` (K = 3,
/// HOMOGENEOUS): `a[0]b[0] + a[1]b[1] + a[2]b[2] + b[3]`.
fn dp<const K: usize, const HOMOGENEOUS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = float_result(call)?;
    let (a, b) = (float_operand(call, 0, Some(n))?, float_operand(call, 1, Some(n))?);
    if n % 4 != 0 {
        return Err(Fault::Undefined(format!("{}: {n} lanes, not a multiple of 4", call.name)));
    }
    let mut out = Lanes::undef(elem, n);
    for group in (0..n).step_by(4) {
        let any_undef = |l: &Lanes, count: usize| (group..group + count).any(|i| l.undef[i]);
        if any_undef(a, K) || any_undef(b, if HOMOGENEOUS { 4 } else { K }) {
            continue;
        }
        let value = |l: &Lanes, i: usize| to_f64(l.elem, l.bits[i]);
        let mut sum: f64 = (group..group + K).map(|i| value(a, i) * value(b, i)).sum();
        if HOMOGENEOUS {
            sum += value(b, group + 3);
        }
        let bits = from_f64(elem, sum);
        for i in group..group + 4 {
            out.set(i, bits);
        }
    }
    Ok(Value::Lanes(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bfloat16_rounds_to_nearest_even() {
        let bf = |f: f32| float_to_bf16(f.to_bits());
        assert_eq!(bf(1.0), 0x3f80);
        // 1 + 2^-8 lies halfway between bf16 1.0 and 1.0078125: ties to even (1.0).
        assert_eq!(bf(1.0 + 2f32.powi(-8)), 0x3f80);
        // 1 + 3 * 2^-8 lies halfway between 1.0078125 (odd) and 1.015625: to the even one.
        assert_eq!(bf(1.0 + 3.0 * 2f32.powi(-8)), 0x3f82);
        assert_eq!(bf(-2.5), 0xc020);
        assert_eq!(bf(f32::MAX), 0x7f80); // rounds up to infinity
        assert_eq!(bf(f32::from_bits(0x7f80_0001)), 0x7fc0); // signalling NaN becomes quiet
    }
}
