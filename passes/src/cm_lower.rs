//! `genx-cm-lower`: turns the CM header library's neutral calls into GenX intrinsics and describes the kernels.
//!
//! # Why
//! The CM front end is upstream clang-14 plus a header library (frontend/include/cm). A header never spells a
//! mangled intrinsic name: it calls `details::__cm_genx_<name><R>(args...)` (declared, never defined) and
//! `details::__cm_builtin_*` for what is not one intrinsic (cm_common.h, conventions 3 and 4a). After the front
//! end's `always-inline,sroa,early-cse`, this pass makes them real GenX IR; it also turns the kernel attributes
//! (`_GENX_MAIN_`, `[[type("...")]]`, `_GENX_VOLATILE_`) into `!genx.kernels`, `"CMGenxMain"` and the global
//! attributes IGC reads, as Intel's cmc front end does (docs/cmc-compat.md §3).
//!
//! # Algorithm
//! 1. **Calls**, per function in instruction order (`lower_call`):
//!    - `__cm_genx_<name>` → `llvm.genx.<name with '_' as '.'>`, looked up in the intrinsic table; overloaded
//!      types bound from the call's own types ([`crate::intrinsics::IntrinsicDesc::bind`]), declared with
//!      [`region_ir::declare_intrinsic`]. Conversions: an integer where the table wants i1 becomes `!= 0`; an
//!      i1 result where the call wants a wider integer is zero-extended; the constant -1 for a constant-or-undef
//!      operand becomes undef; a struct result returned through `sret` (clang's named struct, e.g. cm_addc's
//!      pair) is bound as the literal struct of its fields and stored field by field. A must-be-constant
//!      operand that is not constant is a located error. A region read whose operands are all constant is folded
//!      to its constant (the header gathers reference offsets this way); a dead call of a `readnone` intrinsic
//!      is dropped.
//!    - `__cm_builtin_ref_read/write(root, base, offsets[, value])` → load of the root object + `rdregion`
//!      (+ `wrregion` + store). The root is found by stripping pointer casts and zero GEPs until the pointee is
//!      a vector `<M x B>`, or an object (struct, array element, global) that starts with one, into which
//!      first-element GEPs are built; if the reference's element type differs (format), the loaded value is
//!      bitcast. Constant offsets that fit a 1D/2D region give a direct region whose offset operand is
//!      `base + first offset`; otherwise an indirect region with one offset per element. Folding a region read
//!      of constants also folds the integer arithmetic that used it (the header's offset blends), so the
//!      offsets of a reference of a reference are constant by the time the reference is read.
//!    - `__cm_builtin_slm_init(bytes)` (constant) sets the function's SLM size; `__cm_builtin_slm_alloc(bytes)`
//!      becomes the running total of the function's allocations (a per-kernel bump allocator).
//! 2. **printf** (`printf.rs`): calls of the C `printf` (the header's `printf` and `cm_printf`) get their format
//!    and `%s` strings as constant strings in address space 2, the form IGC's printf support reads.
//! 3. **Kernels** (`kernels.rs`): every function annotated `genx_main` gets `"CMGenxMain"` and an entry of
//!    `!genx.kernels` (operand order of GenXMetadata.h's `KernelMDOp`): its source name (C++ names demangled),
//!    argument kinds (`SurfaceIndex` 2, `SamplerIndex` 1, else 0; those two are rewritten to an `i32` index),
//!    SLM size, zero offsets, input kinds (0), descriptors from `[[type]]`, named barriers 0, barrier count.
//!    Globals annotated `genx_volatile` / `genx_byte_offset=N` get those string attributes. The annotation
//!    intrinsics and `llvm.global.annotations` are erased.
//! 4. **Volatile globals** (`volatile.rs`): a `genx_volatile` global is retyped to its flattened vector and
//!    every access becomes `genx.vload`/`genx.vstore` of the whole global (with a region for a part of it),
//!    the form IGC keeps in registers; the rewrite is genx-promote-array's.
//!
//! # Invariants
//! After the pass no `__cm_genx_*` / `__cm_builtin_*` call and no annotation remains; every GenX call it made
//! passes genx-verify's table checks. It never panics; every refusal is a located error naming the call.
//!
//! A builtin call whose operands are not of the shape cm_common.h gives is refused, never guessed at. An SLM
//! size over the platform's maximum (`Platform::slm_over_limit`) is an error at the `cm_slm_init` or
//! `cm_slm_alloc` call that asks for it.
//!
//! # Not handled
//! A reference whose root is not known after inlining (a reference parameter of a function that is not
//! inlined, a reference chosen by a run-time condition) is an error. Named barriers (`NBarrierCnt`) are always 0.

