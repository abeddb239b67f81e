//! genx-visa-emit, the walk: kernel arguments, register decisions and one vISA instruction per bale (the
//! algorithm of the module note, phases 1, 3 and 4). Control flow (phis, branches, edge copies) is in
//! `control.rs`, SIMD control flow in `simdcf.rs`.

mod blocks;
mod carry;
mod constant;
mod control;
mod elements;
mod globals;
mod memory;
mod plane;
mod predicates;
mod printf;
mod simdcf;
mod state;

use std::collections::HashMap;

use genx_visa::{
    Block, Category, CmpDst, CopyReason, Dst, Exec, Imm, Input, Inst, Kernel, LabelId, Modifier, Operand, Origin, Pred,
    Raw, Region, Relation, Src, Type, VarId,
};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind};

use super::{Emitted, KernelEntry, Stats, NAME};
use crate::baling::{arg_info, Bales, Role};
use crate::diag::{Diagnostic, Severity};
use crate::ir;
use crate::platform::Platform;
use crate::region_ir::{self, Index, RdRegion, WrRegion};

// The message and implicit-input lowerings live in files of their own beside this one, as child modules so that
// they extend `Lowering` directly.
#[path = "implicit.rs"]
mod implicit;
#[path = "indirect.rs"]
mod indirect;
#[path = "message.rs"]
mod message;

type R<T> = Result<T, Diagnostic>;

fn error(inst: LLVMValueRef, message: impl Into<String>) -> Diagnostic {
    Diagnostic::at_instruction(Severity::Error, NAME, inst, message.into())
}

/// The vISA element type of an LLVM scalar type (integers signed), or `None` (i1, pointers, ...).
fn element_type(ty: LLVMTypeRef) -> Option<Type> {
    // SAFETY: type queries on a live type.
    unsafe {
        let scalar = if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind { LLVMGetElementType(ty) } else { ty };
        match LLVMGetTypeKind(scalar) {
            LLVMTypeKind::LLVMIntegerTypeKind => match LLVMGetIntTypeWidth(scalar) {
                8 => Some(Type::B),
                16 => Some(Type::W),
                32 => Some(Type::D),
                64 => Some(Type::Q),
                _ => None,
            },
            LLVMTypeKind::LLVMHalfTypeKind => Some(Type::HF),
            LLVMTypeKind::LLVMFloatTypeKind => Some(Type::F),
            LLVMTypeKind::LLVMDoubleTypeKind => Some(Type::DF),
            _ => None,
        }
    }
}

fn is_pointer(ty: LLVMTypeRef) -> bool {
    // SAFETY: type kind query.
    unsafe { LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMPointerTypeKind }
}

fn is_predicate_type(ty: LLVMTypeRef) -> bool {
    // SAFETY: type queries on a live type.
    unsafe {
        let scalar = if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind { LLVMGetElementType(ty) } else { ty };
        LLVMGetTypeKind(scalar) == LLVMTypeKind::LLVMIntegerTypeKind && LLVMGetIntTypeWidth(scalar) == 1
    }
}

fn operand(inst: LLVMValueRef, n: u32) -> LLVMValueRef {
    // SAFETY: `n` is below the operand count at every call site.
    ir::operand(inst, n)
}

fn is_instruction(value: LLVMValueRef) -> bool {
    // SAFETY: kind query.
    unsafe { !LLVMIsAInstruction(value).is_null() }
}

/// The bits of each lane of a constant (a scalar, a vector, zero), each zero-extended. An undef lane may hold
/// anything, so it repeats the defined lane before it (the first defined lane when none is before it; 0 when
/// every lane is undef): a constant whose defined lanes are equal is then a splat, an immediate, and the runs
/// `write_constant` moves are as long as they can be (genx-dead-vector leaves undef in the lanes nobody reads).
fn constant_lanes(value: LLVMValueRef) -> Option<Vec<u64>> {
    let lanes = defined_lanes(value)?;
    let mut last = lanes.iter().flatten().next().copied().unwrap_or(0);
    Some(
        lanes
            .into_iter()
            .map(|lane| {
                last = lane.unwrap_or(last);
                last
            })
            .collect(),
    )
}

/// [`constant_lanes`] without the undef lanes after the last defined one, when there are such lanes (the lanes
/// the moves of a constant written into a fresh variable need: nobody reads the others, genx-dead-vector made
/// them undef), rounded up to whole chunks of eight lanes (`write_constant`'s packed forms) within the vector.
fn constant_lanes_to_write(value: LLVMValueRef) -> Option<Vec<u64>> {
    let defined = defined_lanes(value)?.iter().rposition(Option::is_some).map_or(1, |last| last + 1);
    let mut lanes = constant_lanes(value)?;
    lanes.truncate(defined.next_multiple_of(8).min(lanes.len()));
    Some(lanes)
}

/// The bits of each lane of a constant, each zero-extended; `None` for an undef lane.
fn defined_lanes(value: LLVMValueRef) -> Option<Vec<Option<u64>>> {
    // SAFETY: constant queries on a live constant; element indices are below the vector length.
    unsafe {
        let ty = LLVMTypeOf(value);
        let n = region_ir::lanes(ty);
        if ir::is_undef(value) {
            return Some(vec![None; n as usize]);
        }
        if !LLVMIsAConstantAggregateZero(value).is_null() {
            return Some(vec![Some(0); n as usize]);
        }
        let lane = |c: LLVMValueRef| -> Option<Option<u64>> {
            if ir::is_undef(c) {
                return Some(None);
            }
            if !LLVMIsAConstantInt(c).is_null() {
                let bits = LLVMGetIntTypeWidth(LLVMTypeOf(c));
                let v = LLVMConstIntGetZExtValue(c);
                return Some(Some(if bits >= 64 { v } else { v & ((1u64 << bits) - 1) }));
            }
            if !LLVMIsAConstantFP(c).is_null() {
                let mut lost = 0;
                let d = LLVMConstRealGetDouble(c, &mut lost);
                return match LLVMGetTypeKind(LLVMTypeOf(c)) {
                    LLVMTypeKind::LLVMFloatTypeKind => Some(Some((d as f32).to_bits() as u64)),
                    LLVMTypeKind::LLVMDoubleTypeKind => Some(Some(d.to_bits())),
                    _ => None,
                };
            }
            None
        };
        if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
            return Some(vec![lane(value)?]);
        }
        if !LLVMIsAConstantDataVector(value).is_null() {
            return (0..n).map(|i| lane(LLVMGetElementAsConstant(value, i))).collect();
        }
        if !LLVMIsAConstantVector(value).is_null() {
            return (0..n).map(|i| lane(LLVMGetOperand(value, i))).collect();
        }
        None
    }
}

/// The vISA relation of a compare and whether its sources are read unsigned.
fn relation(inst: LLVMValueRef) -> Option<(Relation, bool)> {
    // SAFETY: predicate queries on a compare.
    unsafe {
        match ir::opcode(inst)? {
            LLVMOpcode::LLVMICmp => Some(match LLVMGetICmpPredicate(inst) {
                LLVMIntPredicate::LLVMIntEQ => (Relation::Eq, false),
                LLVMIntPredicate::LLVMIntNE => (Relation::Ne, false),
                LLVMIntPredicate::LLVMIntSGT => (Relation::Gt, false),
                LLVMIntPredicate::LLVMIntSGE => (Relation::Ge, false),
                LLVMIntPredicate::LLVMIntSLT => (Relation::Lt, false),
                LLVMIntPredicate::LLVMIntSLE => (Relation::Le, false),
                LLVMIntPredicate::LLVMIntUGT => (Relation::Gt, true),
                LLVMIntPredicate::LLVMIntUGE => (Relation::Ge, true),
                LLVMIntPredicate::LLVMIntULT => (Relation::Lt, true),
                LLVMIntPredicate::LLVMIntULE => (Relation::Le, true),
            }),
            // Ordered relations only: vISA's compares are false on NaN except `ne`, which is true (unordered).
            LLVMOpcode::LLVMFCmp => Some(match LLVMGetFCmpPredicate(inst) {
                LLVMRealPredicate::LLVMRealOEQ => (Relation::Eq, false),
                LLVMRealPredicate::LLVMRealUNE => (Relation::Ne, false),
                LLVMRealPredicate::LLVMRealOGT => (Relation::Gt, false),
                LLVMRealPredicate::LLVMRealOGE => (Relation::Ge, false),
                LLVMRealPredicate::LLVMRealOLT => (Relation::Lt, false),
                LLVMRealPredicate::LLVMRealOLE => (Relation::Le, false),
                _ => return None,
            }),
            _ => None,
        }
    }
}

