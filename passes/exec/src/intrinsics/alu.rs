//! Integer ALU intrinsics: saturating and mixed-signedness arithmetic, bit-field and bit-count operations,
//! carries, wide multiplies and byte dot products.
//!
//! CM's integer builtins (`cm_add`/`cm_mul`/`cm_avg`/`cm_shl` with `SAT`, `cm_bf_extract`, `cm_dp4a`,
//! `cm_addc`, ...) produce these intrinsics, and so do the GenX passes: pattern matching forms `*mad`, `add3` and
//! `bfn`; lowering turns 64-bit multiplies into `umulh`/`*madw`/`*imad` and `llvm.ctpop`/`llvm.bitreverse`/
//! `llvm.fshl` into `cbit`/`bfrev`/`rol`. Types are those of the installed GenXIntrinsicDescription.gen
//! (vc-intrinsics 0.11: e.g. `addc`'s operands have the type of its carry field, `add3c` has three operands).
//! Meanings come from vc-intrinsics' Intrinsic_definitions.py, the vISA instruction pages of IGC
//! igc-1.0.12504.6 (ADD3, BFN, DP4A and MADW, absent there, from IGC's current pages) and, where those
//! leave a choice, what IGC does with the intrinsic (GenXLowering, GenXPatternMatch, cisa_gen_intrinsics.json).
//!
//! ## One exact value, one conversion
//! vISA computes integer operations with extra precision and converts the exact value to the destination type
//! (2_datatypes.md): without saturation it keeps the low bits, with `.sat` it clamps to the destination's range.
//! So every operation here reads its operands as exact integers, signed or unsigned as the intrinsic says,
//! computes in `i128` (wide enough for every intermediate of 64-bit operands; the few that could overflow it,
//! 64×64 products, use wrapping arithmetic where only low bits are kept and saturating arithmetic where only
//! the clamp reads them), and converts once to the result type. A result wider than the operands is therefore
//! the sign- or zero-extension of the exact value, as vISA's conversions say.
//!
//! ## Signedness prefixes `xy`
//! For every `.sat` intrinsic and for `*trunc.sat`, `*avg`, `*shl`, `*dp4a`, `*sad2add`: x = result, y = the
//! operands (vc-intrinsics; IGC's CISA table types the sources the same way; the accumulator of `*sad2add` takes
//! the result's signedness, as that table says). Without saturation the result letter cannot matter.
//! Non-saturating `*mul` and `*mad`: x = operand 0, y = operand 1 (vc-intrinsics documents `sumul` as "operands
//! signed, unsigned"; IGC's `getGenXMulIID(LHSigned, RHSigned)`, GenXPatternMatch's `sext(a) * zext(b) + c →
//! sumad` and the CISA table agree). The addend of `*mad` has the result's type, so its signedness is immaterial.
//! `*mad.sat` is documented as x = result, y = operands (a, b and the addend), like `*mul.sat`, which IGC lowers
//! exactly so (`lowerGenXMulSat`); IGC's CISA table instead types mad.sat's src0/src1 by the two letters, which
//! agrees for `ssmad.sat`/`uumad.sat` only. This executor follows the documentation for `sumad.sat`/`usmad.sat`.
//!
//! ## Choices where the sources are silent or hardware is undefined
//! - Shift and rotate counts are masked as vISA says: the low 5 bits of the shift count (6 when the result is
//!   64-bit); rotates take the count modulo the operand's width (vISA's `count & (bits - 1)`). Never undefined.
//! - `*shl.sat` with a result narrower than 64 bits: vISA says the shifted value must fit in 33 bits "or the
//!   result is undefined"; such a lane is undef (the validator then accepts anything there).
//! - `bfe`/`bfi` take width and offset modulo 32 (`& 0x1F`), so a width of 32 is a width of 0: `ubfe`/`sbfe`
//!   give 0 and `bfi` returns the base unchanged. A field reaching past bit 31 is cut at bit 31 (`sbfe` then
//!   extends bit 31, the hardware's arithmetic shift).
//! - `fbh`/`fbl` return all ones when no bit is found (`sfbh` also for -1); `lzd` of 0 is the bit width.
//! - `add3` without saturation sign-extends narrower operands into a wider result (IGC picks the signedness
//!   from the producers; when result and operands have one width, as IGC emits it, the choice cannot matter).
//! - `add3c`'s carry is vISA `add3.o`'s overflow flag: 1 when the exact unsigned sum exceeds the operand range.
//! - `*madw`: lane i of the 64-bit results has its low half at result element i and its high half at element
//!   `len/2 + i` (GenXLowering reads lo at 0 and hi at ResWidth/2); other elements are undef. `*imad` returns
//!   the struct `{hi, lo}` (field 0 is the high half: GenXLowering's replaceUsesOfIMad).
//! - `*sad2`/`*sad2add` write even lanes; odd lanes are undefined by vISA, so undef here.
//!
//! Element widths: `bfrev`, `sfbh`, `ufbh`, `fbl`, `sbfe`, `ubfe` and `bfi` exist in vISA for 32-bit elements
//! only and report other widths as unsupported; everything else works at any width up to 64 (`lzd` and `cbit`
//! count at the operand's width, as IGC's i64 lowering of lzd does).