mod kernels;
pub use kernels::{add_kernel_entry, kernel_entry, uses_barrier, KIND_GENERAL, KIND_SAMPLER, KIND_SURFACE};
pub(crate) use kernels::genx_remove_dead_constant_users;
mod printf;
mod volatile;

pub use kernels::{kernels, source_name};
pub use printf::{string_literal, CONSTANT_ADDRESS_SPACE, PRINTF};

use std::collections::HashMap;

use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::diag::PassCx;
use crate::intrinsics::{self, IntrinsicDesc, Role, Slot, Ty};
use crate::{ir, platform, region_ir};
use crate::ir_write;

/// Per-function facts the call lowering collects for the kernel description.
#[derive(Default)]
pub(crate) struct FunctionFacts {
    pub slm_size: u32,
}

pub fn run(module: &Module<'_>, cx: &mut PassCx) -> bool {
    let module_ref = module.as_mut_ptr();
    let mut facts: HashMap<LLVMValueRef, FunctionFacts> = HashMap::new();
    let mut changed = false;
    for function in ir::functions(module_ref).collect::<Vec<_>>() {
        if ir::is_declaration(function) {
            continue;
        }
        let mut fact = FunctionFacts::default();
        let calls: Vec<LLVMValueRef> = ir::blocks(function).flat_map(ir::instructions).filter(|&i| ir::is_call(i)).collect();
        let mut slm_allocated: u32 = 0;
        for call in calls {
            changed |= lower_call(module_ref, call, cx, &mut fact, &mut slm_allocated);
        }
        fact.slm_size = fact.slm_size.max(slm_allocated);
        facts.insert(function, fact);
    }
    changed |= printf::lower(module_ref, cx);
    changed |= kernels::describe(module_ref, &facts, cx);
    // Declarations of the neutral functions are now unused.
    for function in ir::functions(module_ref).collect::<Vec<_>>() {
        if ir::is_declaration(function) && classify(function).is_some() && !ir::has_uses(function) {
            // SAFETY: a declaration that nothing uses (checked in the condition above), so no use is left pointing
            // at it.
            unsafe { LLVMDeleteFunction(function) };
        }
    }
    changed
}

/// What a header-library call is.
#[derive(Debug, PartialEq, Eq)]
enum Neutral {
    /// `__cm_genx_<name>`: the `<name>` part.
    Genx(String),
    RefRead,
    RefWrite,
    SlmInit,
    SlmAlloc,
}

/// The source-level identifier `prefix...` inside an Itanium-mangled name (`<length><identifier>`).
fn mangled_identifier<'a>(mangled: &'a str, prefix: &str) -> Option<&'a str> {
    let start = mangled.find(prefix)?;
    let digits = mangled[..start].bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return if mangled == &mangled[start..] { Some(mangled) } else { None };
    }
    let len: usize = mangled[start - digits..start].parse().ok()?;
    mangled.get(start..start + len)
}

fn classify(function: LLVMValueRef) -> Option<Neutral> {
    ir::with_name(function, |name| {
        if let Some(ident) = mangled_identifier(name, "__cm_genx_") {
            return Some(Neutral::Genx(ident["__cm_genx_".len()..].to_string()));
        }
        match mangled_identifier(name, "__cm_builtin_")? {
            "__cm_builtin_ref_read" => Some(Neutral::RefRead),
            "__cm_builtin_ref_write" => Some(Neutral::RefWrite),
            "__cm_builtin_slm_init" => Some(Neutral::SlmInit),
            "__cm_builtin_slm_alloc" => Some(Neutral::SlmAlloc),
            _ => None,
        }
    })
}

