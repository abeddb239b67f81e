//! genx-cm-lower, phase 3: `_GENX_VOLATILE_` globals in the form IGC's vector-compute back end reads.
//!
//! # Why
//! A file-scope `_GENX_VOLATILE_ vector<int, 8> g;` (or a matrix, or `_GENX_VOLATILE_BINDING_(n)`) is a
//! variable IGC keeps in the register file for the whole kernel (docs/cmc-compat.md §3, `genx_volatile`). IGC
//! 1.0.12504 expects such a global to have a plain vector type and to be read and written only whole, with
//! `llvm.genx.vload` / `llvm.genx.vstore` on the global itself (its CMABI and GenXVolatile handling look for
//! exactly that, and never lower those calls to memory). Clang gives the global the C++ class type
//! (`%class.vector = type { <8 x i32> }`) and accesses it with ordinary `load`/`store` through GEPs, partial
//! ones included (`g(2) = 7`, `g.select<4, 1>(i) += 1`); IGC then aborts ("Unknown log alignment").
//!
//! # Algorithm
//! The model is genx-promote-array's (promote_array.rs: "a vector of bytes with one element type"), whose
//! analysis and rewrite are shared through [`promote_array::plan_web`] and [`promote_array::rewrite`] with
//! [`Home::VolatileGlobal`]:
//! 1. The global's type must flatten to one element type `B` (a vector, a matrix, nested arrays or structs of
//!    one type); it becomes a new global `<S/EB x B>` with the old one's name, linkage, address space,
//!    alignment and an initializer flattened from the old one (padding undef).
//! 2. The pointer web from the old global (constant-expression and instruction casts and GEPs, phis and
//!    selects) is walked in every function; each access becomes an access of the whole vector: a whole load
//!    is a `vload` (+ bitcast), a whole store a `vstore`; a partial load is `vload` + `rdregion`, a partial
//!    store `vload` + `wrregion` + `vstore`, at the access's byte offset (run-time GEP indices become an
//!    indirect region's `i16` index).
//! 3. The old global is deleted; genx-cm-lower then gives the new one its `genx_volatile` (and
//!    `genx_byte_offset`) attributes.
//!
//! # Invariants
//! After this phase the global is used only as the pointer operand of `genx.vload`/`genx.vstore` calls of its
//! own vector type. The program's meaning is unchanged (the rewrite is promote-array's, validated on the CPU).
//!
//! # Not handled
//! Refused with an error at the instruction: a global whose address escapes (passed to a call that is not
//! inlined, `ptrtoint`, stored, compared, `memcpy`/`memset` on it), atomic or volatile accesses, mixed
//! element types, more than [`MAX_VOLATILE_BYTES`]. An initializer that is not a plain constant is refused.
//! IGC ignores the initializer of a volatile global (tests/lit/visa-validate/
//! igc-ignores-volatile-global-initializer.ll); so does real hardware with Intel's cmc, so CM code does not
//! rely on it. A binding offset (`_GENX_VOLATILE_BINDING_(n)`) that IGC cannot honour (it overlaps the
//! kernel's inputs) is IGC's error, reported with IGC's message.

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use super::kernels::genx_remove_dead_constant_users;
use crate::diag::PassCx;
use crate::ir;
use crate::promote_array::{self, Home};
use crate::ir_write;

/// Largest `_GENX_VOLATILE_` global: the register file of the smallest platform (128 GRFs of 32 bytes).
pub const MAX_VOLATILE_BYTES: u64 = 4096;

/// The instructions of `module` numbered in order (functions, blocks, instructions), for [`retype`].
pub(super) fn program_order(module: LLVMModuleRef) -> HashMap<LLVMValueRef, usize> {
    ir::functions(module).flat_map(ir::blocks).flat_map(ir::instructions).enumerate().map(|(i, inst)| (inst, i)).collect()
}

