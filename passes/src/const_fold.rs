//! `genx-const-fold`: folds constants and simplifies identities through the region intrinsics and the GenX
//! integer ALU intrinsics (docs/genx-ir.md §1.5: IGC's GenXSimplify, ConstantFoldingGenX and simplifyRegionInst).
//!
//! # Why
//! LLVM's own InstSimplify and constant folder see `llvm.genx.*` calls as opaque, so the region traffic the
//! front end and the other GenX passes leave behind survives them:
//! * CM's `vector<int, 8> v = 0; v.select<4, 1>(0) = 1;` is `wrregion(zeroinitializer, splat 1, ...)` of
//!   constants, and reading back `v.select<2, 2>(1)` is a `rdregion` of that constant;
//! * `v.select<8, 1>(0)` on an 8-element `v`, `v = w` through a whole-vector `select`, or a `merge` whose mask
//!   became all-ones or all-zeros after inlining are identities;
//! * GenXLowering turns `v[i]` of a broadcast constant into a `rdregion` of a splat, with a variable index;
//! * region collapsing and legalization leave `wrregion(A, rdregion(A, R), R)` (write back what was read);
//! * `cm_min`, `cm_abs`, `cm_add<SAT>`, `cm_cbit`, `cm_bf_reverse`... on constants (after inlining and
//!   unrolling) are GenX ALU calls with constant operands.
//!
//! # Algorithm
//! Rounds over the function until nothing changes (a fold can make another's operands constant):
//! 1. every instruction in layout order is offered to the folds below; a fold returns a replacement value,
//!    the instruction's uses are replaced, the instruction is erased, and its instruction operands become
//!    candidates for deletion;
//! 2. at the end of a round, candidates left without uses are erased (region calls and other side-effect-free
//!    instructions only), and so, transitively, are their operands.
//!
//! Rounds after the first are worklist-driven: a fold reads only its instruction's operands up to three steps
//! away (`FOLD_DEPTH`), so a round offers only the instructions within that distance of a value replaced since
//! they were last offered, in layout order; the others would be refused again. The result, the statistics and
//! the remarks are those of full rounds. The pass creates no instructions, so the instruction list is read
//! once.
//!
//! After the last round, every remaining region call (`rd/wr[pred]region`, `all`, `any`) without uses is
//! erased.
//!
//! Cost (generated modules leave most region calls unused, so erasing, which LLVM charges about 750 machine
//! instructions each, is most of the pass): the instruction list is read once with each instruction's kind
//! (opcode; for a call, what its callee is, from a [`CalleeCache`] kept across the runs over a module's
//! functions); a fold asks for the cheap facts first (opcode, operand types, a constant mask or offset) and
//! reads a region only when a fold is still possible; an instruction is known by its number, except to the
//! few pointer sets a run keeps (instructions to offer again, candidates, candidates erased), which sit behind
//! a bit filter; a candidate is queued when it loses its last use, so each is looked at once; the unused region
//! calls at the end are erased by sweeps from the end of the function, users before their operands, without
//! reading operands; statistics are counted in locals and added once per run.
//!
//! Folds, in the order they are tried (`R` a region, `C` a constant):
//! * `rdregion(undef, R)` → undef; `rdregion(splat C, R)` → splat C (any index, even a variable one);
//!   `rdregion(V, R)` → V when the result type is V's and R reads every element in order (offset 0,
//!   contiguous, whole); `rdregion(C, R)` with a constant offset → the constant read.
//! * `wrregion(Old, New, R, mask 0)` → Old; `wrregion(Old, New, R)` → New when New has the result's type and
//!   R (unmasked, offset 0) writes every element in order; `wrregion(Old, rdregion(Old, R), R, any mask)` →
//!   Old (same region, same index value); `wrregion(undef, splat C, R)` → splat C when R is direct, unmasked
//!   and covers the whole vector; all-constant operands with a constant offset → the constant written
//!   (elements written twice keep the last, as IGC's folder and the executor do).
//! * `rdpredregion`/`wrpredregion`: the same identities (offset 0, same type), and the constant fold.
//! * `all`/`any` of a fully defined constant predicate.
//! * the GenX ALU intrinsics of `const_fold/alu.rs` on constant operands.
//! * ordinary LLVM instructions whose operands are all constants (binary operators, `fneg`, casts between
//!   non-pointer types, compares, `select`, `extractelement`, `insertelement`, `shufflevector`) through
//!   LLVM's own constant folder (`LLVMConst*`), kept only when the answer is a plain constant (a `bitcast`
//!   is repacked lane by lane here instead, little-endian, since LLVM's C API folds few vector bitcasts). Divisions and
//!   remainders are folded only when no lane divides by zero or overflows (`MIN / -1`): those are undefined
//!   behaviour, and LLVM's folder would turn them into poison.
//! * integer `add`/`sub` undoing each other on the same value: `(X + Y) - X` → Y, `(X + Y) - Y` → X,
//!   `(X - Y) + Y` and `Y + (X - Y)` → X (exact modulo 2^n at every width; CM code such as `out = a; out += b;
//!   out -= a;` leaves them once regions collapse). Everything else (`select` with a constant condition but
//!   variable arms, other algebraic identities, phis of one constant) is left to LLVM's InstSimplify, which a
//!   pipeline can run next to this pass.
//!
//! # Invariants
//! * Undefined behaviour is never folded: a constant region reaching outside its vector, or a constant
//!   predicate region out of range, is left alone with a missed remark (`-pass-remarks-missed=genx-const-fold`),
//!   not folded to undef as IGC's folder does, so the executor still reports it.
//! * A fold never makes a lane less defined than it was: undef lanes of the result are exactly those the
//!   instruction leaves undef for every choice of its undef inputs, or are undef because an operand lane was.
//! * The pass never creates instructions, only constants, and never erases a call that may have side effects.
//!
//! # Not handled
//! `wrconstregion` (constant loading's own form; GenX folds it never), `wrpredpredregion`, regions with a
//! vector (multi-indirect) offset or a constant-expression operand, `llvm.genx.*` float math (its rounding is
//! the hardware's, not IEEE's), the 32-bit-only bit operations at other widths, and constants of pointers.

