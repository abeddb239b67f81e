//! genx-visa-emit, memory the front end leaves in plain LLVM form: `load`/`store` through a pointer and the
//! pointer casts on the way.
//!
//! What each is (the vISA route runs `genx-promote-array` and `mem2reg` before the middle end, so private arrays
//! of one element type are registers by now):
//! * a pointer argument (`svmptr_t`) and what `getelementptr`, `bitcast` and `addrspacecast` make of it is an
//!   SVM address: its 64-bit variable (a pointer cast is the same variable, no instruction);
//! * `store T %v, T* %p` / `load T, T* %p` of one element through an SVM address is a one-lane SVM scatter /
//!   gather (`svm_scatter.4.1 (M1, 1)`, as IGC's GenXLoadStoreLowering does for a scalar): a 4- or 8-byte
//!   element is one block of its size, a 1- or 2-byte element that many byte blocks in the low bytes of a dword;
//! * a vector of 1, 2, 4 or 8 owords whose alignment is at least 16 bytes is an SVM block message
//!   (`svm_block_st`/`svm_block_ld`);
//! * a `load` of a constant global (a table the front end left in memory) at a constant offset is its
//!   initializer's bytes: a constant vector written by moves (`constant.rs`; `genx-constant-loads` folds these
//!   before the middle end on the vISA route).
//!
//! The address operand is the pointer's variable when it starts a GRF, else a copy (a message operand must start
//! a GRF; coalescing removes the copy when it can).
//!
//! # Not handled (located errors)
//! An `alloca` left after promotion (private memory: a stack the route does not set up), volatile or atomic
//! accesses, vectors that are neither one element nor an aligned oword block, pointers that are not SVM
//! addresses (an `alloca`'s, a non-constant global's).

use genx_visa::{Align, Category, Dst, Exec, Inst, Message, Modifier, Operand, Origin, Raw, Region, Src, Type};
use llvm_sys::core::*;
use llvm_sys::prelude::*;

use super::{element_type, error, is_pointer, note, operand, Lowering, R};
use crate::ir;
use crate::region_ir;

