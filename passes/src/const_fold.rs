//! `genx-const-fold`: folds constants and simplifies identities through the region intrinsics and the GenX
//! integer ALU intrinsics (genx-ir.md §1.5: IGC's GenXSimplify, ConstantFoldingGenX and simplifyRegionInst).
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
//!   behaviour, and LLVM's folder would turn them into poison. Everything else (`select` with a constant
//!   condition but variable arms, algebraic identities, phis of one constant) is left to LLVM's InstSimplify,
//!   which a pipeline can run next to this pass.
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
mod lanes;

type HashSet<T> = std::collections::HashSet<T, crate::region_ir::memo::FxBuild>;
type HashMap<K, V> = std::collections::HashMap<K, V, crate::region_ir::memo::FxBuild>;
use std::ffi::CStr;

use inkwell::values::{AsValueRef, FunctionValue};

use self::alu::AluOp;
use self::lanes::ConstLanes;
use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, lanes as lane_count, Index, RdRegion, WrRegion};

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
}

impl Folder<'_> {
    fn missed(&mut self, inst: LLVMValueRef, name: &'static CStr, message: String) {
        if self.remarked.insert(inst) {
            self.cx.remark(RemarkKind::Missed, name, inst, &message);
        }
    }
}

/// How far a fold looks from the instruction it folds: its operands (1), an operand's operands (2: the input
/// and offset of the `rdregion` a `wrregion` writes back), and those operands' operands (3: the `add %i, C`
/// an offset is split from). A replaced value can change the fold of its users up to this many steps away.
const FOLD_DEPTH: usize = 3;

/// Pass body: folds to a fixpoint. Returns whether the IR changed.
///
/// The rounds are those of the module documentation, but a round after the first offers an instruction to the
/// folds only when something within [`FOLD_DEPTH`] operand steps of it was replaced since it was last
/// offered: every other instruction would get the same refusal as before (the folds read nothing but that
/// neighbourhood and constants, and each missed remark is made once), so skipping it changes nothing. The
/// pass never creates instructions, so the function's instruction list is read once.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = crate::region_ir::memo_scope();
    let function = function.as_value_ref();
    let mut folder = Folder { cx, remarked: HashSet::default() };
    let insts: Vec<LLVMValueRef> = ir::blocks(function).flat_map(ir::instructions).collect();
    let position: HashMap<LLVMValueRef, usize> = insts.iter().enumerate().map(|(i, &inst)| (inst, i)).collect();
    let mut alive = vec![true; insts.len()];
    // Instructions to offer in the current or the next round (all of them in the first).
    let mut dirty = vec![true; insts.len()];
    let mut changed = false;
    let mut frontier: Vec<LLVMValueRef> = Vec::new();
    let mut next: Vec<LLVMValueRef> = Vec::new();
    for _ in 0..MAX_ROUNDS {
        let mut candidates: Vec<LLVMValueRef> = Vec::new();
        let mut round_changed = false;
        for i in 0..insts.len() {
            if !dirty[i] || !alive[i] {
                continue;
            }
            dirty[i] = false;
            let inst = insts[i];
            let Some(Fold { value, stat }) = fold_instruction(inst, &mut folder) else { continue };
            if value == inst || value.is_null() {
                continue;
            }
            folder.cx.count(stat.0, stat.1, 1);
            candidates.extend(instruction_operands(inst));
            // Everything whose fold can see this instruction's replacement is offered again.
            frontier.clear();
            frontier.push(inst);
            for _ in 0..FOLD_DEPTH {
                next.clear();
                for &value in &frontier {
                    for_each_user(value, |user| {
                        if let Some(&p) = position.get(&user) {
                            dirty[p] = true;
                        }
                        next.push(user);
                    });
                }
                std::mem::swap(&mut frontier, &mut next);
            }
            region_ir::replace_and_erase(inst, value);
            alive[i] = false;
            round_changed = true;
        }
        let mut erased_count = 0;
        while let Some(candidate) = candidates.pop() {
            let Some(&p) = position.get(&candidate) else { continue };
            if !alive[p] {
                continue;
            }
            let operands = instruction_operands(candidate);
            if region_ir::erase_if_dead(candidate) {
                alive[p] = false;
                candidates.extend(operands);
                erased_count += 1;
            }
        }
        folder.cx.count(ERASED.0, ERASED.1, erased_count);
        changed |= round_changed;
        if !round_changed || !dirty.iter().zip(&alive).any(|(&d, &a)| d && a) {
            break;
        }
    }
    let remaining: Vec<LLVMValueRef> = insts.iter().zip(&alive).filter(|(_, &a)| a).map(|(&inst, _)| inst).collect();
    changed | erase_dead_region_calls(&remaining, folder.cx)
}

