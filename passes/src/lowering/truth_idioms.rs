//! Integer idioms over truth values rewritten into `select`s (genx-lowering's first step).
//!
//! # Why
//! C, CM and clang write conditions as numbers (`crate::truth`): clang's vector `?:` (the CM template
//! library's `cmtl::...` math, GNU vector code) is `(a & ~m) | (b & m)` with the mask `m = sext(c)`, after
//! testing the mask's sign (`icmp slt sext(c), 0`); `a ^ ((a ^ b) & m)` is the same blend; `count += (x > 0)`
//! adds a `zext` of the compare; `vector<ushort, N> m = a > b` is `sext`, `trunc`, `and 1`. Lowered as written
//! each is several instructions where one `sel`, or one predicated instruction, does it: the flag the compare
//! makes is the condition. IGC's InstCombine rewrites them on its route; the vISA route has no InstCombine
//! (ARCHITECTURE.md says why), so this step does, before the rest of genx-lowering turns the remaining
//! `sext`/`zext` of `i1` into selects of constants.
//!
//! # Rewrites
//! A full mask of C is a truth value of C whose constant is all ones (`sext` of C, `select C, -1, 0`, through
//! the chains `crate::truth` follows), or the `xor` of one with all ones (the mask of "not C"). Two walks over
//! the function in layout order (the second sees what the first built):
//! 1. * a compare that only tests a truth value → its `i1` (`truth::compare`);
//!    * blends: `or (and A, ~M), (and B, M)` and `xor A, (and (xor A, B), M)` (any operand order), M and
//!      ~M full masks of C and not C → `select C, B, A`.
//! 2. * `and A, M` with M a full mask of C → `select C, A, 0` (`select C, 0, A` for the mask of not C);
//!    * conditional operations: `X op Z` for `op` one of `add`, `or`, `xor` (either order) and `sub` (Z
//!      subtracted), with Z a truth value (C, k) whose chain has no other use → `select C, (X op k), X`
//!      (`X - k` built as `X + (-k)`); baling makes that one predicated instruction writing X's register
//!      (or an operation and a `sel` when X lives on), in place of the materialisation and the operation;
//!    * materialisations: an `and`, `trunc`, `zext` or `sext` whose truth value is (C, k), and whose operand
//!      in the chain has no other use → `select C, k, 0`.
//!
//! A select is built in the floating-point type F when one of its arms is a `bitcast` of an F value or the
//! replaced value is bitcast to F (the blends of clang's `?:` on floats go through `i32`): the arms are then
//! the F values (constants cast), the uses of those bitcasts to F take the F select directly, and the integer
//! view is a bitcast of it (an alias in vISA), so float source modifiers (`fneg`) can bale into the `sel`.
//!
//! # Invariants
//! Every rewrite is exact lane by lane on the lanes the original defines (the identities hold for every value of
//! C, A, B, X); undefined constant lanes may become anything. The instructions a rewrite left unused are erased
//! (only side-effect-free ones). New instructions are `select`, `bitcast` and the integer operation of a
//! conditional operation, none of which genx-lowering lowers itself.
//!
//! # Not handled
//! Conditions of more than `MAX_PREDICATE_LANES` lanes, except in blends and masked values; masks that are not truth values (`ashr x, 31`, a mask loaded from memory), blends under two different
//! conditions, `icmp eq X, 0` (the negated condition would need a new `xor`), `and` of a truth value with a
//! non-constant, conditional `mul`/shifts, phis of truth values.

use std::collections::HashSet;

use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::ir;
use crate::ir_write::{self, Writer};
use crate::region_ir;
use crate::truth::{self, low_mask, splat};

/// The widest condition rewritten, except blends and masked values: vISA's widest predicate. A wider one is
/// split by genx-legalize, which cuts the front end's materialised form (a compare of words) into pieces more
/// cheaply than a compare of the dwords it came from (Sobel's 96-lane `merge(-x, x < 0)`: 109 Gen instructions
/// as written, 167 rewritten); the vISA emitter's `truth::fold` still folds those compares after legalization.
/// A blend (or a masked value) is rewritten at any width: each piece of its select is one `sel` or predicated
/// instruction where the bitwise form is the mask's materialisation and two or three operations (cmtl's
/// `cm_atan2` on a 16x16 matrix, kernel wide_math: 1527 Gen instructions on icllp as written, 1075 rewritten).
pub(crate) const MAX_PREDICATE_LANES: u32 = 32;

/// How many of each rewrite one run made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub compares: u64,
    pub blends: u64,
    pub conditional_ops: u64,
    pub materialisations: u64,
}

