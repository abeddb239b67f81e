//! `genx-int-narrow`: integer arithmetic whose result is truncated is computed in the narrow type.
//!
//! # Why
//! C++ promotes `short` and `char` operands to `int`, so CM's `matrix<short, 6, 16> gx = a - b` over byte
//! matrices is a subtraction of zero-extended bytes in `i32`, truncated to `i16`, and the next `gx += 2 * ...`
//! sign-extends `gx` back to `i32`. IGC's own InstCombine narrows a single `trunc` of a single-use chain, but a
//! filter's chains of promoted arithmetic (Sobel: `trunc(add(sext(trunc(...)), mul(2, sub(zext, zext))))`) stay
//! in `i32`: twice the registers, and a packing move for every `trunc`.
//!
//! # What
//! For each `trunc` from `iN` to `iM` (scalar or vector), the *tree* under it: `add`, `sub`, `mul`, `and`, `or`,
//! `xor` and `shl` by a constant below `M`, each used only by its parent (or the `trunc`), down to *leaves*:
//! a `zext`/`sext` of an integer of at most `M` bits, or a constant. When every operand is one of these, the
//! tree is rebuilt in `iM` (a leaf's source extended to `iM`, or used as it is when it has `M` bits; a constant
//! truncated), without `nsw`/`nuw`, and replaces the `trunc`. A tree of only the `trunc`'s operand being a leaf
//! (`trunc(zext x)`) is left to LLVM.
//!
//! # Proof of exactness
//! The low `M` bits of `a + b`, `a - b`, `a * b`, `a & b`, `a | b`, `a ^ b` and `a << c` (`c < M`) depend only
//! on the low `M` bits of `a` and `b`: they are the same operations modulo `2^M`. The low `M` bits of
//! `zext`/`sext` of an integer of `K ≤ M` bits are its `zext`/`sext` to `M` bits, and of a constant its
//! truncation. So by induction every rebuilt node holds the low `M` bits of the node it replaces, and the root
//! holds the `trunc`'s value. The wide nodes could be poison (an `nsw` overflow) where the narrow ones are not;
//! that only refines the program. The tests check it by translation validation (`%validate`).
//!
//! # Not handled
//! Nodes with other users (they would be computed twice), right shifts, divisions and comparisons (their low
//! bits depend on high bits), selects and phis, and leaves that are neither extensions nor constants.

use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::{self, Writer};
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir;

/// A node of the tree, in post order.
#[derive(Clone, Copy, Debug)]
enum Node {
    /// A `zext`/`sext` (`inst`) of `source` (`M` bits or fewer): `Some(opcode)` to extend it to `iM`, `None` to
    /// use it as it is.
    Extension {
        inst: LLVMValueRef,
        source: LLVMValueRef,
        extend: Option<LLVMOpcode>,
    },
    Constant(LLVMValueRef),
    /// A binary operation of the nodes at the two indices.
    Op {
        inst: LLVMValueRef,
        opcode: LLVMOpcode,
        lhs: usize,
        rhs: usize,
    },
}

/// Reads the tree of `value` for a narrow type of `m` bits into `nodes`, or says why it is not one.
fn read(value: LLVMValueRef, m: u32, nodes: &mut Vec<Node>) -> Result<usize, String> {
    use LLVMOpcode::*;
    if ir::is_plain_constant(value) {
        nodes.push(Node::Constant(value));
        return Ok(nodes.len() - 1);
    }
    match ir::opcode(value) {
        Some(op @ (LLVMZExt | LLVMSExt)) => {
            let source = ir::operand(value, 0);
            let bits = ir::int_element_bits(ir::type_of(source)).ok_or("an extension of a non-integer")?;
            if bits > m {
                return Err(format!("an extended value has {bits} bits, more than the {m} kept"));
            }
            nodes.push(Node::Extension { inst: value, source, extend: (bits < m).then_some(op) });
            Ok(nodes.len() - 1)
        }
        Some(op @ (LLVMAdd | LLVMSub | LLVMMul | LLVMAnd | LLVMOr | LLVMXor | LLVMShl)) => {
            if !ir::has_one_use(value) {
                return Err("an inner operation has other users".to_string());
            }
            let (a, b) = (ir::operand(value, 0), ir::operand(value, 1));
            if op == LLVMShl && !shift_below(b, m) {
                return Err("a shift amount is not a constant below the narrow width".to_string());
            }
            let lhs = read(a, m, nodes)?;
            let rhs = read(b, m, nodes)?;
            nodes.push(Node::Op { inst: value, opcode: op, lhs, rhs });
            Ok(nodes.len() - 1)
        }
        _ => Err("an operand is not narrowable arithmetic, an extension or a constant".to_string()),
    }
}

