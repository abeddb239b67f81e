//! genx-visa-emit, control flow: phis, branches and the copies on edges.
//!
//! # Phis
//! Every phi gets its variable before any block is lowered (a loop's back edge reaches the header's phi
//! before the latch is lowered). On each edge `P → S`, the phis of `S` receive their incoming values at the
//! end of `P`, before its branch: a value as a [`Inst::Copy`] (coalescing removes it when the two variables
//! do not interfere), a constant written into the phi's variable, undef nothing. The copies of one edge are
//! a parallel copy: they are ordered so that no copy overwrites a variable a later one reads, and a cycle
//! (a swap of two loop-carried values) goes through a fresh variable. When `S` starts with a SIMD join, the
//! edge also carries the moves of the join's exit when no channel is enabled (simdcf.rs).
//!
//! # Branches
//! `br S` is `jmp S` unless `S` is the next block. `br c, S1, S2`: the copies of an edge must run only on
//! that edge (a phi's variable may still hold a value the other successor reads: the lost-copy problem),
//! so the edge with copies is the fall-through path after the conditional jump: `(c) jmp S1; copies of S2;
//! jmp S2` or `(!c) jmp S2; copies of S1; jmp S1` (a jump to the next block omitted). When both edges have
//! copies, the jump goes to a new block placed right after this one, holding the copies of `S1` and a jump
//! to `S1`.
//!
//! # Not handled
//! `switch`, `indirectbr` (refused by the dispatcher as not lowered); a phi's incoming value defined in a
//! block laid out after the predecessor (a located error at the phi: its value has no register yet).

use std::collections::HashMap;

use genx_visa::{Block, Category, CopyReason, Inst, LabelId, Pred, VarId};
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{constant_lanes, error, Lowering, R};
use crate::ir;

/// Control-flow state of one kernel's lowering.
#[derive(Default)]
pub(super) struct Control {
    /// Blocks made for edges, placed right after the block being lowered.
    pub(super) extra: Vec<Block>,
    /// The EM and RM values (`simdcf.rs`): no variable, no copies.
    pub(super) masks: std::collections::HashSet<LLVMValueRef>,
    /// EM slices (`rdpredregion` of an EM value): the first channel they start at.
    pub(super) em_offsets: std::collections::HashMap<LLVMValueRef, u32>,
    /// The function has SIMD control flow: instructions are NoMask unless written under the execution mask.
    pub(super) simd_cf: bool,
    /// Indices (in the instructions of the block being lowered) of those written under the execution mask.
    pub(super) em_masked: Vec<usize>,
}

/// One value to move into a phi's variable on an edge.
pub(super) enum EdgeMove {
    Copy { dst: VarId, src: VarId },
    Constant { dst: VarId, value: LLVMValueRef },
}

