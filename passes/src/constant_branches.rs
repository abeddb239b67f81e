//! `genx-constant-branches`: branches whose condition is a constant, once the known-zero low bits of integers
//! are used, become unconditional, the blocks they no longer reach are deleted, and loops whose body runs
//! exactly once become straight-line.
//!
//! # Why
//! The CM template library and the front end decide at run time what a C++ compiler would decide while
//! compiling: `if (__x & 3)` on a column `x * 16` (cmtl::WriteBlock's unaligned path), `if (sizeof(T) % 4 == 0
//! || ...)` (early-cse already folds it to `br i1 true`). IGC's instcombine and simplifycfg delete the dead side;
//! the vISA route runs neither (instcombine was measured and left out, ARCHITECTURE.md; simplifycfg makes
//! `switch`es the emitter does not lower and hoists code across SIMD control flow), so without this pass the
//! dead side is emitted: rotate_tiles carried a read-modify-write of its whole 16x16 tile (833 vISA
//! instructions) that no thread can run. The library's loops over a template parameter that is 1 (`for (s = 0;
//! s < STACKCOUNT; s++)`, the 128-byte blocks of one cache row) cost a compare, a jump and a counter each; IGC
//! unrolls them. The vISA route runs this pass before the middle end (`visa_route::PREPARE_PIPELINE`) and again
//! after it (`back_end_pipeline`: the middle end's constant folding decides more compares); genx-simdcf-lower
//! folds constant branches with the same function before it looks for SIMD branches.
//!
//! # Algorithm
//! 1. **Known-zero low bits** ([`known_low_zeros`]): how many low bits of an integer are zero whatever the run
//!    time values: a constant's trailing zeros; `mul` the sum of its operands'; `shl` by a constant adds it;
//!    `add`, `sub`, `or`, `xor`, `select` and phis the least of theirs; `and` the most; `zext`, `sext` and
//!    `trunc` keep them (capped at the width). Depth-limited (phis of loops are cut there), scalars of at most
//!    64 bits only.
//! 2. **Folds**, in layout order, repeated until nothing changes: `and X, C` is 0 when every bit of C lies in
//!    X's known-zero low bits, and X when C keeps every bit above them; an `icmp` of two constant integers is
//!    its constant (LLVM's constant folder); an `icmp` of a scalar `select C, K1, K2` of constants with a
//!    constant is a constant, C, or (when it only decides branches, whose successors are swapped) `not C`
//!    (`which ? CMRT_LOC_SECOND : CMRT_LOC_FIRST` tested again in cmtl::UnpackSingle).
//! 3. **Branches** ([`fold_constant_branches`]): `br i1 <constant>` becomes `br` to the side it takes (the
//!    other side's phis lose this block's entry); blocks no longer reachable from the entry are deleted (their
//!    values' uses, only in other dead blocks, become undef) and a phi left with one entry becomes its value.
//! 4. **Loops that run once** ([`fold_single_trip_loops`]), the front end's shape of a `for`: a header holding
//!    only phis, one compare of an induction phi with a constant and the branch; one latch (the predecessor the
//!    header dominates) ending in `br header`; no way out but the header's exit, entered only from the header;
//!    the induction phi starts at a constant and steps by a constant (`add`/`sub`), and the compare sends the
//!    first visit into the body and the second out. The header then branches into the body and the latch to
//!    the exit; a use of a header phi inside the loop reads its value on entry, a use after the loop (an exit
//!    phi included) its latch value (a header phi there: that phi's value on entry).
//!
//! # Invariants
//! * Only what every execution computes is folded: a known-zero bit is zero for every input (poison and undef
//!   operands are not looked through: `undef` is not a constant integer here).
//! * SIMD control flow is never touched: its branches test a `simdcf.any` or a goto/join result, never a
//!   constant.
//!
//! # Not handled
//! Vectors (a splat's known bits), known-one bits, ranges (`icmp slt X, 0` of a `zext`: LLVM's InstSimplify
//! folds those), `switch` terminators with a constant condition, merging a block into its only predecessor
//! (the emitter's jump tidying drops the jumps that fall through); loops of more than one trip (unrolling was
//! measured to grow some kernels, ARCHITECTURE.md) and loops of other shapes (rotated, several latches or exits).

use std::collections::HashSet;

use inkwell::module::Module;

use crate::diag::PassCx;
use crate::ir::{self, opcode};
use crate::ir_write;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir;

