//! The pre-step run over a block (forward) before each sweep: lowerings that expose regions to combining, and
//! the region identities of docs/genx-ir.md §1.5.
//!
//! ```text
//!   trunc <N x i32> (rdregion ...) to <N x i8>   =>  rdregion(bitcast (rdregion ...) to <4N x i8>, <0;N,4>(0))
//!   extractelement <1 x T> (rdregion V, R), 0    =>  T rdregion(V, R)
//!   rdregion(V, whole V)                          =>  V
//!   rdregion(splat constant, R)                   =>  splat constant
//!   wrregion(Old, New, whole Old, all ones)       =>  New
//!   wrregion(Old, New, R, all-zero mask)          =>  Old
//!   wrregion(Old, rdregion(Old, R), R)            =>  Old
//!   rdregion(wrregion(Old, New, R), R)            =>  New        (unmasked write, New of the read's type)
//!   wrregion(undef, rdregion(V, R), R)            =>  V          (unmasked, V of the write's type)
//! ```
//!
//! The last two undo a round trip through a compacted copy (cmtl::ReadBlock of a 3 x 5 block into a matrix,
//! then WriteBlock of that matrix: the media payload's rows of 8 are compacted to 15 elements and spread back
//! to rows of 8). The last one is a refinement: the elements outside `R`, undefined in the write, take `V`'s.

use genx_region::Region;

use super::support::*;
use super::{Collapser, Kind, Stat};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMTypeKind;
use crate::region_ir::{
    build_rdregion, element_bytes, element_type, lanes, rd, wr, Index, RdRegion, WrRegion,
};
use crate::ir_write;

/// Whether a direct region at offset 0 covers a whole vector of its own length, in order.
fn is_whole(region: &Region) -> bool {
    let c = region.canonical();
    !c.indirect.is_indirect() && c.offset == 0 && c.is_contiguous() && (c.num_elements == 1 || c.stride == 1)
}

/// Whether a mask operand is the constant all-zero mask (a scalar, or a vector whose every lane is a constant
/// integer with bit 0 clear; the lanes are read in place).
fn is_all_zero_mask(mask: LLVMValueRef) -> bool {
    if let Some(bits) = ir::const_int(mask) {
        return bits & 1 == 0;
    }
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let ty = ir::type_of(mask);
        if !is_vector(ty) {
            return false;
        }
        if !LLVMIsAConstantAggregateZero(mask).is_null() {
            return true;
        }
        let element: unsafe extern "C" fn(LLVMValueRef, u32) -> LLVMValueRef =
            if !LLVMIsAConstantDataVector(mask).is_null() {
                LLVMGetElementAsConstant
            } else if !LLVMIsAConstantVector(mask).is_null() {
                LLVMGetOperand
            } else {
                return false;
            };
        (0..ir::vector_size(ty)).all(|i| ir::const_int(element(mask, i)).is_some_and(|b| b & 1 == 0))
    }
}

/// Whether a region's offset operand is the constant 0 (what a whole-vector region needs).
fn is_zero_offset(offset: LLVMValueRef) -> bool {
    ir::const_int(offset).is_some_and(|c| c as i32 == 0)
}

