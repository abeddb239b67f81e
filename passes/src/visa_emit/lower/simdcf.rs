//! genx-visa-emit, SIMD control flow: `llvm.genx.simdcf.goto`/`join` (docs/genx-ir.md §1.5) as vISA `goto`
//! and labels. The execution-mask (EM) and resume-mask (RM) values have no variable: they are the hardware's
//! execution mask and the channels waiting at a join's label.
//!
//! # Mask values
//! The results 0 and 1 of a goto (EM', RM') and 0 of a join (EM') are mask values, and so is every phi one of
//! whose incoming values is a mask value (to a fixed point: genx-simdcf-lower carries EM and RM in slots that
//! `sroa` turns into such phis), and every `rdpredregion` of one (an EM slice, at its first channel). Mask
//! values get no variable and their phis no copies.
//!
//! # Instructions
//! As IGC does (GenXCisaBuilder's NoMask default in a function with gotos), every instruction of a function with
//! SIMD control flow is NoMask, so it computes every channel as the IR does, except a write under an EM value:
//! a `wrregion` masked by EM, or `select(EM, a, b)` (b copied into the result's variable, then a moved under the
//! mask), which runs under the hardware's execution mask (`(M<k>, n)`, channel offset from the slice).
//!
//! * `br (goto.branch), T, F` after `goto(EM, RM, C)`: the channels where `C` is false leave: `(!C) goto (M1, W)
//!   J` where `J` is the block of the join that consumes the goto's RM' (followed through phis and the RM operands
//!   of other gotos); a constant false `C` is an unpredicated goto, a constant true one none. When no channel is
//!   left the hardware resumes at the nearest label with waiting channels, which is the IR's `T` when the blocks
//!   are laid out as genx-simdcf-lower makes them (checked by translation validation, not here). `F` follows (a
//!   `jmp` when it is not the next block).
//! * A join is its block's label (vISA has no join instruction: the finalizer finds the gotos naming the label);
//!   it must be the first instruction of its block after the phis. `br (join.branch), T, F` continues at `F`.
//! * Phi moves of the edge a goto takes when no channel is left (its `T`) are made before it: the hardware
//!   takes that edge implicitly; those of `F` after it (none when `F` is `T`). A join's `T` edge is taken at
//!   its label, before anything of its block runs: its moves are made by every predecessor of the join's
//!   block, on its edge to it, composed through the block's phis (`edge_moves`, following a chain of joins),
//!   and the edge is recorded in `Kernel::join_exits` for liveness. This is correct because a phi's variable
//!   of `T` is not live between those predecessors and `T` (every path to its uses enters `T` on an edge that
//!   writes it), which holds when `T` is laid out after the join's block; a backward join exit is refused.
//!
//! # Not handled
//! An EM value used other than as a goto/join operand, a select condition or a `wrregion` mask (a located
//! error); `simdcf.savemask`/`unmask`/`remask`; a goto whose RM reaches no join.

use std::collections::HashSet;

use genx_visa::{Category, CopyReason, Exec, Inst, Pred};
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{constant_lanes, error, genx_short_name, operand, Lowering, R};
use crate::ir;
use crate::region_ir;

