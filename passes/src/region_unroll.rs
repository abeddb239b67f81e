//! `genx-region-unroll`: fully unrolls a small constant-trip loop whose counter indexes a region, so that every
//! copy reads and writes a region at a constant offset.
//!
//! # Why
//! CM code walks the rows or elements of a register vector with a counted loop: `m(k, k) += v(k)`,
//! `b.row(c) = f.row(c) * a + ...`, `p.select<16, 1>(k)`. Rolled, each iteration is an indirect region (an
//! address register computed from the counter, `r[A0]` operands), plus the counter's add, compare and jump. IGC
//! unrolls such loops, and then the offsets are constants: direct operands, constants folded, regions collapsed.
//! The vISA route's kernels with such loops were 1.25x-1.85x IGC's instruction count (deduce, blend_typed,
//! histogram256). Unrolling every constant-trip loop (LLVM's `loop-unroll` with any threshold) was measured to
//! make other kernels worse than IGC (sgemm_8x16, kmeans_assign, nbody_forces), whose loops gain nothing from
//! it; so this pass selects loops by what unrolling removes, not by size alone.
//!
//! # What
//! A loop is unrolled when all of these hold:
//! - its header holds only phis, one `icmp` of an integer phi (the counter) with a constant, and the conditional
//!   branch on it, one edge into the loop and one out (the shape the front end leaves for a `for`);
//! - the loop is the header's natural loop: one back edge, from the block the header dominates (the latch), and
//!   the blocks reaching the latch without passing the header; they are entered only from the header or from
//!   each other, leave only to the header, and form no cycle (no inner loop);
//! - the counter starts at a constant (from the one block outside the loop entering the header) and steps by a
//!   constant `add`; simulated on its bit width, the test holds for between 1 and [`MAX_TRIPS`] iterations;
//! - no SIMD control flow (`llvm.genx.simdcf.*`) is inside: copying the body would change its masks' joins;
//! - the counter, through integer arithmetic, casts and constants, is the offset of a `rdregion`/`wrregion` or
//!   the index of an `extractelement`/`insertelement` in the loop (a region that unrolling makes direct);
//! - the trip count times the body's instructions (its counter arithmetic, phis, branches and debug calls not
//!   counted) is at most [`MAX_UNROLLED`].
//!
//! # Algorithm
//! For each block in order, match the loop it heads, check the conditions above, and hand the header and trip
//! count to LLVM's `UnrollLoop` (through the C++ glue's `genx_unroll_loop_fully`): only that loop is put in
//! loop-simplify and LCSSA form; scalar evolution must find the same trip count (else nothing is unrolled); the
//! invariant instructions LLVM's `makeLoopInvariant` may run unconditionally (arithmetic on values from outside
//! the loop: no memory access, no call that is not speculatable) move before the loop, so that the copies share
//! them (typed blend's `1 - alpha`, else computed once per row); the loop is copied once per iteration with the
//! counter replaced by its value and the instructions simplified; then the copies' constant tests are folded,
//! the blocks no longer reached deleted and each block merged with its one predecessor. The scan restarts after
//! each unrolled loop, with the loops refused so far looked at again (an outer loop may now qualify); each
//! refusal is reported once, as a missed remark with its reason.
//!
//! # Invariants
//! A loop is either unrolled completely or left as it was (at most in loop-simplify/LCSSA form with its
//! invariant arithmetic hoisted, which does not change what it computes); no loop outside the selection changes
//! (blocks no longer reached from the entry are deleted). Exactness is LLVM's `UnrollLoop`'s, for the trip
//! count scalar evolution proves; the tests check it by translation validation (`%validate`).
//!
//! # Not handled
//! Loops exiting from their latch (a rotated loop, `do ... while`) or from the body (`break`), loops whose
//! counter is compared with a computed bound, loops still containing a loop once their inner loops are done,
//! and loops whose counter indexes only memory (a `getelementptr`): promotion has turned the private arrays
//! into regions by the time this runs.

