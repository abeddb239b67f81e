//! `genx-mul-narrow`: a 32-bit multiply whose operand is proven to fit 16 bits takes that operand as 16 bits.
//!
//! # Why
//! Gen multiplies 32 by 16 bits in one instruction; a 32 by 32-bit multiply takes two (`mul` into the
//! accumulator and `mach`), and IGC uses the short form only when an operand is visibly narrow (a 16-bit
//! value extended, a small immediate, a local id, which it reads from 16-bit payload words). The index
//! arithmetic of CM kernels multiplies by the work group's size: `cm_linear_global_id()` is
//! `group * (LX*LY*LZ) + lx + LX*(ly + LY*lz)`, which IGC reassociates into a Horner form
//! `((group*LZ + lz)*LY + ly)*LX + lx`, five 32x32 multiplies (15 instructions with the adds) in every kernel
//! that numbers its threads. A local size is at most 1024, so three of the five can be one instruction each.
//!
//! # What
//! For every `mul` of `i32` (scalar or vector) whose operands are both not already narrow in IGC's eyes (see
//! below), the unsigned range of each operand is computed; when one operand's range lies in `[0, 65535]`, it is
//! replaced by `zext(trunc x to i16)` (the other operand first when both qualify). *Already narrow*: an
//! extension from at most 16 bits, a constant whose lanes are in `[-32768, 65535]` (an immediate), or an element
//! of `llvm.genx.local.id`/`local.id16` (a payload word; narrowing it again costs IGC a move).
//!
//! Ranges (`range_of`, intervals of unsigned values, also asked by genx-legalize through `known_non_negative`, lane-wise union for vectors, up to `DEPTH` operations deep):
//! constants; `zext`; `sext` and `trunc` of a value that fits; `and` (at most the smaller operand), `or`/`xor`
//! (at most the larger operand's bits set), `lshr`/`udiv`/`urem` by constants, `add`/`mul`/`shl` by a constant
//! when no lane can wrap; `sub` when no lane can go below zero, and `x - (x & m)` (which is `x & !m`); `select`; `extractelement`, `insertelement`, `shufflevector` and `rdregion` (the union
//! of the vectors read); and the thread environment: every element of `llvm.genx.local.size` is in
//! `[1, MAX_GROUP_THREADS]`, of `llvm.genx.local.id`/`local.id16` in `[0, MAX_GROUP_THREADS - 1]`
//! ([`crate::platform::MAX_GROUP_THREADS`], 1024: the hardware's largest group). Anything else is the whole type.
//!
//! # Proof of exactness
//! Each rule gives an interval holding every value the instruction can produce (for defined inputs): an
//! extension keeps the value; `and` cannot exceed either operand, `or`/`xor` cannot set a bit above the larger
//! operand's top bit; a shift right or division by `c` maps `[lo, hi]` monotonically; `x urem c < c`; a sum or
//! product whose largest value fits the type is the exact sum or product of values in the intervals, and so is a
//! difference whose smallest value is not negative; `x - (x & m)` subtracts a subset of the bits of `x`, so it
//! is `x & !m`, at most `x` and at most `!m`; a select,
//! an element read or a region read yields one of the values it reads; the thread environment's values are
//! bounded by the hardware's dispatch, which the executor enforces (`cmc validate` draws thread ids from every
//! grid it allows on half its trials). When `x` lies in `[0, 65535]`, `zext(trunc x to i16) = x`, so the
//! multiply computes the same product modulo `2^32`. An undefined lane may become a different arbitrary value
//! (a refinement). The tests check it by translation validation (`%validate`).
//!
//! # Not handled
//! Operands proven to fit only as signed 16-bit values (a `sext` form would serve), multiplies of other widths,
//! phis (their range would need a fixed point), ranges from branch conditions or `assume`, and group ids and
//! counts (32-bit on the hardware: no bound).

use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::{self, Writer};
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::platform::MAX_GROUP_THREADS;
use crate::region_ir;

/// How many operations deep a range is followed (beyond, a value may be anything).
const DEPTH: u32 = 8;

/// The largest value a narrowed operand may have.
const U16_MAX: u64 = 0xFFFF;

/// A closed interval of unsigned values of an integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    lo: u64,
    hi: u64,
}