impl Collapser<'_> {
    pub(super) fn pre_step(&mut self, block: LLVMBasicBlockRef) {
        let mut insts = std::mem::take(&mut self.snapshot);
        insts.clear();
        insts.extend(ir::instructions(block));
        for &inst in &insts {
            if !has_uses(inst) || self.is_settled(inst, super::PreStep) {
                continue;
            }
            let edits = self.edits;
            match self.kind(inst) {
                Kind::Trunc => self.lower_trunc(inst),
                Kind::ExtractElement => self.lower_unit_extract(inst),
                Kind::Rd => self.simplify_rdregion(inst),
                Kind::Wr => self.simplify_wrregion(inst),
                _ => {}
            }
            if self.edits == edits {
                self.settle(inst, super::PreStep);
            }
        }
        self.snapshot = insts;
    }

    /// `trunc` of an `rdregion` (not to `i1`) becomes a bitcast to the narrow type and a read of every
    /// `k`-th element (little-endian: the low part of each element comes first).
    fn lower_trunc(&mut self, trunc: LLVMValueRef) {
        let source = operand(trunc, 0);
        if !self.is_rd(source) {
            return;
        }
        let (in_ty, out_ty) = (ir::type_of(source), ir::type_of(trunc));
        let (in_elem, out_elem) = (element_type(in_ty), element_type(out_ty));
        let (Some(in_bytes), Some(out_bytes)) = (element_bytes(in_elem), element_bytes(out_elem)) else { return };
        let integers = {
            ir::type_kind(in_elem) == LLVMTypeKind::LLVMIntegerTypeKind
                && ir::type_kind(out_elem) == LLVMTypeKind::LLVMIntegerTypeKind
        };
        if !integers || out_bytes >= in_bytes {
            return;
        }
        let k = in_bytes / out_bytes;
        let n = lanes(in_ty);
        let region = Region::new(out_bytes, n, 0, n, k as i32, 0).canonical();
        let scalar = !is_vector(out_ty);
        let built = self.build_before(trunc, |_, b| {
            let cast_name = Name::suffixed(trunc, ".cast").c_string();
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            let cast = unsafe { LLVMBuildBitCast(b, source, ir_write::vector_type(out_elem, n * k), cast_name.as_ptr()) };
            build_rdregion(b, cast, &region, Index::Direct, scalar, "").map_err(|_| cast)
        });
        match built {
            Ok(read) => {
                self.retire(trunc, read);
                self.count(Stat::TruncsLowered);
            }
            Err(cast) => self.discard(&[cast]),
        }
    }

    /// `extractelement <1 x T> (rdregion ...), 0` becomes the same read with a scalar result.
    fn lower_unit_extract(&mut self, extract: LLVMValueRef) {
        let vector = operand(extract, 0);
        let ty = ir::type_of(vector);
        if !self.is_rd(vector) || !is_vector(ty) || lanes(ty) != 1 || ir::const_int(operand(extract, 1)) != Some(0) {
            return;
        }
        let built = self.build_before(extract, |_, b| rebuild_call(b, vector, &[], element_type(ty), ""));
        if let Ok(read) = built {
            self.retire(extract, read);
            self.count(Stat::ExtractsLowered);
        }
    }

    fn simplify_rdregion(&mut self, call: LLVMValueRef) {
        let ty = ir::type_of(call);
        let input = ir::call_arg(call, rd::INPUT);
        // `rd(wr(Old, New, R), R)`: the read reads back exactly what an unmasked write wrote.
        if self.is_wr(input) && ir::type_of(ir::call_arg(input, wr::NEW)) == ty && reads_back_its_write(call, input) {
            self.retire(call, ir::call_arg(input, wr::NEW));
            self.count(Stat::RegionsSimplified);
            return;
        }
        // Neither other identity applies unless the input has the result's type and the offset is 0 (a whole
        // read), or the input is a constant.
        if !(ty == ir::type_of(input) && is_zero_offset(ir::call_arg(call, rd::OFFSET))) && !ir::is_plain_constant(input)
        {
            return;
        }
        let Some(r) = RdRegion::read(call) else { return };
        let replacement = if ty == ir::type_of(r.input) && r.index == Index::Direct && is_whole(&r.region) {
            r.input
        } else if let Some(splat) = splat_value(r.input).filter(|_| ir::is_plain_constant(r.input)) {
            if is_vector(ty) {
                let mut elements = vec![splat; lanes(ty) as usize];
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMConstVector(elements.as_mut_ptr(), lanes(ty)) }
            } else {
                splat
            }
        } else {
            return;
        };
        self.retire(call, replacement);
        self.count(Stat::RegionsSimplified);
    }

    fn simplify_wrregion(&mut self, call: LLVMValueRef) {
        let ty = ir::type_of(call);
        // None of the identities applies unless the mask is all zeros, New reads Old, or New has the result's
        // type and the offset is 0 (a whole write); the cheap questions first (`w.old`, `w.new`, `w.mask` are
        // these operands whenever the read succeeds).
        let (old, new) = (ir::call_arg(call, wr::OLD), ir::call_arg(call, wr::NEW));
        let whole = ir::type_of(new) == ty && is_zero_offset(ir::call_arg(call, wr::OFFSET));
        // `wr(A, rd(A, R'), R)`: New reads Old, but only the very same region operands make it an identity (the
        // operands `writes_back_its_own_read` compares are the call's own whenever the read below succeeds).
        let rewrites_old = self.is_rd(new) && writes_back_its_own_read(call, old, new);
        // `wr(undef, rd(V, R), R)`: every element the write defines is V's, at the same place.
        let spreads_back = ir::is_undef(old)
            && self.is_rd(new)
            && ir::type_of(operand(new, rd::INPUT)) == ty
            && is_all_ones_mask(ir::call_arg(call, wr::MASK))
            && same_region_operands(new, call);
        if spreads_back {
            self.retire(call, operand(new, rd::INPUT));
            self.count(Stat::RegionsSimplified);
            return;
        }
        let zero_mask = is_all_zero_mask(ir::call_arg(call, wr::MASK));
        if !whole && !rewrites_old && !zero_mask {
            return;
        }
        let Some(w) = WrRegion::read(call) else { return };
        let replacement = if zero_mask || rewrites_old {
            w.old
        } else if ir::type_of(w.new) == ty && !w.region.masked && w.index == Index::Direct && is_whole(&w.region) {
            w.new
        } else {
            return;
        };
        self.retire(call, replacement);
        self.count(Stat::RegionsSimplified);
    }
}