fn lower_call(
    module: LLVMModuleRef,
    call: LLVMValueRef,
    cx: &mut PassCx,
    fact: &mut FunctionFacts,
    slm_allocated: &mut u32,
) -> bool {
    let Some(callee) = ir::called_function(call) else { return false };
    let Some(kind) = classify(callee) else { return false };
    // The special builtins' shapes (cm_common.h, 4a); a call of another shape is refused, never guessed at.
    let expected_args = match kind {
        Neutral::Genx(_) => None,
        Neutral::RefRead => Some(3),
        Neutral::RefWrite => Some(4),
        Neutral::SlmInit | Neutral::SlmAlloc => Some(1),
    };
    if let Some(expected) = expected_args {
        let shape_ok = ir::call_arg_count(call) == expected
            && (!matches!(kind, Neutral::RefRead | Neutral::RefWrite) || reference_shape_ok(call, kind == Neutral::RefWrite));
        if !shape_ok {
            cx.error_at(call, format!("a header-library builtin called with an unexpected signature ({expected} operands expected)"));
            return false;
        }
    }
    // SLM over the platform's limit is refused at the call that asks for it (IGC would abort on the kernel).
    let slm_over_limit = |bytes: u64| {
        platform::of_function(ir::parent_function(call)).ok().and_then(|platform| platform.slm_over_limit(bytes))
    };
    let result = match kind {
        Neutral::Genx(name) => lower_genx(module, call, callee, &name),
        Neutral::RefRead => lower_ref(module, call, false),
        Neutral::RefWrite => lower_ref(module, call, true),
        Neutral::SlmInit => match ir::const_int(ir::call_arg(call, 0)) {
            Some(bytes) if (0..=u32::MAX as i64).contains(&bytes) => {
                if let Some(why) = slm_over_limit(bytes as u64) {
                    cx.error_at(call, format!("cm_slm_init asks for {why}"));
                    return false;
                }
                fact.slm_size = fact.slm_size.max(bytes as u32);
                ir_write::erase(call);
                Ok(())
            }
            _ => Err("cm_slm_init needs a constant size".to_string()),
        },
        Neutral::SlmAlloc => match ir::const_int(ir::call_arg(call, 0)) {
            Some(bytes) if (0..=u32::MAX as i64).contains(&bytes) => {
                let total = u64::from(*slm_allocated) + bytes as u64;
                if let Some(why) = slm_over_limit(total) {
                    cx.error_at(call, format!("cm_slm_alloc({bytes}) brings the kernel to {why}"));
                    return false;
                }
                let offset = *slm_allocated;
                *slm_allocated = slm_allocated.saturating_add(bytes as u32);
                let value = ir_write::const_int(ir::type_of(call), offset as u64, false);
                region_ir::replace_and_erase(call, value);
                Ok(())
            }
            _ => Err("cm_slm_alloc needs a constant size".to_string()),
        },
    };
    match result {
        Ok(()) => true,
        Err(message) => {
            cx.error_at(call, message);
            false
        }
    }
}

/// A reference builtin's operands: a pointer, an i32 base, `<N x i16>` offsets and an N-element vector value.
fn reference_shape_ok(call: LLVMValueRef, write: bool) -> bool {
    let value_ty = if write { ir::type_of(ir::call_arg(call, 3)) } else { ir::type_of(call) };
    let offsets_ty = ir::type_of(ir::call_arg(call, 2));
    let is_vector = |ty| ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind;
    ir::type_kind(ir::type_of(ir::call_arg(call, 0))) == LLVMTypeKind::LLVMPointerTypeKind
        && is_int_type(ir::type_of(ir::call_arg(call, 1))) == Some(32)
        && is_vector(value_ty)
        && is_vector(offsets_ty)
        && is_int_type(offsets_ty) == Some(16)
        && ir::vector_size(offsets_ty) == ir::vector_size(value_ty)
}

// ---- __cm_genx_* ------------------------------------------------------------------------------------------

/// Whether `ty` of `desc` is an i1 or vector of i1 (fixed, or the same type as an i1-only overload).
fn wants_bool(desc: &IntrinsicDesc, ty: &Ty) -> bool {
    match ty {
        Ty::I1 => true,
        Ty::Vector(_, elem) => **elem == Ty::I1,
        Ty::Match(n) => desc.overloads.get(*n as usize).is_some_and(|o| o.elems == [Ty::I1]),
        _ => false,
    }
}