impl Range {
    /// Every value of `bits` bits.
    fn full(bits: u32) -> Range {
        Range { lo: 0, hi: max_of(bits) }
    }

    fn union(self, other: Range) -> Range {
        Range { lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }
}

/// The largest unsigned value of `bits` bits.
fn max_of(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The smallest all-ones value at least `x` (`2^k - 1`).
fn ones_covering(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        u64::MAX >> x.leading_zeros()
    }
}

/// The lanes of an integer constant (scalar or vector) as unsigned values of `bits` bits.
fn constant_lanes(value: LLVMValueRef, bits: u32) -> Option<Vec<u64>> {
    if !ir::is_plain_constant(value) {
        return None;
    }
    let lanes = ir::const_int(value).map(|c| vec![c]).or_else(|| ir::const_int_vector(value))?;
    Some(lanes.into_iter().map(|c| c as u64 & max_of(bits)).collect())
}

/// The range of a constant's lanes.
fn constant_range(value: LLVMValueRef, bits: u32) -> Option<Range> {
    let lanes = constant_lanes(value, bits)?;
    Some(Range { lo: *lanes.iter().min()?, hi: *lanes.iter().max()? })
}

/// Whether `value` is an element (or a region) of the thread's local ids: IGC reads them from 16-bit words.
fn is_local_id_element(value: LLVMValueRef) -> bool {
    let vector = match ir::opcode(value) {
        Some(LLVMOpcode::LLVMExtractElement) => ir::operand(value, 0),
        _ if region_ir::is_rdregion(value) => ir::call_arg(value, 0),
        _ => return false,
    };
    matches!(region_ir::genx_base_name(vector), Some("llvm.genx.local.id" | "llvm.genx.local.id16"))
}

/// Whether IGC already multiplies by `value` as a 16-bit operand.
fn already_narrow(value: LLVMValueRef) -> bool {
    if let Some(lanes) = ir::const_int(value).map(|c| vec![c]).or_else(|| ir::const_int_vector(value)) {
        return ir::is_plain_constant(value) && lanes.iter().all(|&c| (-32768..=65535).contains(&c));
    }
    match ir::opcode(value) {
        Some(LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt) => {
            ir::int_element_bits(ir::type_of(ir::operand(value, 0))).is_some_and(|bits| bits <= 16)
        }
        _ => is_local_id_element(value),
    }
}

/// The range of the thread-environment vector `value` is read from, if it is one.
fn environment_range(vector: LLVMValueRef) -> Option<Range> {
    match region_ir::genx_base_name(vector)? {
        "llvm.genx.local.size" => Some(Range { lo: 1, hi: MAX_GROUP_THREADS as u64 }),
        "llvm.genx.local.id" | "llvm.genx.local.id16" => Some(Range { lo: 0, hi: MAX_GROUP_THREADS as u64 - 1 }),
        _ => None,
    }
}

/// The unsigned range of the integer `value` (every lane's), following at most `depth` operations.
fn range_of(value: LLVMValueRef, depth: u32) -> Range {
    let Some(bits) = ir::int_element_bits(ir::type_of(value)) else {
        return Range::full(64);
    };
    let full = Range::full(bits);
    if let Some(range) = constant_range(value, bits) {
        return range;
    }
    if depth == 0 {
        return full;
    }
    let d = depth - 1;
    let max = max_of(bits);
    let operand = |i: u32| ir::operand(value, i);
    let shift_amounts = |amount: LLVMValueRef| -> Option<(u64, u64)> {
        let lanes = constant_lanes(amount, bits)?;
        let (lo, hi) = (*lanes.iter().min()?, *lanes.iter().max()?);
        (hi < bits as u64).then_some((lo, hi))
    };
    use LLVMOpcode::*;
    let range = match ir::opcode(value) {
        Some(LLVMZExt) => range_of(operand(0), d),
        Some(LLVMSExt) => {
            let source_bits = ir::int_element_bits(ir::type_of(operand(0))).unwrap_or(64);
            let r = range_of(operand(0), d);
            if r.hi <= max_of(source_bits) >> 1 {
                r
            } else {
                full
            }
        }
        Some(LLVMTrunc) => {
            let r = range_of(operand(0), d);
            if r.hi <= max {
                r
            } else {
                full
            }
        }
        Some(LLVMAnd) => {
            let (a, b) = (range_of(operand(0), d), range_of(operand(1), d));
            Range { lo: 0, hi: a.hi.min(b.hi) }
        }
        Some(LLVMOr) => {
            let (a, b) = (range_of(operand(0), d), range_of(operand(1), d));
            Range { lo: a.lo.max(b.lo), hi: ones_covering(a.hi.max(b.hi)) }
        }
        Some(LLVMXor) => {
            let (a, b) = (range_of(operand(0), d), range_of(operand(1), d));
            Range { lo: 0, hi: ones_covering(a.hi.max(b.hi)) }
        }
        Some(LLVMLShr) => match shift_amounts(operand(1)) {
            Some((lo_shift, hi_shift)) => {
                let r = range_of(operand(0), d);
                Range { lo: r.lo >> hi_shift, hi: r.hi >> lo_shift }
            }
            None => full,
        },
        Some(LLVMUDiv) => match constant_range(operand(1), bits) {
            Some(c) if c.lo > 0 => {
                let r = range_of(operand(0), d);
                Range { lo: r.lo / c.hi, hi: r.hi / c.lo }
            }
            _ => full,
        },
        Some(LLVMURem) => match constant_range(operand(1), bits) {
            Some(c) if c.lo > 0 => Range { lo: 0, hi: range_of(operand(0), d).hi.min(c.hi - 1) },
            _ => full,
        },
        Some(LLVMAdd) => {
            let (a, b) = (range_of(operand(0), d), range_of(operand(1), d));
            match a.hi.checked_add(b.hi) {
                Some(hi) if hi <= max => Range { lo: a.lo + b.lo, hi },
                _ => full,
            }
        }
        Some(LLVMSub) => sub_range(operand(0), operand(1), bits, d),
        Some(LLVMMul) => {
            let (a, b) = (range_of(operand(0), d), range_of(operand(1), d));
            match a.hi.checked_mul(b.hi) {
                Some(hi) if hi <= max => Range { lo: a.lo * b.lo, hi },
                _ => full,
            }
        }
        Some(LLVMShl) => match shift_amounts(operand(1)) {
            Some((lo_shift, hi_shift)) => {
                let r = range_of(operand(0), d);
                match r.hi.checked_shl(hi_shift as u32).filter(|&hi| hi <= max && hi >> hi_shift == r.hi) {
                    Some(hi) => Range { lo: r.lo << lo_shift, hi },
                    None => full,
                }
            }
            None => full,
        },
        Some(LLVMSelect) => range_of(operand(1), d).union(range_of(operand(2), d)),
        Some(LLVMExtractElement) => {
            environment_range(operand(0)).unwrap_or_else(|| range_of(operand(0), d))
        }
        Some(LLVMInsertElement) => range_of(operand(0), d).union(range_of(operand(1), d)),
        Some(LLVMShuffleVector) => range_of(operand(0), d).union(range_of(operand(1), d)),
        Some(LLVMCall) if region_ir::is_rdregion(value) => {
            let vector = ir::call_arg(value, 0);
            environment_range(vector).unwrap_or_else(|| range_of(vector, d))
        }
        Some(LLVMCall) => environment_range(value).unwrap_or(full),
        _ => full,
    };
    // A rule computed in a wider type than the value's (a vector read of another width) never exceeds it.
    if range.hi > max {
        full
    } else {
        range
    }
}

/// The range of `a - b`: `x - (x & m)` clears the bits of `x` that `m` keeps (no lane borrows, since the bits
/// subtracted are a subset of those of `x`), so it is `x & !m`, at most `x` and, for a constant `m`, at most
/// `!m` (CM's `x - (x & -4)`, the offset of `x` in its dword, is in `[0, 3]`); otherwise the difference of two
/// ranges when no lane can go below zero.
fn sub_range(a: LLVMValueRef, b: LLVMValueRef, bits: u32, d: u32) -> Range {
    let max = max_of(bits);
    if ir::opcode(b) == Some(LLVMOpcode::LLVMAnd) {
        let (p, q) = (ir::operand(b, 0), ir::operand(b, 1));
        let mask = if p == a {
            Some(q)
        } else if q == a {
            Some(p)
        } else {
            None
        };
        if let Some(mask) = mask {
            let hi = range_of(a, d).hi;
            let cleared = match constant_lanes(mask, bits) {
                // The bits some lane of the mask does not keep.
                Some(lanes) => !lanes.iter().fold(max, |all, &m| all & m) & max,
                None => max,
            };
            return Range { lo: 0, hi: hi.min(cleared) };
        }
    }
    let (ra, rb) = (range_of(a, d), range_of(b, d));
    if ra.lo >= rb.hi {
        Range { lo: ra.lo - rb.hi, hi: ra.hi - rb.lo }
    } else {
        Range::full(bits)
    }
}

/// The unsigned range `[lo, hi]` proven for every lane of the integer `value` (genx-legalize bounds a region's
/// runtime index with it, `legalize/align.rs`).
pub(crate) fn unsigned_range(value: LLVMValueRef) -> (u64, u64) {
    let r = range_of(value, DEPTH);
    (r.lo, r.hi)
}

/// Whether every lane of the integer `value` is proven below `2^(w-1)` (`w` its width), so that its signed and
/// unsigned readings agree (genx-legalize's division by a power of two asks, `legalize/expand.rs`).
pub(crate) fn known_non_negative(value: LLVMValueRef) -> bool {
    ir::int_element_bits(ir::type_of(value)).is_some_and(|bits| range_of(value, DEPTH).hi <= max_of(bits) >> 1)
}

/// The operand of `mul` to narrow, or why there is none.
fn operand_to_narrow(mul: LLVMValueRef) -> Result<Option<LLVMValueRef>, String> {
    let (a, b) = (ir::operand(mul, 0), ir::operand(mul, 1));
    if already_narrow(a) || already_narrow(b) {
        return Ok(None);
    }
    for operand in [b, a] {
        // Only an instruction's value can be narrowed where it is defined (an argument's range is unknown).
        if ir::opcode(operand).is_some() && range_of(operand, DEPTH).hi <= U16_MAX {
            return Ok(Some(operand));
        }
    }
    Err("no operand is proven to fit 16 bits (the multiply stays 32x32: mul + mach)".to_string())
}

/// The instruction a value defined by `inst` can be narrowed before: the next one (after the phis when `inst`
/// is a phi).
fn after_definition(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    let mut rest = ir::instructions(ir::parent_block(inst)).skip_while(|&i| i != inst).skip(1);
    rest.find(|&i| ir::opcode(i) != Some(LLVMOpcode::LLVMPHI))
}

/// Replaces every use of `value` (an `i32` instruction proven below 2^16) by `zext(trunc value to i16)`, built
/// right after its definition, so that every multiply by it (and what IGC reassociates it into) sees a 16-bit
/// operand.
fn narrow_at_definition(value: LLVMValueRef) -> bool {
    let Some(next) = after_definition(value) else {
        return false;
    };
    let ty = ir::type_of(value);
    let narrow_ty = ir_write::int_type_like(ty, 16);
    let (first, wide) = Writer::before(next, |w| {
        let short = w.cast(LLVMOpcode::LLVMTrunc, value, narrow_ty);
        (short, w.extend(short, ty, false))
    });
    // Every use of `value` now reads `wide`, the first `trunc` included (a cycle for a moment): a second `trunc`
    // of `value` takes its place.
    region_ir::replace_uses(value, wide);
    let short = Writer::before(first, |w| w.cast(LLVMOpcode::LLVMTrunc, value, narrow_ty));
    region_ir::replace_and_erase(first, short);
    true
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    let muls: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| ir::opcode(inst) == Some(LLVMOpcode::LLVMMul))
        .filter(|&inst| ir::int_element_bits(ir::type_of(inst)) == Some(32))
        .collect();
    let mut narrowed = 0u64;
    for mul in muls {
        // An operand narrowed for an earlier multiply is an extension now: `already_narrow` skips this one.
        match operand_to_narrow(mul) {
            Ok(Some(operand)) => {
                if narrow_at_definition(operand) {
                    cx.remark(RemarkKind::Passed, c"Narrowed", mul, "a multiply operand proven below 2^16 is taken as 16 bits");
                    narrowed += 1;
                }
            }
            Ok(None) => {}
            Err(reason) => cx.remark(RemarkKind::Missed, c"NotNarrowed", mul, &reason),
        }
    }
    cx.count(c"values-narrowed", c"multiply operands proven below 2^16 given as 16-bit values", narrowed);
    narrowed > 0
}
