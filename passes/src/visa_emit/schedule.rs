//! Emission order: each side-effect-free instruction sunk to just before its first use in its block, operands
//! first (a depth-first order from the instructions that must stay where they are).
//!
//! # Why
//! genx-legalize splits a wide operation into pieces in place, so a chain of wide operations becomes
//! operation-major code: every piece of the first operation, then every piece of the second. Once
//! `pieces.rs` has taken the joins apart, piece k of one operation depends only on piece k of the others, but
//! in that order all pieces of every intermediate value are live at once (a 16x16 float matrix is 32 GRFs on
//! icllp, and cmtl's `cm_atan2` keeps a dozen of them), which the finalizer must spill: it allocates registers
//! in the order it is given and does not reorder to save them. Emitted depth-first from its uses, each piece's
//! whole computation is done before the next piece's starts, and only a piece of each value is live.
//!
//! # Algorithm
//! Per block, and only where it matters: when the block's values (estimated by [`peak_live_bytes`]) need more
//! than the register file at some point, and the new order needs less at its worst. Instructions are anchors
//! or movable. Movable: an instruction without side effects or memory access (not a phi, terminator, load,
//! store, division, or call other than a `readnone` GenX intrinsic, and not a read of a predefined register).
//! The anchors stay in their order; before each anchor, its movable operands in the block not placed yet are
//! placed depth-first (each instruction's operands in operand order, then the instruction). Movable
//! instructions no anchor of the block reaches (used only in other blocks or by phis) are placed, the same
//! way, before the terminator.
//!
//! # Invariants
//! Every instruction still follows the definitions of its operands (operands are placed first; an anchor's
//! earlier anchors are still earlier; a movable instruction only moves later, past anchors it does not depend
//! on, which it cannot affect since it has no side effects and reads no memory). Phis stay first and the
//! terminator last.
//!
//! # Not handled
//! Blocks with SIMD control flow (a `simdcf` intrinsic changes the execution mask, which decides the lanes an
//! instruction writes, so they are left as they are); moving across blocks; weighing which operand tree to
//! place first (Sethi-Ullman order); anchors are never reordered.

use std::collections::HashSet;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::ir;
use crate::region_ir;

/// Reorders every block of `function` (see the module note); returns how many instructions moved.
pub(crate) fn sink(function: LLVMValueRef) -> u64 {
    let mut moved = 0;
    for block in ir::blocks(function).collect::<Vec<_>>() {
        let original: Vec<LLVMValueRef> = ir::instructions(block).collect();
        if original.iter().any(|&inst| changes_execution_mask(inst)) {
            continue;
        }
        let in_block: HashSet<LLVMValueRef> = original.iter().copied().collect();
        let mut placed = HashSet::new();
        let mut order = Vec::with_capacity(original.len());
        let terminator = ir::terminator(block);
        for &inst in &original {
            if ir::opcode(inst) == Some(LLVMOpcode::LLVMPHI) {
                placed.insert(inst);
                order.push(inst);
            }
        }
        for &inst in &original {
            if movable(inst) || placed.contains(&inst) || inst == terminator {
                continue;
            }
            place(inst, &in_block, &mut placed, &mut order);
        }
        for &inst in &original {
            if !placed.contains(&inst) && inst != terminator {
                place(inst, &in_block, &mut placed, &mut order);
            }
        }
        if !terminator.is_null() && !placed.contains(&terminator) {
            place(terminator, &in_block, &mut placed, &mut order);
        }
        if order == original
            || peak_live_bytes(&original) <= REGISTER_FILE_BYTES
            || peak_live_bytes(&order) >= peak_live_bytes(&original)
        {
            continue;
        }
        moved += order.iter().zip(&original).filter(|(a, b)| a != b).count() as u64;
        // SAFETY: every instruction of the block is taken out and put back in `order`, which holds each of them
        // once; nothing is freed, and operands precede their users in `order` (the module note's invariant).
        unsafe {
            for &inst in &order {
                LLVMInstructionRemoveFromParent(inst);
            }
            let builder = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(function)));
            LLVMPositionBuilderAtEnd(builder, block);
            for &inst in &order {
                LLVMInsertIntoBuilder(builder, inst);
            }
            LLVMDisposeBuilder(builder);
        }
    }
    moved
}

