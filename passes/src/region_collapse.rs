//! `genx-region-collapse`: folds nested region accesses into single regions.
//!
//! # What
//! Rewrites a read of a read, `rdregion(rdregion(V, O), I)`, into one `rdregion(V, O∘I)`; a write into a
//! selection of a selection, `wrregion(A, wrregion(rdregion(A, O), X, I), O)`, into one
//! `wrregion(A, X, O∘I)`; and a write that is entirely overwritten, `wrregion(wrregion(A, X1, R), X2, R)`,
//! into `wrregion(A, X2, R)` — as far as the region algebra (`genx-region`) proves the composite is one region
//! (docs/genx-ir.md §2.1, IGC's GenXRegionCollapsing). Bitcasts are moved next to the regions so that baling can put
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
//!    docs/genx-ir.md §1.5 are simplified (whole-vector `rdregion`/`wrregion`, all-zero masks, `wr(A, rd(A, R), R)`,
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
//! **Cost.** Blocks settle in about three sweeps (one that does the work, one that finds the few rewrites the
//! new instructions allow, one that confirms), and all but a few visits change nothing, so a visit that changes
//! nothing must be cheap: each rule asks its cheapest question first (opcode, operand kind, element count,
//! constant offset) before reading a region; the kind of a call is read once per callee and thread (a
//! [`CalleeCache`] of callee kinds, and the operand count the declaration fixes); the visited instruction is
//! not asked its kind again; refusals are kept as lazy texts and formatted only for the sweep that reports
//! them; names of created values are built only when an instruction gets one; statistics are counted in the
//! run and added once. A work list that revisits only what a rewrite touched was tried: keeping the output
//! identical needs the users that look into a changed value, transitively, and that bookkeeping (a record per
//! instruction, walks over users on every change) cost more than the cheap visits it saved.
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
//! [`CalleeCache`]: crate::callee_cache::CalleeCache
//! [`combine`]: genx_region::combine()
//! [`normalize_element_types`]: genx_region::normalize_element_types
//! [`IndexProgram`]: genx_region::IndexProgram
//! [`Refusal`]: genx_region::Refusal
//! [`RdRegion::read`]: crate::region_ir::RdRegion::read

mod prestep;
mod reads;
mod support;
mod writes;

use std::cell::{Cell, RefCell};
use std::ffi::CStr;

use genx_region::Refusal;
use inkwell::values::{AsValueRef, FunctionValue};

use crate::callee_cache::CalleeCache;
use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir;
use support::{for_each_user, has_uses, opcode, replace_uses};
use Settled::{LoneRead, PreStep};

/// Sweeps of one block before giving up on a fixpoint (a safety net: every rewrite removes a region or moves a
/// bitcast outward, so real code settles in a few sweeps).
const MAX_SWEEPS: usize = 64;

/// Pass body: collapses nested regions in `function`. Returns whether the IR changed.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = crate::region_ir::memo_scope();
    let function = function.as_value_ref();
    let mut collapser = Collapser::new(cx, function);
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
            collapser.count(Stat::BlocksUnsettled);
        }
    }
    collapser.add_stats();
    collapser.any_change
}

/// The reachable blocks of `function` in post-order of a depth-first walk from the entry.
fn post_order(function: LLVMValueRef) -> Vec<LLVMBasicBlockRef> {
    ir::depth_first_orders(function).1
}

/// A refusal seen during a sweep; reported only if it survives to the block's fixpoint. The message is
/// formatted only then (it names values, whose names the final sweep leaves as they are).
struct Missed {
    inst: LLVMValueRef,
    name: &'static CStr,
    message: Box<dyn std::fmt::Display>,
}

/// The statistics of the pass: counted during a run, added to LLVM's counters once at its end.
#[derive(Clone, Copy)]
enum Stat {
    TruncsLowered,
    ExtractsLowered,
    RegionsSimplified,
    ReadsCombined,
    IndirectReadsSplit,
    ReadsRetyped,
    WritesEliminated,
    UnitBitcastsRemoved,
    ReadModifyWritesCombined,
    SplatWritesCombined,
    WritesRetyped,
    NotCombined,
    NotRetyped,
    BlocksUnsettled,
}

