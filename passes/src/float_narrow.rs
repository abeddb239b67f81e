//! `genx-float-narrow`: a floating-point sum of small integers is computed in integers and converted once.
//!
//! # Why
//! Image kernels convert pixels to float and add them up: the paper's linear filter adds nine `uchar`s as
//! `float` (`sum += in.select<...>(...)`), which IGC compiles as nine conversions of every pixel to float and
//! eight float additions, each of 144 lanes. The same sum in 16-bit integers takes the bytes as they are
//! (a word add takes byte operands) and converts once, and IGC does not see that the float additions are exact.
//!
//! # What
//! A *sum tree* is an `fadd`/`fsub` (its *root*, scalar or vector of `half`, `float` or `double`) whose operands
//! are, recursively, `fadd`/`fsub` nodes used only by their parent, or *leaves*: `uitofp`/`sitofp` of integers of
//! at most 16 bits. When value ranges prove the tree exact (below), it becomes: every leaf's integer
//! zero- (`uitofp`) or sign- (`sitofp`) extended to `iK`, `add`/`sub` in `iK` in the tree's shape, and one
//! `uitofp` (the root's range is non-negative) or `sitofp` of the result to the root's type. `K` is 16 when the
//! root's range fits 16 bits with that signedness, else 32.
//!
//! Then, when the narrowed sum `S` (non-negative) is only scaled and converted back, `fptoui(float(S) * c)` to
//! an integer of at most 32 bits with `c` a positive constant (the linear filter's `out = sum * 0.1111f`), the
//! float round trip becomes `(S * M) >> K` in `i32`, when an exhaustive check over the range of `S` (at most
//! 2^17 values; `scale_in_integers`) finds `M` and `K` that give the same integer for every `S` where the
//! conversion is defined. IGC computes the scaling in three instructions per GRF (convert, multiply, convert
//! back in two moves); the integer form in two, and the float registers go.
//!
//! # Proof of exactness
//! Ranges are intervals: a `uitofp` leaf of `iN` is `[0, 2^N - 1]`, a `sitofp` leaf `[-2^(N-1), 2^(N-1) - 1]`;
//! `a + b` is `[a.lo + b.lo, a.hi + b.hi]`, `a - b` is `[a.lo - b.hi, a.hi - b.lo]`. The tree is accepted when
//! every leaf and node lies within `±2^p`, `p` the precision of the type (11, 24, 53 bits): every integer there
//! is representable, so each leaf's conversion is exact and, by induction over the tree, each float operation
//! adds two representable integers whose exact sum is representable, which IEEE rounding returns unchanged:
//! the root's float value *is* the integer value `V` of the tree. The integer form computes `V` modulo `2^K`
//! (wrapping intermediates do no harm in modular arithmetic) and `V` lies in the `K`-bit range of the final
//! conversion's signedness, so the conversion yields `float(V)` exactly. Signed zero: conversions give `+0`,
//! and sums and differences of `+0` in round-to-nearest give `+0`, so the original never produces `-0`, and
//! neither does the conversion of integer 0. Fast-math flags change nothing (no NaN, infinity or rounding
//! arises). The scaling is exact by enumeration: `integer_scale` computes the original's value for every `S`
//! of the range in IEEE single precision (round to nearest even, as the GPU and the executor) and accepts `M`,
//! `K` only if `(S * M) >> K` equals it wherever the conversion is defined (elsewhere the original is poison).
//! The tests check both by translation validation (`%validate`).
//!
//! # Invariants
//! Only whole trees are rewritten; a tree with any other operand (a constant, a product, a wider integer) is
//! left as it is with a missed remark, and its operand sums are tried as trees of their own. Leaves keep their other uses (the extension is new; the conversion is
//! erased only when the tree was its last user).
//!
//! # Not handled
//! Constant leaves, products (`fmul` by small integers), leaves wider than 16 bits, ranges beyond `i32`, and
//! sums whose nodes have other users than their parent (each would need its own conversion).

use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::{self, Writer};
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir;

