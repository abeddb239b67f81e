//! Compares of a predicate's own materialisation, folded before code generation.
//!
//! Why: the CM front end turns a mask into a vector and back (`vector<ushort> m = v > 0; SIMD_IF_BEGIN(m)`):
//! `icmp` → `sext` (after genx-lowering a `select` of -1 and 0) → `trunc` → `and 1` → `icmp ne 0`, sometimes
//! twice. Emitted as written that is a compare into a general register, a move, an `and`, and two more
//! compares where one compare into a flag suffices; GenX_IR removes none of it (no dead-code elimination in the
//! finalizer), while IGC's route folds it before its back end.
//!
//! Algorithm: the truth value of X is an `i1` value C with X = C ? k : 0, k a constant whose every lane is not
//! zero: `select C, k, 0`, `zext`/`sext` of C (k = 1 or all ones), and lane-wise through `trunc` (k truncated),
//! `zext`/`sext` (k extended) and `and` with a constant splat m (k & m), as long as k stays non-zero. `icmp ne X, 0` (either operand
//! order) whose X has truth value C is C itself; C is first resolved the same way (a compare of a compare's
//! materialisation is the inner compare). Its uses are replaced by C, then the instructions that fed only it
//! are erased when nothing else uses them (`region_ir::erase_if_dead`).
//!
//! A width change in such a chain (`trunc`, `zext`, `sext`: `zext(and(trunc(select C, -1, 0), 1))`, the front
//! end's `vector<ushort> m = v > t` read back as ints) is replaced by C's materialisation in the new width,
//! `select C, -1, 0` (a compare into a register when C has no other use), and one `and` with k when k is not
//! all ones: a compare and an `and` instead of a compare, a move, an `and` and a move. (Not `select C, k, 0`:
//! a `sel` of two immediates costs the finalizer a move.)
//!
//! Invariant: a replacement is exact: every lane of X is k (not zero) where C is true and 0 where it is false.
//! Where: genx-legalize runs the fold first, on whole vectors (after a split the pieces of the chain are joined by
//! region writes it does not look through, and a split compare's predicate would be rejoined from pieces); the
//! emitter runs it again before baling, for IR that reaches it without genx-legalize.
//!
//! Not handled: `icmp eq X, 0` (it would need a new `xor`), non-splat k or m, bitcasts, phis.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use crate::ir;
use crate::ir_write;
use crate::region_ir;

/// All lanes of a constant as one splat value, zero-extended to 64 bits.
fn splat(value: LLVMValueRef) -> Option<u64> {
    if !ir::is_constant(value) {
        return None;
    }
    let lanes = ir::const_int_vector(value).or_else(|| ir::const_int(value).map(|v| vec![v]))?;
    let first = *lanes.first()?;
    lanes.iter().all(|&l| l == first).then_some(first as u64)
}

