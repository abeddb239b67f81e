//! Emitting a planned split: every member cloned per piece on its sub-region, the pieces joined by a chain
//! of `wrregion`s (or `wrpredregion`s for a predicate result) from `undef`, or from the original Old value when
//! the head is a `wrregion` (IGC's `splitBale`, `splitInst`, `getSplitOperand`, `joinWrRegion`,
//! `convertToMultiIndirect`).

use std::collections::HashMap;

use genx_region::{Indirect, Region};

use crate::baling::{BaleMember, Role};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir::{self, element_bytes, element_type, lanes, wr, Index, RdRegion, WrRegion};

use super::build::{self, is_predicate_type, is_vector, opcode, operand};
use super::process::{index_alignment, intrinsic_base, name_of, Bale, Legalizer, SplitKind};
use super::width::legal_region_size;
use crate::ir_write;

impl Legalizer<'_> {
    /// Emits the pieces after the head, joins them, replaces the head and erases the bale. On an error the
    /// emitted instructions are erased again and the bale is left as it was.
    pub(super) fn emit(&mut self, bale: &Bale, plan: &[(u32, u32)], kind: SplitKind) -> Result<(), String> {
        let head = bale.head;
        let insert_before = ir::next_instruction(head);
        if insert_before.is_null() {
            return Err("the head is the last instruction of its block".to_string());
        }
        let result = region_ir::with_builder_before(insert_before, |builder| self.emit_pieces(builder, bale, plan, kind));
        match result {
            Ok(joined) => {
                ir_write::replace_all_uses(head, joined);
                for m in &bale.members {
                    if !build::has_uses(m.inst) {
                        self.erase(m.inst);
                    }
                }
                self.changed = true;
                Ok(())
            }
            Err(reason) => {
                // Erase what was emitted (everything between the head and `insert_before`), last first.
                loop {
                    let last = ir::previous_instruction(insert_before);
                    if last.is_null() || last == head {
                        break;
                    }
                    ir_write::erase(last);
                }
                Err(reason)
            }
        }
    }

    fn emit_pieces(&mut self, builder: LLVMBuilderRef, bale: &Bale, plan: &[(u32, u32)], kind: SplitKind) -> Result<LLVMValueRef, String> {
        let head = bale.head;
        // The bytes per lane of the instruction (max of destination and first source, as the two-GRF rule).
        let compressed = {
            let dst = if bale.head_is_wrregion() { operand(head, wr::NEW) } else { head };
            let main = bale.main.unwrap_or(dst);
            let mut eb = element_bytes(element_type(ir::type_of(dst)));
            let count = ir::data_operand_count(main);
            if count > 0 && opcode(main) != Some(LLVMOpcode::LLVMSelect) && !region_ir::is_rdregion(main) && !region_ir::is_wrregion(main) {
                if let Some(src) = element_bytes(element_type(ir::type_of(operand(main, 0)))) {
                    eb = Some(eb.unwrap_or(0).max(src));
                }
            }
            eb
        };
        let mut prev = ir_write::undef(ir::type_of(head));
        for &(start, width) in plan {
            // Clones of members, and slices of other operands (one per value per piece).
            let mut map: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
            let leaves: Vec<BaleMember> = bale.leaves_first().copied().collect();
            let two_rows = compressed.is_some_and(|eb| width * eb > self.target.grf_bytes);
            for m in leaves {
                if m.inst == head && bale.head_is_wrregion() {
                    continue;
                }
                if matches!(m.info.role, Role::AddrAdd | Role::AddrOr) {
                    continue;
                }
                // Pieces of a compressed instruction (a destination of more than one GRF) read their 1D sources
                // as two rows, the form vISA gives the two halves.
                let value = self.split_inst(builder, bale, &m, start, width, prev, kind, &mut map, two_rows)?;
                map.insert(m.inst, value);
            }
            let last = if bale.head_is_wrregion() {
                self.join_wrregion(builder, head, start, width, prev, &mut map, two_rows)?
            } else {
                let value = *map.get(&head).ok_or("the head was not split")?;
                if lanes(ir::type_of(head)) != width {
                    self.join_result(builder, head, prev, value, start, width)?
                } else {
                    value
                }
            };
            prev = last;
        }
        Ok(prev)
    }

    /// The lanes `start..start + width` of the vector `value` (a scalar as it is), made once per piece.
    fn split_value(
        &self,
        builder: LLVMBuilderRef,
        value: LLVMValueRef,
        start: u32,
        width: u32,
        map: &mut HashMap<LLVMValueRef, LLVMValueRef>,
        two_rows: bool,
    ) -> Result<LLVMValueRef, String> {
        if !is_vector(ir::type_of(value)) {
            return Ok(value);
        }
        if let Some(&split) = map.get(&value) {
            if lanes(ir::type_of(split)) == width {
                return Ok(split);
            }
        }
        let name = format!("{}.split{start}", name_of(value));
        let slice = if two_rows && !ir::is_constant(value) && !is_predicate_type(ir::type_of(value)) {
            match element_bytes(element_type(ir::type_of(value))) {
                Some(eb) => {
                    let sub = Region::whole(eb, lanes(ir::type_of(value))).subregion(start, width).map_err(|e| e.to_string())?;
                    region_ir::build_rdregion(builder, value, &as_two_rows(sub), Index::Direct, false, &name)?
                }
                None => build::subvector(builder, value, start, width, &name)?,
            }
        } else {
            build::subvector(builder, value, start, width, &name)?
        };
        // The same operand read twice in one piece (`fmul %d, %d`) is sliced once. (Not for a twice-width
        // operand, whose slice has other bounds.)
        if lanes(ir::type_of(slice)) == width {
            map.insert(value, slice);
        }
        Ok(slice)
    }

    #[allow(clippy::too_many_arguments)]
    fn split_inst(
        &mut self,
        builder: LLVMBuilderRef,
        bale: &Bale,
        m: &BaleMember,
        start: u32,
        width: u32,
        prev: LLVMValueRef,
        kind: SplitKind,
        map: &mut HashMap<LLVMValueRef, LLVMValueRef>,
        two_rows: bool,
    ) -> Result<LLVMValueRef, String> {
        let inst = m.inst;
        let name = format!("{}.split{start}", name_of(inst));
        if m.info.role == Role::RdRegion {
            if !is_vector(ir::type_of(inst)) {
                return Ok(inst);
            }
            let rdr = RdRegion::read(inst).ok_or("unreadable rdregion")?;
            let fixed = bale.fixed4.is_some() && bale.fixed4 == m.parent;
            if fixed {
                return Ok(inst);
            }
            let doubling = u32::from(bale.twice_width.is_some() && bale.twice_width == m.parent);
            let (s, w) = (start << doubling, width << doubling);
            let r = rdr.region.canonical();
            let input_len = lanes(ir::type_of(rdr.input));
            let mut old = rdr.input;
            if kind == SplitKind::Propagation && !ir::is_undef(prev) && bale.head_is_wrregion() && old == operand(bale.head, wr::OLD) {
                old = prev;
            }
            let mut sub = r.subregion(s, w).map_err(|e| e.to_string())?;
            // A single-indirect piece that is not legal as it is was planned as a multi-indirect read.
            let convert = r.indirect == Indirect::Single
                && w != 1
                && (r.elem_bytes != 1 || self.target.byte_multi_indirect)
                && legal_region_size(self.target, &sub.canonical(), 0, true, input_len, index_alignment(rdr.index)).0 < w;
            if convert {
                if let Index::Value(index) = rdr.index {
                    self.stats.multi_indirect += 1;
                    return convert_to_multi_indirect(builder, old, &sub, index, &name);
                }
            }
            if two_rows {
                sub = as_two_rows(sub);
            }
            return region_ir::build_rdregion(builder, old, &sub, rdr.index, false, &name);
        }
        if matches!(intrinsic_base(inst).as_deref(), Some("llvm.genx.constanti" | "llvm.genx.constantf")) {
            return self.split_value(builder, operand(inst, 0), start, width, map, false);
        }
        let count = ir::data_operand_count(inst);
        let mut operands = Vec::with_capacity(count as usize);
        // With propagation, a plain read of the written vector's Old value reads the previous piece's result.
        let old = (kind == SplitKind::Propagation && !ir::is_undef(prev) && bale.head_is_wrregion()).then(|| operand(bale.head, wr::OLD));
        for n in 0..count {
            let value = if bale.fixed4 == Some((inst, n)) {
                operand(inst, n)
            } else if bale.twice_width == Some((inst, n)) {
                self.split_value(builder, operand(inst, n), start * 2, width * 2, map, two_rows)?
            } else if old.is_some() && old == Some(operand(inst, n)) {
                self.split_value(builder, prev, start, width, map, two_rows)?
            } else {
                self.split_value(builder, operand(inst, n), start, width, map, two_rows)?
            };
            operands.push(value);
        }
        build::rebuild(builder, inst, &mut operands, width, &name)
    }

    #[allow(clippy::too_many_arguments)]
    fn join_wrregion(
        &self,
        builder: LLVMBuilderRef,
        head: LLVMValueRef,
        start: u32,
        width: u32,
        prev: LLVMValueRef,
        map: &mut HashMap<LLVMValueRef, LLVMValueRef>,
        two_rows: bool,
    ) -> Result<LLVMValueRef, String> {
        let w = WrRegion::read(head).ok_or("unreadable wrregion")?;
        let r = w.region.canonical();
        let old = if start == 0 { w.old } else { prev };
        let sub = r.subregion(start, width).map_err(|e| e.to_string())?;
        let mask = if w.region.masked {
            Some(if is_vector(ir::type_of(w.mask)) {
                self.split_value(builder, operand(head, wr::MASK), start, width, map, false)?
            } else {
                w.mask
            })
        } else {
            None
        };
        let new = self.split_value(builder, operand(head, wr::NEW), start, width, map, two_rows)?;
        region_ir::build_wrregion(builder, old, new, &sub, w.index, mask, &format!("{}.join{start}", name_of(head)))
    }

    fn join_result(
        &self,
        builder: LLVMBuilderRef,
        head: LLVMValueRef,
        prev: LLVMValueRef,
        value: LLVMValueRef,
        start: u32,
        width: u32,
    ) -> Result<LLVMValueRef, String> {
        let name = format!("{}.join{start}", name_of(head));
        let ty = ir::type_of(head);
        if is_predicate_type(ty) {
            return build::wrpredregion(builder, prev, value, start, &name);
        }
        let eb = element_bytes(element_type(ty)).ok_or("result element type has no region size")?;
        let region = Region::new(eb, width, 0, width, 1, (start * eb) as i32).canonical();
        region_ir::build_wrregion(builder, prev, value, &region, Index::Direct, None, &name)
    }
}