mod alu;
pub(crate) mod lanes;

type HashSet<T> = std::collections::HashSet<T, crate::region_ir::memo::FxBuild>;
use std::ffi::CStr;

use inkwell::values::{AsValueRef, FunctionValue};

use self::alu::AluOp;
use self::lanes::ConstLanes;
use crate::callee_cache::CalleeCache;
use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, lanes as lane_count, Index, RdRegion, WrRegion};
use crate::ir_write;

/// Rounds before giving up on a fixpoint (each round folds at least one instruction, so this only bounds
/// pathological inputs).
const MAX_ROUNDS: usize = 64;

/// A statistic: name and description.
type Stat = (&'static CStr, &'static CStr);

const RD_UNDEF: Stat = (c"rd-of-undef", c"rdregion/rdpredregion of undef folded to undef");
const RD_SPLAT: Stat = (c"rd-of-splat", c"rdregion of a splat constant folded to the splat");
const RD_IDENTITY: Stat = (c"rd-identity", c"identity rdregion/rdpredregion replaced by its input");
const WR_IDENTITY: Stat = (c"wr-identity", c"whole-vector wrregion/wrpredregion replaced by its new value");
const WR_ZERO_MASK: Stat = (c"wr-zero-mask", c"wrregion with an all-zero mask replaced by its old value");
const WR_OF_RD: Stat = (c"wr-of-rd", c"wrregion(A, rdregion(A, R), R) replaced by A");
const WR_SPLAT: Stat = (c"wr-splat", c"wrregion of a splat into undef over the whole vector folded to the splat");
const REGION_FOLDED: Stat = (c"regions-folded", c"region and predicate calls on constants folded");
const ALL_ANY_FOLDED: Stat = (c"all-any-folded", c"all/any of constant predicates folded");
const ALU_FOLDED: Stat = (c"alu-folded", c"GenX ALU intrinsic calls on constants folded");
const INST_FOLDED: Stat = (c"insts-folded", c"LLVM instructions on constants folded");
const ADD_SUB_INVERSE: Stat = (c"add-sub-inverse", c"integer (X + Y) - X, (X - Y) + Y replaced by Y, X");
const ERASED: Stat = (c"dead-erased", c"instructions erased after folding left them unused");

/// A fold's answer: the value replacing the instruction, and the statistic it counts towards.
struct Fold {
    value: LLVMValueRef,
    stat: Stat,
}

fn fold(value: LLVMValueRef, stat: Stat) -> Option<Fold> {
    Some(Fold { value, stat })
}

/// What folding keeps across rounds.
struct Folder<'a> {
    cx: &'a mut PassCx,
    /// Instructions already given a missed remark (each is remarked once, not once per round).
    remarked: HashSet<LLVMValueRef>,
    callees: Callees,
}

impl Folder<'_> {
    fn missed(&mut self, inst: LLVMValueRef, name: &'static CStr, message: String) {
        if self.remarked.insert(inst) {
            self.cx.remark(RemarkKind::Missed, name, inst, &message);
        }
    }
}

/// A GenX intrinsic as the pass tells them apart, by base name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Intrinsic {
    Rd,
    Wr,
    RdPred,
    WrPred,
    All,
    Any,
    Alu(AluOp),
    /// Another GenX intrinsic.
    Other,
}

/// What the pass needs to know of a called function, found once per function (and kept across runs: it
/// depends on the name and signature alone) instead of once per call.
#[derive(Clone, Copy, Debug)]
struct CalleeInfo {
    /// `None`: not a GenX intrinsic.
    intrinsic: Option<Intrinsic>,
    /// The table's operand count, when the declaration has it (non-variadic, that many parameters, not
    /// `...`): a call's arguments are its callee's parameters (the verifier's rule; malformed calls are
    /// `genx-verify`'s to report, and folding them would read operands that are not there), so this answers
    /// for every call of the function at once. `None`: never folded.
    arity: Option<u32>,
    /// An unused call may be erased: a `readnone` GenX intrinsic without side effects (`erase_if_dead`).
    removable: bool,
}

impl CalleeInfo {
    fn of(call: LLVMValueRef, callee: LLVMValueRef) -> CalleeInfo {
        let Some(desc) = region_ir::genx_desc(call) else {
            return CalleeInfo { intrinsic: None, arity: None, removable: false };
        };
        let intrinsic = match desc.name {
            "llvm.genx.rdregioni" | "llvm.genx.rdregionf" => Intrinsic::Rd,
            "llvm.genx.wrregioni" | "llvm.genx.wrregionf" => Intrinsic::Wr,
            "llvm.genx.rdpredregion" => Intrinsic::RdPred,
            "llvm.genx.wrpredregion" => Intrinsic::WrPred,
            "llvm.genx.all" => Intrinsic::All,
            "llvm.genx.any" => Intrinsic::Any,
            name => AluOp::from_name(name).map_or(Intrinsic::Other, Intrinsic::Alu),
        };
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        let params = unsafe {
            let fn_ty = ir::global_value_type(callee);
            (LLVMIsFunctionVarArg(fn_ty) == 0).then(|| ir::param_count(callee) as usize)
        };
        let arity = (!desc.variadic && params == Some(desc.operands.len())).then_some(desc.operands.len() as u32);
        CalleeInfo { intrinsic: Some(intrinsic), arity, removable: desc.attrs.readnone && !desc.attrs.has_side_effects }
    }