/// How far [`known_low_zeros`] looks through operands (as LLVM's computeKnownBits).
const DEPTH: u32 = 6;

const STAT_FOLDS: (&std::ffi::CStr, &std::ffi::CStr) =
    (c"folds", c"ands and compares folded to a constant or an operand by known-zero low bits");
const STAT_BRANCHES: (&std::ffi::CStr, &std::ffi::CStr) = (c"branches", c"constant branches made unconditional");
const STAT_LOOPS: (&std::ffi::CStr, &std::ffi::CStr) =
    (c"single-trip-loops", c"loops whose body runs exactly once made straight-line");

pub fn run(module: &Module<'_>, cx: &mut PassCx) -> bool {
    let module = module.as_mut_ptr();
    let mut changed = false;
    let (mut folds, mut branches, mut loops) = (0, 0, 0);
    for function in ir::functions(module).filter(|&f| !ir::is_declaration(f)).collect::<Vec<_>>() {
        loop {
            let n = fold_known_bits(function);
            folds += n;
            if n == 0 {
                break;
            }
            changed = true;
        }
        let n = fold_constant_branches(function);
        branches += n;
        changed |= n > 0;
        let n = fold_single_trip_loops(function);
        loops += n;
        changed |= n > 0;
    }
    cx.count(STAT_FOLDS.0, STAT_FOLDS.1, folds);
    cx.count(STAT_BRANCHES.0, STAT_BRANCHES.1, branches);
    cx.count(STAT_LOOPS.0, STAT_LOOPS.1, loops);
    changed
}

/// How many low bits of the scalar integer `value` are zero in every execution (0 when unknown).
pub fn known_low_zeros(value: LLVMValueRef) -> u32 {
    known(value, 0)
}

fn scalar_int_width(value: LLVMValueRef) -> Option<u32> {
    let ty = ir::type_of(value);
    (ir::type_kind(ty) == LLVMTypeKind::LLVMIntegerTypeKind).then(|| ir::int_width(ty))
}

fn known(value: LLVMValueRef, depth: u32) -> u32 {
    let Some(width) = scalar_int_width(value).filter(|&w| w <= 64) else { return 0 };
    if let Some(c) = ir::const_int(value) {
        // A constant of at most 64 bits (wider ones are not ConstantInts `const_int` reads).
        return if c == 0 { width } else { (c as u64).trailing_zeros().min(width) };
    }
    let Some(op) = opcode(value) else { return 0 };
    if depth >= DEPTH {
        return 0;
    }
    let at = |n: u32| known(ir::operand(value, n), depth + 1);
    let zeros = match op {
        LLVMOpcode::LLVMMul => at(0).saturating_add(at(1)),
        LLVMOpcode::LLVMShl => match ir::const_int(ir::operand(value, 1)) {
            Some(s) if (0..i64::from(width)).contains(&s) => at(0).saturating_add(s as u32),
            _ => 0,
        },
        LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMSub | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor => at(0).min(at(1)),
        LLVMOpcode::LLVMAnd => at(0).max(at(1)),
        LLVMOpcode::LLVMSelect => at(1).min(at(2)),
        LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt => {
            let inner = ir::operand(value, 0);
            let zeros = at(0);
            // A source known to be zero throughout stays zero throughout.
            if scalar_int_width(inner).is_some_and(|w| zeros >= w) {
                width
            } else {
                zeros
            }
        }
        LLVMOpcode::LLVMTrunc => at(0),
        LLVMOpcode::LLVMPHI => (0..ir::incoming_count(value))
            .map(|i| ir::incoming_value(value, i))
            .filter(|&v| v != value)
            .map(|v| known(v, depth + 1))
            .min()
            .unwrap_or(0),
        _ => 0,
    };
    zeros.min(width)
}

/// One round of the folds of step 2 over `function`; returns how many instructions it replaced.
fn fold_known_bits(function: LLVMValueRef) -> u64 {
    let mut folded = 0;
    for inst in ir::blocks(function).flat_map(ir::instructions).collect::<Vec<_>>() {
        let replacement = match opcode(inst) {
            Some(LLVMOpcode::LLVMAnd) => fold_and(inst),
            Some(LLVMOpcode::LLVMICmp) => fold_icmp(inst),
            _ => None,
        };
        if let Some(value) = replacement {
            region_ir::replace_and_erase(inst, value);
            folded += 1;
        }
    }
    folded
}