/// Rewrites the idioms of `function` (see the module note).
pub(crate) fn rewrite(function: LLVMValueRef) -> Counts {
    let mut counts = Counts::default();
    let mut erased = HashSet::new();
    for walk in [1, 2] {
        let insts: Vec<LLVMValueRef> = ir::blocks(function).flat_map(ir::instructions).collect();
        for inst in insts {
            if erased.contains(&inst) {
                continue;
            }
            if region_ir::lanes(ir::type_of(inst)) > MAX_PREDICATE_LANES {
                // Only a blend or masked value: its select replaces the mask's materialisation and two or three
                // bitwise operations per piece once split, whatever the condition's width.
                let wide_blend = if walk == 1 { blend(inst) } else { masked_and(inst) };
                if let Some((c, on_true, on_false)) = wide_blend {
                    emit_select(inst, c, on_true, on_false, &mut erased);
                    counts.blends += 1;
                }
                continue;
            }
            if walk == 1 {
                if let Some(c) = truth::compare(inst) {
                    replace(inst, c, None, &mut erased);
                    counts.compares += 1;
                } else if let Some((c, on_true, on_false)) = blend(inst) {
                    emit_select(inst, c, on_true, on_false, &mut erased);
                    counts.blends += 1;
                }
            } else if let Some((c, on_true, on_false)) = masked_and(inst) {
                emit_select(inst, c, on_true, on_false, &mut erased);
                counts.blends += 1;
            } else if let Some((c, x, op, k)) = conditional_op(inst) {
                // X - k is built as X + (-k), the form the finalizer's immediates and our folds expect.
                let (op, k) = match op {
                    LLVMOpcode::LLVMSub => (LLVMOpcode::LLVMAdd, k.wrapping_neg() & low_mask(int_bits(x).unwrap_or(64))),
                    _ => (op, k),
                };
                let select = Writer::before(inst, |w| {
                    let operated = w.binop(op, x, ir_write::splat_int(ir::type_of(x), k));
                    w.select(c, operated, x)
                });
                replace(inst, select, None, &mut erased);
                counts.conditional_ops += 1;
            } else if let Some((c, k)) = materialisation(inst) {
                let ty = ir::type_of(inst);
                let (on_true, on_false) = (ir_write::splat_int(ty, k), ir_write::zero(ty));
                emit_select(inst, c, on_true, on_false, &mut erased);
                counts.materialisations += 1;
            }
        }
    }
    counts
}

/// The width of an integer (vector) value's elements.
fn int_bits(value: LLVMValueRef) -> Option<u32> {
    ir::int_element_bits(ir::type_of(value))
}

/// The two operands of a binary instruction.
fn operands(inst: LLVMValueRef) -> (LLVMValueRef, LLVMValueRef) {
    (ir::operand(inst, 0), ir::operand(inst, 1))
}

/// C and the polarity (true: the mask of C, false: the mask of not C) when `mask` is a full mask.
fn full_mask(mask: LLVMValueRef) -> Option<(LLVMValueRef, bool)> {
    let bits = int_bits(mask)?;
    match ir::opcode(mask)? {
        LLVMOpcode::LLVMXor => {
            let (a, b) = operands(mask);
            let inner = if splat(b) == Some(low_mask(bits)) {
                a
            } else if splat(a) == Some(low_mask(bits)) {
                b
            } else {
                return None;
            };
            full_mask(inner).map(|(c, polarity)| (c, !polarity))
        }
        LLVMOpcode::LLVMSelect if splat(ir::operand(mask, 1)) == Some(0) => {
            let cond = ir::operand(mask, 0);
            let whole = splat(ir::operand(mask, 2)) == Some(low_mask(bits));
            (whole && same_shape_condition(cond, mask)).then(|| (truth::resolve(cond), false))
        }
        _ => {
            let (c, k) = truth::truth(mask)?;
            (k == low_mask(bits)).then_some((c, true))
        }
    }
}

/// Whether `cond` is an `i1` of `value`'s shape (a scalar for a scalar, as many lanes for a vector).
fn same_shape_condition(cond: LLVMValueRef, value: LLVMValueRef) -> bool {
    ir::type_of(cond) == ir_write::int_type_like(ir::type_of(value), 1)
}

/// `and V, M` (either order) with M a full mask: (C, polarity, V).
fn masked(inst: LLVMValueRef) -> Option<(LLVMValueRef, bool, LLVMValueRef)> {
    if ir::opcode(inst)? != LLVMOpcode::LLVMAnd {
        return None;
    }
    let (a, b) = operands(inst);
    full_mask(b).map(|(c, p)| (c, p, a)).or_else(|| full_mask(a).map(|(c, p)| (c, p, b)))
}

/// A blend (`or` of two masked values under opposite masks, or the `xor` form): (C, on true, on false).
fn blend(inst: LLVMValueRef) -> Option<(LLVMValueRef, LLVMValueRef, LLVMValueRef)> {
    match ir::opcode(inst)? {
        LLVMOpcode::LLVMOr => {
            let (x, y) = operands(inst);
            let (cx, px, vx) = masked(x)?;
            let (cy, py, vy) = masked(y)?;
            if cx != cy || px == py {
                return None;
            }
            Some(if px { (cx, vx, vy) } else { (cx, vy, vx) })
        }
        LLVMOpcode::LLVMXor => {
            let (x, y) = operands(inst);
            for (a, and) in [(x, y), (y, x)] {
                let Some((c, polarity, difference)) = masked(and) else { continue };
                if ir::opcode(difference) != Some(LLVMOpcode::LLVMXor) {
                    continue;
                }
                let (u, v) = operands(difference);
                let b = if u == a {
                    v
                } else if v == a {
                    u
                } else {
                    continue;
                };
                return Some(if polarity { (c, b, a) } else { (c, a, b) });
            }
            None
        }
        _ => None,
    }
}