/// Whether `amount` is a constant (scalar or every lane of a vector) below `m`.
fn shift_below(amount: LLVMValueRef, m: u32) -> bool {
    let below = |c: i64| (0..m as i64).contains(&c);
    ir::const_int(amount).map_or_else(|| ir::const_int_vector(amount).is_some_and(|v| v.into_iter().all(below)), below)
}

fn emit(w: &mut Writer, nodes: &[Node], narrow_ty: LLVMTypeRef) -> LLVMValueRef {
    use LLVMOpcode::*;
    let mut values: Vec<LLVMValueRef> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let v = match *node {
            Node::Extension { source, extend: None, .. } => source,
            Node::Extension { source, extend: Some(LLVMSExt), .. } => w.extend(source, narrow_ty, true),
            Node::Extension { source, .. } => w.extend(source, narrow_ty, false),
            Node::Constant(c) => ir_write::const_trunc(c, narrow_ty),
            Node::Op { opcode, lhs, rhs, .. } => w.binop(opcode, values[lhs], values[rhs]),
        };
        values.push(v);
    }
    values[values.len() - 1]
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    let truncs: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| ir::opcode(inst) == Some(LLVMOpcode::LLVMTrunc))
        .collect();
    let mut changed = false;
    let mut narrowed = 0u64;
    let mut nodes = Vec::new();
    for trunc in truncs {
        let narrow_ty = ir::type_of(trunc);
        let Some(m) = ir::int_element_bits(narrow_ty) else {
            continue;
        };
        let value = ir::operand(trunc, 0);
        if !matches!(
            ir::opcode(value),
            Some(
                LLVMOpcode::LLVMAdd
                    | LLVMOpcode::LLVMSub
                    | LLVMOpcode::LLVMMul
                    | LLVMOpcode::LLVMAnd
                    | LLVMOpcode::LLVMOr
                    | LLVMOpcode::LLVMXor
                    | LLVMOpcode::LLVMShl
            )
        ) {
            continue;
        }
        nodes.clear();
        if let Err(reason) = read(value, m, &mut nodes) {
            cx.remark(RemarkKind::Missed, c"NotNarrowed", trunc, &reason);
            continue;
        }
        let narrow = Writer::before(trunc, |w| emit(w, &nodes, narrow_ty));
        region_ir::replace_and_erase(trunc, narrow);
        // The wide operations, root first (each used only by its parent), then the extensions left unused
        // (one may be a leaf more than once: erase each once).
        let mut extensions = Vec::new();
        for node in nodes.iter().rev() {
            match *node {
                Node::Op { inst, .. } => {
                    region_ir::erase_if_dead(inst);
                }
                Node::Extension { inst, .. } => extensions.push(inst),
                Node::Constant(_) => {}
            }
        }
        extensions.sort_unstable();
        extensions.dedup();
        for inst in extensions {
            region_ir::erase_if_dead(inst);
        }
        narrowed += 1;
        changed = true;
    }
    cx.count(c"truncs-narrowed", c"truncated integer arithmetic computed in the narrow type", narrowed);
    changed
}