const STAT_COUNT: usize = Stat::BlocksUnsettled as usize + 1;

/// Name and description of each [`Stat`], in declaration order.
const STATS: [(&CStr, &CStr); STAT_COUNT] = [
    (c"truncs-lowered", c"truncs of rdregions lowered to a bitcast and a strided rdregion"),
    (c"extracts-lowered", c"extractelements of one-element rdregions made scalar rdregions"),
    (c"regions-simplified", c"region identities simplified (docs/genx-ir.md 1.5)"),
    (c"reads-combined", c"rdregion pairs combined into one rdregion"),
    (c"indirect-reads-split", c"indirect replicating rdregions split into an indirect and a direct read"),
    (c"reads-retyped", c"rdregions retyped to take the place of a bitcast of their result"),
    (c"writes-eliminated", c"wrregions removed because a later wrregion of the same region overwrites them"),
    (c"unit-bitcasts-removed", c"scalar/one-element-vector bitcasts of wrregion New values looked through"),
    (c"read-modify-writes-combined", c"wrregion(rdregion) read-modify-write patterns combined into one wrregion"),
    (c"splat-writes-combined", c"nested wrregions into constant vectors combined into one wrregion"),
    (c"writes-retyped", c"wrregions retyped to the element type of a bitcast New value"),
    (c"not-combined", c"region combinations refused (see -pass-remarks-missed)"),
    (c"not-retyped", c"bitcasts not moved across a region (see -pass-remarks-missed)"),
    (c"blocks-unsettled", c"blocks left before a fixpoint (sweep limit reached)"),
];

/// What the pass asks of a value: its opcode, and for a call whether it is a well-formed region call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An `rdregion` call with its six operands.
    Rd,
    /// A `wrregion` call with its eight operands.
    Wr,
    BitCast,
    /// `sext` or `zext`.
    Ext,
    Trunc,
    ExtractElement,
    /// Any other instruction.
    Other,
    /// Not an instruction (a constant, an argument, a global), or null.
    NotInstruction,
}

/// What a callee makes of a call: the region kind of the intrinsic, and whether its declaration fixes the
/// operand count that kind needs (a call of a function that is not variadic has exactly its parameters).
#[derive(Clone, Copy, PartialEq, Eq)]
enum CalleeKind {
    Rd { fixed: bool },
    Wr { fixed: bool },
    Other,
}

/// Entries of [`Collapser::kinds`] (a power of two; a function of a few hundred instructions rarely has two
/// on one slot).
const KIND_SLOTS: usize = 2048;

/// An entry of [`Collapser::kinds`].
#[derive(Clone, Copy)]
struct KindEntry {
    inst: LLVMValueRef,
    kind: Kind,
    /// The [`Settled`] bits: a step visited `inst` and found nothing, and no operand of `inst` (nor of a read
    /// `inst` writes) has been replaced since, so it would find nothing again. [`Collapser::retire`] clears the
    /// bits of every instruction whose operands it changes, and an instruction created later starts unsettled.
    settled: u8,
}

impl KindEntry {
    const EMPTY: KindEntry = KindEntry { inst: std::ptr::null_mut(), kind: Kind::NotInstruction, settled: 0 };
}

/// Which visits of an instruction are known to find nothing ([`KindEntry::settled`]).
#[derive(Clone, Copy)]
enum Settled {
    /// The pre-step rule of any kind: its rules read only the operands of the instruction and of the read it
    /// writes, their types and kinds, and constants.
    PreStep = 1,
    /// A sweep's visit of an `rdregion` with a constant offset whose input is not a read, bitcast or extension
    /// (nothing to combine or split): it reads only these two operands and the input's kind.
    LoneRead = 2,
}