use super::{lanes, result_shape, scalar, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{sign_extend, Elem, Lanes, Ty, Value};

const S: bool = true;
const U: bool = false;

pub const TABLE: &[(&str, SemFn)] = &[
    // Modifiers and integer saturation.
    ("llvm.genx.absi", absi),
    ("llvm.genx.sstrunc.sat", trunc_sat::<S, S>),
    ("llvm.genx.sutrunc.sat", trunc_sat::<S, U>),
    ("llvm.genx.ustrunc.sat", trunc_sat::<U, S>),
    ("llvm.genx.uutrunc.sat", trunc_sat::<U, U>),
    // Add.
    ("llvm.genx.ssadd.sat", add_sat::<S, S>),
    ("llvm.genx.suadd.sat", add_sat::<S, U>),
    ("llvm.genx.usadd.sat", add_sat::<U, S>),
    ("llvm.genx.uuadd.sat", add_sat::<U, U>),
    ("llvm.genx.add3", add3),
    ("llvm.genx.ssadd3.sat", add3_sat::<S, S>),
    ("llvm.genx.suadd3.sat", add3_sat::<S, U>),
    ("llvm.genx.usadd3.sat", add3_sat::<U, S>),
    ("llvm.genx.uuadd3.sat", add3_sat::<U, U>),
    ("llvm.genx.addc", addc),
    ("llvm.genx.subb", subb),
    ("llvm.genx.add3c", add3c),
    // Multiply.
    ("llvm.genx.ssmul", mul::<S, S>),
    ("llvm.genx.sumul", mul::<S, U>),
    ("llvm.genx.usmul", mul::<U, S>),
    ("llvm.genx.uumul", mul::<U, U>),
    ("llvm.genx.ssmul.sat", mul_sat::<S, S>),
    ("llvm.genx.sumul.sat", mul_sat::<S, U>),
    ("llvm.genx.usmul.sat", mul_sat::<U, S>),
    ("llvm.genx.uumul.sat", mul_sat::<U, U>),
    ("llvm.genx.ssmad", mad::<S, S>),
    ("llvm.genx.sumad", mad::<S, U>),
    ("llvm.genx.usmad", mad::<U, S>),
    ("llvm.genx.uumad", mad::<U, U>),
    ("llvm.genx.ssmad.sat", mad_sat::<S, S>),
    ("llvm.genx.sumad.sat", mad_sat::<S, U>),
    ("llvm.genx.usmad.sat", mad_sat::<U, S>),
    ("llvm.genx.uumad.sat", mad_sat::<U, U>),
    ("llvm.genx.smulh", mulh::<S>),
    ("llvm.genx.umulh", mulh::<U>),
    ("llvm.genx.smadw", madw::<S>),
    ("llvm.genx.umadw", madw::<U>),
    ("llvm.genx.simad", imad::<S>),
    ("llvm.genx.uimad", imad::<U>),
    // Average.
    ("llvm.genx.ssavg", avg::<S, S>),
    ("llvm.genx.suavg", avg::<S, U>),
    ("llvm.genx.usavg", avg::<U, S>),
    ("llvm.genx.uuavg", avg::<U, U>),
    ("llvm.genx.ssavg.sat", avg_sat::<S, S>),
    ("llvm.genx.suavg.sat", avg_sat::<S, U>),
    ("llvm.genx.usavg.sat", avg_sat::<U, S>),
    ("llvm.genx.uuavg.sat", avg_sat::<U, U>),
    // Shifts and rotates.
    ("llvm.genx.ssshl", shl::<S, S>),
    ("llvm.genx.sushl", shl::<S, U>),
    ("llvm.genx.usshl", shl::<U, S>),
    ("llvm.genx.uushl", shl::<U, U>),
    ("llvm.genx.ssshl.sat", shl_sat::<S, S>),
    ("llvm.genx.sushl.sat", shl_sat::<S, U>),
    ("llvm.genx.usshl.sat", shl_sat::<U, S>),
    ("llvm.genx.uushl.sat", shl_sat::<U, U>),
    ("llvm.genx.rol", rotate::<true>),
    ("llvm.genx.ror", rotate::<false>),
    // Min/max.
    ("llvm.genx.smax", minmax::<S, true>),
    ("llvm.genx.umax", minmax::<U, true>),
    ("llvm.genx.smin", minmax::<S, false>),
    ("llvm.genx.umin", minmax::<U, false>),
    // Bit operations.
    ("llvm.genx.bfn", bfn),
    ("llvm.genx.bfrev", bfrev),
    ("llvm.genx.cbit", cbit),
    ("llvm.genx.sfbh", fbh::<S>),
    ("llvm.genx.ufbh", fbh::<U>),
    ("llvm.genx.fbl", fbl),
    ("llvm.genx.lzd", lzd),
    ("llvm.genx.bfi", bfi),
    ("llvm.genx.sbfe", bfe::<S>),
    ("llvm.genx.ubfe", bfe::<U>),
    // Byte dot products and sums of absolute differences.
    ("llvm.genx.ssdp4a", dp4a::<S, S, false>),
    ("llvm.genx.sudp4a", dp4a::<S, U, false>),
    ("llvm.genx.usdp4a", dp4a::<U, S, false>),
    ("llvm.genx.uudp4a", dp4a::<U, U, false>),
    ("llvm.genx.ssdp4a.sat", dp4a::<S, S, true>),
    ("llvm.genx.sudp4a.sat", dp4a::<S, U, true>),
    ("llvm.genx.usdp4a.sat", dp4a::<U, S, true>),
    ("llvm.genx.uudp4a.sat", dp4a::<U, U, true>),
    ("llvm.genx.ssad2", sad2::<S>),
    ("llvm.genx.usad2", sad2::<U>),
    ("llvm.genx.sssad2add", sad2add::<S, S, false>),
    ("llvm.genx.susad2add", sad2add::<S, U, false>),
    ("llvm.genx.ussad2add", sad2add::<U, S, false>),
    ("llvm.genx.uusad2add", sad2add::<U, U, false>),
    ("llvm.genx.sssad2add.sat", sad2add::<S, S, true>),
    ("llvm.genx.susad2add.sat", sad2add::<S, U, true>),
    ("llvm.genx.ussad2add.sat", sad2add::<U, S, true>),
    ("llvm.genx.uusad2add.sat", sad2add::<U, U, true>),
];

// ---- exact values and conversions ---------------------------------------------------------------------------

/// The exact integer a lane of `width` bits holds, read as signed or unsigned.
fn int(bits: u64, width: u32, signed: bool) -> i128 {
    if signed {
        sign_extend(bits, width) as i128
    } else {
        (bits & mask(width)) as i128
    }
}

fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The conversion without saturation: the low bits (the lane setter masks them to the result's width).
fn wrap(value: i128) -> u64 {
    value as u64
}

/// The inclusive range of `width`-bit integers.
fn range(width: u32, signed: bool) -> (i128, i128) {
    if signed {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    } else {
        (0, (1i128 << width) - 1)
    }
}

/// The conversion with saturation: clamp to the result's range.
fn clamp(value: i128, width: u32, signed: bool) -> u64 {
    let (lo, hi) = range(width, signed);
    value.clamp(lo, hi) as u64
}

/// Wraps or clamps, as the intrinsic saturates or not.
fn convert(value: i128, width: u32, signed: bool, saturate: bool) -> u64 {
    if saturate {
        clamp(value, width, signed)
    } else {
        wrap(value)
    }
}

// ---- operand access -------------------------------------------------------------------------------------------

fn malformed(call: &Call<'_>, what: impl std::fmt::Display) -> Fault {
    Fault::Other(format!("{}: {what}", call.name))
}

/// Integer operand `i`, checked to have `n` lanes.
fn int_operand<'a>(call: &'a Call<'_>, i: usize, n: usize) -> Result<&'a Lanes, Fault> {
    let l = lanes(call, i)?;
    if !matches!(l.elem, Elem::Int(_)) {
        return Err(malformed(call, format_args!("operand {i} has type {}, expected integers", call.arg_tys[i])));
    }
    if l.len() != n {
        return Err(malformed(call, format_args!("operand {i} has {} lanes, expected {n}", l.len())));
    }
    Ok(l)
}

/// Element type and lane count of an integer result.
fn int_result(call: &Call<'_>) -> Result<(Elem, usize), Fault> {
    let (elem, n) = result_shape(call)?;
    if !matches!(elem, Elem::Int(_)) {
        return Err(malformed(call, format_args!("result type {} is not integer", call.ret)));
    }
    Ok((elem, n))
}

/// Fails unless operand `i` has 32-bit elements (the instructions vISA defines for D/UD only).
fn require_dwords(call: &Call<'_>, i: usize) -> Result<(), Fault> {
    let bits = lanes(call, i)?.elem.bits();
    if bits != 32 {
        return Err(Fault::Unsupported(format!("{} on {bits}-bit elements (vISA defines it for 32-bit)", call.name)));
    }
    Ok(())
}

/// Applies `f` lane by lane to integer operands `0..arity` (`x[k]` holds operand k's bits); the result has the
/// call's integer result type. An undef operand lane, or `None` from `f`, gives an undef result lane.
fn map_int(call: &Call<'_>, arity: usize, f: impl Fn(&[u64]) -> Option<u64>) -> Result<Value, Fault> {
    let (elem, n) = int_result(call)?;
    let operands: Vec<&Lanes> = (0..arity).map(|i| int_operand(call, i, n)).collect::<Result<_, _>>()?;
    let mut out = Lanes::undef(elem, n);
    let mut x = [0u64; 4];
    for i in 0..n {
        if operands.iter().any(|l| l.undef[i]) {
            continue;
        }
        for (k, l) in operands.iter().enumerate() {
            x[k] = l.bits[i];
        }
        if let Some(bits) = f(&x[..arity]) {
            out.set(i, bits);
        }
    }
    Ok(Value::Lanes(out))
}

/// Width of integer operand `i`'s elements.
fn width(call: &Call<'_>, i: usize) -> Result<u32, Fault> {
    Ok(lanes(call, i)?.elem.bits())
}

/// Width of the result's elements.
fn result_width(call: &Call<'_>) -> Result<u32, Fault> {
    Ok(int_result(call)?.0.bits())
}

// ---- modifiers and saturation ----------------------------------------------------------------------------------

/// `absi(x) = |x|` as a source modifier: `|INT_MIN|` wraps to INT_MIN.
fn absi(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 1, |x| Some(wrap(int(x[0], w, true).abs())))
}

/// `xytrunc.sat(v)`: v read with signedness y, clamped to the result's range with signedness x.
fn trunc_sat<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 1, |x| Some(clamp(int(x[0], w, OS), rw, RS)))
}

