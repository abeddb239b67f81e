//! `shufflevector` lowering of `genx-lowering`: data shuffles to regions, predicate shuffles to predicate
//! regions. The region arithmetic is in `mask.rs`; this file reads masks and emits IR.
//!
//! Data (non-`i1`) shuffles, in order of preference:
//! 1. no defined lane → `undef`;
//! 2. every defined lane reads one operand, and those reads form one region (undefined lanes free, the
//!    region kept inside the operand) → one `rdregion` (a splat is the canonical `<0;1,0>`); a splat of
//!    LLVM's idiom `insertelement undef, %s, k` reads `%s` itself, bitcast to `<1 x T>` (see `splat_seed`);
//! 3. otherwise the moves of `mask::split_moves`: each move writes a region of the result (`wrregion`) with a
//!    region of one operand (`rdregion`, or the operand itself when the move reads all of it in order); a
//!    one-element move reads and writes a scalar. The chain starts from `undef`, or, when result and operands
//!    have the same length, from the operand with the most lanes already in place when that needs fewer
//!    moves (its in-place lanes need none: a blend of two vectors is one move).
//!
//! Predicate (`i1`) shuffles: the defined lanes are cut into *runs* (consecutive lanes reading consecutive
//! elements of one operand; undefined lanes inside a run join it). The starting value is chosen as for data
//! (an operand with lanes in place, or `undef`), and the in-place runs of that operand cost nothing. Then:
//! * nothing left → the starting value (an identity);
//! * one run, from `undef`, that extends to the whole result inside its operand → `rdpredregion` (a slice);
//! * at most two runs → one `wrpredregion` each, its New being the whole operand or a `rdpredregion` slice
//!   (unslice, concatenation, insertion of a slice);
//! * more → widened: `select` each used operand to `<M x i16>` 1/0, move as data (above), `icmp ne 0`.

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::region_ir::{element_type, lanes, Index};

use super::mask::{self, Move};
use super::{emit_nonzero, emit_widen, is_bool, region_element_bytes, splat_seed, Emitter, Lowered, Name, Stat};
use genx_region::Region;
use crate::ir_write;

/// Where a result lane comes from: `(operand, element)`, `None` when it may be anything.
type Lane = Option<(usize, i64)>;

/// The most predicate runs written with `wrpredregion`s before a predicate shuffle is widened instead.
const MAX_PREDICATE_RUNS: usize = 2;

/// Buffers reused from shuffle to shuffle (kept in the [`Emitter`]; taken out while in use).
#[derive(Default)]
pub(crate) struct Scratch {
    mask: Vec<Lane>,
    moves: Vec<Move>,
    from_base: Vec<Move>,
    split: mask::SplitScratch,
}

pub(super) fn lower(inst: LLVMValueRef, e: &mut Emitter) -> Lowered {
    let result_ty = ir::type_of(inst);
    if !super::is_fixed_vector(result_ty) {
        return Ok(None);
    }
    let operands = [ir::operand(inst, 0), ir::operand(inst, 1)];
    let operand_ty = ir::type_of(operands[0]);
    if !super::is_fixed_vector(operand_ty) {
        return Ok(None);
    }
    let (m, n) = (lanes(operand_ty), lanes(result_ty));
    // An undefined operand gives undefined lanes.
    let undefined = [ir::is_undef(operands[0]), ir::is_undef(operands[1])];
    let mut scratch = std::mem::take(&mut e.scratch);
    scratch.mask.clear();
    scratch.mask.extend((0..n).map(|lane| {
        let v = ir::mask_value(inst, lane);
        if v < 0 {
            return None;
        }
        let (operand, element) = if (v as u32) < m { (0, v as i64) } else { (1, v as i64 - m as i64) };
        (!undefined[operand]).then_some((operand, element))
    }));
    let outcome = lower_mask(e, &mut scratch, result_ty, operands, m, n);
    e.scratch = scratch;
    outcome
}

/// [`lower`] once the mask is read into `scratch.mask`.
fn lower_mask(
    e: &mut Emitter,
    scratch: &mut Scratch,
    result_ty: LLVMTypeRef,
    operands: [LLVMValueRef; 2],
    m: u32,
    n: u32,
) -> Lowered {
    if scratch.mask.iter().all(Option::is_none) {
        e.count(Stat::ShuffleUndef, 1);
        return Ok(Some(ir_write::undef(result_ty)));
    }
    let element = element_type(result_ty);
    if is_bool(element) {
        return lower_predicate(e, scratch, operands, m, n);
    }
    let eb = region_element_bytes(element)?;
    if let Some(splat) = emit_scalar_splat(e, &scratch.mask, operands, eb, element)? {
        e.count(Stat::ShuffleSplat, 1);
        return Ok(Some(splat));
    }
    let (value, stats) = emit_data(e, scratch, operands, m, eb, element, Name::None)?;
    for (stat, n) in stats {
        e.count(stat, n);
    }
    Ok(Some(value))
}