/// Calls `f` with each user of `value` (once per use).
fn for_each_user(value: LLVMValueRef, mut f: impl FnMut(LLVMValueRef)) {
    unsafe {
        let mut use_ = LLVMGetFirstUse(value);
        while !use_.is_null() {
            f(LLVMGetUser(use_));
            use_ = LLVMGetNextUse(use_);
        }
    }
}

/// The operands of `inst` that are instructions.
fn instruction_operands(inst: LLVMValueRef) -> Vec<LLVMValueRef> {
    unsafe {
        (0..LLVMGetNumOperands(inst).max(0) as u32)
            .map(|i| LLVMGetOperand(inst, i))
            .filter(|&op| !op.is_null() && !LLVMIsAInstruction(op).is_null())
            .collect()
    }
}

fn is_region_family(call: LLVMValueRef) -> bool {
    matches!(
        region_ir::genx_base_name(call),
        Some(
            "llvm.genx.rdregioni"
                | "llvm.genx.rdregionf"
                | "llvm.genx.wrregioni"
                | "llvm.genx.wrregionf"
                | "llvm.genx.rdpredregion"
                | "llvm.genx.wrpredregion"
                | "llvm.genx.all"
                | "llvm.genx.any"
        )
    )
}

/// Erases region calls nothing uses, until none is left (a worklist: erasing a call re-examines only its
/// operands, instead of sweeping the function again). `insts` are the function's instructions in order.
fn erase_dead_region_calls(insts: &[LLVMValueRef], cx: &PassCx) -> bool {
    let is_dead_region_call =
        |inst: LLVMValueRef| ir::is_call(inst) && is_region_family(inst) && unsafe { LLVMGetFirstUse(inst).is_null() };
    let mut work: Vec<LLVMValueRef> = insts.iter().copied().filter(|&inst| is_dead_region_call(inst)).collect();
    work.reverse();
    let mut total = 0u64;
    while let Some(inst) = work.pop() {
        // An operand becomes unused once, when its last user goes, so each call is queued at most once
        // (operands repeated within one user are deduplicated first).
        let mut operands = instruction_operands(inst);
        operands.sort_unstable();
        operands.dedup();
        if region_ir::erase_if_dead(inst) {
            total += 1;
            for op in operands {
                if is_dead_region_call(op) {
                    work.push(op);
                }
            }
        }
    }
    cx.count(ERASED.0, ERASED.1, total);
    total > 0
}

/// Whether a GenX call has the operand count its table entry says (malformed calls are `genx-verify`'s to
/// report; folding them would read operands that are not there).
fn has_table_arity(call: LLVMValueRef, desc: &crate::intrinsics::IntrinsicDesc) -> bool {
    Some(desc).is_some_and(|desc| !desc.variadic && desc.operands.len() == ir::call_arg_count(call) as usize)
}

fn fold_instruction(inst: LLVMValueRef, folder: &mut Folder<'_>) -> Option<Fold> {
    if ir::is_call(inst) {
        let desc = region_ir::genx_desc(inst)?;
        let name = desc.name;
        if !has_table_arity(inst, desc) {
            return None;
        }
        return match name {
            "llvm.genx.rdregioni" | "llvm.genx.rdregionf" => fold_rdregion(inst, folder),
            "llvm.genx.wrregioni" | "llvm.genx.wrregionf" => fold_wrregion(inst, folder),
            "llvm.genx.rdpredregion" => fold_rdpredregion(inst, folder),
            "llvm.genx.wrpredregion" => fold_wrpredregion(inst, folder),
            "llvm.genx.all" | "llvm.genx.any" => fold_all_any(inst, name == "llvm.genx.all"),
            _ => fold_alu(inst, AluOp::from_name(name)?),
        };
    }
    fold_llvm_instruction(inst)
}