/// Why a compare without a vISA relation ([`relation`]) is refused, naming its predicate.
fn compare_refusal(cmp: LLVMValueRef) -> String {
    // SAFETY: predicate query on a compare (`relation` returned None for it, so it is an fcmp here).
    let name = match ir::opcode(cmp) {
        Some(LLVMOpcode::LLVMFCmp) => match unsafe { LLVMGetFCmpPredicate(cmp) } {
            LLVMRealPredicate::LLVMRealPredicateFalse => "false",
            LLVMRealPredicate::LLVMRealOEQ => "oeq",
            LLVMRealPredicate::LLVMRealOGT => "ogt",
            LLVMRealPredicate::LLVMRealOGE => "oge",
            LLVMRealPredicate::LLVMRealOLT => "olt",
            LLVMRealPredicate::LLVMRealOLE => "ole",
            LLVMRealPredicate::LLVMRealONE => "one",
            LLVMRealPredicate::LLVMRealORD => "ord",
            LLVMRealPredicate::LLVMRealUNO => "uno",
            LLVMRealPredicate::LLVMRealUEQ => "ueq",
            LLVMRealPredicate::LLVMRealUGT => "ugt",
            LLVMRealPredicate::LLVMRealUGE => "uge",
            LLVMRealPredicate::LLVMRealULT => "ult",
            LLVMRealPredicate::LLVMRealULE => "ule",
            LLVMRealPredicate::LLVMRealUNE => "une",
            LLVMRealPredicate::LLVMRealPredicateTrue => "true",
        },
        _ => "?",
    };
    format!(
        "the compare predicate 'fcmp {name}' is not lowered yet: vISA's float compares are false on NaN except `ne`, \
         so only oeq, une, ogt, oge, olt and ole map to one compare"
    )
}

/// What a main instruction becomes: an ALU opcode, how its sources and destination are typed, and which
/// source is negated (LLVM's `sub`/`fsub` are vISA's `add` with a negated second source).
struct AluForm {
    op: &'static str,
    /// Sources read unsigned (`lshr`, `udiv`, `zext`, `uitofp`), else signed.
    unsigned_srcs: bool,
    /// Destination written unsigned (`fptoui`).
    unsigned_dst: bool,
    negate_src1: bool,
}

/// The vISA form of an LLVM instruction that computes one value per lane (binary operators and conversions).
fn llvm_alu(opcode: LLVMOpcode) -> Option<AluForm> {
    use LLVMOpcode::*;
    let form = |op, unsigned_srcs, unsigned_dst, negate_src1| AluForm { op, unsigned_srcs, unsigned_dst, negate_src1 };
    Some(match opcode {
        LLVMAdd | LLVMFAdd => form("add", false, false, false),
        LLVMSub | LLVMFSub => form("add", false, false, true),
        LLVMMul | LLVMFMul => form("mul", false, false, false),
        LLVMFDiv | LLVMSDiv => form("div", false, false, false),
        LLVMUDiv => form("div", true, true, false),
        LLVMSRem => form("mod", false, false, false),
        LLVMURem => form("mod", true, true, false),
        LLVMAnd => form("and", false, false, false),
        LLVMOr => form("or", false, false, false),
        LLVMXor => form("xor", false, false, false),
        LLVMShl => form("shl", false, false, false),
        LLVMLShr => form("shr", true, true, false),
        LLVMAShr => form("asr", false, false, false),
        LLVMZExt | LLVMUIToFP => form("mov", true, false, false),
        LLVMSExt | LLVMSIToFP | LLVMTrunc | LLVMFPExt | LLVMFPTrunc | LLVMFPToSI => form("mov", false, false, false),
        LLVMFPToUI => form("mov", false, true, false),
        _ => return None,
    })
}

/// The lowering of one kernel.
pub(super) struct Lowering<'a> {
    bales: &'a Bales,
    platform: &'static Platform,
    k: Kernel,
    /// The variable each lowered value lives in.
    vars: HashMap<LLVMValueRef, VarId>,
    /// Typed views (aliases) of variables: (root, byte offset in root, type) → alias.
    views: HashMap<(VarId, u32, Type), VarId>,
    predefined: HashMap<&'static str, VarId>,
    /// Where the message being lowered writes its result when it is baled into a `wrregion` (the write's
    /// variable at the region's byte offset); `None` gives the message a variable of its own.
    raw_into: Option<Raw>,
    /// Constants materialised in the current block (a block's constants are written in that block, so no
    /// constant's variable is read where its moves may not have run).
    constants: HashMap<LLVMValueRef, VarId>,
    /// The address variable the last indirect operand set from a whole index vector (`indirect.rs`), while no
    /// other address has been set since, in the current block.
    shared_address: Option<indirect::SharedAddress>,
    /// The field variables of a call returning a struct (`addc`: carry, sum), read by `extractvalue`.
    parts: HashMap<LLVMValueRef, [VarId; 2]>,
    labels: HashMap<LLVMBasicBlockRef, LabelId>,
    /// Each block's index in layout order.
    layout: HashMap<LLVMBasicBlockRef, usize>,
    /// The variable of each global the kernel holds in registers (`globals.rs`).
    globals: HashMap<LLVMValueRef, VarId>,
    insts: Vec<Inst>,
    stats: Stats,
    control: control::Control,
}

impl<'a> Lowering<'a> {
    pub(super) fn run(entry: &KernelEntry, bales: &'a Bales, platform: &'static Platform) -> R<Emitted> {
        let function = entry.function;
        let mut this = Lowering {
            bales,
            platform,
            k: Kernel::new(&entry.name, platform.grf_bytes),
            vars: HashMap::new(),
            views: HashMap::new(),
            predefined: HashMap::new(),
            raw_into: None,
            constants: HashMap::new(),
            shared_address: None,
            parts: HashMap::new(),
            labels: HashMap::new(),
            layout: HashMap::new(),
            globals: HashMap::new(),
            insts: Vec::new(),
            stats: Stats::default(),
            control: control::Control::default(),
        };
        this.k.slm_size = u32::try_from(entry.slm_size).unwrap_or(u32::MAX);
        // Pinned globals first: the arguments are laid out around them, as IGC does.
        this.global_variables(function)?;
        this.arguments(entry)?;
        let blocks: Vec<LLVMBasicBlockRef> = ir::blocks(function).collect();
        let stem: String =
            entry.name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
        for (index, &block) in blocks.iter().enumerate() {
            let label = this.k.add_label(format!("{stem}_BB_{index}"));
            this.labels.insert(block, label);
            this.layout.insert(block, index);
        }
        (this.control.masks, this.control.em_offsets, this.control.simd_cf) = simdcf::mask_values(&blocks);
        this.phi_variables(&blocks)?;
        for (index, &block) in blocks.iter().enumerate() {
            let next = blocks.get(index + 1).copied();
            this.constants.clear();
            this.shared_address = None;
            for inst in ir::instructions(block) {
                if !bales.is_baled(inst) {
                    let start = this.insts.len();
                    this.head(inst, next)?;
                    this.finish_head(start);
                }
            }
            let label = this.labels[&block];
            let insts = std::mem::take(&mut this.insts);
            this.k.blocks.push(Block { label, insts });
            let extra = std::mem::take(&mut this.control.extra);
            this.k.blocks.extend(extra);
        }
        this.initialize_globals(function)?;
        let platform = this.platform;
        let grf = this.k.grf_bytes;
        let max_move = move |ty: Type| (2 * grf / ty.bytes()).min(platform.max_exec_size()).min(32).max(1);
        let coalesced = genx_visa::coalesce::coalesce(&mut this.k, &max_move);
        this.stats.coalesced = coalesced.removed;
        this.stats.copies_phi = coalesced.kept(CopyReason::Phi);
        this.stats.copies_old_live = coalesced.kept(CopyReason::WrRegionOld);
        this.stats.copies_masked_select = coalesced.kept(CopyReason::MaskedSelectOld);
        this.stats.copies_payload = coalesced.kept(CopyReason::Payload);
        this.stats.copies_merge = coalesced.kept(CopyReason::Merge);
        this.stats.copies_global = coalesced.kept(CopyReason::Global);
        this.stats.copy_moves = coalesced.moves;
        this.stats.addresses_commoned = genx_visa::address::common_addresses(&mut this.k);
        genx_visa::jumps::tidy(&mut this.k);
        this.stats.instructions = this.k.insts().count() as u64;
        Ok(Emitted { kernel: this.k, stats: this.stats })
    }

