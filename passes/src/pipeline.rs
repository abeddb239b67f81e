//! Runs an opt-syntax pipeline (`-passes=...`) on a module in-process.
//!
//! This is how `cmc -passes=<pipeline>` behaves exactly like `opt-14 -load-pass-plugin=libgenx_passes.so
//! -passes=<pipeline>`: the same C++ registration function (cpp/glue.cpp) fills a fresh `PassBuilder`, so GenX
//! passes and LLVM's own passes mix in one pipeline string, with the same parser and the same error messages.

use std::ffi::{c_char, CStr, CString};

use inkwell::module::Module;
use llvm_sys::prelude::LLVMModuleRef;

extern "C" {
    fn genx_run_pipeline(
        module: LLVMModuleRef,
        pipeline: *const c_char,
        verify_each: i32,
        debug_pass_manager: i32,
        error_message: *mut *mut c_char,
    ) -> i32;
    fn genx_free_message(message: *mut c_char);
}

/// Options of one pipeline run (opt's `-verify-each` and `-debug-pass-manager`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PipelineOptions {
    pub verify_each: bool,
    pub debug_pass_manager: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub enum PipelineError {
    /// The pipeline text did not parse; LLVM's message.
    Parse(String),
    /// A pass reported errors (already printed, located, to stderr).
    PassErrors,
    /// The pipeline contains a NUL byte.
    InvalidText,
}

impl std::fmt::Display for PipelineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PipelineError::Parse(message) => write!(f, "invalid pass pipeline: {message}"),
            PipelineError::PassErrors => write!(f, "a pass reported errors"),
            PipelineError::InvalidText => write!(f, "invalid pass pipeline: it contains a NUL byte"),
        }
    }
}

impl std::error::Error for PipelineError {}

/// Runs `pipeline` on `module`.
pub fn run(module: &Module<'_>, pipeline: &str, options: PipelineOptions) -> Result<(), PipelineError> {
    let text = CString::new(pipeline).map_err(|_| PipelineError::InvalidText)?;
    let mut message: *mut c_char = std::ptr::null_mut();
    let status = unsafe {
        genx_run_pipeline(
            module.as_mut_ptr(),
            text.as_ptr(),
            options.verify_each as i32,
            options.debug_pass_manager as i32,
            &mut message,
        )
    };
    match status {
        0 => Ok(()),
        1 => {
            let text = if message.is_null() {
                "unknown error".to_string()
            } else {
                let text = unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned();
                unsafe { genx_free_message(message) };
                text
            };
            Err(PipelineError::Parse(text))
        }
        _ => Err(PipelineError::PassErrors),
    }
}
