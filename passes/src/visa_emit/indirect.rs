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
//! write mask. The written variable is chosen as for a direct write (two-address when the old value dies there).
//!
//! # Invariants
//! One address variable per indirect operand, written immediately before its use, so no address is live across
//! anything else. The immediate offset must be in vISA's -512..=511 bytes (the verifier checks it).
//!
//! # Not handled
//! Multi-indirect regions (an offset vector, one address per row), 2D indirect destinations, indices that are
//! not in a register of their own (a baled computation).

use genx_visa::{Category, Exec, IndirectSrc, Inst, Modifier, Operand, Origin, Pred, Region, Src, Type, VarId};
use llvm_sys::prelude::*;

use super::{element_type, error, is_instruction, operand, vector_region, Lowering, R};
use crate::ir;
use crate::region_ir::{self, Index, RdRegion, WrRegion};

impl Lowering<'_> {
    /// A fresh address variable set to the address of `base`'s first byte plus the byte `index` (an `i16` value
    /// or constant).
    fn address_of(&mut self, user: LLVMValueRef, index: LLVMValueRef, base: VarId) -> R<VarId> {
        if region_ir::lanes(ir::type_of(index)) != 1 {
            return Err(error(user, "a multi-indirect region (one offset per row) is not lowered yet"));
        }
        let index = if let Some(c) = ir::const_int(index) {
            Operand::Imm(genx_visa::Imm { bits: c as u64 & 0xffff, ty: Type::UW })
        } else {
            let var = self.var_of(user, index)?;
            let bytes = self.k.var(var).ty().map_or(0, Type::bytes);
            let ty = match bytes {
                2 => Type::UW,
                4 => Type::UD,
                _ => return Err(error(user, "a region index that is not a 16- or 32-bit integer")),
            };
            let view = self.view(var, ty);
            Operand::Region(Src { var: view, offset: 0, region: Region::SCALAR, modifier: Modifier::None })
        };
        let addr = self.k.add_var(Category::Address { elems: 1 }, Origin::Declared, "");
        self.insts.push(Inst::AddrAdd {
            exec: Exec { size: 1, offset: 0, no_mask: true },
            dst: addr,
            dst_elem: 0,
            base,
            offset: 0,
            index,
        });
        Ok(addr)
    }

    /// The source operand of a `rdregion` with a runtime offset, read by an instruction of `exec` lanes.
    pub(super) fn indirect_source(
        &mut self,
        rd: LLVMValueRef,
        read: &RdRegion,
        exec: u32,
        sign: Option<bool>,
    ) -> R<Operand> {
        let Index::Value(index) = read.index else {
            return Err(error(rd, "internal error: a direct region read as indirect"));
        };
        let input =
            if ir::is_constant(read.input) { self.materialize(rd, read.input)? } else { self.var_of(rd, read.input)? };
        let Some(ty) = element_type(ir::type_of(rd)) else {
            return Err(error(rd, "the region's elements have no vISA type"));
        };
        let ty = sign.map_or(self.declared_sign(input, ty), |s| ty.with_sign(s));
        let view = self.view(input, ty);
        let mut shape = read.region;
        shape.offset = 0;
        let region = vector_region(rd, &shape, exec)?;
        let addr = self.address_of(rd, index, view)?;
        Ok(Operand::Indirect(IndirectSrc {
            addr,
            addr_elem: 0,
            offset: read.region.offset,
            region,
            ty,
            modifier: Modifier::None,
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
        let src = if self.bales.info(w).is_operand_baled(1) && is_instruction(new) {
            let temp = self.new_var(new, false)?;
            self.compute(new, temp, 0, 1, exec, None)?;
            self.whole(new, temp, n, None)?
        } else {
            self.plain_source(w, operand(w, 1), n, None)?
        };
        let ty = self.k.var(var).ty().filter(|t| t.bytes() == ty.bytes()).unwrap_or(ty);
        let base = self.view(var, ty);
        let addr = self.address_of(w, index, base)?;
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
