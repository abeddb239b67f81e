//! `genx-region-collapse`: folds nested region accesses into single regions.
//!
//! # What
//! Rewrites a read of a read, `rdregion(rdregion(V, O), I)`, into one `rdregion(V, O∘I)`; a write into a
//! selection of a selection, `wrregion(A, wrregion(rdregion(A, O), X, I), O)`, into one
//! `wrregion(A, X, O∘I)`; and a write that is entirely overwritten, `wrregion(wrregion(A, X1, R), X2, R)`,
//! into `wrregion(A, X2, R)` — as far as the region algebra (`genx-region`) proves the composite is one region
//! (genx-ir.md §2.1, IGC's GenXRegionCollapsing). Bitcasts are moved next to the regions so that baling can put
//! a region on the operand of one vISA instruction.
//!
//! # Why: where nested regions come from
//! | CM source | IR before this pass |
//! |---|---|
//! | `m.select<2,2,4,1>(i, j)` on a `matrix<int,8,8>` | rows `rdregion(m, <16;8,1>(i·32), pw 8)` then columns `rdregion(rows, <8;4,1>(j·4), pw 8)` (the front end always emits the two steps) |
//! | `v.select<8,1>(8).select<4,2>(1)`, `m.row(2).select<4,1>(k)` | a 1D read of a read |
//! | `v.format<char>().select<4,4>(0)`, `(vector<short,8>) v.select<8,2>(0)` | reads with a bitcast or a `sext`/`zext` between them |
//! | `v.select<8,1>(0).select<4,2>(1) = x`, `m.select<2,1,4,1>(i,j) = x` | `wrregion(A, wrregion(rdregion(A, O), x, I), O)` |
//! | `v[i]` on a selection, `v.select<4,1>(0)(k)` | `extractelement <1 x T> (rdregion ...)` after GenXLowering |
//! | `(vector<char,8>) v` of an int selection | `trunc` of an `rdregion` |
//!
//! # Algorithm
//! Blocks in post-order from the entry (so a value's uses are usually seen before its definition); in each
//! block, repeat until a sweep changes nothing:
//! 1. **Pre-step** (`prestep.rs`, forward): `trunc` of an `rdregion` becomes a bitcast plus a strided
//!    `rdregion`; `extractelement(<1 x T> rdregion, 0)` becomes a scalar `rdregion`; region identities of
//!    genx-ir.md §1.5 are simplified (whole-vector `rdregion`/`wrregion`, all-zero masks, `wr(A, rd(A, R), R)`,
//!    a read of a constant splat).
//! 2. **Sweep** (instructions in reverse):
//!    * `rdregion` (`reads.rs`): find the read it reads from, through any bitcasts and at most one `sext`/`zext`
//!      (not from `i1`, not followed by an element-type-changing bitcast, only with a direct inner read, re-applied
//!      after the combined read); bring both regions to one element size ([`normalize_element_types`],
//!      preferring the inner read's type; with an extension, the extension's source type); [`combine`]; emit
//!      the combined index with the [`IndexProgram`] the algebra returns; repeat on the result. Finally an
//!      indirect replicating read is split into an indirect one-row (or one-column) read and a direct
//!      replicating read of it.
//!    * `wrregion` (`writes.rs`): the overwritten-write elimination; a scalar↔`<1 x T>` bitcast on New looked
//!      through; the splat pattern and the read-modify-write pattern, innermost first (recursively; regions
//!      normalised preferring the written vector's type; a masked inner write keeps its mask, a masked outer
//!      write is refused); then a bitcast New moved onto Old and the result (the write retyped to New's
//!      element type, never a wider one than Old's: see the invariants).
//!    * `bitcast` of a single-use `rdregion` (or of one reading a global load): the read is retyped instead.
//! 3. Instructions made dead are erased after each sweep (never during one, so the reverse walk stays valid).
//!
//! Every combination and retyping is counted (`-stats`) and reported as a passed remark (`-pass-remarks=`);
//! every refusal that survives to the block's fixpoint — from the algebra, with its [`Refusal`] name, or from a
//! policy check of this pass — is a missed remark (`-pass-remarks-missed=genx-region-collapse`) and is counted.
//!
//! **`combine`, not `combine_by_rules`.** For a direct inner region [`combine`] applies the §2.1 rules and then
//! fits the composite element list exactly, so it refuses only what no region can express; for an indirect
//! inner region it is the rules. Whatever region it returns, legalization can split, so the exact answer is
//! never worse than IGC's. Results that would step backwards (a negative stride or vstride neither input had)
//! are refused here, since hardware regions do not step backwards.
//!
//! # Invariants
//! * In: any IR. Out: the same values computed (checked by translation validation in every lit test), every
//!   region call well formed (`genx-verify` runs after the pass in the tests).
//! * The pass never panics and never reports errors: a case it cannot handle is left unchanged.
//! * No value derived from a load of a global is moved past a memory write (IGC's vload-kill rule; the C API
//!   cannot read `genx_volatile`, so every global load counts); predefined-register regions are never touched.
//! * Multi-indirect regions and regions of `i1` (predicates) are never combined or retyped.
//! * Definedness is kept lane by lane: a vector whose lanes are not all read or overwritten (a write's Old
//!   value) is never bitcast to wider elements, which would merge an undefined lane with defined neighbours.
//!   Every other bitcast the pass creates groups exactly the bytes the original code grouped.
//!
//! # Not handled
//! IGC's sinking of constant additions out of index expressions (only a direct `add %i, C` is split, by
//! [`RdRegion::read`]) and LLVM's `SimplifyInstructionsInBlock`; unreachable blocks; combining across a masked
//! outer write (the algebra refuses: the mask is indexed by outer elements); regions whose vstride, width or
//! stride are not constants.
//!
//! [`combine`]: genx_region::combine()
//! [`normalize_element_types`]: genx_region::normalize_element_types
//! [`IndexProgram`]: genx_region::IndexProgram
//! [`Refusal`]: genx_region::Refusal
//! [`RdRegion::read`]: crate::region_ir::RdRegion::read