/// Whether operand `position` (the result for `None`) of `desc` takes i1 elements.
fn overload_wants_bool(desc: &IntrinsicDesc, position: Option<usize>) -> bool {
    let (ty, slot) = match position {
        None => (desc.ret, Slot::Ret),
        Some(i) => (desc.operands[i].ty, Slot::Operand(i as u8)),
    };
    wants_bool(desc, &ty) || desc.overloads.iter().any(|o| o.slot == slot && o.elems == [Ty::I1])
}

fn is_int_type(ty: LLVMTypeRef) -> Option<u32> {
    let scalar = if ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind { ir::element_of(ty) } else { ty };
    (ir::type_kind(scalar) == LLVMTypeKind::LLVMIntegerTypeKind).then(|| ir::int_width(scalar))
}

/// `ty` with its elements made i1 (same lane count).
fn bool_type_like(ty: LLVMTypeRef) -> LLVMTypeRef {
    let i1 = ir_write::int_type(ir::type_context(ty), 1);
    if ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
        ir_write::vector_type(i1, ir::vector_size(ty))
    } else {
        i1
    }
}

/// The literal struct with the fields of `ty` (clang names the C++ result struct, the intrinsic table wants a
/// literal `{carry, sum}`); any other type unchanged.
fn literal_struct_like(ty: LLVMTypeRef) -> LLVMTypeRef {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        if ir::type_kind(ty) != LLVMTypeKind::LLVMStructTypeKind || LLVMIsLiteralStruct(ty) != 0 {
            return ty;
        }
        let mut fields = vec![std::ptr::null_mut(); LLVMCountStructElementTypes(ty) as usize];
        LLVMGetStructElementTypes(ty, fields.as_mut_ptr());
        LLVMStructTypeInContext(ir::type_context(ty), fields.as_mut_ptr(), fields.len() as u32, LLVMIsPackedStruct(ty))
    }
}

/// Stores the intrinsic's result through the call's `sret` pointer: whole when the types agree, else field by
/// field (a literal struct result into clang's named struct of the same fields).
unsafe fn store_fields(builder: LLVMBuilderRef, value: LLVMValueRef, pointer: LLVMValueRef) {
    let pointee = LLVMGetElementType(ir::type_of(pointer));
    if pointee == ir::type_of(value) {
        LLVMBuildStore(builder, value, pointer);
        return;
    }
    for field in 0..LLVMCountStructElementTypes(pointee) {
        let part = LLVMBuildExtractValue(builder, value, field, c"".as_ptr());
        let slot = LLVMBuildStructGEP2(builder, pointee, pointer, field, c"".as_ptr());
        LLVMBuildStore(builder, part, slot);
    }
}

fn sret_pointer(call: LLVMValueRef, callee: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if ir::param_count(callee) == 0 {
            return None;
        }
        let kind = LLVMGetEnumAttributeKindForName(c"sret".as_ptr(), 4);
        let attr = LLVMGetEnumAttributeAtIndex(callee, 1, kind);
        let call_attr = LLVMGetCallSiteEnumAttribute(call, 1, kind);
        (!attr.is_null() || !call_attr.is_null()).then(|| ir::call_arg(call, 0))
    }
}

