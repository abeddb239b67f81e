//! `genx-constant-loads`: a `load` of a constant global is its initializer's value.
//!
//! # Why
//! A table the front end keeps in memory (`static const short table[...]` copied into a vector, an initializer
//! list) reaches the middle end as a `load` through constant `bitcast`/`getelementptr` expressions of a
//! `constant` global. LLVM's own folding gives up past 32 bytes; the GenX back end has no memory for it. As a
//! constant, the value goes through the middle end like any other: genx-const-fold folds the conversions and
//! region reads of it, genx-dead-vector drops the elements nobody reads, and the emitter writes what is left
//! with moves. The vISA route runs this pass before the middle end (cmc's `visa_route::PREPARE_PIPELINE`); the
//! emitter reads the same bytes ([`loaded_bytes`]) for a load that reaches it.
//!
//! # Algorithm
//! 1. Walk the pointer expression down to the global, adding each `getelementptr`'s byte offset (the module's
//!    data layout gives sizes and struct field offsets).
//! 2. The global must be a definitive constant (`constant`, with an initializer, not externally initialized).
//! 3. Lay the initializer out in bytes (integers and floats little-endian, aggregates by the data layout,
//!    zero and undef as zeros), read the loaded type's bytes at the offset and build the constant (an integer
//!    vector of the same bits, bitcast to the loaded type: exact for every float bit pattern).
//!
//! # Not handled
//! Left alone (the emitter reports them): loads of globals that can change, volatile or atomic loads, offsets
//! outside the initializer, initializers holding pointers, expressions or half floats, loaded types other than
//! integers, floats and vectors of them.

use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::diag::PassCx;
use crate::ir;

/// The bytes a `load` through a constant pointer reads from a constant global's initializer, or why not.
pub fn loaded_bytes(load: LLVMValueRef) -> Result<Vec<u8>, String> {
    let pointer = ir::operand(load, 0);
    // SAFETY: the data layout of the load's live module; queries on a live load.
    let (layout, volatile) = unsafe {
        (LLVMGetModuleDataLayout(LLVMGetGlobalParent(ir::parent_function(load))), LLVMGetVolatile(load) != 0)
    };
    if volatile {
        return Err("a volatile load of a constant".to_string());
    }
    let (global, offset) = global_and_offset(layout, pointer)
        .ok_or_else(|| "a load through a constant pointer that is not a constant global at a constant offset".to_string())?;
    // SAFETY: global variable queries.
    let (constant, init, external) = unsafe {
        (LLVMIsGlobalConstant(global) != 0, LLVMGetInitializer(global), LLVMIsExternallyInitialized(global) != 0)
    };
    if !constant || init.is_null() || external {
        return Err(format!("a load of @{}, a global that is not a constant, is not lowered", ir::value_name(global)));
    }
    let mut bytes = Vec::new();
    // SAFETY: the initializer's type.
    if !layout_bytes(layout, init, unsafe { LLVMTypeOf(init) }, &mut bytes) {
        return Err(format!("the initializer of @{} holds pointers or expressions", ir::value_name(global)));
    }
    // SAFETY: the loaded type's store size.
    let size = unsafe { LLVMStoreSizeOfType(layout, ir::type_of(load)) } as usize;
    let start = usize::try_from(offset).ok().filter(|&o| o.checked_add(size).is_some_and(|end| end <= bytes.len()));
    let Some(start) = start else {
        return Err(format!(
            "a load of {size} bytes at offset {offset} of @{}, outside its initializer",
            ir::value_name(global)
        ));
    };
    Ok(bytes[start..start + size].to_vec())
}

/// Pass body: every load of a constant global at a constant offset becomes the constant it reads.
pub fn run(module: &Module<'_>, _cx: &mut PassCx) -> bool {
    let module = module.as_mut_ptr();
    let loads: Vec<LLVMValueRef> = ir::functions(module)
        .flat_map(ir::blocks)
        .flat_map(ir::instructions)
        .filter(|&inst| ir::opcode(inst) == Some(LLVMOpcode::LLVMLoad) && ir::is_constant(ir::operand(inst, 0)))
        .collect();
    let mut changed = false;
    for load in loads {
        let Ok(bytes) = loaded_bytes(load) else { continue };
        let Some(value) = constant_of(ir::type_of(load), &bytes) else { continue };
        // SAFETY: the load is live and has the constant's type; it is erased after its uses are replaced.
        unsafe {
            LLVMReplaceAllUsesWith(load, value);
            LLVMInstructionEraseFromParent(load);
        }
        changed = true;
    }
    changed
}

/// The constant of type `ty` (an integer, a float or a vector of them) whose little-endian bytes are `bytes`.
fn constant_of(ty: LLVMTypeRef, bytes: &[u8]) -> Option<LLVMValueRef> {
    // SAFETY: type queries and constant construction in the type's own context.
    unsafe {
        let vector = LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind;
        let elem_ty = if vector { LLVMGetElementType(ty) } else { ty };
        let bits = match LLVMGetTypeKind(elem_ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => LLVMGetIntTypeWidth(elem_ty),
            LLVMTypeKind::LLVMFloatTypeKind => 32,
            LLVMTypeKind::LLVMDoubleTypeKind => 64,
            _ => return None,
        };
        if !matches!(bits, 8 | 16 | 32 | 64) {
            return None;
        }
        let lanes = if vector { LLVMGetVectorSize(ty) } else { 1 };
        let lane_bytes = bits as usize / 8;
        if bytes.len() != lanes as usize * lane_bytes {
            return None;
        }
        let int_ty = LLVMIntTypeInContext(LLVMGetTypeContext(ty), bits);
        let mut elements: Vec<LLVMValueRef> = bytes
            .chunks(lane_bytes)
            .map(|chunk| LLVMConstInt(int_ty, chunk.iter().rev().fold(0u64, |acc, &b| acc << 8 | b as u64), 0))
            .collect();
        let ints = if vector { LLVMConstVector(elements.as_mut_ptr(), lanes) } else { elements[0] };
        Some(if LLVMTypeOf(ints) == ty { ints } else { LLVMConstBitCast(ints, ty) })
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