use std::collections::HashSet;

use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode};
use crate::region_ir;

extern "C" {
    /// 1: the loop headed by the block is fully unrolled; 0: nothing changed; -1: the loop was only put in
    /// loop-simplify and LCSSA form and its invariant arithmetic hoisted (scalar evolution then disagreed on the
    /// trip count, or UnrollLoop refused).
    fn genx_unroll_loop_fully(header: LLVMBasicBlockRef, trips: u32) -> i32;
}

/// The most iterations a loop unrolled by this pass may have.
pub const MAX_TRIPS: u64 = 16;
/// The most instructions the copies of a loop's body may add up to (trip count times the body's instructions).
/// On the corpus the loops unrolled come to at most 51 (deduce 8 x 4, blend_typed 3 x 7, histogram256 4 x 4,
/// cmtl's block reads 3 x 17) and the loops kept to 112 and more: sgemm_8x16's inner loop 8 x 16,
/// kmeans_assign's 8 x 20 and nbody_forces' 4 x 31, whose unrolling (by LLVM's loop-unroll) was measured to
/// make those kernels worse than IGC, and the cmtl stack and tile loops 16 x 7 and 16 x 10 (not measured).
pub const MAX_UNROLLED: u64 = 64;

/// A loop the pass may unroll.
struct Loop {
    header: LLVMBasicBlockRef,
    /// The blocks of the loop but the header.
    body: Vec<LLVMBasicBlockRef>,
    counter: LLVMValueRef,
    trips: u64,
}

/// The blocks that branch to `block`.
fn predecessors(block: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    ir::users(ir::block_value(block)).into_iter().map(ir::parent_block).collect()
}

/// Whether `inst` is a call of SIMD control flow (`llvm.genx.simdcf.goto`, `.join`, `.any`, ...).
fn is_simd_control_flow(inst: LLVMValueRef) -> bool {
    region_ir::genx_base_name(inst).is_some_and(|name| name.starts_with("llvm.genx.simdcf."))
}

/// Whether `inst` is an `llvm.dbg.*` call.
fn is_debug_call(inst: LLVMValueRef) -> bool {
    ir::called_function(inst).is_some_and(|f| ir::with_name(f, |n| n.starts_with("llvm.dbg.")))
}

/// The number of iterations of `for (i = start; i <pred> bound; i += step)` on `bits`-bit integers, if it is at
/// most [`MAX_TRIPS`] (`Err` with the first count over it otherwise).
fn trip_count(pred: LLVMIntPredicate, start: i64, step: i64, bound: i64, bits: u32) -> Result<u64, u64> {
    use LLVMIntPredicate::*;
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let unsigned = |v: i64| (v as u64) & mask;
    let signed = |v: i64| {
        let u = unsigned(v);
        if bits < 64 && u >> (bits - 1) & 1 == 1 { (u | !mask) as i64 } else { u as i64 }
    };
    let holds = |i: i64| match pred {
        LLVMIntEQ => unsigned(i) == unsigned(bound),
        LLVMIntNE => unsigned(i) != unsigned(bound),
        LLVMIntULT => unsigned(i) < unsigned(bound),
        LLVMIntULE => unsigned(i) <= unsigned(bound),
        LLVMIntUGT => unsigned(i) > unsigned(bound),
        LLVMIntUGE => unsigned(i) >= unsigned(bound),
        LLVMIntSLT => signed(i) < signed(bound),
        LLVMIntSLE => signed(i) <= signed(bound),
        LLVMIntSGT => signed(i) > signed(bound),
        LLVMIntSGE => signed(i) >= signed(bound),
    };
    let mut i = start;
    for trips in 0..=MAX_TRIPS {
        if !holds(i) {
            return Ok(trips);
        }
        i = signed(i.wrapping_add(step));
    }
    Err(MAX_TRIPS + 1)
}

