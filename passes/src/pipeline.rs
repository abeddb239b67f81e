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
        time_passes: i32,
        error_message: *mut *mut c_char,
    ) -> i32;
    fn genx_print_statistics();
    fn genx_free_message(message: *mut c_char);
    fn genx_parse_llvm_options(argc: i32, argv: *const *const c_char, error_message: *mut *mut c_char) -> i32;
    fn genx_regex_is_valid(pattern: *const c_char, error_message: *mut *mut c_char) -> i32;
}

/// LLVM's options whose value is a regular expression LLVM compiles when it first uses it, ending the process
/// when it does not compile; they are checked before they reach LLVM.
const REGEX_OPTIONS: &[&str] = &["-pass-remarks", "-pass-remarks-missed", "-pass-remarks-analysis"];

/// Refuses a regex-valued option whose value LLVM's regex engine would reject.
fn check_regex_option(option: &str) -> Result<(), String> {
    let Some((name, pattern)) = option.split_once('=') else { return Ok(()) };
    let name = name.strip_prefix('-').filter(|n| n.starts_with('-')).unwrap_or(name);
    if !REGEX_OPTIONS.contains(&name) {
        return Ok(());
    }
    let text = CString::new(pattern).map_err(|_| format!("{name}: the regular expression contains a NUL byte"))?;
    let mut message: *mut c_char = std::ptr::null_mut();
    // SAFETY: a NUL-terminated pattern; the glue allocates the message.
    match unsafe { genx_regex_is_valid(text.as_ptr(), &mut message) } {
        1 => Ok(()),
        _ => Err(format!("invalid regular expression '{pattern}' in {name}: {}", take_message(message))),
    }
}

/// Takes a message the glue allocated (freed here); "unknown error" for none.
pub(crate) fn take_message(message: *mut c_char) -> String {
    if message.is_null() {
        return "unknown error".to_string();
    }
    // SAFETY: `message` is non-null (checked above) and NUL-terminated by the glue; it is copied before it is freed.
    let text = unsafe { CStr::from_ptr(message) }.to_string_lossy().trim_end().to_string();
    // SAFETY: `message` is the glue's own allocation (checked non-null above), freed once, here, after it was
    // copied.
    unsafe { genx_free_message(message) };
    text
}

/// Passes options to LLVM's command-line parser, as clang's `-mllvm` does (e.g. `-print-after=genx-verify`).
/// LLVM's options are process-wide: call this once, before running pipelines.
pub fn set_llvm_options(options: &[String]) -> Result<(), String> {
    for option in options {
        check_regex_option(option)?;
    }
    let owned: Vec<CString> = std::iter::once("cmc")
        .chain(options.iter().map(String::as_str))
        .map(|s| CString::new(s).map_err(|_| format!("LLVM option '{s}' contains a NUL byte")))
        .collect::<Result<_, _>>()?;
    let pointers: Vec<*const c_char> = owned.iter().map(|s| s.as_ptr()).collect();
    let mut message: *mut c_char = std::ptr::null_mut();
    // SAFETY: `pointers` holds `pointers.len()` NUL-terminated strings that `owned` keeps alive during the call; the
    // glue writes at most one owned message.
    match unsafe { genx_parse_llvm_options(pointers.len() as i32, pointers.as_ptr(), &mut message) } {
        0 => Ok(()),
        _ => Err(take_message(message)),
    }
}

/// Options of one pipeline run (opt's `-verify-each`, `-debug-pass-manager` and `-time-passes`).
#[derive(Clone, Copy, Debug, Default)]
pub struct PipelineOptions {
    pub verify_each: bool,
    pub debug_pass_manager: bool,
    /// Time every pass (LLVM's pass timers; the report prints when the run ends).
    pub time_passes: bool,
}

/// Prints LLVM's statistics table (the `-stats` counters of every pass, GenX ones included) to stderr.
pub fn print_statistics() {
    // SAFETY: the glue prints LLVM's statistics; no argument.
    unsafe { genx_print_statistics() };
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
    // SAFETY: the module is live and owned by the caller; `text` is NUL-terminated; the glue writes at most one
    // owned message into `message`, freed by `take_message`.
    let status = unsafe {
        genx_run_pipeline(
            module.as_mut_ptr(),
            text.as_ptr(),
            options.verify_each as i32,
            options.debug_pass_manager as i32,
            options.time_passes as i32,
            &mut message,
        )
    };
    match status {
        0 => Ok(()),
        1 => Err(PipelineError::Parse(take_message(message))),
        _ => Err(PipelineError::PassErrors),
    }
}
