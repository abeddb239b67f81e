//! genx-visa-emit, indirect regions: a `rdregion` or `wrregion` whose offset is a runtime value is addressed
//! through an address variable.
//!
//! # Algorithm
//! The region's offset is `index + C` (region_ir splits a constant addend off an `add`): an `addr_add` (NoMask,
//! so that it runs whatever the execution mask) sets a fresh address variable to the address of the input's (or
//! the written variable's) first byte plus `index` bytes, and the operand reads or writes
//! `r[A(0),C]<region>:type` from there. A read is an [`IndirectSrc`] operand of whatever instruction the bale
//! makes; a write computes its new value as a direct source (into a fresh variable when it is a baled
//! instruction) and moves it through the address (`mov (M1, n) r[A(0),C]<stride>:type src`), predicated by the
//! write mask. The written variable is chosen as for a direct write (a fresh variable starting as a copy of the old
//! value's, which coalescing removes when the old value dies there).
//!
//! A write whose new value is a baled direct `rdregion` moves from that region itself (no copy first).
//! Consecutive single-indirect operands of the same variable at the same runtime index (the pieces of a region
//! genx-legalize split) each set an address here; after coalescing has made their variables one,
//! `genx_visa::address` keeps the first `addr_add` of such a run.
//!
//! # Invariants
//! One address variable per indirect operand, written immediately before its use, except the pieces of a split
//! multi-indirect read (below), so at most one address is live across anything else. The immediate offset must
//! be in vISA's -512..=511 bytes (the verifier checks it).
//!
//! A multi-indirect read (an offset vector, one per row of `width` elements) sets one address element per row
//! (`addr_add (M1_NM, rows) A(0)<1> &V index(0,first)<1;1,0>`) and reads `r[A(0),C]<width,stride>:type`.
//! genx-legalize splits a read of more rows than an instruction takes into pieces whose offsets are direct
//! `rdregion`s of the whole offset vector (`region.rows`); such a piece sets one address variable from all of
//! the whole vector (up to 16 entries), the next piece of the same vector and base reads it at its first entry
//! (`r[A(8),C]`) when no other address was set in between (IGC's address commoning); a piece of a longer vector
//! sets its address from its rows of the whole vector. The `rdregion`s of the offsets are not emitted when only
//! such reads use them. An indirect read of a direct, contiguous part of a vector (a matrix row) that only
//! indirect reads of its block read, with no in-place write of the vector in between, addresses the vector from
//! the part's first byte (`&V[offset]`) instead of copying the part out ([`addressed_part`]).
//!
//! # Not handled
//! Multi-indirect writes, 2D single-indirect destinations, indices that are not in a register of their own (a
//! baled computation).

use genx_region::Indirect;
use genx_visa::{Category, Exec, IndirectSrc, Inst, Modifier, Operand, Origin, Pred, Region, Src, Type, VarId};
use llvm_sys::prelude::*;

use super::{element_type, error, is_instruction, operand, vector_region, Lowering, R};
use crate::ir;
use crate::region_ir::{self, Index, RdRegion, WrRegion};