/// Matches the loop headed by `header`: `None` when `header` heads no counted loop of the front end's shape,
/// `Some(Err(reason))` when it does but the loop is not one the pass unrolls.
fn match_loop(header: LLVMBasicBlockRef) -> Option<Result<Loop, String>> {
    let branch = ir::terminator(header);
    if branch.is_null() || ir::opcode(branch) != Some(LLVMOpcode::LLVMBr) || !ir::is_conditional(branch) {
        return None;
    }
    let cmp = ir::branch_condition(branch)?;
    if ir::opcode(cmp) != Some(LLVMOpcode::LLVMICmp) || ir::parent_block(cmp) != header {
        return None;
    }
    let counter = ir::operand(cmp, 0);
    let bound = ir::const_int(ir::operand(cmp, 1))?;
    if !ir::is_phi(counter) || ir::parent_block(counter) != header || ir::incoming_count(counter) != 2 {
        return None;
    }
    let bits = ir::int_element_bits(ir::type_of(counter))?;
    if ir::type_kind(ir::type_of(counter)) != crate::llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    // The header holds the phis, the test and the branch only.
    if ir::instructions(header).any(|i| !ir::is_phi(i) && i != cmp && i != branch) {
        return None;
    }
    // The natural loop of `header`: its back edge comes from the one predecessor it dominates (every path from
    // the entry to it passes the header), and its blocks are those reaching that latch without passing the header.
    let around = reaches_without(ir::entry_block(ir::block_parent(header)), header);
    let latches: Vec<LLVMBasicBlockRef> =
        predecessors(header).into_iter().filter(|p| !around.contains(p) || *p == header).collect();
    let latch = match latches.as_slice() {
        [] => return None,
        [latch] => *latch,
        _ => return Some(Err("the loop has more than one back edge".into())),
    };
    let body = reaches_back_without(latch, header);
    let in_loop = |b: LLVMBasicBlockRef| b == header || body.contains(&b);
    // `successor(br, 0)` is the true edge; the loop goes on along the edge into it, the other one leaves.
    let (t, f) = (ir::successor(branch, 0), ir::successor(branch, 1));
    let continues_when = match (in_loop(t), in_loop(f)) {
        (true, false) if t != header => true,
        (false, true) if f != header => false,
        _ => return Some(Err("the loop leaves other than through its header".into())),
    };
    for &b in &body {
        if ir::successors(ir::terminator(b)).into_iter().any(|s| !in_loop(s)) {
            return Some(Err("the loop leaves other than through its header".into()));
        }
        if predecessors(b).into_iter().any(|p| !in_loop(p)) {
            return Some(Err("a block of the loop is entered from outside it".into()));
        }
    }
    let outside: Vec<LLVMBasicBlockRef> = predecessors(header).into_iter().filter(|&p| !in_loop(p)).collect();
    let [entry] = outside.as_slice() else {
        return Some(Err("the loop is entered from more than one block".into()));
    };
    if has_cycle(&body, header) {
        return Some(Err("the loop contains a loop".into()));
    }
    // The counter: a constant from the entry, a constant step from the latch.
    let (mut start, mut step_value) = (None, None);
    for (value, from) in ir::phi_incoming(counter) {
        if from == *entry {
            start = ir::const_int(value);
        } else if from == latch {
            step_value = Some(value);
        }
    }
    let (Some(start), Some(step_value)) = (start, step_value) else {
        return Some(Err("the counter does not start at a constant".into()));
    };
    let step = (ir::opcode(step_value) == Some(LLVMOpcode::LLVMAdd) && ir::operand(step_value, 0) == counter)
        .then(|| ir::const_int(ir::operand(step_value, 1)))
        .flatten();
    let Some(step) = step.filter(|&s| s != 0) else {
        return Some(Err("the counter does not step by a constant".into()));
    };
    let mut pred = ir::icmp_predicate(cmp);
    if !continues_when {
        pred = negate(pred);
    }
    let trips = match trip_count(pred, start, step, bound, bits) {
        Ok(0) => return Some(Err("the loop runs no iteration".into())),
        Ok(trips) => trips,
        Err(_) => return Some(Err(format!("the loop runs more than {MAX_TRIPS} iterations"))),
    };
    Some(Ok(Loop { header, body, counter, trips }))
}

