//! The baling rules, one per kind of instruction (IGC's `processInst` and the `process*` functions), run over a
//! function in depth-first block preorder so that an operand's info is known before its user's.
//!
//! The rules only *set* infos; an instruction may get its role from a later user (an `add` becomes `ADDRADD`
//! when a region uses it as an index, a predicate `not` becomes `NOTP` when a predicate operand bales it), which
//! then replaces what its own rule set. In transforming mode (from [`super::bale_function`]) two rules rewrite,
//! as IGC's do: a modifier with a constant operand is folded to a constant, and a select that bales nothing
//! becomes a predicated wrregion when one arm can bale into the write.


use super::arg_info::{self, Category};
use super::memory::{self, Predecessors};
use super::operands::{
    check_modifier, is_acceptable_main, is_replicated_predicate_slice, mod_type_of, modifier_source,
    sat_operand_can_bale, wrregion_target, ModType, PLAIN_OPERAND,
};
use super::regions::{is_balable_index_add, is_balable_index_or, rdregion_region, Target};
use super::util::{
    c_name, callee_base, constant_lanes, has_one_use, is_abs, is_inline_asm, is_inst, is_not, is_predicate,
    is_rdregion, is_sat_intrinsic, is_struct, is_vector, is_wrregion, num_operands, opcode, operand, operand_inst,
    read_would_outlive_updates, use_count, users,
};
use super::{BaleInfo, Bales, BalingKind, Role, Violation};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode};
use crate::platform::Platform;
use crate::region_ir::{self, Index};
use crate::ir_write;

/// What the transforming analysis rewrote.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Rewrites {
    pub folded: usize,
    pub selects: usize,
}

struct Analyzer<'b> {
    bales: &'b mut Bales,
    preds: Predecessors,
    transform: bool,
    rewrites: Rewrites,
    /// Calls with a two-address operand, baled after everything else (CodeGen only).
    two_addr: Vec<LLVMValueRef>,
}

/// Runs the rules over `function`.
pub(super) fn run(function: LLVMValueRef, platform: &Platform, kind: BalingKind, transform: bool) -> (Bales, Rewrites) {
    let mut bales = Bales { function, platform: *platform, kind, infos: Default::default() };
    let mut analyzer = Analyzer {
        preds: Predecessors::of_function(function),
        bales: &mut bales,
        transform,
        rewrites: Rewrites::default(),
        two_addr: Vec::new(),
    };
    for block in preorder(function) {
        let mut cursor = ir::first_instruction(block);
        while !cursor.is_null() {
            let inst = cursor;
            // Taken before processing: the rule may erase `inst` (a folded modifier, a converted select).
            cursor = ir::next_instruction(inst);
            analyzer.process_inst(inst);
        }
    }
    for call in std::mem::take(&mut analyzer.two_addr) {
        analyzer.process_two_addr(call);
    }
    let rewrites = analyzer.rewrites;
    (bales, rewrites)
}

/// Recomputes one instruction's info (never rewriting).
pub(super) fn reprocess(bales: &mut Bales, inst: LLVMValueRef) {
    let function = bales.function;
    let mut analyzer = Analyzer {
        preds: Predecessors::of_function(function),
        bales,
        transform: false,
        rewrites: Rewrites::default(),
        two_addr: Vec::new(),
    };
    analyzer.process_inst(inst);
    for call in std::mem::take(&mut analyzer.two_addr) {
        analyzer.process_two_addr(call);
    }
}

/// The reachable blocks of `function` in depth-first preorder from the entry (IGC's `df_iterator`).
fn preorder(function: LLVMValueRef) -> Vec<LLVMBasicBlockRef> {
    ir::depth_first_orders(function).0
}

fn is_goto_or_join(value: LLVMValueRef) -> bool {
    matches!(callee_base(value), Some("llvm.genx.simdcf.goto" | "llvm.genx.simdcf.join"))
}