/// A node of a sum tree, in post order (operands before their node).
#[derive(Clone, Copy, Debug)]
enum Node {
    /// A conversion of `value` (an integer of `bits`) to float; signed for `sitofp`.
    Leaf { conversion: LLVMValueRef, value: LLVMValueRef, signed: bool },
    /// `fadd` or `fsub` of the nodes at the two indices.
    Op { inst: LLVMValueRef, sub: bool, lhs: usize, rhs: usize },
}

/// A closed interval of integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Range {
    lo: i64,
    hi: i64,
}

/// Whether `inst` is an `fadd` or `fsub` (the nodes of a sum tree).
fn is_sum_op(inst: LLVMValueRef) -> bool {
    matches!(ir::opcode(inst), Some(LLVMOpcode::LLVMFAdd | LLVMOpcode::LLVMFSub))
}

/// The precision in bits of a floating-point element type: every integer of magnitude up to `2^p` is exact.
fn precision(ty: LLVMTypeRef) -> Option<u32> {
    let element = region_ir::element_type(ty);
    match ir::type_kind(element) {
        LLVMTypeKind::LLVMHalfTypeKind => Some(11),
        LLVMTypeKind::LLVMFloatTypeKind => Some(24),
        LLVMTypeKind::LLVMDoubleTypeKind => Some(53),
        _ => None,
    }
}

/// Reads the sum tree under `root` into `nodes` (post order) or says why it is not one.
fn read_tree(root: LLVMValueRef, nodes: &mut Vec<Node>) -> Result<usize, String> {
    let operand = |value: LLVMValueRef, nodes: &mut Vec<Node>| -> Result<usize, String> {
        if is_sum_op(value) {
            if !ir::has_one_use(value) {
                return Err("an inner sum has other users".to_string());
            }
            return read_tree(value, nodes);
        }
        let signed = match ir::opcode(value) {
            Some(LLVMOpcode::LLVMUIToFP) => false,
            Some(LLVMOpcode::LLVMSIToFP) => true,
            _ => return Err("an operand is neither a sum nor a conversion of an integer".to_string()),
        };
        let source = ir::operand(value, 0);
        match ir::int_element_bits(ir::type_of(source)) {
            Some(bits) if (1..=16).contains(&bits) => {}
            _ => return Err("a converted integer is wider than 16 bits".to_string()),
        }
        nodes.push(Node::Leaf { conversion: value, value: source, signed });
        Ok(nodes.len() - 1)
    };
    let (a, b) = (ir::operand(root, 0), ir::operand(root, 1));
    let lhs = operand(a, nodes)?;
    let rhs = operand(b, nodes)?;
    let sub = ir::opcode(root) == Some(LLVMOpcode::LLVMFSub);
    nodes.push(Node::Op { inst: root, sub, lhs, rhs });
    Ok(nodes.len() - 1)
}

/// The range of every node, or why one is not exact in a type of precision `p`.
fn ranges(nodes: &[Node], p: u32) -> Result<Vec<Range>, String> {
    let limit = 1i64 << p;
    let mut out: Vec<Range> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let range = match *node {
            Node::Leaf { value, signed, .. } => {
                let bits = ir::int_element_bits(ir::type_of(value)).unwrap_or(16);
                if signed {
                    Range { lo: -(1i64 << (bits - 1)), hi: (1i64 << (bits - 1)) - 1 }
                } else {
                    Range { lo: 0, hi: (1i64 << bits) - 1 }
                }
            }
            Node::Op { sub, lhs, rhs, .. } => {
                let (a, b) = (out[lhs], out[rhs]);
                if sub {
                    Range { lo: a.lo - b.hi, hi: a.hi - b.lo }
                } else {
                    Range { lo: a.lo + b.lo, hi: a.hi + b.hi }
                }
            }
        };
        if range.lo < -limit || range.hi > limit {
            return Err(format!(
                "a partial sum may reach [{}, {}], beyond the exact integers of the type",
                range.lo, range.hi
            ));
        }
        out.push(range);
    }
    Ok(out)
}

/// The integer width of the rewritten tree and the signedness of its conversion, from the root's range.
fn width_for(root: Range) -> Option<(u32, bool)> {
    let signed = root.lo < 0;
    let fits = |bits: u32| {
        if signed {
            root.lo >= -(1i64 << (bits - 1)) && root.hi < (1i64 << (bits - 1))
        } else {
            root.hi < (1i64 << bits)
        }
    };
    [16, 32].into_iter().find(|&k| fits(k)).map(|k| (k, signed))
}