/// Replaces the volatile `global` by a global of its flattened vector type accessed with vload/vstore, its
/// accesses rewritten in `order` ([`program_order`]), and returns the new global; `None` after an error
/// (reported on `cx`), with the old global left as it was.
pub(super) fn retype(
    module: LLVMModuleRef,
    global: LLVMValueRef,
    order: &HashMap<LLVMValueRef, usize>,
    cx: &mut PassCx,
) -> Option<LLVMValueRef> {
    // SAFETY: the module and global are live; the replacement global is built from the global's own properties, and
    // the old one is deleted only after its accesses were rewritten and no use is left (checked just before).
    unsafe {
        let layout = ir::data_layout(module);
        let value_ty = ir::global_value_type(global);
        let name = ir::value_name(global);
        let mut plan = match promote_array::plan_web(global, "global", value_ty, 1, layout, MAX_VOLATILE_BYTES, false) {
            Ok(plan) => plan,
            Err(refusal) => {
                let message = format!("_GENX_VOLATILE_ global '{name}' cannot be kept in registers: {}", refusal.why);
                // A refusal of the global itself (its type) is shown at its first use in the program.
                let at = if !ir::is_instruction(refusal.at) { first_use(global, order) } else { Some(refusal.at) };
                match at {
                    Some(at) => cx.error_at(at, message),
                    None => cx.error(message),
                }
                return None;
            }
        };
        plan.in_program_order(order);
        let elements = (plan.bytes / plan.elem_bytes as u64) as u32;
        let vector_ty = ir_write::vector_type(plan.base, elements);
        let new_init = if let Some(init) = ir::initializer(global) {
            let mut leaves = vec![ir_write::undef(plan.base); elements as usize];
            if flatten_constant(init, value_ty, 0, plan.elem_bytes as u64, module, &mut leaves).is_none() {
                cx.error(format!(
                    "_GENX_VOLATILE_ global '{name}' cannot be kept in registers: its initializer is not a plain \
                     constant"
                ));
                return None;
            }
            Some(LLVMConstVector(leaves.as_mut_ptr(), elements))
        } else {
            None
        };
        // A global's own type is always a pointer.
        let address_space = ir::pointer_address_space(ir::type_of(global)).unwrap_or_default();
        let new = LLVMAddGlobalInAddressSpace(module, vector_ty, c"".as_ptr(), address_space);
        if let Some(init) = new_init {
            LLVMSetInitializer(new, init);
        }
        LLVMSetLinkage(new, LLVMGetLinkage(global));
        LLVMSetVisibility(new, LLVMGetVisibility(global));
        LLVMSetUnnamedAddress(new, LLVMGetUnnamedAddress(global));
        LLVMSetThreadLocal(new, LLVMIsThreadLocal(global));
        LLVMSetGlobalConstant(new, LLVMIsGlobalConstant(global));
        LLVMSetAlignment(new, ir::alignment(global));
        if let Err(message) = promote_array::rewrite(&plan, Home::VolatileGlobal(new)) {
            // Only reachable if an intrinsic cannot be declared for types the analysis accepted.
            cx.error(format!("_GENX_VOLATILE_ global '{name}': rewriting its accesses failed half way: {message}"));
            return None;
        }
        genx_remove_dead_constant_users(global);
        if ir::has_uses(global) {
            cx.error(format!("_GENX_VOLATILE_ global '{name}' is still used after its accesses were rewritten"));
            return None;
        }
        LLVMDeleteGlobal(global);
        let c_name = ir::c_name(&name);
        LLVMSetValueName2(new, c_name.as_ptr(), name.len());
        Some(new)
    }
}

/// The first instruction in `order` that uses `global`, directly or through constant expressions.
fn first_use(global: LLVMValueRef, order: &HashMap<LLVMValueRef, usize>) -> Option<LLVMValueRef> {
    let mut work = vec![global];
    let mut first: Option<LLVMValueRef> = None;
    let mut seen = 0;
    while let Some(value) = work.pop() {
        for user in ir::distinct_users(value) {
            seen += 1;
            if seen > 100_000 {
                return first;
            }
            if ir::is_constant_expr(user) {
                work.push(user);
            } else if let Some(&position) = order.get(&user) {
                if first.is_none_or(|f| order.get(&f).is_none_or(|&p| position < p)) {
                    first = Some(user);
                }
            }
        }
    }
    first
}

/// Writes the scalar leaves of constant `value` (of type `ty`, at byte `offset` of the global) into `leaves`,
/// one per `elem_bytes` bytes, following `module`'s data layout. `None` when the constant is not plain data (a
/// constant expression) or a leaf falls outside `leaves`.
fn flatten_constant(
    value: LLVMValueRef,
    ty: LLVMTypeRef,
    offset: u64,
    elem_bytes: u64,
    module: LLVMModuleRef,
    leaves: &mut [LLVMValueRef],
) -> Option<()> {
    let element = |i: u32, element_ty: LLVMTypeRef| -> Option<LLVMValueRef> {
        // SAFETY: a query on a live constant.
        if unsafe { LLVMIsNull(value) } != 0 {
            Some(ir_write::zero(element_ty))
        } else if ir::is_undef(value) {
            Some(ir_write::undef(element_ty))
        } else {
            ir::constant_element(value, i)
        }
    };
    match ir::type_kind(ty) {
        LLVMTypeKind::LLVMStructTypeKind => {
            for (field, field_ty) in (0..).zip(ir::struct_field_types(ty)) {
                let at = offset + ir::field_offset(module, ty, field)?;
                flatten_constant(element(field, field_ty)?, field_ty, at, elem_bytes, module, leaves)?;
            }
        }
        kind @ (LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind) => {
            let element_ty = ir::element_of(ty);
            let (count, stride) = if kind == LLVMTypeKind::LLVMArrayTypeKind {
                (ir::array_length(ty), ir::alloc_size(module, element_ty)?)
            } else {
                (ir::vector_size(ty) as u64, ir::store_size(module, element_ty)?)
            };
            for i in 0..u32::try_from(count).ok()? {
                let at = offset + i as u64 * stride;
                flatten_constant(element(i, element_ty)?, element_ty, at, elem_bytes, module, leaves)?;
            }
        }
        _ => {
            if ir::is_constant_expr(value) || offset % elem_bytes != 0 {
                return None;
            }
            *leaves.get_mut((offset / elem_bytes) as usize)? = value;
        }
    }
    Some(())
}