fn lower_genx(module: LLVMModuleRef, call: LLVMValueRef, callee: LLVMValueRef, name: &str) -> Result<(), String> {
    let base = format!("llvm.genx.{}", name.replace('_', "."));
    let desc = intrinsics::get(&base)
        .ok_or_else(|| format!("'__cm_genx_{name}' names no GenX intrinsic ('{base}' is not in the intrinsic table)"))?;
    let sret = sret_pointer(call, callee);
    let first = usize::from(sret.is_some());
    let count = ir::call_arg_count(call) as usize;
    let mut args: Vec<LLVMValueRef> = (first..count).map(|i| ir::call_arg(call, i as u32)).collect();
    if args.len() != desc.operands.len() && !desc.variadic {
        return Err(format!("'{base}' takes {} operands, but the call passes {}", desc.operands.len(), args.len()));
    }
    let (ret_ty, zext_result) = {
        let call_ret = match sret {
            Some(pointer) => literal_struct_like(ir::element_of(ir::type_of(pointer))),
            None => ir::type_of(call),
        };
        if overload_wants_bool(desc, None) && is_int_type(call_ret).is_some_and(|w| w > 1) {
            (bool_type_like(call_ret), Some(call_ret))
        } else {
            (call_ret, None)
        }
    };
    region_ir::with_builder_before(call, |builder| -> Result<(), String> {
        // SAFETY: live handles; the builder is positioned by `with_builder_before`; the calls only add new IR before
        // `call`.
        unsafe {
            for (index, operand) in desc.operands.iter().enumerate() {
                let Some(arg) = args.get_mut(index) else { break };
                if overload_wants_bool(desc, Some(index)) && is_int_type(ir::type_of(*arg)).is_some_and(|w| w > 1) {
                    let zero = ir_write::zero(ir::type_of(*arg));
                    *arg = LLVMBuildICmp(builder, llvm_sys::LLVMIntPredicate::LLVMIntNE, *arg, zero, c"".as_ptr());
                }
                match operand.role {
                    Role::ImmOrUndef if ir::const_int(*arg) == Some(-1) => *arg = ir_write::undef(ir::type_of(*arg)),
                    Role::Imm | Role::ImmOrUndef if !ir::is_plain_constant(*arg) => {
                        return Err(format!(
                            "operand {index} ('{}') of {base} must be a compile-time constant (a template parameter \
                             or literal after inlining), but it is computed at run time",
                            operand.name
                        ));
                    }
                    _ => {}
                }
            }
            if let Some(folded) = fold_constant_region(desc, ret_ty, &args) {
                let users = ir::users(call);
                region_ir::replace_and_erase(call, folded);
                fold_users(users);
                return Ok(());
            }
            if !ir::has_uses(call) && sret.is_none() && desc.attrs.readnone && !desc.attrs.has_side_effects {
                ir_write::erase(call);
                return Ok(());
            }
            let types: Vec<LLVMTypeRef> = args.iter().map(|&a| ir::type_of(a)).collect();
            let function = region_ir::declare_intrinsic(module, &base, ret_ty, &types)?;
            let mut new = region_ir::build_call(builder, function, &mut args, "");
            if let Some(wide) = zext_result {
                new = LLVMBuildZExt(builder, new, wide, c"".as_ptr());
            }
            match sret {
                Some(pointer) => {
                    store_fields(builder, new, pointer);
                    ir_write::erase(call);
                }
                None => region_ir::replace_and_erase(call, new),
            }
            Ok(())
        }
    })
}

/// The constant result of `rdregioni` on constant operands (the header's gathers of reference offsets), for the
/// 1D and indirect forms it emits. `None` when anything is not constant.
fn fold_constant_region(desc: &IntrinsicDesc, ret: LLVMTypeRef, args: &[LLVMValueRef]) -> Option<LLVMValueRef> {
    if desc.name != "llvm.genx.rdregioni" {
        return None;
    }
    let input = ir::const_int_vector(args[0])?;
    let (vstride, width, stride) = (ir::const_int(args[1])?, ir::const_int(args[2])?, ir::const_int(args[3])?);
    let element_bytes = region_ir::element_bytes(region_ir::element_type(ir::type_of(args[0])))? as i64;
    let lanes = region_ir::lanes(ret) as i64;
    if width <= 0 || lanes % width != 0 {
        return None;
    }
    let row_offsets: Vec<i64> = match ir::const_int(args[4]) {
        Some(offset) => (0..lanes / width).map(|row| offset + row * vstride * element_bytes).collect(),
        None => ir::const_int_vector(args[4])?,
    };
    let mut out = Vec::with_capacity(lanes as usize);
    for k in 0..lanes {
        let row = (k / width) as usize;
        let byte = *row_offsets.get(row)? + (k % width) * stride * element_bytes;
        if byte % element_bytes != 0 {
            return None;
        }
        out.push(*input.get(usize::try_from(byte / element_bytes).ok()?)?);
    }
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        let element = region_ir::element_type(ret);
        let mut values: Vec<LLVMValueRef> = out.iter().map(|&v| ir_write::const_int(element, v as u64, true)).collect();
        Some(if ir::type_kind(ret) == LLVMTypeKind::LLVMVectorTypeKind {
            LLVMConstVector(values.as_mut_ptr(), values.len() as u32)
        } else {
            values[0]
        })
    }
}

