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
//! GenX intrinsics of extended operands, which CM's headers write for `cm_abs<short>` and
//! `cm_add<uchar>(short, short, SAT)`: `trunc(absi(sext x))` to `x`'s type `iK` becomes `absi(x)` in `iK` (the
//! `absi` used only by the `trunc`); `XYadd.sat(a, b)` in `iN` whose operands are both extensions from one `iK`
//! (`sext` when the operands are signed, `Y = s`; `zext` when unsigned) or constants in `iK`'s range for that
//! signedness, with `K` at least the result's width, becomes the same saturating add of the `iK` values. IGC
//! then folds the `absi` into the add as a source modifier (Sobel's magnitude: 8 dword moves fewer).
//!
//! Compares of extended operands: `icmp P a, b` where `a` and `b` are each a `sext` (or each a `zext`) from one
//! `iK` (`K >= 8`), or one of them such an extension and the other a constant whose every lane is in `iK`'s range
//! for that signedness, compares the `iK` values instead (`P` made unsigned for `zext`). C++ promotes
//! `matrix<short> gx; gx < 0` to a compare of `int`s: in the wide type the compare has twice the lanes' bytes, so
//! genx-legalize splits it in twice as many pieces, and a predicate of the narrow lanes' width is then rejoined
//! from halves (Sobel's `merge(-gx, gx < 0)`: 6 compares of 16 lanes and a rejoin instead of 3 of 32).
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
//! starts at `K-s >= M`). `absi` in `iN` of `sext x` is `|x|` exactly (`|x| <= 2^(K-1) < 2^(N-1)`); its
//! low `K` bits are `|x|` for every `x` but `-2^(K-1)`, where they are `-2^(K-1)`: what `absi` in `iK` gives (it
//! wraps `|MIN|` to `MIN`, as the hardware's source modifier does). A saturating add saturates the exact sum of
//! its operands read with the signedness `Y`; the extension of the operands' signedness preserves each value,
//! and a constant in `iK`'s range is its truncation read back, so the exact sum and the result are the same.
//! `sext` from `iK` to `iN` is injective and keeps both orders: for the signed order it keeps values, for
//! the unsigned order it maps `[0, 2^(K-1))` to itself and `[2^(K-1), 2^K)` to `[2^N - 2^(K-1), 2^N)`, above
//! all of the former, in order. `zext` keeps values, all below `2^(N-1)`, where the signed and unsigned orders of
//! `iN` agree, so a signed predicate on two zero-extended values is the unsigned one on the sources. A constant in
//! `iK`'s range is the extension of its truncation, so every compare has the same outcome on the narrow values.
//! The wide nodes could be poison (an `nsw` overflow) where the narrow ones are not;
//! that only refines the program. The tests check it by translation validation (`%validate`).
//!
//! # Not handled
//! Nodes with other users (they would be computed twice), right shifts inside the tree or by a variable amount,
//! a right shift whose kept bits reach the top of its type, divisions and comparisons under a `trunc` (their low
//! bits depend on high bits), selects and phis, and leaves that are neither extensions nor constants; compares
//! of a `sext` with a `zext`, or of extensions from different widths, and compares of extended `i1`s (a
//! predicate's materialisation, which genx-legalize folds whole).

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

const ABSI: &str = "llvm.genx.absi";

/// The saturating adds; the second letter is the operands' signedness.
const ADD_SAT: [&str; 4] = ["llvm.genx.ssadd.sat", "llvm.genx.suadd.sat", "llvm.genx.usadd.sat", "llvm.genx.uuadd.sat"];