    /// Phase 1: argument variables and their `.input` offsets (the CM layout: largest first, each at the lowest
    /// free offset aligned to its element size, or to a GRF when larger than one, never crossing a GRF boundary
    /// unless it starts one).
    fn arguments(&mut self, entry: &KernelEntry) -> R<()> {
        let function = entry.function;
        // SAFETY: parameter queries on a live function.
        let params: Vec<LLVMValueRef> = unsafe {
            let n = LLVMCountParams(function);
            (0..n).map(|i| LLVMGetParam(function, i)).collect()
        };
        let mut placed = Vec::new();
        for (index, &param) in params.iter().enumerate() {
            let kind = entry.kinds.get(index).copied().unwrap_or(0);
            let fail = |what: String| {
                Diagnostic::at_function(
                    Severity::Error,
                    NAME,
                    function,
                    format!("kernel argument {index} ('{}'): {what}", ir::value_name(param)),
                )
            };
            if kind & 0xf8 != 0 {
                return Err(fail(format!("implicit argument kind {kind} is not lowered yet")));
            }
            let ty = ir::type_of(param);
            let (var, size, elem) = match kind & 7 {
                1 => (self.k.add_var(Category::Sampler, Origin::Declared, note(param)), 4, 4),
                2 => (self.k.add_var(Category::Surface, Origin::Declared, note(param)), 4, 4),
                // A pointer (SVM, `svmptr_t`) is its 64-bit address.
                0 if is_pointer(ty) => (self.k.add_general(Type::Q, 1, note(param)), 8, 8),
                0 => {
                    let Some(elem) = element_type(ty) else {
                        return Err(fail(format!("type {} has no vISA register type", ir::type_to_string(ty))));
                    };
                    let lanes = region_ir::lanes(ty);
                    let var = self.k.add_general(elem, lanes, note(param));
                    (var, elem.bytes() * lanes, elem.bytes())
                }
                3 => return Err(fail(vme_refusal(self.platform))),
                other => return Err(fail(format!("argument kind {other} is not lowered yet"))),
            };
            self.vars.insert(param, var);
            placed.push((var, size, elem));
        }
        // Surface and sampler arguments stay payload inputs, read where they are used (no binding at entry): the
        // CM runtime (CMRT) assigns the binding-table and sampler indices itself and passes each argument's index
        // in the payload, as IGC's own `-binary-format=cm` output expects (docs/vc-backend.md, "The CM runtime's
        // kernel interface").
        let grf = self.platform.grf_bytes;
        let mut free: Vec<(u32, u32)> = vec![(grf, 128 * grf)];
        // Byte ranges already taken (pinned globals, globals.rs) are not free.
        for input in &self.k.inputs {
            let (start, end) = (input.offset, input.offset + input.size);
            free = free
                .into_iter()
                .flat_map(|(a, b)| [(a, b.min(start)), (a.max(end), b)])
                .filter(|&(a, b)| a < b)
                .collect();
        }
        let mut order: Vec<usize> = (0..placed.len()).collect();
        // Largest first; the sort is stable, so equal sizes keep argument order.
        order.sort_by(|&a, &b| placed[b].1.cmp(&placed[a].1));
        for index in order {
            let (var, size, elem) = placed[index];
            let align = if size > grf { grf } else { elem.max(1) };
            let mut found = None;
            for (zone, &(zone_start, zone_end)) in free.iter().enumerate() {
                let mut start = zone_start.div_ceil(align) * align;
                if start % grf != 0 && start / grf != (start + size - 1) / grf {
                    start = zone_start.div_ceil(grf) * grf;
                }
                if start + size <= zone_end {
                    found = Some((zone, start));
                    break;
                }
            }
            let Some((zone, start)) = found else {
                return Err(Diagnostic::at_function(
                    Severity::Error,
                    NAME,
                    function,
                    format!("the kernel's arguments do not fit in the {}-byte payload", 127 * grf),
                ));
            };
            let (zone_start, zone_end) = free[zone];
            if zone_start == start {
                free[zone].0 = start + size;
            } else {
                free[zone].1 = start;
                free.insert(zone + 1, (start + size, zone_end));
            }
            self.k.inputs.push(Input { var, offset: start, size, implicit: None });
        }
        let next = free.last().map_or(128 * grf, |zone| zone.0);
        self.implicit_inputs(function, next)?;
        // Listed in argument order, the implicit inputs last (IGC's dumps do the same; the vISA validator maps
        // .inputs to arguments by that order).
        let position = |var: VarId| placed.iter().position(|p| p.0 == var).unwrap_or(usize::MAX);
        self.k.inputs.sort_by_key(|input| position(input.var));
        Ok(())
    }


    /// A fresh variable for `value`'s type: a predicate for `i1`s, else a general register.
    fn new_var(&mut self, value: LLVMValueRef, grf_aligned: bool) -> R<VarId> {
        let ty = ir::type_of(value);
        let lanes = region_ir::lanes(ty);
        let var = if is_predicate_type(ty) {
            self.k.add_var(Category::Predicate { elems: lanes }, Origin::Declared, note(value))
        } else {
            let Some(elem) = element_type(ty) else {
                return Err(error(value, format!("type {} has no vISA register type", ir::type_to_string(ty))));
            };
            let align = if grf_aligned || elem.bytes() * lanes >= self.k.grf_bytes {
                genx_visa::Align::Grf
            } else {
                genx_visa::Align::Natural
            };
            self.k.add_var(Category::General { ty: elem, elems: lanes, align }, Origin::Declared, note(value))
        };
        Ok(var)
    }

    fn define(&mut self, value: LLVMValueRef, var: VarId) {
        self.vars.insert(value, var);
    }

    /// `var` read or written as `ty`: itself, or an alias of the same bytes.
    fn view(&mut self, var: VarId, ty: Type) -> VarId {
        let v = self.k.var(var);
        if v.ty() == Some(ty) || !matches!(v.category, Category::General { .. }) {
            return var;
        }
        let bytes = v.bytes();
        let root = self.k.root_of(var);
        let offset = self.k.offset_in_root(var);
        if let Some(&alias) = self.views.get(&(root, offset, ty)) {
            return alias;
        }
        let elems = (bytes / ty.bytes()).max(1);
        let alias = self.k.add_alias(var, 0, ty, elems, "");
        self.views.insert((root, offset, ty), alias);
        alias
    }

    fn predefined(&mut self, name: &'static str, ty: Type) -> VarId {
        if let Some(&var) = self.predefined.get(name) {
            return var;
        }
        let var = self.k.add_var(
            Category::General { ty, elems: 1, align: genx_visa::Align::Natural },
            Origin::Predefined(name),
            "",
        );
        self.predefined.insert(name, var);
        var
    }

    /// The variable of a lowered value.
    fn var_of(&self, user: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        self.vars.get(&value).copied().ok_or_else(|| {
            error(
                user,
                format!(
                    "operand {} has no register: its definition ({}) was not lowered before this use",
                    ir::value_name(value),
                    ir::value_to_string(value)
                ),
            )
        })
    }

