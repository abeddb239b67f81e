//! The rewrites that make bales trees of single-use values: the wrregion redirect pre-pass and cloning.
//!
//! **Redirect** (IGC's baling prologue): `W = wrregion(A, V, R)` direct and unpredicated, with `V` used again
//! later in the same block, cannot bale `V` (a member has one use). When every other use of `V` comes after `W`
//! in the block, and no write into `W` comes first (which would make two versions of the vector live at once),
//! those uses read `rdregion(W, R)` instead: the same values, and `V` now has one use.
//!
//! **Cloning** (IGC's `doClones`): a baled operand with more than one use is cloned for the bale that bales
//! it, the clone placed right after the original and given the original's info. Work is a stack of
//! (user, operand) pairs in analysis order, popped last first; a clone pushes its own baled operands, so a
//! chain `A -> B -> C` with `B` shared clones `B` for `C`, then `A` for the clone of `B` (deepest last). In
//! CodeGen baling the index operand of a cloned region is cloned too (an address computation has one use at
//! that point in IGC's flow). Instructions that touch memory and phis are never cloned (the rules never bale
//! them as shared operands).

use std::collections::HashSet;

use super::memory;
use super::operands::is_cast;
use super::util::{c_name, has_one_use, is_inst, is_rdregion, is_wrregion, num_operands, opcode, operand, users};
use super::{analyze, Bales, BalingKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::platform::Platform;
use crate::region_ir::{self, Index, WrRegion};
use crate::ir_write;

/// The redirect pre-pass over every block of `function`; returns how many New values were redirected.
pub fn redirect_wrregion_new_uses(function: LLVMValueRef) -> usize {
    let mut count = 0;
    for block in ir::blocks(function).collect::<Vec<_>>() {
        let mut cursor = ir::last_instruction(block);
        while !cursor.is_null() {
            let inst = cursor;
            cursor = ir::previous_instruction(inst);
            if redirect_one(inst) {
                count += 1;
            }
        }
    }
    count
}

fn redirect_one(wr: LLVMValueRef) -> bool {
    if !is_wrregion(wr) {
        return false;
    }
    let new = operand(wr, region_ir::wr::NEW);
    if !is_inst(new) || has_one_use(new) {
        return false;
    }
    let Some(read) = WrRegion::read(wr) else { return false };
    if read.index != Index::Direct || read.region.masked || !ir::is_plain_constant(read.mask) {
        return false;
    }
    if skip_redirect(new, wr) {
        return false;
    }
    let next = ir::next_instruction(wr);
    if next.is_null() {
        return false;
    }
    let mut region = read.region;
    region.masked = false;
    let scalar = !super::util::is_vector(ir::type_of(new));
    let name = ir::value_name(new);
    let name = if name.is_empty() { "split".to_string() } else { format!("{name}.split") };
    let built = region_ir::with_builder_before(next, |builder| {
        region_ir::build_rdregion(builder, wr, &region, Index::Direct, scalar, &name)
    });
    let Ok(reread) = built else { return false };
    if ir::type_of(reread) != ir::type_of(new) {
        ir_write::erase(reread);
        return false;
    }
    for user in users(new).into_iter().collect::<HashSet<_>>() {
        if user == wr {
            continue;
        }
        for n in 0..num_operands(user) {
            if operand(user, n) == new {
                ir_write::set_operand(user, n, reread);
            }
        }
    }
    true
}

/// IGC's `skipTransform`: keep the uses of `def` when one is outside the write's block, when a use does not
/// come after the write, or when a write into the written vector comes before some use.
fn skip_redirect(def: LLVMValueRef, wr: LLVMValueRef) -> bool {
    if opcode(def) == Some(LLVMOpcode::LLVMExtractValue) {
        return true;
    }
    let block = ir::parent_block(wr);
    let mut pending: HashSet<LLVMValueRef> = HashSet::new();
    for user in users(def) {
        if !is_inst(user) || ir::parent_block(user) != block {
            return true;
        }
        if user != wr {
            pending.insert(user);
        }
    }
    let wr_users = users(wr);
    let local = wr_users.iter().all(|&u| is_inst(u) && ir::parent_block(u) == block);
    let mut live_users: HashSet<LLVMValueRef> = if local { wr_users.into_iter().collect() } else { HashSet::new() };
    let last = ir::last_instruction(block);
    let mut cursor = wr;
    while !cursor.is_null() {
        if cursor == last || pending.is_empty() || (local && live_users.is_empty()) {
            break;
        }
        if is_wrregion(cursor) && operand(cursor, region_ir::wr::OLD) == wr {
            return true;
        }
        pending.remove(&cursor);
        live_users.remove(&cursor);
        cursor = ir::next_instruction(cursor);
    }
    !pending.is_empty()
}

/// The operand holding a region's index (or `add.addr`'s address), IGC's `getAddrOperandNum`.
fn address_operand(inst: LLVMValueRef) -> Option<u32> {
    if is_rdregion(inst) {
        Some(region_ir::rd::OFFSET)
    } else if matches!(super::util::callee_base(inst), Some("llvm.genx.wrregioni" | "llvm.genx.wrregionf")) {
        Some(region_ir::wr::OFFSET)
    } else if super::util::callee_base(inst) == Some("llvm.genx.add.addr") {
        Some(0)
    } else {
        None
    }
}

/// Clones every baled operand with several uses (see the module documentation), keeping `bales` up to date.
/// Returns the number of clones.
pub(super) fn clone_baled_operands(bales: &mut Bales) -> usize {
    let function = bales.function();
    let mut stack: Vec<(LLVMValueRef, u32)> = Vec::new();
    for inst in ir::blocks(function).flat_map(ir::instructions) {
        let info = bales.info(inst);
        for n in info.baled_operands() {
            if n < num_operands(inst) && is_inst(operand(inst, n)) && !has_one_use(operand(inst, n)) {
                stack.push((inst, n));
            }
        }
    }
    let codegen = bales.kind() == BalingKind::CodeGen;
    let mut clones = 0;
    while let Some((user, n)) = stack.pop() {
        let op = operand(user, n);
        if !is_inst(op) || has_one_use(op) {
            continue;
        }
        let goto_join = matches!(super::util::callee_base(op), Some("llvm.genx.simdcf.goto" | "llvm.genx.simdcf.join"));
        let baled = bales.info(user).is_operand_baled(n);
        let address = codegen && address_operand(user) == Some(n);
        if goto_join || (!baled && !is_cast(op) && !address) {
            continue;
        }
        if opcode(op) == Some(LLVMOpcode::LLVMPHI) || memory::effects(op).any() {
            continue;
        }
        if !baled && opcode(user) == Some(LLVMOpcode::LLVMPHI) {
            continue;
        }
        let insert_before = if baled { ir::next_instruction(op) } else { user };
        if insert_before.is_null() {
            continue;
        }
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        let clone = unsafe { LLVMInstructionClone(op) };
        if clone.is_null() {
            continue;
        }
        let name = c_name(&ir::value_name(op));
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        region_ir::with_builder_before(insert_before, |builder| unsafe {
            LLVMInsertIntoBuilderWithName(builder, clone, name.as_ptr());
        });
        ir_write::set_operand(user, n, clone);
        clones += 1;
        let info = bales.info(op);
        if bales.is_considered(op) {
            bales.set_info(clone, info);
        }
        let clone_address = address_operand(clone);
        for i in 0..num_operands(clone) {
            let wanted = info.is_operand_baled(i) || (codegen && clone_address == Some(i));
            if wanted && is_inst(operand(clone, i)) {
                stack.push((clone, i));
            }
        }
    }
    clones
}

/// Bales `function` ([`analyze`]) and clones every baled operand that has more than one use, recursively, so
/// that the single-use invariant holds for that baling. Returns the number of clones.
pub fn clone_multi_use_members(function: LLVMValueRef, platform: &Platform, kind: BalingKind) -> usize {
    let mut bales = analyze(function, platform, kind);
    clone_baled_operands(&mut bales)
}
