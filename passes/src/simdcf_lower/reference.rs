//! `genx-simdcf-lower<reference>`: the per-lane meaning of unlowered SIMD control flow, written as a program
//! the executor runs, so that `cmc validate reference.ll lowered.ll` checks genx-simdcf-lower.
//!
//! # Meaning
//! Under SIMD control flow of width W each channel `l` behaves as if it ran the function alone: a SIMD branch
//! on `simdcf.any(c)` goes where `c[l]` says, and a W-wide statement acts on lane `l` only. The reference
//! function therefore runs the original body once per lane, `l = 0 .. W-1`, in one call:
//! - `simdcf.any(c)` becomes `extractelement c, l`;
//! - a store of a W-element vector writes only its element `l` (load, `insertelement`, store back);
//! - a GenX memory intrinsic (not `readnone`) or an `llvm.masked.*` call with a `<W x i1>` predicate gets that
//!   predicate and-ed with "lane is l";
//! - the returned W-element vector is assembled from lane `l` of run `l`.
//!
//! The runs share memory; run `l` reads what runs `0..l` left, which does not change lane `l`'s result for a
//! program whose W-wide statements are lane-wise (lane `l` of a result depends only on lane `l` of operands).
//!
//! This is an independent statement of the semantics: it shares nothing with the lowering (no
//! post-dominance, no predication, no goto/join), so a mistake in one cannot hide in the other.
//!
//! # Where the reference stops
//! It describes programs whose W-wide computation is lane-wise and whose scalar computation under SIMD
//! control flow does not depend on which channels are enabled (cmc runs scalar code once per thread while
//! any channel is enabled; a scalar counter in a SIMD loop counts the thread's iterations, not a lane's).
//! Refused with an error: `simdcf.predicate` (a reduction over the enabled channels is not a per-lane
//! computation), SIMD conditions of several widths in one function, and a return value other than void or
//! a W-element vector. Stores of other widths are kept as they are (run once per lane).

use crate::diag::PassCx;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use crate::region_ir;

use super::{c_name, intrinsic, is_bool_vector, opcode, terminator, vector_lanes};
use crate::ir_write;

pub fn run(module: LLVMModuleRef, cx: &mut PassCx) -> bool {
    let mut changed = false;
    let functions: Vec<_> = ir::functions(module).filter(|&f| !ir::is_declaration(f)).collect();
    for function in functions {
        let insts: Vec<_> = ir::blocks(function).flat_map(ir::instructions).collect();
        let anys: Vec<_> = insts.iter().copied().filter(|&i| intrinsic(i) == Some("llvm.genx.simdcf.any")).collect();
        if let Some(&p) = insts.iter().find(|&&i| intrinsic(i) == Some("llvm.genx.simdcf.predicate")) {
            cx.error_at(
                p,
                "the per-lane reference cannot express simdcf.predicate (a reduction over the enabled channels is \
                 not a per-lane computation)"
                    .to_string(),
            );
            return changed;
        }
        let Some(&first) = anys.first() else { continue };
        let width = vector_lanes(ir::type_of(ir::call_arg(first, 0)));
        if let Some(&other) = anys.iter().find(|&&a| vector_lanes(ir::type_of(ir::call_arg(a, 0))) != width) {
            cx.error_at(other, format!("the per-lane reference needs one SIMD width per function (this is not {width})"));
            return changed;
        }
        let ret = ir::return_type(ir::global_value_type(function));
        let void = ir::type_kind(ret) == LLVMTypeKind::LLVMVoidTypeKind;
        if !void && vector_lanes(ret) != width {
            cx.error_at(
                first,
                format!("the per-lane reference needs a void or {width}-element return, not {}", ir::type_to_string(ret)),
            );
            return changed;
        }
        per_lane(function, width, if void { None } else { Some(ret) }, &insts);
        changed = true;
    }
    changed
}

