//! Moves in a wider integer type: a byte move (a lone `rdregion`, a lone `wrregion`, or a `rdregion` baled
//! into a `wrregion`) becomes an `i32` or `i16` move when its regions allow, so the finalizer need not split it
//! into even and odd bytes; on platforms that emulate `i64`, a 64-bit move becomes a 32-bit move of twice the
//! elements (IGC's `transformMoveType`).
//!
//! The source and the destination are bitcast to the wider type, both regions are retyped with
//! [`Region::change_element_type`] (which refuses indirect and masked regions, and offsets or rows that do not
//! fall on the new element size), and the result is bitcast back. The destination must have stride 1 (a strided
//! destination would need a 2D destination, which does not exist).

use genx_region::Region;

use crate::baling::{BaleInfo, Role};
use crate::diag::RemarkKind;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir::{self, element_type, lanes, rd, wr, Index, RdRegion, WrRegion};

use super::build::{self, is_int, is_vector, opcode, operand};
use super::process::Legalizer;
use crate::ir_write;

/// `<n x iK>` with the same bits as `ty` (`None` when they do not divide).
fn retype_vector(ty: LLVMTypeRef, bits: u32) -> Option<LLVMTypeRef> {
    let elem = element_type(ty);
    let elem_bits = ir::int_width(elem);
    let total = lanes(ty) as u64 * elem_bits as u64;
    if !total.is_multiple_of(bits as u64) {
        return None;
    }
    let context = ir::type_context(ty);
    let int = ir_write::int_type(context, bits);
    Some(build::vector_of(int, (total / bits as u64) as u32))
}