/// IGC's `getBaleParent`.
pub(super) fn bale_parent(bales: &Bales, inst: LLVMValueRef) -> Option<LLVMValueRef> {
    if !is_inst(inst) {
        return None;
    }
    let all_users = users(inst);
    let user = if all_users.len() == 1 {
        all_users[0]
    } else {
        // A goto/join is baled into the extractvalue of its `!any` (i1) result; every use before that one must
        // be an extractvalue too.
        if !is_struct(inst) {
            return None;
        }
        let mut found = None;
        for user in all_users {
            if opcode(user) != Some(LLVMOpcode::LLVMExtractValue) {
                return None;
            }
            if super::util::is_int_type(ir::type_of(user), 1) {
                found = Some(user);
                break;
            }
        }
        found?
    };
    let info = bales.info(user);
    info.baled_operands().any(|n| n < num_operands(user) && operand(user, n) == inst).then_some(user)
}

/// Every baled operand that is not a single-use instruction (the goto/join exception aside).
pub(super) fn violations(bales: &Bales) -> Vec<Violation> {
    let function = bales.function;
    let name = |v| super::util::display_name(function, v);
    let mut out = Vec::new();
    for inst in ir::blocks(function).flat_map(ir::instructions) {
        let info = bales.info(inst);
        for n in info.baled_operands() {
            let op = if n < num_operands(inst) { operand(inst, n) } else { std::ptr::null_mut() };
            if op.is_null() || !is_inst(op) {
                out.push(Violation {
                    inst: op,
                    user: inst,
                    message: format!("operand {n} of {} is baled but is not an instruction", name(inst)),
                });
                continue;
            }
            let uses = use_count(op);
            let goto_join = is_goto_or_join(op) && opcode(inst) == Some(LLVMOpcode::LLVMExtractValue);
            if uses != 1 && !goto_join {
                out.push(Violation {
                    inst: op,
                    user: inst,
                    message: format!("{} is baled into {} but has {uses} uses", name(op), name(inst)),
                });
            }
        }
    }
    out
}

/// The global variable a pointer is, through bitcasts and address-space casts (instructions or constants).
fn underlying_global(mut pointer: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        for _ in 0..8 {
            if ir::is_global_variable(pointer) {
                return Some(pointer);
            }
            let cast = if ir::is_constant_expr(pointer) {
                matches!(LLVMGetConstOpcode(pointer), LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast)
            } else {
                matches!(opcode(pointer), Some(LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast))
            };
            if !cast {
                return None;
            }
            pointer = ir::operand(pointer, 0);
        }
    }
    None
}

/// `value` with bitcast instructions in front of it looked through.
fn strip_bitcasts(mut value: LLVMValueRef) -> LLVMValueRef {
    while opcode(value) == Some(LLVMOpcode::LLVMBitCast) {
        value = operand(value, 0);
    }
    value
}

