//! IR helpers of the baling analysis: opcodes, operands, use lists, callee names, constants.
//!
//! They would fit in `ir.rs`, which is shared; they live here until a second pass wants them. Nothing here
//! panics on unexpected IR: a helper that cannot answer returns `None` or the conservative answer.

use crate::ir;
pub(super) use crate::ir::{has_one_use, users};
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::ir_write;

pub(super) use crate::ir::{c_name, opcode};

pub(super) fn is_inst(value: LLVMValueRef) -> bool {
    opcode(value).is_some()
}

pub(super) fn operand(inst: LLVMValueRef, index: u32) -> LLVMValueRef {
    ir::operand(inst, index)
}

pub(super) fn num_operands(inst: LLVMValueRef) -> u32 {
    ir::operand_count(inst)
}

/// Operand `index` of `inst` when it is an instruction.
pub(super) fn operand_inst(inst: LLVMValueRef, index: u32) -> Option<LLVMValueRef> {
    if index >= num_operands(inst) {
        return None;
    }
    let op = operand(inst, index);
    is_inst(op).then_some(op)
}

pub(super) fn use_count(value: LLVMValueRef) -> usize {
    let mut n = 0;
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let mut use_ = LLVMGetFirstUse(value);
        while !use_.is_null() {
            n += 1;
            use_ = LLVMGetNextUse(use_);
        }
    }
    n
}

/// The base name of the intrinsic `inst` calls: the GenX table's base name (`llvm.genx.rdregioni`), or for the
/// few LLVM intrinsics baling knows, their base (`llvm.fabs`, `llvm.fma`, `llvm.dbg`). `None` for anything else.
pub(super) fn callee_base(inst: LLVMValueRef) -> Option<&'static str> {
    if opcode(inst) != Some(LLVMOpcode::LLVMCall) {
        return None;
    }
    if let Some(desc) = crate::region_ir::genx_desc(inst) {
        return Some(desc.name);
    }
    let callee = ir::called_function(inst)?;
    ir::with_name(callee, |name| {
        ["llvm.fabs", "llvm.fma", "llvm.dbg"]
            .into_iter()
            .find(|base| name.strip_prefix(base).is_some_and(|rest| rest.is_empty() || rest.starts_with('.')))
    })
}

pub(super) fn is_rdregion(value: LLVMValueRef) -> bool {
    matches!(callee_base(value), Some("llvm.genx.rdregioni" | "llvm.genx.rdregionf"))
}

/// `wrregioni`, `wrregionf` or `wrconstregion` (IGC's `isWrRegion`).
pub(super) fn is_wrregion(value: LLVMValueRef) -> bool {
    matches!(callee_base(value), Some("llvm.genx.wrregioni" | "llvm.genx.wrregionf" | "llvm.genx.wrconstregion"))
}

/// Whether baling `read` (a `rdregion`) into `user` in another block would move the read past the points where
/// its source vector's register may be rewritten in place: the source also reaches a phi or is the Old value of
/// a `wrregion`, so the emitter's coalescing wants one variable for it and its successors (a loop-carried
/// matrix updated by region writes). Emitted at `user`, the read would keep the old value alive across those
/// writes and force a copy of the whole vector (stack_runs' 512-dword cache: two copies, 128 GRFs). Within one
/// block the read stays where the front end put it relative to the writes of its block, so only the crossing
/// of a block boundary is refused.
pub(super) fn read_would_outlive_updates(read: LLVMValueRef, user: LLVMValueRef) -> bool {
    if ir::parent_block(read) == ir::parent_block(user) {
        return false;
    }
    let source = operand(read, crate::region_ir::rd::INPUT);
    users(source)
        .into_iter()
        .any(|u| ir::is_phi(u) || (is_wrregion(u) && operand(u, crate::region_ir::wr::OLD) == source))
}

pub(super) fn is_inline_asm(inst: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { opcode(inst) == Some(LLVMOpcode::LLVMCall) && !LLVMIsAInlineAsm(ir::called_value(inst)).is_null() }
}

/// An absolute-value modifier: `llvm.genx.absi`, `llvm.genx.absf` or `llvm.fabs`.
pub(super) fn is_abs(inst: LLVMValueRef) -> bool {
    matches!(callee_base(inst), Some("llvm.genx.absi" | "llvm.genx.absf" | "llvm.fabs"))
}

pub(super) fn is_vector(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
}

pub(super) fn scalar_type(ty: LLVMTypeRef) -> LLVMTypeRef {
    crate::region_ir::element_type(ty)
}

pub(super) fn is_int_type(ty: LLVMTypeRef, bits: u32) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMIntegerTypeKind && ir::int_width(ty) == bits
}

/// A predicate value: `i1` or a vector of `i1`.
pub(super) fn is_predicate(value: LLVMValueRef) -> bool {
    is_int_type(scalar_type(ir::type_of(value)), 1)
}

pub(super) fn is_void(value: LLVMValueRef) -> bool {
    ir::type_kind(ir::type_of(value)) == LLVMTypeKind::LLVMVoidTypeKind
}