    /// `rd/wr[pred]region`, `all`, `any`: erased at the end of the pass when unused.
    fn region_family(&self) -> bool {
        matches!(self.intrinsic, Some(i) if i != Intrinsic::Other && !matches!(i, Intrinsic::Alu(_)))
    }
}

/// [`CalleeInfo`] per called function, kept across runs (a function of the callee's name and signature).
type Callees = CalleeCache<CalleeInfo>;

thread_local! {
    static CALLEES: std::cell::RefCell<Option<Callees>> = const { std::cell::RefCell::new(None) };
}

/// The callee's information when `value` is a direct call of a function.
fn callee_info(callees: &mut Callees, value: LLVMValueRef) -> Option<CalleeInfo> {
    callees.get(value, CalleeInfo::of)
}

/// What the sweeps know of an instruction, read once per run.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// A call: of a function (its [`CalleeInfo`]), or of anything else (`None`).
    Call(Option<CalleeInfo>),
    /// Any other instruction, by opcode.
    Other(LLVMOpcode),
}

/// A set of instruction pointers that is usually asked about values it does not hold: a 1024-bit filter in
/// front of the hash set answers most of those questions without hashing.
#[derive(Default)]
struct PtrSet {
    filter: [u64; 16],
    set: HashSet<LLVMValueRef>,
}

impl PtrSet {
    fn bit(value: LLVMValueRef) -> (usize, u64) {
        // Instructions are at least 16 bytes apart.
        let h = (value as usize >> 4) & 1023;
        (h / 64, 1 << (h % 64))
    }

    fn insert(&mut self, value: LLVMValueRef) -> bool {
        let (word, bit) = Self::bit(value);
        self.filter[word] |= bit;
        self.set.insert(value)
    }

    fn contains(&self, value: LLVMValueRef) -> bool {
        let (word, bit) = Self::bit(value);
        self.filter[word] & bit != 0 && self.set.contains(&value)
    }

    fn remove(&mut self, value: LLVMValueRef) -> bool {
        let (word, bit) = Self::bit(value);
        self.filter[word] & bit != 0 && self.set.remove(&value)
    }

    fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// Empties the set (keeping its table).
    fn clear(&mut self) {
        self.filter = [0; 16];
        self.set.clear();
    }
}

/// How far a fold looks from the instruction it folds: its operands (1), an operand's operands (2: the input
/// and offset of the `rdregion` a `wrregion` writes back), and those operands' operands (3: the `add %i, C`
/// an offset is split from). A replaced value can change the fold of its users up to this many steps away.
const FOLD_DEPTH: usize = 3;

/// The statistics a run counts, in locals, added to the pass's counters once at the end.
const STATS: [Stat; 12] = [
    RD_UNDEF,
    RD_SPLAT,
    RD_IDENTITY,
    WR_IDENTITY,
    WR_ZERO_MASK,
    WR_OF_RD,
    WR_SPLAT,
    REGION_FOLDED,
    ALL_ANY_FOLDED,
    ALU_FOLDED,
    INST_FOLDED,
    ADD_SUB_INVERSE,
];

/// Pass body: folds to a fixpoint. Returns whether the IR changed.
///
/// The rounds are those of the module documentation, but a round after the first offers an instruction to the
/// folds only when something within [`FOLD_DEPTH`] operand steps of it was replaced since it was last
/// offered: every other instruction would get the same refusal as before (the folds read nothing but that
/// neighbourhood and constants, and each missed remark is made once), so skipping it changes nothing. The
/// pass never creates instructions, so the function's instruction list is read once, with each
/// instruction's kind (opcode, callee); see the module documentation for the cost.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = crate::region_ir::memo_scope();
    let function = function.as_value_ref();
    let mut folder = Folder { cx, remarked: HashSet::default(), callees: Callees::take(&CALLEES) };
    let Scratch {
        mut insts,
        mut kinds,
        mut alive,
        mut calls,
        mut marked,
        mut candidates,
        mut pending,
        mut erased,
        mut operands,
        mut frontier,
        mut next,
    } = SCRATCH.with(|cell| std::mem::take(&mut *cell.borrow_mut()));
    for set in [&mut marked, &mut pending, &mut erased] {
        set.clear();
    }
    candidates.clear();
    insts.clear();
    kinds.clear();
    for block in ir::blocks(function) {
        let mut inst = ir::first_instruction(block);
        while !inst.is_null() {
            // SAFETY: `inst` comes from a block's instruction list, so LLVM answers one of its opcodes (a valid
            // `LLVMOpcode`, which a non-instruction would not give).
            let opcode = unsafe { LLVMGetInstructionOpcode(inst) };
            kinds.push(match opcode {
                LLVMOpcode::LLVMCall => Kind::Call(folder.callees.get_of_call(inst, CalleeInfo::of)),
                _ => Kind::Other(opcode),
            });
            insts.push(inst);
            inst = ir::next_instruction(inst);
        }
    }
    // `alive[i]`: not folded (erasing a candidate does not know its number: see `erased`).
    alive.clear();
    alive.resize(insts.len(), true);
    let mut counts = [0u64; STATS.len()];
    let mut erased_count = 0u64;
    let mut changed = false;
    for round in 0..MAX_ROUNDS {
        let mut round_changed = false;
        for i in 0..insts.len() {
            if !alive[i] {
                continue;
            }
            let inst = insts[i];
            // An offered instruction leaves `marked`. (A test of the pointer, made before the instruction is
            // touched: a candidate erased in an earlier round is not in `marked`.)
            let was_marked = !marked.is_empty() && marked.remove(inst);
            if round > 0 && !was_marked {
                continue;
            }
            let Some(Fold { value, stat }) = fold_instruction(inst, kinds[i], &mut folder) else { continue };
            if value == inst || value.is_null() {
                continue;
            }
            counts[STATS.iter().position(|s| s.0 == stat.0).unwrap_or(0)] += 1;
            // Everything whose fold can see this instruction's replacement is offered again.
            frontier.clear();
            frontier.push(inst);
            for _ in 0..FOLD_DEPTH {
                next.clear();
                for &value in &frontier {
                    for_each_user(value, |user| {
                        marked.insert(user);
                        next.push(user);
                    });
                }
                std::mem::swap(&mut frontier, &mut next);
            }
            // (A self-use marks the instruction itself, which is going.)
            marked.remove(inst);
            if !ir::has_uses(inst) {
                // An unused instruction may be a candidate already.
                pending.remove(inst);
            }
            instruction_operands(inst, &mut operands);
            region_ir::replace_and_erase(inst, value);
            alive[i] = false;
            round_changed = true;
            queue_unused(&operands, &mut candidates, &mut pending);
        }
        while let Some(candidate) = candidates.pop() {
            if !pending.remove(candidate) {
                continue;
            }
            instruction_operands(candidate, &mut operands);
            if region_ir::erase_if_dead(candidate) {
                erased.insert(candidate);
                marked.remove(candidate);
                erased_count += 1;
                queue_unused(&operands, &mut candidates, &mut pending);
            }
        }
        changed |= round_changed;
        if !round_changed || marked.is_empty() {
            break;
        }
    }
    let swept = erase_dead_region_calls(&insts, &kinds, &alive, &erased, &mut calls);
    erased_count += swept;
    for (stat, &n) in STATS.iter().zip(&counts) {
        folder.cx.count(stat.0, stat.1, n);
    }
    folder.cx.count(ERASED.0, ERASED.1, erased_count);
    folder.callees.give_back(&CALLEES);
    let scratch = Scratch { insts, kinds, alive, calls, marked, candidates, pending, erased, operands, frontier, next };
    let _ = SCRATCH.try_with(|cell| *cell.borrow_mut() = scratch);
    changed | (swept > 0)
}