/// `trunc(absi(sext x))` with `x` of the `trunc`'s type `iK` becomes `absi(x)` in `iK`.
fn narrow_abs(trunc: LLVMValueRef, abs: LLVMValueRef) -> Result<(), String> {
    let narrow_ty = ir::type_of(trunc);
    if !ir::has_one_use(abs) {
        return Err("the absi has other users".to_string());
    }
    let extension = ir::call_arg(abs, 0);
    if ir::opcode(extension) != Some(LLVMOpcode::LLVMSExt) {
        return Err("the absi's operand is not a sign extension".to_string());
    }
    let x = ir::operand(extension, 0);
    if ir::type_of(x) != narrow_ty {
        return Err("the sign-extended value is not of the truncated type".to_string());
    }
    let narrow = Writer::before(trunc, |w| w.genx_call(ABSI, narrow_ty, &mut [x]))?;
    region_ir::replace_and_erase(trunc, narrow);
    region_ir::erase_if_dead(abs);
    region_ir::erase_if_dead(extension);
    Ok(())
}

/// One operand of a saturating add, narrowed to `iK`: the source of an extension of the operands' signedness
/// (`sext` for signed, `zext` for unsigned) from `iK`, or a constant whose every lane is in `iK`'s range for
/// that signedness (truncated). `None` otherwise.
fn narrow_operand(value: LLVMValueRef, k: u32, signed: bool, narrow_ty: LLVMTypeRef) -> Option<LLVMValueRef> {
    let extension = if signed { LLVMOpcode::LLVMSExt } else { LLVMOpcode::LLVMZExt };
    if ir::opcode(value) == Some(extension) {
        let source = ir::operand(value, 0);
        return (ir::type_of(source) == narrow_ty).then_some(source);
    }
    if !ir::is_plain_constant(value) {
        return None;
    }
    let n = ir::int_element_bits(ir::type_of(value))?;
    let lanes = ir::const_int(value).map(|c| vec![c]).or_else(|| ir::const_int_vector(value))?;
    let fits = |c: i64| {
        if signed {
            let half = 1i64 << (k - 1);
            (-half..half).contains(&c)
        } else {
            // `const_int` sign-extends: the unsigned value is the low `n` bits.
            let unsigned = if n >= 64 { c as u64 } else { (c as u64) & ((1u64 << n) - 1) };
            unsigned < (1u64 << k)
        }
    };
    lanes.into_iter().all(fits).then(|| ir_write::const_trunc(value, narrow_ty))
}

/// `XYadd.sat(a, b)` in `iN` whose operands are both `iK` values extended (or constants in `iK`'s range), `K`
/// narrower than `N` and at least the result's width, becomes the same saturating add of the `iK` operands.
fn narrow_add_sat(add: LLVMValueRef) -> Result<(), String> {
    let base = region_ir::genx_base_name(add).ok_or("not a GenX intrinsic")?;
    let signed = base.as_bytes().get("llvm.genx.".len() + 1) == Some(&b's');
    let (a, b) = (ir::call_arg(add, 0), ir::call_arg(add, 1));
    let extension = if signed { LLVMOpcode::LLVMSExt } else { LLVMOpcode::LLVMZExt };
    // The narrow type is the extended operand's (one of the two must be an extension).
    let narrow_ty = [a, b]
        .into_iter()
        .find(|&v| ir::opcode(v) == Some(extension))
        .map(|v| ir::type_of(ir::operand(v, 0)))
        .ok_or("no operand is an extension of the operands' signedness")?;
    let k = ir::int_element_bits(narrow_ty).ok_or("an extension of a non-integer")?;
    let result_bits = ir::int_element_bits(ir::type_of(add)).ok_or("a non-integer result")?;
    if k < result_bits {
        return Err(format!("the extended operands have {k} bits, fewer than the {result_bits}-bit result"));
    }
    let (Some(na), Some(nb)) = (narrow_operand(a, k, signed, narrow_ty), narrow_operand(b, k, signed, narrow_ty)) else {
        return Err(format!("an operand is neither an extension from i{k} nor a constant in its range"));
    };
    let narrow = Writer::before(add, |w| w.genx_call(base, ir::type_of(add), &mut [na, nb]))?;
    region_ir::replace_and_erase(add, narrow);
    region_ir::erase_dead(&[a, b]);
    Ok(())
}