impl Lowering<'_> {
    /// Variables for every phi of the function (before any block is lowered).
    pub(super) fn phi_variables(&mut self, blocks: &[LLVMBasicBlockRef]) -> R<()> {
        for &block in blocks {
            for inst in ir::instructions(block) {
                if ir::opcode(inst) != Some(LLVMOpcode::LLVMPHI) {
                    break;
                }
                if self.is_mask_value(inst) {
                    continue;
                }
                let var = self.new_var(inst, false)?;
                self.define(inst, var);
            }
        }
        Ok(())
    }

    /// A phi's own position needs no instruction: its variable is written on the edges.
    pub(super) fn phi(&mut self, phi: LLVMValueRef) -> R<()> {
        if self.vars.contains_key(&phi) || self.is_mask_value(phi) {
            return Ok(());
        }
        Err(error(phi, "phi without a variable (internal)"))
    }

    /// The phis of `block` that have a variable (not mask values), each with its incoming value from `pred`.
    fn phi_incomings(&self, block: LLVMBasicBlockRef, pred: LLVMBasicBlockRef) -> R<Vec<(LLVMValueRef, LLVMValueRef)>> {
        let mut incomings = Vec::new();
        for phi in ir::instructions(block).take_while(|&i| ir::opcode(i) == Some(LLVMOpcode::LLVMPHI)) {
            if self.is_mask_value(phi) {
                continue;
            }
            let Some(&(value, _)) = ir::phi_incoming(phi).iter().find(|(_, b)| *b == pred) else {
                return Err(error(phi, "phi without an incoming value for a predecessor"));
            };
            incomings.push((phi, value));
        }
        Ok(incomings)
    }

    /// The moves into `succ`'s phis on the edge from `pred`.
    pub(super) fn edge_moves(&mut self, user: LLVMValueRef, pred: LLVMBasicBlockRef, succ: LLVMBasicBlockRef) -> R<Vec<EdgeMove>> {
        let mut moves = Vec::new();
        let incomings = self.phi_incomings(succ, pred)?;
        for &(phi, value) in &incomings {
            self.push_edge_move(user, &mut moves, phi, value)?;
        }
        // A join block's exit when no channel is enabled runs nothing of the block: its moves are made here,
        // each incoming value a phi of the block replaced by that phi's value on this edge (simdcf.rs).
        let mut at = succ;
        let mut on_edge: HashMap<LLVMValueRef, LLVMValueRef> = incomings.into_iter().collect();
        while let Some(exit) = self.join_exit(at) {
            if self.layout[&exit] <= self.layout[&at] {
                let message = "a join whose exit when no channel is enabled goes backward is not lowered yet";
                return Err(error(ir::terminator(at), message));
            }
            let mut next = HashMap::new();
            for (phi, value) in self.phi_incomings(exit, at)? {
                let value = on_edge.get(&value).copied().unwrap_or(value);
                self.push_edge_move(user, &mut moves, phi, value)?;
                next.insert(phi, value);
            }
            (at, on_edge) = (exit, next);
        }
        Ok(moves)
    }

    /// The move of `value` into `phi`'s variable on an edge (none for undef or the variable itself).
    fn push_edge_move(
        &mut self,
        user: LLVMValueRef,
        moves: &mut Vec<EdgeMove>,
        phi: LLVMValueRef,
        value: LLVMValueRef,
    ) -> R<()> {
        let dst = self.vars[&phi];
        if ir::is_undef(value) {
            return Ok(());
        }
        if ir::is_constant(value) {
            moves.push(EdgeMove::Constant { dst, value });
        } else {
            let src = self.var_of(user, value)?;
            if src != dst {
                moves.push(EdgeMove::Copy { dst, src });
            }
        }
        Ok(())
    }

    /// Emits an edge's moves as a parallel copy (see the module note), constants last.
    pub(super) fn emit_edge(&mut self, user: LLVMValueRef, moves: Vec<EdgeMove>) -> R<()> {
        let mut copies: Vec<(VarId, VarId)> = Vec::new();
        let mut constants = Vec::new();
        for m in moves {
            match m {
                EdgeMove::Copy { dst, src } => copies.push((dst, src)),
                EdgeMove::Constant { dst, value } => constants.push((dst, value)),
            }
        }
        while !copies.is_empty() {
            let root = |k: &genx_visa::Kernel, v: VarId| k.root_of(v);
            let ready = (0..copies.len()).find(|&i| {
                let dst = root(&self.k, copies[i].0);
                copies.iter().enumerate().all(|(j, &(_, src))| j == i || root(&self.k, src) != dst)
            });
            match ready {
                Some(i) => {
                    let (dst, src) = copies.remove(i);
                    self.insts.push(Inst::Copy { dst, src, reason: CopyReason::Phi });
                }
                None => {
                    // A cycle: save the first copy's destination, and read the saved value instead.
                    let (dst, _) = copies[0];
                    let saved = self.fresh_like(dst);
                    self.insts.push(Inst::Copy { dst: saved, src: dst, reason: CopyReason::Phi });
                    let dst_root = self.k.root_of(dst);
                    for copy in copies.iter_mut() {
                        if self.k.root_of(copy.1) == dst_root {
                            copy.1 = saved;
                        }
                    }
                }
            }
        }
        for (dst, value) in constants {
            match self.k.var(dst).category {
                Category::Predicate { .. } => {
                    let src = self.constant_predicate(user, value)?;
                    self.insts.push(Inst::Copy { dst, src, reason: CopyReason::Phi });
                }
                _ => {
                    let lanes = constant_lanes(value)
                        .ok_or_else(|| error(user, "a constant expression incoming to a phi is not lowered yet"))?;
                    let ty = self.k.var(dst).ty().unwrap_or(genx_visa::Type::D);
                    self.write_constant(dst, &lanes, ty);
                }
            }
        }
        Ok(())
    }

    /// A fresh variable of `like`'s category and size.
    fn fresh_like(&mut self, like: VarId) -> VarId {
        let var = self.k.var(like).clone();
        self.k.add_var(var.category, genx_visa::Origin::Declared, var.note)
    }

    fn label(&self, block: LLVMBasicBlockRef) -> LabelId {
        self.labels[&block]
    }

    /// `br`: jumps, with the phi moves of each edge on that edge only.
    pub(super) fn branch(&mut self, br: LLVMValueRef, next: Option<LLVMBasicBlockRef>) -> R<()> {
        let here = ir::parent_block(br);
        let succs = ir::successors(br);
        let cond = ir::branch_condition(br);
        if cond.is_none() || succs.len() != 2 || succs[0] == succs[1] {
            let target = succs[0];
            let moves = self.edge_moves(br, here, target)?;
            self.emit_edge(br, moves)?;
            if Some(target) != next {
                self.insts.push(Inst::Jmp { pred: None, target: self.label(target) });
            }
            return Ok(());
        }
        let cond = cond.unwrap_or(br);
        let var = self.predicate_operand(br, cond)?;
        if !matches!(self.k.var(var).category, Category::Predicate { elems: 1 }) {
            return Err(error(br, "the branch condition is not a scalar predicate"));
        }
        let (taken, other) = (succs[0], succs[1]);
        let taken_moves = self.edge_moves(br, here, taken)?;
        let other_moves = self.edge_moves(br, here, other)?;
        let jump_unless_next = |this: &mut Self, target: LLVMBasicBlockRef, next: Option<LLVMBasicBlockRef>| {
            if Some(target) != next {
                let label = this.label(target);
                this.insts.push(Inst::Jmp { pred: None, target: label });
            }
        };
        match (taken_moves.is_empty(), other_moves.is_empty()) {
            (true, _) => {
                self.insts.push(Inst::Jmp { pred: Some(Pred::lane(var, false)), target: self.label(taken) });
                self.emit_edge(br, other_moves)?;
                jump_unless_next(self, other, next);
            }
            (false, true) => {
                self.insts.push(Inst::Jmp { pred: Some(Pred::lane(var, true)), target: self.label(other) });
                self.emit_edge(br, taken_moves)?;
                jump_unless_next(self, taken, next);
            }
            (false, false) => {
                let name = format!("{}_edge{}", self.k.labels[self.label(taken).0 as usize], self.k.labels.len());
                let edge = self.k.add_label(name);
                self.insts.push(Inst::Jmp { pred: Some(Pred::lane(var, false)), target: edge });
                self.emit_edge(br, other_moves)?;
                self.insts.push(Inst::Jmp { pred: None, target: self.label(other) });
                let body = std::mem::take(&mut self.insts);
                self.emit_edge(br, taken_moves)?;
                jump_unless_next(self, taken, next);
                let edge_insts = std::mem::replace(&mut self.insts, body);
                self.control.extra.push(Block { label: edge, insts: edge_insts });
            }
        }
        Ok(())
    }
}