/// Rewrites the tree `nodes` (its root last) in `iK` and returns the conversion that replaces the root.
fn emit(w: &mut Writer, nodes: &[Node], k: u32, signed: bool) -> LLVMValueRef {
    let root = match nodes.last() {
        Some(Node::Op { inst, .. }) => *inst,
        _ => unreachable!("a tree ends with its root operation"),
    };
    let root_ty = ir::type_of(root);
    let int_ty = ir_write::int_type_like(root_ty, k);
    let mut values: Vec<LLVMValueRef> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let v = match *node {
            Node::Leaf { value, signed, .. } => {
                if ir::int_element_bits(ir::type_of(value)) == Some(k) {
                    value
                } else {
                    w.extend(value, int_ty, signed)
                }
            }
            Node::Op { sub: true, lhs, rhs, .. } => w.sub(values[lhs], values[rhs]),
            Node::Op { lhs, rhs, .. } => w.add(values[lhs], values[rhs]),
        };
        values.push(v);
    }
    let sum = values[values.len() - 1];
    w.cast(if signed { LLVMOpcode::LLVMSIToFP } else { LLVMOpcode::LLVMUIToFP }, sum, root_ty)
}

/// The most values of a sum's range [`scale_in_integers`] enumerates.
const MAX_SCALE_RANGE: i64 = 1 << 17;

/// The `(M, K)` with `((s * M) >> K) == fptoui(float(s) * c)` for every `s` of `range` whose conversion fits `bits`
/// bits (elsewhere `fptoui` is poison), `s * M` staying within 32 bits; found by trying, for each `K`, the
/// multipliers next to `c * 2^K`, and checked on every value of the range.
fn integer_scale(c: f32, range: Range, bits: u32) -> Option<(u32, u32)> {
    if !(c.is_finite() && c > 0.0) || range.lo < 0 || range.hi - range.lo >= MAX_SCALE_RANGE {
        return None;
    }
    let reference = |s: i64| -> Option<u64> {
        // f32 arithmetic is IEEE single precision with round-to-nearest-even, as on the GPU and the executor.
        let product = (s as f32) * c;
        let truncated = product.trunc() as u64;
        (truncated < (1u64 << bits)).then_some(truncated)
    };
    for k in 0..32u32 {
        let ideal = c as f64 * (1u64 << k) as f64;
        for m in [ideal.floor(), ideal.ceil(), ideal.floor() + 1.0] {
            if !(1.0..=u32::MAX as f64).contains(&m) || m * range.hi as f64 >= u32::MAX as f64 {
                continue;
            }
            let m = m as u64;
            let exact = (range.lo..=range.hi).all(|s| reference(s).is_none_or(|r| (s as u64 * m) >> k == r));
            if exact {
                return Some((m as u32, k));
            }
        }
    }
    None
}

/// After a sum is narrowed to `converted = uitofp iK S`: `fptoui(fmul(converted, c))` to an integer of at most 32
/// bits, with `c` a positive constant (a splat), becomes `trunc(lshr(mul(zext S to i32, M), K))` when
/// [`integer_scale`] finds `M` and `K` exact on the whole range of `S` (an exhaustive check: the range is at most
/// 2^17 values). The linear filter's `out = sum * 0.1111f` is `(sum * 455) >> 12` for its sums of nine bytes.
/// Returns whether it did.
fn scale_in_integers(converted: LLVMValueRef, range: Range) -> bool {
    let Some(scale) = ir::users(converted).into_iter().next().filter(|_| ir::has_one_use(converted)) else {
        return false;
    };
    if ir::opcode(scale) != Some(LLVMOpcode::LLVMFMul) || !ir::has_one_use(scale) {
        return false;
    }
    let Some(to_int) = ir::users(scale).into_iter().next() else { return false };
    if ir::opcode(to_int) != Some(LLVMOpcode::LLVMFPToUI) {
        return false;
    }
    let ty = ir::type_of(converted);
    if ir::type_kind(region_ir::element_type(ty)) != LLVMTypeKind::LLVMFloatTypeKind {
        return false;
    }
    let (a, b) = (ir::operand(scale, 0), ir::operand(scale, 1));
    let constant = if a == converted { b } else { a };
    let Some(c) = splat_float(constant) else { return false };
    let Some(bits) = ir::int_element_bits(ir::type_of(to_int)).filter(|&b| b <= 32) else { return false };
    let Some((m, k)) = integer_scale(c, range, bits) else { return false };
    let sum = ir::operand(converted, 0);
    let replacement = Writer::before(to_int, |w| {
        let wide_ty = ir_write::int_type_like(ty, 32);
        let wide = if ir::int_element_bits(ir::type_of(sum)) == Some(32) { sum } else { w.extend(sum, wide_ty, false) };
        let product = w.mul(wide, ir_write::splat_int(wide_ty, m as u64));
        let shifted = w.lshr(product, ir_write::splat_int(wide_ty, k as u64));
        if bits == 32 {
            shifted
        } else {
            w.cast(LLVMOpcode::LLVMTrunc, shifted, ir::type_of(to_int))
        }
    });
    region_ir::replace_and_erase(to_int, replacement);
    region_ir::erase_if_dead(scale);
    region_ir::erase_if_dead(converted);
    true
}

