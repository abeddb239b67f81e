//! genx-visa-emit, carries: `llvm.genx.addc`/`subb`, whose struct result `{ carry, sum }` / `{ borrow,
//! difference }` is two vISA destinations.
//!
//! vISA `ADDC`/`SUBB` (`ADDC.md`, `SUBB.md`) write the unsigned 32-bit sum (difference) to their destination
//! and the carry (borrow, 0 or 1) to their second destination. The call gets one variable per field (`{ <N x i32>, <N x i32> }` has no vISA type of its
//! own), both of the sum's type and lane count, and an `extractvalue` of field 0 (carry) or 1 (sum) is that
//! variable: no instruction. The sources are read unsigned, as the intrinsic means.
//!
//! # Not handled
//! An `addc`/`subb` under a write mask (a predicated select baling it), a use of the whole struct other than `extractvalue`.

use genx_visa::{Dst, Exec, Inst, Type};
use llvm_sys::prelude::*;

use super::{error, genx_short_name, operand, Lowering, R};
use crate::ir;
use crate::region_ir;

/// Whether `inst` is an `extractvalue` of an `addc`'s or `subb`'s result.
pub(super) fn is_carry_part(inst: LLVMValueRef) -> bool {
    matches!(genx_short_name(operand(inst, 0)), Some("addc" | "subb"))
}

impl Lowering<'_> {
    /// `addc(a, b)`: `addc (M1, N) sum carry a b` (`subb` likewise), the two fields in variables of their own.
    pub(super) fn carry(&mut self, inst: LLVMValueRef, op: &'static str) -> R<()> {
        let borrow = op == "subb";
        let lanes = region_ir::lanes(ir::type_of(operand(inst, 0)));
        let exec = Exec::simd(lanes);
        let srcs = [self.source(inst, 0, lanes, Some(false))?, self.source(inst, 1, lanes, Some(false))?];
        let sum = self.k.add_general(Type::UD, lanes, "sum of an addc or subb");
        let carry = self.k.add_general(Type::UD, lanes, "carry of an addc or subb");
        self.parts.insert(inst, [carry, sum]);
        self.insts.push(Inst::AddC {
            exec,
            borrow,
            dst: Dst { var: sum, offset: 0, hstride: 1 },
            carry: Dst { var: carry, offset: 0, hstride: 1 },
            srcs,
        });
        Ok(())
    }

    /// `extractvalue` of an `addc` or `subb`: the field's variable.
    pub(super) fn carry_part(&mut self, inst: LLVMValueRef) -> R<()> {
        let call = operand(inst, 0);
        let Some(parts) = self.parts.get(&call).copied() else {
            return Err(error(inst, "the addc or subb this extractvalue reads was not lowered before it"));
        };
        let Some(var) = ir::extract_index(inst).and_then(|i| parts.get(i as usize).copied()) else {
            return Err(error(inst, "an extractvalue of an addc or subb with an index other than 0 or 1"));
        };
        let ty = super::element_type(ir::type_of(inst)).unwrap_or(Type::UD);
        let view = self.view(var, ty);
        self.define(inst, view);
        Ok(())
    }
}
