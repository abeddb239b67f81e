//! Device `printf` (`printf`, `cm_printf`): the calls of the C `printf` the header library declares become calls
//! of `i32 @printf(i8 addrspace(2)* format, ...)` whose format (and every `%s` argument) is a constant string in
//! address space 2.
//!
//! Why: IGC's vector-compute backend (GenXPrintfResolution, IGC 1.0.12504) resolves calls of a declared function
//! named `printf` (or `__spirv_ocl_printf`) whose format operand is a GEP to the first character of a constant
//! global `[N x i8]`, and collects such strings as the kernel's printf strings; through SPIR-V the format must be
//! in the constant (UniformConstant) storage class, which is address space 2. clang compiles CM as C++, where a
//! string literal is an address-space-0 global, so the strings are moved here. vc-bridge renames `@printf` to the
//! SPIR-V builtin name for llvm-spirv (`OpExtInst printf`).
//!
//! Algorithm: for each call of the declaration `printf` whose format is not yet in address space 2: each pointer
//! argument must reach (through casts and a GEP of zero indices) a constant global `[N x i8]`, which is copied once
//! into address space 2 (private, unnamed_addr) and passed as the GEP of its first character; integer and
//! floating-point arguments pass as they are, except that on a platform without fp64 (Gen11, Xe-LP, Xe-HPG) a
//! double promoted from a float (C's default promotion) passes as the float, which IGC prints for %f, and a double
//! constant as the nearest float; the call is
//! rebuilt on the new declaration with the old debug location. The old declaration and strings left without
//! users are deleted.
//!
//! Refused (located errors naming the argument): a format that is not a string literal, a pointer argument that
//! is not a string literal (`%s` prints literals only: IGC reads the text at compile time), a double computed at run
//! time on a platform without fp64, and an argument of another type (a vector or matrix: print its
//! elements).
//!
//! Not handled: `%s` with a string chosen at run time by `select` (IGC accepts it; the front end refuses it).

use std::collections::HashMap;

use llvm_sys::core::*;
use llvm_sys::debuginfo::LLVMInstructionGetDebugLoc;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMLinkage, LLVMOpcode, LLVMTypeKind, LLVMUnnamedAddr};

use crate::diag::PassCx;
use crate::ir;
use crate::ir_write;

/// The C function the header's `printf` and `cm_printf` call.
pub const PRINTF: &str = "printf";
/// OpenCL's constant address space (SPIR-V UniformConstant), where IGC reads printf strings from.
pub const CONSTANT_ADDRESS_SPACE: u32 = 2;

/// Rewrites every printf call of the module; true when anything changed.
pub fn lower(module: LLVMModuleRef, cx: &mut PassCx) -> bool {
    // SAFETY: handles of the live module; the builder is created and disposed here; a global or function is deleted
    // only when nothing uses it (checked just before each deletion).
    unsafe {
        let old = LLVMGetNamedFunction(module, ir::c_name(PRINTF).as_ptr());
        if old.is_null() || !ir::is_declaration(old) || format_address_space(old) == Some(CONSTANT_ADDRESS_SPACE) {
            return false;
        }
        let calls: Vec<LLVMValueRef> =
            ir::users(old).into_iter().filter(|&u| ir::is_call(u) && ir::called_function(u) == Some(old)).collect();
        if calls.is_empty() {
            return false;
        }
        let context = ir::module_context(module);
        let byte = ir_write::int_type(context, 8);
        let mut format_ty = [LLVMPointerType(byte, CONSTANT_ADDRESS_SPACE)];
        let function_ty = LLVMFunctionType(ir_write::int_type(context, 32), format_ty.as_mut_ptr(), 1, 1);
        let new = LLVMAddFunction(module, ir::c_name("printf.cm").as_ptr(), function_ty);
        let builder = LLVMCreateBuilderInContext(context);
        let mut copies: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
        for call in calls {
            let Some(mut args) = arguments(module, call, cx, &mut copies) else { continue };
            LLVMPositionBuilderBefore(builder, call);
            LLVMSetCurrentDebugLocation2(builder, LLVMInstructionGetDebugLoc(call));
            let replacement = LLVMBuildCall2(
                builder,
                function_ty,
                new,
                args.as_mut_ptr(),
                args.len() as u32,
                ir::c_name("").as_ptr(),
            );
            if ir::type_of(call) == ir::type_of(replacement) {
                ir_write::replace_all_uses(call, replacement);
            }
            ir_write::erase(call);
        }
        LLVMDisposeBuilder(builder);
        for (original, _) in copies {
            if !ir::has_uses(original) {
                LLVMDeleteGlobal(original);
            }
        }
        if !ir::has_uses(old) {
            LLVMDeleteFunction(old);
            LLVMSetValueName2(new, PRINTF.as_ptr().cast(), PRINTF.len());
        }
        if !ir::has_uses(new) {
            LLVMDeleteFunction(new);
        }
        true
    }
}

