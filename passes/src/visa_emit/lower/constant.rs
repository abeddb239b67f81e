//! genx-visa-emit, loads of constant data: a `load` of a constant global at a constant offset (what
//! `genx-constant-loads` folds before the middle end, reaching here only when that pass did not run) is a
//! constant: its lanes are written by moves of their runs (lower.rs's `write_constant`; bytes and words in
//! dwords, two or four lanes per immediate). The bytes are `constant_loads::loaded_bytes`'.

use genx_visa::Type;
use llvm_sys::prelude::*;

use super::{element_type, error, Lowering, R};
use crate::constant_loads::loaded_bytes;
use crate::ir;
use crate::region_ir;

impl Lowering<'_> {
    /// `load T, T* <constant pointer>`.
    pub(super) fn constant_load(&mut self, inst: LLVMValueRef) -> R<()> {
        let bytes = loaded_bytes(inst).map_err(|why| error(inst, why))?;
        let ty = ir::type_of(inst);
        let Some(elem) = element_type(ty) else {
            return Err(error(inst, "a constant load of a type without a vISA register type"));
        };
        let size = bytes.len();
        if size != (elem.bytes() * region_ir::lanes(ty)) as usize {
            return Err(error(inst, "a constant load whose type is not whole elements"));
        }
        // Bytes and words are written as dwords (two or four lanes per immediate: half or a quarter of the
        // moves, and longer runs of equal values) when the value is whole dwords; the variable is then
        // GRF-aligned, as a dword alias needs its base at least dword-aligned.
        let packed = elem.bytes() < 4 && size % 4 == 0;
        let var = self.new_var(inst, packed)?;
        self.define(inst, var);
        let elem = if packed { Type::UD } else { elem };
        let values: Vec<u64> = bytes
            .chunks(elem.bytes() as usize)
            .map(|chunk| chunk.iter().rev().fold(0u64, |acc, &b| acc << 8 | b as u64))
            .collect();
        let view = self.view(var, elem);
        self.write_constant(view, &values, elem);
        Ok(())
    }
}
