//! DWORD atomics on surfaces/SLM and SVM atomics on flat addresses.
//!
//! Why: CM's `write_atomic<OP>` lowers to `dword.atomic2.<op>(pred, bti, byte offsets, src...)` (the older
//! `dword.atomic.<op>` has a trailing `old` operand), `cm_slm_atomic` to the same on BTI 254, and
//! `cm_svm_atomic` / `cm_ptr_atomic` to `svm.atomic.<op>(pred, addresses, src..., old)` (docs/cmc-compat.md §3);
//! PromoteStatefulToBindless rewrites `dword.atomic2` into its `.predef.surface` form.
//!
//! Semantics, per enabled lane in lane order (lane 0 first): read the old value `old` of the lane's element at
//! its byte offset (or address), write `op(old, src0, src1)`, return `old`. Sources: the operation table of vISA
//! `DWORD_ATOMIC.md` (intel/intel-graphics-compiler `documentation/visa/instructions/`), which agrees with
//! cmlangspec.rst §4.4 "CmAtomicOpType" and with intel/cm-cpu-emulation `libcm/genx_dataport.h`:
//! - add `old+src0`, sub `old−src0`, inc `old+1`, dec `old−1` (wrapping); min/max unsigned, imin/imax signed;
//!   xchg `src0`; and/or/xor; cmpxchg `old == src1 ? src0 : old`;
//! - fmin/fmax: IEEE min/max as vISA `MIN_MAX.md` (a NaN operand yields the other one; equal operands, ±0
//!   included, leave `old`); fadd/fsub in the element's precision; fcmpwr `old == src0 ? src1 : old` (float
//!   equality) — note the operand roles are the reverse of cmpxchg's, in both vISA and cm-cpu-emulation.
//! - Operand counts: inc/dec take no source, cmpxchg/fcmpwr two, the others one. The element is the result's
//!   (`i32`/`float` for DWORD atomics; `i32`/`i64`/`float` for SVM; 2-byte elements are accepted too), the
//!   offset or address must be a multiple of its size.
//! - Disabled lanes touch nothing and return the `old` operand's lane (`dword.atomic.*`, `svm.atomic.*`) or
//!   undef (`dword.atomic2.*`). Hardware serialises lanes hitting the same address "though the order is
//!   non-deterministic" (DWORD_ATOMIC.md); the executor fixes lane order, so the returned old values are one of
//!   the hardware's possible outcomes. Bounds: parent module (on surfaces, DWORD_ATOMIC.md: "On read: zeros are
//!   returned. On write: data is dropped." under the Hardware policy).
//! - Undef: an undef old value or source gives an undef new value (xchg needs only its source); the returned
//!   value carries the old value's definedness.
//!
//! Not handled: `typed.atomic.*`, `untyped.atomic.*`, `lsc.*atomic*`; denormal flushing of float atomics.