// ---- add -------------------------------------------------------------------------------------------------------

fn add_sat<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 2, |x| Some(clamp(int(x[0], w, OS) + int(x[1], w, OS), rw, RS)))
}

/// `add3(a, b, c) = a + b + c`, wrapping.
fn add3(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 3, |x| Some(wrap(int(x[0], w, true) + int(x[1], w, true) + int(x[2], w, true))))
}

fn add3_sat<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 3, |x| Some(clamp(int(x[0], w, OS) + int(x[1], w, OS) + int(x[2], w, OS), rw, RS)))
}

/// The two fields of a struct result, each as `(element, lanes)`.
fn pair_result(call: &Call<'_>) -> Result<[(Elem, usize); 2], Fault> {
    let shape = |ty: &Ty| ty.lanes().map(|(e, n)| (e, n as usize));
    match call.ret {
        Ty::Struct(fields) if fields.len() == 2 => match (shape(&fields[0]), shape(&fields[1])) {
            (Some(a), Some(b)) => Ok([a, b]),
            _ => Err(malformed(call, format_args!("unexpected result type {}", call.ret))),
        },
        _ => Err(malformed(call, format_args!("result type {} is not a two-field struct", call.ret))),
    }
}

/// A struct result `{first, second}` computed lane by lane from unsigned operands `0..arity` by
/// `f(operands) -> (first, second)`; undef operand lanes give undef lanes in both fields.
fn map_pair(call: &Call<'_>, arity: usize, f: impl Fn(&[u64]) -> (u64, u64)) -> Result<Value, Fault> {
    let [(e0, n0), (e1, n1)] = pair_result(call)?;
    if n0 != n1 {
        return Err(malformed(call, format_args!("struct fields of {n0} and {n1} lanes")));
    }
    let operands: Vec<&Lanes> = (0..arity).map(|i| int_operand(call, i, n0)).collect::<Result<_, _>>()?;
    let (mut first, mut second) = (Lanes::undef(e0, n0), Lanes::undef(e1, n1));
    let mut x = [0u64; 4];
    for i in 0..n0 {
        if operands.iter().any(|l| l.undef[i]) {
            continue;
        }
        for (k, l) in operands.iter().enumerate() {
            x[k] = l.bits[i];
        }
        let (a, b) = f(&x[..arity]);
        first.set(i, a);
        second.set(i, b);
    }
    Ok(Value::Agg(vec![Value::Lanes(first), Value::Lanes(second)]))
}