/// `rdregion` of `width` elements starting at a runtime index, as a multi-indirect region with one address per
/// element (`splat(index) + <0, s·EB, 2·s·EB, ...>` plus the constant offset), IGC's `convertToMultiIndirect`.
fn convert_to_multi_indirect(
    builder: LLVMBuilderRef,
    input: LLVMValueRef,
    sub: &Region,
    index: LLVMValueRef,
    name: &str,
) -> Result<LLVMValueRef, String> {
    let n = sub.num_elements;
    let eb = sub.elem_bytes as i64;
    // SAFETY: live handles of the function being legalized; the builder is positioned by the caller; the calls only
    // add new IR.
    unsafe {
        let context = build::context_of(index);
        let i16_ty = ir_write::int_type(context, 16);
        let one = build::vector_of(i16_ty, 1);
        let as_vector = build::bitcast(builder, index, one, &format!("{name}.addr"));
        let splat = Region::new(2, n, 0, 1, 0, 0);
        let splatted = region_ir::build_rdregion(builder, as_vector, &splat, Index::Direct, false, &format!("{name}.addrs"))?;
        let mut offsets: Vec<LLVMValueRef> = (0..n as i64)
            .map(|i| ir_write::const_int(i16_ty, (sub.offset as i64 + i * sub.stride as i64 * eb) as u64, true))
            .collect();
        let offsets = LLVMConstVector(offsets.as_mut_ptr(), n);
        let cname = build::c_name(&format!("{name}.offsets"));
        let addresses = LLVMBuildAdd(builder, splatted, offsets, cname.as_ptr());
        let mut region = Region::new(sub.elem_bytes, n, sub.stride, 1, 1, 0);
        region.indirect = Indirect::Multi { rows: n, first: 0 };
        region_ir::build_rdregion(builder, input, &region, Index::Value(addresses), false, name)
    }
}

/// A 1D source piece of a compressed instruction as two rows (`<8;8,1>` for 16 contiguous elements): the
/// same elements, in the form vISA gives the two halves of the instruction.
fn as_two_rows(mut sub: Region) -> Region {
    if !sub.indirect.is_indirect() && sub.width == sub.num_elements && sub.num_elements >= 2 && sub.num_elements.is_multiple_of(2) && sub.stride > 0 {
        let half = sub.num_elements / 2;
        sub.width = half;
        sub.vstride = half as i32 * sub.stride;
    }
    sub
}
