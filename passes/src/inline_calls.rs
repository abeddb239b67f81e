//! `genx-inline-calls`: the vISA route's treatment of calls of user functions: every non-kernel function a kernel
//! calls is marked `alwaysinline` so that LLVM's `always-inline`, which runs next
//! (`genx-inline-calls,always-inline`) copies it into each caller; what cannot be inlined is a
//! located error. The vISA route runs it first (cmc's `visa_route::PREPARE_PIPELINE`).
//!
//! # Why inline, not vISA subroutines
//! IGC's VectorCompiler (1.0.12504) makes a non-kernel function a vISA *subroutine* (`call`/`ret` inside the
//! kernel, arguments and the result in the kernel's own variables, a copy of the subroutine per kernel; only
//! `CMStackCall` functions become stack calls, `fcall`). Our front end already inlines every non-kernel function
//! (as cmc does by default), so calls only reach the vISA route from GenX IR written elsewhere. Inlining them
//! before the middle end:
//! * lets our passes decide the code across the call: the region algebra, constant folding and dead-element
//!   removal see the arguments (a constant argument becomes an immediate), and the emitter's liveness and
//!   coalescing, which know nothing of calls, stay exact (a subroutine would need liveness across `call`/`ret`
//!   and argument/return copies that coalescing cannot always remove);
//! * costs code size: each call site gets its own copy, so a call graph where `f` is reached by `n` paths gets
//!   `n` copies of `f` (exponential in the depth of a chain of functions each called twice), and the kernel's
//!   registers hold every copy's values (spilling is the finalizer's). A subroutine also costs a `call`, a `ret`
//!   and the argument and result moves per call, which inlining saves.
//!
//! The semantics are the same for any call graph without cycles, which is what this pass accepts. A kernel
//! calling another kernel gets a copy of it (the kernel stays an entry point of its own).
//!
//! # Algorithm
//! 1. For each function with a body, its direct calls of functions with a body (intrinsics and other
//!    declarations are the emitter's); a call whose callee is not a function (through a pointer) is an error.
//! 2. A depth-first walk of that call graph from every function finds cycles: the call that closes a cycle is
//!    an error naming the chain (`a -> b -> a`).
//! 3. Without errors, every callee loses `noinline` and `optnone` and gains `alwaysinline`.
//!
//! # Not handled
//! Recursion and indirect calls (vISA subroutines are called by label; a stack of frames is a stack call's, which
//! this route does not emit): both are errors, located at the call. Calls of declarations (`printf`, external
//! functions) are left to the emitter, which reports them.

use std::collections::HashMap;
use std::ffi::CString;

use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMAttributeFunctionIndex;

use crate::diag::{Diagnostic, PassCx, Severity};
use crate::ir;

/// The pass name.
pub const NAME: &str = "genx-inline-calls";

/// The callee of a call that is not an intrinsic: `Ok(Some(f))` for a function with a body, `Ok(None)` for an
/// intrinsic, a declaration or inline assembly, `Err(())` for a call through a pointer.
fn user_callee(call: LLVMValueRef) -> Result<Option<LLVMValueRef>, ()> {
    // SAFETY: operand queries on a live call instruction.
    let called = unsafe { LLVMGetCalledValue(call) };
    // SAFETY: kind queries on a live value.
    if unsafe { !LLVMIsAInlineAsm(called).is_null() } {
        return Ok(None);
    }
    let Some(function) = ir::called_function(call) else { return Err(()) };
    if ir::is_declaration(function) {
        return Ok(None);
    }
    Ok(Some(function))
}