/// `addc(a, b) = {carry, sum}`: unsigned add; the carry (0 or 1) is field 0.
fn addc(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_pair(call, 2, |x| {
        let sum = x[0] as u128 + x[1] as u128;
        ((sum >> w) as u64, sum as u64)
    })
}

/// `subb(a, b) = {borrow, a - b}`: unsigned subtract; the borrow is `a < b`.
fn subb(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_pair(call, 2, |x| ((x[0] < x[1]) as u64, x[0].wrapping_sub(x[1])))
}

/// `add3c(a, b, c) = {overflow, a + b + c}`: unsigned three-input add and its overflow flag.
fn add3c(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_pair(call, 3, |x| {
        let sum = x[0] as u128 + x[1] as u128 + x[2] as u128;
        (((sum >> w) != 0) as u64, sum as u64)
    })
}

// ---- multiply ----------------------------------------------------------------------------------------------------

/// `xymul(a, b) = a * b` into the result type, a read with signedness x and b with y.
fn mul<const S0: bool, const S1: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 2, |x| Some(wrap(int(x[0], w, S0).wrapping_mul(int(x[1], w, S1)))))
}

fn mul_sat<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 2, |x| Some(clamp(int(x[0], w, OS).saturating_mul(int(x[1], w, OS)), rw, RS)))
}

