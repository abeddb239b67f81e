//! Diagnostics reported by passes.
//!
//! Every IR error names the pass, the function, the block and the instruction (its printed IR), and starts with
//! `file:line:col` when the instruction carries a `!dbg` location, so a message can be found without a debugger:
//!
//! ```text
//! k.cm:7:12: error: genx-verify: in function 'k', block 'entry': %r = call <4 x i32> @llvm.genx.rdregioni...: region width 3 does not divide the 4 elements
//! ```
//!
//! Messages go to stderr as they are reported (a pass may report many); the sink counts them so the pass manager
//! glue can fail the run. Invariant: a pass never prints to stdout (stdout carries IR).

use std::fmt;

use llvm_sys::prelude::LLVMValueRef;

use crate::ir;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
        })
    }
}

/// One located message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub pass: &'static str,
    /// `file:line[:col]` from debug info, when present.
    pub source_location: Option<String>,
    pub function: String,
    pub block: Option<String>,
    /// The instruction as printed IR.
    pub instruction: Option<String>,
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic located at an instruction.
    pub fn at_instruction(severity: Severity, pass: &'static str, inst: LLVMValueRef, message: String) -> Self {
        let function = ir::parent_function(inst);
        Diagnostic {
            severity,
            pass,
            source_location: ir::debug_location(inst),
            function: ir::value_name(function),
            block: Some(ir::block_label(function, ir::parent_block(inst))),
            instruction: Some(ir::value_to_string(inst)),
            message,
        }
    }

    /// A diagnostic about a whole function.
    pub fn at_function(severity: Severity, pass: &'static str, function: LLVMValueRef, message: String) -> Self {
        Diagnostic {
            severity,
            pass,
            source_location: None,
            function: ir::value_name(function),
            block: None,
            instruction: None,
            message,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(location) = &self.source_location {
            write!(f, "{location}: ")?;
        }
        write!(f, "{}: {}", self.severity, self.pass)?;
        if !self.function.is_empty() {
            write!(f, ": in function '{}'", self.function)?;
        }
        if let Some(block) = &self.block {
            write!(f, ", block '{block}'")?;
        }
        if let Some(inst) = &self.instruction {
            write!(f, ": {inst}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Collects and prints the diagnostics of one pass run.
#[derive(Debug, Default)]
pub struct Diagnostics {
    reported: Vec<Diagnostic>,
    /// When false, diagnostics are only collected (unit tests read them back).
    print: bool,
}

impl Diagnostics {
    /// A sink that prints every diagnostic to stderr as it is reported.
    pub fn printing() -> Self {
        Diagnostics { reported: Vec::new(), print: true }
    }

    /// A sink that only collects.
    pub fn collecting() -> Self {
        Diagnostics::default()
    }

    pub fn report(&mut self, diagnostic: Diagnostic) {
        if self.print {
            eprintln!("{diagnostic}");
        }
        self.reported.push(diagnostic);
    }

    pub fn error_count(&self) -> usize {
        self.reported.iter().filter(|d| d.severity == Severity::Error).count()
    }

    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.reported
    }
}

/// The kind of an optimization remark, as LLVM's `-pass-remarks*` options select them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemarkKind {
    /// Something was done (`-pass-remarks=<pass>`).
    Passed = 0,
    /// Something was not done, and why (`-pass-remarks-missed=<pass>`).
    Missed = 1,
    /// A fact found (`-pass-remarks-analysis=<pass>`).
    Analysis = 2,
}

extern "C" {
    fn genx_emit_remark(
        kind: i32,
        pass: *const std::ffi::c_char,
        name: *const std::ffi::c_char,
        inst: LLVMValueRef,
        message: *const std::ffi::c_char,
    );
    fn genx_remarks_enabled(inst: LLVMValueRef, pass: *const std::ffi::c_char) -> i32;
    fn genx_stat_add(group: *const std::ffi::c_char, name: *const std::ffi::c_char, desc: *const std::ffi::c_char, n: u64);
}

/// What a pass body gets besides the IR: its name, a diagnostics sink, and its statistics.
///
/// Statistics are LLVM's own (`TrackingStatistic`, grouped under the pass name), so `opt -stats` and `cmc -stats`
/// print them in LLVM's table with every other pass's counters. [`PassCx::count`] adds to a local tally, handed
/// to LLVM once when the context is dropped (a statistic is a locked table lookup in the glue; passes count per
/// instruction).
pub struct PassCx {
    pub pass: &'static str,
    /// The parameters of a parametrized pipeline element (`dg1` of `genx-target<dg1>`), or empty.
    pub params: String,
    pub diagnostics: Diagnostics,
    /// The pass name, NUL-terminated, for the statistics group.
    group: std::ffi::CString,
    /// Counts not yet handed to LLVM: (name, description, amount), a statistic once (names compared by address).
    tally: std::cell::RefCell<Vec<(&'static std::ffi::CStr, &'static std::ffi::CStr, u64)>>,
}

impl Drop for PassCx {
    fn drop(&mut self) {
        for (name, desc, n) in self.tally.get_mut().drain(..) {
            // The glue interns the group string (statistics outlive the pass run); name and desc are static.
            // SAFETY: all three strings are NUL-terminated; the glue interns the group, and name and desc are
            // 'static.
            unsafe { genx_stat_add(self.group.as_ptr(), name.as_ptr(), desc.as_ptr(), n) };
        }
    }
}

impl PassCx {
    pub fn new(pass: &'static str, diagnostics: Diagnostics) -> Self {
        let group = std::ffi::CString::new(pass).unwrap_or_default();
        PassCx { pass, params: String::new(), diagnostics, group, tally: Default::default() }
    }

    /// Adds `n` to the statistic `name` (described by `desc`) of this pass.
    pub fn count(&self, name: &'static std::ffi::CStr, desc: &'static std::ffi::CStr, n: u64) {
        if n == 0 {
            return;
        }
        let mut tally = self.tally.borrow_mut();
        match tally.iter_mut().find(|(known, _, _)| std::ptr::eq(known.as_ptr(), name.as_ptr())) {
            Some(entry) => entry.2 += n,
            None => tally.push((name, desc, n)),
        }
    }

    pub fn error_at(&mut self, inst: LLVMValueRef, message: String) {
        self.diagnostics.report(Diagnostic::at_instruction(Severity::Error, self.pass, inst, message));
    }

    /// An error about a whole function (no one instruction to point at).
    pub fn error_in_function(&mut self, function: LLVMValueRef, message: String) {
        self.diagnostics.report(Diagnostic::at_function(Severity::Error, self.pass, function, message));
    }

    /// An error about the whole module or pipeline element (no instruction to point at).
    pub fn error(&mut self, message: String) {
        self.diagnostics.report(Diagnostic {
            severity: Severity::Error,
            pass: self.pass,
            source_location: None,
            function: String::new(),
            block: None,
            instruction: None,
            message,
        });
    }

    /// Whether remarks of this pass are shown at all (check before formatting an expensive message).
    pub fn remarks_enabled(&self, inst: LLVMValueRef) -> bool {
        // SAFETY: `group` is NUL-terminated and outlives the call; `inst` is a live instruction.
        unsafe { genx_remarks_enabled(inst, self.group.as_ptr()) != 0 }
    }

    /// Emits an LLVM optimization remark about `inst`: shown with `-pass-remarks=<pass>` (passed),
    /// `-pass-remarks-missed=<pass>` (missed) or `-pass-remarks-analysis=<pass>`, like LLVM's own remarks.
    /// `name` is the remark's identifier (for YAML remark files), e.g. `c"RegionsCombined"`.
    pub fn remark(&self, kind: RemarkKind, name: &'static std::ffi::CStr, inst: LLVMValueRef, message: &str) {
        if !self.remarks_enabled(inst) {
            return;
        }
        let message = std::ffi::CString::new(message.replace('\0', " ")).unwrap_or_default();
        // SAFETY: every string passed is NUL-terminated and outlives the call (the glue copies what it keeps);
        // `inst` is a live instruction.
        unsafe { genx_emit_remark(kind as i32, self.group.as_ptr(), name.as_ptr(), inst, message.as_ptr()) };
    }
}