impl Lowering<'_> {
    /// A fresh address variable of `rows` elements, element `i` set to the address of byte `at` of `base` plus
    /// the byte index `index[first + i]` (`index` an `i16` value, a vector of them, or a constant).
    fn address_of(
        &mut self,
        user: LLVMValueRef,
        index: LLVMValueRef,
        (base, at): (VarId, u32),
        first: u32,
        rows: u32,
    ) -> R<VarId> {
        self.shared_address = None;
        if !rows.is_power_of_two() || rows > 16 {
            return Err(error(user, format!("a multi-indirect region of {rows} rows (1, 2, 4, 8 or 16 allowed)")));
        }
        let index = if let (Some(c), 1) = (ir::const_int(index), rows) {
            Operand::Imm(genx_visa::Imm { bits: c as u64 & 0xffff, ty: Type::UW })
        } else {
            let var = if ir::is_constant(index) { self.materialize(user, index)? } else { self.var_of(user, index)? };
            let lanes = region_ir::lanes(ir::type_of(index));
            let bytes = self.k.var(var).ty().map_or(0, Type::bytes);
            let ty = match bytes {
                2 => Type::UW,
                4 => Type::UD,
                _ => return Err(error(user, "a region index that is not a 16- or 32-bit integer")),
            };
            if first + rows > lanes {
                return Err(error(user, format!("index entries {first}..{} of a {lanes}-entry index", first + rows)));
            }
            let view = self.view(var, ty);
            let region = if rows == 1 { Region::SCALAR } else { Region { vstride: 1, width: 1, hstride: 0 } };
            Operand::Region(Src { var: view, offset: first * ty.bytes(), region, modifier: Modifier::None })
        };
        let addr = self.k.add_var(Category::Address { elems: rows }, Origin::Declared, "");
        self.insts.push(Inst::AddrAdd {
            exec: Exec { size: rows, offset: 0, no_mask: true },
            dst: addr,
            dst_elem: 0,
            base,
            offset: at,
            index,
        });
        Ok(addr)
    }

    /// The address variable and its first element for a multi-indirect read of `base` whose row offsets are
    /// entries `start..` of the index vector `whole`: the address variable the previous
    /// indirect operand set from all of `whole` when it addressed `base` too (the next piece of a split read),
    /// else a new one set from all of `whole` (IGC's address commoning: one `addr_add` of 16 for the two
    /// 8-row halves of a 16-row read).
    fn shared_address(
        &mut self,
        user: LLVMValueRef,
        whole: LLVMValueRef,
        base: (VarId, u32),
        start: u32,
    ) -> R<(VarId, u32)> {
        if let Some(shared) = self.shared_address.filter(|s| s.base == base && s.index == whole) {
            return Ok((shared.addr, start));
        }
        let entries = region_ir::lanes(ir::type_of(whole));
        let addr = self.address_of(user, whole, base, 0, entries)?;
        self.shared_address = Some(SharedAddress { base, index: whole, addr });
        Ok((addr, start))
    }

    /// The source operand of a `rdregion` with a runtime offset, read by an instruction of `exec` lanes as `ty`
    /// from `view` (the input's variable viewed as `ty`).
    pub(super) fn indirect_source(
        &mut self,
        rd: LLVMValueRef,
        read: &RdRegion,
        exec: u32,
        (view, at): (VarId, u32),
        ty: Type,
    ) -> R<Operand> {
        let Index::Value(index) = read.index else {
            return Err(error(rd, "internal error: a direct region read as indirect"));
        };
        let mut shape = read.region;
        shape.offset = 0;
        if let Indirect::Multi { first, .. } = read.region.indirect {
            // One address per row of `width` elements `stride` apart.
            let width = shape.width.max(1);
            let n = shape.num_elements;
            if n != exec || n % width != 0 || !width.is_power_of_two() || width > 16 || shape.stride < 0 {
                return Err(error(rd, format!("a multi-indirect region of {n} elements in rows of {width} read by a {exec}-wide instruction")));
            }
            let rows = n / width;
            let (addr, addr_elem) = match index_rows_of(index) {
                Some((whole, start)) if first == 0 && region_ir::lanes(ir::type_of(whole)) <= 16 => {
                    self.shared_address(rd, whole, (view, at), start)?
                }
                // Too many offsets for one address variable: this piece's rows of the whole vector.
                Some((whole, start)) if first == 0 => (self.address_of(rd, whole, (view, at), start, rows)?, 0),
                _ => (self.address_of(rd, index, (view, at), first, rows)?, 0),
            };
            let hstride = if width == 1 { 0 } else { shape.stride as u32 };
            return Ok(Operand::Indirect(IndirectSrc {
                addr,
                addr_elem,
                offset: read.region.offset,
                region: Region { vstride: 0, width, hstride },
                ty,
                modifier: Modifier::None,
                multi: true,
            }));
        }
        let region = vector_region(rd, &shape, exec)?;
        let addr = self.address_of(rd, index, (view, at), 0, 1)?;
        Ok(Operand::Indirect(IndirectSrc {
            addr,
            addr_elem: 0,
            offset: read.region.offset,
            region,
            ty,
            modifier: Modifier::None,
            multi: false,
        }))
    }

    /// The write of a `wrregion` with a runtime offset into `var` (its destination variable, already chosen).
    pub(super) fn indirect_write(
        &mut self,
        w: LLVMValueRef,
        write: &WrRegion,
        var: VarId,
        hstride: u32,
        pred: Option<Pred>,
    ) -> R<()> {
        let Index::Value(index) = write.index else {
            return Err(error(w, "internal error: a direct region written as indirect"));
        };
        let new = write.new;
        let n = region_ir::lanes(ir::type_of(new));
        let exec = Exec::simd(n);
        let Some(ty) = element_type(ir::type_of(new)) else {
            return Err(error(w, "the written elements have no vISA type"));
        };
        let baled = self.bales.info(w).is_operand_baled(1) && is_instruction(new);
        let direct_read = RdRegion::read(new).is_some_and(|read| read.index == Index::Direct);
        let src = if baled && direct_read {
            // A direct region read is the move's own source.
            self.source(w, 1, n, None)?
        } else if baled {
            let temp = self.new_var(new, false)?;
            self.compute(new, temp, 0, 1, exec, None)?;
            self.whole(new, temp, n, None)?
        } else {
            self.plain_source(w, operand(w, 1), n, None)?
        };
        let ty = self.k.var(var).ty().filter(|t| t.bytes() == ty.bytes()).unwrap_or(ty);
        let base = self.view(var, ty);
        if region_ir::lanes(ir::type_of(index)) != 1 {
            return Err(error(w, "a multi-indirect region write (one offset per row) is not lowered yet"));
        }
        let addr = self.address_of(w, index, (base, 0), 0, 1)?;
        self.insts.push(Inst::MovIndirect {
            exec,
            pred,
            addr,
            addr_elem: 0,
            offset: write.region.offset,
            hstride,
            ty,
            src,
        });
        Ok(())
    }
}