/// Pass body.
pub fn run(module: &Module<'_>, cx: &mut PassCx) -> bool {
    let module = module.as_mut_ptr();
    let functions: Vec<LLVMValueRef> = ir::functions(module).filter(|&f| !ir::is_declaration(f)).collect();
    // The call graph: per function, its calls and their callees, in instruction order.
    let mut calls: HashMap<LLVMValueRef, Vec<(LLVMValueRef, LLVMValueRef)>> = HashMap::new();
    let mut errors = 0;
    for &function in &functions {
        let mut out = Vec::new();
        for block in ir::blocks(function) {
            for inst in ir::instructions(block) {
                if !ir::is_call(inst) {
                    continue;
                }
                match user_callee(inst) {
                    Ok(Some(callee)) => out.push((inst, callee)),
                    Ok(None) => {}
                    Err(()) => {
                        cx.diagnostics.report(Diagnostic::at_instruction(
                            Severity::Error,
                            NAME,
                            inst,
                            "an indirect call (through a function pointer) cannot be lowered: the vISA route \
                             inlines every call, which needs the callee"
                                .to_string(),
                        ));
                        errors += 1;
                    }
                }
            }
        }
        calls.insert(function, out);
    }
    // Cycles: iterative depth-first search; `on_path` marks the functions of the current chain.
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut mark: HashMap<LLVMValueRef, Mark> = functions.iter().map(|&f| (f, Mark::New)).collect();
    for &root in &functions {
        if mark[&root] != Mark::New {
            continue;
        }
        // (function, index of its next call)
        let mut stack: Vec<(LLVMValueRef, usize)> = vec![(root, 0)];
        mark.insert(root, Mark::OnPath);
        while let Some(&mut (function, ref mut next)) = stack.last_mut() {
            let edges = &calls[&function];
            if *next == edges.len() {
                mark.insert(function, Mark::Done);
                stack.pop();
                continue;
            }
            let (call, callee) = edges[*next];
            *next += 1;
            match mark.get(&callee).copied().unwrap_or(Mark::Done) {
                Mark::New => {
                    mark.insert(callee, Mark::OnPath);
                    stack.push((callee, 0));
                }
                Mark::OnPath => {
                    let start = stack.iter().position(|&(f, _)| f == callee).unwrap_or(0);
                    let mut chain: Vec<String> = stack[start..].iter().map(|&(f, _)| ir::value_name(f)).collect();
                    chain.push(ir::value_name(callee));
                    cx.diagnostics.report(Diagnostic::at_instruction(
                        Severity::Error,
                        NAME,
                        call,
                        format!(
                            "recursion ({}) cannot be lowered: the vISA route inlines every call, so the call graph \
                             must have no cycle",
                            chain.join(" -> ")
                        ),
                    ));
                    errors += 1;
                }
                Mark::Done => {}
            }
        }
    }
    if errors > 0 {
        return false;
    }
    let mut changed = false;
    let callees: Vec<LLVMValueRef> = {
        let mut seen = Vec::new();
        for &function in &functions {
            for &(_, callee) in &calls[&function] {
                if !seen.contains(&callee) {
                    seen.push(callee);
                }
            }
        }
        seen
    };
    for callee in callees {
        mark_always_inline(callee);
        changed = true;
    }
    changed
}

/// `function` without `noinline`/`optnone`, with `alwaysinline`.
fn mark_always_inline(function: LLVMValueRef) {
    let kind = |name: &str| {
        let name = CString::new(name).unwrap_or_default();
        // SAFETY: a NUL-terminated attribute name.
        unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr(), name.as_bytes().len()) }
    };
    // SAFETY: attribute edits on a live function with a body; the context is the function's own.
    unsafe {
        LLVMRemoveEnumAttributeAtIndex(function, LLVMAttributeFunctionIndex, kind("noinline"));
        LLVMRemoveEnumAttributeAtIndex(function, LLVMAttributeFunctionIndex, kind("optnone"));
        let context = LLVMGetTypeContext(LLVMTypeOf(function));
        let attribute = LLVMCreateEnumAttribute(context, kind("alwaysinline"), 0);
        LLVMAddAttributeAtIndex(function, LLVMAttributeFunctionIndex, attribute);
    }
}