pub(super) fn is_struct(value: LLVMValueRef) -> bool {
    ir::type_kind(ir::type_of(value)) == LLVMTypeKind::LLVMStructTypeKind
}

/// The lanes of a constant as constants (one for a scalar); `None` when `value` is not a plain constant scalar
/// or vector whose lanes can be read.
pub(crate) fn constant_lanes(value: LLVMValueRef) -> Option<Vec<LLVMValueRef>> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if !ir::is_plain_constant(value) {
            return None;
        }
        let ty = ir::type_of(value);
        if !is_vector(ty) {
            return Some(vec![value]);
        }
        let n = ir::vector_size(ty);
        if !LLVMIsAConstantAggregateZero(value).is_null() {
            let zero = ir_write::zero(ir::element_of(ty));
            return Some(vec![zero; n as usize]);
        }
        if !LLVMIsAConstantDataVector(value).is_null() {
            return Some((0..n).map(|i| LLVMGetElementAsConstant(value, i)).collect());
        }
        if !LLVMIsAConstantVector(value).is_null() {
            return Some((0..n).map(|i| ir::operand(value, i)).collect());
        }
        None
    }
}

/// The common value of every lane of a constant (the constant itself for a scalar); `None` when the lanes
/// differ or any lane is undef.
pub(crate) fn splat_value(value: LLVMValueRef) -> Option<LLVMValueRef> {
    let lanes = constant_lanes(value)?;
    let first = *lanes.first()?;
    if ir::is_undef(first) || lanes.iter().any(|&l| l != first) {
        return None;
    }
    Some(first)
}

/// The sign-extended integer every lane of a constant holds.
pub(crate) fn splat_int(value: LLVMValueRef) -> Option<i64> {
    ir::const_int(splat_value(value)?)
}

/// A constant whose every lane is integer zero (or, for floating point, +0.0).
pub(crate) fn is_zero(value: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    splat_value(value).is_some_and(|lane| unsafe { LLVMIsNull(lane) != 0 })
}

/// A constant whose every lane is floating-point -0.0.
pub(super) fn is_negative_zero(value: LLVMValueRef) -> bool {
    let Some(lane) = splat_value(value) else { return false };
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if LLVMIsAConstantFP(lane).is_null() {
            return false;
        }
        let mut loses = 0;
        let d = LLVMConstRealGetDouble(lane, &mut loses);
        d == 0.0 && d.is_sign_negative()
    }
}

/// A constant whose every lane has all bits set (integers only).
pub(super) fn is_all_ones(value: LLVMValueRef) -> bool {
    let Some(lanes) = constant_lanes(value) else { return false };
    !lanes.is_empty()
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        && lanes.iter().all(|&lane| unsafe {
            !LLVMIsAConstantInt(lane).is_null() && {
                let bits = ir::int_width(ir::type_of(lane));
                bits <= 64 && LLVMConstIntGetSExtValue(lane) == -1
            }
        })
}

/// `xor x, <all ones>` (IGC's `isNot`: the constant is operand 1).
pub(super) fn is_not(inst: LLVMValueRef) -> bool {
    opcode(inst) == Some(LLVMOpcode::LLVMXor) && is_all_ones(operand(inst, 1))
}

/// The display name of a value in the printer's format: `%name`, `%N` for an unnamed value (LLVM's slot
/// number, as `opt -S` prints it), or `<opcode>@<block>#<index>` for an instruction without a value.
pub(super) fn display_name(function: LLVMValueRef, inst: LLVMValueRef) -> String {
    let name = ir::value_name(inst);
    if !name.is_empty() {
        return format!("%{name}");
    }
    if !is_void(inst) {
        let text = ir::value_to_string(inst);
        if let Some((lhs, _)) = text.split_once(" = ") {
            if lhs.starts_with('%') && !lhs.contains(' ') {
                return lhs.to_string();
            }
        }
    }
    let block = ir::parent_block(inst);
    let index = ir::instructions(block).position(|i| i == inst).unwrap_or(0);
    let opcode_name = match opcode(inst) {
        Some(LLVMOpcode::LLVMStore) => "store",
        Some(LLVMOpcode::LLVMBr) => "br",
        Some(LLVMOpcode::LLVMCall) => "call",
        Some(LLVMOpcode::LLVMRet) => "ret",
        _ => "inst",
    };
    format!("{opcode_name}@{}#{index}", ir::block_label(function, block))
}

/// Whether `name` is a saturating GenX intrinsic (`llvm.genx.sat` and the saturating conversions), which the
/// baling analysis folds into its operand as a saturation modifier.
pub(crate) fn is_sat_intrinsic(name: &str) -> bool {
    matches!(
        name,
        "llvm.genx.sat"
            | "llvm.genx.fptosi.sat"
            | "llvm.genx.fptoui.sat"
            | "llvm.genx.sstrunc.sat"
            | "llvm.genx.sutrunc.sat"
            | "llvm.genx.ustrunc.sat"
            | "llvm.genx.uutrunc.sat"
    )
}
