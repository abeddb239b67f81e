//! `genx-dead-vector`: removes vector elements that are never used, by a per-element backward liveness
//! analysis (docs/genx-ir.md §2.4: IGC's GenXDeadVectorRemoval over GenXLiveElements).
//!
//! # Why
//! CM code builds vectors piece by piece and then uses only part of them, and whole-value dead-code
//! elimination cannot see it, because each piece is a use of the whole vector:
//! * `vector<int, 16> v; v.select<8, 1>(0) = a; v.select<8, 1>(8) = b; return v.select<8, 1>(0);` — the write
//!   of `b` is dead, yet `v` is used;
//! * `v = 0; v.select<4, 1>(0) = x; ... v.select<4, 1>(0)` — the zeros are never read (a constant whose
//!   elements are partly dead can keep only the live ones, and loads cheaper);
//! * `v.format<char>()` of an int vector read at bytes 0..3 only needs int 0;
//! * legalization splits wide operations into pieces joined by `wrregion`s, some of whose results no one reads;
//! * `mask & 0` style arithmetic, selects whose condition is constant, shuffles that drop an operand.
//!
//! # Algorithm
//! 1. **Liveness** (`liveness`): every instruction starts with nothing live except the roots (terminators,
//!    stores, calls with side effects, `void` calls, volatile and atomic loads), whose operands are wholly
//!    live. A worklist then pulls liveness backwards through the transfer functions of `transfer.rs` (per
//!    element for regions, element-wise operations, bitcasts, shuffles, element and member accesses and phis;
//!    wholly otherwise) until nothing changes. Phis in loops simply go round the worklist until their liveness
//!    stops growing (the lattice is a finite bitset per value, joins are unions, so this terminates).
//! 2. **Operand rewrites**: for each instruction that stays, an operand none of whose elements is demanded
//!    becomes `undef`, and a constant operand (not of `i1`) has its dead elements replaced by `undef`.
//! 3. **Deletion**: instructions that are not roots and have nothing live are deleted.
//! 4. **Simplification** of what the rewrites exposed: `wrregion`/`wrpredregion` with an undef New is its Old
//!    (so is `insertelement`/`insertvalue` of an undef element); `select` with an undef arm is its other arm;
//!    `and` of an undef and a constant is the constant (made when the constant's zeros killed the other
//!    operand, so the live lanes are the constant's zeros; it also spares the executor's lane-by-lane undef
//!    model an `and undef, 0` it would call undef). Worklist-driven after the first round: these rules read
//!    only an instruction's operands, so a later round looks only at users of a value replaced since.
//!
//! Cost: the liveness of a non-aggregate value is one inline bitset (`live.rs`), so the analysis allocates
//! nothing per instruction for vectors of up to 128 elements; the instruction list is read once. Only roots
//! and demanded instructions get an analysis node (in generated code most instructions are dead, and erasing
//! them, about 700 machine instructions each in LLVM, is most of the pass); a call's root question is
//! answered per callee by a [`CalleeCache`] kept across the runs over a module's functions; the rewrites reuse
//! the demands of each node's last evaluation (which saw its final liveness); dead instructions are erased from
//! the end of the function, users first, so undef replaces only the uses that are left. A run's lists
//! (instructions, nodes, worklist, phase 4's) keep their capacity for the thread's next run.
//!
//! Statistics: elements made undef (`-stats`: `elements-killed`), instructions removed (`insts-removed`).
//!
//! # Invariants
//! * Every element a root can observe keeps its value: a rewrite only ever replaces elements no root reads,
//!   and only where the replacement is undef or a value that was already chosen for the live lanes.
//! * Variable offsets are conservative: an indirect `rdregion` keeps its whole input live; an indirect
//!   `wrregion` kills nothing of its Old value and keeps its whole New value live.
//! * The pass never panics; an instruction it does not understand keeps all its operands live.
//! * Region parameters, offsets, masks, indices and divisors are never rewritten; `i1` constants (predicates)
//!   are never given undef lanes.
//!
//! # Not handled
//! * A per-lane kill by `and x, C` when only some live lanes of `C` are zero (IGC does it; `and_demands` in
//!   `transfer.rs` says why it would defeat translation validation here).
//! * Element-wise liveness through calls and through GenX intrinsics other than the region family (they keep
//!   all operands live); memory (stores keep their whole value live; loads are not narrowed).
//! * Nested members of aggregates (a member that is itself an aggregate is one all-or-nothing element), and
//!   bits within a scalar (an `i16` made of a bitcast predicate is one element).
//! * `select` with an undef arm of `i1` vectors (execution-mask selects, which IGC also leaves alone).
//! * Writes to predefined registers are simply roots (`write.predef.reg` has side effects).

mod live;
mod transfer;

type HashMap<K, V> = std::collections::HashMap<K, V, crate::region_ir::memo::FxBuild>;

