//! One bale at a time: which bales are split, how wide each piece is, un-baling, and the split itself.
//!
//! IGC's `processInst` / `processBale` / `determineWidth` / `splitBale`, rewritten: the widths of all pieces
//! are planned (and every sub-region checked) before anything is emitted, so a bale is either split completely
//! or left as it was.


use genx_region::{may_overlap, Indirect, IndexRelation, Region};

use crate::baling::arg_info::{self, Category, Restriction};
use crate::baling::{BaleInfo, BaleMember, Bales, Role};
use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::platform::Platform;
use crate::region_ir::{self, element_bytes, element_type, lanes, wr, Index, RdRegion, WrRegion};

use super::align::alignment_of;
use super::build::{self, is_predicate_type, is_vector, opcode, operand};
use super::width::{self, floor_pow2, legal_pred_size, legal_region_size, non_region_width, Alignment, Target};
use crate::ir_write;

/// What genx-legalize counted (reported as LLVM statistics at the end of the pass).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stats {
    pub splits: u64,
    pub pieces: u64,
    pub unbaled: u64,
    pub byte_moves: u64,
    pub i64_moves: u64,
    pub emulated: u64,
    pub predicates: u64,
    pub multi_indirect: u64,
}

/// The state of one function's legalization.
pub(super) struct Legalizer<'c> {
    pub function: LLVMValueRef,
    pub platform: &'static Platform,
    pub target: Target,
    pub bales: Bales,
    pub cx: &'c mut PassCx,
    pub stats: Stats,
    /// The module has stack calls and the platform fused EUs: SIMD32 is not used.
    pub no_simd32: bool,
    pub changed: bool,
    /// Instructions that may have become dead (erased at the end when they still exist and are unused).
    pub maybe_dead: Vec<LLVMValueRef>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Done,
    /// Something was un-baled: process the same instruction again.
    Reprocess,
}