/// `icmp P a, b` whose operands are both extensions of one kind (`sext`, or `zext`) from one `iK`, or one of
/// them such an extension and the other a constant whose every lane is such an extension, becomes the compare
/// of the `iK` values: with `P` for `sext`, with `P` read unsigned for `zext` (a zero-extended value is never
/// negative, so its signed and unsigned orders agree). `Ok(false)` when no operand is an extension.
fn narrow_compare(cmp: LLVMValueRef) -> Result<bool, String> {
    use crate::llvm_sys::LLVMIntPredicate::*;
    let (a, b) = (ir::operand(cmp, 0), ir::operand(cmp, 1));
    let extension = [a, b]
        .into_iter()
        .find_map(|v| match ir::opcode(v) {
            Some(op @ (LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMZExt)) => Some((v, op)),
            _ => None,
        });
    let Some((ext, op)) = extension else { return Ok(false) };
    let signed = op == LLVMOpcode::LLVMSExt;
    let narrow_ty = ir::type_of(ir::operand(ext, 0));
    let k = ir::int_element_bits(narrow_ty).ok_or("an extension of a non-integer")?;
    if k < 8 {
        // A compare of an extended `i1` is a predicate's materialisation, which genx-legalize folds whole.
        return Ok(false);
    }
    let (Some(na), Some(nb)) = (narrow_operand(a, k, signed, narrow_ty), narrow_operand(b, k, signed, narrow_ty)) else {
        return Err(format!("the other operand is neither the same extension from i{k} nor a constant in its range"));
    };
    let predicate = match ir::icmp_predicate(cmp) {
        LLVMIntSLT if !signed => LLVMIntULT,
        LLVMIntSLE if !signed => LLVMIntULE,
        LLVMIntSGT if !signed => LLVMIntUGT,
        LLVMIntSGE if !signed => LLVMIntUGE,
        p => p,
    };
    let narrow = Writer::before(cmp, |w| w.icmp(predicate, na, nb));
    region_ir::replace_and_erase(cmp, narrow);
    region_ir::erase_dead(&[a, b]);
    Ok(true)
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
    let (mut narrowed, mut shifted, mut intrinsics) = (0u64, 0u64, 0u64);
    let mut nodes = Vec::new();
    for trunc in truncs {
        let narrow_ty = ir::type_of(trunc);
        let Some(m) = ir::int_element_bits(narrow_ty) else {
            continue;
        };
        let value = ir::operand(trunc, 0);
        if region_ir::genx_base_name(value) == Some(ABSI) {
            match narrow_abs(trunc, value) {
                Ok(()) => {
                    intrinsics += 1;
                    changed = true;
                }
                Err(reason) => cx.remark(RemarkKind::Missed, c"NotNarrowed", trunc, &reason),
            }
            continue;
        }
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
    // Saturating adds of extended operands (collected after the truncs: a rewrite above may have made one).
    let adds: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| region_ir::genx_base_name(inst).is_some_and(|b| ADD_SAT.contains(&b)))
        .collect();
    for add in adds {
        match narrow_add_sat(add) {
            Ok(()) => {
                intrinsics += 1;
                changed = true;
            }
            Err(reason) => cx.remark(RemarkKind::Missed, c"NotNarrowed", add, &reason),
        }
    }
    cx.count(c"intrinsics-narrowed", c"absi and saturating adds of extended operands done in the narrow type", intrinsics);
    // Compares of extended operands.
    let compares: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| ir::opcode(inst) == Some(LLVMOpcode::LLVMICmp))
        .collect();
    let mut compared = 0u64;
    for cmp in compares {
        match narrow_compare(cmp) {
            Ok(false) => {}
            Ok(true) => {
                compared += 1;
                changed = true;
            }
            Err(reason) => cx.remark(RemarkKind::Missed, c"NotNarrowed", cmp, &reason),
        }
    }
    cx.count(c"compares-narrowed", c"compares of extended operands done in the operands' width", compared);
    cx.count(c"shifts-narrowed", c"truncated right shifts of arithmetic computed in 8, 16 or 32 bits", shifted);
    changed
}