/// The address space of a function's first parameter, when it is a pointer.
fn format_address_space(function: LLVMValueRef) -> Option<u32> {
    if ir::param_count(function) == 0 {
        return None;
    }
    ir::pointer_address_space(ir::type_of(ir::param(function, 0)))
}

/// The new call's arguments, or None after reporting why the call cannot be printed.
unsafe fn arguments(
    module: LLVMModuleRef,
    call: LLVMValueRef,
    cx: &mut PassCx,
    copies: &mut HashMap<LLVMValueRef, LLVMValueRef>,
) -> Option<Vec<LLVMValueRef>> {
    let mut args = Vec::new();
    let fp64 = crate::platform::of_function(ir::parent_function(call)).map_or(true, |p| p.features.fp64);
    for index in 0..ir::call_arg_count(call) {
        let arg = ir::call_arg(call, index);
        let ty = ir::type_of(arg);
        match ir::type_kind(ty) {
            LLVMTypeKind::LLVMPointerTypeKind if passed_by_value(call, index) => {
                cx.error_at(
                    call,
                    format!(
                        "printf: argument {index} is an object (a vector or matrix); printf prints scalars \
                         (print its elements one by one)"
                    ),
                );
                return None;
            }
            LLVMTypeKind::LLVMPointerTypeKind => match constant_string(arg) {
                Some(string) => args.push(constant_copy(module, string, copies)),
                None if index == 0 => {
                    cx.error_at(
                        call,
                        "printf: the format must be a string literal (IGC reads it when it compiles the kernel)".into(),
                    );
                    return None;
                }
                None => {
                    cx.error_at(
                        call,
                        format!(
                            "printf: argument {index} is a pointer that is not a string literal; %s prints string \
                             literals only"
                        ),
                    );
                    return None;
                }
            },
            LLVMTypeKind::LLVMDoubleTypeKind if index > 0 && !fp64 => match float_before_promotion(arg) {
                Some(float) => args.push(float),
                None => {
                    cx.error_at(
                        call,
                        format!(
                            "printf: argument {index} is a double computed at run time, and this platform has no \
                             fp64 (print a float)"
                        ),
                    );
                    return None;
                }
            },
            LLVMTypeKind::LLVMIntegerTypeKind
            | LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind
                if index > 0 =>
            {
                args.push(arg)
            }
            _ => {
                cx.error_at(
                    call,
                    format!(
                        "printf: argument {index} has type {}; printf prints scalars (print a vector's elements one \
                         by one)",
                        ir::type_to_string(ty)
                    ),
                );
                return None;
            }
        }
    }
    Some(args)
}

/// Whether a call passes argument `index` `byval` (clang's C-variadic form of a class object).
unsafe fn passed_by_value(call: LLVMValueRef, index: u32) -> bool {
    let name = "byval";
    let kind = LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
    !LLVMGetCallSiteEnumAttribute(call, index + 1, kind).is_null()
}