/// `and X, C` (either order) by X's known-zero low bits: 0 when C has no bit above them, X when C has every one.
fn fold_and(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    let width = scalar_int_width(inst)?;
    if width > 64 {
        return None;
    }
    let (x, c) = match (ir::const_int(ir::operand(inst, 0)), ir::const_int(ir::operand(inst, 1))) {
        (None, Some(c)) => (ir::operand(inst, 0), c),
        (Some(c), None) => (ir::operand(inst, 1), c),
        _ => return None,
    };
    let zeros = known_low_zeros(x);
    if zeros == 0 {
        return None;
    }
    let all = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
    let low = if zeros >= 64 { u64::MAX } else { (1u64 << zeros) - 1 } & all;
    let c = c as u64 & all;
    if c & !low == 0 {
        Some(ir_write::zero(ir::type_of(inst)))
    } else if c | low == all {
        Some(x)
    } else {
        None
    }
}

/// An `icmp` of two constant integers is its value. An `icmp` of `select C, K1, K2` with a constant K (scalars)
/// is constant when both arms compare alike, C when only K1's holds, and `not C` when only K2's holds and the
/// compare only decides branches (their successors are swapped to test C).
fn fold_icmp(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    let (a, b) = (ir::operand(inst, 0), ir::operand(inst, 1));
    let predicate = ir::icmp_predicate(inst);
    // SAFETY: a constant maker on two constant integers of the same type (an icmp's operands).
    let compare = |l: LLVMValueRef, r: LLVMValueRef| ir::const_int(unsafe { LLVMConstICmp(predicate, l, r) });
    if ir::const_int(a).is_some() && ir::const_int(b).is_some() {
        // SAFETY: as above.
        let folded = unsafe { LLVMConstICmp(predicate, a, b) };
        return ir::const_int(folded).is_some().then_some(folded);
    }
    let (select, k, select_left) = if ir::const_int(b).is_some() { (a, b, true) } else { (b, a, false) };
    if opcode(select) != Some(LLVMOpcode::LLVMSelect) || ir::const_int(k).is_none() || scalar_int_width(select).is_none() {
        return None;
    }
    let (cond, k1, k2) = (ir::operand(select, 0), ir::operand(select, 1), ir::operand(select, 2));
    ir::const_int(k1)?;
    ir::const_int(k2)?;
    let arm = |v: LLVMValueRef| if select_left { compare(v, k) } else { compare(k, v) };
    let (t, f) = (arm(k1)? & 1 == 1, arm(k2)? & 1 == 1);
    match (t, f) {
        // SAFETY: a constant maker of the compare's own type.
        _ if t == f => Some(unsafe { LLVMConstInt(ir::type_of(inst), t as u64, 0) }),
        (true, false) => Some(cond),
        _ => {
            let users = ir::users(inst);
            let branches_only = users.iter().all(|&u| {
                opcode(u) == Some(LLVMOpcode::LLVMBr) && ir::is_conditional(u) && ir::operand(u, 0) == inst
            });
            if !branches_only {
                return None;
            }
            for br in users {
                let (s0, s1) = (ir::successor(br, 0), ir::successor(br, 1));
                ir_write::set_successor(br, 0, s1);
                ir_write::set_successor(br, 1, s0);
            }
            Some(cond)
        }
    }
}