mod prestep;
mod reads;
mod support;
mod writes;

use std::ffi::CStr;

use genx_region::Refusal;
use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir;
use support::{has_uses, opcode, replace_uses};

/// Sweeps of one block before giving up on a fixpoint (a safety net: every rewrite removes a region or moves a
/// bitcast outward, so real code settles in a few sweeps).
const MAX_SWEEPS: usize = 64;

/// Pass body: collapses nested regions in `function`. Returns whether the IR changed.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = crate::region_ir::memo_scope();
    let function = function.as_value_ref();
    let mut collapser = Collapser::new(cx);
    for block in post_order(function) {
        let mut settled = false;
        for _ in 0..MAX_SWEEPS {
            collapser.changed = false;
            collapser.missed.clear();
            collapser.sweep(block);
            collapser.erase_dead();
            if !collapser.changed {
                collapser.report_missed();
                settled = true;
                break;
            }
        }
        if !settled {
            collapser.count(c"blocks-unsettled", c"blocks left before a fixpoint (sweep limit reached)");
        }
    }
    collapser.any_change
}

/// The reachable blocks of `function` in post-order of a depth-first walk from the entry.
fn post_order(function: LLVMValueRef) -> Vec<LLVMBasicBlockRef> {
    let mut out = Vec::new();
    unsafe {
        if LLVMCountBasicBlocks(function) == 0 {
            return out;
        }
        let entry = LLVMGetEntryBasicBlock(function);
        let mut visited: std::collections::HashSet<_> = std::collections::HashSet::from([entry]);
        let mut stack = vec![(entry, 0u32)];
        while let Some(&mut (block, ref mut next)) = stack.last_mut() {
            let terminator = LLVMGetBasicBlockTerminator(block);
            let count = if terminator.is_null() { 0 } else { LLVMGetNumSuccessors(terminator) };
            if *next < count {
                let successor = LLVMGetSuccessor(terminator, *next);
                *next += 1;
                if visited.insert(successor) {
                    stack.push((successor, 0));
                }
            } else {
                out.push(block);
                stack.pop();
            }
        }
    }
    out
}

/// A refusal seen during a sweep; reported only if it survives to the block's fixpoint.
struct Missed {
    inst: LLVMValueRef,
    name: &'static CStr,
    message: String,
}

/// The state of one run over a function.
struct Collapser<'a> {
    cx: &'a PassCx,
    /// Something changed in the current sweep.
    changed: bool,
    any_change: bool,
    /// Instructions this pass stopped using, erased (with whatever they alone kept alive) after the sweep.
    dead: Vec<LLVMValueRef>,
    missed: Vec<Missed>,
}