/// The float to print for a double argument on a platform without fp64: the operand of `fpext float to double`
/// (C's default promotion of a variadic float), or a double constant rounded to the nearest float (what `%f`
/// prints of it differs only beyond float precision).
unsafe fn float_before_promotion(arg: LLVMValueRef) -> Option<LLVMValueRef> {
    let float = LLVMFloatTypeInContext(ir::type_context(ir::type_of(arg)));
    if ir::opcode(arg) == Some(LLVMOpcode::LLVMFPExt) && ir::type_of(ir::operand(arg, 0)) == float {
        return Some(ir::operand(arg, 0));
    }
    let value = ir::const_float(arg)?;
    Some(LLVMConstReal(float, value as f32 as f64))
}

/// The text of the string literal a printf pointer argument reaches (through casts and a zero-index GEP): the
/// bytes of its constant `[N x i8]` global before the first NUL; `None` when it reaches no such global or the
/// global holds no NUL. genx-visa-emit writes these bytes into the CM printf buffer.
pub fn string_literal(value: LLVMValueRef) -> Option<Vec<u8>> {
    let mut bytes = ir::constant_data_bytes(ir::initializer(constant_string(value)?)?)?;
    bytes.truncate(bytes.iter().position(|&b| b == 0)?);
    Some(bytes)
}

/// The constant global `[N x i8]` a pointer reaches through casts and a zero-index GEP.
fn constant_string(mut value: LLVMValueRef) -> Option<LLVMValueRef> {
    while let Some(opcode) = ir::const_opcode(value) {
        match opcode {
            LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast => value = ir::operand(value, 0),
            LLVMOpcode::LLVMGetElementPtr => {
                if !(1..ir::operand_count(value)).all(|i| ir::const_int(ir::operand(value, i)) == Some(0)) {
                    return None;
                }
                value = ir::operand(value, 0);
            }
            _ => return None,
        }
    }
    if !ir::is_global_constant(value) || ir::initializer(value).is_none() {
        return None;
    }
    let ty = ir::global_value_type(value);
    let is_bytes = ir::type_kind(ty) == LLVMTypeKind::LLVMArrayTypeKind
        && ir::type_kind(ir::element_of(ty)) == LLVMTypeKind::LLVMIntegerTypeKind
        && ir::int_width(ir::element_of(ty)) == 8;
    is_bytes.then_some(value)
}

/// `getelementptr ([N x i8], [N x i8] addrspace(2)* @copy, 0, 0)` of the string's constant-address-space copy.
unsafe fn constant_copy(
    module: LLVMModuleRef,
    string: LLVMValueRef,
    copies: &mut HashMap<LLVMValueRef, LLVMValueRef>,
) -> LLVMValueRef {
    let ty = ir::global_value_type(string);
    let copy = *copies.entry(string).or_insert_with(|| {
        let name = format!("{}.constant", ir::value_name(string));
        let copy = LLVMAddGlobalInAddressSpace(module, ty, ir::c_name(&name).as_ptr(), CONSTANT_ADDRESS_SPACE);
        LLVMSetInitializer(copy, LLVMGetInitializer(string));
        LLVMSetGlobalConstant(copy, 1);
        LLVMSetLinkage(copy, LLVMLinkage::LLVMPrivateLinkage);
        LLVMSetUnnamedAddress(copy, LLVMUnnamedAddr::LLVMGlobalUnnamedAddr);
        LLVMSetAlignment(copy, 1);
        copy
    });
    let index_ty = LLVMInt64TypeInContext(ir::module_context(module));
    let mut indices = [LLVMConstInt(index_ty, 0, 0), LLVMConstInt(index_ty, 0, 0)];
    LLVMConstInBoundsGEP2(ty, copy, indices.as_mut_ptr(), 2)
}
