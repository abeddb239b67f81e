//! genx-visa-emit, SIMD control flow: the execution-mask (EM) and resume-mask (RM) values of
//! `llvm.genx.simdcf.goto`/`join` (docs/genx-ir.md §1.5) have no variable: they are the hardware's execution
//! mask and the channels waiting at a join's label.
//!
//! # Mask values
//! The results 0 and 1 of a goto (EM', RM') and 0 of a join (EM') are mask values, and so is every phi one of
//! whose incoming values is a mask value (to a fixed point): genx-simdcf-lower carries EM and RM in slots
//! that `sroa` turns into such phis. Mask values get no variable and their phis no copies.

use std::collections::HashSet;

use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{genx_short_name, Lowering};
use crate::ir;

/// The mask values of a function (see the module note).
pub(super) fn mask_values(blocks: &[LLVMBasicBlockRef]) -> HashSet<LLVMValueRef> {
    let mut masks = HashSet::new();
    let mut phis = Vec::new();
    for &block in blocks {
        for inst in ir::instructions(block) {
            match ir::opcode(inst) {
                Some(LLVMOpcode::LLVMPHI) => phis.push(inst),
                Some(LLVMOpcode::LLVMExtractValue) => {
                    let aggregate = ir::operand(inst, 0);
                    let index = ir::extract_index(inst).unwrap_or(u32::MAX);
                    let is_mask = match genx_short_name(aggregate) {
                        Some("simdcf.goto") => index < 2,
                        Some("simdcf.join") => index == 0,
                        _ => false,
                    };
                    if is_mask {
                        masks.insert(inst);
                    }
                }
                _ => {}
            }
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &phi in &phis {
            if !masks.contains(&phi) && ir::phi_incoming(phi).iter().any(|(v, _)| masks.contains(v)) {
                masks.insert(phi);
                changed = true;
            }
        }
    }
    masks
}

impl Lowering<'_> {
    /// Whether `value` is an EM or RM value (no variable).
    pub(super) fn is_mask_value(&self, value: LLVMValueRef) -> bool {
        self.control.masks.contains(&value)
    }
}