fn undef_of(ty: LLVMTypeRef) -> LLVMValueRef {
    unsafe { LLVMGetUndef(ty) }
}

// ---- rdregion / wrregion ------------------------------------------------------------------------------------

/// `rdregion(undef)` → undef; `rdregion(splat C)` → splat C; identity → input; constant read.
fn fold_rdregion(call: LLVMValueRef, folder: &mut Folder<'_>) -> Option<Fold> {
    let input = ir::call_arg(call, region_ir::rd::INPUT);
    let ret_ty = ir::type_of(call);
    if ir::is_undef(input) {
        return fold(undef_of(ret_ty), RD_UNDEF);
    }
    let constant = ConstLanes::read(input);
    if let Some(splat) = constant.as_ref().and_then(ConstLanes::splat_value) {
        return fold(ConstLanes::splat(ret_ty, Some(splat))?.build(), RD_SPLAT);
    }
    // The identity needs the input's type, the constant read a constant: neither, no fold (without reading
    // the region).
    if constant.is_none() && ret_ty != ir::type_of(input) {
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
    let mask_lanes = ConstLanes::read(mask);
    if mask_lanes.as_ref().is_some_and(|m| m.lanes.iter().all(|&l| l == Some(0))) {
        return fold(old, WR_ZERO_MASK);
    }
    // Every other fold needs New of the result's type, New a read of Old, or a constant New: none of them, no
    // fold (without reading the region).
    let new_reads_old = region_ir::is_rdregion(new) && ir::call_arg(new, region_ir::rd::INPUT) == old;
    if ir::type_of(new) != ret_ty && !new_reads_old && !ir::is_constant(new) {
        return None;
    }
    let wr = WrRegion::read(call)?;
    let len = lane_count(ret_ty);
    if wr.index == Index::Direct && ir::type_of(new) == ret_ty && wr.region.is_identity(len) {
        return fold(new, WR_IDENTITY);
    }
    if let Some(rd) = RdRegion::read(new) {
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
    let (old_lanes, new_lanes, mask_lanes) = (ConstLanes::read(old)?, new_lanes?, mask_lanes?);
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
    if unsafe { LLVMGetTypeKind(ret_elem) } != LLVMTypeKind::LLVMIntegerTypeKind {
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
    unsafe {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMPointerTypeKind => true,
            LLVMTypeKind::LLVMVectorTypeKind => has_pointer(LLVMGetElementType(ty)),
            _ => false,
        }
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

/// An LLVM instruction with constant operands, through LLVM's constant folder.
fn fold_llvm_instruction(inst: LLVMValueRef) -> Option<Fold> {
    use LLVMOpcode::*;
    unsafe {
        let operand_count = LLVMGetNumOperands(inst).max(0) as u32;
        let op = |i: u32| LLVMGetOperand(inst, i);
        if operand_count == 0 || has_pointer(ir::type_of(inst)) {
            return None;
        }
        if (0..operand_count).any(|i| !ir::is_plain_constant(op(i)) || has_pointer(ir::type_of(op(i)))) {
            return None;
        }
        let opcode = LLVMGetInstructionOpcode(inst);
        let ty = ir::type_of(inst);
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
            LLVMICmp => LLVMConstICmp(LLVMGetICmpPredicate(inst), a, b),
            LLVMFCmp => LLVMConstFCmp(LLVMGetFCmpPredicate(inst), a, b),
            LLVMSelect => LLVMConstSelect(a, b, op(2)),
            LLVMExtractElement => LLVMConstExtractElement(a, b),
            LLVMInsertElement => LLVMConstInsertElement(a, b, op(2)),
            LLVMShuffleVector => {
                let count = LLVMGetNumMaskElements(inst);
                let i32_ty = LLVMInt32TypeInContext(LLVMGetTypeContext(ty));
                let mut mask: Vec<LLVMValueRef> = (0..count)
                    .map(|i| match LLVMGetMaskValue(inst, i) {
                        m if m < 0 => LLVMGetUndef(i32_ty),
                        m => LLVMConstInt(i32_ty, m as u64, 0),
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