fn int_bits(value: LLVMValueRef) -> Option<u32> {
    // SAFETY: type queries on a live value.
    unsafe {
        let ty = ir::type_of(value);
        let scalar = if region_ir::lanes(ty) > 1 || LLVMGetTypeKind(ty) == llvm_sys::LLVMTypeKind::LLVMVectorTypeKind {
            LLVMGetElementType(ty)
        } else {
            ty
        };
        (LLVMGetTypeKind(scalar) == llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind).then(|| LLVMGetIntTypeWidth(scalar))
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// C and k with `value` = C ? k : 0 lane by lane (k not zero), when there are such.
fn truth(value: LLVMValueRef) -> Option<(LLVMValueRef, u64)> {
    let bits = int_bits(value)?;
    let k = match ir::opcode(value)? {
        LLVMOpcode::LLVMSelect => {
            let (cond, t, f) = (ir::operand(value, 0), ir::operand(value, 1), ir::operand(value, 2));
            if splat(f)? != 0 || int_bits(cond)? != 1 {
                return None;
            }
            return Some((resolve(cond), splat(t).filter(|&k| k & mask(bits) != 0)? & mask(bits)));
        }
        LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt if int_bits(ir::operand(value, 0))? == 1 => {
            let k = if ir::opcode(value)? == LLVMOpcode::LLVMZExt { 1 } else { mask(bits) };
            return Some((resolve(ir::operand(value, 0)), k));
        }
        LLVMOpcode::LLVMTrunc => {
            let (c, k) = truth(ir::operand(value, 0))?;
            return Some((c, k & mask(bits))).filter(|&(_, k)| k != 0);
        }
        LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt => {
            let source = ir::operand(value, 0);
            let (c, k) = truth(source)?;
            let source_bits = int_bits(source)?;
            let negative = ir::opcode(value)? == LLVMOpcode::LLVMSExt && k >> (source_bits - 1) & 1 == 1;
            return Some((c, if negative { (k | !mask(source_bits)) & mask(bits) } else { k }));
        }
        LLVMOpcode::LLVMAnd => {
            let (x, m) = (ir::operand(value, 0), ir::operand(value, 1));
            let ((c, k), m) = match (truth(x), splat(m)) {
                (Some(t), Some(m)) => (t, m),
                _ => (truth(m)?, splat(x)?),
            };
            (c, k & m & mask(bits))
        }
        _ => return None,
    };
    Some(k).filter(|&(_, k)| k != 0)
}

/// The compare `icmp ne X, 0` stands for, when X has a truth value.
fn folded(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    if ir::opcode(inst)? != LLVMOpcode::LLVMICmp {
        return None;
    }
    // SAFETY: predicate query on a compare.
    if unsafe { LLVMGetICmpPredicate(inst) } != LLVMIntPredicate::LLVMIntNE {
        return None;
    }
    let (a, b) = (ir::operand(inst, 0), ir::operand(inst, 1));
    let x = if splat(b) == Some(0) {
        a
    } else if splat(a) == Some(0) {
        b
    } else {
        return None;
    };
    truth(x).map(|(c, _)| c)
}

fn resolve(cond: LLVMValueRef) -> LLVMValueRef {
    folded(cond).unwrap_or(cond)
}

/// A width change (`trunc`, or an extension of a value that is not C itself) over C's materialisation, as the
/// materialisation in its own type, `select C, -1, 0` (a compare into a register when C has no other use),
/// masked to k by one `and` when k is not all ones.
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
        if k == mask(bits) {
            all
        } else {
            w.binop(LLVMOpcode::LLVMAnd, all, ir_write::splat_int(ty, k))
        }
    }))
}

/// Folds every such compare of `function`, and makes every width change over a predicate's materialisation
/// the materialisation in the new width (the front end's `vector<ushort> m = v > t` summed as ints is
/// `zext(and(trunc(select C, -1, 0), 1))`: `and(select C, -1, 0, 1)` in ints); returns how many.
pub fn fold(function: LLVMValueRef) -> u64 {
    let mut count = 0;
    for block in ir::blocks(function).collect::<Vec<_>>() {
        for inst in ir::instructions(block).collect::<Vec<_>>() {
            let Some(c) = folded(inst).or_else(|| rematerialised(inst)) else { continue };
            let fed: Vec<LLVMValueRef> = (0..ir::operand_count(inst)).map(|i| ir::operand(inst, i)).collect();
            // SAFETY: `c` is an i1 value of the compare's type (lane-wise chain), or a select of the
            // instruction's type, defined before it.
            unsafe { LLVMReplaceAllUsesWith(inst, c) };
            region_ir::erase_if_dead(inst);
            let mut work = fed;
            let mut erased = std::collections::HashSet::new();
            while let Some(value) = work.pop() {
                // SAFETY: kind query; `value` is live (erased values are skipped).
                if erased.contains(&value) || unsafe { LLVMIsAInstruction(value).is_null() } {
                    continue;
                }
                let operands: Vec<LLVMValueRef> = (0..ir::operand_count(value)).map(|i| ir::operand(value, i)).collect();
                if region_ir::erase_if_dead(value) {
                    erased.insert(value);
                    work.extend(operands);
                }
            }
            count += 1;
        }
    }
    count
}
