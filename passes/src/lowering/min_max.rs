//! Selects between a compare's own operands become integer min/max (genx-lowering's second step).
//!
//! # Why
//! `a > b ? b : a`, CM's `v.merge(b, v > b)` (a `wrregion` of the whole vector under the compare's mask) and
//! the selects genx-lowering's first step makes (`lowering/truth_idioms.rs`) are a minimum or maximum, one vISA
//! `min`/`max`. Lowered as written they are a compare into a flag and a predicated move or `sel`. IGC's
//! InstCombine recognises them on its route (LLVM's `smin`/`smax` patterns); the vISA route has no InstCombine.
//!
//! # Rewrite
//! `select (icmp P a, b), X, Y` with {X, Y} = {a, b}, and `wrregion(Y, X, whole vector, offset 0, mask icmp P
//! a, b)` (which is `select mask, X, Y`), on integers of at most 32 bits: with (X, Y) = (a, b), `sgt`/`sge` →
//! `llvm.genx.smax(a, b)`, `slt`/`sle` → `smin`, `ugt`/`uge` → `umax`, `ult`/`ule` → `umin`; with (X, Y) = (b,
//! a) the other one. Operands are matched by identity (a constant splat is one value in LLVM).
//!
//! # Invariants
//! Exact on every lane: when a = b both choices are the same value, otherwise the compare picks the larger
//! (smaller) one in the compare's signedness. The compare stays when something else uses it.
//!
//! # Not handled
//! Floating point (`fcmp` against vISA's `min`/`max`, which return the other operand for a NaN), `i64` (left to
//! the emulation of compares and selects), `eq`/`ne`, and arms that are the operands only after a cast.

use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use crate::ir;
use crate::ir_write::Writer;
use crate::region_ir::{self, Index, WrRegion};
use crate::truth;

/// Rewrites every such select and merge of `function`; returns how many.
pub(crate) fn rewrite(function: LLVMValueRef) -> u64 {
    let mut count = 0;
    let insts: Vec<LLVMValueRef> = ir::blocks(function).flat_map(ir::instructions).collect();
    for inst in insts {
        let Some((base, a, b)) = min_max(inst) else { continue };
        let built = Writer::before(inst, |w| w.genx_call(base, ir::type_of(inst), &mut [a, b]));
        let Ok(call) = built else { continue };
        let fed = select_parts(inst).map(|(c, _, _)| c);
        region_ir::replace_and_erase(inst, call);
        truth::erase_dead(fed.into_iter().collect(), &mut std::collections::HashSet::new());
        count += 1;
    }
    count
}

/// The condition and arms of a `select`, or of a `wrregion` that writes a whole vector of its type under a mask.
fn select_parts(inst: LLVMValueRef) -> Option<(LLVMValueRef, LLVMValueRef, LLVMValueRef)> {
    if ir::opcode(inst)? == LLVMOpcode::LLVMSelect {
        return Some((ir::operand(inst, 0), ir::operand(inst, 1), ir::operand(inst, 2)));
    }
    let wr = WrRegion::read(inst)?;
    let ty = ir::type_of(inst);
    if ir::type_of(wr.new) != ty || wr.index != Index::Direct {
        return None;
    }
    let bytes = u64::from(region_ir::element_bytes(region_ir::element_type(ty))?) * u64::from(region_ir::lanes(ty));
    wr.region.is_whole(bytes).then_some((wr.mask, wr.new, wr.old))
}

/// The min/max intrinsic and its operands `inst` computes, when it is one.
fn min_max(inst: LLVMValueRef) -> Option<(&'static str, LLVMValueRef, LLVMValueRef)> {
    let (cond, on_true, on_false) = select_parts(inst)?;
    if region_ir::lanes(ir::type_of(inst)) > super::truth_idioms::MAX_PREDICATE_LANES {
        return None;
    }
    let bits = ir::int_element_bits(ir::type_of(inst))?;
    if !(8..=32).contains(&bits) {
        return None;
    }
    let compare = truth::resolve(cond);
    if ir::opcode(compare)? != LLVMOpcode::LLVMICmp {
        return None;
    }
    let (a, b) = (ir::operand(compare, 0), ir::operand(compare, 1));
    let larger = if (on_true, on_false) == (a, b) {
        true
    } else if (on_true, on_false) == (b, a) {
        false
    } else {
        return None;
    };
    use LLVMIntPredicate::*;
    let (signed, greater) = match ir::icmp_predicate(compare) {
        LLVMIntSGT | LLVMIntSGE => (true, true),
        LLVMIntSLT | LLVMIntSLE => (true, false),
        LLVMIntUGT | LLVMIntUGE => (false, true),
        LLVMIntULT | LLVMIntULE => (false, false),
        _ => return None,
    };
    let base = match (signed, greater == larger) {
        (true, true) => "llvm.genx.smax",
        (true, false) => "llvm.genx.smin",
        (false, true) => "llvm.genx.umax",
        (false, false) => "llvm.genx.umin",
    };
    Some((base, a, b))
}