/// `xymad(a, b, c) = a * b + c`, wrapping; a read with signedness x, b with y.
fn mad<const S0: bool, const S1: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 3, |x| Some(wrap(int(x[0], w, S0).wrapping_mul(int(x[1], w, S1)).wrapping_add(x[2] as i128))))
}

fn mad_sat<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 3, |x| {
        let product = int(x[0], w, OS).saturating_mul(int(x[1], w, OS));
        Some(clamp(product.saturating_add(int(x[2], rw, OS)), rw, RS))
    })
}

/// The full product-sum `a * b + c` of `w`-bit operands as (low w bits, next w bits).
fn wide_mad(a: u64, b: u64, c: u64, w: u32, signed: bool) -> (u64, u64) {
    if signed {
        let v = int(a, w, true) * int(b, w, true) + int(c, w, true);
        (v as u64 & mask(w), (v >> w) as u64 & mask(w))
    } else {
        // At most (2^64 - 1)^2 + 2^64 - 1 < 2^128.
        let v = (a as u128) * (b as u128) + c as u128;
        (v as u64 & mask(w), (v >> w) as u64 & mask(w))
    }
}

/// `xmulh(a, b)`: the high half of the full product of two `w`-bit operands.
fn mulh<const SIGNED: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 2, |x| {
        let (_, hi) = wide_mad(x[0], x[1], 0, w, SIGNED);
        Some(if SIGNED { sign_extend(hi, w) as u64 } else { hi })
    })
}