impl Lowering<'_> {
    /// A pointer cast of an SVM address: the same variable.
    pub(super) fn pointer_cast(&mut self, inst: LLVMValueRef) -> R<()> {
        let source = operand(inst, 0);
        if ir::is_constant(source) {
            return Err(error(inst, "a cast of a constant pointer is not lowered (only SVM pointer arguments are)"));
        }
        let var = self.var_of(inst, source)?;
        self.define(inst, var);
        Ok(())
    }

    /// `alloca`: private memory genx-promote-array could not put in registers.
    pub(super) fn alloca(&mut self, inst: LLVMValueRef) -> R<()> {
        Err(error(
            inst,
            "private memory (an alloca genx-promote-array could not turn into a register vector) is not lowered: \
             the vISA route sets up no stack",
        ))
    }

    /// `store T %v, T* %p`.
    pub(super) fn store(&mut self, inst: LLVMValueRef) -> R<()> {
        self.check_plain_access(inst)?;
        let value = operand(inst, 0);
        let pointer = operand(inst, 1);
        let ty = ir::type_of(value);
        let (elem, lanes) = self.access_shape(inst, ty)?;
        let bytes = elem.bytes() * lanes;
        if lanes == 1 {
            let addresses = self.address_payload(inst, pointer)?;
            let (block_bytes, blocks) = scattered_blocks(elem);
            let data = if elem.bytes() >= 4 {
                self.message_data(inst, 0)?
            } else {
                // Bytes and words travel in the low bytes of a dword.
                let dword = self.k.add_var(
                    Category::General { ty: Type::UD, elems: 1, align: Align::Grf },
                    Origin::Declared,
                    note(value),
                );
                let src = self.plain_source(inst, value, 1, Some(false))?;
                self.insts.push(Inst::Alu {
                    op: "mov",
                    sat: false,
                    exec: Exec::simd(1),
                    pred: None,
                    dst: Dst { var: dword, offset: 0, hstride: 1 },
                    srcs: vec![src],
                });
                Raw { var: dword, offset: 0 }
            };
            self.insts.push(Inst::Message(Message::SvmScattered {
                store: true,
                block_bytes,
                blocks,
                exec: Exec::simd(1),
                pred: None,
                addresses,
                data,
            }));
            return Ok(());
        }
        let owords = self.oword_block(inst, bytes)?;
        let address = self.address_operand(inst, pointer)?;
        let src = self.message_data(inst, 0)?;
        self.insts.push(Inst::SvmBlockSt { owords, address, src });
        Ok(())
    }

    /// `load T, T* %p`.
    pub(super) fn load(&mut self, inst: LLVMValueRef) -> R<()> {
        self.check_plain_access(inst)?;
        let pointer = operand(inst, 0);
        let ty = ir::type_of(inst);
        let (elem, lanes) = self.access_shape(inst, ty)?;
        if ir::is_constant(pointer) {
            return self.constant_load(inst);
        }
        let bytes = elem.bytes() * lanes;
        if lanes == 1 {
            let addresses = self.address_payload(inst, pointer)?;
            let (block_bytes, blocks) = scattered_blocks(elem);
            // The gathered block lands in a dword (a qword for 8 bytes) starting a GRF; the value is its low part.
            let landing_ty = if elem.bytes() == 8 { Type::UQ } else { Type::UD };
            let landing = self.k.add_var(
                Category::General { ty: landing_ty, elems: 1, align: Align::Grf },
                Origin::Declared,
                note(inst),
            );
            self.insts.push(Inst::Message(Message::SvmScattered {
                store: false,
                block_bytes,
                blocks,
                exec: Exec::simd(1),
                pred: None,
                addresses,
                data: Raw { var: landing, offset: 0 },
            }));
            let value = self.k.add_alias(landing, 0, elem, 1, note(inst));
            self.define(inst, value);
            return Ok(());
        }
        let owords = self.oword_block(inst, bytes)?;
        let address = self.address_operand(inst, pointer)?;
        let var = self.new_var(inst, true)?;
        self.define(inst, var);
        self.insts.push(Inst::SvmBlockLd { owords, address, dst: Raw { var, offset: 0 } });
        Ok(())
    }

    fn check_plain_access(&self, inst: LLVMValueRef) -> R<()> {
        // SAFETY: queries on a live load or store.
        let (volatile, ordering) = unsafe { (LLVMGetVolatile(inst) != 0, LLVMGetOrdering(inst)) };
        if volatile || ordering != llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic {
            return Err(error(inst, "a volatile or atomic memory access is not lowered yet"));
        }
        Ok(())
    }

    /// The element type and count of an accessed value.
    fn access_shape(&self, inst: LLVMValueRef, ty: LLVMTypeRef) -> R<(Type, u32)> {
        let Some(elem) = element_type(ty) else {
            return Err(error(inst, format!("an access of type {} is not lowered", ir::type_to_string(ty))));
        };
        Ok((elem, region_ir::lanes(ty)))
    }

    /// The oword count of a vector access that is an SVM block (1, 2, 4 or 8 owords, 16-byte aligned).
    fn oword_block(&self, inst: LLVMValueRef, bytes: u32) -> R<u32> {
        // SAFETY: alignment of a live load or store.
        let align = unsafe { LLVMGetAlignment(inst) };
        let owords = bytes / 16;
        if bytes % 16 != 0 || !matches!(owords, 1 | 2 | 4 | 8) || align < 16 {
            return Err(error(
                inst,
                format!(
                    "a {bytes}-byte vector access aligned to {align} bytes through a pointer is not lowered yet (one \
                     element, or 1, 2, 4 or 8 owords aligned to 16 bytes, are)"
                ),
            ));
        }
        Ok(owords)
    }

    /// The SVM address `pointer` holds, as a scalar `uq` operand.
    fn address_operand(&mut self, inst: LLVMValueRef, pointer: LLVMValueRef) -> R<Operand> {
        let var = self.svm_address(inst, pointer)?;
        let view = self.view(var, Type::UQ);
        Ok(Operand::Region(Src { var: view, offset: 0, region: Region::SCALAR, modifier: Modifier::None }))
    }

    /// The SVM address `pointer` holds, as a message operand (a `uq` starting a GRF: the pointer's variable, or a
    /// copy of it).
    fn address_payload(&mut self, inst: LLVMValueRef, pointer: LLVMValueRef) -> R<Raw> {
        let var = self.svm_address(inst, pointer)?;
        let var = if self.starts_grf(var) {
            var
        } else {
            let copy = self.k.add_var(
                Category::General { ty: Type::Q, elems: 1, align: Align::Grf },
                Origin::Declared,
                note(pointer),
            );
            self.insts.push(Inst::Copy { dst: copy, src: var, reason: genx_visa::CopyReason::Payload });
            copy
        };
        let view = self.view(var, Type::UQ);
        Ok(Raw { var: view, offset: 0 })
    }

    /// The 64-bit variable of an SVM pointer.
    fn svm_address(&mut self, inst: LLVMValueRef, pointer: LLVMValueRef) -> R<genx_visa::VarId> {
        if ir::is_constant(pointer) || !is_pointer(ir::type_of(pointer)) {
            return Err(error(inst, "an access through a pointer that is not an SVM address is not lowered"));
        }
        if ir::opcode(pointer) == Some(llvm_sys::LLVMOpcode::LLVMAlloca) {
            return Err(error(inst, "an access of private memory (an alloca) is not lowered"));
        }
        self.var_of(inst, pointer)
    }
}

/// An element's SVM scattered-message blocks: (block bytes, blocks).
fn scattered_blocks(elem: Type) -> (u32, u32) {
    match elem.bytes() {
        4 => (4, 1),
        8 => (8, 1),
        n => (1, n),
    }
}