use inkwell::values::{AsValueRef, FunctionValue};

use self::live::LiveElements;
use self::transfer::{demands, is_root, CalleeFacts, Demand, InstKind, Rewrite};
use crate::callee_cache::CalleeCache;
use crate::diag::PassCx;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir;
use crate::ir_write;

/// [`CalleeFacts`] per called function, kept across runs (a function of the callee's name and signature).
type Callees = CalleeCache<CalleeFacts>;

thread_local! {
    static CALLEES: std::cell::RefCell<Option<Callees>> = const { std::cell::RefCell::new(None) };
}

fn kind_of(inst: LLVMValueRef, callees: &mut Callees) -> InstKind {
    // SAFETY: the analysis only asks about instructions (roots and demanded operands that are instructions), so
    // LLVM answers one of its opcodes (a valid `LLVMOpcode`, which a non-instruction would not give).
    let opcode = unsafe { LLVMGetInstructionOpcode(inst) };
    let callee = if opcode == LLVMOpcode::LLVMCall { callees.get_of_call(inst, CalleeFacts::of) } else { None };
    InstKind { opcode, callee }
}

/// An instruction the analysis has looked at: a root, or an operand something demanded.
struct Node {
    inst: LLVMValueRef,
    kind: InstKind,
    live: LiveElements,
    root: bool,
    queued: bool,
    /// The demands on the operands from the last evaluation (which saw the final liveness).
    demands: Vec<Demand>,
    /// The instruction's place among the kept ones (phase 4's list), once known.
    kept_at: usize,
}

/// The result of the analysis. Instructions that are not roots and that nothing demands have no node (nothing
/// of them is live), so most instructions of a function that is mostly dead cost no entry.
#[derive(Default)]
struct Liveness {
    nodes: Vec<Node>,
    index: HashMap<LLVMValueRef, u32>,
    /// A 1024-bit filter in front of `index`: asking about an instruction without a node rarely hashes.
    filter: [u64; 16],
    /// The nodes whose liveness grew since they were last evaluated (empty between runs; kept for its
    /// capacity).
    worklist: Vec<u32>,
}

impl Liveness {
    fn bit(inst: LLVMValueRef) -> (usize, u64) {
        // Instructions are at least 16 bytes apart.
        let h = (inst as usize >> 4) & 1023;
        (h / 64, 1 << (h % 64))
    }

    fn find(&self, inst: LLVMValueRef) -> Option<u32> {
        let (word, bit) = Self::bit(inst);
        if self.filter[word] & bit == 0 {
            return None;
        }
        self.index.get(&inst).copied()
    }

    fn add(&mut self, inst: LLVMValueRef, kind: InstKind, root: bool) -> u32 {
        let (word, bit) = Self::bit(inst);
        self.filter[word] |= bit;
        let n = self.nodes.len() as u32;
        let live = LiveElements::none(ir::type_of(inst));
        self.nodes.push(Node { inst, kind, live, root, queued: false, demands: Vec::new(), kept_at: usize::MAX });
        self.index.insert(inst, n);
        n
    }

    /// Whether `inst` stays: a root, or something of it is live.
    fn is_kept(&self, inst: LLVMValueRef) -> bool {
        self.find(inst).is_some_and(|n| {
            let node = &self.nodes[n as usize];
            node.root || !node.live.is_empty()
        })
    }
}

/// Phase 1: per-element liveness of `function`'s instructions (`insts`, in order), to a fixpoint.
fn liveness(function: LLVMValueRef, insts: &[LLVMValueRef], callees: &mut Callees, mut analysis: Liveness) -> Liveness {
    analysis.nodes.clear();
    analysis.index.clear();
    analysis.filter = [0; 16];
    let mut worklist = std::mem::take(&mut analysis.worklist);
    worklist.clear();
    for &inst in insts {
        let kind = kind_of(inst, callees);
        if is_root(inst, kind) {
            let n = analysis.add(inst, kind, true);
            analysis.nodes[n as usize].queued = true;
            worklist.push(n);
        }
    }
    while let Some(n) = worklist.pop() {
        let node = &mut analysis.nodes[n as usize];
        node.queued = false;
        let (inst, kind, root) = (node.inst, node.kind, node.root);
        let found = demands(inst, kind, &node.live, root);
        for demand in &found {
            let operand = ir::operand(inst, demand.operand);
            // Only the function's own instructions have liveness.
            if operand.is_null()
                || !ir::is_instruction(operand)
                || ir::parent_function(operand) != function
            {
                continue;
            }
            let m = match analysis.find(operand) {
                Some(m) => m,
                None => {
                    let kind = kind_of(operand, callees);
                    analysis.add(operand, kind, false)
                }
            };
            let operand_node = &mut analysis.nodes[m as usize];
            if operand_node.live.union_with(&demand.live) && !operand_node.queued {
                operand_node.queued = true;
                worklist.push(m);
            }
        }
        analysis.nodes[n as usize].demands = found;
    }
    analysis.worklist = worklist;
    analysis
}

