//! LLVM's fatal errors as ordinary errors: what the process was doing, temporary files removed, exit status 1.
//!
//! Why: LLVM ends the process on conditions it treats as unrecoverable (`report_fatal_error`: "Broken module
//! found" from the bitcode reader's debug-info upgrade, "Invalid encoding" in a damaged bitstream, an invalid
//! `-pass-remarks` regex, ...; `report_bad_alloc_error`: "out of memory"). By default it prints `LLVM ERROR:` and
//! aborts, which to a user is a crash. [`install`] puts handlers (cpp/glue.cpp) in place that print
//!
//! ```text
//! cmc: error: LLVM fatal error while reading input IR 'k.bc' (in pass 'genx-legalize'): <LLVM's reason>
//! ```
//!
//! remove the files registered with [`remove_on_fatal_error`] and those LLVM registered for removal (opt's
//! output file), and exit with status 1.
//!
//! The phase is set by the driver around each step ([`Phase::enter`]); the pass, by the glue around every pass
//! a pipeline runs. The handler cannot return (LLVM aborts when it does) and runs on whichever thread failed, so
//! it only reads the phase through a lock it does not wait for, and never unwinds.
//!
//! Not handled: a fatal error inside a subprocess (clang, llvm-spirv, ocloc) is that process's exit status,
//! reported by its caller; a stack overflow is a signal, not an LLVM error (input nesting is bounded instead,
//! see `limits`).

use std::ffi::{c_char, CString};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

extern "C" {
    fn genx_install_fatal_error_handlers();
    fn genx_clear_current_pass();
}

/// The tool named in the message, the current phase, and the files to remove.
struct State {
    tool: Option<CString>,
    phase: Option<CString>,
    files: Vec<PathBuf>,
}

static STATE: Mutex<State> = Mutex::new(State { tool: None, phase: None, files: Vec::new() });

/// Installs the handlers (once per process; a later call only renames the tool). `tool` starts the message
/// (`cmc`, `opt`).
pub fn install(tool: &str) {
    if let Ok(mut state) = STATE.lock() {
        state.tool = CString::new(tool).ok();
    }
    // SAFETY: hands two C++ function pointers to LLVM; idempotent.
    unsafe { genx_install_fatal_error_handlers() };
}

/// What the process is doing, for the fatal-error message; the previous phase comes back when this ends.
pub struct Phase {
    previous: Option<CString>,
}

impl Phase {
    /// Enters a phase described by `what` ("reading input IR 'k.ll'", "running the middle end").
    pub fn enter(what: &str) -> Phase {
        // SAFETY: clears a thread-local of the glue.
        unsafe { genx_clear_current_pass() };
        let phase = CString::new(what.replace('\0', " ")).ok();
        let previous = STATE.lock().ok().and_then(|mut state| std::mem::replace(&mut state.phase, phase));
        Phase { previous }
    }
}

impl Drop for Phase {
    fn drop(&mut self) {
        if let Ok(mut state) = STATE.lock() {
            state.phase = self.previous.take();
        }
    }
}

/// Registers a temporary file or directory to remove if LLVM ends the process; [`TempGuard`] unregisters it.
pub fn remove_on_fatal_error(path: &Path) -> TempGuard {
    if let Ok(mut state) = STATE.lock() {
        state.files.push(path.to_path_buf());
    }
    TempGuard { path: path.to_path_buf() }
}

/// Keeps a path registered for removal on a fatal error until dropped.
pub struct TempGuard {
    path: PathBuf,
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        if let Ok(mut state) = STATE.lock() {
            if let Some(index) = state.files.iter().rposition(|p| *p == self.path) {
                state.files.remove(index);
            }
        }
    }
}

/// Called by the handlers: the tool's name. Never blocks (the failing thread may hold the lock).
#[no_mangle]
pub extern "C" fn genx_fatal_tool() -> *const c_char {
    match STATE.try_lock() {
        // The string lives in the static until the process exits (the handler exits right after).
        Ok(state) => state.tool.as_ref().map_or(c"error".as_ptr(), |tool| tool.as_ptr()),
        Err(_) => c"genx".as_ptr(),
    }
}

/// Called by the handlers: the current phase, or null.
#[no_mangle]
pub extern "C" fn genx_fatal_phase() -> *const c_char {
    match STATE.try_lock() {
        Ok(state) => state.phase.as_ref().map_or(std::ptr::null(), |phase| phase.as_ptr()),
        Err(_) => std::ptr::null(),
    }
}

/// Called by the handlers: removes the registered files and directories.
#[no_mangle]
pub extern "C" fn genx_fatal_cleanup() {
    let _ = std::panic::catch_unwind(|| {
        if let Ok(state) = STATE.try_lock() {
            for path in &state.files {
                let _ = if path.is_dir() { std::fs::remove_dir_all(path) } else { std::fs::remove_file(path) };
            }
        }
    });
}