/// `xmadw(a, b, c)`: the full `a * b + c` of N lanes, low halves in result elements `0..N`, high halves in
/// `len/2 .. len/2 + N`.
fn madw<const SIGNED: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, len) = int_result(call)?;
    let n = lanes(call, 0)?.len();
    if 2 * n > len {
        return Err(Fault::Undefined(format!(
            "{}: {n} operand lanes need {} result elements, the result has {len}",
            call.name,
            2 * n
        )));
    }
    let w = width(call, 0)?;
    let operands: Vec<&Lanes> = (0..3).map(|i| int_operand(call, i, n)).collect::<Result<_, _>>()?;
    let mut out = Lanes::undef(elem, len);
    for i in 0..n {
        if operands.iter().any(|l| l.undef[i]) {
            continue;
        }
        let (lo, hi) = wide_mad(operands[0].bits[i], operands[1].bits[i], operands[2].bits[i], w, SIGNED);
        out.set(i, lo);
        out.set(len / 2 + i, hi);
    }
    Ok(Value::Lanes(out))
}

/// `ximad(a, b, c) = {hi, lo}` of the full `a * b + c`.
fn imad<const SIGNED: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_pair(call, 3, |x| {
        let (lo, hi) = wide_mad(x[0], x[1], x[2], w, SIGNED);
        (hi, lo)
    })
}

// ---- average -----------------------------------------------------------------------------------------------------

/// `(a + b + 1) >> 1` on exact values: rounds half up (toward +∞), so avg(-1, -2) = -1 and avg(-1, 0) = 0.
fn average(a: u64, b: u64, w: u32, signed: bool) -> i128 {
    (int(a, w, signed) + int(b, w, signed) + 1) >> 1
}

fn avg<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 2, |x| Some(wrap(average(x[0], x[1], w, OS))))
}

fn avg_sat<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 2, |x| Some(clamp(average(x[0], x[1], w, OS), rw, RS)))
}

// ---- shifts and rotates --------------------------------------------------------------------------------------------

/// `a << (count & mask)` on the exact value of `a`; the mask keeps 5 bits, 6 for a 64-bit result.
fn shifted(a: u64, count: u64, w: u32, rw: u32, signed: bool) -> i128 {
    let count = count & if rw == 64 { 63 } else { 31 };
    int(a, w, signed) << count
}

fn shl<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 2, |x| Some(wrap(shifted(x[0], x[1], w, rw, OS))))
}

/// Saturating shift; below 64-bit results, a shifted value beyond 33 bits is undefined by vISA (undef lane):
/// signed values must lie in [-2^32, 2^32), unsigned ones below 2^33.
fn shl_sat<const RS: bool, const OS: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 2, |x| {
        let v = shifted(x[0], x[1], w, rw, OS);
        let fits = if OS { (-(1i128 << 32)..1i128 << 32).contains(&v) } else { v < 1i128 << 33 };
        (rw == 64 || fits).then(|| clamp(v, rw, RS))
    })
}

