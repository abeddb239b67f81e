//! genx-visa-emit, `llvm.genx.pln` and `llvm.genx.line` as vISA `plane` and `line` (PLANE.md, LINE.md).
//!
//! Both take their coefficients from consecutive elements of src0 (p, q, r at elements 0, 1, 3 for `plane`;
//! p at 0 and q at 3 for `line`), which vISA names by a scalar region at their start; the coefficient vector
//! is a payload starting a GRF (moved into one when it is not). `plane`'s src1 holds, for each group of 8
//! channels, the 8 u coordinates then the 8 v coordinates in consecutive GRFs (the intrinsic's operand is in
//! that layout already: CM's `cm_pln` builds it), so it is read whole from a GRF start; `line`'s src1 is an
//! ordinary per-channel source. IGC's VC backend emits `plane` for `genx.pln` on Gen11 and Xe-LP alike (the
//! finalizer takes care of a platform without the instruction).
//!
//! # Not handled
//! Source modifiers on the coefficients or coordinates (baled negations are moved into the payload first).

use genx_visa::{Modifier, Operand, Region, Src};
use llvm_sys::prelude::*;

use super::{Lowering, R};

impl Lowering<'_> {
    /// The two sources of `plane` / `line` (`op`) at `exec` channels.
    pub(super) fn plane_sources(&mut self, inst: LLVMValueRef, op: &str, exec: u32) -> R<Vec<Operand>> {
        let coefficients = self.raw_operand(inst, 0)?;
        let scalar = Src { var: coefficients.var, offset: coefficients.offset, region: Region::SCALAR, modifier: Modifier::None };
        let second = if op == "plane" {
            let uv = self.raw_operand(inst, 1)?;
            let region = Region { vstride: 1, width: 1, hstride: 0 };
            Operand::Region(Src { var: uv.var, offset: uv.offset, region, modifier: Modifier::None })
        } else {
            self.source(inst, 1, exec, None)?
        };
        Ok(vec![Operand::Region(scalar), second])
    }
}
