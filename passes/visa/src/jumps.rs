//! Jump tidying on the machine IR, after coalescing: the jumps and block boundaries the lowering's layout
//! left that are no-ops once the edge copies are gone.
//!
//! # Why
//! The lowering places an edge's copies on the fall-through path of a conditional branch
//! (`(!c) jmp S2; copies of S1; jmp S1`); when coalescing removes those copies, a loop's bottom test is two
//! jumps, `(!c) jmp exit; jmp header` with `exit` the next block, where one `(c) jmp header` does. A block
//! whose label nothing jumps to (the straight-line pieces of an unrolled loop) splits the finalizer's basic
//! blocks for nothing: it schedules and propagates copies within a block.
//!
//! # Algorithm
//! One pass over the blocks in layout order: `(p) jmp A; jmp B` with `A` the next block's label becomes
//! `(!p) jmp B` (`p` a per-lane predicate), and so does `(p) jmp A` ending a block followed by a block
//! nothing names that holds only `jmp B`, then `A` (the lowering's edge block for the fall-through edge, once
//! its copies are coalesced away; the emptied block is then dropped); likewise `(p) goto A` followed by such
//! a block holding `jmp B` to a block at or before it, then `A`, becomes the backward goto `(!p) goto B`
//! (vISA: a backward goto jumps when some enabled channel's predicate holds, the others wait at the next
//! instruction, `A`; IGC's SIMD loops end so); a last `jmp` (predicated or not) to the next block is deleted. Then a block whose label no
//! `jmp`/`goto` names is appended to the block before it when that block ends in neither a jump, a `goto`
//! nor `ret` (control reaches it only by falling through); an empty block nothing names is dropped.
//!
//! # Invariants
//! Every path through the kernel executes the same instructions as before; the first block (the kernel's
//! entry, named by `.function`) stays first. A `goto`'s target (a join) keeps its label.
use std::collections::HashSet;

use crate::ir::*;

/// What [`tidy`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JumpStats {
    /// Jumps deleted (two jumps became one, or a jump to the next block).
    pub jumps_removed: u64,
    /// Blocks appended to the block before them.
    pub blocks_merged: u64,
}

/// Tidies the jumps and block boundaries of `kernel` (see the module note).
pub fn tidy(kernel: &mut Kernel) -> JumpStats {
    let mut stats = JumpStats::default();
    let named_before = named_labels(kernel);
    for i in 0..kernel.blocks.len() {
        // `(p) jmp A` then a block nothing names holding only `jmp B`, then `A`: `(!p) jmp B`, the middle
        // block emptied (control reached it only by falling out of the test when `p` is false).
        if let [.., Inst::Jmp { pred: Some(p), target: a }] = kernel.blocks[i].insts.as_slice() {
            let (p, a) = (*p, *a);
            let middle = kernel.blocks.get(i + 1);
            let after = kernel.blocks.get(i + 2).map(|b| b.label);
            if let (Some(middle), Some(after)) = (middle, after) {
                if let [Inst::Jmp { pred: None, target: b }] = middle.insts.as_slice() {
                    let b = *b;
                    if p.ctrl == PredCtrl::Lane && a == after && !named_before.contains(&middle.label) {
                        let insts = &mut kernel.blocks[i].insts;
                        *insts.last_mut().unwrap() = Inst::Jmp { pred: Some(Pred { negate: !p.negate, ..p }), target: b };
                        kernel.blocks[i + 1].insts.clear();
                        stats.jumps_removed += 1;
                    }
                }
            }
        }
        // `(p) goto A` then a block nothing names holding only `jmp B` with `B` at or before this block, then
        // `A`: `(!p) goto B`, a backward goto (the loop's SIMD bottom test: the channels where `p` held wait at
        // the next instruction, which is `A`, as they waited at `A`).
        if let [.., Inst::Goto { exec, pred: Some(p), target: a }] = kernel.blocks[i].insts.as_slice() {
            let (exec, p, a) = (*exec, *p, *a);
            let middle = kernel.blocks.get(i + 1);
            let after = kernel.blocks.get(i + 2).map(|b| b.label);
            if let (Some(middle), Some(after)) = (middle, after) {
                if let [Inst::Jmp { pred: None, target: b }] = middle.insts.as_slice() {
                    let b = *b;
                    let backward = kernel.blocks[..=i].iter().any(|block| block.label == b);
                    if p.ctrl == PredCtrl::Lane && a == after && backward && !named_before.contains(&middle.label) {
                        let negated = Pred { negate: !p.negate, ..p };
                        *kernel.blocks[i].insts.last_mut().unwrap() = Inst::Goto { exec, pred: Some(negated), target: b };
                        kernel.blocks[i + 1].insts.clear();
                        stats.jumps_removed += 1;
                    }
                }
            }
        }
        let Some(next) = kernel.blocks.get(i + 1).map(|b| b.label) else { break };
        let insts = &mut kernel.blocks[i].insts;
        let n = insts.len();
        if n >= 2 {
            if let (Inst::Jmp { pred: Some(p), target: a }, Inst::Jmp { pred: None, target: b }) = (&insts[n - 2], &insts[n - 1]) {
                // A lane predicate only: the negation of `.any`/`.all` is not the same reduction negated.
                if *a == next && *b != next && p.ctrl == PredCtrl::Lane {
                    let jump = Inst::Jmp { pred: Some(Pred { negate: !p.negate, ..*p }), target: *b };
                    insts.truncate(n - 2);
                    insts.push(jump);
                    stats.jumps_removed += 1;
                }
            }
        }
        while matches!(insts.last(), Some(Inst::Jmp { target, .. }) if *target == next) {
            insts.pop();
            stats.jumps_removed += 1;
        }
    }
    let named = named_labels(kernel);
    let mut merged: Vec<Block> = Vec::with_capacity(kernel.blocks.len());
    for block in std::mem::take(&mut kernel.blocks) {
        if block.insts.is_empty() && !named.contains(&block.label) && !merged.is_empty() {
            // An emptied block nothing names (a folded edge block): control falls through it.
            stats.blocks_merged += 1;
            continue;
        }
        match merged.last_mut() {
            Some(prev)
                if !named.contains(&block.label)
                    && !matches!(prev.insts.last(), Some(Inst::Jmp { .. } | Inst::Goto { .. } | Inst::Ret)) =>
            {
                prev.insts.extend(block.insts);
                stats.blocks_merged += 1;
            }
            _ => merged.push(block),
        }
    }
    kernel.blocks = merged;
    stats
}

/// The labels some `jmp` or `goto` of `kernel` names, and both ends of every join exit.
fn named_labels(kernel: &Kernel) -> HashSet<LabelId> {
    let mut named: HashSet<LabelId> = kernel
        .insts()
        .filter_map(|inst| match inst {
            Inst::Jmp { target, .. } | Inst::Goto { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    named.extend(kernel.join_exits.iter().flat_map(|&(join, exit)| [join, exit]));
    named
}
