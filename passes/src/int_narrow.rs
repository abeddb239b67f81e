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
//! A right shift under the `trunc` (`trunc(lshr|ashr(tree, s))`, `s` a constant, the shift used only by the
//! `trunc`): the `trunc` keeps bits `s..s+M-1` of the shifted tree. With `K` the narrowest of 8, 16, 32 such
//! that `s + M <= K` and `K < N`, the tree is rebuilt in `iK` as above (leaves of at most `K` bits), shifted
//! right logically by `s` in `iK` and truncated to `iM`. This is a filter's rounding division of a sum of bytes,
//! `(v + 8) >> 4` with `v` a `ushort` promoted to `int`: the sum, the shift and the packing move in 16 bits
//! instead of 32.
//!
//! # Proof of exactness
//! The low `M` bits of `a + b`, `a - b`, `a * b`, `a & b`, `a | b`, `a ^ b` and `a << c` (`c < M`) depend only
//! on the low `M` bits of `a` and `b`: they are the same operations modulo `2^M`. The low `M` bits of
//! `zext`/`sext` of an integer of `K ≤ M` bits are its `zext`/`sext` to `M` bits, and of a constant its
//! truncation. So by induction every rebuilt node holds the low `M` bits of the node it replaces, and the root
//! holds the `trunc`'s value. For a right shift by `s` (lane by lane, `s + M <= K < N`): lane bits `0..M-1` of
//! `lshr(y, s)` and of `ashr(y, s)` in `iN` are bits `s..s+M-1` of `y` (the sign fill of `ashr` starts at bit
//! `N-s >= M`); they lie below `K`, so they are bits `s..s+M-1` of `y mod 2^K`, which the tree rebuilt in `iK`
//! holds (same induction, with `K` for `M`), and `lshr` in `iK` brings them to bits `0..M-1` (its zero fill
//! starts at `K-s >= M`). The wide nodes could be poison (an `nsw` overflow) where the narrow ones are not;
//! that only refines the program. The tests check it by translation validation (`%validate`).
//!
//! # Not handled
//! Nodes with other users (they would be computed twice), right shifts inside the tree or by a variable amount,
//! a right shift whose kept bits reach the top of its type, divisions and comparisons (their low bits depend on
//! high bits), selects and phis, and leaves that are neither extensions nor constants.

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

/// The width `K` a truncated right shift's operand is computed in: the `trunc` to `iM` keeps bits `s..s+M-1`
/// of the shifted value, which its low `K` bits hold when `s + M <= K`; `K` is the narrowest of 8, 16 and 32
/// that does, and must be narrower than the shift's own type (else nothing is gained). `s` is a constant
/// (every lane's, for a vector; the largest counts).
fn shifted_width(shift: LLVMValueRef, m: u32) -> Result<u32, String> {
    if !ir::has_one_use(shift) {
        return Err("the right shift has other users".to_string());
    }
    let n = ir::int_element_bits(ir::type_of(shift)).ok_or("a shift of a non-integer")?;
    let amount = ir::operand(shift, 1);
    let lanes = ir::const_int(amount).map(|c| vec![c]).or_else(|| ir::const_int_vector(amount));
    let s = match lanes {
        Some(lanes) if !lanes.is_empty() && lanes.iter().all(|&c| c >= 0 && c < n as i64) => {
            lanes.into_iter().max().unwrap_or(0) as u32
        }
        _ => return Err("the right shift's amount is not a constant below its width".to_string()),
    };
    [8, 16, 32]
        .into_iter()
        .find(|&k| k >= s + m && k < n)
        .ok_or_else(|| format!("the bits kept ({s}..{}) need the whole i{n}", s + m - 1))
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
    let (mut narrowed, mut shifted) = (0u64, 0u64);
    let mut nodes = Vec::new();
    for trunc in truncs {
        let narrow_ty = ir::type_of(trunc);
        let Some(m) = ir::int_element_bits(narrow_ty) else {
            continue;
        };
        let value = ir::operand(trunc, 0);
        // The tree's root and the width it is computed in; with a right shift under the `trunc`, the shift.
        let (root, k, shift) = match ir::opcode(value) {
            Some(LLVMOpcode::LLVMLShr | LLVMOpcode::LLVMAShr) => match shifted_width(value, m) {
                Ok(k) => (ir::operand(value, 0), k, Some(value)),
                Err(reason) => {
                    cx.remark(RemarkKind::Missed, c"NotNarrowed", trunc, &reason);
                    continue;
                }
            },
            Some(
                LLVMOpcode::LLVMAdd
                | LLVMOpcode::LLVMSub
                | LLVMOpcode::LLVMMul
                | LLVMOpcode::LLVMAnd
                | LLVMOpcode::LLVMOr
                | LLVMOpcode::LLVMXor
                | LLVMOpcode::LLVMShl,
            ) => (value, m, None),
            _ => continue,
        };
        nodes.clear();
        if let Err(reason) = read(root, k, &mut nodes) {
            cx.remark(RemarkKind::Missed, c"NotNarrowed", trunc, &reason);
            continue;
        }
        let narrow = Writer::before(trunc, |w| match shift {
            None => emit(w, &nodes, narrow_ty),
            Some(shift) => {
                let k_ty = ir_write::int_type_like(narrow_ty, k);
                let low = emit(w, &nodes, k_ty);
                let shifted = w.lshr(low, ir_write::const_trunc(ir::operand(shift, 1), k_ty));
                w.cast(LLVMOpcode::LLVMTrunc, shifted, narrow_ty)
            }
        });
        region_ir::replace_and_erase(trunc, narrow);
        if let Some(shift) = shift {
            region_ir::erase_if_dead(shift);
            shifted += 1;
        }
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
    cx.count(c"shifts-narrowed", c"truncated right shifts of arithmetic computed in 8, 16 or 32 bits", shifted);
    changed
}
