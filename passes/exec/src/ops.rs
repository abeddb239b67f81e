//! Semantics of LLVM's own instructions on lanes.
//!
//! Each operation works lane by lane and follows the LangRef: integer arithmetic wraps modulo 2^N; division by
//! zero and `INT_MIN / -1` are undefined behaviour (a [`Fault::Undefined`], so the validator discards the input);
//! a shift by at least the bit width and an out-of-range float-to-int conversion give poison, which is modelled
//! as an undef lane. An undef operand lane makes the result lane undef (a conservative model of undef: it never
//! claims a lane is defined when LLVM would not).
//!
//! Float arithmetic is done in the type's precision: `float` in f32, `double` in f64, `half` computed in f32
//! and rounded to half (exact for +, -, * and correctly rounded for / and sqrt, because f32 has more than twice
//! half's precision).
//! Not modelled: `nsw`/`nuw`/`exact` poison and fast-math flags.

use crate::memory::Fault;
use crate::program::{BinOp, CastOp, FPred, IPred};
use crate::value::{sign_extend, Elem, Lanes, Ty};

/// Reads a float lane as f64 (exact for every float type).
pub fn to_f64(elem: Elem, bits: u64) -> f64 {
    match elem {
        Elem::Half => half::f16::from_bits(bits as u16).to_f64(),
        Elem::Float => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits),
    }
}

/// Rounds an f64 to a float type's bits.
pub fn from_f64(elem: Elem, value: f64) -> u64 {
    match elem {
        Elem::Half => half::f16::from_f64(value).to_bits() as u64,
        Elem::Float => (value as f32).to_bits() as u64,
        _ => value.to_bits(),
    }
}