/// Wraps the body of `function` in a loop over lanes and rewrites it to act on lane `l` only.
fn per_lane(function: LLVMValueRef, width: u32, ret: Option<LLVMTypeRef>, insts: &[LLVMValueRef]) {
    // SAFETY: live handles of the reference function being built; the builder is created and disposed in this block;
    // the calls only add blocks and instructions and move uses.
    unsafe {
        let context = ir::module_context(ir::module_of(function));
        let i32_ty = ir_write::int_type(context, 32);
        let body = ir::entry_block(function);
        let entry = LLVMInsertBasicBlockInContext(context, body, c"lanes.entry".as_ptr());
        let head = LLVMInsertBasicBlockInContext(context, body, c"lane".as_ptr());
        let next = LLVMAppendBasicBlockInContext(context, function, c"lane.next".as_ptr());
        let exit = LLVMAppendBasicBlockInContext(context, function, c"lanes.exit".as_ptr());
        let b = LLVMCreateBuilderInContext(context);

        LLVMPositionBuilderAtEnd(b, entry);
        let slot = ret.map(|ty| LLVMBuildAlloca(b, ty, c"result".as_ptr()));
        LLVMBuildBr(b, head);

        LLVMPositionBuilderAtEnd(b, head);
        let lane = LLVMBuildPhi(b, i32_ty, c"l".as_ptr());
        LLVMBuildBr(b, body);

        LLVMPositionBuilderAtEnd(b, next);
        let lane_next = LLVMBuildAdd(b, lane, ir_write::const_int(i32_ty, 1, false), c"l.next".as_ptr());
        let done = LLVMBuildICmp(b, LLVMIntPredicate::LLVMIntEQ, lane_next, ir_write::const_int(i32_ty, width as u64, false), c"done".as_ptr());
        LLVMBuildCondBr(b, done, exit, head);
        let mut incoming_values = [ir_write::const_int(i32_ty, 0, false), lane_next];
        let mut incoming_blocks = [entry, next];
        LLVMAddIncoming(lane, incoming_values.as_mut_ptr(), incoming_blocks.as_mut_ptr(), 2);

        LLVMPositionBuilderAtEnd(b, exit);
        match (ret, slot) {
            (Some(ty), Some(slot)) => {
                let value = LLVMBuildLoad2(b, ty, slot, c"result".as_ptr());
                LLVMBuildRet(b, value);
            }
            _ => {
                LLVMBuildRetVoid(b);
            }
        }
        LLVMDisposeBuilder(b);

        // "lane is l" as a W-lane mask, built once in the loop head.
        let lane_mask = region_ir::with_builder_before(terminator(head), |b| {
            let mut indices: Vec<_> = (0..width).map(|i| ir_write::const_int(i32_ty, i as u64, false)).collect();
            let iota = LLVMConstVector(indices.as_mut_ptr(), width);
            let one = LLVMBuildInsertElement(b, ir_write::undef(ir_write::vector_type(i32_ty, 1)), lane, ir_write::const_int(i32_ty, 0, false), c"".as_ptr());
            let splat = LLVMBuildShuffleVector(
                b,
                one,
                ir_write::undef(ir_write::vector_type(i32_ty, 1)),
                ir_write::zero(ir_write::vector_type(i32_ty, width)),
                c"l.splat".as_ptr(),
            );
            LLVMBuildICmp(b, LLVMIntPredicate::LLVMIntEQ, iota, splat, c"l.mask".as_ptr())
        });

        for &inst in insts {
            match opcode(inst) {
                Some(LLVMOpcode::LLVMRet) => {
                    region_ir::with_builder_before(inst, |b| {
                        if let (Some(ty), Some(slot)) = (ret, slot) {
                            let value = ir::operand(inst, 0);
                            let acc = LLVMBuildLoad2(b, ty, slot, c"acc".as_ptr());
                            let mine = LLVMBuildExtractElement(b, value, lane, c"".as_ptr());
                            let acc = LLVMBuildInsertElement(b, acc, mine, lane, c"acc".as_ptr());
                            LLVMBuildStore(b, acc, slot);
                        }
                        LLVMBuildBr(b, next);
                    });
                    ir_write::erase(inst);
                }
                Some(LLVMOpcode::LLVMStore) => {
                    let value = ir::operand(inst, 0);
                    let ty = ir::type_of(value);
                    if vector_lanes(ty) != width {
                        continue;
                    }
                    let ptr = ir::operand(inst, 1);
                    region_ir::with_builder_before(inst, |b| {
                        let old = LLVMBuildLoad2(b, ty, ptr, c"".as_ptr());
                        let mine = LLVMBuildExtractElement(b, value, lane, c"".as_ptr());
                        let new = LLVMBuildInsertElement(b, old, mine, lane, c"".as_ptr());
                        LLVMBuildStore(b, new, ptr);
                    });
                    ir_write::erase(inst);
                }
                Some(LLVMOpcode::LLVMCall) => {
                    if intrinsic(inst) == Some("llvm.genx.simdcf.any") {
                        let c = ir::call_arg(inst, 0);
                        let bit = region_ir::with_builder_before(inst, |b| {
                            LLVMBuildExtractElement(b, c, lane, c_name(&ir::value_name(inst)).as_ptr())
                        });
                        ir_write::replace_all_uses(inst, bit);
                        ir_write::erase(inst);
                        continue;
                    }
                    if !writes_per_lane(inst) {
                        continue;
                    }
                    let Some(index) =
                        (0..ir::call_arg_count(inst)).rev().find(|&i| is_bool_vector(ir::type_of(ir::call_arg(inst, i))))
                    else {
                        continue;
                    };
                    let pred = ir::call_arg(inst, index);
                    if vector_lanes(ir::type_of(pred)) != width {
                        continue;
                    }
                    let new = region_ir::with_builder_before(inst, |b| LLVMBuildAnd(b, pred, lane_mask, c"".as_ptr()));
                    ir_write::set_operand(inst, index, new);
                }
                _ => {}
            }
        }
    }
}

/// Whether a call is a memory intrinsic whose predicate operand selects lanes: a GenX intrinsic that is not
/// `readnone`, or `llvm.masked.*`.
fn writes_per_lane(call: LLVMValueRef) -> bool {
    if let Some(desc) = region_ir::genx_desc(call) {
        return !desc.attrs.readnone;
    }
    ir::called_function(call).is_some_and(|f| ir::with_name(f, |n| n.starts_with("llvm.masked.")))
}
