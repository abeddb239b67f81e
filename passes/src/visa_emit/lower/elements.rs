//! genx-visa-emit, `extractelement`: one element of a vector value read as a scalar.
//!
//! genx-lowering turns element reads into `rdregion`s, except a constant-index element of `local.id` /
//! `local.size` (IGC reads those better as elements) and whatever reaches the emitter without the middle end
//! (`-O0`). Here:
//! * a **constant index** `k` is an alias of the vector's variable at byte `k * sizeof(T)`: no instruction, the
//!   users read the element in place (liveness keeps the vector's variable alive while the alias is read);
//! * a **variable index** `i` is a read through an address variable: the byte offset `i << log2(sizeof(T))`
//!   into a word, `addr_add` of it to the vector's address, then `mov (M1, 1) dst r[A(0),0]<0;1,0>:T`. An index
//!   outside the vector is undefined, as in LLVM (poison) and as genx-lowering's region reads are.
//!
//!
//! A scalar (or one-lane) integer `trunc` whose operand is not baled into it is the same kind of view: the low bytes of its
//! operand's variable (vISA is little-endian), an alias of the narrower type at offset 0, as IGC's back end
//! reads it (a `:uw` source of the dword, no `mov`). What is left of genx-mul-narrow's `zext (trunc x)` on the
//! route is then one operand of a narrower type, which the user reads extended. A vector `trunc` (a strided
//! region of the source) and a truncation to `i1` (a predicate) stay moves.
//!
//! # Not handled
//! An element of a predicate vector (predicates have no elements in vISA; genx-lowering leaves those too), and
//! a constant index outside the vector (a poison value): located errors.

use genx_visa::{Category, Dst, Exec, Imm, IndirectSrc, Inst, Modifier, Operand, Origin, Region, Src, Type};
use llvm_sys::prelude::*;

use super::{element_type, error, is_predicate_type, note, operand, Lowering, R};
use crate::ir;
use crate::region_ir;

impl Lowering<'_> {
    /// `extractelement <N x T> %v, %i`.
    pub(super) fn extract_element(&mut self, inst: LLVMValueRef) -> R<()> {
        let vector = operand(inst, 0);
        let index = operand(inst, 1);
        let vector_ty = ir::type_of(vector);
        if is_predicate_type(vector_ty) {
            return Err(error(inst, "an element of a predicate vector is not lowered (predicates have no elements in vISA)"));
        }
        let Some(ty) = element_type(vector_ty) else {
            return Err(error(inst, format!("type {} has no vISA register type", ir::type_to_string(vector_ty))));
        };
        let lanes = region_ir::lanes(vector_ty);
        let base = if ir::is_constant(vector) { self.materialize(inst, vector)? } else { self.var_of(inst, vector)? };
        if let Some(k) = ir::const_int(index) {
            if k < 0 || k as u64 >= lanes as u64 {
                return Err(error(inst, format!("element {k} of a {lanes}-element vector (a poison value)")));
            }
            let alias = self.k.add_alias(base, k as u32 * ty.bytes(), ty, 1, note(inst));
            self.define(inst, alias);
            return Ok(());
        }
        // The byte offset of element `i`, as a word (vISA's address offsets are words).
        let index_var = if ir::is_constant(index) { self.materialize(inst, index)? } else { self.var_of(inst, index)? };
        let index_ty = match self.k.var(index_var).ty().map(Type::bytes) {
            Some(2) => Type::UW,
            Some(4) => Type::UD,
            // A 64-bit index: its low dword (an in-range index fits).
            Some(8) => Type::UD,
            _ => return Err(error(inst, "an element index that is not a 16-, 32- or 64-bit integer")),
        };
        let index_view = self.view(index_var, index_ty);
        let offset = self.k.add_general(Type::UW, 1, "");
        let scalar =
            |var| Operand::Region(Src { var, offset: 0, region: Region::SCALAR, modifier: Modifier::None });
        let nm = Exec { size: 1, offset: 0, no_mask: true };
        self.insts.push(Inst::Alu {
            op: "shl",
            sat: false,
            exec: nm,
            pred: None,
            dst: Dst { var: offset, offset: 0, hstride: 1 },
            srcs: vec![scalar(index_view), Operand::Imm(Imm { bits: ty.bytes().trailing_zeros() as u64, ty: Type::UW })],
        });
        let view = self.view(base, ty);
        let addr = self.k.add_var(Category::Address { elems: 1 }, Origin::Declared, "");
        self.insts.push(Inst::AddrAdd { exec: nm, dst: addr, dst_elem: 0, base: view, offset: 0, index: scalar(offset) });
        let dst = self.new_var(inst, false)?;
        let dst_view = self.view(dst, ty);
        self.insts.push(Inst::Alu {
            op: "mov",
            sat: false,
            exec: Exec::simd(1),
            pred: None,
            dst: Dst { var: dst_view, offset: 0, hstride: 1 },
            srcs: vec![Operand::Indirect(IndirectSrc {
                addr,
                addr_elem: 0,
                offset: 0,
                region: Region::SCALAR,
                ty,
                modifier: Modifier::None,
                multi: false,
            })],
        });
        self.define(inst, dst);
        Ok(())
    }

    /// Whether `trunc` is a view of its operand's low bytes ([`Self::low_part`]): a scalar integer truncation
    /// to a type wider than `i1`, of a value (not a constant) that is not baled into it.
    pub(super) fn is_low_part(&self, inst: LLVMValueRef) -> bool {
        let source = operand(inst, 0);
        let ty = ir::type_of(inst);
        region_ir::lanes(ty) == 1
            && !is_predicate_type(ty)
            && element_type(ty).is_some()
            && !ir::is_constant(source)
            && !self.bales.info(inst).is_operand_baled(0)
    }

    /// A scalar `trunc` of a value in a variable: an alias at its offset 0 of the narrower type.
    pub(super) fn low_part(&mut self, inst: LLVMValueRef) -> R<()> {
        let Some(ty) = element_type(ir::type_of(inst)) else {
            return Err(error(inst, "a truncation to a type without a vISA register type"));
        };
        let base = self.var_of(inst, operand(inst, 0))?;
        let alias = self.k.add_alias(base, 0, ty, 1, note(inst));
        self.stats.aliases += 1;
        self.define(inst, alias);
        Ok(())
    }
}