/// Folds `br i1 true|false`, deletes the blocks that become unreachable from the entry and replaces the phis left
/// with one entry by their value. Returns how many branches it folded.
pub fn fold_constant_branches(function: LLVMValueRef) -> u64 {
    let mut folded = 0;
    for block in ir::blocks(function).collect::<Vec<_>>() {
        let br = ir::terminator(block);
        if br.is_null() || opcode(br) != Some(LLVMOpcode::LLVMBr) || !ir::is_conditional(br) {
            continue;
        }
        // SAFETY: a query on a live conditional branch.
        let Some(value) = ir::const_int(unsafe { LLVMGetCondition(br) }) else { continue };
        let (keep, drop) = if value & 1 == 1 { (0, 1) } else { (1, 0) };
        let (kept, dropped) = (ir::successor(br, keep), ir::successor(br, drop));
        // SAFETY: live handles of the module being rewritten; these calls make an instruction before `br`, copy
        // its location, and erase `br` once nothing uses it (a terminator has no uses): `crate::ir_write`'s safety
        // argument, points 1 to 3.
        unsafe {
            let new = region_ir::with_builder_before(br, |b| LLVMBuildBr(b, kept));
            let location = crate::llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(br);
            if !location.is_null() {
                crate::llvm_sys::debuginfo::LLVMInstructionSetDebugLoc(new, location);
            }
        }
        ir_write::erase(br);
        if dropped != kept {
            remove_incoming(dropped, block);
        }
        folded += 1;
    }
    if folded == 0 {
        return 0;
    }
    // Unreachable blocks: drop their phi entries, then the blocks.
    let mut reached = HashSet::new();
    let mut work = vec![ir::entry_block(function)];
    while let Some(block) = work.pop() {
        if reached.insert(block) {
            let term = ir::terminator(block);
            if !term.is_null() {
                work.extend(ir::successors(term));
            }
        }
    }
    let dead: Vec<_> = ir::blocks(function).filter(|b| !reached.contains(b)).collect();
    for &block in &dead {
        let term = ir::terminator(block);
        let succs = if term.is_null() { Vec::new() } else { ir::successors(term) };
        for succ in succs {
            if reached.contains(&succ) {
                remove_incoming(succ, block);
            }
        }
    }
    for &block in &dead {
        for inst in ir::instructions(block).collect::<Vec<_>>() {
            ir_write::replace_all_uses(inst, ir_write::undef(ir::type_of(inst)));
        }
    }
    for block in dead {
        // SAFETY: a dead block: no live block branches to it (phis of live successors were updated above) and
        // every value it defines was replaced by undef, so no use of it or its values outlives it.
        unsafe { LLVMDeleteBasicBlock(block) };
    }
    for inst in ir::blocks(function).flat_map(ir::instructions).collect::<Vec<_>>() {
        if ir::is_phi(inst) && ir::incoming_count(inst) == 1 {
            let value = ir::incoming_value(inst, 0);
            if value != inst {
                region_ir::replace_and_erase(inst, value);
            }
        }
    }
    folded
}

/// Rebuilds the phis of `block` without their entries for `pred` (the C API cannot remove an incoming entry).
fn remove_incoming(block: LLVMBasicBlockRef, pred: LLVMBasicBlockRef) {
    for phi in ir::instructions(block).take_while(|&i| ir::is_phi(i)).collect::<Vec<_>>() {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let (mut values, mut blocks) = (Vec::new(), Vec::new());
            for i in 0..ir::incoming_count(phi) {
                if ir::incoming_block(phi, i) != pred {
                    values.push(ir::incoming_value(phi, i));
                    blocks.push(ir::incoming_block(phi, i));
                }
            }
            let new = region_ir::with_builder_before(phi, |b| LLVMBuildPhi(b, ir::type_of(phi), c"".as_ptr()));
            LLVMAddIncoming(new, values.as_mut_ptr(), blocks.as_mut_ptr(), values.len() as u32);
            region_ir::replace_and_erase(phi, new);
        }
    }
}

/// A loop whose body runs exactly once, in the front end's shape of a `for`: a header holding only phis, one
/// compare of an induction phi with a constant and the conditional branch; one latch ending in `br header`;
/// the only way out the header's other successor, which only the header enters. The induction phi starts at a
/// constant and its latch value adds or subtracts a constant, so the compare is constant on both visits of the
/// header: into the body on the first, out on the second.
struct SingleTrip {
    header: LLVMBasicBlockRef,
    latch: LLVMBasicBlockRef,
    body: LLVMBasicBlockRef,
    exit: LLVMBasicBlockRef,
    blocks: HashSet<LLVMBasicBlockRef>,
}

/// Makes every [`SingleTrip`] loop of `function` straight-line: the header branches to the body, the latch to
/// the exit; a use of a header phi inside the loop reads its value on entry, a use after it (reached only
/// through the latch) its latch value. Returns how many loops it changed.
fn fold_single_trip_loops(function: LLVMValueRef) -> u64 {
    let mut folded = 0;
    loop {
        let mut preds: std::collections::HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>> = Default::default();
        for block in ir::blocks(function) {
            let term = ir::terminator(block);
            if !term.is_null() {
                for succ in ir::successors(term) {
                    let list = preds.entry(succ).or_default();
                    if !list.contains(&block) {
                        list.push(block);
                    }
                }
            }
        }
        let Some(found) = ir::blocks(function).find_map(|h| single_trip(h, &preds)) else { return folded };
        straighten(&found);
        folded += 1;
    }
}