/// Folds the instructions among `users` whose operands are now all constants (the header's offset blends and
/// sums over a folded gather), and their users in turn. Only what the header's offset arithmetic uses is folded.
fn fold_users(mut work: Vec<LLVMValueRef>) {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        while let Some(inst) = work.pop() {
            if !ir::is_instruction(inst) || ir::parent_block(inst).is_null() {
                continue;
            }
            let count = ir::operand_count(inst);
            let ops: Vec<LLVMValueRef> = (0..count).map(|i| ir::operand(inst, i)).collect();
            if !ops.iter().all(|&o| ir::is_plain_constant(o)) {
                continue;
            }
            let ty = ir::type_of(inst);
            let folded = match LLVMGetInstructionOpcode(inst) {
                LLVMOpcode::LLVMAdd => LLVMConstAdd(ops[0], ops[1]),
                LLVMOpcode::LLVMSub => LLVMConstSub(ops[0], ops[1]),
                LLVMOpcode::LLVMMul => LLVMConstMul(ops[0], ops[1]),
                LLVMOpcode::LLVMAnd => LLVMConstAnd(ops[0], ops[1]),
                LLVMOpcode::LLVMOr => LLVMConstOr(ops[0], ops[1]),
                LLVMOpcode::LLVMXor => LLVMConstXor(ops[0], ops[1]),
                LLVMOpcode::LLVMShl => LLVMConstShl(ops[0], ops[1]),
                LLVMOpcode::LLVMLShr => LLVMConstLShr(ops[0], ops[1]),
                LLVMOpcode::LLVMTrunc => LLVMConstTrunc(ops[0], ty),
                LLVMOpcode::LLVMZExt => LLVMConstZExt(ops[0], ty),
                LLVMOpcode::LLVMSExt => LLVMConstSExt(ops[0], ty),
                LLVMOpcode::LLVMBitCast => LLVMConstBitCast(ops[0], ty),
                _ => continue,
            };
            if !ir::is_plain_constant(folded) {
                continue;
            }
            work.extend(ir::users(inst));
            region_ir::replace_and_erase(inst, folded);
        }
    }
}

// ---- references -------------------------------------------------------------------------------------------

/// Whether `ty` is a vector, or a struct or array whose first element is (recursively) one: the storage a
/// reference's root pointer points at (a `vector` object is `{ <N x T> }`).
fn holds_vector_first(mut ty: LLVMTypeRef) -> bool {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        for _ in 0..8 {
            match ir::type_kind(ty) {
                LLVMTypeKind::LLVMVectorTypeKind => return true,
                LLVMTypeKind::LLVMStructTypeKind if LLVMCountStructElementTypes(ty) > 0 => ty = LLVMStructGetTypeAtIndex(ty, 0),
                LLVMTypeKind::LLVMArrayTypeKind => ty = ir::element_of(ty),
                _ => return false,
            }
        }
        false
    }
}

/// The pointer to the storage a reference reaches: `pointer` with casts and all-zero GEPs stripped until the
/// pointee is a vector, or an object that starts with one (see [`vector_pointer`]).
fn reference_root(mut pointer: LLVMValueRef) -> Option<LLVMValueRef> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        for _ in 0..16 {
            let pointee = ir::element_of(ir::type_of(pointer));
            if ir::type_kind(pointee) == LLVMTypeKind::LLVMVectorTypeKind {
                return Some(pointer);
            }
            let opcode = if ir::is_instruction(pointer) {
                LLVMGetInstructionOpcode(pointer)
            } else if ir::is_constant_expr(pointer) {
                LLVMGetConstOpcode(pointer)
            } else if holds_vector_first(pointee) {
                return Some(pointer);
            } else {
                return None;
            };
            match opcode {
                LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => pointer = ir::operand(pointer, 0),
                LLVMOpcode::LLVMGetElementPtr => {
                    let all_zero = (1..ir::operand_count(pointer)).all(|i| ir::const_int(ir::operand(pointer, i)) == Some(0));
                    if !all_zero {
                        return holds_vector_first(pointee).then_some(pointer);
                    }
                    pointer = ir::operand(pointer, 0);
                }
                _ => return holds_vector_first(pointee).then_some(pointer),
            }
        }
        None
    }
}