/// The predicate that holds exactly when `pred` does not.
fn negate(pred: LLVMIntPredicate) -> LLVMIntPredicate {
    use LLVMIntPredicate::*;
    match pred {
        LLVMIntEQ => LLVMIntNE,
        LLVMIntNE => LLVMIntEQ,
        LLVMIntULT => LLVMIntUGE,
        LLVMIntUGE => LLVMIntULT,
        LLVMIntULE => LLVMIntUGT,
        LLVMIntUGT => LLVMIntULE,
        LLVMIntSLT => LLVMIntSGE,
        LLVMIntSGE => LLVMIntSLT,
        LLVMIntSLE => LLVMIntSGT,
        LLVMIntSGT => LLVMIntSLE,
    }
}

/// The blocks reached from `from` by successor edges without going through `stop` (`stop` itself included
/// when reached).
fn reaches_without(from: LLVMBasicBlockRef, stop: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    let mut seen = vec![from];
    let mut work = vec![from];
    while let Some(b) = work.pop() {
        if b == stop {
            continue;
        }
        let term = ir::terminator(b);
        if term.is_null() {
            continue;
        }
        for s in ir::successors(term) {
            if !seen.contains(&s) {
                seen.push(s);
                work.push(s);
            }
        }
    }
    seen
}

/// The blocks from which `to` is reached without going through `stop` (`to` included, `stop` not).
fn reaches_back_without(to: LLVMBasicBlockRef, stop: LLVMBasicBlockRef) -> Vec<LLVMBasicBlockRef> {
    if to == stop {
        return Vec::new();
    }
    let mut seen = vec![to];
    let mut work = vec![to];
    while let Some(b) = work.pop() {
        for p in predecessors(b) {
            if p != stop && !seen.contains(&p) {
                seen.push(p);
                work.push(p);
            }
        }
    }
    seen
}

/// Whether the edges among `blocks` (those to `header` left out) form a cycle.
fn has_cycle(blocks: &[LLVMBasicBlockRef], header: LLVMBasicBlockRef) -> bool {
    // Kahn's algorithm: repeatedly remove a block no remaining block branches to.
    let mut remaining: Vec<LLVMBasicBlockRef> = blocks.to_vec();
    loop {
        let free = remaining.iter().position(|&b| {
            predecessors(b).into_iter().all(|p| p == header || !remaining.contains(&p))
        });
        match free {
            Some(n) => {
                remaining.swap_remove(n);
            }
            None => return !remaining.is_empty(),
        }
    }
}

/// Checks the loop's body: no SIMD control flow, the counter indexes a region, and the unrolled size. Answers the
/// instructions of one copy of the body.
fn check_body(found: &Loop) -> Result<u64, String> {
    // Values computed from the counter by integer arithmetic and casts, with constants or each other.
    let mut derived: HashSet<LLVMValueRef> = HashSet::from([found.counter]);
    let mut indexes_region = false;
    let mut size = 0u64;
    for &b in &found.body {
        for inst in ir::instructions(b) {
            if is_simd_control_flow(inst) {
                return Err("the loop contains SIMD control flow".into());
            }
            if ir::is_terminator(inst) || is_debug_call(inst) || ir::is_phi(inst) {
                continue;
            }
            if counter_arithmetic(inst, &derived) {
                derived.insert(inst);
                continue;
            }
            size += 1;
            let index = if region_ir::is_rdregion(inst) {
                Some(ir::call_arg(inst, region_ir::rd::OFFSET))
            } else if region_ir::is_wrregion(inst) {
                Some(ir::call_arg(inst, region_ir::wr::OFFSET))
            } else {
                match ir::opcode(inst) {
                    Some(LLVMOpcode::LLVMExtractElement) => Some(ir::operand(inst, 1)),
                    Some(LLVMOpcode::LLVMInsertElement) => Some(ir::operand(inst, 2)),
                    _ => None,
                }
            };
            indexes_region |= index.is_some_and(|i| derived.contains(&i));
        }
    }
    if !indexes_region {
        return Err("the counter indexes no region".into());
    }
    Ok(size)
}