impl Analyzer<'_> {
    fn target(&self) -> Target<'_> {
        Target { platform: &self.bales.platform, kind: self.bales.kind }
    }

    fn codegen(&self) -> bool {
        self.bales.kind == BalingKind::CodeGen
    }

    fn set(&mut self, inst: LLVMValueRef, info: BaleInfo) {
        self.bales.infos.insert(inst, info);
    }

    fn process_inst(&mut self, inst: LLVMValueRef) {
        let base = callee_base(inst);
        match base {
            Some(_) if is_wrregion(inst) => self.process_wrregion(inst),
            Some("llvm.genx.wrpredregion") => self.process_wrpredregion(inst),
            Some("llvm.genx.wrpredpredregion") => self.process_wrpredpredregion(inst),
            Some(name) if is_sat_intrinsic(name) => self.process_sat(inst),
            Some("llvm.genx.read.predef.reg" | "llvm.genx.write.predef.reg") => {
                self.set(inst, BaleInfo::new(Role::RegIntr))
            }
            Some("llvm.genx.rdregioni" | "llvm.genx.rdregionf") => self.process_rdregion(inst),
            Some("llvm.genx.rdpredregion") => self.set(inst, BaleInfo::new(Role::RdPredRegion)),
            _ => match opcode(inst) {
                Some(LLVMOpcode::LLVMBr) => self.process_branch(inst),
                Some(LLVMOpcode::LLVMStore) => self.process_store(inst),
                Some(LLVMOpcode::LLVMCall) if is_inline_asm(inst) => self.process_inline_asm(inst),
                Some(LLVMOpcode::LLVMExtractValue) if is_inline_asm(operand(inst, 0)) => {
                    self.set(inst, BaleInfo::new(Role::MainInst))
                }
                Some(LLVMOpcode::LLVMExtractValue) | None => {}
                Some(_) if self.process_select_into_cmp(inst) => {}
                Some(_) => self.process_main(inst, base),
            },
        }
    }

    /// Sets operand `n` of `info` baled when the index operand of a region is an in-range constant addition
    /// (`ADDRADD`) or a disjoint `or` (`ADDROR`), and gives that instruction its role.
    fn bale_index(&mut self, inst: LLVMValueRef, n: u32, info: &mut BaleInfo) {
        let Some(index) = operand_inst(inst, n) else { return };
        if is_balable_index_add(index) {
            info.set_operand_baled(n);
            self.set(index, BaleInfo::new(Role::AddrAdd));
        } else if is_balable_index_or(index) {
            info.set_operand_baled(n);
            self.set(index, BaleInfo::new(Role::AddrOr));
        }
    }

    fn process_rdregion(&mut self, inst: LLVMValueRef) {
        let mut info = BaleInfo::new(Role::RdRegion);
        self.bale_index(inst, region_ir::rd::OFFSET, &mut info);
        self.set(inst, info);
    }

    fn process_wrregion(&mut self, inst: LLVMValueRef) {
        let mut info = BaleInfo::new(Role::WrRegion);
        let target = wrregion_target(inst);
        let mut new = operand_inst(inst, region_ir::wr::NEW);
        if let Some(v) = new {
            if !has_one_use(v) {
                // A New value with other uses bales only from the same block, and not when its bale's main
                // instruction is a select or a call that touches memory: that makes the code worse.
                let keep = ir::parent_block(v) == ir::parent_block(inst)
                    && self.bales.main_inst(self.bales.head_of(v)).is_none_or(|main| {
                        opcode(main) != Some(LLVMOpcode::LLVMSelect) && !memory::is_high_cost_call(main)
                    });
                if !keep {
                    new = None;
                }
            }
        }
        // A raw result does not bale into a write that a predefined-register intrinsic uses.
        if let Some(v) = new {
            let predef_user = users(inst)
                .into_iter()
                .any(|u| matches!(callee_base(u), Some("llvm.genx.read.predef.reg" | "llvm.genx.write.predef.reg")));
            if predef_user && arg_info::has_raw_result(v) {
                new = None;
            }
        }
        if let (Some(v), Some((region, mask))) = (new, target) {
            if self.target().new_value_can_bale(v, &region, mask)
                && memory::is_safe_to_move(v, inst, &self.preds)
                && !(is_rdregion(v) && read_would_outlive_updates(v, inst))
            {
                info.set_operand_baled(region_ir::wr::NEW);
            }
        }
        self.bale_index(inst, region_ir::wr::OFFSET, &mut info);
        if self.codegen() && self.process_predicate(inst, region_ir::wr::MASK) {
            info.set_operand_baled(region_ir::wr::MASK);
        }
        self.set(inst, info);
    }

    /// `wrpredregion` bales a cmp or a rdpredregion New value.
    fn process_wrpredregion(&mut self, inst: LLVMValueRef) {
        let mut info = BaleInfo::new(Role::WrPredRegion);
        if let Some(new) = operand_inst(inst, 1) {
            let rdpred = callee_base(new) == Some("llvm.genx.rdpredregion");
            if super::operands::is_cmp(new) || rdpred {
                if rdpred {
                    self.set(new, BaleInfo::new(Role::RdPredRegion));
                }
                info.set_operand_baled(1);
            }
        }
        self.set(inst, info);
    }

    /// `wrpredpredregion` bales its cmp New value, and a rdpredregion at offset 0 as its condition.
    fn process_wrpredpredregion(&mut self, inst: LLVMValueRef) {
        let mut info = BaleInfo::new(Role::WrPredPredRegion);
        if operand_inst(inst, 1).is_some_and(super::operands::is_cmp) {
            info.set_operand_baled(1);
        }
        if let Some(cond) = operand_inst(inst, 3) {
            if callee_base(cond) == Some("llvm.genx.rdpredregion") && ir::const_int(operand(cond, 1)) == Some(0) {
                info.set_operand_baled(3);
            }
        }
        self.set(inst, info);
    }

    fn process_sat(&mut self, inst: LLVMValueRef) {
        let mut info = BaleInfo::new(Role::Saturate);
        if let Some(v) = operand_inst(inst, 0) {
            if has_one_use(v) && sat_operand_can_bale(v) {
                info.set_operand_baled(0);
            }
        }
        self.set(inst, info);
    }

    fn process_branch(&mut self, inst: LLVMValueRef) {
        if num_operands(inst) != 3 || !self.codegen() {
            return;
        }
        if self.process_predicate(inst, 0) {
            let mut info = BaleInfo::new(Role::MainInst);
            info.set_operand_baled(0);
            self.set(inst, info);
        }
    }

    /// A store of a wrregion to a global variable bales the wrregion (`GSTORE`), unless the write's main
    /// instruction touches memory that the instructions between the write and the store could change.
    fn process_store(&mut self, inst: LLVMValueRef) {
        if underlying_global(memory::store_pointer(inst)).is_none() {
            return;
        }
        let mut info = BaleInfo::new(Role::GStore);
        if let Some(value) = operand_inst(inst, 0) {
            if is_wrregion(value) {
                let mut safe = true;
                if self.bales.info(value).is_operand_baled(region_ir::wr::NEW) {
                    if let Some(main) = operand_inst(value, region_ir::wr::NEW) {
                        if self.bales.role(main) == Role::MainInst {
                            safe = memory::is_safe_to_move_from(main, value, inst, &self.preds);
                        }
                    }
                }
                if safe {
                    info.set_operand_baled(0);
                }
            } else if is_inline_asm(value) {
                info.set_operand_baled(0);
            }
        }
        self.set(inst, info);
    }

    /// Inline assembly bales the rdregions of its arguments (not those reading a loaded constant).
    fn process_inline_asm(&mut self, inst: LLVMValueRef) {
        let mut info = BaleInfo::new(Role::MainInst);
        for n in 0..ir::call_arg_count(inst) {
            if let Some(rd) = operand_inst(inst, n) {
                if is_rdregion(rd)
                    && !matches!(callee_base(operand(rd, 0)), Some("llvm.genx.constanti" | "llvm.genx.constantf"))
                {
                    info.set_operand_baled(n);
                }
            }
        }
        self.set(inst, info);
    }

    /// `select(icmp, -1, 0)` with the cmp's only use bales into the cmp's destination (`CMPDST`). Not for a
    /// floating-point cmp: vISA writes only hf/f destinations there.
    fn process_select_into_cmp(&mut self, inst: LLVMValueRef) -> bool {
        if opcode(inst) != Some(LLVMOpcode::LLVMSelect) {
            return false;
        }
        let cond = operand(inst, 0);
        if opcode(cond) != Some(LLVMOpcode::LLVMICmp) || !has_one_use(cond) {
            return false;
        }
        if !super::util::is_all_ones(operand(inst, 1)) || !super::util::is_zero(operand(inst, 2)) {
            return false;
        }
        let mut info = BaleInfo::new(Role::CmpDst);
        info.set_operand_baled(0);
        self.set(inst, info);
        true
    }

    /// A potential main instruction (IGC's `processMainInst`).
    fn process_main(&mut self, inst: LLVMValueRef, base: Option<&'static str>) {
        let mut info = BaleInfo::new(Role::MainInst);
        match base {
            Some("llvm.dbg") => return,
            None => {
                if !is_acceptable_main(inst) {
                    return;
                }
                info.role = check_modifier(inst);
                let mod_type = mod_type_of(inst, info.role);
                let target = self.target();
                if opcode(inst) == Some(LLVMOpcode::LLVMSelect) {
                    for n in [1, 2] {
                        if target.operand_can_be_baled(inst, n, mod_type, &PLAIN_OPERAND) {
                            info.set_operand_baled(n);
                        }
                    }
                    if info.operands == 0 && self.transform && self.select_to_predicated_wrregion(inst) {
                        return;
                    }
                    if self.codegen() && self.process_predicate(inst, 0) {
                        info.set_operand_baled(0);
                    }
                } else {
                    for n in 0..num_operands(inst) {
                        if target.operand_can_be_baled(inst, n, mod_type, &PLAIN_OPERAND) {
                            info.set_operand_baled(n);
                        }
                    }
                }
            }
            Some("llvm.genx.convert" | "llvm.genx.convert.addr") => {
                if self.target().operand_can_be_baled(inst, 0, ModType::Arith, &PLAIN_OPERAND) {
                    info.set_operand_baled(0);
                }
            }
            Some(_) if is_abs(inst) => {
                info.role = Role::AbsMod;
                if self.target().operand_can_be_baled(inst, 0, ModType::Arith, &PLAIN_OPERAND) {
                    info.set_operand_baled(0);
                }
            }
            Some(name) => {
                if let Some(desc) = arg_info::get(name) {
                    for field in desc.fields.iter().filter(|f| f.operand >= 0) {
                        let n = field.operand as u32;
                        if n >= ir::call_arg_count(inst) {
                            continue;
                        }
                        let baled = match field.category {
                            Category::General => {
                                self.target().operand_can_be_baled(inst, n, field.modifier.into(), field)
                            }
                            Category::Raw => self.target().rdregion_ok_for_raw(operand(inst, n)),
                            Category::TwoAddr => {
                                if self.codegen() {
                                    self.two_addr.push(inst);
                                }
                                false
                            }
                            Category::Predication => self.codegen() && self.process_predicate(inst, n),
                        };
                        if baled {
                            info.set_operand_baled(n);
                        }
                    }
                }
            }
        }
        if info.role != Role::MainInst && self.transform && self.fold_constant_modifier(inst, info.role) {
            return;
        }
        self.set(inst, info);
    }

    /// IGC's `processPredicate` (CodeGen only): does predicate operand `n` of `inst` bale its definition? Bales
    /// further down the predicate (an all/any's or not's own operand) as it goes.
    fn process_predicate(&mut self, inst: LLVMValueRef, n: u32) -> bool {
        let Some(mask) = operand_inst(inst, n) else { return false };
        if !is_vector(ir::type_of(mask))
            && opcode(mask) == Some(LLVMOpcode::LLVMExtractValue)
            && is_goto_or_join(operand(mask, 0))
        {
            // The `!any` result of a goto/join: the extract bales the goto/join, the user bales the extract.
            let mut info = BaleInfo::new(Role::MainInst);
            info.set_operand_baled(0);
            self.set(mask, info);
            return true;
        }
        match callee_base(mask) {
            Some("llvm.genx.rdpredregion") => {
                self.set(mask, BaleInfo::new(Role::RdPredRegion));
                return true;
            }
            Some("llvm.genx.all" | "llvm.genx.any") => {
                let mut info = BaleInfo::new(Role::AllAny);
                if self.process_predicate(mask, 0) {
                    info.set_operand_baled(0);
                }
                self.set(mask, info);
                return true;
            }
            _ => {}
        }
        if is_predicate(mask) && is_not(mask) {
            let mut info = BaleInfo::new(Role::NotP);
            if self.process_predicate(mask, 0) {
                info.set_operand_baled(0);
            }
            self.set(mask, info);
            return true;
        }
        if is_replicated_predicate_slice(mask) {
            self.set(mask, BaleInfo::new(Role::ShufflePred));
            return true;
        }
        false
    }

    /// IGC's `processTwoAddrSend`, unsplit case only: `rd -> send -> wr` with the read's and the write's region
    /// equal, direct, unpredicated, raw-compatible, over the same vector.
    fn process_two_addr(&mut self, call: LLVMValueRef) {
        let count = ir::call_arg_count(call);
        if count == 0 {
            return;
        }
        let n = count - 1;
        let Some(rd) = operand_inst(call, n) else { return };
        if !is_rdregion(rd) || !has_one_use(call) {
            return;
        }
        let Some(wr) = users(call).first().copied() else { return };
        if !is_wrregion(wr) || operand(wr, region_ir::wr::NEW) != call || operand(wr, region_ir::wr::OLD) == call {
            return;
        }
        let (Some(rr), Some((wrr, mask))) = (rdregion_region(rd), wrregion_target(wr)) else { return };
        let same = |a: &genx_region::Region, b: &genx_region::Region| {
            (a.elem_bytes, a.num_elements, a.vstride, a.width, a.stride, a.offset)
                == (b.elem_bytes, b.num_elements, b.vstride, b.width, b.stride, b.offset)
        };
        if !same(&rr.region, &wrr.region) || rr.index != Index::Direct || wrr.index != Index::Direct || mask.is_some() {
            return;
        }
        if !self.target().region_ok_for_raw(&wrr) {
            return;
        }
        if strip_bitcasts(operand(rd, region_ir::rd::INPUT)) != strip_bitcasts(operand(wr, region_ir::wr::OLD)) {
            return;
        }
        let mut info = self.bales.info(call);
        info.set_operand_baled(n);
        self.set(call, info);
        let mut info = self.bales.info(wr);
        info.set_operand_baled(region_ir::wr::NEW);
        self.set(wr, info);
    }

    /// Folds a modifier whose source is a constant (IGC does this so that no modifier has a constant operand).
    /// Returns whether `inst` was replaced and erased.
    fn fold_constant_modifier(&mut self, inst: LLVMValueRef, role: Role) -> bool {
        let n = modifier_source(inst, role);
        let arity = ir::data_operand_count(inst);
        if n >= arity {
            return false;
        }
        let source = operand(inst, n);
        if ir::type_of(source) != ir::type_of(inst) && !matches!(role, Role::ZExt | Role::SExt) {
            return false;
        }
        if !ir::is_plain_constant(source) || constant_lanes(source).is_none() {
            return false;
        }
        let Some(folded) = fold(inst, role, source) else { return false };
        if !ir::is_plain_constant(folded) {
            return false;
        }
        {
            ir_write::replace_all_uses(inst, folded);
            ir_write::erase(inst);
        }
        self.rewrites.folded += 1;
        true
    }

    /// IGC's `processSelectToPredicate`: `select(c, a, b)` with a vector condition, neither arm a constant,
    /// becomes `wrregion(b, a, whole, c)` when `a` has one use and could bale into that write (or
    /// `wrregion(a, b, whole, !c)` for `b`). Returns whether the select was replaced.
    fn select_to_predicated_wrregion(&mut self, select: LLVMValueRef) -> bool {
        let cond = operand(select, 0);
        if !is_vector(ir::type_of(cond)) {
            return false;
        }
        let constant_like = |v: LLVMValueRef| {
            ir::is_constant(v) || matches!(callee_base(v), Some("llvm.genx.constanti" | "llvm.genx.constantf"))
        };
        let (on_true, on_false) = (operand(select, 1), operand(select, 2));
        if constant_like(on_true) || constant_like(on_false) {
            return false;
        }
        let ty = ir::type_of(select);
        let Some(eb) = region_ir::element_bytes(region_ir::element_type(ty)) else { return false };
        let whole = genx_region::Region::whole(eb, region_ir::lanes(ty)).with_mask();
        let region = super::regions::ReadRegion { region: whole, index: Index::Direct };
        for inverted in [false, true] {
            let (new, old) = if inverted { (on_false, on_true) } else { (on_true, on_false) };
            if !is_inst(new) || !has_one_use(new) || !self.target().new_value_can_bale(new, &region, Some(cond)) {
                continue;
            }
            let mask = if inverted { invert_condition(cond) } else { Some(cond) };
            let Some(mask) = mask else { continue };
            let name = ir::value_name(select);
            let built = region_ir::with_builder_before(select, |builder| {
                region_ir::build_wrregion(builder, old, new, &whole, Index::Direct, Some(mask), "")
            });
            let Ok(wr) = built else { continue };
            region_ir::replace_and_erase(select, wr);
            if ir::value_name(wr).is_empty() && !name.is_empty() {
                let c = c_name(&name);
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMSetValueName2(wr, c.as_ptr(), c.as_bytes().len()) };
            }
            self.rewrites.selects += 1;
            self.process_wrregion(wr);
            return true;
        }
        false
    }
}

