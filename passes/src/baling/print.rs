//! The text of `print<genx-baling>` (format in the module documentation of `baling`).

use std::fmt::Write;

use super::util::display_name;
use super::{BaleInfo, Bales};
use crate::ir;

/// One member and its baled operands, in the printer's bracket form.
fn member(bales: &Bales, inst: crate::llvm_sys::prelude::LLVMValueRef, out: &mut String, depth: u32) {
    let function = bales.function();
    let info: BaleInfo = bales.info(inst);
    let _ = write!(out, "{} = {}", display_name(function, inst), info.role.name());
    let operands: Vec<u32> = info.baled_operands().collect();
    if !operands.is_empty() {
        let list: Vec<String> = operands.iter().map(|n| n.to_string()).collect();
        let _ = write!(out, "{{{}}}", list.join(","));
    }
    let children: Vec<_> = operands.iter().filter_map(|&n| super::util::operand_inst(inst, n)).collect();
    if children.is_empty() || depth > 64 {
        return;
    }
    out.push_str(" (");
    for (i, child) in children.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        member(bales, child, out, depth + 1);
    }
    out.push(')');
}

/// The printer's text for one function: a header, one line per bale, violations, and a blank line.
pub(super) fn render(bales: &Bales) -> String {
    let function = bales.function();
    let mut out = String::new();
    let _ =
        writeln!(out, "bales of '{}' ({}, {}):", ir::value_name(function), bales.kind().name(), bales.platform().name);
    for head in bales.heads() {
        let _ = write!(out, "bale {}: ", display_name(function, head));
        member(bales, head, &mut out, 0);
        out.push('\n');
    }
    for violation in bales.violations() {
        let _ = writeln!(out, "invariant violated: {}", violation.message);
    }
    out.push('\n');
    out
}