    /// Phases 3 and 4 for one bale head.
    fn head(&mut self, inst: LLVMValueRef, next: Option<LLVMBasicBlockRef>) -> R<()> {
        let Some(opcode) = ir::opcode(inst) else { return Ok(()) };
        if let Some(done) = self.simdcf_head(inst, next) {
            return done;
        }
        if let Some(done) = self.predicate_head(inst) {
            return done;
        }
        if let Some(global) = globals::whole_global_access(inst) {
            return self.global_access(inst, global);
        }
        if indirect::is_shared_index_piece(inst) || indirect::addressed_part(inst).is_some() {
            // Its readers address from the whole vector it reads (`indirect.rs`): nothing reads its variable.
            return Ok(());
        }
        match opcode {
            LLVMOpcode::LLVMRet => {
                // SAFETY: operand count of a ret.
                if unsafe { LLVMGetNumOperands(inst) } != 0 {
                    return Err(error(inst, "a kernel returns nothing; returning a value is not lowered"));
                }
                self.insts.push(Inst::Ret);
                Ok(())
            }
            LLVMOpcode::LLVMBr => self.branch(inst, next),
            LLVMOpcode::LLVMPHI => self.phi(inst),
            LLVMOpcode::LLVMBitCast => self.bitcast(inst),
            LLVMOpcode::LLVMPtrToInt => self.pointer_to_int(inst),
            LLVMOpcode::LLVMGetElementPtr => self.element_pointer(inst),
            LLVMOpcode::LLVMExtractElement => self.extract_element(inst),
            LLVMOpcode::LLVMTrunc if self.is_low_part(inst) => self.low_part(inst),
            LLVMOpcode::LLVMAddrSpaceCast | LLVMOpcode::LLVMIntToPtr => self.pointer_cast(inst),
            LLVMOpcode::LLVMAlloca => self.alloca(inst),
            LLVMOpcode::LLVMLoad => self.load(inst),
            LLVMOpcode::LLVMStore => self.store(inst),
            LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMFCmp => self.compare(inst),
            LLVMOpcode::LLVMExtractValue if carry::is_carry_part(inst) => self.carry_part(inst),
            LLVMOpcode::LLVMCall if region_ir::is_wrregion(inst) => self.wrregion(inst),
            LLVMOpcode::LLVMCall => self.call(inst),
            _ => self.value_head(inst),
        }
    }

    /// A call that is not a `wrregion`: by its intrinsic's `Visa` form.
    fn call(&mut self, inst: LLVMValueRef) -> R<()> {
        match region_ir::genx_desc(inst).and_then(|desc| desc.visa) {
            Some(visa) if visa.form == "oword-ld" => self.oword_ld(inst, visa.name),
            Some(visa) if visa.form == "oword-st" => self.oword_st(inst),
            Some(visa) if visa.form == "media-ld" => self.media(inst, true),
            Some(visa) if visa.form == "media-st" => self.media(inst, false),
            Some(visa) if visa.form == "svm-ld" => self.svm_block(inst, true),
            Some(visa) if visa.form == "svm-st" => self.svm_block(inst, false),
            Some(visa) if message::FORMS.contains(&visa.form) => self.message(inst, visa),
            Some(visa) if visa.form == "implicit" => self.implicit(inst, visa.name),
            Some(visa) if visa.form == "carry" => self.carry(inst, visa.name),
            _ if is_printf_call(inst) => self.printf(inst),
            _ => self.value_head(inst),
        }
    }

    fn bitcast(&mut self, inst: LLVMValueRef) -> R<()> {
        let source = operand(inst, 0);
        let ty = ir::type_of(inst);
        if is_pointer(ty) {
            return self.pointer_cast(inst);
        }
        if is_predicate_type(ty) || is_predicate_type(ir::type_of(source)) {
            return Err(error(inst, "a bitcast to or from a predicate is not lowered yet"));
        }
        let Some(elem) = element_type(ty) else {
            return Err(error(inst, format!("type {} has no vISA register type", ir::type_to_string(ty))));
        };
        let base = if ir::is_constant(source) { self.materialize(inst, source)? } else { self.var_of(inst, source)? };
        let alias = self.k.add_alias(base, 0, elem, region_ir::lanes(ty), note(inst));
        self.stats.aliases += 1;
        self.define(inst, alias);
        Ok(())
    }

    /// `ptrtoint` of a pointer argument: the argument's 64-bit variable, viewed as the result's type.
    fn pointer_to_int(&mut self, inst: LLVMValueRef) -> R<()> {
        let pointer = operand(inst, 0);
        let var = self.var_of(inst, pointer)?;
        let Some(elem) = element_type(ir::type_of(inst)) else {
            return Err(error(inst, "a ptrtoint to a type without a vISA register type"));
        };
        let view = self.view(var, elem);
        self.define(inst, view);
        Ok(())
    }

    /// `getelementptr T, T* %p, C` with a constant index: the 64-bit address `p + C * sizeof(T)`. On platforms
    /// that emulate 64-bit integers it is an `addc` of the low halves and an add of the high halves and the carry.
    fn element_pointer(&mut self, inst: LLVMValueRef) -> R<()> {
        // SAFETY: operand count and source element type of a GEP.
        let (operands, pointee) = unsafe { (LLVMGetNumOperands(inst), LLVMGetGEPSourceElementType(inst)) };
        let index = if operands == 2 { ir::const_int(operand(inst, 1)) } else { None };
        let Some(index) = index else {
            return Err(error(inst, "a getelementptr with a variable or several indices is not lowered yet"));
        };
        let Some(size) = ir::alloc_size(ir::module_of(ir::parent_function(inst)), pointee) else {
            return Err(error(inst, "a getelementptr over an unsized type"));
        };
        let bytes = index.wrapping_mul(size as i64) as u64;
        let base = self.var_of(inst, operand(inst, 0))?;
        let dst = self.k.add_general(Type::Q, 1, note(inst));
        self.define(inst, dst);
        let scalar = |var| Operand::Region(Src { var, offset: 0, region: Region::SCALAR, modifier: Modifier::None });
        if self.platform.features.native_i64 && !self.platform.features.emulate_i64 {
            let base = self.view(base, Type::Q);
            self.insts.push(Inst::Alu {
                op: "add",
                sat: false,
                exec: Exec::simd(1),
                pred: None,
                dst: Dst { var: dst, offset: 0, hstride: 1 },
                srcs: vec![scalar(base), Operand::Imm(Imm { bits: bytes, ty: Type::Q })],
            });
            return Ok(());
        }
        let halves = self.view(dst, Type::UD);
        let base = self.view(base, Type::UD);
        let carry = self.k.add_general(Type::UD, 1, "");
        let high = |var| Operand::Region(Src { var, offset: 4, region: Region::SCALAR, modifier: Modifier::None });
        self.insts.push(Inst::AddC {
            exec: Exec::simd(1),
            borrow: false,
            dst: Dst { var: halves, offset: 0, hstride: 1 },
            carry: Dst { var: carry, offset: 0, hstride: 1 },
            srcs: [scalar(base), Operand::Imm(Imm { bits: bytes & 0xffff_ffff, ty: Type::UD })],
        });
        self.insts.push(Inst::Alu {
            op: "add",
            sat: false,
            exec: Exec::simd(1),
            pred: None,
            dst: Dst { var: halves, offset: 4, hstride: 1 },
            srcs: vec![high(base), scalar(carry)],
        });
        if bytes >> 32 != 0 {
            self.insts.push(Inst::Alu {
                op: "add",
                sat: false,
                exec: Exec::simd(1),
                pred: None,
                dst: Dst { var: halves, offset: 4, hstride: 1 },
                srcs: vec![high(halves), Operand::Imm(Imm { bits: bytes >> 32, ty: Type::UD })],
            });
        }
        Ok(())
    }

    fn compare(&mut self, inst: LLVMValueRef) -> R<()> {
        let Some((rel, unsigned)) = relation(inst) else {
            return Err(error(inst, compare_refusal(inst)));
        };
        let exec = Exec::simd(region_ir::lanes(ir::type_of(inst)));
        let srcs =
            [self.source(inst, 0, exec.size, Some(!unsigned))?, self.source(inst, 1, exec.size, Some(!unsigned))?];
        let var = self.new_var(inst, false)?;
        self.define(inst, var);
        self.insts.push(Inst::Cmp { rel, exec, dst: CmpDst::Pred(var), srcs });
        Ok(())
    }

    /// A head that defines a value in a fresh variable (a main instruction, possibly saturated, or a move).
    fn value_head(&mut self, inst: LLVMValueRef) -> R<()> {
        let ty = ir::type_of(inst);
        // SAFETY: type kind query.
        if ir::type_kind(ty) == LLVMTypeKind::LLVMVoidTypeKind {
            return Err(error(inst, format!("{} is not lowered yet", construct(inst))));
        }
        if is_predicate_type(ty) {
            return Err(error(inst, format!("{} computing a predicate is not lowered yet", construct(inst))));
        }
        let var = self.new_var(inst, false)?;
        let exec = Exec::simd(region_ir::lanes(ty));
        self.compute(inst, var, 0, 1, exec, None)?;
        self.define(inst, var);
        Ok(())
    }