/// The constant a modifier computes from constant `source` (`None` if LLVM's folder leaves an expression).
fn fold(inst: LLVMValueRef, role: Role, source: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        let ty = ir::type_of(inst);
        let folded = match (role, opcode(inst)) {
            (Role::NegMod, Some(LLVMOpcode::LLVMFNeg)) => LLVMConstFNeg(source),
            (Role::NegMod, Some(LLVMOpcode::LLVMSub)) => LLVMConstSub(operand(inst, 0), source),
            (Role::NegMod, Some(LLVMOpcode::LLVMFSub)) => LLVMConstFSub(operand(inst, 0), source),
            (Role::NotMod, _) => LLVMConstXor(source, operand(inst, 1)),
            (Role::ZExt, _) => LLVMConstZExt(source, ty),
            (Role::SExt, _) => LLVMConstSExt(source, ty),
            (Role::AbsMod, _) => {
                let scalar = super::util::scalar_type(ty);
                if ir::type_kind(scalar) == crate::llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind {
                    // absi: x < 0 ? 0 - x : x (wrapping, as the instruction does).
                    let zero = ir_write::zero(ty);
                    let negative = LLVMConstICmp(LLVMIntPredicate::LLVMIntSLT, source, zero);
                    LLVMConstSelect(negative, LLVMConstSub(zero, source), source)
                } else {
                    // absf / fabs: clear the sign bit.
                    let bits = region_ir::element_bytes(scalar)? * 8;
                    let int_scalar = ir_write::int_type(ir::type_context(ty), bits);
                    let int_ty =
                        if is_vector(ty) { ir_write::vector_type(int_scalar, ir::vector_size(ty)) } else { int_scalar };
                    let magnitude = ir_write::const_int(int_scalar, (1u64 << (bits - 1)) - 1, false);
                    let mask = if is_vector(ty) {
                        let n = ir::vector_size(ty);
                        LLVMConstVector(vec![magnitude; n as usize].as_mut_ptr(), n)
                    } else {
                        magnitude
                    };
                    let cleared = LLVMConstAnd(LLVMConstBitCast(source, int_ty), mask);
                    LLVMConstBitCast(cleared, ty)
                }
            }
            _ => return None,
        };
        (!folded.is_null()).then_some(folded)
    }
}