/// The lists and sets of a run, kept for the next run (their capacity, not their contents).
#[derive(Default)]
struct Scratch {
    insts: Vec<LLVMValueRef>,
    kinds: Vec<Kind>,
    alive: Vec<bool>,
    /// The region calls of the last phase.
    calls: Vec<LLVMValueRef>,
    /// Instructions to offer again: in the first round (which offers everything) those offered before being
    /// marked, in later rounds all to offer. Only alive instructions are in it.
    marked: PtrSet,
    /// Candidates for deletion (unused operands of erased instructions), and the same as a set: a candidate
    /// the sweep folds before the end of the round leaves the set.
    candidates: Vec<LLVMValueRef>,
    pending: PtrSet,
    /// Instructions erased as candidates (their number is not known).
    erased: PtrSet,
    /// The instruction operands of the instruction being erased.
    operands: Vec<LLVMValueRef>,
    /// The users [`FOLD_DEPTH`] steps around a replaced instruction, one step at a time.
    frontier: Vec<LLVMValueRef>,
    next: Vec<LLVMValueRef>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

/// Calls `f` with each user of `value` (once per use).
fn for_each_user(value: LLVMValueRef, mut f: impl FnMut(LLVMValueRef)) {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let mut use_ = LLVMGetFirstUse(value);
        while !use_.is_null() {
            f(LLVMGetUser(use_));
            use_ = LLVMGetNextUse(use_);
        }
    }
}

/// The operands of `inst` that are instructions, into `out` (cleared first).
fn instruction_operands(inst: LLVMValueRef, out: &mut Vec<LLVMValueRef>) {
    out.clear();
    for i in 0..ir::operand_count(inst) {
        let op = ir::operand(inst, i);
        if !op.is_null() && ir::is_instruction(op) {
            out.push(op);
        }
    }
}

/// Queues the `operands` (of an instruction just erased) that nothing uses any more. A value loses its last use
/// once and never gains one back (a fold only ever redirects uses to values already in use), so each
/// candidate is queued once (`pending` also drops an operand repeated within the list).
fn queue_unused(operands: &[LLVMValueRef], candidates: &mut Vec<LLVMValueRef>, pending: &mut PtrSet) {
    for &op in operands {
        if !ir::has_uses(op) && pending.insert(op) {
            candidates.push(op);
        }
    }
}

/// Erases region calls nothing uses, until none is left, and returns how many. `insts` and `kinds` are the
/// function's instructions as read at the start, `alive` false for the folded ones, `erased` the others
/// already gone.
///
/// Sweeps from the end of the function: a user comes after its operands (within a block always, across
/// blocks whenever the layout follows dominance), so one sweep usually finds every call its users' erasure
/// left unused; another sweep follows as long as the last one erased something, which also covers any other
/// layout. The result is the fixpoint, whatever the order.
fn erase_dead_region_calls(
    insts: &[LLVMValueRef],
    kinds: &[Kind],
    alive: &[bool],
    erased: &PtrSet,
    calls: &mut Vec<LLVMValueRef>,
) -> u64 {
    calls.clear();
    for ((&inst, kind), &alive) in insts.iter().zip(kinds).zip(alive) {
        if alive
            && matches!(kind, Kind::Call(Some(info)) if info.removable && info.region_family())
            && !erased.contains(inst)
        {
            calls.push(inst);
        }
    }
    let mut total = 0u64;
    loop {
        let before = calls.len();
        for k in (0..calls.len()).rev() {
            let call = calls[k];
            if !ir::has_uses(call) {
                ir_write::erase(call);
                calls.swap_remove(k);
            }
        }
        let swept = (before - calls.len()) as u64;
        total += swept;
        if swept == 0 {
            return total;
        }
    }
}

