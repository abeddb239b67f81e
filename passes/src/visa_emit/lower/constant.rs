//! genx-visa-emit, loads of constant data: a `load` whose pointer is a constant global (through constant
//! `bitcast`, `addrspacecast` and `getelementptr` expressions) reads the global's initializer, so the loaded
//! value is a constant: its lanes are written by moves of their runs (as every constant vector is, lower.rs's
//! `write_constant`), in the block of the load. This is what a table the front end keeps in memory
//! (`static const short table[...]`, a constant initializer list copied into a vector) becomes in registers.
//!
//! # Algorithm
//! 1. Walk the pointer expression down to the global, adding each `getelementptr`'s byte offset (the module's
//!    data layout gives sizes and struct field offsets).
//! 2. The global must be a definitive constant (`constant`, with an initializer, not externally initialized).
//! 3. Lay the initializer out in bytes (integers and floats little-endian, aggregates by the data layout,
//!    zero and undef as zeros) and read the loaded type's lanes at the offset.
//!
//! # Not handled (located errors)
//! Loads of globals that can change (not `constant`), offsets outside the initializer, initializers holding
//! pointers or constant expressions.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use super::{element_type, error, Lowering, R};
use crate::ir;
use crate::region_ir;

impl Lowering<'_> {
    /// `load T, T* <constant pointer>`.
    pub(super) fn constant_load(&mut self, inst: LLVMValueRef, pointer: LLVMValueRef) -> R<()> {
        // SAFETY: the data layout of the load's live module.
        let layout = unsafe { LLVMGetModuleDataLayout(LLVMGetGlobalParent(ir::parent_function(inst))) };
        let (global, offset) =
            global_and_offset(layout, pointer).ok_or_else(|| error(inst, "a load through a constant pointer that is not a constant global at a constant offset"))?;
        // SAFETY: global variable queries.
        let (constant, init, external) = unsafe {
            (LLVMIsGlobalConstant(global) != 0, LLVMGetInitializer(global), LLVMIsExternallyInitialized(global) != 0)
        };
        if !constant || init.is_null() || external {
            return Err(error(
                inst,
                format!("a load of @{}, a global that is not a constant, is not lowered", ir::value_name(global)),
            ));
        }
        let mut bytes = Vec::new();
        // SAFETY: the initializer's type.
        let init_ty = unsafe { LLVMTypeOf(init) };
        if !layout_bytes(layout, init, init_ty, &mut bytes) {
            return Err(error(inst, format!("the initializer of @{} holds pointers or expressions", ir::value_name(global))));
        }
        let ty = ir::type_of(inst);
        let Some(elem) = element_type(ty) else {
            return Err(error(inst, "a constant load of a type without a vISA register type"));
        };
        let lanes = region_ir::lanes(ty);
        let size = (elem.bytes() * lanes) as usize;
        let start = usize::try_from(offset).ok().filter(|&o| o.checked_add(size).is_some_and(|end| end <= bytes.len()));
        let Some(start) = start else {
            return Err(error(inst, format!("a load of {size} bytes at offset {offset} of @{}, outside its initializer", ir::value_name(global))));
        };
        let lane_bytes = elem.bytes() as usize;
        let values: Vec<u64> = (0..lanes as usize)
            .map(|i| {
                let at = start + i * lane_bytes;
                bytes[at..at + lane_bytes].iter().rev().fold(0u64, |acc, &b| acc << 8 | b as u64)
            })
            .collect();
        let var = self.new_var(inst, false)?;
        self.write_constant(var, &values, elem);
        self.define(inst, var);
        Ok(())
    }
}

/// The global a constant pointer expression points into, and the byte offset.
fn global_and_offset(layout: LLVMTargetDataRef, pointer: LLVMValueRef) -> Option<(LLVMValueRef, i64)> {
    let mut value = pointer;
    let mut offset = 0i64;
    for _ in 0..64 {
        // SAFETY: kind and operand queries on live constants.
        unsafe {
            if !LLVMIsAGlobalVariable(value).is_null() {
                return Some((value, offset));
            }
            if LLVMIsAConstantExpr(value).is_null() {
                return None;
            }
            match LLVMGetConstOpcode(value) {
                LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => value = LLVMGetOperand(value, 0),
                LLVMOpcode::LLVMGetElementPtr => {
                    offset += gep_offset(layout, value)?;
                    value = LLVMGetOperand(value, 0);
                }
                _ => return None,
            }
        }
    }
    None
}

