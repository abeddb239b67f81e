//! Phase 8 of genx-simdcf-lower: predication of what runs under SIMD control flow (see simdcf_lower.rs).
//!
//! In a predicated block: a W-element vector store becomes load, `select(EM, new, old)`, store (a `genx.vstore`
//! of a `_GENX_VOLATILE_` global: `genx.vload`, select, `genx.vstore`), or the last
//! W-wide wrregion of the stored chain gets EM in its mask; a memory intrinsic's `<W x i1>` predicate is and-ed
//! with EM; `simdcf.predicate(v, d)` becomes `select(EM, v, d)`. Scalars stay unpredicated. What cannot be
//! predicated (another width, a write without a predicate operand, a call) is a located error.

use crate::diag::PassCx;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir;

use super::{c_name, intrinsic, is_bool_vector, opcode, vector_lanes, Lowering, EM_WIDTH};
use crate::ir_write;

impl Lowering {
    /// Loads EM before `at`, sliced to its first `width` lanes.
    pub(super) fn load_em(&mut self, at: LLVMValueRef, width: u32) -> LLVMValueRef {
        let slot = self.em_slot();
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let ty = ir_write::vector_type(ir_write::int_type(self.context, 1), EM_WIDTH);
            region_ir::with_builder_before(at, |b| {
                let em = LLVMBuildLoad2(b, ty, slot, c"em".as_ptr());
                if width == EM_WIDTH {
                    return em;
                }
                let i32_ty = ir_write::int_type(self.context, 32);
                let mut lanes: Vec<_> = (0..width).map(|i| ir_write::const_int(i32_ty, i as u64, false)).collect();
                let mask = LLVMConstVector(lanes.as_mut_ptr(), width);
                LLVMBuildShuffleVector(b, em, ir_write::undef(ty), mask, c"em.slice".as_ptr())
            })
        }
    }

    pub(super) fn predicate(&mut self, cx: &mut PassCx) {
        for block in self.layout() {
            let Some(&width) = self.predicated.get(&block) else { continue };
            for inst in ir::instructions(block).collect::<Vec<_>>() {
                self.predicate_inst(inst, width, cx);
            }
        }
    }

    fn predicate_inst(&mut self, inst: LLVMValueRef, width: u32, cx: &mut PassCx) {
        match opcode(inst) {
            Some(LLVMOpcode::LLVMStore) => self.predicate_store(inst, width, cx),
            Some(LLVMOpcode::LLVMCall) if intrinsic(inst) == Some("llvm.genx.vstore") => {
                self.predicate_store(inst, width, cx)
            }
            Some(LLVMOpcode::LLVMCall) => self.predicate_call(inst, width, cx),
            _ => {}
        }
    }

    pub(super) fn width_error(&self, at: LLVMValueRef, what: &str, lanes: u32, width: u32, cx: &mut PassCx) {
        cx.error_at(
            at,
            format!(
                "mixing SIMD widths: {what} has {lanes} elements inside SIMD{width} control flow (statements there \
                 must be {width} wide or scalar)"
            ),
        );
    }

    fn predicate_store(&mut self, store: LLVMValueRef, width: u32, cx: &mut PassCx) {
        let value = ir::operand(store, 0);
        let lanes = vector_lanes(ir::type_of(value));
        if lanes <= 1 {
            return; // scalar code is not predicated
        }
        let block = ir::parent_block(store);
        // (user, operand) whose value is the wrregion to predicate.
        let mut use_site = (store, 0u32);
        let mut chosen: Option<(LLVMValueRef, (LLVMValueRef, u32))> = None;
        let mut v = value;
        loop {
            if !ir::is_instruction(v) || ir::parent_block(v) != block {
                break; // only a chain in the store's own block runs under the store's EM
            }
            if opcode(v) == Some(LLVMOpcode::LLVMBitCast) {
                use_site = (v, 0);
                v = ir::operand(v, 0);
                continue;
            }
            if !region_ir::is_wrregion(v) || ir::call_arg_count(v) != 8 {
                break;
            }
            let new = ir::call_arg(v, region_ir::wr::NEW);
            let new_lanes = vector_lanes(ir::type_of(new)).max(1);
            if new_lanes == width {
                chosen = Some((v, use_site));
                use_site = (v, region_ir::wr::NEW);
                if !region_ir::is_all_ones(ir::call_arg(v, region_ir::wr::MASK)) {
                    break;
                }
                v = new;
            } else if new_lanes == 1 {
                return; // a scalar write
            } else if new_lanes < width {
                break;
            } else {
                self.width_error(v, "a region write", new_lanes, width, cx);
                return;
            }
        }
        if let Some((wr, (user, operand))) = chosen {
            let predicated = match self.predicate_wrregion(wr, width) {
                Ok(p) => p,
                Err(why) => {
                    cx.error_at(wr, format!("cannot predicate this region write: {why}"));
                    return;
                }
            };
            ir_write::set_operand(user, operand, predicated);
            if !ir::has_uses(wr) {
                ir_write::erase(wr);
            }
            self.counts[2] += 1;
            return;
        }
        if lanes != width {
            match self.origin.get(&store) {
                Some(&origin) => self.width_error(origin, "a value used in another block", lanes, width, cx),
                None => self.width_error(store, "a store", lanes, width, cx),
            }
            return;
        }
        let em = self.load_em(store, width);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let ptr = ir::operand(store, 1);
            let ty = ir::type_of(value);
            let name = ir::value_name(value);
            let vload = if opcode(store) == Some(LLVMOpcode::LLVMCall) {
                match region_ir::declare_intrinsic(self.module, "llvm.genx.vload", ty, &[ir::type_of(ptr)]) {
                    Ok(function) => Some(function),
                    Err(why) => {
                        cx.error_at(store, format!("cannot predicate this vstore: {why}"));
                        return;
                    }
                }
            } else {
                None
            };
            let select = region_ir::with_builder_before(store, |b| {
                let old_name = format!("{name}.old");
                let old = match vload {
                    Some(function) => region_ir::build_call(b, function, &mut [ptr], &old_name),
                    None => LLVMBuildLoad2(b, ty, ptr, c_name(&old_name).as_ptr()),
                };
                LLVMBuildSelect(b, em, value, old, c_name(&format!("{name}.simdcf")).as_ptr())
            });
            ir_write::set_operand(store, 0, select);
        }
        self.counts[2] += 1;
    }

    /// A copy of `wr` (before it) whose mask is EM, and-ed with its own mask when it has one.
    fn predicate_wrregion(&mut self, wr: LLVMValueRef, width: u32) -> Result<LLVMValueRef, String> {
        let mut args: Vec<LLVMValueRef> = (0..8).map(|i| ir::call_arg(wr, i)).collect();
        let mask = args[region_ir::wr::MASK as usize];
        let em_ty = ir_write::vector_type(ir_write::int_type(self.context, 1), width);
        let types: Vec<LLVMTypeRef> = args
            .iter()
            .enumerate()
            .map(|(i, &a)| if i == region_ir::wr::MASK as usize { em_ty } else { ir::type_of(a) })
            .collect();
        let base = intrinsic(wr).unwrap_or("");
        let callee = region_ir::declare_intrinsic(self.module, base, ir::type_of(wr), &types)?;
        let em = self.load_em(wr, width);
        let name = ir::value_name(wr);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        Ok(region_ir::with_builder_before(wr, |b| unsafe {
            let mask_name = c_name(&format!("{name}.mask"));
            args[region_ir::wr::MASK as usize] = if region_ir::is_all_ones(mask) {
                em
            } else if vector_lanes(ir::type_of(mask)) == 0 {
                // A scalar mask enables all or nothing.
                LLVMBuildSelect(b, mask, em, ir_write::zero(em_ty), mask_name.as_ptr())
            } else {
                LLVMBuildAnd(b, mask, em, mask_name.as_ptr())
            };
            region_ir::build_call(b, callee, &mut args, &format!("{name}.simdcf"))
        }))
    }

    fn predicate_call(&mut self, call: LLVMValueRef, width: u32, cx: &mut PassCx) {
        let Some(callee) = ir::called_function(call) else {
            cx.error_at(call, "an indirect call inside SIMD control flow is not supported".to_string());
            return;
        };
        if let Some(desc) = region_ir::genx_desc(call) {
            match desc.name {
                "llvm.genx.simdcf.any" | "llvm.genx.vload" | "llvm.genx.simdcf.savemask" | "llvm.genx.simdcf.unmask"
                | "llvm.genx.simdcf.remask" | "llvm.genx.unmask.begin" | "llvm.genx.unmask.end" => return,
                "llvm.genx.simdcf.predicate" => {
                    self.rewrite_predicate(call, width, cx);
                    return;
                }
                _ => {}
            }
            if desc.attrs.readnone || ir::call_arg_count(call) == 0 {
                return;
            }
            if let Some(index) = self.predicate_operand(call) {
                self.and_predicate(call, index, width, cx);
                return;
            }
            if desc.attrs.readonly && !desc.attrs.has_side_effects {
                return; // a read: its result matters only in enabled channels
            }
            cx.error_at(
                call,
                format!(
                    "'{}' writes memory and has no predicate operand: it cannot be used inside SIMD control flow",
                    desc.name
                ),
            );
            return;
        }
        let name = ir::value_name(callee);
        if name.starts_with("llvm.") {
            if name.starts_with("llvm.masked.") {
                if let Some(index) = self.predicate_operand(call) {
                    self.and_predicate(call, index, width, cx);
                    return;
                }
            }
            if name.starts_with("llvm.dbg.")
                || name.starts_with("llvm.lifetime.")
                || name.starts_with("llvm.assume")
                || name.starts_with("llvm.experimental.noalias")
                || !accesses_memory(callee)
            {
                return;
            }
            cx.error_at(call, format!("'{name}' accesses memory and cannot be predicated inside SIMD control flow"));
            return;
        }
        cx.error_at(
            call,
            format!(
                "a call of '{name}' inside SIMD control flow is not supported (calls under a SIMD mask need a call \
                 mask; CM functions are inlined)"
            ),
        );
    }

    /// The last operand of `call` that is a vector of i1 (the predicate of a GenX memory intrinsic).
    fn predicate_operand(&self, call: LLVMValueRef) -> Option<u32> {
        (0..ir::call_arg_count(call)).rev().find(|&i| is_bool_vector(ir::type_of(ir::call_arg(call, i))))
    }

    fn and_predicate(&mut self, call: LLVMValueRef, index: u32, width: u32, cx: &mut PassCx) {
        let pred = ir::call_arg(call, index);
        let lanes = vector_lanes(ir::type_of(pred));
        if lanes != width {
            self.width_error(call, "a memory access", lanes, width, cx);
            return;
        }
        let em = self.load_em(call, width);
        let new = if region_ir::is_all_ones(pred) {
            em
        } else {
            let name = format!("{}.simdcf", ir::value_name(pred));
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            region_ir::with_builder_before(call, |b| unsafe { LLVMBuildAnd(b, pred, em, c_name(&name).as_ptr()) })
        };
        ir_write::set_operand(call, index, new);
        self.counts[2] += 1;
    }

    fn rewrite_predicate(&mut self, call: LLVMValueRef, width: u32, cx: &mut PassCx) {
        let (value, default) = (ir::call_arg(call, 0), ir::call_arg(call, 1));
        let lanes = vector_lanes(ir::type_of(value));
        if lanes != width {
            self.width_error(call, "a reduction operand", lanes, width, cx);
            return;
        }
        let em = self.load_em(call, width);
        let name = format!("{}.simdcf", ir::value_name(value));
        let select =
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            region_ir::with_builder_before(call, |b| unsafe { LLVMBuildSelect(b, em, value, default, c_name(&name).as_ptr()) });
        region_ir::replace_and_erase(call, select);
        self.counts[2] += 1;
    }
}

/// Whether a declared function may access memory (it lacks `readnone`).
fn accesses_memory(function: LLVMValueRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let kind = LLVMGetEnumAttributeKindForName(c"readnone".as_ptr(), 8);
        LLVMGetEnumAttributeAtIndex(function, crate::llvm_sys::LLVMAttributeFunctionIndex, kind).is_null()
    }
}