fn fold_instruction(inst: LLVMValueRef, kind: Kind, folder: &mut Folder<'_>) -> Option<Fold> {
    let info = match kind {
        Kind::Call(info) => info?,
        Kind::Other(opcode) => {
            return fold_llvm_instruction(inst, opcode).or_else(|| fold_add_sub_inverse(inst, opcode));
        }
    };
    let intrinsic = info.intrinsic?;
    // The operand count guards reading the operands (it is the arity plus the callee in well-formed IR).
    let arity = info.arity?;
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    if unsafe { LLVMGetNumOperands(inst) } < arity as i32 + 1 {
        return None;
    }
    match intrinsic {
        Intrinsic::Rd => fold_rdregion(inst, folder),
        Intrinsic::Wr => fold_wrregion(inst, folder),
        Intrinsic::RdPred => fold_rdpredregion(inst, folder),
        Intrinsic::WrPred => fold_wrpredregion(inst, folder),
        Intrinsic::All => fold_all_any(inst, true),
        Intrinsic::Any => fold_all_any(inst, false),
        Intrinsic::Alu(op) => fold_alu(inst, op),
        Intrinsic::Other => None,
    }
}

fn undef_of(ty: LLVMTypeRef) -> LLVMValueRef {
    ir_write::undef(ty)
}

// ---- rdregion / wrregion ------------------------------------------------------------------------------------

/// `rdregion(undef)` → undef; `rdregion(splat C)` → splat C; identity → input; constant read.
fn fold_rdregion(call: LLVMValueRef, folder: &mut Folder<'_>) -> Option<Fold> {
    let input = ir::call_arg(call, region_ir::rd::INPUT);
    let ret_ty = ir::type_of(call);
    // Undef and the constants read into lanes are constants: most inputs are instructions, answered by one
    // question.
    let constant = if ir::is_constant(input) {
        if ir::is_undef(input) {
            return fold(undef_of(ret_ty), RD_UNDEF);
        }
        ConstLanes::read(input)
    } else {
        None
    };
    if let Some(splat) = constant.as_ref().and_then(ConstLanes::splat_value) {
        return fold(ConstLanes::splat(ret_ty, Some(splat))?.build(), RD_SPLAT);
    }
    // The identity needs the input's type, the constant read a constant: neither, no fold (without reading
    // the region).
    // The identity also needs a constant offset of 0: a region starting anywhere else (or misaligned) does not
    // read element `i` into element `i`.
    if constant.is_none() && (ret_ty != ir::type_of(input) || !offset_is_zero(call, region_ir::rd::OFFSET)) {
        return None;
    }
    let rd = RdRegion::read(call)?;
    let len = lane_count(ir::type_of(input));
    if rd.index == Index::Direct && ret_ty == ir::type_of(input) && rd.region.is_identity(len) {
        return fold(input, RD_IDENTITY);
    }
    let constant = constant?;
    if rd.index != Index::Direct {
        return None;
    }
    match rd.region.read(&constant.lanes, &[]) {
        Ok(lanes) => fold(ConstLanes::new(ret_ty, lanes)?.build(), REGION_FOLDED),
        Err(error) => {
            folder.missed(
                call,
                c"RegionOutOfRange",
                format!("constant rdregion {} of a {len}-element vector not folded: {error}", rd.region),
            );
            None
        }
    }
}

/// The folds of `wrregion`, in the order of the module documentation.
fn fold_wrregion(call: LLVMValueRef, folder: &mut Folder<'_>) -> Option<Fold> {
    let old = ir::call_arg(call, region_ir::wr::OLD);
    let new = ir::call_arg(call, region_ir::wr::NEW);
    let mask = ir::call_arg(call, region_ir::wr::MASK);
    let ret_ty = ir::type_of(call);
    if is_zero_mask(mask) {
        return fold(old, WR_ZERO_MASK);
    }
    // Every other fold needs New of the result's type, New a read of Old, or a constant New: none of them, no
    // fold (without reading the region).
    // (The identity also needs a constant offset of 0, see `fold_rdregion`.)
    let new_ty = ir::type_of(new);
    // (A call's operand 0 is its first argument or, without arguments, its callee: never Old.)
    let new_reads_old = ir::is_call(new)
        && ir::call_arg(new, region_ir::rd::INPUT) == old
        && callee_info(&mut folder.callees, new).is_some_and(|info| info.intrinsic == Some(Intrinsic::Rd));
    // `wrregion(A, rdregion(A, R), R)` needs the same region: two constant offsets must be equal (as read into
    // a direct region's offset; the canonical form `same_access` compares keeps the offset).
    let constant_offset = |call, index| ir::const_int(ir::call_arg(call, index)).map(|offset| offset as i32);
    let wr_of_rd_possible = new_reads_old
        && match (constant_offset(new, region_ir::rd::OFFSET), constant_offset(call, region_ir::wr::OFFSET)) {
            (Some(rd), Some(wr)) => rd == wr,
            _ => true,
        };
    // A constant New folds only with a constant Old (undef for the splat, any constant for the constant write).
    // The identity also needs no mask (`WrRegion::read` reads `masked` with the same test).
    if !wr_of_rd_possible
        && !(ir::is_constant(new) && ir::is_constant(old))
        && (new_ty != ret_ty || !offset_is_zero(call, region_ir::wr::OFFSET) || !region_ir::is_all_ones(mask))
    {
        return None;
    }
    let wr = WrRegion::read(call)?;
    let len = lane_count(ret_ty);
    if wr.index == Index::Direct && new_ty == ret_ty && wr.region.is_identity(len) {
        return fold(new, WR_IDENTITY);
    }
    // (`RdRegion::read(new)` reads `new` only when it is an `rdregion`, whose input must be Old.)
    if let Some(rd) = wr_of_rd_possible.then(|| RdRegion::read(new)).flatten() {
        if rd.input == old && rd.index == wr.index && rd.region.same_access(&wr.region) {
            return fold(old, WR_OF_RD);
        }
    }
    if wr.index != Index::Direct {
        return None;
    }
    let new_lanes = ConstLanes::read(new);
    if ir::is_undef(old) && !wr.region.masked && wr.region.covers_whole_vector(len) {
        if let Some(splat) = new_lanes.as_ref().and_then(ConstLanes::splat_value) {
            return fold(ConstLanes::splat(ret_ty, Some(splat))?.build(), WR_SPLAT);
        }
    }
    let (old_lanes, new_lanes, mask_lanes) = (ConstLanes::read(old)?, new_lanes?, ConstLanes::read(mask)?);
    let mask_bits = mask_lanes.defined()?;
    let mask: Option<Vec<bool>> = match mask_bits.len() {
        1 if mask_bits[0] & 1 == 1 => None,
        1 => Some(vec![false; new_lanes.lanes.len()]),
        _ => Some(mask_bits.iter().map(|&b| b & 1 == 1).collect()),
    };
    match wr.region.write(&old_lanes.lanes, &new_lanes.lanes, mask.as_deref(), &[]) {
        Ok(lanes) => fold(ConstLanes::new(ret_ty, lanes)?.build(), REGION_FOLDED),
        Err(error) => {
            folder.missed(
                call,
                c"RegionOutOfRange",
                format!("constant wrregion {} into a {len}-element vector not folded: {error}", wr.region),
            );
            None
        }
    }
}