/// The byte offset of a constant `getelementptr` with constant indices.
///
/// # Safety
/// `gep` is a live constant GEP expression.
unsafe fn gep_offset(layout: LLVMTargetDataRef, gep: LLVMValueRef) -> Option<i64> {
    let mut ty = LLVMGetGEPSourceElementType(gep);
    let count = LLVMGetNumOperands(gep) as u32;
    let first = ir::const_int(LLVMGetOperand(gep, 1))?;
    let mut offset = first.checked_mul(LLVMABISizeOfType(layout, ty) as i64)?;
    for n in 2..count {
        let index = ir::const_int(LLVMGetOperand(gep, n))?;
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => {
                let field = u32::try_from(index).ok()?;
                offset += LLVMOffsetOfElement(layout, ty, field) as i64;
                ty = LLVMStructGetTypeAtIndex(ty, field);
            }
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                ty = LLVMGetElementType(ty);
                offset = offset.checked_add(index.checked_mul(LLVMABISizeOfType(layout, ty) as i64)?)?;
            }
            _ => return None,
        }
    }
    Some(offset)
}

/// Appends the bytes of constant `value` of type `ty` (its ABI size) to `out`; false for what has no bytes here
/// (pointers, expressions).
fn layout_bytes(layout: LLVMTargetDataRef, value: LLVMValueRef, ty: LLVMTypeRef, out: &mut Vec<u8>) -> bool {
    // SAFETY: type and constant queries on live constants; element and field indices are below their counts.
    unsafe {
        let start = out.len();
        let size = LLVMABISizeOfType(layout, ty) as usize;
        if ir::is_undef(value) || !LLVMIsAConstantAggregateZero(value).is_null() {
            out.resize(start + size, 0);
            return true;
        }
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind if !LLVMIsAConstantInt(value).is_null() => {
                let bits = LLVMConstIntGetZExtValue(value);
                out.extend((0..size).map(|i| if i < 8 { (bits >> (8 * i)) as u8 } else { 0 }));
            }
            LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind | LLVMTypeKind::LLVMHalfTypeKind
                if !LLVMIsAConstantFP(value).is_null() =>
            {
                let mut lost = 0;
                let d = LLVMConstRealGetDouble(value, &mut lost);
                let bits = match LLVMGetTypeKind(ty) {
                    LLVMTypeKind::LLVMFloatTypeKind => (d as f32).to_bits() as u64,
                    LLVMTypeKind::LLVMDoubleTypeKind => d.to_bits(),
                    _ => return false,
                };
                out.extend((0..size).map(|i| (bits >> (8 * i)) as u8));
            }
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                let elem_ty = LLVMGetElementType(ty);
                let n = if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMArrayTypeKind {
                    LLVMGetArrayLength(ty)
                } else {
                    LLVMGetVectorSize(ty)
                };
                let data = !LLVMIsAConstantDataSequential(value).is_null();
                for i in 0..n {
                    let element = if data { LLVMGetElementAsConstant(value, i) } else { LLVMGetOperand(value, i) };
                    if element.is_null() || !layout_bytes(layout, element, elem_ty, out) {
                        return false;
                    }
                }
            }
            LLVMTypeKind::LLVMStructTypeKind if !LLVMIsAConstantStruct(value).is_null() => {
                for field in 0..LLVMCountStructElementTypes(ty) {
                    let at = start + LLVMOffsetOfElement(layout, ty, field) as usize;
                    out.resize(at, 0);
                    let field_ty = LLVMStructGetTypeAtIndex(ty, field);
                    if !layout_bytes(layout, LLVMGetOperand(value, field), field_ty, out) {
                        return false;
                    }
                }
            }
            _ => return false,
        }
        out.resize(start + size, 0);
        true
    }
}