/// `pointer` (from [`reference_root`]) made to point at the vector itself: first-element GEPs through the
/// structs and arrays around it, built at the builder's position.
unsafe fn vector_pointer(builder: LLVMBuilderRef, mut pointer: LLVMValueRef) -> LLVMValueRef {
    let context = LLVMGetTypeContext(ir::type_of(pointer));
    let zero = LLVMConstInt(LLVMInt32TypeInContext(context), 0, 0);
    loop {
        let pointee = LLVMGetElementType(ir::type_of(pointer));
        if LLVMGetTypeKind(pointee) == LLVMTypeKind::LLVMVectorTypeKind {
            return pointer;
        }
        let mut indices = [zero, zero];
        pointer = LLVMBuildInBoundsGEP2(builder, pointee, pointer, indices.as_mut_ptr(), 2, c"".as_ptr());
    }
}

/// A direct region (vstride, width, stride, first byte offset) whose elements are at `offsets` (bytes).
fn direct_region(offsets: &[i64], element_bytes: i64) -> Option<(i64, i64, i64, i64)> {
    let first = *offsets.first()?;
    let n = offsets.len() as i64;
    if offsets.iter().any(|o| (o - first) % element_bytes != 0) {
        return None;
    }
    let index = |k: i64| (offsets[k as usize] - first) / element_bytes;
    if n == 1 {
        return Some((0, 1, 0, first));
    }
    let stride = index(1);
    if stride < 0 {
        return None;
    }
    let width = (1..n).find(|&k| index(k) != k * stride).unwrap_or(n);
    let vstride = if width == n { 0 } else { index(width) };
    if n % width != 0 || (width == n && stride == 0 && n > 1) {
        return None;
    }
    let fits = (0..n).all(|k| index(k) == (k / width) * vstride + (k % width) * stride);
    fits.then_some((vstride, width, stride, first))
}