/// The mask values of a function (see the module note), with each EM slice's first channel.
pub(super) fn mask_values(
    blocks: &[LLVMBasicBlockRef],
) -> (HashSet<LLVMValueRef>, std::collections::HashMap<LLVMValueRef, u32>, bool) {
    let mut masks = HashSet::new();
    let mut offsets = std::collections::HashMap::new();
    let mut phis = Vec::new();
    let mut slices = Vec::new();
    let mut simd_cf = false;
    for &block in blocks {
        for inst in ir::instructions(block) {
            match ir::opcode(inst) {
                Some(LLVMOpcode::LLVMPHI) => phis.push(inst),
                Some(LLVMOpcode::LLVMCall) if genx_short_name(inst) == Some("rdpredregion") => slices.push(inst),
                Some(LLVMOpcode::LLVMCall) if genx_short_name(inst) == Some("simdcf.goto") => simd_cf = true,
                Some(LLVMOpcode::LLVMExtractValue) => {
                    let index = ir::extract_index(inst).unwrap_or(u32::MAX);
                    let is_mask = match genx_short_name(operand(inst, 0)) {
                        Some("simdcf.goto") => index < 2,
                        Some("simdcf.join") => index == 0,
                        _ => false,
                    };
                    if is_mask {
                        masks.insert(inst);
                    }
                }
                _ => {}
            }
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &phi in &phis {
            if !masks.contains(&phi) && ir::phi_incoming(phi).iter().any(|(v, _)| masks.contains(v)) {
                masks.insert(phi);
                changed = true;
            }
        }
    }
    for slice in slices {
        if masks.contains(&operand(slice, 0)) {
            masks.insert(slice);
            offsets.insert(slice, ir::const_int(operand(slice, 1)).unwrap_or(0) as u32);
        }
    }
    (masks, offsets, simd_cf)
}

/// The goto or join whose branch result `cond` is (`extractvalue` 2 of a goto, 1 of a join).
fn branch_of(cond: LLVMValueRef) -> Option<(LLVMValueRef, bool)> {
    if ir::opcode(cond) != Some(LLVMOpcode::LLVMExtractValue) {
        return None;
    }
    let call = operand(cond, 0);
    match (genx_short_name(call), ir::extract_index(cond)) {
        (Some("simdcf.goto"), Some(2)) => Some((call, true)),
        (Some("simdcf.join"), Some(1)) => Some((call, false)),
        _ => None,
    }
}

impl Lowering<'_> {
    /// Whether `value` is an EM or RM value (no variable).
    pub(super) fn is_mask_value(&self, value: LLVMValueRef) -> bool {
        self.control.masks.contains(&value)
    }

    /// The heads this file lowers: mask values and goto/join calls (no code), their branch results (used by
    /// the branch), and branches on them. `None` for every other head.
    pub(super) fn simdcf_head(&mut self, inst: LLVMValueRef, next: Option<LLVMBasicBlockRef>) -> Option<R<()>> {
        if self.is_mask_value(inst) {
            return Some(Ok(()));
        }
        match genx_short_name(inst) {
            Some("simdcf.goto") => return Some(Ok(())),
            Some("simdcf.join") => return Some(self.join_position(inst)),
            Some(name) if name.starts_with("simdcf.") => {
                return Some(Err(error(inst, format!("the intrinsic llvm.genx.{name} is not lowered yet"))))
            }
            _ => {}
        }
        match ir::opcode(inst) {
            Some(LLVMOpcode::LLVMExtractValue) if branch_of(inst).is_some() => Some(Ok(())),
            Some(LLVMOpcode::LLVMBr) => {
                let (call, is_goto) = ir::branch_condition(inst).and_then(branch_of)?;
                Some(self.simd_branch(inst, call, is_goto, next))
            }
            _ => None,
        }
    }

    /// A join must start its block (after the phis): its block's label is where waiting channels resume.
    fn join_position(&self, join: LLVMValueRef) -> R<()> {
        let first = ir::instructions(ir::parent_block(join)).find(|&i| ir::opcode(i) != Some(LLVMOpcode::LLVMPHI));
        if first != Some(join) {
            return Err(error(join, "a join that is not the first instruction of its block is not lowered yet"));
        }
        Ok(())
    }

    /// Where a join block goes when no channel is enabled after its join (the `T` of `br (join.branch), T, F`),
    /// `None` for a block that does not start with a join.
    pub(super) fn join_exit(&self, block: LLVMBasicBlockRef) -> Option<LLVMBasicBlockRef> {
        let first = ir::instructions(block).find(|&i| ir::opcode(i) != Some(LLVMOpcode::LLVMPHI))?;
        if genx_short_name(first) != Some("simdcf.join") {
            return None;
        }
        let br = ir::terminator(block);
        let (call, is_goto) = ir::branch_condition(br).and_then(branch_of)?;
        (call == first && !is_goto).then(|| ir::successors(br)[0])
    }

    /// The block of the join that consumes a goto's RM' (through phis and other gotos' RM operands).
    fn join_of(&self, goto: LLVMValueRef) -> Option<LLVMBasicBlockRef> {
        let rm = ir::users(goto).into_iter().find(|&u| ir::extract_index(u) == Some(1))?;
        let mut work = vec![rm];
        let mut seen = HashSet::new();
        while let Some(value) = work.pop() {
            if !seen.insert(value) {
                continue;
            }
            for user in ir::users(value) {
                match genx_short_name(user) {
                    Some("simdcf.join") if operand(user, 1) == value => return Some(ir::parent_block(user)),
                    Some("simdcf.goto") if operand(user, 1) == value => {
                        work.extend(ir::users(user).into_iter().filter(|&u| ir::extract_index(u) == Some(1)));
                    }
                    _ if ir::opcode(user) == Some(LLVMOpcode::LLVMPHI) => work.push(user),
                    _ => {}
                }
            }
        }
        None
    }

    fn simd_branch(
        &mut self,
        br: LLVMValueRef,
        call: LLVMValueRef,
        is_goto: bool,
        next: Option<LLVMBasicBlockRef>,
    ) -> R<()> {
        let here = ir::parent_block(br);
        let succs = ir::successors(br);
        let (taken, fall) = (succs[0], succs[1]);
        if is_goto {
            // The edge taken when no channel is left is taken by the hardware implicitly: its moves come first
            // (all of them when both edges go to the same block: nothing after the goto runs on that edge).
            let taken_moves = self.edge_moves(br, here, taken)?;
            self.emit_edge(br, taken_moves)?;
        } else {
            // A join's: nothing of its block runs on that edge; the predecessors made its moves
            // (`edge_moves` follows join exits).
            let (join, exit) = (self.labels[&here], self.labels[&taken]);
            self.k.join_exits.push((join, exit));
        }
        if is_goto {
            let Some(join) = self.join_of(call) else {
                return Err(error(call, "a goto whose resume mask reaches no join is not lowered yet"));
            };
            let cond = operand(call, 2);
            let width = region_ir::lanes(ir::type_of(cond));
            let exec = Exec { size: width, offset: 0, no_mask: false };
            let target = self.labels[&join];
            if ir::is_constant(cond) {
                match constant_lanes(cond) {
                    Some(lanes) if lanes.iter().all(|&l| l & 1 == 0) => {
                        self.insts.push(Inst::Goto { exec, pred: None, target })
                    }
                    Some(lanes) if lanes.iter().all(|&l| l & 1 == 1) => {}
                    _ => {
                        let var = self.constant_predicate(call, cond)?;
                        self.insts.push(Inst::Goto { exec, pred: Some(Pred::lane(var, true)), target });
                    }
                }
            } else {
                if self.bales.info(call).is_operand_baled(2) {
                    return Err(error(call, "a goto on a baled condition is not lowered yet"));
                }
                let var = self.var_of(call, cond)?;
                if !matches!(self.k.var(var).category, Category::Predicate { elems } if elems == width) {
                    return Err(error(call, "the goto condition is not a predicate of the goto's width"));
                }
                self.insts.push(Inst::Goto { exec, pred: Some(Pred::lane(var, true)), target });
            }
        }
        if !is_goto || taken != fall {
            let fall_moves = self.edge_moves(br, here, fall)?;
            self.emit_edge(br, fall_moves)?;
        }
        if Some(fall) != next {
            let label = self.labels[&fall];
            self.insts.push(Inst::Jmp { pred: None, target: label });
        }
        Ok(())
    }

    /// `select(EM, a, b)`: b into the result's variable (a copy coalescing may remove), then a moved under the
    /// execution mask.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn masked_select(
        &mut self,
        inst: LLVMValueRef,
        var: genx_visa::VarId,
        offset: u32,
        hstride: u32,
        exec: Exec,
        sat: bool,
        pred: Option<Pred>,
    ) -> R<()> {
        if pred.is_some() || offset != 0 || hstride != 1 || sat {
            return Err(error(inst, "a select under the execution mask inside another region write is not lowered yet"));
        }
        let old = operand(inst, 2);
        if ir::is_constant(old) {
            if !ir::is_undef(old) {
                let lanes = constant_lanes(old).ok_or_else(|| error(inst, "a constant expression select operand"))?;
                let ty = self.k.var(var).ty().unwrap_or(genx_visa::Type::D);
                self.write_constant(var, &lanes, ty);
            }
        } else {
            let src = self.var_of(inst, old)?;
            self.insts.push(Inst::Copy { dst: var, src, reason: CopyReason::MaskedSelectOld });
        }
        let start = self.insts.len();
        let src = self.source(inst, 1, exec.size, None)?;
        let dst = self.dst(inst, var, 0, 1, false)?;
        self.insts.push(Inst::Alu { op: "mov", sat: false, exec, pred: None, dst, srcs: vec![src] });
        self.mark_em_masked(start, operand(inst, 0));
        Ok(())
    }

    /// Marks the instructions from `start` as written under the execution mask `mask` (their channels start
    /// at the slice's first channel).
    pub(super) fn mark_em_masked(&mut self, start: usize, mask: LLVMValueRef) {
        let offset = self.control.em_offsets.get(&mask).copied().unwrap_or(0);
        for index in start..self.insts.len() {
            if let Inst::Alu { exec, .. } | Inst::Cmp { exec, .. } | Inst::MovIndirect { exec, .. } =
                &mut self.insts[index]
            {
                exec.offset = offset;
            }
            self.control.em_masked.push(index);
        }
    }

    /// After a head: in a function with SIMD control flow, its instructions not written under the execution
    /// mask become NoMask.
    pub(super) fn finish_head(&mut self, start: usize) {
        if !self.control.simd_cf {
            return;
        }
        let masked = std::mem::take(&mut self.control.em_masked);
        for index in start..self.insts.len() {
            if masked.contains(&index) {
                continue;
            }
            match &mut self.insts[index] {
                Inst::Alu { exec, .. }
                | Inst::AddC { exec, .. }
                | Inst::Cmp { exec, .. }
                | Inst::Setp { exec, .. }
                | Inst::PredLogic { exec, .. }
                | Inst::MovIndirect { exec, .. } => exec.no_mask = true,
                _ => {}
            }
        }
    }
}