    /// Emits the instruction computing `top` (a saturation, a main instruction, or a move through modifiers and
    /// a region) into `var` at byte `offset` with stride `hstride`.
    fn compute(
        &mut self,
        top: LLVMValueRef,
        var: VarId,
        offset: u32,
        hstride: u32,
        exec: Exec,
        pred: Option<Pred>,
    ) -> R<()> {
        let mut inst = top;
        let mut sat = false;
        // The destination's integer signedness when a saturation decides it (`ustrunc.sat`: unsigned).
        let mut dst_unsigned = false;
        // The sources' signedness a saturating conversion gives a baled select (`uutrunc.sat`: unsigned).
        let mut select_sign = None;
        if self.bales.role(inst) == Role::Saturate && is_instruction(inst) {
            // `llvm.genx.sat` keeps the types; the `xy*.sat` conversions give the result's (x) and the
            // operand's (y) signedness in their table form `sat-XY mov`.
            let (result_sign, operand_sign) = match genx_short_name(inst) {
                Some("sat") => (None, None),
                _ => match region_ir::genx_desc(inst).and_then(|desc| desc.visa).and_then(|v| form_signs(v.form)) {
                    Some((true, result, operand)) => (Some(result), Some(operand)),
                    _ => {
                        return Err(error(inst, format!("{} (a saturation) is not lowered yet", construct(inst))));
                    }
                },
            };
            sat = true;
            dst_unsigned = result_sign == Some(false);
            select_sign = operand_sign;
            let baled_main =
                self.bales.info(inst).is_operand_baled(0) && self.bales.role(operand(inst, 0)) == Role::MainInst;
            let converts_float = result_sign.is_some()
                && element_type(ir::type_of(operand(inst, 0))).is_some_and(Type::is_float);
            if baled_main && converts_float {
                // vISA's float arithmetic takes one type for all operands: compute in float, then convert with
                // saturation (`.sat` on a float destination would clamp to [0, 1] instead).
                let main = operand(inst, 0);
                let temp = self.new_var(main, false)?;
                self.compute(main, temp, 0, 1, exec, None)?;
                let src = self.whole(main, temp, exec.size, None)?;
                let dst = self.dst(top, var, offset, hstride, dst_unsigned)?;
                self.insts.push(Inst::Alu { op: "mov", sat, exec, pred, dst, srcs: vec![src] });
                return Ok(());
            } else if baled_main {
                inst = operand(inst, 0);
            } else {
                let (op, src) = move_of(self.source(inst, 0, exec.size, operand_sign)?);
                let dst = self.dst(top, var, offset, hstride, dst_unsigned)?;
                self.insts.push(Inst::Alu { op, sat, exec, pred, dst, srcs: vec![src] });
                return Ok(());
            }
        }
        if self.bales.role(inst) == Role::CmpDst {
            return self.compare_into(inst, var, offset, hstride, exec, pred);
        }
        let role = self.bales.role(inst);
        if role == Role::RdRegion || role.is_modifier() || (role == Role::MainInst && is_modifier_call(inst)) {
            let (op, src) = move_of(self.value_source(inst, exec.size, None)?);
            let dst = self.dst(top, var, offset, hstride, false)?;
            self.insts.push(Inst::Alu { op, sat, exec, pred, dst, srcs: vec![src] });
            return Ok(());
        }
        if role != Role::MainInst {
            return Err(error(
                inst,
                format!("a bale whose value comes from a {} member is not lowered yet", role.name()),
            ));
        }
        let Some(opcode) = ir::opcode(inst) else {
            return Err(error(top, "the bale's value is not an instruction"));
        };
        if let Some(form) = llvm_alu(opcode) {
            let sign = Some(!form.unsigned_srcs);
            if matches!(opcode, LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt)
                && is_predicate_type(ir::type_of(operand(inst, 0)))
            {
                let dst = self.dst(top, var, offset, hstride, false)?;
                return self.extend_predicate(inst, dst, exec, opcode == LLVMOpcode::LLVMSExt);
            }
            let n = if form.op == "mov" { 1 } else { 2 };
            let mut srcs = Vec::new();
            for i in 0..n {
                srcs.push(self.source(inst, i, exec.size, sign)?);
            }
            if form.negate_src1 {
                srcs[1] = negate(inst, srcs[1])?;
            }
            let dst = self.dst(top, var, offset, hstride, form.unsigned_dst || dst_unsigned)?;
            self.insts.push(Inst::Alu { op: form.op, sat, exec, pred, dst, srcs });
            return Ok(());
        }
        if opcode == LLVMOpcode::LLVMSelect {
            return self.select(inst, top, var, offset, hstride, exec, (sat, dst_unsigned, select_sign), pred);
        }
        if opcode == LLVMOpcode::LLVMCall {
            if let Some(visa) = region_ir::genx_desc(inst).and_then(|desc| desc.visa) {
                match form_signs(visa.form) {
                    Some((saturates, result, operand)) => {
                        let mut srcs = Vec::new();
                        for i in 0..ir::call_arg_count(inst) {
                            srcs.push(self.source(inst, i, exec.size, Some(operand))?);
                        }
                        if saturates && visa.name == "mul" {
                            self.check_exact_mul_sat(inst, &srcs)?;
                        }
                        if visa.name == "dp4a" && !self.platform.has_dp4a() {
                            return Err(error(
                                inst,
                                format!("{} has no dp4a instruction (Xe-LP and later have it)", self.platform.name),
                            ));
                        }
                        let dst = self.dst(top, var, offset, hstride, !result || dst_unsigned)?;
                        let sat = sat || saturates;
                        self.insts.push(Inst::Alu { op: visa.name, sat, exec, pred, dst, srcs });
                        return Ok(());
                    }
                    None => {}
                }
                match visa.form {
                    // A message or implicit input baled as the value of a write (a predicated select): its own
                    // variable first (a message writes whole GRFs), then a move into the write's destination.
                    form if message::FORMS.contains(&form) || form == "implicit" => {
                        if form == "implicit" {
                            self.implicit(inst, visa.name)?;
                        } else {
                            self.message(inst, visa)?;
                        }
                        let own = self.var_of(inst, inst)?;
                        let src = self.whole(inst, own, exec.size, None)?;
                        let dst = self.dst(top, var, offset, hstride, false)?;
                        self.insts.push(Inst::Alu { op: "mov", sat, exec, pred, dst, srcs: vec![src] });
                        return Ok(());
                    }
                    "plane" => {
                        let srcs = self.plane_sources(inst, visa.name, exec.size)?;
                        let dst = self.dst(top, var, offset, hstride, dst_unsigned)?;
                        self.insts.push(Inst::Alu { op: visa.name, sat, exec, pred, dst, srcs });
                        return Ok(());
                    }
                    "predef" => {
                        // A vector read of a predefined variable (`%tsc` for `timestamp`) reads its elements
                        // in order; a scalar one (`%group_id_x`) broadcasts.
                        let ty = element_type(ir::type_of(inst)).unwrap_or(Type::D).with_sign(false);
                        let source = self.predefined(visa.name, ty);
                        let region = if region_ir::lanes(ir::type_of(inst)) > 1 {
                            Region { vstride: 1, width: 1, hstride: 0 }
                        } else {
                            Region::SCALAR
                        };
                        let src = Operand::Region(Src { var: source, offset: 0, region, modifier: Modifier::None });
                        let dst = self.dst(top, var, offset, hstride, false)?;
                        self.insts.push(Inst::Alu { op: "mov", sat, exec, pred, dst, srcs: vec![src] });
                        return Ok(());
                    }
                    _ => {}
                }
            }
        }
        if let Some(op) = llvm_math_call(inst) {
            let mut srcs = Vec::new();
            for i in 0..ir::call_arg_count(inst) {
                srcs.push(self.source(inst, i, exec.size, None)?);
            }
            let dst = self.dst(top, var, offset, hstride, dst_unsigned)?;
            self.insts.push(Inst::Alu { op, sat, exec, pred, dst, srcs });
            return Ok(());
        }
        Err(error(inst, format!("{} is not lowered yet", construct(inst))))
    }