/// A splat of the scalar of a [`splat_seed`] insert, read directly: `bitcast %s to <1 x T>` and a stride-0
/// `rdregion` of it; `None` when `mask` is not such a splat.
fn emit_scalar_splat(
    e: &mut Emitter,
    mask: &[Lane],
    operands: [LLVMValueRef; 2],
    eb: u32,
    element: LLVMTypeRef,
) -> Result<Option<LLVMValueRef>, String> {
    let Some(&(operand, _)) = mask.iter().flatten().next() else { return Ok(None) };
    let Some((scalar, lane)) = splat_seed(operands[operand]) else { return Ok(None) };
    if !mask.iter().flatten().all(|&(op, el)| op == operand && el == lane as i64) {
        return Ok(None);
    }
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    let one = unsafe {
        let one_ty = ir_write::vector_type(element, 1);
        LLVMBuildBitCast(e.builder, scalar, one_ty, e.c_name(Name::Suffix("scalar")))
    };
    let region = Region::new(eb, mask.len() as u32, 0, 1, 0, 0).canonical();
    e.rdregion(one, &region, Index::Direct, false, Name::None).map(Some)
}

/// The statistics of a data shuffle: its kind, and its region moves (`0` for one read).
type DataStats = [(Stat, u64); 2];

/// Emits the data shuffle `scratch.mask` of `operands` (`m` elements of `eb` bytes each) and returns its
/// value, named `name`.
fn emit_data(
    e: &mut Emitter,
    scratch: &mut Scratch,
    operands: [LLVMValueRef; 2],
    m: u32,
    eb: u32,
    element: LLVMTypeRef,
    name: Name,
) -> Result<(LLVMValueRef, DataStats), String> {
    let Scratch { mask, moves, from_base, split } = scratch;
    let first_operand = mask.iter().flatten().next().map(|&(op, _)| op).unwrap_or(0);
    if mask.iter().flatten().all(|&(op, _)| op == first_operand) {
        if let Some(region) = mask::fit_with_holes(eb, mask, m) {
            let read = e.rdregion(operands[first_operand], &region, Index::Direct, false, name)?;
            let kind = if region.is_splat() { Stat::ShuffleSplat } else { Stat::ShuffleRegion };
            return Ok((read, [(kind, 1), (Stat::ShuffleMoves, 0)]));
        }
    }
    let n = mask.len() as u32;
    let too_far = "a lane lies beyond the reach of an i16 region offset";
    let mut value = ir_write::undef(ir_write::vector_type(element, n));
    mask::split_moves(eb, mask, m, None, split, moves).ok_or(too_far)?;
    let mut moves: &[Move] = &moves[..];
    if let Some(base) = in_place_base(mask, m) {
        // Lanes already in place in `base` need no move.
        mask::split_moves(eb, mask, m, Some(base), split, from_base).ok_or(too_far)?;
        if from_base.len() < moves.len() {
            value = operands[base];
            moves = &from_base[..];
        }
    }
    for (k, mv) in moves.iter().enumerate() {
        let last = k + 1 == moves.len();
        let new = move_source(e, mv, operands[mv.operand], m, k)?;
        let wr_name = if last { name } else { Name::Indexed("wr", k) };
        value = e.wrregion(value, new, &mv.dst, Index::Direct, wr_name)?;
    }
    Ok((value, [(Stat::ShuffleSequence, 1), (Stat::ShuffleMoves, moves.len() as u64)]))
}

/// When result and operands have the same length, the operand with the most lanes already in place (ties:
/// the first), if any: starting from it makes those lanes free (a blend becomes one move).
fn in_place_base(mask: &[Lane], m: u32) -> Option<usize> {
    if mask.len() != m as usize {
        return None;
    }
    let mut in_place = [0usize; 2];
    for (lane, entry) in mask.iter().enumerate() {
        if let Some((op, element)) = *entry {
            in_place[op] += (element == lane as i64) as usize;
        }
    }
    match (in_place[0], in_place[1]) {
        (0, 0) => None,
        (first, second) if second > first => Some(1),
        _ => Some(0),
    }
}

