//! Which operand may bale what: modifier recognition, the modifiers each operand of a main instruction accepts,
//! rdregion operands, and what a wrregion may take as its New value.
//!
//! Modifiers (IGC's `checkModifier`): `fneg x`, `sub 0, x` and `fsub -0.0, x` negate (not when a user of the
//! subtraction is a `uitofp` or an operand is a `fptoui`: a negate modifier on an unsigned value misbehaves);
//! `xor x, -1` on a non-predicate is a logic not; `llvm.genx.absi`/`absf` and `llvm.fabs` take the absolute
//! value; `zext`/`sext` from anything but `i1` extend (a vISA source of a narrower type).
//!
//! An operand accepts (IGC's `operandCanBeBaled`, docs/genx-ir.md §2.2): with *arithmetic* modifiers, a negate, an
//! abs or an extension; with *logic* modifiers, a not or an extension; with *none*, only a rdregion (shifts take
//! no modifier: a modifier would change the shifted precision). Extensions are refused into a cmp of the other
//! signedness, into `smulh`/`umulh`/`smadw`/`umadw` (D/UD operands only), and into another extension (a zext
//! or sext bales only an abs, IGC's `cm_abs` bodge); a negate is refused into an abs (the two would encode as
//! the source modifier `-(abs)`, which means `-|x|`, not `|-x|`). A rdregion is accepted when its region is OK
//! for the operand
//! ([`Target::region_ok`]); a rdregion with several uses is refused in legalization baling when a user is a
//! bitcast (bitcasts bale nothing, so the read stays anyway) or when it is indirect (multiple-use indirect reads
//! make narrow legalized code); an indirect rdregion never bales into an LSC message.

use super::arg_info::{self, ArgInfo, Category, Modifier};
use super::regions::{can_split, rdregion_region, wrregion_region, ReadRegion, Target};
use super::util::{
    callee_base, is_abs, is_inline_asm, is_negative_zero, is_not, is_predicate, is_rdregion, is_wrregion, is_zero,
    opcode, operand, operand_inst, read_would_outlive_updates, users,
};
use super::{BalingKind, Role};
use crate::ir;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

/// Which source modifiers an operand takes (IGC's `MODIFIER_*` plus its private `MODIFIER_ABSONLY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ModType {
    None,
    Arith,
    Logic,
    ExtOnly,
    /// The operand of an extension: only an abs modifier (IGC's `MODIFIER_ABSONLY`).
    AbsOnly,
}

impl From<Modifier> for ModType {
    fn from(m: Modifier) -> ModType {
        match m {
            Modifier::None => ModType::None,
            Modifier::Arith => ModType::Arith,
            Modifier::Logic => ModType::Logic,
            Modifier::ExtOnly => ModType::ExtOnly,
        }
    }
}

/// The modifier role `inst` plays when baled as an operand, or [`Role::MainInst`] when it is not a modifier.
pub(super) fn check_modifier(inst: LLVMValueRef) -> Role {
    match opcode(inst) {
        Some(LLVMOpcode::LLVMFNeg) => Role::NegMod,
        Some(op @ (LLVMOpcode::LLVMSub | LLVMOpcode::LLVMFSub)) => {
            let lhs = operand(inst, 0);
            let negation = if op == LLVMOpcode::LLVMSub { is_zero(lhs) } else { is_negative_zero(lhs) };
            let unsigned_user = users(inst).into_iter().any(|u| opcode(u) == Some(LLVMOpcode::LLVMUIToFP));
            let unsigned_operand = (0..2).any(|n| opcode(operand(inst, n)) == Some(LLVMOpcode::LLVMFPToUI));
            if negation && !unsigned_user && !unsigned_operand {
                Role::NegMod
            } else {
                Role::MainInst
            }
        }
        Some(LLVMOpcode::LLVMXor) if !is_predicate(inst) && is_not(inst) => Role::NotMod,
        Some(LLVMOpcode::LLVMZExt) if !is_predicate(operand(inst, 0)) => Role::ZExt,
        Some(LLVMOpcode::LLVMSExt) if !is_predicate(operand(inst, 0)) => Role::SExt,
        Some(LLVMOpcode::LLVMCall) if is_abs(inst) => Role::AbsMod,
        _ => Role::MainInst,
    }
}

