//! Truth values: integers that are a constant where an `i1` value is true and zero where it is false, and the
//! compares that only test them.
//!
//! # Why
//! C and CM write a condition as a number: `vector<ushort, N> m = a > b` is `sext` of the compare, `trunc` and
//! `and 1`; clang's vector `?:` tests the sign of `sext(c)` (`icmp slt sext(c), 0`) and blends with the mask
//! `sext` of that; `count += (x > 0)` adds a `zext`. Emitted as written each step is an instruction (a compare
//! into a general register, moves, `and`s, a second compare back into a flag), where IGC's InstCombine leaves
//! the flag and one `sel` or predicated instruction. Two places ask the same questions: genx-lowering's
//! rewrite of these idioms into selects (`lowering/truth_idioms.rs`) and the vISA emitter's last fold of a
//! compare of a predicate's own materialisation before baling (a chain the back end's passes can leave).
//!
//! # Algorithm
//! The truth value of X is an `i1` value C (same lane count) with X = C ? k : 0 lane by lane, k a constant
//! whose lanes are all the same and not zero ([`truth`]): `select C, k, 0`, `zext`/`sext` of C (k = 1 or all
//! ones), and lane-wise through `trunc` (k truncated), `zext`/`sext` of a truth value (k extended) and `and`
//! with a constant splat m (k & m), as long as k stays non-zero. A compare that only tests X ([`compare`]):
//! `icmp ne X, 0` (either operand order) is C, and so is `icmp slt X, 0` when k is negative. C is itself
//! resolved the same way (a compare of a compare's materialisation is the inner compare). Constants may have
//! undefined lanes: a lane that is undefined in the original may take any value in the replacement.
//!
//! [`fold`] replaces every such compare of a function by its C and erases the instructions that fed only it.
//!
//! # Invariants
//! A replacement is exact on every defined lane: X is k (not zero) where C is true and 0 where it is false.
//!
//! # Not handled
//! `icmp eq X, 0` (it would need a new `xor`), non-splat k or m, bitcasts, phis.

use std::collections::HashSet;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use crate::const_fold::lanes::ConstLanes;
use crate::ir;
use crate::ir_write;
use crate::region_ir;

/// The value every defined lane of an integer constant holds (low bits, zero-extended), when there is one:
/// at least one lane is defined and all defined lanes agree.
pub(crate) fn splat(value: LLVMValueRef) -> Option<u64> {
    ir::int_element_bits(ir::type_of(value))?;
    let lanes = ConstLanes::read(value)?;
    let mut defined = lanes.lanes.iter().flatten();
    let first = *defined.next()?;
    defined.all(|&l| l == first).then_some(first)
}

/// The width of an integer (vector) value's elements.
fn int_bits(value: LLVMValueRef) -> Option<u32> {
    ir::int_element_bits(ir::type_of(value))
}

/// The low `bits` bits set.
pub(crate) fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// `k` (of `from` bits) sign-extended to `to` bits, as low bits.
fn sign_extend(k: u64, from: u32, to: u32) -> u64 {
    let shift = 64 - from;
    ((((k << shift) as i64) >> shift) as u64) & low_mask(to)
}

/// C and k with `value` = C ? k : 0 lane by lane (k not zero), when there are such.
pub(crate) fn truth(value: LLVMValueRef) -> Option<(LLVMValueRef, u64)> {
    let bits = int_bits(value)?;
    let (c, k) = match ir::opcode(value)? {
        LLVMOpcode::LLVMSelect => {
            let (cond, t, f) = (ir::operand(value, 0), ir::operand(value, 1), ir::operand(value, 2));
            if splat(f)? != 0 || ir::type_of(cond) != ir_write::int_type_like(ir::type_of(value), 1) {
                return None;
            }
            (resolve(cond), splat(t)?)
        }
        op @ (LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt) => {
            let source = ir::operand(value, 0);
            let from = int_bits(source)?;
            let signed = op == LLVMOpcode::LLVMSExt;
            if from == 1 {
                (resolve(source), if signed { low_mask(bits) } else { 1 })
            } else {
                let (c, k) = truth(source)?;
                (c, if signed { sign_extend(k, from, bits) } else { k })
            }
        }
        LLVMOpcode::LLVMTrunc => truth(ir::operand(value, 0))?,
        LLVMOpcode::LLVMAnd => {
            let (x, m) = (ir::operand(value, 0), ir::operand(value, 1));
            let ((c, k), m) = match (truth(x), splat(m)) {
                (Some(t), Some(m)) => (t, m),
                _ => (truth(m)?, splat(x)?),
            };
            (c, k & m)
        }
        _ => return None,
    };
    Some((c, k & low_mask(bits))).filter(|&(_, k)| k != 0)
}

/// The operand of `value` its truth value comes from, one step down the chain [`truth`] follows: the
/// non-constant operand of an `and`, the source of a cast; `None` at the chain's start (a `select` or an
/// extension of the `i1` itself).
pub(crate) fn chain_operand(value: LLVMValueRef) -> Option<LLVMValueRef> {
    match ir::opcode(value)? {
        LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc => {
            let source = ir::operand(value, 0);
            (int_bits(source)? > 1).then_some(source)
        }
        LLVMOpcode::LLVMAnd => {
            let x = ir::operand(value, 0);
            Some(if ir::is_constant(x) { ir::operand(value, 1) } else { x })
        }
        _ => None,
    }
}