/// The slot of an instruction in [`Collapser::kinds`]: its address, hashed by a multiplication (instructions
/// lie at least 16 bytes apart).
#[inline]
fn kind_slot(inst: LLVMValueRef) -> usize {
    ((inst as usize >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (usize::BITS - KIND_SLOTS.trailing_zeros())) as usize
}

thread_local! {
    /// The kinds of callees, kept across runs (see [`CalleeCache`]).
    static CALLEES: RefCell<Option<CalleeCache<CalleeKind>>> = const { RefCell::new(None) };
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
    stats: [u64; STAT_COUNT],
    /// The kinds of callees (taken from [`CALLEES`] for the run and given back when it ends).
    callees: RefCell<Option<CalleeCache<CalleeKind>>>,
    /// One builder for the run, positioned before each instruction that gets new code.
    builder: LLVMBuilderRef,
    /// Buffers reused by every sweep: the block's instructions (pre-step) and the operands of an erased value.
    snapshot: Vec<LLVMValueRef>,
    operands: Vec<LLVMValueRef>,
    erased: std::collections::HashSet<LLVMValueRef, region_ir::memo::FxBuild>,
    /// The kinds of instructions asked about in the run, direct-mapped by address ([`kind_slot`]; a collision
    /// replaces the entry). An instruction's kind (opcode, callee, operand count) never changes while it
    /// exists, so an entry is removed only when [`Collapser::erase_dead`] erases its instruction (whose address
    /// LLVM may give to one created later); created instructions are added on their first question.
    ///
    /// An entry also says whether the pre-step may skip its instruction (see [`KindEntry::settled`]).
    kinds: Box<[Cell<KindEntry>]>,
    /// IR edits of the run (replacements and discarded builds): a pre-step rule that made none found nothing.
    edits: u64,
}

impl Drop for Collapser<'_> {
    fn drop(&mut self) {
        // SAFETY: the collapser owns its builder (created in `Collapser::new`) and disposes it exactly once, here.
        unsafe { LLVMDisposeBuilder(self.builder) };
        if let Some(callees) = self.callees.get_mut().take() {
            callees.give_back(&CALLEES);
        }
    }
}

impl<'a> Collapser<'a> {
    fn new(cx: &'a PassCx, function: LLVMValueRef) -> Self {
        // SAFETY: the module's context is live; the collapser owns the builder and disposes it in its `Drop`.
        let builder = unsafe { LLVMCreateBuilderInContext(ir::module_context(ir::module_of(function))) };
        Collapser {
            cx,
            changed: false,
            any_change: false,
            dead: Vec::new(),
            missed: Vec::new(),
            stats: [0; STAT_COUNT],
            callees: RefCell::new(Some(CalleeCache::take(&CALLEES))),
            builder,
            snapshot: Vec::new(),
            operands: Vec::new(),
            erased: Default::default(),
            kinds: (0..KIND_SLOTS).map(|_| Cell::new(KindEntry::EMPTY)).collect(),
            edits: 0,
        }
    }

    /// The kind of `value`: remembered per instruction for the run (see [`Collapser::kinds`]), computed on the
    /// first question (an opcode read, and for a call a memo lookup of its callee).
    #[inline]
    fn kind(&self, value: LLVMValueRef) -> Kind {
        let slot = &self.kinds[kind_slot(value)];
        let entry = slot.get();
        if entry.inst == value && !value.is_null() {
            return entry.kind;
        }
        self.kind_uncached(value, slot)
    }

    /// [`Collapser::kind`] of a value not in its slot: computed, and kept when `value` is an instruction.
    #[inline(never)]
    fn kind_uncached(&self, value: LLVMValueRef, slot: &Cell<KindEntry>) -> Kind {
        match opcode(value) {
            None => Kind::NotInstruction,
            Some(op) => {
                let kind = self.kind_of_instruction(value, op);
                slot.set(KindEntry { inst: value, kind, settled: 0 });
                kind
            }
        }
    }