/// `rol`/`ror` at the operand's width, by `count & (bits - 1)`.
fn rotate<const LEFT: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 2, |x| {
        let s = (x[1] % w as u64) as u32;
        let v = x[0] & mask(w);
        if s == 0 {
            return Some(v);
        }
        let (left, right) = if LEFT { (s, w - s) } else { (w - s, s) };
        Some(((v << left) | (v >> right)) & mask(w))
    })
}

// ---- min/max -----------------------------------------------------------------------------------------------------

fn minmax<const SIGNED: bool, const MAX: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 2, |x| {
        let (a, b) = (int(x[0], w, SIGNED), int(x[1], w, SIGNED));
        Some(wrap(if MAX { a.max(b) } else { a.min(b) }))
    })
}

// ---- bit operations ----------------------------------------------------------------------------------------------

/// `bfn(a, b, c, f)`: each result bit is bit `a + 2b + 4c` of the truth table `f` (a constant i8).
fn bfn(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    let table = scalar(call, 3)? & 0xff;
    map_int(call, 3, |x| {
        let mut out = 0u64;
        for k in 0..8 {
            if table >> k & 1 != 0 {
                let pick = |v: u64, bit: u64| if k & bit != 0 { v } else { !v };
                out |= pick(x[0], 1) & pick(x[1], 2) & pick(x[2], 4);
            }
        }
        Some(out & mask(w))
    })
}

fn bfrev(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    require_dwords(call, 0)?;
    map_int(call, 1, |x| Some((x[0] as u32).reverse_bits() as u64))
}

/// `cbit`: number of set bits of the operand, into the result type.
fn cbit(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    map_int(call, 1, |x| Some(x[0].count_ones() as u64))
}

/// `ufbh`: leading zeros; `sfbh`: leading copies of the sign bit. 0 (and -1 for sfbh) give all ones.
fn fbh<const SIGNED: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    require_dwords(call, 0)?;
    map_int(call, 1, |x| {
        let v = x[0] as u32;
        Some(match (SIGNED, v) {
            (_, 0) | (true, u32::MAX) => u32::MAX as u64,
            (true, _) if v >> 31 == 1 => (!v).leading_zeros() as u64,
            _ => v.leading_zeros() as u64,
        })
    })
}

/// `fbl`: trailing zeros; 0 gives all ones.
fn fbl(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    require_dwords(call, 0)?;
    map_int(call, 1, |x| Some(if x[0] == 0 { u32::MAX as u64 } else { x[0].trailing_zeros() as u64 }))
}

/// `lzd`: leading zeros at the operand's width (the width itself for 0).
fn lzd(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let w = width(call, 0)?;
    map_int(call, 1, |x| Some((x[0].leading_zeros() - (64 - w)) as u64))
}

/// `bfi(width, offset, insert, base)`: `mask = ((1 << width) - 1) << offset` (both & 0x1F),
/// `((insert << offset) & mask) | (base & !mask)`.
fn bfi(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    require_dwords(call, 0)?;
    map_int(call, 4, |x| {
        let (width, offset) = (x[0] & 0x1f, x[1] & 0x1f);
        let field = ((1u64 << width) - 1) << offset & 0xffff_ffff;
        Some(((x[2] << offset) & field) | (x[3] & !field))
    })
}

/// `xbfe(width, offset, value)`: bits `offset .. offset + width` of value (both & 0x1F, cut at bit 31),
/// sign-extended for sbfe, zero-extended for ubfe; width 0 gives 0.
fn bfe<const SIGNED: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    require_dwords(call, 0)?;
    map_int(call, 3, |x| {
        let (width, offset) = ((x[0] & 0x1f) as u32, (x[1] & 0x1f) as u32);
        if width == 0 {
            return Some(0);
        }
        let field = (int(x[2], 32, SIGNED) >> offset) as u64 & mask(width);
        Some(if SIGNED { sign_extend(field, width) as u64 } else { field })
    })
}

// ---- byte dot products and sums of absolute differences ----------------------------------------------------------

/// Byte `k` of a lane, signed or unsigned.
fn byte(bits: u64, k: u32, signed: bool) -> i128 {
    int(bits >> (8 * k) & 0xff, 8, signed)
}