    /// vISA `mul.sat` saturates a 32-bit intermediate product, so it is the exact saturating product only when
    /// every source has at most 16 bits (a register of words or bytes, or an immediate in 16-bit range).
    fn check_exact_mul_sat(&self, inst: LLVMValueRef, srcs: &[Operand]) -> R<()> {
        let narrow = |src: &Operand| match src {
            Operand::Imm(imm) => {
                let value = imm.bits as i64;
                if imm.ty.is_signed() {
                    let value = match imm.ty.bytes() {
                        4 => value as i32 as i64,
                        _ => value,
                    };
                    (-0x8000..0x8000).contains(&value)
                } else {
                    value < 0x1_0000
                }
            }
            Operand::Region(src) => match self.k.var(src.var).category {
                Category::General { ty, .. } => ty.bytes() <= 2 && !ty.is_float(),
                _ => false,
            },
            _ => false,
        };
        if srcs.iter().all(narrow) {
            return Ok(());
        }
        Err(error(
            inst,
            format!(
                "{} with 32-bit operands is not lowered yet: vISA's mul.sat saturates a 32-bit intermediate \
                 product, which is exact only for operands of at most 16 bits",
                construct(inst)
            ),
        ))
    }

    /// `select(cmp, -1, 0)` with the compare baled in (CMPDST): a compare writing all ones or zero per lane
    /// into a general destination.
    fn compare_into(
        &mut self,
        select: LLVMValueRef,
        var: VarId,
        offset: u32,
        hstride: u32,
        exec: Exec,
        pred: Option<Pred>,
    ) -> R<()> {
        let cmp = operand(select, 0);
        if pred.is_some() || !self.bales.info(select).is_operand_baled(0) {
            return Err(error(select, "a compare into a general register under a write mask is not lowered yet"));
        }
        let Some((rel, unsigned)) = relation(cmp) else {
            return Err(error(cmp, compare_refusal(cmp)));
        };
        let srcs = [self.source(cmp, 0, exec.size, Some(!unsigned))?, self.source(cmp, 1, exec.size, Some(!unsigned))?];
        let dst = self.dst(select, var, offset, hstride, false)?;
        self.insts.push(Inst::Cmp { rel, exec, dst: CmpDst::General(dst), srcs });
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    /// `select` of the bale headed by `top` (the select itself, or a saturation its value is baled into, whose
    /// type and signedness `(sat, dst_unsigned, ...)` the destination takes, and whose operand signedness the
    /// two sources are read with).
    #[allow(clippy::too_many_arguments)]
    fn select(
        &mut self,
        inst: LLVMValueRef,
        top: LLVMValueRef,
        var: VarId,
        offset: u32,
        hstride: u32,
        exec: Exec,
        (sat, dst_unsigned, sign): (bool, bool, Option<bool>),
        pred: Option<Pred>,
    ) -> R<()> {
        if self.is_mask_value(operand(inst, 0)) {
            return self.masked_select(inst, var, offset, hstride, exec, sat, pred);
        }
        if pred.is_some() {
            return Err(error(inst, "a select under a write mask is not lowered yet"));
        }
        let cond = operand(inst, 0);
        if let Some(lanes) = constant_lanes(cond).filter(|_| ir::is_constant(cond)) {
            // A constant condition picks a source per lane; only a uniform one is a move.
            if lanes.iter().all(|&l| l == lanes[0]) {
                let src = self.source(inst, if lanes[0] & 1 == 1 { 1 } else { 2 }, exec.size, sign)?;
                let dst = self.dst(top, var, offset, hstride, dst_unsigned)?;
                self.insts.push(Inst::Alu { op: "mov", sat, exec, pred: None, dst, srcs: vec![src] });
                return Ok(());
            }
        }
        let cond_var = self.predicate_operand(inst, cond)?;
        match self.k.var(cond_var).category {
            Category::Predicate { elems } if elems == exec.size => {}
            _ => return Err(error(inst, "the select condition is not a predicate of the select's width")),
        }
        let srcs = vec![self.source(inst, 1, exec.size, sign)?, self.source(inst, 2, exec.size, sign)?];
        let dst = self.dst(top, var, offset, hstride, dst_unsigned)?;
        self.insts.push(Inst::Alu {
            op: "sel",
            sat,
            exec,
            pred: Some(Pred::lane(cond_var, false)),
            dst,
            srcs,
        });
        Ok(())
    }

    fn dst(&mut self, inst: LLVMValueRef, var: VarId, offset: u32, hstride: u32, unsigned: bool) -> R<Dst> {
        let Some(ty) = element_type(ir::type_of(inst)) else {
            return Err(error(inst, "the result has no vISA register type"));
        };
        let view = self.view(var, ty.with_sign(!unsigned));
        Ok(Dst { var: view, offset, hstride })
    }

    /// Source operand `n` of `user`: through the bale when the operand is baled, else the value itself.
    /// `sign`: read integers signed (`Some(true)`), unsigned (`Some(false)`) or as declared (`None`).
    fn source(&mut self, user: LLVMValueRef, n: u32, exec: u32, sign: Option<bool>) -> R<Operand> {
        let value = operand(user, n);
        if self.bales.info(user).is_operand_baled(n) && is_instruction(value) {
            return self.value_source(value, exec, sign);
        }
        self.plain_source(user, value, exec, sign)
    }

    /// A baled source: a modifier chain ending in a rdregion or a value.
    fn value_source(&mut self, inst: LLVMValueRef, exec: u32, sign: Option<bool>) -> R<Operand> {
        let role = self.bales.role(inst);
        match role {
            Role::RdRegion => self.region_source(inst, exec, sign),
            Role::ZExt | Role::SExt => self.source(inst, 0, exec, Some(role == Role::SExt)),
            Role::NegMod | Role::AbsMod | Role::NotMod => {
                let (n, modifier) = modifier_operand(inst, role);
                let inner = self.source(inst, n, exec, sign)?;
                apply(inst, inner, modifier)
            }
            _ if is_modifier_call(inst) => {
                let inner = self.source(inst, 0, exec, sign)?;
                apply(inst, inner, Modifier::Abs)
            }
            _ => {
                // Not a source member (a main instruction baled nowhere else): read its value.
                let var = self.var_of(inst, inst)?;
                self.whole(inst, var, exec, sign)
            }
        }
    }

    fn region_source(&mut self, rd: LLVMValueRef, exec: u32, sign: Option<bool>) -> R<Operand> {
        let Some(read) = RdRegion::read(rd) else {
            return Err(error(rd, "a rdregion with non-constant region parameters"));
        };
        // An indirect read of a part of a vector that only indirect reads read addresses the whole vector.
        let (source, at) = match read.index {
            Index::Direct => (read.input, 0),
            _ => indirect::addressed_part(read.input).unwrap_or((read.input, 0)),
        };
        let input = if ir::is_constant(source) { self.materialize(rd, source)? } else { self.var_of(rd, source)? };
        let Some(ty) = element_type(ir::type_of(rd)) else {
            return Err(error(rd, "the region's elements have no vISA type"));
        };
        let ty = sign.map_or(self.declared_sign(input, ty), |s| ty.with_sign(s));
        let view = self.view(input, ty);
        if read.index != Index::Direct {
            return self.indirect_source(rd, &read, exec, (view, at), ty);
        }
        let region = vector_region(rd, &read.region, exec)?;
        Ok(Operand::Region(Src { var: view, offset: read.region.offset as u32, region, modifier: Modifier::None }))
    }

    /// `ty` with the signedness of the variable it is read from.
    fn declared_sign(&self, var: VarId, ty: Type) -> Type {
        match self.k.var(var).ty() {
            Some(declared) if !ty.is_float() => ty.with_sign(declared.is_signed()),
            _ => ty,
        }
    }

    /// A source that is a value (not baled): an immediate for a uniform constant, else its whole variable.
    fn plain_source(&mut self, user: LLVMValueRef, value: LLVMValueRef, exec: u32, sign: Option<bool>) -> R<Operand> {
        let ty_ref = ir::type_of(value);
        if ir::is_constant(value) {
            let Some(ty) = element_type(ty_ref) else {
                return Err(error(user, "a constant operand without a vISA type"));
            };
            let ty = sign.map_or(ty, |s| ty.with_sign(s));
            match constant_lanes(value) {
                Some(lanes) if lanes.iter().all(|&l| l == lanes[0]) => {
                    return Ok(Operand::Imm(Imm { bits: lanes[0], ty: immediate_type(ty) }))
                }
                Some(_) => {
                    let var = self.materialize(user, value)?;
                    return self.whole(user, var, exec, sign);
                }
                None => return Err(error(user, "a constant expression operand is not lowered yet")),
            }
        }
        let var = self.var_of(user, value)?;
        self.whole(user, var, exec, sign)
    }

    /// The whole of `var` as a source for `exec` lanes: `<0;1,0>` for a scalar, `<1;1,0>` for a vector of
    /// exactly `exec` elements.
    fn whole(&mut self, user: LLVMValueRef, var: VarId, exec: u32, sign: Option<bool>) -> R<Operand> {
        let v = self.k.var(var);
        if matches!(v.category, Category::Surface | Category::Sampler) {
            let index = self.state_index(var);
            return self.whole(user, index, exec, sign);
        }
        let Category::General { ty, elems, .. } = v.category else {
            let what = match v.category {
                Category::Address { .. } => "an address",
                _ => "a predicate",
            };
            return Err(error(user, format!("{what} used as a data operand is not lowered yet")));
        };
        let region = if elems == 1 {
            Region::SCALAR
        } else if elems == exec {
            Region { vstride: 1, width: 1, hstride: 0 }
        } else {
            return Err(error(user, format!("a {elems}-element operand of a {exec}-wide instruction")));
        };
        let view = self.view(var, sign.map_or(ty, |s| ty.with_sign(s)));
        Ok(Operand::Region(Src { var: view, offset: 0, region, modifier: Modifier::None }))
    }

    /// A constant `i1` vector in a fresh predicate variable (`setp` of its lanes as bits).
    fn constant_predicate(&mut self, user: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        if let Some(&var) = self.constants.get(&value) {
            return Ok(var);
        }
        let lanes = constant_lanes(value).ok_or_else(|| error(user, "a constant expression predicate"))?;
        if lanes.len() > 32 {
            return Err(error(user, "a constant predicate of more than 32 lanes"));
        }
        let bits = lanes.iter().enumerate().fold(0u64, |acc, (i, &lane)| acc | (lane & 1) << i);
        let var = self.new_var(value, false)?;
        self.constants.insert(value, var);
        let exec = Exec { size: (lanes.len() as u32).next_power_of_two(), offset: 0, no_mask: true };
        if exec.size != lanes.len() as u32 {
            return Err(error(user, format!("a constant predicate of {} lanes (not a power of two)", lanes.len())));
        }
        self.insts.push(Inst::Setp { exec, dst: var, value: Operand::Imm(Imm { bits, ty: Type::UD }) });
        Ok(var)
    }

    /// A constant vector in a fresh variable, written by moves of its runs of equal elements.
    fn materialize(&mut self, user: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        if let Some(&var) = self.constants.get(&value) {
            return Ok(var);
        }
        // SAFETY: kind and opcode queries on a constant.
        if unsafe { !LLVMIsAConstantExpr(value).is_null() && LLVMGetConstOpcode(value) == LLVMOpcode::LLVMBitCast } {
            let inner = self.materialize(user, operand(value, 0))?;
            let ty = ir::type_of(value);
            let elem = element_type(ty).ok_or_else(|| error(user, "a bitcast constant without a vISA type"))?;
            let alias = self.k.add_alias(inner, 0, elem, region_ir::lanes(ty), "");
            self.constants.insert(value, alias);
            return Ok(alias);
        }
        let Some(lanes) = constant_lanes_to_write(value) else {
            return Err(error(user, "a constant expression operand is not lowered yet"));
        };
        let var = self.new_var(value, false)?;
        let Some(ty) = self.k.var(var).ty() else {
            return Err(error(user, "a constant predicate operand is not lowered yet"));
        };
        self.write_constant(var, &lanes, ty);
        self.constants.insert(value, var);
        Ok(var)
    }

    fn wrregion(&mut self, w: LLVMValueRef) -> R<()> {
        let Some(write) = WrRegion::read(w) else {
            return Err(error(w, "a wrregion with non-constant region parameters"));
        };
        if let Some(var) = self.write_back(w, &write)? {
            self.define(w, var);
            self.stats.writes_in_place += 1;
            return Ok(());
        }
        // A message baled into the write (IGC's raw destination) writes the variable's bytes in place, so the
        // variable starts a GRF.
        let raw_new = self.bales.info(w).is_operand_baled(region_ir::wr::NEW)
            && is_instruction(write.new)
            && arg_info::has_raw_result(write.new);
        // Two-address: the new value's variable starts as a copy of Old's, which coalescing removes when Old
        // dies here (genx_visa::coalesce); a constant Old is written by moves.
        let var = self.new_var(w, raw_new)?;
        if ir::is_undef(write.old) {
        } else if let (true, Some(lanes)) = (ir::is_constant(write.old), constant_lanes_to_write(write.old)) {
            let ty = self.k.var(var).ty().unwrap_or(Type::D);
            self.write_constant(var, &lanes, ty);
            self.stats.constant_olds += 1;
        } else {
            let old =
                if ir::is_constant(write.old) { self.materialize(w, write.old)? } else { self.var_of(w, write.old)? };
            self.insts.push(Inst::Copy { dst: var, src: old, reason: CopyReason::WrRegionOld });
        }
        let new = write.new;
        let n = region_ir::lanes(ir::type_of(new));
        let region = &write.region;
        let rows = n / region.width.max(1);
        if region.stride < 0 || region.vstride < 0 || region.offset < 0 {
            return Err(error(w, "a destination region with a negative stride or offset"));
        }
        if rows > 1 && region.vstride as u32 != region.width * region.stride as u32 {
            return Err(error(w, "a 2D destination region (rows apart) is not lowered yet"));
        }
        let hstride = if n == 1 { 1 } else { region.stride as u32 };
        if raw_new {
            self.raw_result_into(w, &write, var)?;
            self.define(w, var);
            return Ok(());
        }
        let em_masked = self.is_mask_value(write.mask);
        let start = self.insts.len();
        let pred = if region_ir::is_all_ones(write.mask) || em_masked {
            None
        } else {
            let mask = self.predicate_operand(w, write.mask)?;
            match self.k.var(mask).category {
                Category::Predicate { elems } if elems == n => Some(Pred::lane(mask, false)),
                _ => return Err(error(w, "the write mask is not a predicate of the write's width")),
            }
        };
        if write.index != Index::Direct {
            self.indirect_write(w, &write, var, hstride, pred)?;
            if em_masked {
                self.mark_em_masked(start, write.mask);
            }
            self.define(w, var);
            return Ok(());
        }
        let exec = Exec::simd(n);
        let offset = region.offset as u32;
        if self.bales.info(w).is_operand_baled(1) && is_instruction(new) {
            self.compute(new, var, offset, hstride, exec, pred)?;
        } else {
            let src = self.plain_source(w, new, n, None)?;
            let dst = self.dst(new, var, offset, hstride, false)?;
            self.insts.push(Inst::Alu { op: "mov", sat: false, exec, pred, dst, srcs: vec![src] });
        }
        if em_masked {
            self.mark_em_masked(start, write.mask);
        }
        self.define(w, var);
        Ok(())
    }

    /// The variable of a `wrregion` that writes elements back where they already are: New is a direct
    /// `rdregion` of a vector S of the write's own type, reading exactly the elements the (unmasked, direct)
    /// write writes, and Old is undef or lives in S's variable. The result is S's variable (its other elements
    /// are S's or undef), so no move is emitted. genx-legalize leaves such chains when it splits the copy of a
    /// region into legal pieces (`v.select<6,1,4,1>() = v.select<6,1,4,1>()` after a media block read); the
    /// variable then lives as long as the result, which liveness sees through the shared variable.
    fn write_back(&mut self, w: LLVMValueRef, write: &WrRegion) -> R<Option<VarId>> {
        if write.index != Index::Direct || !region_ir::is_all_ones(write.mask) || !is_instruction(write.new) {
            return Ok(None);
        }
        let Some(read) = RdRegion::read(write.new) else { return Ok(None) };
        if read.index != Index::Direct
            || ir::type_of(read.input) != ir::type_of(w)
            || ir::is_constant(read.input)
            || !matches!((read.region.direct_elements(), write.region.direct_elements()), (Ok(a), Ok(b)) if a == b)
        {
            return Ok(None);
        }
        let source = self.var_of(w, read.input)?;
        if !ir::is_undef(write.old) && (ir::is_constant(write.old) || self.var_of(w, write.old)? != source) {
            return Ok(None);
        }
        Ok(Some(source))
    }
}

/// The instruction that moves `src`: `mov`, or `not` of the plain source when `src` carries the logical-not
/// modifier, which vISA allows only on logic instructions (GenX_IR rejects `mov (~)x`).
fn move_of(src: Operand) -> (&'static str, Operand) {
    match src {
        Operand::Region(region) if region.modifier == Modifier::Not => {
            ("not", Operand::Region(Src { modifier: Modifier::None, ..region }))
        }
        other => ("mov", other),
    }
}

/// An ALU form of the intrinsic table, `alu-XY` or `sat-XY`: (saturates, result signed, operands signed).
fn form_signs(form: &str) -> Option<(bool, bool, bool)> {
    let (kind, signs) = form.split_once('-')?;
    let saturates = match kind {
        "alu" => false,
        "sat" => true,
        _ => return None,
    };
    let mut letters = signs.chars();
    let (result, operand) = (letters.next()?, letters.next()?);
    Some((saturates, result == 's', operand == 's'))
}

/// The intrinsic's name without `llvm.genx.` (`sat`), when `inst` calls one.
fn genx_short_name(inst: LLVMValueRef) -> Option<&'static str> {
    region_ir::genx_desc(inst).map(|desc| desc.short_name())
}

