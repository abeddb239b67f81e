//! Split values taken apart again before emission: a vector genx-legalize wrote piece by piece and that is only
//! ever read piece by piece becomes its pieces.
//!
//! # Why
//! genx-legalize splits an operation wider than the platform allows into legal pieces and joins them with a chain
//! of `wrregion`s (the first onto `undef`); its (also split) users read the pieces back with `rdregion`s. Emitted
//! as written the join is one vISA variable of the whole width (a 256-lane float vector is 32 GRFs on icllp),
//! which the finalizer's register allocator must place and spill as one block; IGC's VC back end hands it one
//! variable per piece. When every read of the join is exactly one of its pieces the join is not needed: each
//! read is the piece itself, each piece gets its own variable, and the allocator can keep or spill pieces one by
//! one (cmtl's `cm_atan2` on a 16x16 matrix, kernel wide_math).
//!
//! # Algorithm
//! A join is a maximal chain of direct, unmasked, contiguous `wrregion`s, each the Old value of the next and
//! used by nothing else; its pieces are the regions the chain writes, which must not overlap. When every use of
//! the chain's last value is a direct `rdregion` whose elements (element size, index list) are exactly one
//! piece's, and no such read is a `wrregion`'s New value, each such read is replaced by that piece's New value
//! and the chain is erased (its first Old value loses a use).
//!
//! # Invariants
//! A replaced read had exactly the piece's elements, in the piece's order, written by one `wrregion` that no later
//! write of the chain overlaps, so it reads the New value lane for lane. Nothing is changed unless the whole
//! chain goes: a join that stays would need the pieces in its variable as well (a copy each).
//!
//! # Not handled
//! Pieces written with a stride (genx-legalize's word results at dword strides, laid out for the mixed-width
//! operations that read them: motion_sad's saturating sums, 60 -> 63 Gen instructions taken apart).
//! A piece read as a `wrregion`'s New value (the join then only stages pieces on their way into another
//! vector; taken apart, each piece's producer would write into that vector's variable, which needs a copy of
//! its Old value while that is live: the prefix sums of prefix_sum.cpp, 92 -> 109 Gen instructions on icllp).
//! Reads of part of a piece or of several pieces (a media block store of 8x8 elements out of 16-element rows),
//! reads through a `bitcast` of the join, indirect or masked writes, phis of joins.

use llvm_sys::prelude::*;

use crate::ir;
use crate::region_ir::{self, Index, RdRegion, WrRegion};

/// A piece of a join: its element indices (in the written order), element size and the value written.
struct Piece {
    elements: Vec<i64>,
    elem_bytes: u32,
    new: LLVMValueRef,
}

/// Takes apart every join of `function` read only piece by piece (see the module note); returns how many.
pub(crate) fn forward(function: LLVMValueRef) -> u64 {
    let ends: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| region_ir::is_wrregion(inst) && !continues_chain(inst))
        .collect();
    let mut joins = 0;
    for end in ends {
        let Some((chain, pieces)) = join(end) else { continue };
        let Some(replacements) = piece_reads(end, &pieces) else { continue };
        for (read, new) in replacements {
            region_ir::replace_and_erase(read, new);
        }
        for write in chain.into_iter().rev() {
            region_ir::erase_if_dead(write);
        }
        joins += 1;
    }
    joins
}

/// Whether `write`'s only use is as the Old value of another `wrregion` (so it is not the end of its chain).
fn continues_chain(write: LLVMValueRef) -> bool {
    ir::has_one_use(write)
        && ir::users(write)
            .first()
            .is_some_and(|&user| region_ir::is_wrregion(user) && ir::call_arg(user, region_ir::wr::OLD) == write)
}

/// The chain ending at `end` (first write first) and its pieces, when it is a join: direct unmasked writes of
/// disjoint regions, each but the last used only as the next one's Old value.
fn join(end: LLVMValueRef) -> Option<(Vec<LLVMValueRef>, Vec<Piece>)> {
    let mut chain = vec![end];
    let mut current = end;
    loop {
        let old = ir::call_arg(current, region_ir::wr::OLD);
        if !region_ir::is_wrregion(old) || !ir::has_one_use(old) {
            break;
        }
        chain.push(old);
        current = old;
    }
    chain.reverse();
    let mut pieces = Vec::with_capacity(chain.len());
    let mut written = std::collections::HashSet::new();
    for &write in &chain {
        let wr = WrRegion::read(write)?;
        if wr.index != Index::Direct || wr.region.masked || !wr.region.is_contiguous() {
            return None;
        }
        let elements = wr.region.direct_elements().ok()?;
        if !elements.iter().all(|&e| written.insert(e)) {
            return None;
        }
        pieces.push(Piece { elements, elem_bytes: wr.region.elem_bytes, new: wr.new });
    }
    Some((chain, pieces))
}

/// Each use of `end` with the piece value it reads, when every use is a read of exactly one piece.
fn piece_reads(end: LLVMValueRef, pieces: &[Piece]) -> Option<Vec<(LLVMValueRef, LLVMValueRef)>> {
    let users = ir::distinct_users(end);
    if users.is_empty() {
        return None;
    }
    users
        .into_iter()
        .map(|user| {
            let rd = RdRegion::read(user).filter(|rd| rd.input == end && rd.index == Index::Direct)?;
            if ir::users(user).iter().any(|&u| region_ir::is_wrregion(u) && ir::call_arg(u, region_ir::wr::NEW) == user) {
                return None;
            }
            let elements = rd.region.direct_elements().ok()?;
            let piece = pieces
                .iter()
                .find(|p| p.elem_bytes == rd.region.elem_bytes && p.elements == elements)?;
            (ir::type_of(piece.new) == ir::type_of(user)).then_some((user, piece.new))
        })
        .collect()
}