/// `xydp4a(acc, a, b) = acc + Σ_k a.byte[k] * b.byte[k]` over the four bytes of each lane's low dword;
/// acc and the bytes read with signedness y.
fn dp4a<const RS: bool, const OS: bool, const SAT: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (w, rw) = (width(call, 0)?, result_width(call)?);
    map_int(call, 3, |x| {
        let dot: i128 = (0..4).map(|k| byte(x[1], k, OS) * byte(x[2], k, OS)).sum();
        Some(convert(int(x[0], w, OS) + dot, rw, RS, SAT))
    })
}

/// The pair sums `|a[2j] - b[2j]| + |a[2j+1] - b[2j+1]|` of two byte vectors, per even lane 2j.
fn pair_sad(call: &Call<'_>, signed: bool) -> Result<(Elem, Vec<Option<i128>>), Fault> {
    let (elem, n) = int_result(call)?;
    if n % 2 != 0 {
        return Err(Fault::Undefined(format!("{}: {n} lanes, sad2 works on pairs", call.name)));
    }
    let (a, b) = (int_operand(call, 0, n)?, int_operand(call, 1, n)?);
    let w = a.elem.bits();
    let diff = |i: usize| (int(a.bits[i], w, signed) - int(b.bits[i], w, signed)).abs();
    let sums = (0..n / 2)
        .map(|j| {
            let (i, k) = (2 * j, 2 * j + 1);
            (!(a.undef[i] || b.undef[i] || a.undef[k] || b.undef[k])).then(|| diff(i) + diff(k))
        })
        .collect();
    Ok((elem, sums))
}

/// `xsad2(a, b)`: pair sums in the even lanes; odd lanes are undefined.
fn sad2<const SIGNED: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, sums) = pair_sad(call, SIGNED)?;
    let mut out = Lanes::undef(elem, 2 * sums.len());
    for (j, sum) in sums.into_iter().enumerate() {
        if let Some(sum) = sum {
            out.set(2 * j, wrap(sum));
        }
    }
    Ok(Value::Lanes(out))
}

/// `xysad2add(a, b, acc)`: pair sums plus `acc` (read with signedness x) in the even lanes; odd lanes undefined.
fn sad2add<const RS: bool, const OS: bool, const SAT: bool>(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, sums) = pair_sad(call, OS)?;
    let acc = int_operand(call, 2, 2 * sums.len())?;
    let (aw, rw) = (acc.elem.bits(), elem.bits());
    let mut out = Lanes::undef(elem, 2 * sums.len());
    for (j, sum) in sums.into_iter().enumerate() {
        if let (Some(sum), false) = (sum, acc.undef[2 * j]) {
            out.set(2 * j, convert(sum + int(acc.bits[2 * j], aw, RS), rw, RS, SAT));
        }
    }
    Ok(Value::Lanes(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_wrap_or_clamp_the_exact_value() {
        assert_eq!(wrap(-1) & mask(8), 0xff);
        assert_eq!(clamp(300, 8, false), 255);
        assert_eq!(clamp(-300, 8, true) & mask(8), 0x80);
        assert_eq!(clamp(-5, 16, false), 0);
        assert_eq!(clamp(i128::MAX, 64, false), u64::MAX);
        assert_eq!(clamp(i128::MIN, 64, true), i64::MIN as u64);
    }

    #[test]
    fn wide_mad_gives_both_halves() {
        assert_eq!(wide_mad(u64::MAX, u64::MAX, u64::MAX, 64, false), (0, u64::MAX));
        // -1 * -1 + -1 = 0 (32-bit signed).
        assert_eq!(wide_mad(0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 32, true), (0, 0));
        // 0x80000000 * 2 + 0 (unsigned) = 2^32.
        assert_eq!(wide_mad(0x8000_0000, 2, 0, 32, false), (0, 1));
    }

    #[test]
    fn average_rounds_half_up() {
        assert_eq!(average(0xff, 0xfe, 8, true), -1); // (-1 + -2 + 1) >> 1
        assert_eq!(average(0xff, 0, 8, true), 0);
        assert_eq!(average(0xff, 0xff, 8, false), 255);
    }
}