/// Whether operand `index` (a region's offset) is a constant that `RdRegion::read`/`WrRegion::read` would make
/// a direct region's offset 0 of (they keep the low 32 bits).
fn offset_is_zero(call: LLVMValueRef, index: u32) -> bool {
    ir::const_int(ir::call_arg(call, index)).is_some_and(|offset| offset as i32 == 0)
}

/// Whether a mask is a constant with every lane zero (`ConstLanes::read` finds only `Some(0)` lanes), asked of
/// every `wrregion`: the usual scalar mask is answered without reading it into lanes.
fn is_zero_mask(mask: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if !LLVMIsAConstantInt(mask).is_null() {
            // A scalar integer of up to 64 bits, read as its low bits (zero-extended: they are all there).
            return ir::int_width(ir::type_of(mask)) <= 64 && LLVMConstIntGetZExtValue(mask) == 0;
        }
        if !ir::is_plain_constant(mask) {
            return false;
        }
        // A constant `<N x i1>`, lane by lane until one is not a defined 0 (as `ConstLanes::read` reads it).
        let ty = ir::type_of(mask);
        let (elem, n) = lanes::shape(ty);
        let i1_vector = ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
            && ir::type_kind(elem) == LLVMTypeKind::LLVMIntegerTypeKind
            && ir::int_width(elem) == 1;
        if i1_vector && n > 0 && !ir::is_undef(mask) {
            let zero = |lane: LLVMValueRef| {
                !ir::is_undef(lane) && !LLVMIsAConstantInt(lane).is_null() && LLVMConstIntGetZExtValue(lane) & 1 == 0
            };
            if !LLVMIsAConstantAggregateZero(mask).is_null() {
                return true;
            }
            if !LLVMIsAConstantDataVector(mask).is_null() {
                return (0..n).all(|i| zero(LLVMGetElementAsConstant(mask, i)));
            }
            if !LLVMIsAConstantVector(mask).is_null() {
                return (0..n).all(|i| zero(ir::operand(mask, i)));
            }
            return false;
        }
    }
    ConstLanes::read(mask).is_some_and(|m| m.lanes.iter().all(|&l| l == Some(0)))
}

// ---- predicate regions, all, any ---------------------------------------------------------------------------

/// `rdpredregion(P, off)`: undef, identity (offset 0, same type), or the constant slice.
fn fold_rdpredregion(call: LLVMValueRef, folder: &mut Folder<'_>) -> Option<Fold> {
    let input = ir::call_arg(call, 0);
    let ret_ty = ir::type_of(call);
    if ir::is_undef(input) {
        return fold(undef_of(ret_ty), RD_UNDEF);
    }
    let offset = ir::const_int(ir::call_arg(call, 1))?;
    if offset == 0 && ret_ty == ir::type_of(input) {
        return fold(input, RD_IDENTITY);
    }
    let constant = ConstLanes::read(input)?;
    let n = lane_count(ret_ty) as i64;
    let len = constant.lanes.len() as i64;
    if offset < 0 || offset + n > len {
        folder.missed(
            call,
            c"RegionOutOfRange",
            format!(
                "constant rdpredregion of {n} elements at {offset} from a {len}-element predicate not folded: \
                 out of range"
            ),
        );
        return None;
    }
    let lanes = constant.lanes[offset as usize..(offset + n) as usize].to_vec();
    fold(ConstLanes::new(ret_ty, lanes)?.build(), REGION_FOLDED)
}