    fn kind_of_instruction(&self, inst: LLVMValueRef, op: LLVMOpcode) -> Kind {
        match op {
            LLVMOpcode::LLVMCall => match self.callee_kind(inst) {
                CalleeKind::Rd { fixed } if fixed || ir::call_arg_count(inst) == 6 => Kind::Rd,
                CalleeKind::Wr { fixed } if fixed || ir::call_arg_count(inst) == 8 => Kind::Wr,
                _ => Kind::Other,
            },
            LLVMOpcode::LLVMBitCast => Kind::BitCast,
            LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMZExt => Kind::Ext,
            LLVMOpcode::LLVMTrunc => Kind::Trunc,
            LLVMOpcode::LLVMExtractElement => Kind::ExtractElement,
            _ => Kind::Other,
        }
    }

    /// Whether `value` is an `rdregion` call with its six operands (a malformed call with fewer is not one: its
    /// operands are not read).
    fn is_rd(&self, value: LLVMValueRef) -> bool {
        self.kind(value) == Kind::Rd
    }

    /// Whether `value` is a `wrregion` call with its eight operands.
    fn is_wr(&self, value: LLVMValueRef) -> bool {
        self.kind(value) == Kind::Wr
    }

    /// The kind of the callee of `call` (a call instruction), asked of the intrinsic table once per callee and
    /// thread ([`CalleeCache`] checks a kept answer against the callee when a run first asks).
    fn callee_kind(&self, call: LLVMValueRef) -> CalleeKind {
        let compute = |call: LLVMValueRef, callee: LLVMValueRef| {
            // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
            let fixed = |params: u32| unsafe {
                // A direct call of a function that is not variadic has exactly the function's parameters.
                ir::param_count(callee) == params && LLVMIsFunctionVarArg(ir::global_value_type(callee)) == 0
            };
            if region_ir::is_rdregion(call) {
                CalleeKind::Rd { fixed: fixed(6) }
            } else if region_ir::is_wrregion(call) {
                CalleeKind::Wr { fixed: fixed(8) }
            } else {
                CalleeKind::Other
            }
        };
        let mut callees = self.callees.borrow_mut();
        callees.as_mut().and_then(|cache| cache.get_of_call(call, compute)).unwrap_or(CalleeKind::Other)
    }

    /// One reverse walk over `block` (after the forward pre-step). Instructions created while processing one
    /// instruction are inserted before it, so the walk (which already holds the previous instruction) does not
    /// visit them: the next sweep does.
    fn sweep(&mut self, block: LLVMBasicBlockRef) {
        self.pre_step(block);
        let mut cursor = ir::last_instruction(block);
        while !cursor.is_null() {
            let inst = cursor;
            cursor = ir::previous_instruction(inst);
            if !has_uses(inst) {
                continue;
            }
            match self.kind(inst) {
                Kind::Rd => self.process_rdregion(inst),
                Kind::Wr => self.process_wrregion(inst),
                Kind::BitCast => self.process_bitcast(inst),
                _ => {}
            }
        }
    }

    /// Whether a visit of `inst` may be skipped (see [`KindEntry::settled`]).
    fn is_settled(&self, inst: LLVMValueRef, what: Settled) -> bool {
        let entry = self.kinds[kind_slot(inst)].get();
        entry.inst == inst && entry.settled & what as u8 != 0
    }

    /// Marks `inst` settled for `what` (its entry is in its slot after a [`Collapser::kind`] question, unless
    /// another instruction took the slot since: then nothing is remembered).
    fn settle(&self, inst: LLVMValueRef, what: Settled) {
        let slot = &self.kinds[kind_slot(inst)];
        let entry = slot.get();
        if entry.inst == inst {
            slot.set(KindEntry { settled: entry.settled | what as u8, ..entry });
        }
    }

    fn unsettle(&self, inst: LLVMValueRef) {
        let slot = &self.kinds[kind_slot(inst)];
        let entry = slot.get();
        if entry.inst == inst && entry.settled != 0 {
            slot.set(KindEntry { settled: 0, ..entry });
        }
    }

    /// Runs `f` with the run's builder positioned before `inst`.
    fn build_before<T>(&self, inst: LLVMValueRef, f: impl FnOnce(&Self, LLVMBuilderRef) -> T) -> T {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe { LLVMPositionBuilderBefore(self.builder, inst) };
        f(self, self.builder)
    }