/// An address variable set from a whole index vector, which the next piece of the same split read may use.
#[derive(Clone, Copy)]
pub(super) struct SharedAddress {
    base: (VarId, u32),
    index: LLVMValueRef,
    addr: VarId,
}

/// When `index` is a direct, contiguous `rdregion` of part of a vector of row offsets (genx-legalize's piece of a
/// split multi-indirect read, `region.rows`), that vector and the piece's first entry.
fn index_rows_of(index: LLVMValueRef) -> Option<(LLVMValueRef, u32)> {
    let read = RdRegion::read(index)?;
    if read.index != Index::Direct || !read.region.is_contiguous() || read.region.elem_bytes == 0 {
        return None;
    }
    let entries = region_ir::lanes(ir::type_of(read.input));
    if entries < 2 || !matches!(read.region.elem_bytes, 2 | 4) {
        return None;
    }
    let start = u32::try_from(read.region.offset).ok()? / read.region.elem_bytes;
    (start + read.region.num_elements <= entries).then_some((read.input, start))
}

/// Whether `inst` is a piece of an index vector ([`index_rows_of`]) that only multi-indirect reads use, each as
/// its whole row offsets: they address from the whole vector, so the piece needs no instruction.
pub(super) fn is_shared_index_piece(inst: LLVMValueRef) -> bool {
    index_rows_of(inst).is_some()
        && ir::users(inst).into_iter().all(|user| {
            RdRegion::read(user).is_some_and(|read| {
                read.index == Index::Value(inst) && matches!(read.region.indirect, Indirect::Multi { first: 0, .. })
            })
        })
}

/// When `input`, the vector an indirect read reads, is a direct, contiguous `rdregion` of part of a vector (a
/// row of a matrix) that only indirect reads of its own block read, with no in-place write of that vector (a
/// `wrregion` with it as the Old value) between the part and its last reader: that vector and the byte offset
/// of the part. The reads then address the whole vector from that byte (`addr_add ... &V[offset]`) and the part
/// is not copied out, as IGC addresses a matrix row in place; the vector stays live up to the last reader (the
/// rule on writes keeps that from costing a copy of it).
pub(super) fn addressed_part(input: LLVMValueRef) -> Option<(LLVMValueRef, u32)> {
    let read = RdRegion::read(input)?;
    if read.index != Index::Direct || !read.region.is_contiguous() || ir::is_constant(read.input) {
        return None;
    }
    let at = u32::try_from(read.region.offset).ok()?;
    let block = ir::parent_block(input);
    let mut readers = ir::distinct_users(input);
    let only_indirect_reads = !readers.is_empty()
        && readers.iter().all(|&user| {
            ir::parent_block(user) == block
                && RdRegion::read(user).is_some_and(|r| {
                    r.input == input && r.index != Index::Direct && r.index != Index::Value(input)
                })
        });
    if !only_indirect_reads {
        return None;
    }
    let mut cursor = ir::next_instruction(input);
    while !readers.is_empty() && !cursor.is_null() {
        readers.retain(|&r| r != cursor);
        if region_ir::is_wrregion(cursor) && ir::operand(cursor, region_ir::wr::OLD) == read.input {
            return None;
        }
        cursor = ir::next_instruction(cursor);
    }
    readers.is_empty().then_some((read.input, at))
}