/// `wrpredregion(Old, New, off)`: identity (offset 0, New of the result's type), or the constant write.
fn fold_wrpredregion(call: LLVMValueRef, folder: &mut Folder<'_>) -> Option<Fold> {
    let (old, new) = (ir::call_arg(call, 0), ir::call_arg(call, 1));
    let ret_ty = ir::type_of(call);
    let offset = ir::const_int(ir::call_arg(call, 2))?;
    if offset == 0 && ir::type_of(new) == ret_ty {
        return fold(new, WR_IDENTITY);
    }
    let (old_lanes, new_lanes) = (ConstLanes::read(old)?, ConstLanes::read(new)?);
    let (n, len) = (new_lanes.lanes.len() as i64, old_lanes.lanes.len() as i64);
    if offset < 0 || offset + n > len {
        folder.missed(
            call,
            c"RegionOutOfRange",
            format!(
                "constant wrpredregion of {n} elements at {offset} into a {len}-element predicate not folded: \
                 out of range"
            ),
        );
        return None;
    }
    let mut lanes = old_lanes.lanes;
    lanes[offset as usize..(offset + n) as usize].copy_from_slice(&new_lanes.lanes);
    fold(ConstLanes::new(ret_ty, lanes)?.build(), REGION_FOLDED)
}

/// `all`/`any` of a constant predicate with every lane defined.
fn fold_all_any(call: LLVMValueRef, all: bool) -> Option<Fold> {
    let bits = ConstLanes::read(ir::call_arg(call, 0))?.defined()?;
    let value = if all { bits.iter().all(|&b| b & 1 == 1) } else { bits.iter().any(|&b| b & 1 == 1) };
    let result = ConstLanes::new(ir::type_of(call), vec![Some(value as u64)])?;
    fold(result.build(), ALL_ANY_FOLDED)
}

// ---- GenX ALU intrinsics -------------------------------------------------------------------------------------

/// An ALU intrinsic whose per-lane operands are all constants (and, for `bfn`, whose truth table is).
fn fold_alu(call: LLVMValueRef, op: AluOp) -> Option<Fold> {
    let arity = op.arity();
    let expected_args = if op == AluOp::Bfn { 4 } else { arity };
    if ir::call_arg_count(call) as usize != expected_args {
        return None;
    }
    let ret_ty = ir::type_of(call);
    let (ret_elem, n) = lanes::shape(ret_ty);
    if ir::type_kind(ret_elem) != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let operands: Vec<ConstLanes> =
        (0..arity as u32).map(|i| ConstLanes::read(ir::call_arg(call, i))).collect::<Option<_>>()?;
    let w = operands.first()?.bits;
    let rw = lanes::element_bits(ret_elem)?;
    if operands.iter().any(|o| o.lanes.len() != n as usize || o.bits != w) || (rw != w && !op.result_width_may_differ())
    {
        return None;
    }
    if op.dwords_only() && w != 32 {
        return None;
    }
    let table =
        if op == AluOp::Bfn { ConstLanes::read(ir::call_arg(call, 3))?.defined()?.first().copied()? } else { 0 };
    let mut x = vec![0u64; arity];
    let lanes = (0..n as usize)
        .map(|i| {
            for (k, operand) in operands.iter().enumerate() {
                x[k] = operand.lanes[i]?;
            }
            alu::eval(op, &x, w, rw, table)
        })
        .collect();
    fold(ConstLanes::new(ret_ty, lanes)?.build(), ALU_FOLDED)
}

// ---- ordinary LLVM instructions ----------------------------------------------------------------------------

/// Whether a type has a pointer in it (pointer constants are not folded: their values are addresses).
fn has_pointer(ty: LLVMTypeRef) -> bool {
    match ir::type_kind(ty) {
        LLVMTypeKind::LLVMPointerTypeKind => true,
        LLVMTypeKind::LLVMVectorTypeKind => has_pointer(ir::element_of(ty)),
        _ => false,
    }
}

/// A division whose divisor is defined and non-zero in every lane, and which never divides `MIN` by -1.
fn division_is_defined(opcode: LLVMOpcode, dividend: LLVMValueRef, divisor: LLVMValueRef) -> bool {
    let (Some(a), Some(b)) = (ConstLanes::read(dividend), ConstLanes::read(divisor)) else { return false };
    let Some(b_bits) = b.defined() else { return false };
    let signed = matches!(opcode, LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMSRem);
    let min = 1u64 << (b.bits - 1);
    let all_ones = if b.bits >= 64 { u64::MAX } else { (1u64 << b.bits) - 1 };
    b_bits.iter().zip(&a.lanes).all(|(&d, &n)| d != 0 && !(signed && d == all_ones && n.is_none_or(|n| n == min)))
}

/// Integer addition and subtraction undoing each other: `(X + Y) - X` → Y, `(X + Y) - Y` → X,
/// `(X - Y) + Y` and `Y + (X - Y)` → X, where the shared operand is the same value.
///
/// Exact at every width: `add`/`sub` wrap modulo 2^n, so the identities hold whatever the operands; with `nsw`
/// or `nuw` an overflow makes the inner result poison, which the replacement refines. The replacement is an
/// existing value, at least as defined as the instruction (an undef X gives any value either way). Float
/// `fadd`/`fsub` are other opcodes (rounding breaks the identity) and are never seen here.
fn fold_add_sub_inverse(inst: LLVMValueRef, opcode: LLVMOpcode) -> Option<Fold> {
    use LLVMOpcode::*;
    if !matches!(opcode, LLVMAdd | LLVMSub) || ir::operand_count(inst) != 2 {
        return None;
    }
    let (a, b) = (ir::operand(inst, 0), ir::operand(inst, 1));
    let inner_of = |value: LLVMValueRef, wanted: LLVMOpcode| {
        (ir::opcode(value) == Some(wanted) && ir::operand_count(value) == 2)
            .then(|| (ir::operand(value, 0), ir::operand(value, 1)))
    };
    let value = if opcode == LLVMSub {
        let (x, y) = inner_of(a, LLVMAdd)?;
        if x == b {
            y
        } else if y == b {
            x
        } else {
            return None;
        }
    } else if let Some((x, _)) = inner_of(a, LLVMSub).filter(|&(_, y)| y == b) {
        x
    } else {
        let (x, _) = inner_of(b, LLVMSub).filter(|&(_, y)| y == a)?;
        x
    };
    fold(value, ADD_SUB_INVERSE)
}