/// The value of a float constant, or of every lane of a float splat constant.
fn splat_float(constant: LLVMValueRef) -> Option<f32> {
    let lane = crate::baling::util::splat_value(constant)?;
    ir::const_float(lane).map(|d| d as f32)
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    // Roots: sum operations not absorbed into a parent sum (a sole use by another fadd/fsub).
    let roots: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| is_sum_op(inst) && precision(ir::type_of(inst)).is_some())
        .filter(|&inst| !(ir::has_one_use(inst) && ir::users(inst).into_iter().all(is_sum_op)))
        .collect();
    let mut changed = false;
    let mut nodes = Vec::new();
    let mut narrowed = 0u64;
    let mut scaled = 0u64;
    // Roots last first; a refused tree offers its operand sums as roots of their own.
    let mut work: Vec<LLVMValueRef> = roots.into_iter().rev().collect();
    while let Some(root) = work.pop() {
        nodes.clear();
        let p = precision(ir::type_of(root)).unwrap_or(0);
        let plan = read_tree(root, &mut nodes).and_then(|_| ranges(&nodes, p)).and_then(|r| {
            let width = width_for(r[r.len() - 1]).ok_or_else(|| "the sum does not fit 32 bits".to_string())?;
            Ok((width, r))
        });
        let ((k, signed), node_ranges) = match plan {
            Ok(plan) => plan,
            Err(reason) => {
                cx.remark(RemarkKind::Missed, c"NotNarrowed", root, &reason);
                for i in 0..2 {
                    let operand = ir::operand(root, i);
                    if is_sum_op(operand) && ir::has_one_use(operand) {
                        work.push(operand);
                    }
                }
                continue;
            }
        };
        let converted = Writer::before(root, |w| emit(w, &nodes, k, signed));
        region_ir::replace_uses(root, converted);
        // The float nodes, root first (each used only by its parent), then the conversions left unused.
        for node in nodes.iter().rev() {
            if let Node::Op { inst, .. } = *node {
                ir_write::erase_unused(inst);
            }
        }
        // A conversion may be a leaf more than once (`x + x`): erase each once.
        let mut conversions: Vec<LLVMValueRef> = nodes
            .iter()
            .filter_map(|node| match *node {
                Node::Leaf { conversion, .. } => Some(conversion),
                Node::Op { .. } => None,
            })
            .collect();
        conversions.sort_unstable();
        conversions.dedup();
        for conversion in conversions {
            region_ir::erase_if_dead(conversion);
        }
        cx.remark(RemarkKind::Passed, c"Narrowed", converted, &format!("float sum computed in i{k}"));
        narrowed += 1;
        let root_range = node_ranges[node_ranges.len() - 1];
        if !signed && scale_in_integers(converted, root_range) {
            scaled += 1;
        }
        changed = true;
    }
    cx.count(c"sums-narrowed", c"floating-point sums of small integers computed in integers", narrowed);
    cx.count(
        c"scales-in-integers",
        c"float scalings of a narrowed sum converted back to integers done in integers",
        scaled,
    );
    changed
}