/// Retypes the move bale headed by `head` from `iFROM` to `iTO` elements. Returns the new head and the new
/// read (when the move has one), with their bale infos set, or `None` when the bale is not such a move or
/// its regions do not allow the retyping.
pub(super) fn transform_move_type(
    lz: &mut Legalizer<'_>,
    head: LLVMValueRef,
    from: u32,
    to: u32,
) -> Option<(LLVMValueRef, Option<LLVMValueRef>)> {
    let head_ty = ir::type_of(head);
    if !is_vector(head_ty) || !is_int(element_type(head_ty), from) {
        return None;
    }
    let info = lz.bales.info(head);
    let (wr_inst, rd_inst) = match info.role {
        Role::WrRegion => {
            if info.is_operand_baled(wr::NEW) {
                let baled = operand(head, wr::NEW);
                if lz.bales.role(baled) == Role::RdRegion {
                    (Some(head), Some(baled))
                } else if opcode(baled) == Some(LLVMOpcode::LLVMBitCast) && !lz.bales.info(baled).is_operand_baled(0) {
                    (Some(head), None)
                } else {
                    return None;
                }
            } else {
                (Some(head), None)
            }
        }
        Role::RdRegion => (None, Some(head)),
        _ => return None,
    };
    let wrr = match wr_inst {
        Some(w) => Some(WrRegion::read(w)?),
        None => None,
    };
    let rdr = match rd_inst {
        Some(r) => Some(RdRegion::read(r)?),
        None => None,
    };
    // Source value and region.
    let (src, src_region) = match (&rdr, &wrr) {
        (Some(r), _) => (r.input, r.region),
        (None, Some(w)) => {
            let n = lanes(ir::type_of(w.new));
            if !is_vector(ir::type_of(w.new)) {
                return None;
            }
            (w.new, Region::whole(from / 8, n))
        }
        (None, None) => return None,
    };
    let dst = wr_inst.or(rd_inst)?;
    // A write to a predefined register keeps its type.
    let dst_users = ir::users(dst);
    if dst_users.len() == 1 && region_ir::genx_base_name(dst_users[0]) == Some("llvm.genx.write.predef.reg") {
        return None;
    }
    let dst_region = match &wrr {
        Some(w) => w.region,
        None => Region::whole(from / 8, lanes(ir::type_of(dst))),
    };
    if dst_region.canonical().stride != 1 {
        return None;
    }
    let src_ty = ir::type_of(src);
    if !is_vector(src_ty) || !is_int(element_type(src_ty), from) {
        return None;
    }
    let new_src_ty = retype_vector(src_ty, to)?;
    let new_dst_ty = retype_vector(ir::type_of(dst), to)?;
    let new_src_region = src_region.change_element_type(to / 8).ok()?;
    let new_dst_region = dst_region.change_element_type(to / 8).ok()?;
    if new_src_region.num_elements != new_dst_region.num_elements {
        return None;
    }
    // Words that mix defined and undefined bytes would lose their defined bytes (see `undef.rs`).
    if to > from {
        let mut undef = super::undef::Analysis::new();
        let word = (to / 8) as usize;
        if !undef.words_whole(src, word) || wrr.as_ref().is_some_and(|w| !undef.words_whole(w.old, word)) {
            return None;
        }
    }
    let name = ir::value_name(dst);
    let built = region_ir::with_builder_before(head, |builder| -> Result<(LLVMValueRef, Option<LLVMValueRef>, LLVMValueRef), String> {
        let src_name = ir::value_name(src);
        let src_name = if src_name.is_empty() { name.clone() } else { src_name };
        let new_src = build::bitcast(builder, src, new_src_ty, &format!("{src_name}.i{to}"));
        let mut new_rd = None;
        let mut new_value = new_src;
        if let Some(r) = &rdr {
            let read = region_ir::build_rdregion(builder, new_src, &new_src_region, Index::Direct, false, "")?;
            let _ = r;
            new_rd = Some(read);
            new_value = read;
        }
        let mut new_head = new_value;
        if let Some(w) = &wrr {
            let old_name = ir::value_name(w.old);
            let old_name = if old_name.is_empty() { format!("{name}.old") } else { old_name };
            let old = build::bitcast(builder, w.old, new_dst_ty, &format!("{old_name}.i{to}"));
            new_head = region_ir::build_wrregion(builder, old, new_value, &new_dst_region, Index::Direct, None, "")?;
        }
        let back_name = build::c_name(&format!("{name}.i{from}"));
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        let back = unsafe { LLVMBuildBitCast(builder, new_head, ir::type_of(dst), back_name.as_ptr()) };
        Ok((new_head, new_rd, back))
    });
    let (new_head, new_rd, back) = built.ok()?;
    if let Some(read) = new_rd {
        lz.bales.set_info(read, BaleInfo::new(Role::RdRegion));
    }
    if wrr.is_some() {
        let mut wr_info = BaleInfo::new(Role::WrRegion);
        if new_rd.is_some() {
            wr_info.set_operand_baled(wr::NEW);
        }
        lz.bales.set_info(new_head, wr_info);
    }
    let what = if from == 8 { "byte" } else { "64-bit" };
    let message = format!(
        "{what} move of {} x i{from} done as {} x i{to}",
        new_dst_region.num_elements * to / from,
        new_dst_region.num_elements
    );
    lz.cx.remark(RemarkKind::Passed, if from == 8 { c"BytePromoted" } else { c"I64MoveAsI32" }, dst, &message);
    ir_write::replace_all_uses(dst, back);
    // Erase the old write first (it uses the old read), then the old read and its dead index computation.
    let index = rdr.as_ref().and_then(|r| match r.index {
        Index::Value(_) => Some(operand(r.call, rd::OFFSET)),
        Index::Direct => None,
    });
    let rd_name = rd_inst.map(ir::value_name);
    if let Some(w) = wr_inst {
        lz.erase(w);
    }
    if let Some(r) = rd_inst {
        if !build::has_uses(r) {
            lz.erase(r);
        }
    }
    // Bitcasts the old move read may be dead now (the new move looked through them): erased at the end of the
    // pass, not here, since the sweep may hold one as the next instruction to visit.
    for value in [Some(src), wrr.as_ref().map(|w| w.old)].into_iter().flatten() {
        if opcode(value) == Some(LLVMOpcode::LLVMBitCast) && !build::has_uses(value) {
            lz.maybe_dead.push(value);
        }
    }
    // The new move takes the old names (now free).
    let rename = |value: LLVMValueRef, name: &str| {
        let cname = build::c_name(name);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe { LLVMSetValueName2(value, cname.as_ptr(), cname.as_bytes().len()) };
    };
    if let (Some(read), Some(rd_name)) = (new_rd, rd_name) {
        rename(read, &rd_name);
    }
    if wrr.is_some() {
        rename(new_head, &name);
    }
    if let Some(index) = index {
        if build::is_instruction(index) && !build::has_uses(index) && lz.bales.role(index) != Role::MainInst {
            lz.erase(index);
        }
    }
    Some((new_head, new_rd))
}