/// `and A, M` alone: (C, on true, on false).
fn masked_and(inst: LLVMValueRef) -> Option<(LLVMValueRef, LLVMValueRef, LLVMValueRef)> {
    let (c, polarity, value) = masked(inst)?;
    let zero = ir_write::zero(ir::type_of(inst));
    Some(if polarity { (c, value, zero) } else { (c, zero, value) })
}

/// `X op Z` with Z a truth value (C, k) used only here: (C, X, op, k).
fn conditional_op(inst: LLVMValueRef) -> Option<(LLVMValueRef, LLVMValueRef, LLVMOpcode, u64)> {
    let op = ir::opcode(inst)?;
    let (a, b) = operands(inst);
    let orders: &[(LLVMValueRef, LLVMValueRef)] = match op {
        LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor => &[(a, b), (b, a)],
        LLVMOpcode::LLVMSub => &[(a, b)],
        _ => return None,
    };
    orders.iter().find_map(|&(x, z)| {
        if ir::is_constant(z) || !truth::chain_single_use(z) {
            return None;
        }
        let (c, k) = truth::truth(z)?;
        Some((c, x, op, k))
    })
}

/// An `and`, `trunc` or extension with a truth value (C, k) whose chain operand is used only by it.
fn materialisation(inst: LLVMValueRef) -> Option<(LLVMValueRef, u64)> {
    match ir::opcode(inst)? {
        LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMTrunc | LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt => {}
        _ => return None,
    }
    let link = truth::chain_operand(inst)?;
    if !ir::has_one_use(link) || ir::is_constant(link) {
        return None;
    }
    truth::truth(inst)
}

/// The floating-point type a select replacing `inst` is built in: that of an arm's `bitcast` source, else
/// that of a `bitcast` using `inst` (same lane count); `None` for an integer select.
fn float_view(inst: LLVMValueRef, arms: [LLVMValueRef; 2]) -> Option<LLVMTypeRef> {
    let ty = ir::type_of(inst);
    let is_float_view = |t: LLVMTypeRef| {
        matches!(
            ir::type_kind(region_ir::element_type(t)),
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind
        ) && ir_write::int_type_like(t, 1) == ir_write::int_type_like(ty, 1)
    };
    let from_arm = arms.into_iter().find_map(|arm| {
        (ir::opcode(arm) == Some(LLVMOpcode::LLVMBitCast)).then(|| ir::type_of(ir::operand(arm, 0)))
    });
    from_arm.filter(|&t| is_float_view(t)).or_else(|| {
        ir::users(inst).into_iter().find_map(|user| {
            (ir::opcode(user) == Some(LLVMOpcode::LLVMBitCast)).then(|| ir::type_of(user)).filter(|&t| is_float_view(t))
        })
    })
}

/// Replaces `inst` by `select c, on_true, on_false`, built in a floating-point view when [`float_view`] finds
/// one.
fn emit_select(
    inst: LLVMValueRef,
    c: LLVMValueRef,
    on_true: LLVMValueRef,
    on_false: LLVMValueRef,
    erased: &mut HashSet<LLVMValueRef>,
) {
    let ty = ir::type_of(inst);
    let Some(view) = float_view(inst, [on_true, on_false]) else {
        let select = Writer::before(inst, |w| w.select(c, on_true, on_false));
        replace(inst, select, None, erased);
        return;
    };
    let (select, as_int) = Writer::before(inst, |w| {
        let mut arm = |value: LLVMValueRef| match ir::opcode(value) {
            Some(LLVMOpcode::LLVMBitCast) if ir::type_of(ir::operand(value, 0)) == view => ir::operand(value, 0),
            _ => w.bitcast(value, view),
        };
        let (t, f) = (arm(on_true), arm(on_false));
        let select = w.select(c, t, f);
        (select, w.bitcast(select, ty))
    });
    replace(inst, as_int, Some((view, select)), erased);
}

/// Replaces `inst` by `new` and erases what that leaves unused. With `view` = (F, S), S an F select whose
/// bitcast is `new`, a `bitcast` of `inst` to F is replaced by S itself.
fn replace(
    inst: LLVMValueRef,
    new: LLVMValueRef,
    view: Option<(LLVMTypeRef, LLVMValueRef)>,
    erased: &mut HashSet<LLVMValueRef>,
) {
    let mut dead: Vec<LLVMValueRef> = (0..ir::operand_count(inst)).map(|i| ir::operand(inst, i)).collect();
    if let Some((float, select)) = view {
        for user in ir::users(inst) {
            if ir::opcode(user) == Some(LLVMOpcode::LLVMBitCast) && ir::type_of(user) == float {
                region_ir::replace_uses(user, select);
                dead.push(user);
            }
        }
    }
    region_ir::replace_and_erase(inst, new);
    erased.insert(inst);
    dead.push(new);
    truth::erase_dead(dead, erased);
}
