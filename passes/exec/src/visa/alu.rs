//! ALU, logic, conversion and math instructions of vISA, channel by channel.
//!
//! Sources: the instruction pages of intel/intel-graphics-compiler `documentation/visa/instructions/` (tag
//! igc-1.0.12504.6) and `2_datatypes.md` for conversions. Each channel reads its source elements (region,
//! indirect or immediate; `v`/`uv`/`vf` immediates unpacked), applies the source modifier, computes, and converts
//! to the destination type:
//! - Integers compute exactly (in `i128`, each source sign- or zero-extended by its own type) and the result is
//!   truncated to the destination type, or clamped to its range with `.sat`. Shifts take the count modulo the
//!   execution width (32, or 64 with a 64-bit source); `shr`/`asr`/`rol`/`ror` work on src0 extended to the
//!   execution width (the widest source). Division by zero is undefined (the trial is discarded).
//! - Floats: with any `df` source the operation is done in double, otherwise in single precision with IEEE
//!   round-to-nearest-even (`hf` sources widen exactly). `mad` is fused (one rounding), unless the thread's
//!   [`Thread::mad_rounds_twice`] is set (validation's second run, for IGC's contraction of `fmul` + `fadd`). `.sat` on a float
//!   destination clamps to [0, 1] (NaN → 0). Float → integer conversion rounds toward zero and saturates to the
//!   destination's range, NaN → 0; integer → float rounds to nearest even.
//! - Math (`inv sqrt rsqrt log exp sin cos pow`): hardware approximates these; they are computed here in double
//!   and rounded once, the same model as the IR executor's `llvm.genx.*` math intrinsics, so kernels compare
//!   exactly where hardware is deterministic and both levels agree on the approximation model.
//! - Logic instructions (`and or xor not`) read the negate modifier as bitwise not (`5_operands.md`).
//! - `min`/`max` on floats return the other operand when one is NaN; `cmp` with a NaN operand is false except
//!   `ne`. A `cmp` writing a general variable writes all ones (true) or zero per channel.
//! - `sel` writes every enabled channel: src0 where the predicate holds, src1 elsewhere. A predicated `sel` or a
//!   `mov` whose sources have the destination's type, without modifier or `.sat`, is a raw move ([`raw_move`]):
//!   it copies bits, so a float NaN keeps its encoding (a signalling NaN is not quieted), as LLVM's `select`
//!   and `bitcast` keep it.
//! - `addc`/`subb` (`ADDC.md`, `SUBB.md`): unsigned 32-bit sum/difference and the carry/borrow (0 or 1).
//! - `madw`: the 64-bit `src0 * src1 + src2` per channel; low halves at the destination, high halves starting at
//!   the next GRF boundary after `exec_size` dwords (IGC's layout; `MADW.md` is not in this tag's docs).
//! - `pln`/`line`: see [`plane`]; src0 (and `pln`'s src1) are read as consecutive elements, regions ignored.
//! - `dp2/dp3/dp4/dph`: per group of four channels, the dot product of the group's first 2/3/4 elements
//!   (`dph`: 3 plus src1's fourth), written to all four channels, computed in double and rounded once (the pages
//!   leave intermediate rounding open; this is the IR executor's model of `llvm.genx.dp*`).
//!
//! Undefined source elements give undefined results, except in the bitwise instructions ([`bitwise`]: `mov`,
//! `and`, `or`, `xor`, `not`, `shl`, `shr` whose sources and destination are integers of one size, without
//! `.sat`), which carry definedness bit by bit: a result bit is defined when the bits it depends on are
//! (`and` with a defined 0 and `or` with a defined 1 are defined whatever the other side; a shift's vacated bits
//! are defined zeros; an undefined shift count leaves nothing defined). A predicate moved into a general
//! register gives one bit per element, defined where the element is, and `setp` reads them back the same way.
//! A channel that is off (execution mask or predicate) is left unchanged. Not handled: denormal flushing, `%cr0` rounding modes, `bf`/`tf32` types.

use super::exec::Thread;
use super::program::*;
use crate::memory::Fault;

#[derive(Clone, Copy, Debug)]
enum Num {
    I(i128),
    F(f64),
}

