//! LLVM's own intrinsics that CM code and the GenX passes produce.
//!
//! Meanings from the LLVM 14 LangRef. `llvm.lifetime.*`, `llvm.assume`, `llvm.dbg.*` and
//! `llvm.experimental.noalias.scope.decl` have no effect on values.

use super::{lanes, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::ops::{from_f64, to_f64};
use crate::value::{sign_extend, Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    ("llvm.lifetime.start", nothing),
    ("llvm.lifetime.end", nothing),
    ("llvm.assume", nothing),
    ("llvm.dbg.value", nothing),
    ("llvm.dbg.declare", nothing),
    ("llvm.dbg.label", nothing),
    ("llvm.experimental.noalias.scope.decl", nothing),
    ("llvm.expect", first),
    ("llvm.fabs", fabs),
    ("llvm.sqrt", sqrt),
    ("llvm.fma", fma),
    ("llvm.fmuladd", fma),
    ("llvm.minnum", minnum),
    ("llvm.maxnum", maxnum),
    ("llvm.floor", floor),
    ("llvm.ceil", ceil),
    ("llvm.trunc", trunc),
    ("llvm.rint", rint),
    ("llvm.nearbyint", rint),
    ("llvm.round", round),
    ("llvm.copysign", copysign),
    ("llvm.smax", smax),
    ("llvm.smin", smin),
    ("llvm.umax", umax),
    ("llvm.umin", umin),
    ("llvm.abs", abs),
    ("llvm.ctpop", ctpop),
    ("llvm.ctlz", ctlz),
    ("llvm.cttz", cttz),
    ("llvm.bswap", bswap),
    ("llvm.bitreverse", bitreverse),
];

fn nothing(_: &mut Ctx<'_>, _: &Call<'_>) -> Result<Value, Fault> {
    Ok(Value::Void)
}

fn first(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    Ok(call.args[0].clone())
}

/// Applies `f` lane by lane to operands `0..arity`; undef in gives undef out.
fn map(call: &Call<'_>, arity: usize, f: impl Fn(&[u64], crate::value::Elem) -> Option<u64>) -> Result<Value, Fault> {
    let inputs: Vec<&Lanes> = (0..arity).map(|i| lanes(call, i)).collect::<Result<_, _>>()?;
    let elem = inputs[0].elem;
    let mut out = Lanes::undef(elem, inputs[0].len());
    let mut operands = vec![0u64; arity];
    for i in 0..out.len() {
        if inputs.iter().any(|l| l.undef[i]) {
            continue;
        }
        for (k, l) in inputs.iter().enumerate() {
            operands[k] = l.bits[i];
        }
        if let Some(bits) = f(&operands, elem) {
            out.set(i, bits);
        }
    }
    Ok(Value::Lanes(out))
}

fn float1(call: &Call<'_>, f: fn(f64) -> f64) -> Result<Value, Fault> {
    map(call, 1, |x, e| Some(from_f64(e, f(to_f64(e, x[0])))))
}

fn fabs(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 1, |x, e| Some(x[0] & !(1u64 << (e.bits() - 1))))
}
fn sqrt(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    // sqrt in f64 then rounded is correctly rounded for f32 and half (double rounding is innocuous for sqrt
    // when the wide format has at least 2p+2 bits).
    float1(call, f64::sqrt)
}
fn floor(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    float1(call, f64::floor)
}
fn ceil(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    float1(call, f64::ceil)
}
fn trunc(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    float1(call, f64::trunc)
}
fn rint(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    float1(call, f64::round_ties_even)
}
fn round(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    float1(call, f64::round)
}
fn fma(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 3, |x, e| {
        let (a, b, c) = (to_f64(e, x[0]), to_f64(e, x[1]), to_f64(e, x[2]));
        Some(match e {
            crate::value::Elem::Double => a.mul_add(b, c).to_bits(),
            // a*b is exact in f64 for f32/half inputs, so one rounding of (a*b)+c to f64 then to the type is a
            // fused multiply-add up to the (rare) double-rounding case; documented in the crate notes.
            _ => from_f64(e, a * b + c),
        })
    })
}
fn minnum(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 2, |x, e| Some(from_f64(e, to_f64(e, x[0]).min(to_f64(e, x[1])))))
}
fn maxnum(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 2, |x, e| Some(from_f64(e, to_f64(e, x[0]).max(to_f64(e, x[1])))))
}
fn copysign(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 2, |x, e| {
        let sign = 1u64 << (e.bits() - 1);
        Some((x[0] & !sign) | (x[1] & sign))
    })
}
fn smax(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 2, |x, e| Some(if sign_extend(x[0], e.bits()) >= sign_extend(x[1], e.bits()) { x[0] } else { x[1] }))
}
fn smin(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 2, |x, e| Some(if sign_extend(x[0], e.bits()) <= sign_extend(x[1], e.bits()) { x[0] } else { x[1] }))
}
fn umax(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 2, |x, _| Some(x[0].max(x[1])))
}
fn umin(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 2, |x, _| Some(x[0].min(x[1])))
}
/// `llvm.abs(x, is_int_min_poison)`.
fn abs(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let poison_on_min = super::scalar(call, 1)? & 1 != 0;
    map(call, 1, |x, e| {
        let v = sign_extend(x[0], e.bits());
        if v == sign_extend(1u64 << (e.bits() - 1), e.bits()) && e.bits() > 1 {
            return if poison_on_min { None } else { Some(x[0]) };
        }
        Some(v.unsigned_abs() & e.mask())
    })
}
fn ctpop(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 1, |x, _| Some(x[0].count_ones() as u64))
}
/// `llvm.ctlz(x, is_zero_poison)`.
fn ctlz(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let poison_on_zero = super::scalar(call, 1)? & 1 != 0;
    map(call, 1, |x, e| {
        if x[0] == 0 && poison_on_zero {
            return None;
        }
        Some((x[0].leading_zeros() - (64 - e.bits())) as u64)
    })
}
fn cttz(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let poison_on_zero = super::scalar(call, 1)? & 1 != 0;
    map(call, 1, |x, e| {
        if x[0] == 0 {
            return if poison_on_zero { None } else { Some(e.bits() as u64) };
        }
        Some(x[0].trailing_zeros() as u64)
    })
}
fn bswap(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 1, |x, e| Some(x[0].swap_bytes() >> (64 - e.bits())))
}
fn bitreverse(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map(call, 1, |x, e| Some(x[0].reverse_bits() >> (64 - e.bits())))
}