/// The operand number of the value a modifier modifies.
pub(super) fn modifier_source(inst: LLVMValueRef, role: Role) -> u32 {
    match (role, opcode(inst)) {
        (Role::NegMod, Some(LLVMOpcode::LLVMSub | LLVMOpcode::LLVMFSub)) => 1,
        _ => 0,
    }
}

/// A cast that changes no bits (IGC's `isNoopCast`): bitcast, and same-size pointer/int casts.
pub(super) fn is_noop_cast(inst: LLVMValueRef) -> bool {
    match opcode(inst) {
        Some(LLVMOpcode::LLVMBitCast) => true,
        Some(LLVMOpcode::LLVMPtrToInt | LLVMOpcode::LLVMIntToPtr | LLVMOpcode::LLVMAddrSpaceCast) => {
            // Pointers are 64-bit in GenX IR; an int of the same width is a copy.
            let bits = |ty: LLVMTypeRef| {
                let scalar = super::util::scalar_type(ty);
                match ir::type_kind(scalar) {
                    LLVMTypeKind::LLVMIntegerTypeKind => ir::int_width(scalar),
                    LLVMTypeKind::LLVMPointerTypeKind => 64,
                    _ => 0,
                }
            };
            bits(ir::type_of(inst)) == bits(ir::type_of(operand(inst, 0)))
        }
        _ => false,
    }
}

pub(super) fn is_cast(inst: LLVMValueRef) -> bool {
    matches!(
        opcode(inst),
        Some(
            LLVMOpcode::LLVMTrunc
                | LLVMOpcode::LLVMZExt
                | LLVMOpcode::LLVMSExt
                | LLVMOpcode::LLVMFPToUI
                | LLVMOpcode::LLVMFPToSI
                | LLVMOpcode::LLVMUIToFP
                | LLVMOpcode::LLVMSIToFP
                | LLVMOpcode::LLVMFPTrunc
                | LLVMOpcode::LLVMFPExt
                | LLVMOpcode::LLVMPtrToInt
                | LLVMOpcode::LLVMIntToPtr
                | LLVMOpcode::LLVMBitCast
                | LLVMOpcode::LLVMAddrSpaceCast
        )
    )
}

pub(super) fn is_binary(inst: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    matches!(
        opcode(inst),
        Some(
            LLVMAdd
                | LLVMFAdd
                | LLVMSub
                | LLVMFSub
                | LLVMMul
                | LLVMFMul
                | LLVMUDiv
                | LLVMSDiv
                | LLVMFDiv
                | LLVMURem
                | LLVMSRem
                | LLVMFRem
                | LLVMShl
                | LLVMLShr
                | LLVMAShr
                | LLVMAnd
                | LLVMOr
                | LLVMXor
        )
    )
}

pub(super) fn is_cmp(inst: LLVMValueRef) -> bool {
    matches!(opcode(inst), Some(LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMFCmp))
}

/// IGC's `acceptableMainInst` for a non-intrinsic instruction: a binary operator, a cmp, a cast that is not a
/// no-op, a select or an fneg.
pub(super) fn is_acceptable_main(inst: LLVMValueRef) -> bool {
    is_binary(inst)
        || is_cmp(inst)
        || (is_cast(inst) && !is_noop_cast(inst))
        || matches!(opcode(inst), Some(LLVMOpcode::LLVMSelect | LLVMOpcode::LLVMFNeg))
}

/// Which modifiers the operands of a non-intrinsic main instruction with role `role` accept.
pub(super) fn mod_type_of(inst: LLVMValueRef, role: Role) -> ModType {
    match role {
        // A not only merges with a logic modifier (another not).
        Role::NotMod => ModType::Logic,
        // An extension bales only an abs modifier.
        Role::ZExt | Role::SExt => ModType::AbsOnly,
        Role::MainInst => match opcode(inst) {
            Some(LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor) => ModType::Logic,
            Some(LLVMOpcode::LLVMShl | LLVMOpcode::LLVMLShr | LLVMOpcode::LLVMAShr) => ModType::None,
            _ => ModType::Arith,
        },
        _ => ModType::Arith,
    }
}

fn is_signed_cmp(inst: LLVMValueRef) -> bool {
    opcode(inst) == Some(LLVMOpcode::LLVMICmp)
        && matches!(
            ir::icmp_predicate(inst),
            LLVMIntPredicate::LLVMIntSGT
                | LLVMIntPredicate::LLVMIntSGE
                | LLVMIntPredicate::LLVMIntSLT
                | LLVMIntPredicate::LLVMIntSLE
        )
}

