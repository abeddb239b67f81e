//! genx-visa-emit, globals held in registers: a `_GENX_VOLATILE_` global (read and written whole with
//! `llvm.genx.vload` / `llvm.genx.vstore`, the form genx-cm-lower gives it) and any other non-constant global a
//! kernel reads and writes whole (`load`/`store` of its whole type) is one vISA variable of the kernel, as in
//! IGC's back end: a CM global is per thread, so it never needs memory.
//!
//! # Algorithm
//! 1. **Declare** ([`Lowering::global_variables`], before the blocks): one general variable per such global the
//!    kernel uses, of the global's vector type, GRF-aligned. `_GENX_VOLATILE_BINDING_(n)` (attribute
//!    `genx_byte_offset`) pins the variable at byte `n` of the register file as IGC does, an
//!    `.implicit_PSEUDO_INPUT` of its size (no host data: it starts undefined); this runs before the arguments
//!    are laid out, which then avoid the pinned bytes (IGC's layout does the same). A binding that overlaps
//!    another, does not start a GRF after r0 or leaves the register file is a located error.
//! 2. **Accesses**: a read is a copy of the global's variable into a fresh variable (the value read must not
//!    change when the global is written later), a write a copy of the value into the global's variable (a
//!    constant is written there by moves). Coalescing (`genx_visa::coalesce`) removes every copy whose two
//!    variables do not interfere, so a read-modify-write of a global works in place; the copies that stay are
//!    counted as `copies-global`.
//! 3. **Initial value** ([`Lowering::initialize_globals`], after the blocks): when the global's variable is
//!    read before any write on some path from the kernel's entry (liveness on the machine IR) and its
//!    initializer is not undef, moves at the entry write the initializer. IGC 1.0.12504 leaves the variable
//!    undefined there (docs/visa-proof.md: its own mismatch on `volatile-global.ll`); the IR's meaning is the
//!    initializer, which is what this writes.
//!
//! # Not handled
//! A partial access of a non-volatile global (through a `getelementptr`: genx-cm-lower rewrites volatile ones
//! into whole accesses and regions), a global whose initializer is not a plain constant, more than 32 GRFs in
//! one global, a binding offset that does not start a GRF (the variable is GRF-aligned; IGC may accept
//! others): located errors.

use std::ffi::{c_char, c_uint};

use genx_visa::{Align, Category, CopyReason, Input, Inst, Origin, Type, VarId};
use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::{constant_lanes, element_type, error, genx_short_name, operand, Lowering, R};
use crate::diag::{Diagnostic, Severity};
use crate::ir;
use crate::region_ir;
use crate::visa_emit::NAME;

extern "C" {
    fn genx_global_get_attribute(global: LLVMValueRef, kind: *const c_char, len: *mut c_uint) -> *const c_char;
}

/// The global a kernel instruction reads or writes whole, with the value type: `vload(g)`, `vstore(v, g)`,
/// `load T, T* g` and `store T v, T* g` of a non-constant global variable of type `T`.
pub(super) fn whole_global_access(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    let pointer = match (ir::opcode(inst)?, genx_short_name(inst)) {
        (llvm_sys::LLVMOpcode::LLVMCall, Some("vload")) => operand(inst, 0),
        (llvm_sys::LLVMOpcode::LLVMCall, Some("vstore")) => operand(inst, 1),
        (llvm_sys::LLVMOpcode::LLVMLoad, _) => operand(inst, 0),
        (llvm_sys::LLVMOpcode::LLVMStore, _) => operand(inst, 1),
        _ => return None,
    };
    // SAFETY: kind and type queries on a live value.
    unsafe {
        if LLVMIsAGlobalVariable(pointer).is_null() || LLVMIsGlobalConstant(pointer) != 0 {
            return None;
        }
        let value_ty = if ir::opcode(inst) == Some(llvm_sys::LLVMOpcode::LLVMStore)
            || genx_short_name(inst) == Some("vstore")
        {
            ir::type_of(operand(inst, 0))
        } else {
            ir::type_of(inst)
        };
        (LLVMGlobalGetValueType(pointer) == value_ty).then_some(pointer)
    }
}

/// `genx_byte_offset` of a global (`_GENX_VOLATILE_BINDING_(n)`), when it has one.
fn binding_offset(global: LLVMValueRef) -> Option<Result<u32, String>> {
    let mut len: c_uint = 0;
    // SAFETY: the glue returns a pointer into the attribute's string, valid while the module lives; read now.
    let text = unsafe {
        let ptr = genx_global_get_attribute(global, c"genx_byte_offset".as_ptr(), &mut len);
        if ptr.is_null() {
            return None;
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(ptr as *const u8, len as usize)).into_owned()
    };
    Some(text.parse::<u32>().map_err(|_| text))
}

