//! Building the pieces of a split bale: sub-vectors of operands, predicate slices, and a copy of an
//! instruction at a narrower width. The only place genx-legalize makes LLVM instructions other than regions
//! (which [`crate::region_ir`] builds).

use genx_region::Region;

use crate::intrinsics;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, element_type, lanes, Index};
use crate::ir_write;

pub(super) use crate::ir::{c_name, opcode};

pub(super) fn is_vector(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
}

pub(super) fn is_int(ty: LLVMTypeRef, bits: u32) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMIntegerTypeKind && ir::int_width(ty) == bits
}

/// A vector of i1.
pub(super) fn is_predicate_type(ty: LLVMTypeRef) -> bool {
    is_vector(ty) && is_int(element_type(ty), 1)
}

pub(super) fn is_instruction(value: LLVMValueRef) -> bool {
    ir::is_instruction(value)
}

pub(super) fn operand(inst: LLVMValueRef, n: u32) -> LLVMValueRef {
    ir::operand(inst, n)
}

pub(super) fn has_uses(value: LLVMValueRef) -> bool {
    ir::has_uses(value)
}

pub(super) fn context_of(value: LLVMValueRef) -> LLVMContextRef {
    ir::type_context(ir::type_of(value))
}

pub(super) fn i1_type(context: LLVMContextRef) -> LLVMTypeRef {
    ir_write::int_type(context, 1)
}

pub(super) fn i32_const(context: LLVMContextRef, v: i64) -> LLVMValueRef {
    ir_write::const_int(ir_write::int_type(context, 32), v as u64, true)
}

/// `<n x elem>`.
pub(super) fn vector_of(elem: LLVMTypeRef, n: u32) -> LLVMTypeRef {
    ir_write::vector_type(elem, n)
}


/// Elements `start .. start + width` of a constant vector, as a constant.
pub(super) fn constant_subvector(c: LLVMValueRef, start: u32, width: u32) -> LLVMValueRef {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        let context = context_of(c);
        let i32_ty = ir_write::int_type(context, 32);
        let mut mask: Vec<LLVMValueRef> = (start..start + width).map(|i| ir_write::const_int(i32_ty, i as u64, false)).collect();
        let mask = LLVMConstVector(mask.as_mut_ptr(), width);
        LLVMConstShuffleVector(c, ir_write::undef(ir::type_of(c)), mask)
    }
}

/// Declares `llvm.genx.*` (through the intrinsic table) or an LLVM intrinsic (`llvm.fma`) with the given
/// overloaded types.
fn declare(module: LLVMModuleRef, base: &str, ret: LLVMTypeRef, args: &[LLVMTypeRef]) -> Result<LLVMValueRef, String> {
    if intrinsics::get(base).is_some() {
        return region_ir::declare_intrinsic(module, base, ret, args);
    }
    // SAFETY: LLVM reads `base.len()` bytes of `base`; the declaration is made in the live module with a
    // parameter-type array whose length is passed with it.
    unsafe {
        let id = LLVMLookupIntrinsicID(base.as_ptr() as *const _, base.len());
        if id == 0 {
            return Err(format!("'{base}' is not an intrinsic"));
        }
        // The LLVM intrinsics genx-legalize splits (llvm.fma, llvm.fabs, min/max, ...) overload on the result.
        let mut types = if LLVMIntrinsicIsOverloaded(id) != 0 { vec![ret] } else { Vec::new() };
        Ok(LLVMGetIntrinsicDeclaration(module, id, types.as_mut_ptr(), types.len()))
    }
}

/// Builds a call of intrinsic `base` returning `ret` with `args`.
pub(crate) fn call_intrinsic(
    builder: LLVMBuilderRef,
    base: &str,
    ret: LLVMTypeRef,
    args: &mut [LLVMValueRef],
    name: &str,
) -> Result<LLVMValueRef, String> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    let module = unsafe { ir::module_of(ir::block_parent(LLVMGetInsertBlock(builder))) };
    let types: Vec<LLVMTypeRef> = args.iter().map(|&a| ir::type_of(a)).collect();
    let function = declare(module, base, ret, &types)?;
    Ok(region_ir::build_call(builder, function, args, name))
}

/// `rdpredregion(pred, offset)` of `width` lanes (a constant slice for a constant predicate).
pub(super) fn rdpredregion(builder: LLVMBuilderRef, pred: LLVMValueRef, offset: u32, width: u32, name: &str) -> Result<LLVMValueRef, String> {
    if ir::is_constant(pred) {
        return Ok(constant_subvector(pred, offset, width));
    }
    let context = context_of(pred);
    if lanes(ir::type_of(pred)) == width && offset == 0 {
        return Ok(pred);
    }
    let ret = vector_of(i1_type(context), width);
    let mut args = [pred, i32_const(context, offset as i64)];
    call_intrinsic(builder, "llvm.genx.rdpredregion", ret, &mut args, name)
}

/// `wrpredregion(old, new, offset)`.
pub(super) fn wrpredregion(builder: LLVMBuilderRef, old: LLVMValueRef, new: LLVMValueRef, offset: u32, name: &str) -> Result<LLVMValueRef, String> {
    let context = context_of(old);
    let mut args = [old, new, i32_const(context, offset as i64)];
    call_intrinsic(builder, "llvm.genx.wrpredregion", ir::type_of(old), &mut args, name)
}