fn single_trip(
    header: LLVMBasicBlockRef,
    preds: &std::collections::HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>>,
) -> Option<SingleTrip> {
    let br = ir::terminator(header);
    if br.is_null() || opcode(br) != Some(LLVMOpcode::LLVMBr) || !ir::is_conditional(br) {
        return None;
    }
    // SAFETY: a query on a live conditional branch.
    let cond = unsafe { LLVMGetCondition(br) };
    if opcode(cond) != Some(LLVMOpcode::LLVMICmp) || ir::parent_block(cond) != header || !ir::has_one_use(cond) {
        return None;
    }
    // Only phis, the compare and the branch.
    if ir::instructions(header).any(|i| !ir::is_phi(i) && i != cond && i != br) {
        return None;
    }
    let header_preds = preds.get(&header)?;
    let [a, b] = header_preds[..] else { return None };
    // The latch: the predecessor the header dominates (not reachable from the entry around the header).
    let function = ir::block_parent(header);
    let mut around = HashSet::new();
    let mut work = vec![ir::entry_block(function)];
    while let Some(x) = work.pop() {
        if x != header && around.insert(x) {
            let term = ir::terminator(x);
            if !term.is_null() {
                work.extend(ir::successors(term));
            }
        }
    }
    let (pre, latch) = match (around.contains(&a), around.contains(&b)) {
        (true, false) => (a, b),
        (false, true) => (b, a),
        _ => return None,
    };
    let latch_br = ir::terminator(latch);
    if latch_br.is_null() || opcode(latch_br) != Some(LLVMOpcode::LLVMBr) || ir::is_conditional(latch_br) {
        return None;
    }
    // The loop: the header and the blocks that reach the latch without passing through it.
    let mut blocks = HashSet::from([header]);
    let mut work = vec![latch];
    while let Some(x) = work.pop() {
        if blocks.insert(x) {
            work.extend(preds.get(&x).into_iter().flatten().copied());
        }
    }
    if blocks.contains(&pre) {
        return None;
    }
    let (s0, s1) = (ir::successor(br, 0), ir::successor(br, 1));
    let (inside, exit) = match (blocks.contains(&s0), blocks.contains(&s1)) {
        (true, false) => (s0, s1),
        (false, true) => (s1, s0),
        _ => return None,
    };
    if preds.get(&exit).map(Vec::as_slice) != Some(&[header][..]) {
        return None;
    }
    for &x in &blocks {
        if x == header {
            continue;
        }
        let term = ir::terminator(x);
        if term.is_null() || ir::successors(term).iter().any(|s| !blocks.contains(s)) {
            return None;
        }
    }
    // The compare on each visit: an induction phi against a constant.
    let (lhs, rhs) = (ir::operand(cond, 0), ir::operand(cond, 1));
    let (iv, bound, iv_left) = if ir::const_int(rhs).is_some() { (lhs, rhs, true) } else { (rhs, lhs, false) };
    if !ir::is_phi(iv) || ir::parent_block(iv) != header || ir::const_int(bound).is_none() {
        return None;
    }
    let first = incoming_from(iv, pre)?;
    let step = incoming_from(iv, latch)?;
    ir::const_int(first)?;
    let second = stepped(step, iv, first)?;
    let taken = |value: LLVMValueRef| -> Option<LLVMBasicBlockRef> {
        let (l, r) = if iv_left { (value, bound) } else { (bound, value) };
        // SAFETY: a constant maker on two constant integers of the compare's type.
        let c = ir::const_int(unsafe { LLVMConstICmp(ir::icmp_predicate(cond), l, r) })?;
        Some(if c & 1 == 1 { s0 } else { s1 })
    };
    (taken(first)? == inside && taken(second)? == exit).then_some(SingleTrip { header, latch, body: inside, exit, blocks })
}

/// The value `phi` comes with from `block`.
fn incoming_from(phi: LLVMValueRef, block: LLVMBasicBlockRef) -> Option<LLVMValueRef> {
    (0..ir::incoming_count(phi)).find(|&i| ir::incoming_block(phi, i) == block).map(|i| ir::incoming_value(phi, i))
}