impl<'a> Collapser<'a> {
    fn new(cx: &'a PassCx) -> Self {
        Collapser { cx, changed: false, any_change: false, dead: Vec::new(), missed: Vec::new() }
    }

    /// One reverse walk over `block` (after the forward pre-step). Instructions created while processing one
    /// instruction are inserted before it, so the walk (which already holds the previous instruction) does not
    /// visit them: the next sweep does.
    fn sweep(&mut self, block: LLVMBasicBlockRef) {
        self.pre_step(block);
        let mut cursor = unsafe { LLVMGetLastInstruction(block) };
        while !cursor.is_null() {
            let inst = cursor;
            cursor = unsafe { LLVMGetPreviousInstruction(inst) };
            if !has_uses(inst) {
                continue;
            }
            if support::is_rd(inst) {
                self.process_rdregion(inst);
            } else if support::is_wr(inst) {
                self.process_wrregion(inst);
            } else if opcode(inst) == Some(LLVMOpcode::LLVMBitCast) {
                self.process_bitcast(inst);
            }
        }
    }

    /// Replaces the uses of `old` by `new` (which takes `old`'s name when unnamed) and schedules `old` for
    /// erasure.
    fn retire(&mut self, old: LLVMValueRef, new: LLVMValueRef) {
        replace_uses(old, new);
        self.dead.push(old);
        self.note_change();
    }

    fn note_change(&mut self) {
        self.changed = true;
        self.any_change = true;
    }

    /// Schedules values this pass created but did not use (after a failed build) for erasure.
    fn discard(&mut self, values: &[LLVMValueRef]) {
        self.dead.extend(values.iter().copied().filter(|v| !v.is_null()));
    }

    /// Erases the instructions of `dead` that have no uses, and then the operands that become unused.
    fn erase_dead(&mut self) {
        let mut erased: std::collections::HashSet<LLVMValueRef, crate::region_ir::memo::FxBuild> =
            Default::default();
        let mut work = std::mem::take(&mut self.dead);
        while let Some(value) = work.pop() {
            if erased.contains(&value) || opcode(value).is_none() || has_uses(value) {
                continue;
            }
            let operands: Vec<LLVMValueRef> = unsafe {
                (0..LLVMGetNumOperands(value) as u32)
                    .map(|i| LLVMGetOperand(value, i))
                    .filter(|&op| !op.is_null() && opcode(op).is_some())
                    .collect()
            };
            if region_ir::erase_if_dead(value) {
                erased.insert(value);
                work.extend(operands);
            }
        }
    }

    fn count(&self, name: &'static CStr, description: &'static CStr) {
        self.cx.count(name, description, 1);
    }

    /// A passed remark about `inst` (formatted only when remarks are on).
    fn passed(&self, name: &'static CStr, inst: LLVMValueRef, message: impl FnOnce() -> String) {
        if self.cx.remarks_enabled(inst) {
            self.cx.remark(RemarkKind::Passed, name, inst, &message());
        }
    }

    /// Records that a combination at `inst` was not done, and why.
    fn missed(&mut self, inst: LLVMValueRef, message: String) {
        self.missed_named(c"NotCombined", inst, message);
    }

    fn missed_named(&mut self, name: &'static CStr, inst: LLVMValueRef, message: String) {
        if !self.missed.iter().any(|m| m.inst == inst && m.message == message) {
            self.missed.push(Missed { inst, name, message });
        }
    }

    /// Records a refusal of the algebra: `what` was attempted, `refusal` says why not.
    fn refused(&mut self, inst: LLVMValueRef, what: &str, refusal: &Refusal) {
        self.missed(inst, format!("{what}: {refusal} [{}]", refusal.name()));
    }

    /// Emits the missed remarks of the sweep that reached the fixpoint, and counts them.
    fn report_missed(&mut self) {
        for m in std::mem::take(&mut self.missed) {
            if m.name == c"NotRetyped" {
                self.count(c"not-retyped", c"bitcasts not moved across a region (see -pass-remarks-missed)");
            } else {
                self.count(c"not-combined", c"region combinations refused (see -pass-remarks-missed)");
            }
            self.cx.remark(RemarkKind::Missed, m.name, m.inst, &m.message);
        }
    }
}