/// The value of raw `bits` of type `ty`.
fn value(bits: u64, ty: VType) -> Num {
    match ty {
        VType::F | VType::VF => Num::F(f32::from_bits(bits as u32) as f64),
        VType::DF => Num::F(f64::from_bits(bits)),
        VType::HF => Num::F(crate::ops::to_f64(crate::value::Elem::Half, bits & 0xffff)),
        _ => {
            let width = ty.bits();
            let masked = if width >= 64 { bits } else { bits & ((1u64 << width) - 1) };
            if ty.is_signed() {
                Num::I(crate::value::sign_extend(masked, width) as i128)
            } else {
                Num::I(masked as i128)
            }
        }
    }
}

/// `vf` immediates: sign, 3-bit exponent (bias 3), 4-bit mantissa (`2_datatypes.md`).
pub(super) fn vf_to_f32(byte: u8) -> f32 {
    let sign = if byte & 0x80 != 0 { -1.0 } else { 1.0 };
    let exponent = ((byte >> 4) & 7) as i32;
    let mantissa = (byte & 0xf) as f32;
    if exponent == 0 && mantissa == 0.0 {
        return sign * 0.0;
    }
    if exponent == 0 {
        return sign * mantissa / 16.0 * 2f32.powi(-2);
    }
    sign * (1.0 + mantissa / 16.0) * 2f32.powi(exponent - 3)
}

fn as_f64(n: Num) -> f64 {
    match n {
        Num::I(i) => i as f64,
        Num::F(f) => f,
    }
}

fn as_int(n: Num) -> i128 {
    match n {
        Num::I(i) => i,
        Num::F(f) => {
            if f.is_nan() {
                0
            } else {
                f.trunc().clamp(i128::MIN as f64, i128::MAX as f64) as i128
            }
        }
    }
}