/// `llvm.genx.absi`, `llvm.genx.absf`, `llvm.fabs`: the abs modifier as a call.
fn is_modifier_call(inst: LLVMValueRef) -> bool {
    if !ir::is_call(inst) {
        return false;
    }
    if matches!(genx_short_name(inst), Some("absi" | "absf")) {
        return true;
    }
    ir::called_function(inst).is_some_and(|f| ir::value_name(f).starts_with("llvm.fabs."))
}

/// The vISA instruction of an LLVM math intrinsic call whose operands map one to one: `llvm.fma` and
/// `llvm.fmuladd` are `mad` (`src0 * src1 + src2`, fused in vISA, which `fmuladd` allows).
fn llvm_math_call(inst: LLVMValueRef) -> Option<&'static str> {
    if !ir::is_call(inst) {
        return None;
    }
    let name = ir::value_name(ir::called_function(inst)?);
    (name.starts_with("llvm.fma.") || name.starts_with("llvm.fmuladd.")).then_some("mad")
}

/// Which operand a modifier member modifies, and the modifier.
fn modifier_operand(inst: LLVMValueRef, role: Role) -> (u32, Modifier) {
    match role {
        Role::AbsMod => (0, Modifier::Abs),
        Role::NotMod => (if ir::is_constant(operand(inst, 0)) { 1 } else { 0 }, Modifier::Not),
        // fneg x; sub 0, x; fsub -0.0, x.
        _ => (if ir::opcode(inst) == Some(LLVMOpcode::LLVMFNeg) { 0 } else { 1 }, Modifier::Neg),
    }
}

