//! `genx-partial-op`: an operation with a vector that is its identity outside one region is done on the region.
//!
//! # Why
//! CM code shifts a vector by building a zero-filled copy: a scan step
//! `vector<int, N> shifted = 0; shifted.select<N - S, 1>(S) = v.select<N - S, 1>(0); v += shifted;` is
//! `add(v, wrregion(zeroinitializer, rdregion(v, 0..N-S), S..N))`. IGC fills the copy with zeros, moves the
//! shifted lanes into it (an unaligned destination, split into pieces of 8, 4, 2 and 1) and adds all `N` lanes:
//! the moves and the fill are work a hand-written kernel does not do (it adds in place, `v.select<N-S,1>(S) +=
//! v.select<N-S,1>(0)`, which is what this pass writes). The prefix-sum kernel of the corpus does four such
//! steps: 18 instructions become 10.
//!
//! # What
//! An integer `add`, `or` or `xor` (vector) one of whose operands `W`, or a `sub` whose second operand `W`, is
//! `wrregion(C, y, R)` with `C` a constant whose every lane outside the elements `R` writes is `0`, `R` direct
//! (constant offset), unmasked and writing each element at most once, and `W` used only here, becomes
//! `wrregion(x, rdregion(x, R) op y, R)` (`y op rdregion(x, R)` when `W` was the first operand), `x` the other
//! operand. The lanes of `C` inside `R` do not matter (they are overwritten).
//!
//! # Proof of exactness
//! Lane `i` outside `R`: before, `x[i] op C[i] = x[i] op 0 = x[i]` (`0` is the identity of `add`, `or`, `xor`,
//! and a right identity of `sub`, on either side for the commutative ones); after, the `wrregion` keeps `x[i]`.
//! Lane `i` inside `R`, written by region element `k` (once): before, `W[i] = y[k]`, so the lane is
//! `x[i] op y[k]`; after, `rdregion(x, R)[k] = x[i]` (the same region reads element `k` from lane `i`) and the
//! `wrregion` writes `x[i] op y[k]` there. Integer operations have no rounding, flags or traps; `nsw`/`nuw`
//! flags are dropped (the new operation's lanes are a subset of the old one's). The tests check it by
//! translation validation (`%validate`).
//!
//! # Not handled
//! Floating-point operations (`x + 0.0` is not `x` for `x = -0.0`; `-0.0` fills are rare), `mul` by a fill of
//! ones and `and` by a fill of all-ones, masked or indirect regions, a `W` with other users (the fill would stay
//! and the region be computed twice), and fills that are not constants.

use inkwell::values::{AsValueRef, FunctionValue};

use crate::const_fold::lanes::ConstLanes;
use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::Writer;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, Index, WrRegion};

fn is_vector(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
}

/// Whether `opcode` has `0` as its identity on the operand at `index` (both sides for `add`, `or`, `xor`; the
/// right for `sub`).
fn zero_is_identity(opcode: LLVMOpcode, index: u32) -> bool {
    use LLVMOpcode::*;
    match opcode {
        LLVMAdd | LLVMOr | LLVMXor => true,
        LLVMSub => index == 1,
        _ => false,
    }
}

/// The `wrregion` of `inst`'s operand `index` when it is a zero fill with one region written (see the module
/// note), or why not.
fn zero_fill(inst: LLVMValueRef, index: u32) -> Result<WrRegion, &'static str> {
    let w = ir::operand(inst, index);
    let write = WrRegion::read(w).ok_or("not a region write")?;
    if !matches!(write.index, Index::Direct) || write.region.masked || write.region.indirect.is_indirect() {
        return Err("the region write is masked or indirect");
    }
    if !ir::has_one_use(w) {
        return Err("the region write has other users");
    }
    let fill = ConstLanes::read(write.old).ok_or("the vector written into is not a constant")?;
    let elements = write.region.direct_elements().map_err(|_| "the region is malformed")?;
    let mut written = vec![false; fill.lanes.len()];
    for &e in &elements {
        let slot = usize::try_from(e).ok().and_then(|e| written.get_mut(e)).ok_or("the region leaves the vector")?;
        if std::mem::replace(slot, true) {
            return Err("the region writes an element twice");
        }
    }
    if fill.lanes.iter().zip(&written).any(|(lane, &w)| !w && *lane != Some(0)) {
        return Err("a lane outside the region is not zero");
    }
    Ok(write)
}

/// Rewrites `inst` when one of its operands is a zero fill; returns whether it did, or why not.
fn rewrite(inst: LLVMValueRef, opcode: LLVMOpcode) -> Result<(), String> {
    let mut reason = "no operand is a region write into zeros";
    for index in [1, 0] {
        if !zero_is_identity(opcode, index) || !region_ir::is_wrregion(ir::operand(inst, index)) {
            continue;
        }
        let write = match zero_fill(inst, index) {
            Ok(write) => write,
            Err(why) => {
                reason = why;
                continue;
            }
        };
        let x = ir::operand(inst, 1 - index);
        if x == write.call {
            continue;
        }
        let region = write.region;
        let scalar = !is_vector(ir::type_of(write.new));
        let result = Writer::before(inst, |w| -> Result<LLVMValueRef, String> {
            let part = region_ir::build_rdregion(w.builder(), x, &region, Index::Direct, scalar, "")?;
            let op = if index == 1 { w.binop(opcode, part, write.new) } else { w.binop(opcode, write.new, part) };
            region_ir::build_wrregion(w.builder(), x, op, &region, Index::Direct, None, "")
        })?;
        region_ir::replace_and_erase(inst, result);
        region_ir::erase_if_dead(write.call);
        return Ok(());
    }
    Err(reason.to_string())
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = region_ir::memo_scope();
    let function = function.as_value_ref();
    let candidates: Vec<(LLVMValueRef, LLVMOpcode)> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter_map(|inst| {
            let opcode = ir::opcode(inst)?;
            (is_vector(ir::type_of(inst))
                && ir::int_element_bits(ir::type_of(inst)).is_some()
                && matches!(opcode, LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor | LLVMOpcode::LLVMSub))
            .then_some((inst, opcode))
        })
        .collect();
    let mut done = 0u64;
    for (inst, opcode) in candidates {
        // Only operations with a region write among their operands are worth a remark.
        if !(0..2).any(|i| region_ir::is_wrregion(ir::operand(inst, i))) {
            continue;
        }
        match rewrite(inst, opcode) {
            Ok(()) => done += 1,
            Err(reason) => cx.remark(RemarkKind::Missed, c"NotPartial", inst, &reason),
        }
    }
    cx.count(c"ops-on-region", c"operations with a zero-filled region write done on the region only", done);
    done > 0
}