/// `wrregion(Old, rdregion(Old, R), R)` with the very same vstride, width, stride and offset operands (`new`
/// being the `rdregion` that `call` writes, `old` the vector it writes into).
fn writes_back_its_own_read(call: LLVMValueRef, old: LLVMValueRef, new: LLVMValueRef) -> bool {
    operand(new, rd::INPUT) == old && same_region_operands(new, call)
}

/// Whether the `rdregion` `read` and the `wrregion` `write` have the very same vstride, width, stride and
/// offset operands (constants are uniqued, so equal constants are the same operand).
fn same_region_operands(read: LLVMValueRef, write: LLVMValueRef) -> bool {
    let pairs = [
        (rd::OFFSET, wr::OFFSET),
        (rd::VSTRIDE, wr::VSTRIDE),
        (rd::WIDTH, wr::WIDTH),
        (rd::STRIDE, wr::STRIDE),
    ];
    pairs.iter().all(|&(r, x)| ir::call_arg(read, r) == ir::call_arg(write, x))
}

/// `rdregion(wrregion(Old, New, R), R)`: `read` reads back the region the unmasked `write` wrote, and that
/// region names each element once (else a later element of New overwrote an earlier one: a zero stride, rows
/// that overlap; genx-verify refuses such a write, but this pass does not require verified input;
/// multi-indirect rows are not looked into).
fn reads_back_its_write(read: LLVMValueRef, write: LLVMValueRef) -> bool {
    if !is_all_ones_mask(ir::call_arg(write, wr::MASK)) || !same_region_operands(read, write) {
        return false;
    }
    WrRegion::read(write).is_some_and(|w| {
        let mut places = w.region.relative_elements();
        let n = places.len();
        places.sort_unstable();
        places.dedup();
        !w.region.is_multi_indirect() && places.len() == n
    })
}

/// Whether a write mask is the constant `i1 true` (an unmasked write; a vector mask is not looked into).
fn is_all_ones_mask(mask: LLVMValueRef) -> bool {
    !is_vector(ir::type_of(mask)) && ir::const_int(mask).is_some_and(|b| b & 1 == 1)
}