#[derive(Debug)]
enum Decision {
    Unbale,
    NoSplit,
    /// The instruction cannot be legalized (no allowed width): leave it, with this reason.
    Refuse(String),
    Split { width: u32, reason: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SplitKind {
    Normal,
    /// Reads of the written vector's Old value read the previous piece's result (in-place updates).
    Propagation,
}

/// A bale being processed.
pub(super) struct Bale {
    pub head: LLVMValueRef,
    /// Preorder, head first.
    pub members: Vec<BaleMember>,
    pub main: Option<LLVMValueRef>,
    /// (main, operand) of a FIXED4 / TWICEWIDTH operand of the main intrinsic.
    pub fixed4: Option<(LLVMValueRef, u32)>,
    pub twice_width: Option<(LLVMValueRef, u32)>,
    /// Allowed execution sizes (bit k: SIMD 2^k).
    pub allowed: u32,
}

impl Bale {
    /// Members, operands before their users (the head last).
    pub(super) fn leaves_first(&self) -> impl Iterator<Item = &BaleMember> {
        self.members.iter().rev()
    }

    pub(super) fn head_is_wrregion(&self) -> bool {
        self.members[0].info.role == Role::WrRegion
    }
}

/// The base name of a called GenX or LLVM intrinsic.
pub(super) fn intrinsic_base(inst: LLVMValueRef) -> Option<String> {
    if opcode(inst) != Some(LLVMOpcode::LLVMCall) {
        return None;
    }
    if let Some(base) = region_ir::genx_base_name(inst) {
        return Some(base.to_string());
    }
    let callee = ir::called_function(inst)?;
    build::llvm_intrinsic_base(&ir::value_name(callee))
}

fn is_modifier_or_sat_intrinsic(base: &str) -> bool {
    matches!(base, "llvm.genx.absi" | "llvm.genx.absf" | "llvm.fabs") || crate::baling::util::is_sat_intrinsic(base)
}

/// Whether a call's result is a general (register region) operand, which legalization may split.
fn has_general_result(base: &str) -> bool {
    matches!(base, "llvm.genx.constanti" | "llvm.genx.constantf")
        || arg_info::get(base).and_then(|info| info.result()).is_some_and(|r| r.category == Category::General)
}

/// Whether `inst`, as a member of a bale (not its head), can be copied at a narrower width.
fn is_copyable(inst: LLVMValueRef, role: Role) -> bool {
    use LLVMOpcode::*;
    match role {
        Role::RdRegion => return RdRegion::read(inst).is_some(),
        Role::WrRegion => return WrRegion::read(inst).is_some(),
        Role::AddrAdd | Role::AddrOr => return true,
        _ => {}
    }
    match opcode(inst) {
        Some(
            LLVMAdd | LLVMFAdd | LLVMSub | LLVMFSub | LLVMMul | LLVMFMul | LLVMUDiv | LLVMSDiv | LLVMFDiv | LLVMURem
            | LLVMSRem | LLVMFRem | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMFNeg | LLVMTrunc
            | LLVMZExt | LLVMSExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP | LLVMFPTrunc | LLVMFPExt
            | LLVMICmp | LLVMFCmp | LLVMSelect,
        ) => is_vector(ir::type_of(inst)),
        Some(LLVMCall) => match intrinsic_base(inst) {
            Some(base) => {
                is_vector(ir::type_of(inst)) && (has_general_result(&base) || is_modifier_or_sat_intrinsic(&base))
            }
            None => false,
        },
        _ => false,
    }
}

/// Whether the bale headed by `head` is one legalization splits (and the legal-width verifier checks): a vector
/// result, not a bitcast, load, phi, inline asm, non-intrinsic call, dpas or other intrinsic whose result is not
/// a general operand, and made only of members that can be copied at a narrower width.
pub(super) fn is_splittable_bale(bales: &Bales, head: LLVMValueRef) -> bool {
    if !is_vector(ir::type_of(head)) {
        return false;
    }
    if matches!(intrinsic_base(head).as_deref(), Some("llvm.genx.constanti" | "llvm.genx.constantf"))
        && ir::is_undef(operand(head, 0))
    {
        return false;
    }
    let members = bales.members(head);
    if let Some(main) = bales.main_inst(head) {
        if opcode(main) == Some(LLVMOpcode::LLVMCall) {
            match intrinsic_base(main) {
                Some(base) if has_general_result(&base) || base == "llvm.genx.constantpred" => {}
                _ => return false,
            }
            if !crate::baling::can_split(main) {
                return false;
            }
        }
    }
    members.iter().all(|m| {
        if m.inst == head && m.info.role == Role::WrRegion {
            return WrRegion::read(head).is_some();
        }
        is_copyable(m.inst, m.info.role)
    })
}

/// The execution width of a bale: the New value of a wrregion head, else the head's result.
pub(super) fn exec_width(bales: &Bales, head: LLVMValueRef) -> u32 {
    if bales.role(head) == Role::WrRegion {
        lanes(ir::type_of(operand(head, wr::NEW)))
    } else {
        lanes(ir::type_of(head))
    }
}

/// The allowed execution sizes of a bale (bit k: SIMD 2^k): the platform's, the main intrinsic's, SIMD16 at
/// most for integer division on divrem32 targets, and no SIMD32 when the caller says so.
pub(super) fn allowed_exec_sizes(platform: &Platform, main: Option<LLVMValueRef>, no_simd32: bool) -> u32 {
    let mut allowed = platform.exec_size_mask;
    if let Some(main) = main {
        if let Some(info) = intrinsic_base(main).as_deref().and_then(arg_info::get) {
            allowed &= info.exec_size.allowed_mask();
        }
        if platform.features.divrem32
            && matches!(
                opcode(main),
                Some(LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMUDiv | LLVMOpcode::LLVMSRem | LLVMOpcode::LLVMURem)
            )
        {
            allowed &= 0x1f;
        }
    }
    if no_simd32 {
        allowed &= 0x1f;
    }
    allowed
}

/// Bits of the element type of `value`'s type (for predicate limits next to 64-bit data).
fn element_bits(value: LLVMValueRef) -> Option<u32> {
    element_bytes(element_type(ir::type_of(value))).map(|b| b * 8)
}

/// A short name for the operation of a bale, for remarks (`add`, `uitofp`, `genx.ssmul`, `move`).
pub(super) fn describe_op(inst: Option<LLVMValueRef>) -> String {
    let Some(inst) = inst else { return "move".to_string() };
    if let Some(base) = intrinsic_base(inst) {
        return base.trim_start_matches("llvm.").to_string();
    }
    let text = ir::value_to_string(inst);
    // `%x = add nsw <32 x i32> ...`: the word after `=`.
    text.split('=').nth(1).and_then(|rest| rest.split_whitespace().next()).unwrap_or("instruction").to_string()
}

/// `2×16`, `8+4+1`, `16+16+8`.
fn describe_pieces(plan: &[(u32, u32)]) -> String {
    if plan.iter().all(|&(_, w)| w == plan[0].1) {
        format!("{}×{}", plan.len(), plan[0].1)
    } else {
        plan.iter().map(|&(_, w)| w.to_string()).collect::<Vec<_>>().join("+")
    }
}

pub(super) fn name_of(value: LLVMValueRef) -> String {
    let name = ir::value_name(value);
    if name.is_empty() {
        "value".to_string()
    } else {
        name
    }
}

/// A value as messages name it: `%name`, or its text when it has no name.
pub(super) fn show(value: LLVMValueRef) -> String {
    let name = ir::value_name(value);
    if name.is_empty() {
        ir::value_to_string(value).trim().to_string()
    } else {
        format!("%{name}")
    }
}

pub(super) fn index_alignment(index: Index) -> Alignment {
    match index {
        Index::Direct => Alignment::UNKNOWN,
        Index::Value(v) => alignment_of(v),
    }
}

impl<'c> Legalizer<'c> {
    /// Erases `inst`, forgetting its bale info (a new instruction may reuse the address).
    pub(super) fn erase(&mut self, inst: LLVMValueRef) {
        self.bales.remove(inst);
        ir_write::erase(inst);
        self.changed = true;
    }

    /// Erases the instructions of [`Legalizer::maybe_dead`] that still exist, have no uses and compute nothing
    /// but a value (bitcasts, region reads and writes, extractvalue, arithmetic), until none is left.
    pub(super) fn erase_dead(&mut self) {
        let candidates = std::mem::take(&mut self.maybe_dead);
        if candidates.is_empty() {
            return;
        }
        let existing: std::collections::HashSet<LLVMValueRef> =
            ir::blocks(self.function).flat_map(ir::instructions).collect();
        let mut live: Vec<LLVMValueRef> = Vec::new();
        for inst in candidates {
            if existing.contains(&inst) && !live.contains(&inst) {
                live.push(inst);
            }
        }
        loop {
            let mut erased_any = false;
            let mut kept = Vec::with_capacity(live.len());
            for inst in live {
                let pure = match opcode(inst) {
                    Some(LLVMOpcode::LLVMCall) => {
                        region_ir::is_rdregion(inst) || region_ir::is_wrregion(inst) || region_ir::genx_base_name(inst).is_some_and(|b| {
                            matches!(b, "llvm.genx.rdpredregion" | "llvm.genx.wrpredregion" | "llvm.genx.addc" | "llvm.genx.subb" | "llvm.genx.umulh")
                        })
                    }
                    Some(
                        LLVMOpcode::LLVMBitCast
                        | LLVMOpcode::LLVMExtractValue
                        | LLVMOpcode::LLVMAdd
                        | LLVMOpcode::LLVMSub
                        | LLVMOpcode::LLVMMul
                        | LLVMOpcode::LLVMAShr
                        | LLVMOpcode::LLVMAnd
                        | LLVMOpcode::LLVMOr
                        | LLVMOpcode::LLVMXor
                        | LLVMOpcode::LLVMICmp
                        | LLVMOpcode::LLVMSelect
                        | LLVMOpcode::LLVMZExt
                        | LLVMOpcode::LLVMSExt
                        | LLVMOpcode::LLVMTrunc,
                    ) => true,
                    _ => false,
                };
                if pure && !build::has_uses(inst) {
                    self.erase(inst);
                    erased_any = true;
                } else {
                    kept.push(inst);
                }
            }
            live = kept;
            if !erased_any {
                break;
            }
        }
    }

    /// Replaces every use of `old` by `new` (which takes `old`'s name when it has none) and erases `old`.
    pub(super) fn replace_and_erase(&mut self, old: LLVMValueRef, new: LLVMValueRef) {
        let name = ir::value_name(old);
        ir_write::replace_all_uses(old, new);
        self.erase(old);
        if !name.is_empty() && build::is_instruction(new) && ir::value_name(new).is_empty() {
            let cname = build::c_name(&name);
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            unsafe { LLVMSetValueName2(new, cname.as_ptr(), cname.as_bytes().len()) };
        }
    }

    /// The backward scan over the function: every block from its terminator up, each instruction processed
    /// until it asks for no re-processing. New instructions a split inserts after its head are not visited.
    pub(super) fn sweep(&mut self) {
        let blocks: Vec<LLVMBasicBlockRef> = ir::blocks(self.function).collect();
        for block in blocks.into_iter().rev() {
            let mut next = ir::last_instruction(block);
            while !next.is_null() {
                next = self.process(next);
            }
        }
    }

    /// Processes `inst` and returns the instruction to look at next (null at the block start).
    fn process(&mut self, inst: LLVMValueRef) -> LLVMValueRef {
        for _ in 0..64 {
            let anchor = self.anchor(inst);
            match self.process_inst(inst) {
                Outcome::Done => return anchor,
                Outcome::Reprocess => continue,
            }
        }
        self.anchor(inst)
    }

    /// The nearest instruction before `inst` that is not a member of its bale (members are erased by a split).
    fn anchor(&self, inst: LLVMValueRef) -> LLVMValueRef {
        let members: Vec<LLVMValueRef> =
            if self.bales.is_considered(inst) { self.bales.members(inst).iter().map(|m| m.inst).collect() } else { vec![inst] };
        let mut prev = ir::previous_instruction(inst);
        while !prev.is_null() && members.contains(&prev) {
            prev = ir::previous_instruction(prev);
        }
        prev
    }

    fn process_inst(&mut self, inst: LLVMValueRef) -> Outcome {
        let Some(op) = opcode(inst) else { return Outcome::Done };
        if matches!(op, LLVMOpcode::LLVMPHI) || ir::is_terminator(inst) {
            return Outcome::Done;
        }
        let base = intrinsic_base(inst);
        if matches!(base.as_deref(), Some("llvm.genx.read.predef.reg" | "llvm.genx.write.predef.reg")) {
            return Outcome::Done;
        }
        let ty = ir::type_of(inst);
        if !is_vector(ty) {
            if op == LLVMOpcode::LLVMBitCast && is_predicate_type(ir::type_of(operand(inst, 0))) {
                super::predicates::bitcast_from_predicate(self, inst);
            } else if matches!(base.as_deref(), Some("llvm.genx.all" | "llvm.genx.any")) {
                super::predicates::all_any(self, inst);
            }
            return Outcome::Done;
        }
        if op == LLVMOpcode::LLVMBitCast {
            if is_predicate_type(ty) {
                super::predicates::bitcast_to_predicate(self, inst);
            }
            return Outcome::Done;
        }
        if self.bales.is_baled(inst) || !crate::baling::can_split(inst) {
            return Outcome::Done;
        }
        if !is_splittable_bale(&self.bales, inst) {
            return Outcome::Done;
        }
        // Byte moves become int or short moves; 64-bit moves become 32-bit moves where i64 is emulated.
        let mut retyped = super::moves::transform_move_type(self, inst, 8, 32)
            .or_else(|| super::moves::transform_move_type(self, inst, 8, 16));
        if retyped.is_some() {
            self.stats.byte_moves += 1;
        } else if self.platform.features.emulate_i64 {
            retyped = super::moves::transform_move_type(self, inst, 64, 32);
            if retyped.is_some() {
                self.stats.i64_moves += 1;
            }
        }
        let Some((head, new_rd)) = retyped else { return self.process_bale(inst) };
        // `inst` is gone: the retyped move is processed here, to the end. The only member that can be un-baled
        // from a move is its read, which is then a bale of its own (still in the IR: the write's pieces read it).
        let mut unbaled = false;
        for _ in 0..8 {
            if self.process_bale(head) == Outcome::Done {
                break;
            }
            unbaled = true;
        }
        if let (true, Some(rd)) = (unbaled, new_rd) {
            for _ in 0..8 {
                if self.process_bale(rd) == Outcome::Done {
                    break;
                }
            }
        }
        Outcome::Done
    }

    fn make_bale(&self, head: LLVMValueRef) -> Bale {
        let members = self.bales.members(head);
        let main = self.bales.main_inst(head);
        let mut fixed4 = None;
        let mut twice_width = None;
        if let Some(main) = main {
            if let Some(info) = intrinsic_base(main).as_deref().and_then(arg_info::get) {
                for field in info.fields {
                    if field.operand < 0 {
                        continue;
                    }
                    match field.restriction {
                        Restriction::Fixed4 => fixed4 = Some((main, field.operand as u32)),
                        Restriction::TwiceWidth => twice_width = Some((main, field.operand as u32)),
                        _ => {}
                    }
                }
            }
        }
        let allowed = allowed_exec_sizes(self.platform, main, self.no_simd32);
        Bale { head, members, main, fixed4, twice_width, allowed }
    }

    fn process_bale(&mut self, head: LLVMValueRef) -> Outcome {
        let bale = self.make_bale(head);
        let whole = exec_width(&self.bales, head);
        if whole <= 1 {
            return Outcome::Done;
        }
        let kind = self.split_kind(&bale);
        let mut plan: Vec<(u32, u32)> = Vec::new();
        let mut first_reason = String::new();
        let mut start = 0;
        while start < whole {
            match self.determine_width(&bale, whole, start, kind) {
                Decision::Unbale => return Outcome::Reprocess,
                Decision::NoSplit => return Outcome::Done,
                Decision::Refuse(reason) => {
                    self.cx.remark(RemarkKind::Missed, c"NotSplit", head, &format!("not legalized: {reason}"));
                    return Outcome::Done;
                }
                Decision::Split { width, reason } => {
                    if plan.is_empty() {
                        first_reason = reason;
                    }
                    plan.push((start, width));
                    start += width;
                }
            }
        }
        if let Err(reason) = self.check_plan(&bale, &plan) {
            self.cx.remark(RemarkKind::Missed, c"NotSplit", head, &format!("not split: {reason}"));
            return Outcome::Done;
        }
        let op = describe_op(bale.main);
        let message = if plan.len() == 1 {
            format!("{whole}-wide {op}: {first_reason}")
        } else {
            format!("split {whole}-wide {op} into {}: {first_reason}", describe_pieces(&plan))
        };
        if self.cx.remarks_enabled(head) {
            self.cx.remark(RemarkKind::Passed, c"Split", head, &message);
        }
        match self.emit(&bale, &plan, kind) {
            Ok(()) => {
                self.stats.splits += 1;
                self.stats.pieces += plan.len() as u64;
            }
            Err(reason) => {
                self.cx.remark(RemarkKind::Missed, c"NotSplit", head, &format!("not split: {reason}"));
            }
        }
        Outcome::Done
    }

    /// Propagation when every read of the written vector's Old value is provably not changed by the earlier
    /// pieces (IGC's `checkBaleSplittingKind`).
    fn split_kind(&self, bale: &Bale) -> SplitKind {
        if !bale.head_is_wrregion() {
            return SplitKind::Normal;
        }
        let Some(w) = WrRegion::read(bale.head) else { return SplitKind::Normal };
        let mut r1 = w.region.canonical();
        r1.masked = false;
        let mut kind = SplitKind::Normal;
        for m in &bale.members {
            if m.info.role != Role::RdRegion {
                continue;
            }
            let Some(r) = RdRegion::read(m.inst) else { return SplitKind::Normal };
            if r.input != w.old {
                continue;
            }
            let r2 = r.region.canonical();
            if r2 == r1 && r.index == w.index {
                if r1.is_multi_indirect() || (r1.is_2d() && r1.vstride < r1.width as i32) {
                    return SplitKind::Normal;
                }
                kind = SplitKind::Propagation;
                continue;
            }
            let relation = match (r.index, w.index) {
                (Index::Direct, Index::Direct) => IndexRelation::Unrelated,
                (Index::Value(a), Index::Value(b)) if a == b => IndexRelation::SameIndex,
                _ => return SplitKind::Normal,
            };
            if may_overlap(&r1, &r2, relation) {
                return SplitKind::Normal;
            }
            kind = SplitKind::Propagation;
        }
        // Old read whole as a plain operand (`wrregion(x, sub(0, x), mask)`): each piece slices it at the piece's
        // own lanes, as a read of `x`'s whole region would.
        for m in &bale.members {
            if matches!(m.info.role, Role::RdRegion | Role::WrRegion | Role::AddrAdd | Role::AddrOr) {
                continue;
            }
            for n in 0..ir::data_operand_count(m.inst) {
                if operand(m.inst, n) != w.old || m.info.is_operand_baled(n) {
                    continue;
                }
                if bale.fixed4 == Some((m.inst, n)) || bale.twice_width == Some((m.inst, n)) || w.index != Index::Direct {
                    return SplitKind::Normal;
                }
                let Some(eb) = element_bytes(element_type(ir::type_of(w.old))) else { return SplitKind::Normal };
                let r2 = Region::whole(eb, lanes(ir::type_of(w.old))).canonical();
                if r2 != r1 && may_overlap(&r1, &r2, IndexRelation::Unrelated) {
                    return SplitKind::Normal;
                }
                kind = SplitKind::Propagation;
            }
        }
        kind
    }

    fn unbale_operand(&mut self, user: LLVMValueRef, n: u32, why: &str) {
        let mut info = self.bales.info(user);
        let baled = operand(user, n);
        info.clear_operand_baled(n);
        self.bales.set_info(user, info);
        self.stats.unbaled += 1;
        self.changed = true;
        if self.cx.remarks_enabled(baled) {
            self.cx.remark(RemarkKind::Missed, c"Unbaled", baled, &format!("un-baled {} from {}: {why}", show(baled), show(user)));
        }
    }

    fn determine_width(&mut self, bale: &Bale, whole: u32, start: u32, kind: SplitKind) -> Decision {
        let target = self.target;
        let allowed = bale.allowed;
        if allowed == 0 {
            return Decision::Refuse("no execution size is allowed".to_string());
        }
        let main_min = 1u32 << allowed.trailing_zeros();
        let mut width = whole - start;
        let mut reason;
        let mut reasons: Vec<(u32, String)> = Vec::new();
        let mut limiter: Option<LLVMValueRef> = None;
        let mut pred_min = 1u32;
        let head = bale.head;
        let wr_old = bale.head_is_wrregion().then(|| operand(head, wr::OLD));
        let mut read_same = false;
        let mut must_split = false;
        let leaves: Vec<BaleMember> = bale.leaves_first().copied().collect();
        for m in leaves {
            let inst = m.inst;
            let mut this = width;
            let mut why = String::new();
            match m.info.role {
                Role::WrRegion => {
                    let Some(w) = WrRegion::read(inst) else { return Decision::Refuse("unreadable wrregion".into()) };
                    let r = w.region.canonical();
                    let mut unbale = false;
                    let new_elem = element_bits(w.new);
                    if w.region.masked {
                        if is_vector(ir::type_of(w.mask)) {
                            let (pmin, pmax) = legal_pred_size(lanes(ir::type_of(w.mask)), new_elem, start);
                            if pmax < this {
                                this = pmax;
                                why = format!("predicate parts {}", describe_parts(lanes(ir::type_of(w.mask))));
                            }
                            pred_min = pmin;
                        } else if this > width::MAX_PRED {
                            this = width::MAX_PRED;
                            why = "a predicate is at most 32 bits".to_string();
                        }
                    }
                    if pred_min > width {
                        unbale = true;
                    }
                    let old_len = lanes(ir::type_of(w.old));
                    let align = index_alignment(w.index);
                    let (dst, limit) = legal_region_size(target, &r, start, false, old_len, align);
                    let dst = fit_piece(target, &r, start, dst, false, old_len, align);
                    if dst < this {
                        this = dst;
                        why = format!("{} (destination {} of {})", limit_text(limit, &r), region_text(&r), show(inst));
                    }
                    if bale.members.iter().all(|o| o.inst == inst || matches!(o.info.role, Role::AddrAdd | Role::AddrOr)) {
                        // A lone wrregion also reads its New value.
                        if let Some(eb) = element_bytes(element_type(ir::type_of(w.new))) {
                            let n = lanes(ir::type_of(w.new));
                            let source = Region::whole(eb, n).canonical();
                            let (src, limit) = legal_region_size(target, &source, start, false, n, Alignment::UNKNOWN);
                            if src < this {
                                this = src;
                                why = format!("{} (source {})", limit.describe(), show(w.new));
                            }
                        }
                    }
                    if !unbale && w.region.masked && pred_min > this && self.separate_predicate(inst, &w) {
                        return Decision::Unbale;
                    }
                    if pred_min > this || this < main_min {
                        unbale = true;
                    }
                    if unbale && m.info.is_operand_baled(wr::NEW) {
                        let why_unbale = if this < main_min {
                            format!("the destination region allows only {}, the instruction needs at least {main_min}", elements(this))
                        } else {
                            format!("the predicate needs at least {pred_min} elements, the destination region allows {this}")
                        };
                        self.unbale_operand(inst, wr::NEW, &why_unbale);
                        return Decision::Unbale;
                    }
                }
                Role::RdRegion => {
                    let Some(rdr) = RdRegion::read(inst) else { return Decision::Refuse("unreadable rdregion".into()) };
                    if !is_vector(ir::type_of(inst)) {
                        // A scalar operand is read whole by every piece.
                        continue;
                    }
                    if Some(rdr.input) == wr_old {
                        read_same = true;
                    }
                    let r = rdr.region.canonical();
                    let doubling = u32::from(bale.twice_width.is_some() && bale.twice_width == m.parent);
                    let fixed = bale.fixed4.is_some() && bale.fixed4 == m.parent;
                    let mstart = if fixed { 0 } else { start << doubling };
                    let input_len = lanes(ir::type_of(rdr.input));
                    let align = index_alignment(rdr.index);
                    let (size, limit) = legal_region_size(target, &r, mstart, true, input_len, align);
                    let mut size = if fixed { size } else { fit_piece(target, &r, mstart, size, true, input_len, align) };
                    why = format!("{} (source {} of {})", limit_text(limit, &r), region_text(&r), show(inst));
                    if size == 1
                        && (r.elem_bytes != 1 || target.byte_multi_indirect)
                        && r.indirect == Indirect::Single
                    {
                        // A single-indirect read limited to one element becomes a multi-indirect read of 4 or 8.
                        let row_rest = floor_pow2((r.width - start % r.width.max(1)) as u64) as u32;
                        if row_rest >= 4 {
                            size = row_rest.min(8);
                            must_split = true;
                            why = format!("indirect source {} read as multi-indirect", show(inst));
                        }
                    }
                    size >>= doubling;
                    let size = size.max(1);
                    if size < main_min {
                        if let Some((user, n)) = m.parent {
                            self.unbale_operand(
                                user,
                                n,
                                &format!("its region allows only {}, the instruction needs at least {main_min}", elements(size)),
                            );
                            return Decision::Unbale;
                        }
                    }
                    this = size;
                }
                Role::AddrAdd
                | Role::AddrOr
                | Role::GStore
                | Role::RegIntr
                | Role::RdPredRegion
                | Role::NotP
                | Role::ShufflePred
                | Role::AllAny
                | Role::WrPredRegion
                | Role::WrPredPredRegion => continue,
                _ => {
                    let (nr, nr_why) = self.non_region(inst, start);
                    this = nr;
                    reasons.push((nr, nr_why));
                    // Operands that are not members are read through a contiguous slice per piece: that read
                    // must be legal too (a piece starting in the middle of a GRF, a twice-width operand).
                    let count = ir::data_operand_count(inst);
                    for n in 0..count {
                        let value = operand(inst, n);
                        let vty = ir::type_of(value);
                        if m.info.is_operand_baled(n) || !is_vector(vty) || ir::is_constant(value) || is_predicate_type(vty) {
                            continue;
                        }
                        if bale.fixed4 == Some((inst, n)) {
                            continue;
                        }
                        let Some(eb) = element_bytes(element_type(vty)) else { continue };
                        let doubling = u32::from(bale.twice_width == Some((inst, n)));
                        let len = lanes(vty);
                        let slice = Region::whole(eb, len).canonical();
                        let (size, limit) = legal_region_size(target, &slice, start << doubling, true, len, Alignment::UNKNOWN);
                        let size = (size >> doubling).max(1);
                        if size < this {
                            this = size;
                            reasons.push((size, format!("{} (operand {})", limit.describe(), show(value))));
                        }
                    }
                    let mut pred = None;
                    match opcode(inst) {
                        Some(LLVMOpcode::LLVMSelect) => {
                            let cond = operand(inst, 0);
                            if is_vector(ir::type_of(cond)) {
                                pred = Some((cond, element_bits(operand(inst, 1))));
                            } else if this > width::MAX_PRED {
                                this = width::MAX_PRED;
                                why = "a predicate is at most 32 bits".to_string();
                            }
                        }
                        Some(LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMFCmp) => {
                            pred = Some((inst, element_bits(operand(inst, 1))));
                        }
                        _ => {}
                    }
                    if let Some((p, data_bits)) = pred {
                        let whole_pred = lanes(ir::type_of(p));
                        let (pmin, pmax) = legal_pred_size(whole_pred, data_bits, start);
                        if pmin <= whole - start {
                            pred_min = pmin;
                        }
                        if pred_min > width {
                            if let Some(l) = limiter.filter(|&l| self.bales.role(l) == Role::RdRegion) {
                                if let Some(parent) = self.bales.parent(l) {
                                    let n = (0..ir::operand_count(parent)).find(|&n| operand(parent, n) == l);
                                    if let Some(n) = n {
                                        self.unbale_operand(
                                            parent,
                                            n,
                                            &format!("the predicate needs at least {pred_min} elements, its region allows {width}"),
                                        );
                                        return Decision::Unbale;
                                    }
                                }
                            }
                        }
                        if pmax <= this {
                            let pred_why = if width::pred_part(whole_pred, start).offset == start {
                                format!("predicate parts {}", describe_parts(whole_pred))
                            } else {
                                format!("predicate alignment at bit {start}")
                            };
                            reasons.push((pmax, pred_why));
                            this = pmax;
                        }
                    }
                }
            }
            if this < width {
                width = this;
                limiter = Some(inst);
            }
            if !why.is_empty() {
                reasons.push((this, why));
            }
        }
        let mut seen = Vec::new();
        for (this, why) in &reasons {
            if *this == width && !seen.contains(why) {
                seen.push(why.clone());
            }
        }
        reason = seen.join("; ");
        while width > 0 && allowed & width == 0 {
            width >>= 1;
            reason = format!("execution size {} is not allowed", width << 1);
        }
        if width == 0 {
            return Decision::Refuse(format!("no allowed execution size fits {} elements", whole - start));
        }
        if width != whole && read_same && kind == SplitKind::Normal && bale.head_is_wrregion() {
            let info = self.bales.info(head);
            if info.is_operand_baled(wr::NEW) {
                self.unbale_operand(
                    head,
                    wr::NEW,
                    "a source reads the written vector's old value and the bale is split (old and new would be live together)",
                );
                return Decision::Unbale;
            }
        }
        if width == whole && !must_split {
            return Decision::NoSplit;
        }
        // The pieces of a bale that is not headed by a wrregion are joined by writes into the whole result.
        if !bale.head_is_wrregion() && lanes(ir::type_of(head)) != width && !is_predicate_type(ir::type_of(head)) {
            if let Some(eb) = element_bytes(element_type(ir::type_of(head))) {
                let n = lanes(ir::type_of(head));
                let dst = Region::whole(eb, n).canonical();
                let (size, limit) = legal_region_size(target, &dst, start, false, n, Alignment::UNKNOWN);
                if size < width {
                    width = size;
                    reason = format!("{} (result {})", limit.describe(), show(head));
                }
            }
        }
        if reason.is_empty() {
            reason = "multi-indirect conversion".to_string();
        }
        Decision::Split { width, reason }
    }

    /// The non-region limit of a member (IGC's `determineNonRegionWidth`).
    fn non_region(&self, inst: LLVMValueRef, start: u32) -> (u32, String) {
        let ty = ir::type_of(inst);
        if !is_vector(ty) {
            return (1, "scalar".to_string());
        }
        let n = lanes(ty);
        let remaining = n - start;
        let mut eb = element_bytes(element_type(ty)).unwrap_or(0);
        if opcode(inst) != Some(LLVMOpcode::LLVMSelect) {
            let count = ir::data_operand_count(inst);
            if count > 0 {
                if let Some(b) = element_bytes(element_type(ir::type_of(operand(inst, 0)))) {
                    eb = eb.max(b);
                }
            }
        }
        if eb > 0 {
            let w = non_region_width(self.target.grf_bytes, eb, remaining);
            let why = if (remaining as u64) * eb as u64 > 2 * self.target.grf_bytes as u64 {
                format!("two-GRF rule ({remaining} × {eb} bytes > {})", 2 * self.target.grf_bytes)
            } else {
                format!("execution size must be a power of two ({remaining} elements)")
            };
            (w, why)
        } else {
            let part = width::pred_part(n, start);
            (part.size.max(1), format!("predicate parts {}", describe_parts(n)))
        }
    }

    /// A masked wrregion whose region cannot take the predicate's minimum width: the predicated write goes to a
    /// contiguous copy of the region (`rdregion` of Old, predicated `wrregion` into it), then that is written
    /// unpredicated (IGC's "separatepred").
    fn separate_predicate(&mut self, inst: LLVMValueRef, w: &WrRegion) -> bool {
        let old_region = w.region;
        let mut read_region = old_region;
        read_region.masked = false;
        let name = name_of(inst);
        let built = region_ir::with_builder_before(inst, |builder| -> Result<(LLVMValueRef, LLVMValueRef), String> {
            let copy = region_ir::build_rdregion(builder, w.old, &read_region, w.index, false, &format!("{name}.separatepred.rd"))?;
            let n = lanes(ir::type_of(copy));
            let eb = element_bytes(element_type(ir::type_of(copy))).ok_or("no element size")?;
            let whole = Region::whole(eb, n).canonical();
            let masked = region_ir::build_wrregion(builder, copy, w.new, &whole, Index::Direct, Some(w.mask), &format!("{name}.separatepred.wr"))?;
            Ok((copy, masked))
        });
        let Ok((copy, masked)) = built else { return false };
        self.bales.set_info(copy, BaleInfo::new(Role::RdRegion));
        let mut info = self.bales.info(inst);
        let mut masked_info = BaleInfo::new(Role::WrRegion);
        if info.is_operand_baled(wr::NEW) {
            masked_info.set_operand_baled(wr::NEW);
        }
        self.bales.set_info(masked, masked_info);
        {
            ir_write::set_operand(inst, wr::NEW, masked);
            let all_ones = ir_write::all_ones(ir::type_of(w.mask));
            ir_write::set_operand(inst, wr::MASK, all_ones);
        }
        info.clear_operand_baled(wr::NEW);
        info.clear_operand_baled(wr::MASK);
        self.bales.set_info(inst, info);
        self.changed = true;
        self.cx.remark(
            RemarkKind::Missed,
            c"Unbaled",
            inst,
            "the predicate cannot be split as finely as the destination region: predicated write into a contiguous copy",
        );
        true
    }

    /// Every sub-region the plan needs exists.
    fn check_plan(&self, bale: &Bale, plan: &[(u32, u32)]) -> Result<(), String> {
        for m in &bale.members {
            let region = match m.info.role {
                Role::RdRegion if is_vector(ir::type_of(m.inst)) => RdRegion::read(m.inst).map(|r| r.region),
                Role::WrRegion if m.inst == bale.head => WrRegion::read(m.inst).map(|w| w.region),
                _ => continue,
            };
            let Some(region) = region else { return Err(format!("cannot read the region of {}", show(m.inst))) };
            let doubling = u32::from(bale.twice_width.is_some() && bale.twice_width == m.parent);
            let fixed = bale.fixed4.is_some() && bale.fixed4 == m.parent;
            if fixed {
                continue;
            }
            let r = region.canonical();
            for &(start, width) in plan {
                r.subregion(start << doubling, width << doubling)
                    .map_err(|refusal| format!("piece {start}..{} of {}: {refusal}", start + width, show(m.inst)))?;
            }
        }
        Ok(())
    }

}


/// Shrinks `size` (to lower powers of two) until the piece `start .. start + size` of `r` is legal as a region
/// of its own — as the pieces are emitted and as the verifier sees them. (The whole region can say more than a
/// piece: an indirect region that fills its vector pins its index, a piece does not.)
fn fit_piece(target: Target, r: &Region, start: u32, mut size: u32, allow_2d: bool, input_len: u32, align: Alignment) -> u32 {
    while size > 1 {
        if let Ok(piece) = r.subregion(start, size) {
            if legal_region_size(target, &piece.canonical(), 0, allow_2d, input_len, align).0 >= size {
                break;
            }
        }
        size = floor_pow2((size - 1) as u64) as u32;
    }
    size.max(1)
}

/// `1 element`, `4 elements`.
fn elements(n: u32) -> String {
    if n == 1 {
        "1 element".to_string()
    } else {
        format!("{n} elements")
    }
}

/// The reason a region limit gives, with the region's numbers where they matter.
pub(super) fn limit_text(limit: width::RegionLimit, r: &Region) -> String {
    match limit {
        width::RegionLimit::Stride if r.stride > 4 && (r.stride & (r.stride - 1)) == 0 => {
            format!("destination stride {} is above 4", r.stride)
        }
        width::RegionLimit::Stride => format!("stride {} is not 0 or a power of two", r.stride),
        other => other.describe().to_string(),
    }
}


/// `<32;24,1> at byte 35`, `<16;16,1> indirect` (1D regions written with vISA's vstride `width × stride`).
fn region_text(r: &Region) -> String {
    let vstride = if r.width == r.num_elements && r.vstride == 0 { r.width as i64 * r.stride as i64 } else { r.vstride as i64 };
    let shape = format!("<{vstride};{},{}>", r.width, r.stride);
    match r.indirect {
        Indirect::None => format!("{shape} at byte {}", r.offset),
        Indirect::Single => format!("{shape} indirect"),
        Indirect::Multi { .. } => format!("{shape} multi-indirect"),
    }
}

/// `8,4,1` for a 13-bit predicate.
pub(super) fn describe_parts(whole: u32) -> String {
    width::pred_parts(whole).iter().map(|p| p.to_string()).collect::<Vec<_>>().join(",")
}