fn int_range(ty: VType) -> (i128, i128) {
    let bits = ty.bits();
    if ty.is_signed() {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

/// Converts a result to the raw bits of `dst`.
fn convert(n: Num, dst: VType, sat: bool) -> u64 {
    if dst.is_float() {
        let mut x = as_f64(n);
        if sat {
            x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
        }
        return match dst {
            VType::DF => x.to_bits(),
            VType::HF => crate::ops::from_f64(crate::value::Elem::Half, x),
            _ => {
                // An integer beyond f64's precision rounds twice; vISA does not say otherwise.
                (x as f32).to_bits() as u64
            }
        };
    }
    let (lo, hi) = int_range(dst);
    let i = match n {
        Num::I(i) if sat => i.clamp(lo, hi),
        Num::I(i) => i,
        Num::F(_) => as_int(n).clamp(lo, hi),
    };
    let bits = dst.bits();
    (i as u64) & if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

fn modify(n: Num, m: Modifier, logic: bool) -> Num {
    match (n, m) {
        (_, Modifier::None) => n,
        (Num::I(i), Modifier::Neg) if logic => Num::I(!i),
        (Num::I(i), Modifier::Neg) => Num::I(-i),
        (Num::I(i), Modifier::Abs) => Num::I(i.abs()),
        (Num::I(i), Modifier::NegAbs) => Num::I(-i.abs()),
        (Num::F(f), Modifier::Neg) => Num::F(-f),
        (Num::F(f), Modifier::Abs) => Num::F(f.abs()),
        (Num::F(f), Modifier::NegAbs) => Num::F(-f.abs()),
    }
}

/// Precision of a float operation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prec {
    Single,
    Double,
}

fn round(p: Prec, x: f64) -> f64 {
    match p {
        Prec::Single => x as f32 as f64,
        Prec::Double => x,
    }
}

pub(super) fn execute(t: &mut Thread<'_>, inst: &Inst) -> Result<(), Fault> {
    match &inst.op {
        Op::Alu { op, sat, dst, srcs } => alu(t, inst, *op, *sat, dst, srcs),
        Op::Carry { borrow, dst, carry, a, b } => {
            let on = t.enabled(inst)?;
            let mut out = Vec::new();
            for (i, &enabled) in on.iter().enumerate() {
                if !enabled {
                    continue;
                }
                let (x, y) = (t.src_lane(a, i)?, t.src_lane(b, i)?);
                let r = match (x, y) {
                    (Some(x), Some(y)) => {
                        let (x, y) = (x as u32 as u64, y as u32 as u64);
                        if *borrow {
                            Some((x.wrapping_sub(y) & 0xffff_ffff, (x < y) as u64))
                        } else {
                            Some(((x + y) & 0xffff_ffff, (x + y) >> 32))
                        }
                    }
                    _ => None,
                };
                out.push((i, r));
            }
            for (i, r) in out {
                t.dst_write(dst, i, r.map(|r| convert(Num::I(r.0 as i128), dst.ty(), false)))?;
                t.dst_write(carry, i, r.map(|r| convert(Num::I(r.1 as i128), carry.ty(), false)))?;
            }
            Ok(())
        }
        Op::Madw { dst, srcs } => {
            let on = t.enabled(inst)?;
            let n = inst.exec.size as usize;
            let grf = t.kernel.grf_bytes as usize;
            // The high halves start at the next GRF after n dwords: element offset in dwords.
            let high_at = (n * 4).div_ceil(grf) * grf / 4;
            let mut out = Vec::new();
            for (i, &enabled) in on.iter().enumerate() {
                if !enabled {
                    continue;
                }
                let mut v = [0i128; 3];
                let mut defined = true;
                for (k, s) in srcs.iter().enumerate() {
                    match t.src_lane(s, i)? {
                        Some(bits) => v[k] = as_int(modify(value(bits, Thread::lane_type(s)), s.modifier(), false)),
                        None => defined = false,
                    }
                }
                let r = defined.then(|| (v[0] * v[1] + v[2]) as u64);
                out.push((i, r));
            }
            for (i, r) in out {
                t.dst_write(dst, i, r.map(|r| r & 0xffff_ffff))?;
                t.dst_write(dst, i + high_at, r.map(|r| r >> 32))?;
            }
            Ok(())
        }
        Op::MovsIndex { dst, state } => {
            let index = t.bti(*state)?;
            t.dst_write(dst, 0, Some(index as u64))?;
            Ok(())
        }
        Op::Movs { dst, src } => {
            let v = t.src_lane(src, 0)?;
            t.set_surface(*dst, v.map(|v| v as u32));
            Ok(())
        }
        Op::Setp { dst, src } => {
            // Element i from bit i of a scalar, or bit 0 of element i; defined where that bit is.
            let n = inst.exec.size as usize;
            let scalar = match src {
                Src::Imm { .. } => true,
                Src::Direct { vs: 0, w: 1, hs: 0, .. } => true,
                _ => false,
            };
            let whole = if scalar { t.src_lane_bits(src, 0)? } else { (0, 0) };
            for i in 0..n {
                if !t.mask_on(inst.exec, i) {
                    continue;
                }
                let (bits, defined) = if scalar { (whole.0 >> i, whole.1 >> i) } else { t.src_lane_bits(src, i)? };
                t.set_pred(*dst, i, (defined & 1 != 0).then_some(bits & 1 != 0))?;
            }
            Ok(())
        }
        Op::AddrAdd { dst, a, b } => {
            let Dst::Addr { var, elem } = dst else { return Err(Fault::Other("addr_add needs an address destination".into())) };
            for i in 0..inst.exec.size as usize {
                if !t.mask_on(inst.exec, i) {
                    continue;
                }
                let (root, offset) = t.address_src(a, i)?;
                let add = t.src_lane(b, i)?.map(|bits| as_int(value(bits, Thread::lane_type(b))));
                let result = add.map(|add| (root, address_word(offset + add as i64)));
                t.set_address(*var, *elem as usize + i, result)?;
            }
            Ok(())
        }
        _ => Err(Fault::Other("not an ALU instruction".to_string())),
    }
}

/// An address element's byte offset from its root, as the 16-bit address register holds it.
///
/// `ADDR_ADD.md`: the sum is "just adding two integers representing GRF byte offsets" into an address element
/// (a `uw` subregister of `a0`), so it wraps at 16 bits: `&V + (uw)(-40)` is `&V - 40`, and an operand
/// `r[A(0),72]` then reads byte 32 of `V` (IGC splits any constant addend off an index, `GenXBaling::getIndexAdd`,
/// so a negative variable part with a positive constant is an ordinary address). A root is at most a few
/// kilobytes, far inside the signed 16-bit range, so the offset is kept as that range's representative.
fn address_word(offset: i64) -> i64 {
    offset as i16 as i64
}

/// The most sources an ALU instruction has (`bfi`).
const MAX_SOURCES: usize = 4;

fn alu(t: &mut Thread<'_>, inst: &Inst, op: AluOp, sat: bool, dst: &Dst, srcs: &[Src]) -> Result<(), Fault> {
    if matches!(op, AluOp::Line | AluOp::Plane) {
        return plane(t, inst, op, sat, dst, srcs);
    }
    let n = inst.exec.size as usize;
    let logic = matches!(op, AluOp::And | AluOp::Or | AluOp::Xor | AluOp::Not);
    // Which channels run: `sel` uses its predicate to choose, not to enable.
    let (on, unknown): (Vec<bool>, Vec<bool>) = if op == AluOp::Sel {
        ((0..n).map(|i| t.mask_on(inst.exec, i)).collect(), vec![false; n])
    } else {
        t.enabled_or_unknown(inst)?
    };
    if srcs.len() > MAX_SOURCES {
        return Err(Fault::Other(format!("{op:?} with {} sources", srcs.len())));
    }
    let mut types = [VType::D; MAX_SOURCES];
    for (k, s) in srcs.iter().enumerate() {
        types[k] = Thread::lane_type(s);
    }
    if bitwise(t, op, sat, dst, srcs, &on)? {
        return Ok(());
    }
    // MOV.md: a predicate moved at execution size 1 into a general register is its elements as an unsigned
    // integer, element 0 in the low bit (here, into a float or with `.sat`: undefined if any element is).
    let predicate_bits = match (op, n, srcs.first(), dst) {
        (AluOp::Mov, 1, Some(Src::Pred { var }), Dst::Direct { .. } | Dst::Indirect { .. }) => {
            let (bits, defined) = predicate_word(t, *var)?;
            types[0] = VType::UQ;
            Some((defined == u64::MAX).then_some(bits))
        }
        _ => None,
    };
    let types = &types[..srcs.len()];
    let any_float = types.iter().any(|ty| ty.is_float());
    let prec = if types.contains(&VType::DF) || (!any_float && dst.ty() == VType::DF) { Prec::Double } else { Prec::Single };
    let exec_bits = types.iter().map(|ty| ty.bits()).max().unwrap_or(32).max(if op == AluOp::Mov { 0 } else { 8 });
    // Every source element of every channel, read before any write (a destination may overlap a source); kept
    // on the stack, as this is the executor's innermost loop.
    let mut lanes = [[None::<Num>; 32]; MAX_SOURCES];
    let dot_product = matches!(op, AluOp::Dp2 | AluOp::Dp3 | AluOp::Dp4 | AluOp::Dph);
    for (k, s) in srcs.iter().enumerate() {
        for i in 0..n {
            if on[i] || dot_product {
                lanes[k][i] = match predicate_bits {
                    Some(bits) => bits.map(|bits| value(bits, VType::UQ)),
                    None => t.src_lane(s, i)?.map(|bits| modify(value(bits, types[k]), s.modifier(), logic)),
                };
            }
        }
    }
    let raw_select = op == AluOp::Sel && !sat && inst.pred.is_some() && raw_move(dst.ty(), srcs);
    let mut results = [(0usize, None::<u64>); 32];
    let mut count = 0;
    for i in 0..n {
        if !on[i] {
            continue;
        }
        if unknown[i] {
            results[count] = (i, None);
            count += 1;
            continue;
        }
        let r = if op == AluOp::Sel {
            let pick = match &inst.pred {
                Some(p) => match t.pred_value(p.var, i) {
                    Ok(b) => Some(if b != p.negate { 0 } else { 1 }),
                    Err(Fault::Undefined(_)) => None,
                    Err(other) => return Err(other),
                },
                None => Some(0),
            };
            match pick {
                Some(k) if raw_select => t.src_lane(&srcs[k], i)?,
                Some(k) => lanes[k][i].map(|v| convert(v, dst.ty(), sat)),
                None => None,
            }
        } else if let AluOp::Cmp(cond) = op {
            match (lanes[0][i], lanes[1][i]) {
                (Some(a), Some(b)) => {
                    let holds = compare(cond, a, b, any_float);
                    Some(if matches!(dst, Dst::Pred { .. }) { holds as u64 } else { convert(Num::I(-(holds as i128)), dst.ty(), false) })
                }
                _ => None,
            }
        } else if dot_product {
            dot(op, &lanes, i, prec).map(|v| convert(Num::F(v), dst.ty(), sat))
        } else {
            let mut args = [Num::I(0); MAX_SOURCES];
            let mut defined = true;
            for k in 0..srcs.len() {
                match lanes[k][i] {
                    Some(v) => args[k] = v,
                    None => defined = false,
                }
            }
            if defined {
                Some(convert(compute(op, &args[..srcs.len()], any_float, prec, exec_bits, types, t.mad_rounds_twice)?, dst.ty(), sat))
            } else {
                None
            }
        };
        results[count] = (i, r);
        count += 1;
    }
    for &(i, r) in &results[..count] {
        t.dst_write(dst, i, r)?;
    }
    Ok(())
}

/// The low `n` bits set (all 64 for `n >= 64`).
fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// A predicate's elements as an integer, element 0 in the low bit, and the mask of its defined elements.
/// The bits above the last element are defined zeros.
fn predicate_word(t: &Thread<'_>, var: VarId) -> Result<(u64, u64), Fault> {
    let elems = t.kernel.var(var).elems.min(64);
    let (mut bits, mut defined) = (0u64, !low_bits(elems));
    for j in 0..elems as usize {
        match t.pred_value(var, j) {
            Ok(on) => {
                bits |= (on as u64) << j;
                defined |= 1 << j;
            }
            Err(Fault::Undefined(_)) => {}
            Err(other) => return Err(other),
        }
    }
    Ok((bits, defined))
}

/// Runs a bitwise instruction with definedness bit by bit (see the module note) and answers `true`, or
/// answers `false` without running anything when the instruction is not one (the caller runs it lane-whole).
/// Whether a `mov` or `sel` of `srcs` into a `dst_ty` destination (without `.sat`) is a raw move: every source
/// of the destination's type, without a modifier. A raw move copies bits, floats included: a NaN keeps its
/// encoding (a signalling NaN stays signalling), as LLVM's `select`, `bitcast` and loads do; converting through
/// a number would quiet it.
fn raw_move(dst_ty: VType, srcs: &[Src]) -> bool {
    !matches!(dst_ty, VType::Bool | VType::V | VType::UV | VType::VF)
        && srcs.iter().all(|s| s.ty() == dst_ty && s.modifier() == Modifier::None && !matches!(s, Src::Pred { .. }))
}

fn bitwise(t: &mut Thread<'_>, op: AluOp, sat: bool, dst: &Dst, srcs: &[Src], on: &[bool]) -> Result<bool, Fault> {
    let logic = matches!(op, AluOp::And | AluOp::Or | AluOp::Xor | AluOp::Not);
    if sat || !(logic || matches!(op, AluOp::Mov | AluOp::Shl | AluOp::Shr)) {
        return Ok(false);
    }
    let integer = |ty: VType| !ty.is_float() && !matches!(ty, VType::Bool | VType::V | VType::UV | VType::VF);
    let ty = dst.ty();
    let raw = op == AluOp::Mov && raw_move(ty, srcs);
    if !matches!(dst, Dst::Direct { .. } | Dst::Indirect { .. }) || !(integer(ty) || raw) {
        return Ok(false);
    }
    let predicate_move = op == AluOp::Mov && on.len() == 1 && matches!(srcs, [Src::Pred { .. }]);
    let same_size = srcs.iter().all(|s| {
        let modifier_ok = s.modifier() == Modifier::None || (logic && s.modifier() == Modifier::Neg);
        (integer(s.ty()) || raw) && s.ty().size() == ty.size() && modifier_ok
    });
    if !predicate_move && !same_size {
        return Ok(false);
    }
    let full = low_bits(ty.bits());
    let counts = if ty.bits() > 32 { 63 } else { 31 };
    let mut results = [(0usize, 0u64, 0u64); 32];
    let mut count = 0;
    for (i, _) in on.iter().enumerate().filter(|(_, &enabled)| enabled) {
        let read = |k: usize| -> Result<(u64, u64), Fault> {
            if let Src::Pred { var } = srcs[k] {
                return predicate_word(t, var);
            }
            let (bits, defined) = t.src_lane_bits(&srcs[k], i)?;
            Ok((if srcs[k].modifier() == Modifier::Neg { !bits } else { bits }, defined))
        };
        let (a, ma) = read(0)?;
        let (value, defined) = match op {
            AluOp::Mov => (a, ma),
            AluOp::Not => (!a, ma),
            AluOp::And | AluOp::Or | AluOp::Xor => {
                let (b, mb) = read(1)?;
                match op {
                    // A defined 0 decides an `and`, a defined 1 an `or`.
                    AluOp::And => (a & b, (ma & mb) | (ma & !a) | (mb & !b)),
                    AluOp::Or => (a | b, (ma & mb) | (ma & a) | (mb & b)),
                    _ => (a ^ b, ma & mb),
                }
            }
            _ => {
                let (b, mb) = read(1)?;
                if mb & counts != counts {
                    (0, 0)
                } else {
                    let c = (b & counts) as u32;
                    let vacated = full & !(if op == AluOp::Shl { full << c } else { full >> c });
                    if op == AluOp::Shl {
                        (((a as u128) << c) as u64, (((ma as u128) << c) as u64) | vacated)
                    } else {
                        ((a & full) >> c, ((ma & full) >> c) | vacated)
                    }
                }
            }
        };
        results[count] = (i, value & full, defined & full);
        count += 1;
    }
    for &(i, value, defined) in &results[..count] {
        t.dst_write_bits(dst, i, value, defined)?;
    }
    Ok(true)
}

/// `src` with its region replaced by consecutive elements from its origin (`pln` and `line` ignore the region
/// parameters of the sources they read as blocks).
fn consecutive(src: &Src) -> Src {
    let mut out = src.clone();
    if let Src::Direct { vs, w, hs, .. } | Src::Indirect { vs, w, hs, .. } = &mut out {
        (*vs, *w, *hs) = (1, 1, 0);
    }
    if let Src::Indirect { multi, .. } = &mut out {
        *multi = false;
    }
    out
}

/// `pln` (`PLN.md`): `dst[i] = p0 * u[i] + p1 * v[i] + p3`, with p0, p1, p3 elements 0, 1 and 3 of src0, and
/// u, v from src1's consecutive elements: channel i < 8 reads u at i and v at 8 + i, channel 8 + j reads u at
/// 16 + j and v at 24 + j. `line`: `dst[i] = p0 * src1[i] + p3` (src1 through its region). Both are computed in
/// double and rounded once (hardware rounds after each step; this is the IR executor's model of
/// `llvm.genx.pln`/`line`, so the levels compare exactly).
fn plane(t: &mut Thread<'_>, inst: &Inst, op: AluOp, sat: bool, dst: &Dst, srcs: &[Src]) -> Result<(), Fault> {
    let [p, uv] = srcs else { return Err(Fault::Other(format!("{op:?} takes 2 sources, found {}", srcs.len()))) };
    let on = t.enabled(inst)?;
    let block = consecutive(p);
    let read = |s: &Src, k: usize| -> Result<Option<f64>, Fault> {
        Ok(t.src_lane(s, k)?.map(|bits| as_f64(modify(value(bits, Thread::lane_type(s)), s.modifier(), false))))
    };
    let (p0, p1, p3) = (read(&block, 0)?, read(&block, 1)?, read(&block, 3)?);
    let uv_block = consecutive(uv);
    let mut results = Vec::with_capacity(on.len());
    for (i, &enabled) in on.iter().enumerate() {
        if !enabled {
            continue;
        }
        let value = if op == AluOp::Plane {
            let (u, v) = (16 * (i / 8) + i % 8, 16 * (i / 8) + 8 + i % 8);
            match (p0, p1, p3, read(&uv_block, u)?, read(&uv_block, v)?) {
                (Some(p0), Some(p1), Some(p3), Some(u), Some(v)) => Some(p0 * u + p1 * v + p3),
                _ => None,
            }
        } else {
            match (p0, p3, read(uv, i)?) {
                (Some(p0), Some(p3), Some(x)) => Some(p0 * x + p3),
                _ => None,
            }
        };
        results.push((i, value.map(|x| convert(Num::F(x), dst.ty(), sat))));
    }
    for (i, r) in results {
        t.dst_write(dst, i, r)?;
    }
    Ok(())
}

fn compare(cond: Cond, a: Num, b: Num, float: bool) -> bool {
    if float {
        holds(cond, as_f64(a), as_f64(b))
    } else {
        holds(cond, as_int(a), as_int(b))
    }
}

/// `x <cond> y` (false for unordered floats, except `ne`).
fn holds<T: PartialOrd>(cond: Cond, x: T, y: T) -> bool {
    match cond {
        Cond::Eq => x == y,
        Cond::Ne => x != y,
        Cond::Gt => x > y,
        Cond::Ge => x >= y,
        Cond::Lt => x < y,
        Cond::Le => x <= y,
    }
}

fn dot(op: AluOp, lanes: &[[Option<Num>; 32]], i: usize, prec: Prec) -> Option<f64> {
    let group = i / 4 * 4;
    let count = match op {
        AluOp::Dp2 => 2,
        AluOp::Dp3 | AluOp::Dph => 3,
        _ => 4,
    };
    let mut sum = 0.0;
    for k in 0..count {
        let a = as_f64(lanes[0].get(group + k).copied().flatten()?);
        let b = as_f64(lanes[1].get(group + k).copied().flatten()?);
        sum += a * b;
    }
    if op == AluOp::Dph {
        sum += as_f64(lanes[1].get(group + 3).copied().flatten()?);
    }
    Some(round(prec, sum))
}

fn f_op(prec: Prec, args: &[Num], f: impl Fn(&[f64]) -> f64) -> Num {
    let x: Vec<f64> = args.iter().map(|&a| as_f64(a)).collect();
    Num::F(round(prec, f(&x)))
}

#[allow(clippy::too_many_arguments)]
fn compute(op: AluOp, args: &[Num], float: bool, prec: Prec, exec_bits: u32, types: &[VType], mad_rounds_twice: bool) -> Result<Num, Fault> {
    let int = |k: usize| as_int(args[k]);
    if float {
        let single = prec == Prec::Single;
        return Ok(match op {
            AluOp::Mov => args[0],
            AluOp::Add => f_op(prec, args, |x| if single { (x[0] as f32 + x[1] as f32) as f64 } else { x[0] + x[1] }),
            AluOp::Mul => f_op(prec, args, |x| if single { (x[0] as f32 * x[1] as f32) as f64 } else { x[0] * x[1] }),
            AluOp::Mad if mad_rounds_twice => f_op(prec, args, |x| round(prec, round(prec, x[0] * x[1]) + x[2])),
            AluOp::Mad => f_op(prec, args, |x| {
                if single {
                    (x[0] as f32).mul_add(x[1] as f32, x[2] as f32) as f64
                } else {
                    x[0].mul_add(x[1], x[2])
                }
            }),
            AluOp::Div => f_op(prec, args, |x| x[0] / x[1]),
            AluOp::Min | AluOp::Max => {
                let (a, b) = (as_f64(args[0]), as_f64(args[1]));
                let pick = if a.is_nan() {
                    b
                } else if b.is_nan() {
                    a
                } else if (op == AluOp::Min) == (a < b) {
                    a
                } else {
                    b
                };
                Num::F(pick)
            }
            AluOp::Frc => f_op(prec, args, |x| x[0] - x[0].floor()),
            AluOp::Rndd => f_op(prec, args, |x| x[0].floor()),
            AluOp::Rndu => f_op(prec, args, |x| x[0].ceil()),
            AluOp::Rnde => f_op(prec, args, |x| x[0].round_ties_even()),
            AluOp::Rndz => f_op(prec, args, |x| x[0].trunc()),
            AluOp::Inv => f_op(prec, args, |x| 1.0 / x[0]),
            AluOp::Sqrt => f_op(prec, args, |x| x[0].sqrt()),
            AluOp::Rsqrt => f_op(prec, args, |x| 1.0 / x[0].sqrt()),
            AluOp::Log => f_op(prec, args, |x| x[0].log2()),
            AluOp::Exp => f_op(prec, args, |x| x[0].exp2()),
            AluOp::Sin => f_op(prec, args, |x| x[0].sin()),
            AluOp::Cos => f_op(prec, args, |x| x[0].cos()),
            AluOp::Pow => f_op(prec, args, |x| if x[0] < 0.0 { f64::NAN } else { x[0].powf(x[1]) }),
            AluOp::Lrp => f_op(prec, args, |x| x[1] * x[0] + x[2] * (1.0 - x[0])),
            _ => return Err(Fault::Unsupported(format!("{op:?} on floating-point operands"))),
        });
    }
    let width_mask = |bits: u32| if bits >= 128 { -1i128 } else { (1i128 << bits) - 1 };
    let count = |k: usize| (int(k) & if exec_bits > 32 { 63 } else { 31 }) as u32;
    let ty0 = types.first().copied().unwrap_or(VType::D);
    let w = exec_bits.max(ty0.bits());
    Ok(Num::I(match op {
        AluOp::Mov => int(0),
        AluOp::Add => int(0) + int(1),
        AluOp::Mul => int(0) * int(1),
        AluOp::Mad => int(0) * int(1) + int(2),
        AluOp::Mulh => (int(0) * int(1)) >> 32,
        AluOp::Avg => (int(0) + int(1) + 1) >> 1,
        AluOp::Div | AluOp::Mod => {
            if int(1) == 0 {
                return Err(Fault::Undefined("integer division by zero".to_string()));
            }
            if op == AluOp::Div {
                int(0) / int(1)
            } else {
                int(0) % int(1)
            }
        }
        AluOp::Min => int(0).min(int(1)),
        AluOp::Max => int(0).max(int(1)),
        AluOp::And => int(0) & int(1),
        AluOp::Or => int(0) | int(1),
        AluOp::Xor => int(0) ^ int(1),
        AluOp::Not => !int(0),
        AluOp::Shl => (int(0) & width_mask(w)) << count(1),
        AluOp::Shr => (int(0) & width_mask(w)) >> count(1),
        AluOp::Asr => {
            let x = int(0) & width_mask(w);
            let signed = if x >> (w - 1) & 1 == 1 && ty0.is_signed() { x - (1i128 << w) } else { x };
            signed >> count(1)
        }
        AluOp::Rol | AluOp::Ror => {
            let x = (int(0) & width_mask(w)) as u128;
            let c = count(1) % w;
            let (l, r) = if op == AluOp::Rol { (c, (w - c) % w) } else { ((w - c) % w, c) };
            (((x << l) | (x >> r)) & width_mask(w) as u128) as i128
        }
        AluOp::Fbh => {
            let x = int(0) as u32;
            if ty0.is_signed() {
                let flipped = if (x as i32) < 0 { !x } else { x };
                if flipped == 0 {
                    0xffff_ffff
                } else {
                    flipped.leading_zeros() as i128
                }
            } else if x == 0 {
                0xffff_ffff
            } else {
                x.leading_zeros() as i128
            }
        }
        AluOp::Fbl => {
            let x = int(0) as u32;
            if x == 0 {
                0xffff_ffff
            } else {
                x.trailing_zeros() as i128
            }
        }
        AluOp::Lzd => (int(0) as u32).leading_zeros() as i128,
        AluOp::Cbit => ((int(0) & width_mask(ty0.bits())) as u128).count_ones() as i128,
        AluOp::Bfrev => (int(0) as u32).reverse_bits() as i128,
        AluOp::Bfe => {
            let (width, offset) = ((int(0) & 31) as u32, (int(1) & 31) as u32);
            let x = int(2) as u32;
            let signed = types.get(2).is_some_and(|ty| ty.is_signed());
            if width == 0 {
                0
            } else if width + offset < 32 {
                let shifted = x << (32 - width - offset);
                if signed {
                    ((shifted as i32) >> (32 - width)) as i128
                } else {
                    (shifted >> (32 - width)) as i128
                }
            } else if signed {
                ((x as i32) >> offset) as i128
            } else {
                (x >> offset) as i128
            }
        }
        AluOp::Dp4a => {
            // DP4A.md: src0 + Σ_k src1.byte[k] * src2.byte[k], each source's bytes read with its own type's
            // signedness, the sum exact (32-bit precision cannot overflow: |Σ| < 2^18).
            let byte = |k: usize, b: u32| {
                let v = (int(k) >> (8 * b)) as u8;
                if types.get(k).is_some_and(|ty| ty.is_signed()) { v as i8 as i128 } else { v as i128 }
            };
            int(0) + (0..4).map(|b| byte(1, b) * byte(2, b)).sum::<i128>()
        }
        AluOp::Bfi => {
            let (width, offset) = ((int(0) & 31) as u32, (int(1) & 31) as u32);
            let mask = (((1u64 << width) - 1) << offset) as u32;
            let insert = ((int(2) as u32) << offset) & mask;
            (insert | (int(3) as u32 & !mask)) as i128
        }
        AluOp::Sel | AluOp::Cmp(_) | AluOp::Dp2 | AluOp::Dp3 | AluOp::Dp4 | AluOp::Dph => unreachable!("handled by alu"),
        other => return Err(Fault::Unsupported(format!("{other:?} on integer operands"))),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_round_and_saturate_as_visa_says() {
        assert_eq!(convert(Num::F(3.7), VType::D, false), 3);
        assert_eq!(convert(Num::F(-3.7), VType::D, false), (-3i64) as u64 & 0xffff_ffff);
        assert_eq!(convert(Num::F(1e10), VType::D, false), 0x7fff_ffff);
        assert_eq!(convert(Num::F(f64::NAN), VType::UB, false), 0);
        assert_eq!(convert(Num::F(-2.0), VType::UB, false), 0);
        assert_eq!(convert(Num::I(300), VType::UB, false), 300 & 0xff);
        assert_eq!(convert(Num::I(300), VType::UB, true), 255);
        assert_eq!(convert(Num::F(1.5), VType::F, true), 1f32.to_bits() as u64);
        assert_eq!(vf_to_f32(0x30), 1.0);
        assert_eq!(vf_to_f32(0xb8), -1.5);
    }
}
