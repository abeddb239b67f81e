//! `genx-verify`: checks every `llvm.genx.*` call against the intrinsic table.
//!
//! Why: LLVM accepts any `declare @llvm.<anything>` and treats it as an opaque call, so a misspelt intrinsic, a
//! wrong mangling suffix, a runtime value where IGC needs an immediate, or a region that reads outside its vector
//! all pass `opt -verify` and only fail deep inside IGC (or, worse, miscompile). This pass finds them at the
//! instruction that is wrong, with a located message, before any GenX pass relies on them.
//!
//! Algorithm, per call whose callee is named `llvm.genx.*`:
//! 1. look the name up in the table ([`intrinsics::lookup`]): unknown names are errors;
//! 2. check the number of arguments (at least the fixed ones for a variadic intrinsic);
//! 3. bind the return and argument types to the signature ([`intrinsics::IntrinsicDesc::bind`]: constraints,
//!    struct results field by field, `Match(n)` against earlier overloads);
//! 4. check the name's mangling suffix against the mangling of the bound overloaded types;
//! 5. check that `Imm` operands are plain constants and `ImmOrUndef` ones constants or undef;
//! 6. for the region intrinsics, check constant region parameters (docs/genx-ir.md §1.3): width not 0 and dividing the
//!    element count, element types, constant offsets element-aligned, the whole region inside its vector, the
//!    vector offset having one entry per row, the mask's width, and no element written twice by a wrregion.
//!
//! Invariants: the pass never changes IR and never panics on malformed input; each problem is one diagnostic.
//! Not handled yet: platform-specific legality (that is the staged verifier after genx-legalize), checks of the
//! memory intrinsics' operand values (block sizes, surface indices).

use inkwell::values::{AsValueRef, FunctionValue};
use llvm_sys::prelude::LLVMValueRef;

use crate::diag::PassCx;
use crate::intrinsics::{self, Role};
use crate::ir;

/// Pass body: verifies every GenX call of `function`. Never changes the IR.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    for block in ir::blocks(function) {
        for inst in ir::instructions(block) {
            if !ir::is_call(inst) {
                continue;
            }
            let Some(callee) = ir::called_function(inst) else { continue };
            let name = ir::value_name(callee);
            if name.starts_with("llvm.genx.") {
                for message in check_call(inst, &name) {
                    cx.error_at(inst, message);
                }
                cx.count(c"calls-checked", c"GenX intrinsic calls checked", 1);
            }
        }
    }
    false
}

/// All problems with one GenX call, as sentences.
pub fn check_call(call: LLVMValueRef, name: &str) -> Vec<String> {
    let Some((desc, _suffix)) = intrinsics::lookup(name) else {
        return vec![format!("unknown GenX intrinsic '{name}'")];
    };
    let mut problems = Vec::new();
    let arg_count = ir::call_arg_count(call) as usize;
    let arity_ok = if desc.variadic { arg_count >= desc.operands.len() } else { arg_count == desc.operands.len() };
    if !arity_ok {
        problems.push(format!(
            "'{}' takes {}{} operand{} ({}), but the call passes {arg_count}",
            desc.name,
            if desc.variadic { "at least " } else { "" },
            desc.operands.len(),
            if desc.operands.len() == 1 { "" } else { "s" },
            desc.operands.iter().map(|op| op.name).collect::<Vec<_>>().join(", ")
        ));
        return problems;
    }

    let Some(ret_type) = ir::ir_type(ir::type_of(call)) else {
        problems.push(format!("'{}' cannot return {}", desc.name, ir::type_to_string(ir::type_of(call))));
        return problems;
    };
    let mut arg_types = Vec::with_capacity(arg_count);
    for index in 0..arg_count {
        let value = ir::call_arg(call, index as u32);
        match ir::ir_type(ir::type_of(value)) {
            Some(ty) => arg_types.push(ty),
            None => {
                problems.push(format!(
                    "operand {index} has type {}, which no GenX intrinsic takes",
                    ir::type_to_string(ir::type_of(value))
                ));
                return problems;
            }
        }
    }

    // Types, struct results and overload constraints; the overloaded types come back in mangling order.
    match desc.bind(&ret_type, &arg_types) {
        Err(problem) => problems.push(problem),
        Ok(overloads) => {
            let expected = intrinsics::mangled_name(desc, &overloads);
            if expected != name {
                problems.push(format!(
                    "the name does not match the operand types: for these types it must be '{expected}'"
                ));
            }
        }
    }

    for (index, operand) in desc.operands.iter().enumerate() {
        let value = ir::call_arg(call, index as u32);
        match operand.role {
            Role::Value => {}
            Role::Imm if !ir::is_plain_constant(value) || ir::is_undef(value) => problems.push(format!(
                "operand {index} ('{}') must be a constant, but it is {}",
                operand.name,
                describe(value)
            )),
            Role::ImmOrUndef if !ir::is_plain_constant(value) => problems.push(format!(
                "operand {index} ('{}') must be a constant or undef, but it is {}",
                operand.name,
                describe(value)
            )),
            Role::Imm | Role::ImmOrUndef => {}
        }
    }

    if problems.is_empty() {
        region::check(desc, call, &ret_type, &arg_types, &mut problems);
    }
    problems
}

fn describe(value: LLVMValueRef) -> String {
    if ir::is_undef(value) {
        return "undef".to_string();
    }
    let text = ir::value_to_string(value);
    if ir::is_constant(value) {
        format!("the constant expression '{text}'")
    } else {
        let name = ir::value_name(value);
        if name.is_empty() {
            "a value computed at run time".to_string()
        } else {
            format!("the run-time value '%{name}'")
        }
    }
}

mod region;
