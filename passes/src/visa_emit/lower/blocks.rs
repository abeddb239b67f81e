//! genx-visa-emit, block messages and their payloads: oword, media and SVM block reads and writes, the surface
//! and scalar operands of a message, and how a message's data operand reaches a GRF-aligned variable (in place
//! when it starts a GRF, a contiguous baled `rdregion` as a view of its bytes, anything else a copy).
//!
//! Moved out of `lower.rs` unchanged (it had grown past 1,600 lines); the per-lane messages are in `message.rs`.
//!
//! # Not handled
//! A payload read through a strided or indirect region is copied or refused (a located error), never viewed.

use genx_visa::*;
use llvm_sys::prelude::*;

use super::*;
use crate::ir;

impl Lowering<'_> {
    /// A surface operand: the variable of a surface argument.
    pub(super) fn surface(&mut self, inst: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        if ir::is_constant(value) {
            return self.constant_surface(inst, value);
        }
        let var = self.var_of(inst, value)?;
        if !matches!(self.k.var(var).category, Category::Surface) {
            return Err(error(inst, "the surface operand is not a surface argument"));
        }
        Ok(var)
    }

    /// Whether `var` starts a GRF of a GRF-aligned root (what a message operand needs).
    pub(super) fn starts_grf(&self, var: VarId) -> bool {
        let root = self.k.root_of(var);
        matches!(self.k.var(root).category, Category::General { align: genx_visa::Align::Grf, .. })
            && self.k.offset_in_root(var) % self.k.grf_bytes == 0
    }

    /// A message payload: `value`'s variable when it starts a GRF of a GRF-aligned variable, else a copy.
    pub(super) fn payload(&mut self, inst: LLVMValueRef, value: LLVMValueRef) -> R<Raw> {
        let var = if ir::is_constant(value) {
            let var = self.new_var(value, true)?;
            let lanes = constant_lanes(value).ok_or_else(|| error(inst, "a constant expression payload"))?;
            let ty = self.k.var(var).ty().unwrap_or(Type::D);
            self.write_constant(var, &lanes, ty);
            var
        } else {
            let var = match self.vars.get(&value) {
                Some(&var) => var,
                None => self.region_view(inst, value)?,
            };
            if self.starts_grf(var) {
                var
            } else {
                let copy = self.new_var(value, true)?;
                self.insts.push(Inst::Copy { dst: copy, src: var, reason: CopyReason::Payload });
                copy
            }
        };
        Ok(Raw { var, offset: 0 })
    }

    /// A `rdregion` baled into a message's payload: a view of the contiguous bytes it reads in its input's
    /// variable (the payload itself when they start a GRF, else `payload` copies them), so that a message of a
    /// part of a vector reads it in place, as IGC's baling lets a send take a region of a GRF-aligned vector.
    pub(super) fn region_view(&mut self, inst: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        let Some(read) = RdRegion::read(value) else {
            return self.var_of(inst, value);
        };
        if read.index != Index::Direct || !read.region.is_contiguous() || read.region.offset < 0 {
            return Err(error(inst, "a payload read through a strided or indirect region is not lowered yet"));
        }
        let input = self.var_of(value, read.input)?;
        let ty = element_type(ir::type_of(value)).ok_or_else(|| error(inst, "a payload without a vISA type"))?;
        let view = self.k.add_alias(input, read.region.offset as u32, ty, read.region.num_elements, "");
        self.stats.payload_views += 1;
        Ok(view)
    }

    /// A message's data operand `n`: a contiguous direct region baled into the message is a view of its bytes
    /// (in place when they start a GRF, [`Self::payload`]); another baled region is moved into a variable of its
    /// own (`raw_operand`); anything else is a [`Self::payload`].
    pub(super) fn message_data(&mut self, inst: LLVMValueRef, n: u32) -> R<Raw> {
        let value = operand(inst, n);
        if self.bales.info(inst).is_operand_baled(n) {
            let in_place = RdRegion::read(value)
                .is_some_and(|read| read.index == Index::Direct && read.region.is_contiguous() && read.region.offset >= 0);
            if !in_place {
                return self.raw_operand(inst, n);
            }
        }
        self.payload(inst, value)
    }

    pub(super) fn scalar(&mut self, inst: LLVMValueRef, n: u32) -> R<Operand> {
        let src = self.source(inst, n, 1, Some(false))?;
        Ok(match src {
            Operand::Imm(imm) => Operand::Imm(Imm { bits: imm.bits, ty: Type::UD }),
            other => other,
        })
    }

    /// A message baled into `wrregion` `w` (IGC's raw destination): the message writes its result straight
    /// into the write's variable `var` (GRF-aligned) at the region's byte offset, so that a vector assembled
    /// from block reads (`v.select<32,1>(32 * i) = block read`) costs no moves. Baling admits this only for a
    /// direct, contiguous region starting a GRF, unmasked or masked by the message's own predicate; a write
    /// that is not so is refused here by name.
    pub(super) fn raw_result_into(&mut self, w: LLVMValueRef, write: &WrRegion, var: VarId) -> R<()> {
        let new = write.new;
        let region = &write.region;
        if write.index != Index::Direct || !region.is_contiguous() || region.offset < 0 {
            return Err(error(
                w,
                "a message result written through a strided or indirect region is not lowered: a message \
                 writes whole contiguous GRFs",
            ));
        }
        let offset = region.offset as u32;
        if offset % self.k.grf_bytes != 0 {
            return Err(error(
                w,
                format!(
                    "a message result written at byte {offset} is not lowered: a message writes from the start of \
                     a GRF ({} bytes)",
                    self.k.grf_bytes
                ),
            ));
        }
        let own_predicate = region_ir::genx_desc(new).is_some_and(|desc| desc.operand("pred").is_some());
        if !region_ir::is_all_ones(write.mask) && !own_predicate {
            return Err(error(w, "a masked write of the result of a message without a lane predicate is not lowered"));
        }
        self.raw_into = Some(Raw { var, offset });
        self.call(new)?;
        if self.raw_into.take().is_some() {
            return Err(error(
                new,
                format!("internal error: {} was baled into a wrregion but not lowered into it", construct(new)),
            ));
        }
        Ok(())
    }

    /// The destination of a message's raw result: the `wrregion` it is baled into ([`Self::raw_result_into`]),
    /// or a fresh GRF-aligned variable defining `inst`. `fresh` says which (a fresh one may need `old` first).
    pub(super) fn raw_result(&mut self, inst: LLVMValueRef) -> R<(Raw, bool)> {
        if let Some(raw) = self.raw_into.take() {
            return Ok((raw, false));
        }
        let var = self.new_var(inst, true)?;
        self.define(inst, var);
        Ok((Raw { var, offset: 0 }, true))
    }

    pub(super) fn oword_ld(&mut self, inst: LLVMValueRef, name: &str) -> R<()> {
        let bytes = self.value_bytes(inst)?;
        let modified = ir::const_int(operand(inst, 0)).unwrap_or(0) != 0;
        let surface = self.surface(inst, operand(inst, 1))?;
        let offset = self.scalar(inst, 2)?;
        let (dst, _) = self.raw_result(inst)?;
        self.insts.push(Inst::OwordLd {
            owords: bytes / 16,
            unaligned: name.ends_with("unaligned"),
            modified,
            surface,
            offset,
            dst,
        });
        Ok(())
    }

    pub(super) fn oword_st(&mut self, inst: LLVMValueRef) -> R<()> {
        let data = operand(inst, 2);
        let bytes = self.value_bytes(data)?;
        let surface = self.surface(inst, operand(inst, 0))?;
        let offset = self.scalar(inst, 1)?;
        let src = self.message_data(inst, 2)?;
        self.insts.push(Inst::OwordSt { owords: bytes / 16, surface, offset, src });
        Ok(())
    }

    /// `media.ld(modifiers, surface, plane, width, x, y)` / `media.st(..., data)`: the block's height is the
    /// data's bytes over the row pitch (the width rounded up to a power of two, at least 4).
    pub(super) fn media(&mut self, inst: LLVMValueRef, load: bool) -> R<()> {
        let constant = |n: u32, what: &str| {
            ir::const_int(operand(inst, n))
                .map(|c| c as u32)
                .ok_or_else(|| error(inst, format!("the media block's {what} must be a constant")))
        };
        let modifier = constant(0, "modifiers")?;
        let plane = constant(2, "plane")?;
        let width = constant(3, "width")?;
        let surface = self.surface(inst, operand(inst, 1))?;
        let x = self.scalar(inst, 4)?;
        let y = self.scalar(inst, 5)?;
        let data = if load { inst } else { operand(inst, 6) };
        let bytes = self.value_bytes(data)?;
        let pitch = width.next_power_of_two().max(4);
        if width == 0 || bytes % pitch != 0 {
            return Err(error(inst, format!("{bytes} bytes of data are not whole rows of a {width}-byte-wide block")));
        }
        let height = bytes / pitch;
        if load {
            let (dst, _) = self.raw_result(inst)?;
            self.insts.push(Inst::MediaLd { modifier, width, height, surface, plane, x, y, dst });
        } else {
            let src = self.message_data(inst, 6)?;
            self.insts.push(Inst::MediaSt { modifier, width, height, surface, plane, x, y, src });
        }
        Ok(())
    }

    /// `svm.block.ld(address)` / `svm.block.st(address, data)`.
    pub(super) fn svm_block(&mut self, inst: LLVMValueRef, load: bool) -> R<()> {
        let address = match self.source(inst, 0, 1, Some(false))? {
            Operand::Imm(imm) => Operand::Imm(Imm { bits: imm.bits, ty: Type::UQ }),
            other => other,
        };
        let data = if load { inst } else { operand(inst, 1) };
        let bytes = self.value_bytes(data)?;
        if load {
            let (dst, _) = self.raw_result(inst)?;
            self.insts.push(Inst::SvmBlockLd { owords: bytes / 16, address, dst });
        } else {
            let src = self.message_data(inst, 1)?;
            self.insts.push(Inst::SvmBlockSt { owords: bytes / 16, address, src });
        }
        Ok(())
    }

    pub(super) fn value_bytes(&self, value: LLVMValueRef) -> R<u32> {
        let ty = ir::type_of(value);
        let elem = element_type(ty).ok_or_else(|| error(value, "message data without a vISA type"))?;
        Ok(elem.bytes() * region_ir::lanes(ty))
    }
}
