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
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::diag::PassCx;
use crate::ir;
use crate::ir_write;

/// The bytes a `load` through a constant pointer reads from a constant global's initializer, or why not.
pub fn loaded_bytes(load: LLVMValueRef) -> Result<Vec<u8>, String> {
    let pointer = ir::operand(load, 0);
    let module = ir::module_of(ir::parent_function(load));
    if ir::is_volatile(load) {
        return Err("a volatile load of a constant".to_string());
    }
    let (global, offset) = global_and_offset(module, pointer)
        .ok_or_else(|| "a load through a constant pointer that is not a constant global at a constant offset".to_string())?;
    // SAFETY: a query on a live global variable (`global_and_offset` returns only those).
    let external = unsafe { LLVMIsExternallyInitialized(global) != 0 };
    let init = ir::initializer(global).filter(|_| ir::is_global_constant(global) && !external);
    let Some(init) = init else {
        return Err(format!("a load of @{}, a global that is not a constant, is not lowered", ir::value_name(global)));
    };
    let mut bytes = Vec::new();
    if !layout_bytes(module, init, ir::type_of(init), &mut bytes) {
        return Err(format!("the initializer of @{} holds pointers or expressions", ir::value_name(global)));
    }
    // A loaded type is sized.
    let size = ir::store_size(module, ir::type_of(load)).unwrap_or_default() as usize;
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
        ir_write::replace_all_uses(load, value);
        ir_write::erase(load);
        changed = true;
    }
    changed
}

/// The constant of type `ty` (an integer, a float or a vector of them) whose little-endian bytes are `bytes`.
fn constant_of(ty: LLVMTypeRef, bytes: &[u8]) -> Option<LLVMValueRef> {
    let vector = ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind;
    let elem_ty = if vector { ir::element_of(ty) } else { ty };
    let bits = match ir::type_kind(elem_ty) {
        LLVMTypeKind::LLVMIntegerTypeKind => ir::int_width(elem_ty),
        LLVMTypeKind::LLVMFloatTypeKind => 32,
        LLVMTypeKind::LLVMDoubleTypeKind => 64,
        _ => return None,
    };
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return None;
    }
    let lanes = if vector { ir::vector_size(ty) } else { 1 };
    let lane_bytes = bits as usize / 8;
    if bytes.len() != lanes as usize * lane_bytes {
        return None;
    }
    let int_ty = ir_write::int_type(ir::type_context(ty), bits);
    let mut elements: Vec<LLVMValueRef> = bytes
        .chunks(lane_bytes)
        .map(|chunk| ir_write::const_int(int_ty, chunk.iter().rev().fold(0u64, |acc, &b| acc << 8 | b as u64), false))
        .collect();
    // SAFETY: a vector constant of `lanes` live constants of one type, and a bitcast of it to a type of the same
    // size, made in the type's own context (`crate::ir_write`'s safety argument, point 2).
    unsafe {
        let ints = if vector { LLVMConstVector(elements.as_mut_ptr(), lanes) } else { elements[0] };
        Some(if ir::type_of(ints) == ty { ints } else { LLVMConstBitCast(ints, ty) })
    }
}

/// The global a constant pointer expression points into, and the byte offset.
fn global_and_offset(module: LLVMModuleRef, pointer: LLVMValueRef) -> Option<(LLVMValueRef, i64)> {
    let mut value = pointer;
    let mut offset = 0i64;
    for _ in 0..64 {
        if ir::is_global_variable(value) {
            return Some((value, offset));
        }
        match ir::const_opcode(value)? {
            LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => value = ir::operand(value, 0),
            LLVMOpcode::LLVMGetElementPtr => {
                offset += gep_offset(module, value)?;
                value = ir::operand(value, 0);
            }
            _ => return None,
        }
    }
    None
}

/// The byte offset of a constant `getelementptr` expression with constant indices.
fn gep_offset(module: LLVMModuleRef, gep: LLVMValueRef) -> Option<i64> {
    let mut ty = ir::gep_source_type(gep);
    let first = ir::const_int(ir::operand(gep, 1))?;
    let mut offset = first.checked_mul(ir::alloc_size(module, ty)? as i64)?;
    for n in 2..ir::operand_count(gep) {
        let index = ir::const_int(ir::operand(gep, n))?;
        match ir::type_kind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => {
                let field = u32::try_from(index).ok()?;
                offset += ir::field_offset(module, ty, field)? as i64;
                ty = ir::struct_field_type(ty, field)?;
            }
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                ty = ir::element_of(ty);
                offset = offset.checked_add(index.checked_mul(ir::alloc_size(module, ty)? as i64)?)?;
            }
            _ => return None,
        }
    }
    Some(offset)
}

/// Appends the bytes of constant `value` of type `ty` (its alloc size under `module`'s data layout) to `out`; false
/// for what has no bytes here (pointers, expressions).
fn layout_bytes(module: LLVMModuleRef, value: LLVMValueRef, ty: LLVMTypeRef, out: &mut Vec<u8>) -> bool {
    let start = out.len();
    let Some(size) = ir::alloc_size(module, ty) else { return false };
    let size = size as usize;
    // SAFETY: a kind test on a live constant.
    if ir::is_undef(value) || unsafe { !LLVMIsAConstantAggregateZero(value).is_null() } {
        out.resize(start + size, 0);
        return true;
    }
    match ir::type_kind(ty) {
        LLVMTypeKind::LLVMIntegerTypeKind if ir::const_int(value).is_some() => {
            // SAFETY: the zero-extended value of a live `ConstantInt` (tested just above).
            let bits = unsafe { LLVMConstIntGetZExtValue(value) };
            out.extend((0..size).map(|i| if i < 8 { (bits >> (8 * i)) as u8 } else { 0 }));
        }
        kind @ (LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind | LLVMTypeKind::LLVMHalfTypeKind) => {
            let Some(d) = ir::const_float(value) else { return false };
            let bits = match kind {
                LLVMTypeKind::LLVMFloatTypeKind => (d as f32).to_bits() as u64,
                LLVMTypeKind::LLVMDoubleTypeKind => d.to_bits(),
                _ => return false,
            };
            out.extend((0..size).map(|i| (bits >> (8 * i)) as u8));
        }
        kind @ (LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind) => {
            let elem_ty = ir::element_of(ty);
            let n = if kind == LLVMTypeKind::LLVMArrayTypeKind { ir::array_length(ty) } else { ir::vector_size(ty) as u64 };
            for i in 0..n {
                let element = u32::try_from(i).ok().and_then(|i| ir::constant_element(value, i));
                if !element.is_some_and(|element| layout_bytes(module, element, elem_ty, out)) {
                    return false;
                }
            }
        }
        LLVMTypeKind::LLVMStructTypeKind => {
            for (field, field_ty) in (0..).zip(ir::struct_field_types(ty)) {
                let (Some(offset), Some(element)) = (ir::field_offset(module, ty, field), ir::constant_element(value, field))
                else {
                    return false;
                };
                out.resize(start + offset as usize, 0);
                if !layout_bytes(module, element, field_ty, out) {
                    return false;
                }
            }
        }
        _ => return false,
    }
    out.resize(start + size, 0);
    true
}