/// `outer` applied on top of a source's modifier.
fn apply(inst: LLVMValueRef, src: Operand, outer: Modifier) -> R<Operand> {
    let current = match src {
        Operand::Region(s) => s.modifier,
        Operand::Indirect(s) => s.modifier,
        Operand::Imm(_) => return Err(error(inst, "a modifier on an immediate (baling folds those)")),
    };
    let modifier = match (outer, current) {
        (Modifier::Neg, Modifier::None) => Modifier::Neg,
        (Modifier::Neg, Modifier::Neg) => Modifier::None,
        (Modifier::Neg, Modifier::Abs) => Modifier::NegAbs,
        (Modifier::Neg, Modifier::NegAbs) => Modifier::Abs,
        (Modifier::Abs, _) => Modifier::Abs,
        (Modifier::Not, Modifier::None) => Modifier::Not,
        (Modifier::Not, Modifier::Not) => Modifier::None,
        _ => {
            return Err(error(
                inst,
                format!("the source modifier {outer:?} over a source already read with {current:?} is not lowered"),
            ))
        }
    };
    Ok(match src {
        Operand::Region(mut s) => {
            s.modifier = modifier;
            Operand::Region(s)
        }
        Operand::Indirect(mut s) => {
            s.modifier = modifier;
            Operand::Indirect(s)
        }
        imm => imm,
    })
}

fn negate(inst: LLVMValueRef, src: Operand) -> R<Operand> {
    match src {
        Operand::Imm(imm) => Ok(Operand::Imm(negate_imm(imm))),
        region => apply(inst, region, Modifier::Neg),
    }
}

fn negate_imm(imm: Imm) -> Imm {
    let bits = match imm.ty {
        Type::F => (f32::from_bits(imm.bits as u32) * -1.0).to_bits() as u64,
        Type::DF => (f64::from_bits(imm.bits) * -1.0).to_bits(),
        Type::HF => imm.bits ^ 0x8000,
        ty => {
            let width = ty.bytes() * 8;
            let mask = if width >= 64 { u64::MAX } else { (1u64 << width) - 1 };
            imm.bits.wrapping_neg() & mask
        }
    };
    Imm { bits, ty: imm.ty }
}

/// vISA has no byte immediates: bytes travel as words.
fn immediate_type(ty: Type) -> Type {
    match ty {
        Type::B => Type::W,
        Type::UB => Type::UW,
        other => other,
    }
}

/// A direct region of `exec` elements as a vISA source region.
fn vector_region(rd: LLVMValueRef, region: &genx_region::Region, exec: u32) -> R<Region> {
    let n = region.num_elements;
    if n == 1 {
        return Ok(Region::SCALAR);
    }
    if n != exec {
        return Err(error(rd, format!("a {n}-element region read by a {exec}-wide instruction")));
    }
    if region.stride < 0 || region.vstride < 0 || region.offset < 0 {
        return Err(error(rd, "a region with a negative stride or offset"));
    }
    let (vstride, width, stride) = (region.vstride as u32, region.width, region.stride as u32);
    if width >= n || vstride == width * stride {
        return Ok(if stride == 0 { Region::SCALAR } else { Region { vstride: stride, width: 1, hstride: 0 } });
    }
    if width.is_power_of_two() && width <= 16 {
        return Ok(Region { vstride, width, hstride: stride });
    }
    Err(error(rd, format!("the region <{vstride};{width},{stride}> has a row width vISA cannot express")))
}

/// Why a VME (motion estimation) surface argument, kind 3, is refused on `platform`.
fn vme_refusal(platform: &Platform) -> String {
    use crate::platform::Family;
    if matches!(platform.family, Family::Gen9 | Family::Gen11) {
        "a VME (video motion estimation) surface argument (kind 3) is not supported: this compiler implements no \
         VME operation (docs/cm-compat.md)"
            .to_string()
    } else {
        format!(
            "a VME (video motion estimation) surface argument (kind 3) is not supported on {}: the platform has no VME \
             unit (vISA's VME instructions end with Gen11)",
            platform.name
        )
    }
}

/// Whether `inst` calls device printf (the front end's `printf`, or SPIR-V's `__spirv_ocl_printf` read back).
fn is_printf_call(inst: LLVMValueRef) -> bool {
    ir::is_call(inst)
        && ir::called_function(inst).is_some_and(|callee| {
            let name = ir::value_name(callee);
            name == crate::cm_lower::PRINTF || name.contains("__spirv_ocl_printf")
        })
}

/// What an instruction is, for "not lowered" messages: the opcode, or the intrinsic's name.
fn construct(inst: LLVMValueRef) -> String {
    if let Some(desc) = region_ir::genx_desc(inst) {
        return format!("the intrinsic {}", desc.name);
    }
    if ir::is_call(inst) {
        if let Some(callee) = ir::called_function(inst) {
            return format!("a call of {}", ir::value_name(callee));
        }
    }
    let text = ir::value_to_string(inst);
    let opcode = text.split('=').nth(1).unwrap_or(&text).split_whitespace().next().unwrap_or("?").to_string();
    format!("the instruction '{opcode}'")
}

/// The note on a variable's declaration: the LLVM value it holds.
fn note(value: LLVMValueRef) -> String {
    let name = ir::value_name(value);
    if name.is_empty() {
        String::new()
    } else {
        format!("%{name}")
    }
}