/// Whether every instruction of `value`'s truth chain, `value` included, has exactly one use: replacing
/// `value` then leaves the whole chain dead.
pub(crate) fn chain_single_use(value: LLVMValueRef) -> bool {
    let mut link = value;
    loop {
        if !ir::has_one_use(link) {
            return false;
        }
        match chain_operand(link) {
            Some(next) => link = next,
            None => return true,
        }
    }
}

/// The `i1` value a compare stands for, when it only tests a truth value: `icmp ne X, 0` (either order), or
/// `icmp slt X, 0` with a negative k.
pub(crate) fn compare(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    if ir::opcode(inst)? != LLVMOpcode::LLVMICmp {
        return None;
    }
    let (a, b) = (ir::operand(inst, 0), ir::operand(inst, 1));
    match ir::icmp_predicate(inst) {
        LLVMIntPredicate::LLVMIntNE => {
            let x = if splat(b) == Some(0) {
                a
            } else if splat(a) == Some(0) {
                b
            } else {
                return None;
            };
            truth(x).map(|(c, _)| c)
        }
        LLVMIntPredicate::LLVMIntSLT if splat(b) == Some(0) => {
            let (c, k) = truth(a)?;
            let bits = int_bits(a)?;
            ((k >> (bits - 1)) & 1 == 1).then_some(c)
        }
        _ => None,
    }
}

/// `cond` with the compares of truth values it is made of resolved.
pub(crate) fn resolve(cond: LLVMValueRef) -> LLVMValueRef {
    compare(cond).unwrap_or(cond)
}

/// Erases `values` and, transitively, their operands, as long as each is unused and has no side effects
/// (`region_ir::erase_if_dead`); adds what it erased to `erased` (addresses a later allocation may reuse:
/// the caller only compares its own older handles against them).
pub(crate) fn erase_dead(values: Vec<LLVMValueRef>, erased: &mut HashSet<LLVMValueRef>) {
    let mut work = values;
    let mut gone = HashSet::new();
    while let Some(value) = work.pop() {
        // SAFETY: kind query; `value` is live (values erased by this call are skipped, and it allocates nothing).
        if gone.contains(&value) || unsafe { LLVMIsAInstruction(value).is_null() } {
            continue;
        }
        let operands: Vec<LLVMValueRef> = (0..ir::operand_count(value)).map(|i| ir::operand(value, i)).collect();
        if region_ir::erase_if_dead(value) {
            gone.insert(value);
            work.extend(operands);
        }
    }
    erased.extend(gone);
}

/// A width change (`trunc`, or an extension of a value that is not C itself) over C's materialisation, as the
/// materialisation in its own type, `select C, -1, 0` (a compare into a register when C has no other use),
/// masked to k by one `and` when k is not all ones: a compare and an `and` instead of a compare, a move, an
/// `and` and a move (the front end's `vector<ushort> m = v > t` summed as ints is
/// `zext(and(trunc(select C, -1, 0), 1))`). Not `select C, k, 0`: a `sel` of two immediates costs the finalizer
/// a move.
fn rematerialised(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    match ir::opcode(inst)? {
        LLVMOpcode::LLVMTrunc => {}
        LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt if int_bits(ir::operand(inst, 0))? != 1 => {}
        _ => return None,
    }
    let (c, k) = truth(inst)?;
    let ty = ir::type_of(inst);
    let bits = int_bits(inst)?;
    if region_ir::lanes(ir::type_of(c)) != region_ir::lanes(ty) {
        return None;
    }
    Some(ir_write::Writer::before(inst, |w| {
        let all = w.select(c, ir_write::all_ones(ty), ir_write::zero(ty));
        if k == low_mask(bits) {
            all
        } else {
            w.binop(LLVMOpcode::LLVMAnd, all, ir_write::splat_int(ty, k))
        }
    }))
}

/// Folds every compare of `function` that only tests a truth value into its `i1` value, and makes every width
/// change over a predicate's materialisation the materialisation in the new width ([`rematerialised`]);
/// returns how many.
pub fn fold(function: LLVMValueRef) -> u64 {
    let mut count = 0;
    let mut erased = HashSet::new();
    for block in ir::blocks(function).collect::<Vec<_>>() {
        for inst in ir::instructions(block).collect::<Vec<_>>() {
            if erased.contains(&inst) {
                continue;
            }
            let Some(c) = compare(inst).or_else(|| rematerialised(inst)) else { continue };
            let fed: Vec<LLVMValueRef> = (0..ir::operand_count(inst)).map(|i| ir::operand(inst, i)).collect();
            // SAFETY: `c` is an i1 value of the compare's type (lane-wise chain), or a select of the
            // instruction's type, defined before it.
            unsafe { LLVMReplaceAllUsesWith(inst, c) };
            erase_dead(std::iter::once(inst).chain(fed).collect(), &mut erased);
            count += 1;
        }
    }
    count
}