    /// Replaces the uses of `old` by `new` (which takes `old`'s name when unnamed) and schedules `old` for
    /// erasure.
    fn retire(&mut self, old: LLVMValueRef, new: LLVMValueRef) {
        // The users of `old` get a new operand, and so do the users of a read among them (a write's pre-step
        // rule reads its New read's operands): the pre-step visits them again.
        for_each_user(old, |user| {
            self.unsettle(user);
            if self.is_rd(user) {
                for_each_user(user, |w| self.unsettle(w));
            }
        });
        self.edits += 1;
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
        self.edits += 1;
        self.dead.extend(values.iter().copied().filter(|v| !v.is_null()));
    }

    /// Erases the instructions of `dead` that have no uses, and then the operands that become unused.
    fn erase_dead(&mut self) {
        let mut work = std::mem::take(&mut self.dead);
        let mut operands = std::mem::take(&mut self.operands);
        self.erased.clear();
        while let Some(value) = work.pop() {
            // A value may be queued twice (the operand of two erased values); once erased, it is gone.
            if self.erased.contains(&value) || opcode(value).is_none() || has_uses(value) {
                continue;
            }
            operands.clear();
            {
                operands.extend(
                    (0..ir::operand_count(value))
                        .map(|i| ir::operand(value, i))
                        .filter(|&op| !op.is_null() && opcode(op).is_some()),
                );
            }
            if region_ir::erase_if_dead(value) {
                self.erased.insert(value);
                let slot = &self.kinds[kind_slot(value)];
                if slot.get().inst == value {
                    slot.set(KindEntry::EMPTY);
                }
                work.extend_from_slice(&operands);
            }
        }
        self.dead = work;
        self.operands = operands;
    }

    fn count(&mut self, stat: Stat) {
        self.stats[stat as usize] += 1;
    }

    /// Adds the run's counts to the statistics.
    fn add_stats(&self) {
        for (&(name, description), &n) in STATS.iter().zip(&self.stats) {
            self.cx.count(name, description, n);
        }
    }

    /// A passed remark about `inst` (formatted only when remarks are on).
    fn passed(&self, name: &'static CStr, inst: LLVMValueRef, message: impl FnOnce() -> String) {
        if self.cx.remarks_enabled(inst) {
            self.cx.remark(RemarkKind::Passed, name, inst, &message());
        }
    }

    /// Records that a combination at `inst` was not done, and why.
    fn missed(&mut self, inst: LLVMValueRef, message: impl std::fmt::Display + 'static) {
        self.missed_named(c"NotCombined", inst, message);
    }

    fn missed_named(&mut self, name: &'static CStr, inst: LLVMValueRef, message: impl std::fmt::Display + 'static) {
        self.missed.push(Missed { inst, name, message: Box::new(message) });
    }

    /// Records a refusal of the algebra: `what` was attempted, `refusal` says why not.
    fn refused(&mut self, inst: LLVMValueRef, what: impl std::fmt::Display + 'static, refusal: Refusal) {
        self.missed(inst, support::lazy!("{what}: {refusal} [{}]", refusal.name()));
    }

    /// Emits the missed remarks of the sweep that reached the fixpoint, each (instruction, message) once in the
    /// order first seen, and counts them.
    fn report_missed(&mut self) {
        let mut reported: Vec<(LLVMValueRef, &'static CStr, String)> = Vec::new();
        for m in std::mem::take(&mut self.missed) {
            let message = m.message.to_string();
            if !reported.iter().any(|(inst, _, text)| *inst == m.inst && *text == message) {
                reported.push((m.inst, m.name, message));
            }
        }
        for (inst, name, message) in reported {
            if name == c"NotRetyped" {
                self.count(Stat::NotRetyped);
            } else {
                self.count(Stat::NotCombined);
            }
            self.cx.remark(RemarkKind::Missed, name, inst, &message);
        }
    }
}