/// A predicate's negation (IGC's `invertCondition`): a folded constant, the operand of an existing `not`, or a
/// new `xor cond, true` placed right after the condition (at the top of the entry block for an argument, after
/// the phis for a phi).
fn invert_condition(cond: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        if ir::is_plain_constant(cond) {
            let folded = LLVMConstNot(cond);
            return ir::is_plain_constant(folded).then_some(folded);
        }
        if is_inst(cond) && is_not(cond) {
            return Some(operand(cond, 0));
        }
        let block = if is_inst(cond) {
            ir::parent_block(cond)
        } else if ir::is_argument(cond) {
            ir::entry_block(LLVMGetParamParent(cond))
        } else {
            return None;
        };
        // The first instruction after `cond` (after every phi when `cond` is one).
        let mut before = if is_inst(cond) { ir::next_instruction(cond) } else { ir::first_instruction(block) };
        while !before.is_null() && opcode(before) == Some(LLVMOpcode::LLVMPHI) {
            before = ir::next_instruction(before);
        }
        if before.is_null() {
            return None;
        }
        let ones = ir_write::all_ones(ir::type_of(cond));
        let name = ir::value_name(cond);
        let name = if name.is_empty() { String::new() } else { format!("{name}.inv") };
        let inverted =
            region_ir::with_builder_before(before, |builder| LLVMBuildXor(builder, cond, ones, c_name(&name).as_ptr()));
        Some(inverted)
    }
}