fn lower_ref(module: LLVMModuleRef, call: LLVMValueRef, write: bool) -> Result<(), String> {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        let _ = module;
        let root = reference_root(ir::call_arg(call, 0)).ok_or(
            "the reference does not reach a vector or matrix object after inlining (a reference parameter of a \
             function that is not inlined, or one chosen at run time, is not supported)",
        )?;
        let root = region_ir::with_builder_before(call, |builder| vector_pointer(builder, root));
        let base = ir::call_arg(call, 1);
        let offsets = ir::call_arg(call, 2);
        let value_ty = if write { ir::type_of(ir::call_arg(call, 3)) } else { ir::type_of(call) };
        let element = region_ir::element_type(value_ty);
        let element_bytes = region_ir::element_bytes(element).ok_or("a reference of an unsupported element type")? as i64;
        let root_ty = ir::element_of(ir::type_of(root));
        let root_bytes = region_ir::element_bytes(region_ir::element_type(root_ty)).unwrap_or(0) as i64 * region_ir::lanes(root_ty) as i64;
        if root_bytes == 0 || root_bytes % element_bytes != 0 {
            return Err(format!(
                "a reference of {} cannot view an object of {} bytes",
                ir::type_to_string(element),
                root_bytes
            ));
        }
        let view_ty = ir_write::vector_type(element, (root_bytes / element_bytes) as u32);
        region_ir::with_builder_before(call, |builder| -> Result<(), String> {
            let context = ir::module_context(module);
            let i16_ty = ir_write::int_type(context, 16);
            let i32_ty = ir_write::int_type(context, 32);
            let base16 = LLVMBuildTrunc(builder, base, i16_ty, c"".as_ptr());
            let lanes = region_ir::lanes(value_ty);
            let constant = ir::const_int_vector(offsets);
            let direct = constant.as_ref().and_then(|o| direct_region(o, element_bytes));
            let (vstride, width, stride, offset) = match direct {
                Some((vs, w, s, first)) => {
                    let offset = if first == 0 { base16 } else { LLVMBuildAdd(builder, base16, ir_write::const_int(i16_ty, first as u64, false), c"".as_ptr()) };
                    (vs, w, s, offset)
                }
                None => {
                    let one = LLVMBuildInsertElement(builder, ir_write::undef(ir_write::vector_type(i16_ty, lanes)), base16, ir_write::const_int(i32_ty, 0, false), c"".as_ptr());
                    let splat = LLVMBuildShuffleVector(builder, one, ir_write::undef(ir::type_of(one)), ir_write::zero(ir_write::vector_type(i32_ty, lanes)), c"".as_ptr());
                    (0, 1, 0, LLVMBuildAdd(builder, splat, offsets, c"".as_ptr()))
                }
            };
            let whole = LLVMBuildLoad2(builder, root_ty, root, c"".as_ptr());
            let view = if root_ty == view_ty { whole } else { LLVMBuildBitCast(builder, whole, view_ty, c"".as_ptr()) };
            let float = matches!(
                ir::type_kind(element),
                LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind
            );
            let i32c = |v: i64| ir_write::const_int(i32_ty, v as u64, true);
            let undef32 = ir_write::undef(i32_ty);
            if write {
                let base_name = if float { "llvm.genx.wrregionf" } else { "llvm.genx.wrregioni" };
                let mut args = [view, ir::call_arg(call, 3), i32c(vstride), i32c(width), i32c(stride), offset, undef32, ir_write::const_int(ir_write::int_type(context, 1), 1, false)];
                let types: Vec<LLVMTypeRef> = args.iter().map(|&a| ir::type_of(a)).collect();
                let function = region_ir::declare_intrinsic(module, base_name, view_ty, &types)?;
                let new = region_ir::build_call(builder, function, &mut args, "");
                let back = if root_ty == view_ty { new } else { LLVMBuildBitCast(builder, new, root_ty, c"".as_ptr()) };
                LLVMBuildStore(builder, back, root);
                ir_write::erase(call);
            } else {
                let base_name = if float { "llvm.genx.rdregionf" } else { "llvm.genx.rdregioni" };
                let mut args = [view, i32c(vstride), i32c(width), i32c(stride), offset, undef32];
                let types: Vec<LLVMTypeRef> = args.iter().map(|&a| ir::type_of(a)).collect();
                let function = region_ir::declare_intrinsic(module, base_name, value_ty, &types)?;
                let new = region_ir::build_call(builder, function, &mut args, "");
                region_ir::replace_and_erase(call, new);
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mangled_identifiers() {
        let name = "_ZN7details19__cm_genx_rdregioniIDv8_iJDv4_iiiisiEEET_DpT0_";
        assert_eq!(mangled_identifier(name, "__cm_genx_"), Some("__cm_genx_rdregioni"));
        assert_eq!(mangled_identifier("_ZN7details21__cm_builtin_ref_readIDv1_cEET_", "__cm_builtin_"), Some("__cm_builtin_ref_read"));
        assert_eq!(mangled_identifier("_Z3fooi", "__cm_genx_"), None);
    }

    #[test]
    fn direct_regions_from_offsets() {
        // select<4,2>(1) of ints: elements 1,3,5,7.
        assert_eq!(direct_region(&[4, 12, 20, 28], 4), Some((0, 4, 2, 4)));
        // 2x2 block of a 4x8 short matrix at (1,2).
        assert_eq!(direct_region(&[20, 22, 36, 38], 2), Some((8, 2, 1, 20)));
        // A gather that is no region.
        assert_eq!(direct_region(&[0, 4, 12, 8], 4), None);
        assert_eq!(direct_region(&[8], 4), Some((0, 1, 0, 8)));
        // Column of a 4x4 int matrix: vstride 0, width 4, stride 4.
        assert_eq!(direct_region(&[4, 20, 36, 52], 4), Some((0, 4, 4, 4)));
    }
}