impl Lowering<'_> {
    /// Phase 1: a variable per global the kernel accesses whole (pinned ones placed as pseudo inputs).
    pub(super) fn global_variables(&mut self, function: LLVMValueRef) -> R<()> {
        let grf = self.k.grf_bytes;
        for inst in ir::blocks(function).flat_map(ir::instructions) {
            let Some(global) = whole_global_access(inst) else { continue };
            if self.globals.contains_key(&global) {
                continue;
            }
            // SAFETY: the global's value type.
            let ty = unsafe { LLVMGlobalGetValueType(global) };
            let Some(elem) = element_type(ty) else {
                return Err(error(
                    inst,
                    format!("global @{} of type {} has no vISA register type", ir::value_name(global), ir::type_to_string(ty)),
                ));
            };
            let lanes = region_ir::lanes(ty);
            let size = elem.bytes() * lanes;
            if size > 32 * grf {
                return Err(error(inst, format!("global @{} of {size} bytes does not fit in 32 GRFs", ir::value_name(global))));
            }
            let var = self.k.add_var(
                Category::General { ty: elem, elems: lanes, align: Align::Grf },
                Origin::Declared,
                format!("@{}", ir::value_name(global)),
            );
            match binding_offset(global) {
                None => {}
                Some(Err(text)) => {
                    return Err(error(inst, format!("global @{}: binding offset '{text}' is not a byte offset", ir::value_name(global))));
                }
                Some(Ok(offset)) => {
                    let overlaps = self.k.inputs.iter().find(|i| offset < i.offset + i.size && i.offset < offset + size);
                    if offset % grf != 0 || offset < grf || offset + size > 128 * grf || overlaps.is_some() {
                        return Err(Diagnostic::at_function(
                            Severity::Error,
                            NAME,
                            function,
                            format!(
                                "_GENX_VOLATILE_BINDING_({offset}) of @{} ({size} bytes) cannot be pinned: it must start a \
                                 GRF after r0, stay in the {}-byte register file and not overlap another binding",
                                ir::value_name(global),
                                128 * grf
                            ),
                        ));
                    }
                    self.k.inputs.push(Input { var, offset, size, implicit: Some("PSEUDO_INPUT") });
                }
            }
            self.globals.insert(global, var);
        }
        Ok(())
    }

    /// A whole read or write of a global's variable (`vload`, `vstore`, or a `load`/`store` of the whole global).
    pub(super) fn global_access(&mut self, inst: LLVMValueRef, global: LLVMValueRef) -> R<()> {
        let var = self.globals[&global];
        let store = ir::opcode(inst) == Some(llvm_sys::LLVMOpcode::LLVMStore) || genx_short_name(inst) == Some("vstore");
        if !store {
            let value = self.new_var(inst, false)?;
            self.insts.push(Inst::Copy { dst: value, src: var, reason: CopyReason::Global });
            self.define(inst, value);
            return Ok(());
        }
        let value = operand(inst, 0);
        if ir::is_constant(value) {
            let lanes = constant_lanes(value).ok_or_else(|| error(inst, "a constant expression stored into a global"))?;
            let ty = self.k.var(var).ty().unwrap_or(Type::D);
            self.write_constant(var, &lanes, ty);
            return Ok(());
        }
        let src = self.var_of(inst, value)?;
        self.insts.push(Inst::Copy { dst: var, src, reason: CopyReason::Global });
        Ok(())
    }

    /// Phase 3: the initializer of every global read before it is written, by moves at the kernel's entry.
    pub(super) fn initialize_globals(&mut self, function: LLVMValueRef) -> R<()> {
        if self.globals.is_empty() || self.k.blocks.is_empty() {
            return Ok(());
        }
        let live = genx_visa::liveness::analyze(&self.k);
        let mut globals: Vec<(LLVMValueRef, VarId)> = self.globals.iter().map(|(&g, &v)| (g, v)).collect();
        globals.sort_by_key(|&(_, v)| v.0);
        let mut moves = Vec::new();
        for (global, var) in globals {
            if !live.live_in[0].contains(self.k.root_of(var)) {
                continue;
            }
            // SAFETY: the global's initializer (null for a declaration).
            let init = unsafe { LLVMGetInitializer(global) };
            if init.is_null() || ir::is_undef(init) {
                continue;
            }
            let Some(lanes) = constant_lanes(init) else {
                return Err(Diagnostic::at_function(
                    Severity::Error,
                    NAME,
                    function,
                    format!("the initializer of global @{} is not a plain constant", ir::value_name(global)),
                ));
            };
            let ty = self.k.var(var).ty().unwrap_or(Type::D);
            let saved = std::mem::take(&mut self.insts);
            self.write_constant(var, &lanes, ty);
            moves.extend(std::mem::replace(&mut self.insts, saved));
        }
        if !moves.is_empty() {
            let entry = &mut self.k.blocks[0].insts;
            moves.append(entry);
            *entry = moves;
        }
        Ok(())
    }
}