/// Pass body. Returns whether the IR changed.
///
/// Cost: the function's instruction list is read once; the analysis keeps a node only for roots and demanded
/// instructions, and the demands of a node's last evaluation serve the rewrites; dead instructions are erased
/// from the end of the function, users before their operands, so that one is replaced by undef only when a
/// use is left (a phi, or a kept instruction's operand that was not rewritten).
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = crate::region_ir::memo_scope();
    let function = function.as_value_ref();
    let mut callees = Callees::take(&CALLEES);
    // The buffers are kept from one run to the next (their capacity, not their contents).
    let Scratch { mut insts, analysis, mut kept, mut flags } =
        SCRATCH.with(|cell| cell.borrow_mut().take()).unwrap_or_default();
    insts.clear();
    for block in ir::blocks(function) {
        let mut inst = ir::first_instruction(block);
        while !inst.is_null() {
            insts.push(inst);
            inst = ir::next_instruction(inst);
        }
    }
    let mut analysis = liveness(function, &insts, &mut callees, analysis);
    callees.give_back(&CALLEES);

    // Phase 2: operands of the surviving instructions (each rewrite touches only its own instruction, so the
    // order does not matter).
    let mut killed = 0u64;
    for node in &analysis.nodes {
        if !node.root && node.live.is_empty() {
            continue;
        }
        for demand in &node.demands {
            if demand.rewrite != Rewrite::No {
                killed += rewrite_operand(node.inst, demand.operand, &demand.live, demand.rewrite);
            }
        }
    }

    // Phase 3: dead instructions, from the end (users first).
    kept.clear();
    let mut removed = 0u64;
    for &inst in insts.iter().rev() {
        if analysis.is_kept(inst) {
            kept.push(inst);
            continue;
        }
        {
            if ir::has_uses(inst) {
                ir_write::replace_all_uses(inst, ir_write::undef(ir::type_of(inst)));
            }
            ir_write::erase(inst);
        }
        removed += 1;
    }
    kept.reverse();
    for (position, &inst) in kept.iter().enumerate() {
        if let Some(n) = analysis.find(inst) {
            analysis.nodes[n as usize].kept_at = position;
        }
    }

    // Phase 4: what the undefs made trivial.
    removed += simplify(&kept, &mut flags, |user| analysis.find(user).map(|n| analysis.nodes[n as usize].kept_at));

    cx.count(c"elements-killed", c"vector elements made undef because nothing reads them", killed);
    cx.count(c"insts-removed", c"instructions removed because nothing reads their result", removed);
    let _ = SCRATCH.try_with(|cell| *cell.borrow_mut() = Some(Scratch { insts, analysis, kept, flags }));
    killed > 0 || removed > 0
}

/// A run's buffers, kept for the next run.
#[derive(Default)]
struct Scratch {
    insts: Vec<LLVMValueRef>,
    analysis: Liveness,
    /// Phase 4's instructions.
    kept: Vec<LLVMValueRef>,
    /// Phase 4's (alive, dirty) per kept instruction.
    flags: Vec<(bool, bool)>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Option<Scratch>> = const { std::cell::RefCell::new(None) };
}

/// Replaces operand `index` of `inst` by undef when nothing of it is live, or (for `Rewrite::Lanes`) the dead
/// elements of a constant vector operand by undef. Returns the number of elements made undef.
fn rewrite_operand(inst: LLVMValueRef, index: u32, live: &LiveElements, rewrite: Rewrite) -> u64 {
    // SAFETY: live handles of the function being rewritten; the constant vector is made from an element array whose
    // length is passed with it.
    unsafe {
        let value = ir::operand(inst, index);
        if value.is_null() || ir::is_undef(value) {
            return 0;
        }
        let ty = ir::type_of(value);
        if live.is_empty() {
            let replaceable = !matches!(
                ir::type_kind(ty),
                LLVMTypeKind::LLVMMetadataTypeKind
                    | LLVMTypeKind::LLVMLabelTypeKind
                    | LLVMTypeKind::LLVMTokenTypeKind
                    | LLVMTypeKind::LLVMVoidTypeKind
            );
            if replaceable {
                ir_write::set_operand(inst, index, ir_write::undef(ty));
                return live.len() as u64;
            }
            return 0;
        }
        if rewrite != Rewrite::Lanes || live.is_all() || ir::type_kind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
            return 0;
        }
        let element_ty = ir::element_of(ty);
        let plain_element = match ir::type_kind(element_ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => ir::int_width(element_ty) != 1,
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind => true,
            _ => false,
        };
        if !plain_element {
            return 0;
        }
        let Some(mut elements) = constant_elements(value) else { return 0 };
        let mut count = 0;
        for (i, element) in elements.iter_mut().enumerate() {
            if !live.bits().get(i as u32) && !ir::is_undef(*element) {
                *element = ir_write::undef(element_ty);
                count += 1;
            }
        }
        if count > 0 {
            ir_write::set_operand(inst, index, LLVMConstVector(elements.as_mut_ptr(), elements.len() as u32));
        }
        count
    }
}

