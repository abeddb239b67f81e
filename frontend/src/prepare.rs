//! Shapes clang's module for the lowering pipeline, before any pass runs.
//!
//! - Every function with a body that is not a kernel becomes `internal` and `alwaysinline` (and loses clang's
//!   `-O0` `noinline`/`optnone`): CM inlines every non-kernel function, as cmc does, so template parameters and
//!   literals reach the header library's intrinsic calls as constants. Consequence: a user's explicit `noinline`
//!   is not kept (cmc's stack calls, `_GENX_STACKCALL_`, are not supported).
//! - A kernel is a function annotated `genx_main` (`_GENX_MAIN_`) in `llvm.global.annotations`; genx-cm-lower
//!   reads the same annotation to build `!genx.kernels`.
//! - Every function's `"target-cpu"` is the job's platform (what target-dependent passes read).
//! - [`check`] runs first: rules about the function a call was written in (`cm_slm_init` only in a kernel),
//!   which inlining would erase.

use genx_passes::inkwell::attributes::{Attribute, AttributeLoc};
use genx_passes::inkwell::values::AsValueRef;
use genx_passes::inkwell::module::{Linkage, Module};
use genx_passes::llvm_sys::core::*;
use genx_passes::platform::Platform;

/// Names of the functions annotated `genx_main` (genx-cm-lower's reading of the marks).
pub fn kernel_names(module: &Module<'_>) -> Vec<String> {
    genx_passes::cm_lower::kernels(module.as_mut_ptr()).into_iter().map(genx_passes::ir::value_name).collect()
}

/// CM rules that need to know which function the user wrote a call in, checked before non-kernel functions are
/// inlined into kernels (afterwards every call sits in a kernel): `cm_slm_init` only in a kernel (SLM is sized per
/// kernel). Each violation is printed located (`file:line:col: error:`; the front end always asks clang for line
/// tables) and counted.
pub fn check(module: &Module<'_>) -> usize {
    let kernels = kernel_names(module);
    let mut errors = 0;
    for function in module.get_functions() {
        let name = function.get_name().to_string_lossy().into_owned();
        if function.count_basic_blocks() == 0 || kernels.contains(&name) {
            continue;
        }
        for block in function.get_basic_blocks() {
            for inst in block.get_instructions() {
                let inst = inst.as_value_ref();
                let Some(callee) = genx_passes::ir::called_function(inst) else { continue };
                if !genx_passes::ir::value_name(callee).contains("__cm_builtin_slm_init") {
                    continue;
                }
                let location = genx_passes::ir::debug_location(inst).map(|l| format!("{l}: ")).unwrap_or_default();
                let shown = genx_passes::cm_lower::source_name(&name);
                eprintln!(
                    "{location}error: cm_slm_init is called in '{shown}', which is not a kernel: SLM is sized per \
                     kernel, so call it in the _GENX_MAIN_ function"
                );
                errors += 1;
            }
        }
    }
    errors
}

pub fn run(module: &Module<'_>, platform: &'static Platform) {
    let kernels = kernel_names(module);
    let context = module.get_context();
    let kind = |name: &str| Attribute::get_named_enum_kind_id(name);
    for function in module.get_functions() {
        if function.count_basic_blocks() == 0 {
            continue;
        }
        let name = function.get_name().to_string_lossy().into_owned();
        if kernels.contains(&name) {
            continue;
        }
        function.remove_enum_attribute(AttributeLoc::Function, kind("noinline"));
        function.remove_enum_attribute(AttributeLoc::Function, kind("optnone"));
        function.add_attribute(AttributeLoc::Function, context.create_enum_attribute(kind("alwaysinline"), 0));
        function.set_linkage(Linkage::Internal);
        // SAFETY: `function` is a live function of `module`; a null comdat removes its comdat, as LLVM documents.
        unsafe { genx_passes::llvm_sys::comdat::LLVMSetComdat(function.as_value_ref(), std::ptr::null_mut()) };
    }
    genx_passes::target::set_platform(module, platform.name);
}

/// Removes what inlining left that GenX IR never carries: `llvm.experimental.noalias.scope.decl` calls (the
/// scopes of inlined `noalias` parameters; they only help alias analysis, which the middle end does not use).
/// Without `-g`, also the line tables the front end always asks clang for (they locate lowering errors).
pub fn finish(module: &Module<'_>, debug_info: bool) {
    if !debug_info {
        // SAFETY: the module is live and borrowed for the call; stripping edits only its own metadata.
        unsafe { genx_passes::llvm_sys::debuginfo::LLVMStripModuleDebugInfo(module.as_mut_ptr()) };
    }
    if let Some(decl) = module.get_function("llvm.experimental.noalias.scope.decl") {
        // SAFETY: `decl` is a function of the live module; its users are collected before any is erased, so
        // no use list is walked while it changes.
        unsafe {
            let function = decl.as_value_ref();
            let mut calls = Vec::new();
            let mut use_ = LLVMGetFirstUse(function);
            while !use_.is_null() {
                calls.push(LLVMGetUser(use_));
                use_ = LLVMGetNextUse(use_);
            }
            for call in calls {
                LLVMInstructionEraseFromParent(call);
            }
            LLVMDeleteFunction(function);
        }
    }
}