/// Whether `inst` is integer arithmetic or a cast computing from the counter: an operation unrolling folds to a
/// constant.
fn counter_arithmetic(inst: LLVMValueRef, derived: &HashSet<LLVMValueRef>) -> bool {
    use LLVMOpcode::*;
    let Some(op) = ir::opcode(inst) else { return false };
    if !matches!(op, LLVMAdd | LLVMSub | LLVMMul | LLVMShl | LLVMOr | LLVMAnd | LLVMXor | LLVMTrunc | LLVMZExt | LLVMSExt) {
        return false;
    }
    if ir::int_element_bits(ir::type_of(inst)).is_none() || region_ir::lanes(ir::type_of(inst)) != 1 {
        return false;
    }
    let operands: Vec<LLVMValueRef> = (0..ir::operand_count(inst)).map(|n| ir::operand(inst, n)).collect();
    operands.iter().any(|o| derived.contains(o)) && operands.iter().all(|o| derived.contains(o) || ir::const_int(*o).is_some())
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = region_ir::memo_scope();
    let function = function.as_value_ref();
    let (mut changed, mut done) = (false, 0u64);
    // Headers of loops refused since the last unrolling, and the refusals reported. The scan restarts after
    // each unrolling with no loop refused: an outer loop refused for the loop it contained is looked at again
    // (each reason reported once).
    let mut refused: HashSet<LLVMBasicBlockRef> = HashSet::new();
    let mut reported: HashSet<(LLVMBasicBlockRef, String)> = HashSet::new();
    'scan: loop {
        let blocks: Vec<LLVMBasicBlockRef> = ir::blocks(function).collect();
        for header in blocks {
            if refused.contains(&header) {
                continue;
            }
            let Some(matched) = match_loop(header) else { continue };
            let cmp = ir::branch_condition(ir::terminator(header)).unwrap_or(ir::terminator(header));
            let checked = matched.and_then(|found| {
                let size = check_body(&found)?;
                if found.trips * size > MAX_UNROLLED {
                    return Err(format!(
                        "{} iterations of {size} instructions are more than the {MAX_UNROLLED} instructions an unrolled loop may have",
                        found.trips
                    ));
                }
                Ok((found, size))
            });
            match checked {
                Ok((found, size)) => {
                    // The remark goes first: the test it is attached to is gone once the loop is unrolled.
                    let message = format!("unrolling a loop of {} iterations of {size} instructions", found.trips);
                    cx.remark(RemarkKind::Passed, c"RegionUnroll", cmp, &message);
                    // SAFETY: a block of the function this pass runs on; the glue builds its own analyses.
                    match unsafe { genx_unroll_loop_fully(found.header, found.trips as u32) } {
                        1 => {
                            (changed, done) = (true, done + 1);
                            refused.clear();
                            continue 'scan;
                        }
                        status => {
                            changed |= status != 0;
                            cx.remark(RemarkKind::Missed, c"NotRegionUnroll", cmp, "scalar evolution does not find the trip count: not unrolled");
                            refused.insert(header);
                        }
                    }
                }
                Err(reason) => {
                    if !reported.contains(&(header, reason.clone())) {
                        cx.remark(RemarkKind::Missed, c"NotRegionUnroll", cmp, &reason);
                        reported.insert((header, reason));
                    }
                    refused.insert(header);
                }
            }
        }
        break;
    }
    cx.count(c"loops-unrolled", c"loops whose counter indexes a region fully unrolled", done);
    changed
}