/// An LLVM instruction with constant operands, through LLVM's constant folder.
///
/// The opcode is asked first, then whether the operands are constants (most are not): only then the types.
fn fold_llvm_instruction(inst: LLVMValueRef, opcode: LLVMOpcode) -> Option<Fold> {
    use LLVMOpcode::*;
    if !matches!(
        opcode,
        LLVMAdd
            | LLVMSub
            | LLVMMul
            | LLVMAnd
            | LLVMOr
            | LLVMXor
            | LLVMShl
            | LLVMLShr
            | LLVMAShr
            | LLVMFAdd
            | LLVMFSub
            | LLVMFMul
            | LLVMFDiv
            | LLVMFRem
            | LLVMUDiv
            | LLVMSDiv
            | LLVMURem
            | LLVMSRem
            | LLVMFNeg
            | LLVMTrunc
            | LLVMZExt
            | LLVMSExt
            | LLVMFPTrunc
            | LLVMFPExt
            | LLVMFPToUI
            | LLVMFPToSI
            | LLVMUIToFP
            | LLVMSIToFP
            | LLVMBitCast
            | LLVMICmp
            | LLVMFCmp
            | LLVMSelect
            | LLVMExtractElement
            | LLVMInsertElement
            | LLVMShuffleVector
    ) {
        return None;
    }
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        let operand_count = ir::operand_count(inst);
        let op = |i: u32| ir::operand(inst, i);
        if operand_count == 0 || (0..operand_count).any(|i| !ir::is_plain_constant(op(i))) {
            return None;
        }
        let ty = ir::type_of(inst);
        if has_pointer(ty) || (0..operand_count).any(|i| has_pointer(ir::type_of(op(i)))) {
            return None;
        }
        let (a, b) = (op(0), if operand_count > 1 { op(1) } else { std::ptr::null_mut() });
        let value = match opcode {
            LLVMAdd => LLVMConstAdd(a, b),
            LLVMSub => LLVMConstSub(a, b),
            LLVMMul => LLVMConstMul(a, b),
            LLVMAnd => LLVMConstAnd(a, b),
            LLVMOr => LLVMConstOr(a, b),
            LLVMXor => LLVMConstXor(a, b),
            LLVMShl => LLVMConstShl(a, b),
            LLVMLShr => LLVMConstLShr(a, b),
            LLVMAShr => LLVMConstAShr(a, b),
            LLVMFAdd => LLVMConstFAdd(a, b),
            LLVMFSub => LLVMConstFSub(a, b),
            LLVMFMul => LLVMConstFMul(a, b),
            LLVMFDiv => LLVMConstFDiv(a, b),
            LLVMFRem => LLVMConstFRem(a, b),
            LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem => {
                if !division_is_defined(opcode, a, b) {
                    return None;
                }
                match opcode {
                    LLVMUDiv => LLVMConstUDiv(a, b),
                    LLVMSDiv => LLVMConstSDiv(a, b),
                    LLVMURem => LLVMConstURem(a, b),
                    _ => LLVMConstSRem(a, b),
                }
            }
            LLVMFNeg => LLVMConstFNeg(a),
            LLVMTrunc => LLVMConstTrunc(a, ty),
            LLVMZExt => LLVMConstZExt(a, ty),
            LLVMSExt => LLVMConstSExt(a, ty),
            LLVMFPTrunc => LLVMConstFPTrunc(a, ty),
            LLVMFPExt => LLVMConstFPExt(a, ty),
            LLVMFPToUI => LLVMConstFPToUI(a, ty),
            LLVMFPToSI => LLVMConstFPToSI(a, ty),
            LLVMUIToFP => LLVMConstUIToFP(a, ty),
            LLVMSIToFP => LLVMConstSIToFP(a, ty),
            // LLVM's core folder keeps most vector bitcasts as constant expressions (the data-layout-aware
            // folder is not in the C API): repack the lanes here.
            LLVMBitCast => ConstLanes::read(a)?.bitcast(ty)?.build(),
            LLVMICmp => LLVMConstICmp(ir::icmp_predicate(inst), a, b),
            LLVMFCmp => LLVMConstFCmp(ir::fcmp_predicate(inst), a, b),
            LLVMSelect => LLVMConstSelect(a, b, op(2)),
            LLVMExtractElement => LLVMConstExtractElement(a, b),
            LLVMInsertElement => LLVMConstInsertElement(a, b, op(2)),
            LLVMShuffleVector => {
                let count = ir::mask_len(inst);
                let i32_ty = ir_write::int_type(ir::type_context(ty), 32);
                let mut mask: Vec<LLVMValueRef> = (0..count)
                    .map(|i| match ir::mask_value(inst, i) {
                        m if m < 0 => ir_write::undef(i32_ty),
                        m => ir_write::const_int(i32_ty, m as u64, false),
                    })
                    .collect();
                LLVMConstShuffleVector(a, b, LLVMConstVector(mask.as_mut_ptr(), count))
            }
            _ => return None,
        };
        if value.is_null() || !ir::is_plain_constant(value) || ir::type_of(value) != ty {
            return None;
        }
        fold(value, INST_FOLDED)
    }
}