/// The elements of a plain constant vector (no constant expressions anywhere in it).
fn constant_elements(value: LLVMValueRef) -> Option<Vec<LLVMValueRef>> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if !ir::is_plain_constant(value) {
            return None;
        }
        let ty = ir::type_of(value);
        let n = ir::vector_size(ty);
        let elements: Vec<LLVMValueRef> = if !LLVMIsAConstantAggregateZero(value).is_null() {
            vec![ir_write::zero(ir::element_of(ty)); n as usize]
        } else {
            (0..n).map(|i| ir::constant_element(value, i)).collect::<Option<_>>()?
        };
        elements.iter().all(|&e| ir::is_plain_constant(e)).then_some(elements)
    }
}

/// Phase 4, to a fixpoint: wrregion/wrpredregion with undef New → Old; select with an undef arm → the other
/// arm; `insertelement V, undef, i` and `insertvalue A, undef, i` → V / A; `and undef, C` → C. Returns the
/// number of instructions removed. `insts` are the function's instructions in order, `position` an
/// instruction's place among them.
///
/// Rounds in layout order, as a sweep to a fixpoint would do them, but a round after the first looks only at
/// instructions an operand of which was replaced since they were last looked at: [`trivial_value`] reads
/// nothing but an instruction's operands, so the others would give the same answer (none) again.
fn simplify(
    insts: &[LLVMValueRef],
    flags: &mut Vec<(bool, bool)>,
    position: impl Fn(LLVMValueRef) -> Option<usize>,
) -> u64 {
    // (alive, dirty) per instruction.
    flags.clear();
    flags.resize(insts.len(), (true, true));
    let mut removed = 0;
    loop {
        let mut changed = false;
        for i in 0..insts.len() {
            if flags[i] != (true, true) {
                continue;
            }
            flags[i].1 = false;
            let inst = insts[i];
            let Some(replacement) = trivial_value(inst) else { continue };
            if replacement == inst {
                continue;
            }
            // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
            unsafe {
                let mut use_ = LLVMGetFirstUse(inst);
                while !use_.is_null() {
                    if let Some(p) = position(LLVMGetUser(use_)).filter(|&p| p < insts.len()) {
                        flags[p].1 = true;
                    }
                    use_ = LLVMGetNextUse(use_);
                }
            }
            region_ir::replace_and_erase(inst, replacement);
            flags[i].0 = false;
            removed += 1;
            changed = true;
        }
        if !changed || !flags.contains(&(true, true)) {
            return removed;
        }
    }
}

/// The value an instruction trivially equals after the operand rewrites, if any.
fn trivial_value(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: `inst` is an instruction of the function being rewritten, so LLVM answers one of its opcodes (a valid
    // `LLVMOpcode`).
    unsafe {
        let operand = |i| ir::operand(inst, i);
        match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMCall => match region_ir::genx_base_name(inst)? {
                "llvm.genx.wrregioni" | "llvm.genx.wrregionf" | "llvm.genx.wrpredregion"
                    if ir::call_arg_count(inst) >= 2 =>
                {
                    ir::is_undef(operand(1)).then(|| operand(0))
                }
                _ => None,
            },
            LLVMOpcode::LLVMSelect => {
                let ty = ir::type_of(inst);
                let predicate = ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
                    && ir::type_kind(ir::element_of(ty)) == LLVMTypeKind::LLVMIntegerTypeKind
                    && ir::int_width(ir::element_of(ty)) == 1;
                if predicate {
                    return None;
                }
                let (a, b) = (operand(1), operand(2));
                if ir::is_undef(a) {
                    Some(b)
                } else if ir::is_undef(b) {
                    Some(a)
                } else {
                    None
                }
            }
            LLVMOpcode::LLVMInsertElement | LLVMOpcode::LLVMInsertValue => ir::is_undef(operand(1)).then(|| operand(0)),
            LLVMOpcode::LLVMAnd => {
                let (a, b) = (operand(0), operand(1));
                let defined_constant = |v| ir::is_plain_constant(v) && !ir::is_undef(v);
                if ir::is_undef(a) && defined_constant(b) {
                    Some(b)
                } else if ir::is_undef(b) && defined_constant(a) {
                    Some(a)
                } else {
                    None
                }
            }
            _ => None,
        }
    }
}