use super::{bti, lane_bytes, lane_value, predicate, read, set_lane, target, write, Target};
use crate::intrinsics::{lanes, result_shape, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{sign_extend, Elem, Lanes, Value};

pub(crate) const ADD: u8 = 0;
pub(crate) const SUB: u8 = 1;
pub(crate) const INC: u8 = 2;
pub(crate) const DEC: u8 = 3;
pub(crate) const MIN: u8 = 4;
pub(crate) const MAX: u8 = 5;
pub(crate) const XCHG: u8 = 6;
pub(crate) const CMPXCHG: u8 = 7;
pub(crate) const AND: u8 = 8;
pub(crate) const OR: u8 = 9;
pub(crate) const XOR: u8 = 10;
pub(crate) const IMIN: u8 = 11;
pub(crate) const IMAX: u8 = 12;
pub(crate) const FMAX: u8 = 16;
pub(crate) const FMIN: u8 = 17;
pub(crate) const FCMPWR: u8 = 18;
pub(crate) const FADD: u8 = 19;
pub(crate) const FSUB: u8 = 20;

macro_rules! surface_atomics {
    ($($op:literal => $code:ident),* $(,)?) => {
        [
            $( (concat!("llvm.genx.dword.atomic.", $op), dword::<$code> as SemFn), )*
            $( (concat!("llvm.genx.dword.atomic2.", $op), dword2::<$code> as SemFn), )*
            $( (concat!("llvm.genx.dword.atomic2.", $op, ".predef.surface"), dword2::<$code> as SemFn), )*
        ]
    };
}

macro_rules! svm_atomics {
    ($($op:literal => $code:ident),* $(,)?) => {
        [ $( (concat!("llvm.genx.svm.atomic.", $op), svm::<$code> as SemFn), )* ]
    };
}

const SURFACE: [(&str, SemFn); 54] = surface_atomics![
    "add" => ADD, "sub" => SUB, "inc" => INC, "dec" => DEC, "min" => MIN, "max" => MAX,
    "xchg" => XCHG, "cmpxchg" => CMPXCHG, "and" => AND, "or" => OR, "xor" => XOR,
    "imin" => IMIN, "imax" => IMAX, "fmax" => FMAX, "fmin" => FMIN, "fcmpwr" => FCMPWR,
    "fadd" => FADD, "fsub" => FSUB,
];

const SVM: [(&str, SemFn); 16] = svm_atomics![
    "add" => ADD, "sub" => SUB, "inc" => INC, "dec" => DEC, "min" => MIN, "max" => MAX,
    "xchg" => XCHG, "cmpxchg" => CMPXCHG, "and" => AND, "or" => OR, "xor" => XOR,
    "imin" => IMIN, "imax" => IMAX, "fmax" => FMAX, "fmin" => FMIN, "fcmpwr" => FCMPWR,
];

const BOTH: [(&str, SemFn); 70] = {
    let mut out = [SURFACE[0]; 70];
    let mut i = 0;
    while i < 70 {
        out[i] = if i < 54 { SURFACE[i] } else { SVM[i - 54] };
        i += 1;
    }
    out
};

pub const TABLE: &[(&str, SemFn)] = &BOTH;

fn dword<const OP: u8>(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    atomic(ctx, call, OP, false, true)
}

fn dword2<const OP: u8>(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    atomic(ctx, call, OP, false, false)
}

fn svm<const OP: u8>(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    atomic(ctx, call, OP, true, true)
}

/// Whether the operation works on float elements.
pub(crate) fn is_float(op: u8) -> bool {
    matches!(op, FMAX | FMIN | FCMPWR | FADD | FSUB)
}

/// How many source operands (src0, src1) the operation takes.
pub(crate) fn sources(op: u8) -> usize {
    match op {
        INC | DEC => 0,
        CMPXCHG | FCMPWR => 2,
        _ => 1,
    }
}

/// One atomic call: `svm` selects flat addresses at operand 1 (else BTI at 1, byte offsets at 2); `has_old`
/// says whether a trailing `old` operand supplies disabled lanes.
fn atomic(ctx: &mut Ctx<'_>, call: &Call<'_>, op: u8, svm: bool, has_old: bool) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let width = elem.store_bytes();
    if !matches!(width, 2 | 4 | 8) {
        return Err(Fault::Undefined(format!("{}: atomic on {elem} elements", call.name)));
    }
    let offsets_arg = if svm { 1 } else { 2 };
    let offsets = lanes(call, offsets_arg)?;
    if offsets.len() != n {
        return Err(Fault::Other(format!("{}: {} offsets for {n} result lanes", call.name, offsets.len())));
    }
    let srcs: Vec<&Lanes> =
        (0..sources(op)).map(|k| super::data(call, offsets_arg + 1 + k, n)).collect::<Result<_, _>>()?;
    let old = if has_old { Some(super::old(call, offsets_arg + 1 + srcs.len(), n)?) } else { None };
    let enabled = predicate(call, 0, n)?;
    let target = if svm { Target::Flat } else { target(ctx, call, bti(ctx, call, 1)?)? };
    let mut out = Lanes::undef(elem, n);
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            if let Some(old) = old {
                super::copy_lane(&mut out, i, old);
            }
            continue;
        }
        let mut offset = lane_value(call, offsets, i, if svm { "address" } else { "byte offset" })?;
        if !svm {
            offset &= 0xFFFF_FFFF;
        }
        if offset % width as u64 != 0 {
            return Err(Fault::Undefined(format!(
                "{}: lane {i} offset {offset:#x} is not a multiple of the {width}-byte element",
                call.name
            )));
        }
        let (bytes, defined) = read(ctx, &target, offset, width, Some(i))?;
        set_lane(&mut out, i, &bytes, &defined);
        let (current, current_undef) = (out.bits[i], out.undef[i]);
        let s: Vec<(u64, bool)> = srcs.iter().map(|l| (l.bits[i], l.undef[i])).collect();
        let s0 = s.first().copied().unwrap_or((0, false));
        let s1 = s.get(1).copied().unwrap_or((0, false));
        let new_undef = s0.1 || s1.1 || (current_undef && op != XCHG);
        let new = apply(op, elem, current, s0.0, s1.0);
        let result = Lanes { elem, bits: vec![new & elem.mask()], undef: vec![new_undef] };
        let (new_bytes, new_defined) = lane_bytes(&result, 0);
        write(ctx, &target, offset, &new_bytes, &new_defined, Some(i))?;
    }
    Ok(Value::Lanes(out))
}