/// The New value of one move: the operand itself when the move reads all of it in order, else a read.
fn move_source(e: &mut Emitter, mv: &Move, operand: LLVMValueRef, m: u32, k: usize) -> Result<LLVMValueRef, String> {
    let src = &mv.src;
    if src.num_elements == m && src.offset == 0 && src.is_contiguous() {
        return Ok(operand);
    }
    e.rdregion(operand, src, Index::Direct, src.num_elements == 1, Name::Indexed("rd", k))
}

/// Consecutive result lanes `first..first+len` reading elements `start..start+len` of `operand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    operand: usize,
    first: u32,
    len: u32,
    start: i64,
}

/// Cuts the defined lanes into maximal runs; undefined lanes between two lanes of a run join it.
fn runs(mask: &[Lane]) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for (lane, entry) in mask.iter().enumerate() {
        let Some((operand, element)) = *entry else { continue };
        let lane = lane as u32;
        if let Some(run) = runs.last_mut() {
            let delta = run.start - run.first as i64;
            if run.operand == operand && element - lane as i64 == delta {
                run.len = lane - run.first + 1;
                continue;
            }
        }
        runs.push(Run { operand, first: lane, len: 1, start: element });
    }
    runs
}

fn lower_predicate(e: &mut Emitter, scratch: &mut Scratch, operands: [LLVMValueRef; 2], m: u32, n: u32) -> Lowered {
    let mask = &scratch.mask;
    let mut runs = runs(mask);
    let mut value = ir_write::undef(ir_write::vector_type(element_type(ir::type_of(operands[0])), n));
    let mut from_undef = true;
    // Start from the operand with the most lanes in place; its in-place runs are then free.
    if let Some(base) = in_place_base(mask, m) {
        value = operands[base];
        from_undef = false;
        runs.retain(|r| !(r.operand == base && r.start == r.first as i64));
    }
    if runs.is_empty() {
        e.count(Stat::PredShuffle, 1);
        return Ok(Some(value));
    }
    if from_undef && runs.len() == 1 {
        let run = runs[0];
        let start = run.start - run.first as i64;
        if start >= 0 && start + n as i64 <= m as i64 {
            let slice = rdpredregion(e, operands[run.operand], start, n, Name::None)?;
            e.count(Stat::PredShuffle, 1);
            return Ok(Some(slice));
        }
    }
    if runs.len() <= MAX_PREDICATE_RUNS {
        for (k, run) in runs.iter().enumerate() {
            let operand = operands[run.operand];
            let new = if run.start == 0 && run.len == m {
                operand
            } else {
                rdpredregion(e, operand, run.start, run.len, Name::Indexed("slice", k))?
            };
            let name = if k + 1 == runs.len() { Name::None } else { Name::Indexed("part", k) };
            let mut args = [value, new, e.i32(run.first as i64)];
            value = e.intrinsic("llvm.genx.wrpredregion", ir::type_of(value), &mut args, name)?;
        }
        e.count(Stat::PredShuffle, 1);
        return Ok(Some(value));
    }
    // Widen: predicates become i16 0/1 data, are moved as data, and are compared back.
    let i16_ty = ir_write::int_type(e.context, 16);
    let wide_ty = ir_write::vector_type(i16_ty, m);
    let mut wide = [ir_write::undef(wide_ty); 2];
    for op in 0..2 {
        if mask.iter().flatten().any(|&(o, _)| o == op) {
            wide[op] = emit_widen(e, operands[op], wide_ty, Name::Indexed("wide", op));
        }
    }
    let (moved, _) = emit_data(e, scratch, wide, m, 2, i16_ty, Name::Suffix("moved"))?;
    e.count(Stat::PredWidened, 1);
    Ok(Some(emit_nonzero(e, moved, Name::None)))
}

/// `rdpredregion(operand, start)` of `len` lanes.
fn rdpredregion(e: &mut Emitter, operand: LLVMValueRef, start: i64, len: u32, name: Name) -> Result<LLVMValueRef, String> {
    let ty = ir_write::vector_type(element_type(ir::type_of(operand)), len);
    let mut args = [operand, e.i32(start)];
    e.intrinsic("llvm.genx.rdpredregion", ty, &mut args, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_absorb_inner_holes() {
        let mask = [None, Some((0, 3)), None, Some((0, 5)), Some((1, 0)), Some((1, 1))];
        assert_eq!(
            runs(&mask),
            vec![Run { operand: 0, first: 1, len: 3, start: 3 }, Run { operand: 1, first: 4, len: 2, start: 0 }]
        );
    }
}