/// Applies a float operation in the precision of `elem` (see the module note for half).
fn float_op(elem: Elem, a: u64, b: u64, f32op: fn(f32, f32) -> f32, f64op: fn(f64, f64) -> f64) -> u64 {
    match elem {
        Elem::Double => f64op(f64::from_bits(a), f64::from_bits(b)).to_bits(),
        Elem::Float => f32op(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u64,
        _ => {
            let x = half::f16::from_bits(a as u16).to_f32();
            let y = half::f16::from_bits(b as u16).to_f32();
            half::f16::from_f32(f32op(x, y)).to_bits() as u64
        }
    }
}

pub fn binary(op: BinOp, a: &Lanes, b: &Lanes) -> Result<Lanes, Fault> {
    let elem = a.elem;
    let width = elem.bits();
    let mask = elem.mask();
    let mut out = Lanes::undef(elem, a.len());
    for i in 0..a.len() {
        if a.undef[i] || b.undef[i] {
            continue;
        }
        let (x, y) = (a.bits[i], b.bits[i]);
        let (sx, sy) = (sign_extend(x, width), sign_extend(y, width));
        let value = match op {
            BinOp::Add => x.wrapping_add(y),
            BinOp::Sub => x.wrapping_sub(y),
            BinOp::Mul => x.wrapping_mul(y),
            BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem if y == 0 => {
                return Err(Fault::Undefined(format!("integer division by zero in lane {i}")));
            }
            BinOp::SDiv | BinOp::SRem if sy == -1 && x == 1u64 << (width - 1) => {
                return Err(Fault::Undefined(format!("signed division overflow (INT_MIN / -1) in lane {i}")));
            }
            BinOp::UDiv => x / y,
            BinOp::URem => x % y,
            BinOp::SDiv => sx.wrapping_div(sy) as u64,
            BinOp::SRem => sx.wrapping_rem(sy) as u64,
            BinOp::Shl | BinOp::LShr | BinOp::AShr if y >= width as u64 => continue, // poison
            BinOp::Shl => x << y,
            BinOp::LShr => x >> y,
            BinOp::AShr => (sx >> y) as u64,
            BinOp::And => x & y,
            BinOp::Or => x | y,
            BinOp::Xor => x ^ y,
            BinOp::FAdd => float_op(elem, x, y, |p, q| p + q, |p, q| p + q),
            BinOp::FSub => float_op(elem, x, y, |p, q| p - q, |p, q| p - q),
            BinOp::FMul => float_op(elem, x, y, |p, q| p * q, |p, q| p * q),
            BinOp::FDiv => float_op(elem, x, y, |p, q| p / q, |p, q| p / q),
            BinOp::FRem => float_op(elem, x, y, |p, q| p % q, |p, q| p % q),
        };
        out.set(i, value & mask);
    }
    Ok(out)
}

pub fn fneg(a: &Lanes) -> Lanes {
    let sign = 1u64 << (a.elem.bits() - 1);
    let mut out = a.clone();
    for bits in &mut out.bits {
        *bits ^= sign;
    }
    out
}

pub fn icmp(pred: IPred, a: &Lanes, b: &Lanes) -> Lanes {
    let width = a.elem.bits();
    let mut out = Lanes::undef(Elem::Int(1), a.len());
    for i in 0..a.len() {
        if a.undef[i] || b.undef[i] {
            continue;
        }
        let (x, y) = (a.bits[i], b.bits[i]);
        let (sx, sy) = (sign_extend(x, width), sign_extend(y, width));
        let result = match pred {
            IPred::Eq => x == y,
            IPred::Ne => x != y,
            IPred::Ugt => x > y,
            IPred::Uge => x >= y,
            IPred::Ult => x < y,
            IPred::Ule => x <= y,
            IPred::Sgt => sx > sy,
            IPred::Sge => sx >= sy,
            IPred::Slt => sx < sy,
            IPred::Sle => sx <= sy,
        };
        out.set(i, result as u64);
    }
    out
}

pub fn fcmp(pred: FPred, a: &Lanes, b: &Lanes) -> Lanes {
    let mut out = Lanes::undef(Elem::Int(1), a.len());
    for i in 0..a.len() {
        if a.undef[i] || b.undef[i] {
            continue;
        }
        let (x, y) = (to_f64(a.elem, a.bits[i]), to_f64(b.elem, b.bits[i]));
        let result = if x.is_nan() || y.is_nan() {
            pred.unordered
        } else {
            (pred.lt && x < y) || (pred.eq && x == y) || (pred.gt && x > y)
        };
        out.set(i, result as u64);
    }
    out
}

/// `select`: a scalar condition picks a whole operand, a vector condition picks per lane.
pub fn select(cond: &Lanes, a: &Lanes, b: &Lanes) -> Lanes {
    let mut out = Lanes::undef(a.elem, a.len());
    for i in 0..a.len() {
        let c = if cond.len() == 1 { 0 } else { i };
        if cond.undef[c] {
            continue;
        }
        let source = if cond.bits[c] & 1 != 0 { a } else { b };
        out.bits[i] = source.bits[i];
        out.undef[i] = source.undef[i];
    }
    out
}

/// Casts `a` (of type `from`) to `to`.
pub fn cast(op: CastOp, a: &Lanes, to: &Ty) -> Result<Lanes, Fault> {
    let (to_elem, to_n) = to.lanes().ok_or_else(|| Fault::Unsupported(format!("cast to {to}")))?;
    if op == CastOp::BitCast {
        return Ok(bitcast(a, to_elem, to_n as usize));
    }
    let from = a.elem;
    let mut out = Lanes::undef(to_elem, a.len());
    for i in 0..a.len() {
        if a.undef[i] {
            continue;
        }
        let x = a.bits[i];
        let value = match op {
            CastOp::Trunc | CastOp::ZExt | CastOp::PtrToInt | CastOp::IntToPtr | CastOp::AddrSpaceCast => x,
            CastOp::SExt => sign_extend(x, from.bits()) as u64,
            CastOp::FPTrunc | CastOp::FPExt => from_f64(to_elem, to_f64(from, x)),
            CastOp::UIToFP => from_f64_rounded_int(to_elem, x as u128, false),
            CastOp::SIToFP => from_f64_rounded_int(to_elem, sign_extend(x, from.bits()) as i128 as u128, true),
            CastOp::FPToUI | CastOp::FPToSI => {
                let f = to_f64(from, x).trunc();
                let bits = to_elem.bits();
                let fits = if op == CastOp::FPToUI {
                    f >= 0.0 && f < 2f64.powi(bits as i32)
                } else {
                    f >= -(2f64.powi(bits as i32 - 1)) && f < 2f64.powi(bits as i32 - 1)
                };
                if !fits || f.is_nan() {
                    continue; // poison
                }
                if op == CastOp::FPToUI {
                    f as u64
                } else {
                    f as i64 as u64
                }
            }
            CastOp::BitCast => unreachable!("handled above"),
        };
        out.set(i, value);
    }
    Ok(out)
}

/// Integer to float with a single rounding (to the destination type directly, not through f64 for 64-bit
/// integers, whose conversion to f64 would already round).
fn from_f64_rounded_int(to: Elem, value: u128, signed: bool) -> u64 {
    let v = if signed { value as i128 as i64 as f64 } else { value as u64 as f64 };
    match to {
        Elem::Float => {
            let f = if signed { value as i128 as i64 as f32 } else { value as u64 as f32 };
            f.to_bits() as u64
        }
        Elem::Half => {
            // Integers beyond f32's exact range overflow half anyway; going through f32 is exact below 2^24.
            let f = if signed { value as i128 as i64 as f32 } else { value as u64 as f32 };
            half::f16::from_f32(f).to_bits() as u64
        }
        _ => v.to_bits(),
    }
}

/// Reinterprets the bits of `a` as `n` lanes of `to` (little-endian lane order, as LLVM's bitcast).
pub fn bitcast(a: &Lanes, to: Elem, n: usize) -> Lanes {
    let from_width = a.elem.bits() as usize;
    let to_width = to.bits() as usize;
    let mut out = Lanes::undef(to, n);
    for j in 0..n {
        let start = j * to_width;
        let mut bits = 0u64;
        let mut undef = false;
        let mut k = 0;
        while k < to_width {
            let bit = start + k;
            let lane = bit / from_width;
            let offset = bit % from_width;
            let take = (from_width - offset).min(to_width - k);
            if lane >= a.len() {
                undef = true;
                break;
            }
            undef |= a.undef[lane];
            let chunk = (a.bits[lane] >> offset) & if take >= 64 { u64::MAX } else { (1u64 << take) - 1 };
            bits |= chunk << k;
            k += take;
        }
        if !undef {
            out.set(j, bits);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitcast_between_widths_is_little_endian() {
        let a = Lanes::new(Elem::Int(32), vec![0x0403_0201, 0x0807_0605]);
        let b = bitcast(&a, Elem::Int(8), 8);
        assert_eq!(b.bits, vec![1, 2, 3, 4, 5, 6, 7, 8]);
        let c = bitcast(&b, Elem::Int(64), 1);
        assert_eq!(c.bits, vec![0x0807_0605_0403_0201]);
        let p = bitcast(&Lanes::new(Elem::Int(8), vec![0b1010_0001]), Elem::Int(1), 8);
        assert_eq!(p.bits, vec![1, 0, 0, 0, 0, 1, 0, 1]);
    }

    #[test]
    fn division_by_zero_is_undefined_and_oversized_shift_is_poison() {
        let a = Lanes::new(Elem::Int(32), vec![7, 7]);
        let z = Lanes::new(Elem::Int(32), vec![1, 0]);
        assert!(matches!(binary(BinOp::UDiv, &a, &z), Err(Fault::Undefined(_))));
        let s = binary(BinOp::Shl, &a, &Lanes::new(Elem::Int(32), vec![1, 32])).unwrap();
        assert_eq!((s.bits[0], s.undef[1]), (14, true));
    }

    #[test]
    fn signed_compare_and_sext() {
        let a = Lanes::new(Elem::Int(8), vec![0xff]);
        let b = Lanes::new(Elem::Int(8), vec![1]);
        assert_eq!(icmp(IPred::Slt, &a, &b).bits, vec![1]);
        assert_eq!(icmp(IPred::Ult, &a, &b).bits, vec![0]);
        let wide = cast(CastOp::SExt, &a, &Ty::Scalar(Elem::Int(32))).unwrap();
        assert_eq!(wide.bits, vec![0xffff_ffff]);
    }

    #[test]
    fn half_arithmetic_rounds_to_half() {
        let one = half::f16::from_f32(1.0).to_bits() as u64;
        let third = binary(BinOp::FDiv, &Lanes::new(Elem::Half, vec![one]), &Lanes::new(Elem::Half, vec![half::f16::from_f32(3.0).to_bits() as u64])).unwrap();
        assert_eq!(third.bits[0], half::f16::from_f32(1.0 / 3.0).to_bits() as u64);
    }
}