/// `op(old, src0, src1)` on `elem`-sized bits.
pub(crate) fn apply(op: u8, elem: Elem, old: u64, s0: u64, s1: u64) -> u64 {
    let bits = (elem.store_bytes() * 8) as u32;
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let signed = |v: u64| sign_extend(v, bits);
    let result = match op {
        ADD => old.wrapping_add(s0),
        SUB => old.wrapping_sub(s0),
        INC => old.wrapping_add(1),
        DEC => old.wrapping_sub(1),
        MIN => old.min(s0),
        MAX => old.max(s0),
        IMIN => {
            if signed(old) <= signed(s0) {
                old
            } else {
                s0
            }
        }
        IMAX => {
            if signed(old) >= signed(s0) {
                old
            } else {
                s0
            }
        }
        XCHG => s0,
        CMPXCHG => {
            if old == s1 {
                s0
            } else {
                old
            }
        }
        AND => old & s0,
        OR => old | s0,
        XOR => old ^ s0,
        FMIN => float_select(bits, old, s0, true),
        FMAX => float_select(bits, old, s0, false),
        FCMPWR => {
            if float(bits, old) == float(bits, s0) {
                s1
            } else {
                old
            }
        }
        FADD => float_arith(bits, old, s0, false),
        FSUB => float_arith(bits, old, s0, true),
        _ => old,
    };
    result & mask
}

/// The value of `bits`-wide float bits (half, float or double by width).
fn float(bits: u32, v: u64) -> f64 {
    match bits {
        16 => half::f16::from_bits(v as u16).to_f64(),
        32 => f32::from_bits(v as u32) as f64,
        _ => f64::from_bits(v),
    }
}

/// IEEE min/max (vISA MIN_MAX.md): a NaN operand yields the other; both NaN yield `src`; ties keep `old`.
fn float_select(bits: u32, old: u64, src: u64, min: bool) -> u64 {
    let (a, b) = (float(bits, old), float(bits, src));
    if a.is_nan() {
        return src;
    }
    if b.is_nan() {
        return old;
    }
    let take_src = if min { b < a } else { b > a };
    if take_src {
        src
    } else {
        old
    }
}

/// `old ± src`, rounded once to the element's precision.
fn float_arith(bits: u32, old: u64, src: u64, subtract: bool) -> u64 {
    match bits {
        32 => {
            let (a, b) = (f32::from_bits(old as u32), f32::from_bits(src as u32));
            (if subtract { a - b } else { a + b }).to_bits() as u64
        }
        64 => {
            let (a, b) = (f64::from_bits(old), f64::from_bits(src));
            (if subtract { a - b } else { a + b }).to_bits()
        }
        _ => {
            // Half: exact in f32 (11-bit significands), then one rounding to half.
            let (a, b) = (float(16, old) as f32, float(16, src) as f32);
            half::f16::from_f32(if subtract { a - b } else { a + b }).to_bits() as u64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_follow_the_dword_atomic_table() {
        let e = Elem::Int(32);
        assert_eq!(apply(SUB, e, 1, 2, 0), 0xFFFF_FFFF);
        assert_eq!(apply(DEC, e, 0, 0, 0), 0xFFFF_FFFF);
        assert_eq!(apply(IMIN, e, 5, 0xFFFF_FFFF, 0), 0xFFFF_FFFF);
        assert_eq!(apply(MIN, e, 5, 0xFFFF_FFFF, 0), 5);
        assert_eq!(apply(CMPXCHG, e, 7, 9, 7), 9);
        assert_eq!(apply(CMPXCHG, e, 7, 9, 8), 7);
        let f = |x: f32| x.to_bits() as u64;
        assert_eq!(apply(FCMPWR, Elem::Float, f(1.0), f(1.0), f(2.0)), f(2.0));
        assert_eq!(apply(FMIN, Elem::Float, f(f32::NAN), f(3.0), 0), f(3.0));
        assert_eq!(apply(FMAX, Elem::Float, f(1.0), f(f32::NAN), 0), f(1.0));
        assert_eq!(apply(FADD, Elem::Float, f(1.5), f(2.25), 0), f(3.75));
    }
}