/// The general register file of a thread on the platforms the route targets (128 GRFs of 32 bytes).
const REGISTER_FILE_BYTES: u64 = 128 * 32;

/// The most bytes of values live at once in a block's `order`: a value from its definition to its last use in
/// the block, or to the end when used elsewhere (other blocks, phis). Predicates and bitcasts (aliases) count
/// nothing; an estimate of the register pressure the finalizer will meet, not its allocation.
fn peak_live_bytes(order: &[LLVMValueRef]) -> u64 {
    let position: std::collections::HashMap<LLVMValueRef, usize> =
        order.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let mut ends = vec![0u64; order.len() + 1];
    let mut live = 0u64;
    let mut peak = 0u64;
    for (i, &inst) in order.iter().enumerate() {
        live -= ends[i];
        let bytes = value_bytes(inst);
        if bytes == 0 {
            continue;
        }
        let users = ir::users(inst);
        let last = users.iter().try_fold(i, |last, user| match position.get(user) {
            Some(&at) if ir::opcode(*user) != Some(LLVMOpcode::LLVMPHI) => Some(last.max(at)),
            _ => None,
        });
        let end = last.unwrap_or(order.len());
        live += bytes;
        peak = peak.max(live);
        ends[end.max(i + 1).min(order.len())] += bytes;
    }
    peak
}

/// The bytes of a value's general register (0 for predicates, aliases and values without a register).
fn value_bytes(inst: LLVMValueRef) -> u64 {
    let ty = ir::type_of(inst);
    if ir::opcode(inst) == Some(LLVMOpcode::LLVMBitCast) || ir::int_element_bits(ty) == Some(1) {
        return 0;
    }
    region_ir::element_bytes(region_ir::element_type(ty)).map_or(0, |b| u64::from(b) * u64::from(region_ir::lanes(ty)))
}

/// Places `inst` after its movable operands of the block not placed yet (depth-first, operand order).
fn place(
    inst: LLVMValueRef,
    in_block: &HashSet<LLVMValueRef>,
    placed: &mut HashSet<LLVMValueRef>,
    order: &mut Vec<LLVMValueRef>,
) {
    // An explicit stack: chains of a few thousand instructions must not recurse that deep.
    let mut stack = vec![(inst, 0u32)];
    while let Some((current, next)) = stack.pop() {
        if placed.contains(&current) {
            continue;
        }
        let count = ir::operand_count(current);
        let pending = (next..count).find(|&i| {
            let operand = ir::operand(current, i);
            in_block.contains(&operand) && !placed.contains(&operand) && movable(operand)
        });
        match pending {
            Some(i) => {
                stack.push((current, i + 1));
                stack.push((ir::operand(current, i), 0));
            }
            None => {
                placed.insert(current);
                order.push(current);
            }
        }
    }
}

/// Whether `inst` is SIMD control flow (`simdcf.goto`, `join`, ...): the lanes an instruction writes depend on
/// which side of it the instruction is, so no instruction of its block moves.
fn changes_execution_mask(inst: LLVMValueRef) -> bool {
    region_ir::genx_desc(inst).is_some_and(|desc| desc.short_name().starts_with("simdcf"))
}

/// Whether `inst` may move (see the module note).
fn movable(inst: LLVMValueRef) -> bool {
    ir::is_instruction(inst)
        && ir::opcode(inst) != Some(LLVMOpcode::LLVMPHI)
        && region_ir::is_side_effect_free(inst)
        // A predefined register may change while the thread runs (%tsc, %sr0): its reads stay in place.
        && !region_ir::genx_desc(inst).is_some_and(|desc| desc.short_name().contains("predef.reg"))
}