/// The general-operand description used for non-intrinsic main instructions: no restriction.
pub(super) const PLAIN_OPERAND: ArgInfo = ArgInfo::general(0);

impl Target<'_> {
    /// IGC's `operandCanBeBaled`: may operand `n` of main instruction `inst` (whose operand accepts `mod_type`
    /// modifiers and is described by `info`) bale its defining instruction?
    pub fn operand_can_be_baled(&self, inst: LLVMValueRef, n: u32, mod_type: ModType, info: &ArgInfo) -> bool {
        let Some(op) = operand_inst(inst, n) else { return false };
        if mod_type != ModType::None {
            match check_modifier(op) {
                Role::ZExt | Role::SExt if mod_type == ModType::AbsOnly => return false,
                role @ (Role::ZExt | Role::SExt) => {
                    if is_cmp(inst) && (role == Role::SExt) != is_signed_cmp(inst) {
                        return false;
                    }
                    let wide_only = matches!(
                        callee_base(inst),
                        Some("llvm.genx.smulh" | "llvm.genx.umulh" | "llvm.genx.smadw" | "llvm.genx.umadw")
                    );
                    return !wide_only;
                }
                Role::NotMod if mod_type == ModType::Logic => return true,
                Role::NegMod => {
                    if is_abs(inst) {
                        return false;
                    }
                    if mod_type == ModType::Arith {
                        return true;
                    }
                }
                Role::AbsMod => {
                    if matches!(mod_type, ModType::AbsOnly | ModType::Arith) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        if !is_rdregion(op) {
            return false;
        }
        if read_would_outlive_updates(op, inst) {
            return false;
        }
        let Some(region) = rdregion_region(op) else { return false };
        if !self.region_ok(info, &region, can_split(inst)) {
            return false;
        }
        let indirect = region.region.indirect.is_indirect();
        let bitcast_user = || users(op).into_iter().any(|u| opcode(u) == Some(LLVMOpcode::LLVMBitCast));
        if self.kind == BalingKind::Legalization && !super::util::has_one_use(op) && (indirect || bitcast_user()) {
            return false;
        }
        if indirect && callee_base(inst).is_some_and(|name| name.starts_with("llvm.genx.lsc.")) {
            return false;
        }
        true
    }

    /// IGC's `isBalableNewValueIntoWrr`: may `value` bale into a wrregion with region `wr` as its New value?
    /// `mask` is the wrregion's predicate when it is predicated.
    pub fn new_value_can_bale(&self, value: LLVMValueRef, wr: &ReadRegion, mask: Option<LLVMValueRef>) -> bool {
        if opcode(value).is_none() {
            return false;
        }
        let predicated = mask.is_some();
        match callee_base(value) {
            Some("llvm.genx.sat") | Some("llvm.genx.rdregioni" | "llvm.genx.rdregionf") => true,
            // Our addition: the abs modifiers bale like the other modifiers (rd -> abs -> wr is a move).
            Some(_) if is_abs(value) => true,
            Some(_) if is_wrregion(value) => false,
            Some(name) => {
                let info = arg_info::get(name);
                let pred_ok = !predicated
                    || info.is_some_and(|i| i.implicit_pred)
                    || mask.is_some_and(|m| uses_same_mask(value, m));
                if !pred_ok {
                    return false;
                }
                let Some(result) = info.and_then(|i| i.result()) else { return false };
                match result.category {
                    Category::General => self.region_ok(result, wr, can_split(value)),
                    Category::Raw => {
                        if !self.region_ok_for_raw(wr) {
                            return false;
                        }
                        // No non-undef two-address operand (the last argument).
                        let count = ir::call_arg_count(value);
                        if count == 0 {
                            return true;
                        }
                        let last = count - 1;
                        ir::is_undef(operand(value, last))
                            || info.and_then(|i| i.arg(last)).is_none_or(|a| a.category != Category::TwoAddr)
                    }
                    _ => false,
                }
            }
            None => {
                if is_binary(value) || opcode(value) == Some(LLVMOpcode::LLVMFNeg) {
                    return true;
                }
                if is_cast(value) && (!is_noop_cast(value) || is_mask_packing(value)) {
                    return true;
                }
                if is_inline_asm(value) {
                    return true;
                }
                if opcode(value) == Some(LLVMOpcode::LLVMSelect) {
                    return !predicated;
                }
                if opcode(value) == Some(LLVMOpcode::LLVMExtractValue) {
                    return is_inline_asm(operand(value, 0));
                }
                false
            }
        }
    }
}

/// A bitcast of a predicate vector to an integer (IGC's `isMaskPacking`).
fn is_mask_packing(inst: LLVMValueRef) -> bool {
    opcode(inst) == Some(LLVMOpcode::LLVMBitCast)
        && is_predicate(operand(inst, 0))
        && super::util::is_vector(ir::type_of(operand(inst, 0)))
        && !super::util::is_vector(ir::type_of(inst))
}

/// Whether intrinsic call `inst` is predicated by the same mask as a wrregion whose predicate is `mask` (IGC's
/// `usesSameMaskAsOperand`, without its constant-predicate and shufflevector cases): its predication operand is
/// `mask` itself, or both are `rdpredregion`s of the same predicate at the same offset.
fn uses_same_mask(inst: LLVMValueRef, mask: LLVMValueRef) -> bool {
    let Some(info) = callee_base(inst).and_then(arg_info::get) else { return false };
    let Some(pred) = info.fields.iter().find(|f| f.category == Category::Predication && f.operand >= 0) else {
        return false;
    };
    if pred.operand as u32 >= ir::call_arg_count(inst) {
        return false;
    }
    let own = operand(inst, pred.operand as u32);
    if own == mask {
        return true;
    }
    let is_rdpred = |v| callee_base(v) == Some("llvm.genx.rdpredregion");
    is_rdpred(own) && is_rdpred(mask) && operand(own, 0) == operand(mask, 0) && operand(own, 1) == operand(mask, 1)
}

/// Whether the sat intrinsic `sat` may bale its operand `value` (IGC's `processSat`): a rdregion, a binary
/// operator, a select or a non-bitcast cast (and, our addition, the modifiers fneg and abs), or an intrinsic
/// whose result is not raw and lets a saturation bale it (`SATURATION_DEFAULT`; an undescribed intrinsic counts).
pub(super) fn sat_operand_can_bale(value: LLVMValueRef) -> bool {
    if is_rdregion(value) {
        return true;
    }
    match callee_base(value) {
        None => {
            is_binary(value)
                || matches!(opcode(value), Some(LLVMOpcode::LLVMSelect | LLVMOpcode::LLVMFNeg))
                || (is_cast(value) && opcode(value) != Some(LLVMOpcode::LLVMBitCast))
        }
        Some(_) if is_wrregion(value) => false,
        Some("llvm.dbg") => false,
        Some(name) => match arg_info::get(name).and_then(|i| i.result()) {
            Some(result) => result.category != Category::Raw && result.saturation == arg_info::Saturation::Default,
            None => true,
        },
    }
}

/// A shufflevector of a predicate that repeats one contiguous slice of its first operand (IGC's
/// `isReplicatedSlice`).
pub(super) fn is_replicated_predicate_slice(inst: LLVMValueRef) -> bool {
    if opcode(inst) != Some(LLVMOpcode::LLVMShuffleVector) || !is_predicate(inst) {
        return false;
    }
    let n = ir::mask_len(inst);
    let mask: Vec<i32> = (0..n).map(|i| ir::mask_value(inst, i)).collect();
    if mask.is_empty() || mask.iter().any(|&m| m < 0) {
        return false;
    }
    if mask.len() == 1 {
        return true;
    }
    let source_lanes = crate::region_ir::lanes(ir::type_of(operand(inst, 0))) as i32;
    if mask.iter().any(|&m| m >= source_lanes) {
        return false;
    }
    let slice = mask.windows(2).position(|w| w[1] - w[0] != 1).map_or(mask.len(), |p| p + 1);
    mask.len().is_multiple_of(slice) && mask.chunks(slice).all(|chunk| chunk == &mask[..slice])
}

/// The region and predicate of a wrregion call, for [`Target::new_value_can_bale`].
pub(super) fn wrregion_target(wr: LLVMValueRef) -> Option<(ReadRegion, Option<LLVMValueRef>)> {
    let region = wrregion_region(wr)?;
    let mask = operand(wr, crate::region_ir::wr::MASK);
    let predicated = !crate::region_ir::is_all_ones(mask);
    Some((region, predicated.then_some(mask)))
}
