//! The FFI edge between LLVM's pass managers (cpp/glue.cpp) and the Rust passes.
//!
//! Exports `llvmGetPassPluginInfo`, which makes `libgenx_passes.so` an `opt -load-pass-plugin` plugin, and the
//! `genx_*` callbacks the glue uses to read the registry and run a pass.
//!
//! Invariant: no panic crosses `extern "C"`. Each pass runs under `catch_unwind`; a panic becomes an internal
//! error naming the pass and the function, and the run fails like any other pass error.

use std::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use inkwell::module::Module;
use inkwell::values::FunctionValue;
use llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};

use crate::diag::{Diagnostic, Diagnostics, PassCx, Severity};
use crate::ir;
use crate::registry::{PassBody, PASSES};

/// Status codes shared with cpp/glue.cpp.
const UNCHANGED: i32 = 0;
const CHANGED: i32 = 1;
const FAILED: i32 = 2;

/// NUL-terminated copies of the pass names, made once: the glue keeps the pointers.
fn c_names() -> &'static [Vec<u8>] {
    static NAMES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    NAMES.get_or_init(|| {
        PASSES
            .iter()
            .map(|pass| {
                let mut bytes = pass.name.as_bytes().to_vec();
                bytes.push(0);
                bytes
            })
            .collect()
    })
}

#[no_mangle]
pub extern "C" fn genx_registry_len() -> u32 {
    PASSES.len() as u32
}

#[no_mangle]
pub extern "C" fn genx_registry_name(slot: u32) -> *const c_char {
    match c_names().get(slot as usize) {
        Some(name) => name.as_ptr() as *const c_char,
        None => c"<no such genx pass>".as_ptr(),
    }
}

#[no_mangle]
pub extern "C" fn genx_registry_is_module_pass(slot: u32) -> i32 {
    PASSES.get(slot as usize).map_or(0, |pass| pass.is_module_pass() as i32)
}

fn status(changed: bool, diagnostics: &Diagnostics) -> i32 {
    if diagnostics.error_count() > 0 {
        FAILED
    } else if changed {
        CHANGED
    } else {
        UNCHANGED
    }
}

fn internal_error(pass: &'static str, function: String, payload: Box<dyn std::any::Any + Send>) -> i32 {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    let diagnostic = Diagnostic {
        severity: Severity::Error,
        pass,
        source_location: None,
        function,
        block: None,
        instruction: None,
        message: format!("internal compiler error: {what}; please report this with the input IR"),
    };
    eprintln!("{diagnostic}");
    FAILED
}

/// The text of a parametrized pipeline element's parameters (`dg1` of `genx-target<dg1>`).
fn params_text(params: *const c_char) -> String {
    if params.is_null() {
        String::new()
    } else {
        // SAFETY: `params` is non-null (checked above) and NUL-terminated by opt, alive during this call; it is
        // copied.
        unsafe { CStr::from_ptr(params) }.to_string_lossy().into_owned()
    }
}

#[no_mangle]
pub extern "C" fn genx_run_module_pass(slot: u32, module: LLVMModuleRef, params: *const c_char) -> i32 {
    let Some(pass) = PASSES.get(slot as usize) else { return FAILED };
    let PassBody::Module(body) = pass.body else { return FAILED };
    let result = catch_unwind(AssertUnwindSafe(|| {
        // The module belongs to the pass manager: never let inkwell dispose of it.
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        let module = std::mem::ManuallyDrop::new(unsafe { Module::new(module) });
        let mut cx = PassCx::new(pass.name, Diagnostics::printing());
        cx.params = params_text(params);
        let changed = body(&module, &mut cx);
        status(changed, &cx.diagnostics)
    }));
    result.unwrap_or_else(|payload| internal_error(pass.name, "<module>".to_string(), payload))
}

#[no_mangle]
pub extern "C" fn genx_run_function_pass(slot: u32, function: LLVMValueRef, params: *const c_char) -> i32 {
    let Some(pass) = PASSES.get(slot as usize) else { return FAILED };
    let PassBody::Function(body) = pass.body else { return FAILED };
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        let Some(function_value) = (unsafe { FunctionValue::new(function) }) else { return FAILED };
        let mut cx = PassCx::new(pass.name, Diagnostics::printing());
        cx.params = params_text(params);
        let changed = body(function_value, &mut cx);
        status(changed, &cx.diagnostics)
    }));
    result.unwrap_or_else(|payload| internal_error(pass.name, ir::value_name(function), payload))
}

/// `llvm::PassPluginLibraryInfo`, laid out as in llvm/Passes/PassPlugin.h.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_callbacks: *mut c_void,
}

extern "C" {
    fn genx_pass_builder_callbacks_address() -> *mut c_void;
}

/// `LLVM_PLUGIN_API_VERSION`, 1 in every LLVM from 9 to 19.
const LLVM_PLUGIN_API_VERSION: u32 = 1;

static PLUGIN_NAME: &CStr = c"genx-passes";
static PLUGIN_VERSION: &CStr = match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
    Ok(version) => version,
    Err(_) => c"unknown",
};

/// The entry point opt looks up after `dlopen` of `-load-pass-plugin=libgenx_passes.so`.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    // opt loads plugins before it reads its input: from here on LLVM's fatal errors (a broken module, an invalid
    // -pass-remarks regex, running out of memory) end opt with an `opt: error:` line instead of an abort.
    crate::fatal::install("opt");
    PassPluginLibraryInfo {
        api_version: LLVM_PLUGIN_API_VERSION,
        plugin_name: PLUGIN_NAME.as_ptr(),
        plugin_version: PLUGIN_VERSION.as_ptr(),
        // SAFETY: the glue returns the address of its callback-registration function, which lives as long as the
        // plugin.
        register_callbacks: unsafe { genx_pass_builder_callbacks_address() },
    }
}