/// The constant `step` computes when `iv` is `first`: `step` is `iv + C`, `C + iv` or `iv - C`.
fn stepped(step: LLVMValueRef, iv: LLVMValueRef, first: LLVMValueRef) -> Option<LLVMValueRef> {
    let op = opcode(step)?;
    let (a, b) = (ir::operand(step, 0), ir::operand(step, 1));
    // SAFETY: constant makers on constant integers of the induction phi's type.
    let value = unsafe {
        match op {
            LLVMOpcode::LLVMAdd if a == iv && ir::const_int(b).is_some() => LLVMConstAdd(first, b),
            LLVMOpcode::LLVMAdd if b == iv && ir::const_int(a).is_some() => LLVMConstAdd(a, first),
            LLVMOpcode::LLVMSub if a == iv && ir::const_int(b).is_some() => LLVMConstSub(first, b),
            _ => return None,
        }
    };
    ir::const_int(value).map(|_| value)
}

fn straighten(found: &SingleTrip) {
    let SingleTrip { header, latch, body, exit, blocks } = found;
    let phis: Vec<_> = ir::instructions(*header).take_while(|&i| ir::is_phi(i)).collect();
    let pre_value = |phi: LLVMValueRef| {
        (0..ir::incoming_count(phi))
            .find(|&i| ir::incoming_block(phi, i) != *latch)
            .map(|i| ir::incoming_value(phi, i))
            .unwrap_or_else(|| ir_write::undef(ir::type_of(phi)))
    };
    // On the second visit a phi holds its latch value, computed during the first trip: a header phi there
    // means that phi's value on entry.
    let latch_value = |phi: LLVMValueRef| {
        let value = incoming_from(phi, *latch).unwrap_or_else(|| ir_write::undef(ir::type_of(phi)));
        if phis.contains(&value) {
            pre_value(value)
        } else {
            value
        }
    };
    let entry_values: Vec<_> = phis.iter().map(|&p| pre_value(p)).collect();
    let exit_values: Vec<_> = phis.iter().map(|&p| latch_value(p)).collect();
    // The exit's phis: their entries from the header come from the latch now.
    let map_exit = |value: LLVMValueRef| match phis.iter().position(|&p| p == value) {
        Some(k) => exit_values[k],
        None => value,
    };
    for phi in ir::instructions(*exit).take_while(|&i| ir::is_phi(i)).collect::<Vec<_>>() {
        // SAFETY: live handles of the module being rewritten; these calls make a phi and redirect uses, and free
        // nothing but the replaced phi (`crate::ir_write`'s safety argument, points 1 to 3).
        unsafe {
            let (mut values, mut preds): (Vec<_>, Vec<_>) = ir::phi_incoming(phi)
                .into_iter()
                .map(|(v, b)| if b == *header { (map_exit(v), *latch) } else { (v, b) })
                .unzip();
            let new = region_ir::with_builder_before(phi, |b| LLVMBuildPhi(b, ir::type_of(phi), c"".as_ptr()));
            LLVMAddIncoming(new, values.as_mut_ptr(), preds.as_mut_ptr(), values.len() as u32);
            region_ir::replace_and_erase(phi, new);
        }
    }
    // Uses of the header's phis: inside the loop the value on entry, after it the latch value.
    for (k, &phi) in phis.iter().enumerate() {
        for user in ir::distinct_users(phi) {
            if ir::parent_block(user) == *header {
                continue;
            }
            let value = if blocks.contains(&ir::parent_block(user)) { entry_values[k] } else { exit_values[k] };
            for n in 0..ir::operand_count(user) {
                if ir::operand(user, n) == phi {
                    ir_write::set_operand(user, n, value);
                }
            }
        }
    }
    // The branches: the header into the body, the latch out.
    let br = ir::terminator(*header);
    let cond = ir::operand(br, 0);
    // SAFETY: live handles of the module being rewritten; an unconditional branch is made before the old one,
    // which is then erased (a terminator has no uses): `crate::ir_write`'s safety argument, points 1 to 3.
    unsafe { region_ir::with_builder_before(br, |b| LLVMBuildBr(b, *body)) };
    ir_write::erase(br);
    ir_write::erase_unused(cond);
    ir_write::set_successor(ir::terminator(*latch), 0, *exit);
    // The header's phis: only each other (and nothing once the loop is straight) use them now.
    for &phi in &phis {
        ir_write::replace_all_uses(phi, ir_write::undef(ir::type_of(phi)));
    }
    for phi in phis {
        ir_write::erase(phi);
    }
}