/// Elements `start .. start + width` of any vector value: a constant slice, a `rdpredregion` of a predicate,
/// or a contiguous `rdregion`.
pub(super) fn subvector(builder: LLVMBuilderRef, value: LLVMValueRef, start: u32, width: u32, name: &str) -> Result<LLVMValueRef, String> {
    let ty = ir::type_of(value);
    if !is_vector(ty) {
        return Ok(value);
    }
    if ir::is_constant(value) {
        return Ok(constant_subvector(value, start, width));
    }
    if lanes(ty) == width && start == 0 {
        return Ok(value);
    }
    if is_int(element_type(ty), 1) {
        return rdpredregion(builder, value, start, width, name);
    }
    let eb = region_ir::element_bytes(element_type(ty)).ok_or("operand element type has no region size")?;
    let region = Region::whole(eb, lanes(ty)).subregion(start, width).map_err(|r| r.to_string())?;
    region_ir::build_rdregion(builder, value, &region, Index::Direct, false, name)
}

/// A copy of `inst` (a binary operator, `fneg`, cast, compare, select or intrinsic call) applied to `operands`
/// at `width` lanes. `None` for an instruction this cannot copy.
pub(super) fn rebuild(
    builder: LLVMBuilderRef,
    inst: LLVMValueRef,
    operands: &mut [LLVMValueRef],
    width: u32,
    name: &str,
) -> Result<LLVMValueRef, String> {
    let op = opcode(inst).ok_or("not an instruction")?;
    let cname = c_name(name);
    let ty = ir::type_of(inst);
    let result_ty = if is_vector(ty) { vector_of(element_type(ty), width) } else { ty };
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        use LLVMOpcode::*;
        let value = match op {
            LLVMAdd | LLVMFAdd | LLVMSub | LLVMFSub | LLVMMul | LLVMFMul | LLVMUDiv | LLVMSDiv | LLVMFDiv
            | LLVMURem | LLVMSRem | LLVMFRem | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor => {
                LLVMBuildBinOp(builder, op, operands[0], operands[1], cname.as_ptr())
            }
            LLVMFNeg => LLVMBuildFNeg(builder, operands[0], cname.as_ptr()),
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPToUI | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP | LLVMFPTrunc
            | LLVMFPExt => LLVMBuildCast(builder, op, operands[0], result_ty, cname.as_ptr()),
            LLVMICmp => LLVMBuildICmp(builder, ir::icmp_predicate(inst), operands[0], operands[1], cname.as_ptr()),
            LLVMFCmp => LLVMBuildFCmp(builder, ir::fcmp_predicate(inst), operands[0], operands[1], cname.as_ptr()),
            LLVMSelect => LLVMBuildSelect(builder, operands[0], operands[1], operands[2], cname.as_ptr()),
            LLVMCall => {
                let callee = ir::called_function(inst).ok_or("indirect call")?;
                let callee_name = ir::value_name(callee);
                let base = match intrinsics::lookup(&callee_name) {
                    Some((desc, _)) => desc.name.to_string(),
                    None => llvm_intrinsic_base(&callee_name).ok_or_else(|| format!("cannot split a call of '{callee_name}'"))?,
                };
                let count = ir::call_arg_count(inst) as usize;
                return call_intrinsic(builder, &base, result_ty, &mut operands[..count], name);
            }
            _ => return Err(format!("cannot split a '{}' instruction", ir::value_to_string(inst))),
        };
        Ok(value)
    }
}

/// The base name of an overloaded LLVM intrinsic (`llvm.fma.v16f32` → `llvm.fma`): the shortest prefix that
/// names the same intrinsic.
pub(super) fn llvm_intrinsic_base(name: &str) -> Option<String> {
    if !name.starts_with("llvm.") || name.starts_with("llvm.genx.") {
        return None;
    }
    // SAFETY: LLVM reads `n.len()` bytes of `n` (no NUL needed) and returns an id; nothing is kept.
    let lookup = |n: &str| unsafe { LLVMLookupIntrinsicID(n.as_ptr() as *const _, n.len()) };
    let id = lookup(name);
    if id == 0 {
        return None;
    }
    let mut base = name.to_string();
    while let Some(cut) = base.rfind('.') {
        let shorter = &base[..cut];
        if shorter == "llvm" || lookup(shorter) != id {
            break;
        }
        base.truncate(cut);
    }
    Some(base)
}

/// Bitcasts `value` to `ty` (folding a constant, looking through a bitcast from `ty`).
pub(super) fn bitcast(builder: LLVMBuilderRef, value: LLVMValueRef, ty: LLVMTypeRef, name: &str) -> LLVMValueRef {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        if ir::type_of(value) == ty {
            return value;
        }
        if ir::is_constant(value) {
            return LLVMConstBitCast(value, ty);
        }
        if opcode(value) == Some(LLVMOpcode::LLVMBitCast) && ir::type_of(operand(value, 0)) == ty {
            return operand(value, 0);
        }
        let cname = c_name(name);
        LLVMBuildBitCast(builder, value, ty, cname.as_ptr())
    }
}
