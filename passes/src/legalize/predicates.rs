//! Predicates of illegal size: vISA predicates are at most 32 bits and a power of two, so a `<37 x i1>` value
//! is physically three predicates of 32, 4 and 1 bits ([`super::width::pred_part`]).
//!
//! The bale splitting never lets an access of a predicate cross a part (its widths respect the part
//! boundaries), and joins the pieces of a split compare with a chain of `wrpredregion`s from `undef`. This file
//! then removes the illegal values (IGC's `fixIllegalPredicates`): each such chain is a tree whose nodes are
//! followed part by part; every `rdpredregion` of a node becomes the part's value (or a read inside it), every
//! write the new value of its part, and the nodes disappear. Predicate phis are split into one phi per part
//! first. `all`/`any` of an illegal predicate become one per part, combined; bitcasts between a wide integer
//! and a predicate go through 32-bit pieces.
//!
//! A node that is used otherwise (returned, passed to a call) stays, with its whole chain: the values remain
//! right, and the legal-width verifier reports the illegal predicate.

use std::collections::HashMap;

use crate::diag::RemarkKind;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode};
use crate::region_ir::{self, lanes, Index};

use genx_region::Region;

use super::build::{self, is_predicate_type, operand};
use super::process::Legalizer;
use super::width::{pred_part, pred_parts};
use crate::ir_write;

/// Whether a predicate of `n` bits is one vISA predicate.
pub(super) fn is_legal_predicate(n: u32) -> bool {
    pred_part(n, 0).size == n
}

fn base(inst: LLVMValueRef) -> Option<&'static str> {
    region_ir::genx_base_name(inst)
}

fn const_u32(value: LLVMValueRef) -> Option<u32> {
    ir::const_int(value).and_then(|v| u32::try_from(v).ok())
}

/// `bitcast <N x i1> to iN` with an illegal N: each 32-bit part bitcast to `i32`, gathered in a vector.
pub(super) fn bitcast_from_predicate(lz: &mut Legalizer<'_>, inst: LLVMValueRef) {
    let pred = operand(inst, 0);
    let whole = lanes(ir::type_of(pred));
    let split = pred_part(whole, 0).size;
    if split == whole || split == 0 || !whole.is_multiple_of(split) {
        return;
    }
    let n = whole / split;
    let name = ir::value_name(inst);
    let result = region_ir::with_builder_before(inst, |builder| -> Result<LLVMValueRef, String> {
        let context = build::context_of(inst);
        let int = ir_write::int_type(context, split);
        let vector = build::vector_of(int, n);
        let mut acc = ir_write::undef(vector);
        let eb = split / 8;
        for i in 0..n {
            let piece = build::rdpredregion(builder, pred, i * split, split, &format!("{name}.slice{i}"))?;
            let bits = build::bitcast(builder, piece, int, &format!("{name}.part{i}"));
            let region = Region::element(eb, i);
            acc = region_ir::build_wrregion(builder, acc, bits, &region, Index::Direct, None, &format!("{name}.join{i}"))?;
        }
        Ok(build::bitcast(builder, acc, ir::type_of(inst), &format!("{name}.cast")))
    });
    if let Ok(value) = result {
        lz.replace_and_erase(inst, value);
        lz.stats.predicates += 1;
    }
}

/// `bitcast iN to <N x i1>` with an illegal N: the integer as a vector of 32-bit pieces, each bitcast to a
/// 32-bit predicate and joined with `wrpredregion`s (whose chain [`fix_illegal_predicates`] removes).
pub(super) fn bitcast_to_predicate(lz: &mut Legalizer<'_>, inst: LLVMValueRef) {
    let whole = lanes(ir::type_of(inst));
    let split = pred_part(whole, 0).size;
    if split == whole || split == 0 || !whole.is_multiple_of(split) {
        return;
    }
    let source = operand(inst, 0);
    if build::is_vector(ir::type_of(source)) {
        return;
    }
    let n = whole / split;
    let name = ir::value_name(inst);
    let result = region_ir::with_builder_before(inst, |builder| -> Result<LLVMValueRef, String> {
        let context = build::context_of(inst);
        let int = ir_write::int_type(context, split);
        let ints = build::bitcast(builder, source, build::vector_of(int, n), &format!("{name}.cast"));
        let piece_ty = build::vector_of(build::i1_type(context), split);
        let mut acc = ir_write::undef(ir::type_of(inst));
        for i in 0..n {
            let region = Region::element(split / 8, i);
            let element = region_ir::build_rdregion(builder, ints, &region, Index::Direct, true, &format!("{name}.rdsplit{i}"))?;
            let piece = build::bitcast(builder, element, piece_ty, &format!("{name}.part{i}"));
            acc = build::wrpredregion(builder, acc, piece, i * split, &format!("{name}.join{i}"))?;
        }
        Ok(acc)
    });
    if let Ok(value) = result {
        lz.replace_and_erase(inst, value);
        lz.stats.predicates += 1;
    }
}

/// `all`/`any` of an illegal predicate: the same of each part, combined through an `i16` 0/1 and compared.
pub(super) fn all_any(lz: &mut Legalizer<'_>, inst: LLVMValueRef) {
    let pred = operand(inst, 0);
    if !is_predicate_type(ir::type_of(pred)) {
        return;
    }
    let whole = lanes(ir::type_of(pred));
    if is_legal_predicate(whole) {
        return;
    }
    let is_all = base(inst) == Some("llvm.genx.all");
    let intrinsic = if is_all { "llvm.genx.all" } else { "llvm.genx.any" };
    let name = ir::value_name(inst);
    let result = region_ir::with_builder_before(inst, |builder| -> Result<LLVMValueRef, String> {
        let context = build::context_of(inst);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let i16_ty = ir_write::int_type(context, 16);
            let zero = ir_write::const_int(i16_ty, 0, false);
            let one = ir_write::const_int(i16_ty, 1, false);
            let mut acc = if is_all { one } else { zero };
            let mut start = 0;
            for size in pred_parts(whole) {
                let part = build::rdpredregion(builder, pred, start, size, &format!("{name}.slice{start}"))?;
                let bit = if size == 1 {
                    build::bitcast(builder, part, build::i1_type(context), &format!("{name}.part{start}"))
                } else {
                    let mut args = [part];
                    build::call_intrinsic(builder, intrinsic, build::i1_type(context), &mut args, &format!("{name}.part{start}"))?
                };
                let sel_name = build::c_name(&format!("{name}.join{start}"));
                acc = if is_all {
                    LLVMBuildSelect(builder, bit, acc, zero, sel_name.as_ptr())
                } else {
                    LLVMBuildSelect(builder, bit, one, acc, sel_name.as_ptr())
                };
                start += size;
            }
            let cmp_name = build::c_name(&format!("{name}.joincmp"));
            Ok(LLVMBuildICmp(builder, LLVMIntPredicate::LLVMIntNE, acc, zero, cmp_name.as_ptr()))
        }
    });
    if let Ok(value) = result {
        lz.cx.remark(
            RemarkKind::Passed,
            c"PredicateSplit",
            inst,
            &format!("{} of a {whole}-bit predicate done per part {}", if is_all { "all" } else { "any" }, super::process::describe_parts(whole)),
        );
        lz.replace_and_erase(inst, value);
        lz.stats.predicates += 1;
    }
}

/// Splits predicate phis and removes the `wrpredregion` trees of illegal predicates (see the module
/// documentation). Runs after all bales are legal.
pub(super) fn fix_illegal_predicates(lz: &mut Legalizer<'_>) {
    split_phis(lz);
    let roots: Vec<LLVMValueRef> = ir::blocks(lz.function)
        .flat_map(ir::instructions)
        .filter(|&inst| {
            base(inst) == Some("llvm.genx.wrpredregion")
                && ir::is_undef(operand(inst, 0))
                && !is_legal_predicate(lanes(ir::type_of(inst)))
        })
        .collect();
    for root in roots {
        fix_tree(lz, root);
    }
}

fn split_phis(lz: &mut Legalizer<'_>) {
    let phis: Vec<LLVMValueRef> = ir::blocks(lz.function)
        .flat_map(ir::instructions)
        .filter(|&inst| {
            build::opcode(inst) == Some(LLVMOpcode::LLVMPHI)
                && is_predicate_type(ir::type_of(inst))
                && !is_legal_predicate(lanes(ir::type_of(inst)))
        })
        .collect();
    for phi in phis {
        let whole = lanes(ir::type_of(phi));
        let name = ir::value_name(phi);
        let block = ir::parent_block(phi);
        let first_non_phi = ir::instructions(block).find(|&i| build::opcode(i) != Some(LLVMOpcode::LLVMPHI));
        let Some(first_non_phi) = first_non_phi else { continue };
        let count = ir::incoming_count(phi);
        let context = build::context_of(phi);
        let mut joined = ir_write::undef(ir::type_of(phi));
        let mut start = 0;
        let mut ok = true;
        for size in pred_parts(whole) {
            let part_ty = build::vector_of(build::i1_type(context), size);
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            let new_phi = region_ir::with_builder_before(phi, |builder| unsafe {
                let cname = build::c_name(&format!("{name}.split{start}"));
                LLVMBuildPhi(builder, part_ty, cname.as_ptr())
            });
            for i in 0..count {
                let (value, from) = (ir::incoming_value(phi, i), ir::incoming_block(phi, i));
                let terminator = ir::terminator(from);
                let piece = region_ir::with_builder_before(terminator, |builder| {
                    build::rdpredregion(builder, value, start, size, &format!("{}.split{start}", ir::value_name(value)))
                });
                let Ok(mut piece) = piece else {
                    ok = false;
                    break;
                };
                let mut from = from;
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMAddIncoming(new_phi, &mut piece, &mut from, 1) };
            }
            let written = region_ir::with_builder_before(first_non_phi, |builder| {
                build::wrpredregion(builder, joined, new_phi, start, &format!("{name}.join{start}"))
            });
            match written {
                Ok(value) => joined = value,
                Err(_) => ok = false,
            }
            start += size;
        }
        if !ok {
            continue;
        }
        {
            let undef = ir_write::undef(ir::type_of(phi));
            ir_write::replace_all_uses(phi, joined);
            for i in 0..count {
                ir_write::set_operand(phi, i, undef);
            }
        }
        lz.erase(phi);
        lz.stats.predicates += 1;
    }
}

/// One node of a `wrpredregion` tree with the value of each part after it.
struct Node {
    wr: LLVMValueRef,
    parts: Vec<LLVMValueRef>,
}

fn fix_tree(lz: &mut Legalizer<'_>, root: LLVMValueRef) {
    let whole = lanes(ir::type_of(root));
    let sizes = pred_parts(whole);
    // Dry run: every write and read inside one part, every node reached at most once.
    let mut stack = vec![root];
    let mut seen = 0;
    while let Some(wr) = stack.pop() {
        seen += 1;
        if seen > 4096 {
            return;
        }
        let Some(offset) = const_u32(operand(wr, 2)) else { return };
        let size = lanes(ir::type_of(operand(wr, 1)));
        let part = pred_part(whole, offset);
        if part.size == 0 || offset + size > part.offset + part.size {
            return;
        }
        for user in ir::users(wr) {
            match base(user) {
                Some("llvm.genx.rdpredregion") => {
                    let Some(read_offset) = const_u32(operand(user, 1)) else { return };
                    let read_size = lanes(ir::type_of(user));
                    let p = pred_part(whole, read_offset);
                    if p.size == 0 || read_offset + read_size > p.offset + p.size {
                        return;
                    }
                }
                Some("llvm.genx.wrpredregion") if operand(user, 0) == wr && operand(user, 1) != wr => stack.push(user),
                _ => {}
            }
        }
    }
    let context = build::context_of(root);
    let undef_parts: Vec<LLVMValueRef> =
        sizes.iter().map(|&s| ir_write::undef(build::vector_of(build::i1_type(context), s))).collect();
    let mut stack = vec![Node { wr: root, parts: undef_parts }];
    let mut visited: Vec<LLVMValueRef> = Vec::new();
    while let Some(Node { wr, mut parts }) = stack.pop() {
        visited.push(wr);
        let offset = const_u32(operand(wr, 2)).unwrap_or(0);
        let new = operand(wr, 1);
        let size = lanes(ir::type_of(new));
        let part = pred_part(whole, offset);
        let k = part.number as usize;
        if k >= parts.len() {
            return;
        }
        parts[k] = if size == part.size {
            new
        } else {
            let rebased = offset - part.offset;
            let name = ir::value_name(wr);
            match region_ir::with_builder_before(wr, |builder| build::wrpredregion(builder, parts[k], new, rebased, &name)) {
                Ok(value) => value,
                Err(_) => return,
            }
        };
        let mut replacements: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
        for user in ir::users(wr) {
            match base(user) {
                Some("llvm.genx.rdpredregion") => {
                    let read_offset = const_u32(operand(user, 1)).unwrap_or(0);
                    let read_size = lanes(ir::type_of(user));
                    let p = pred_part(whole, read_offset);
                    let value = parts[p.number as usize];
                    let value = if read_size == p.size {
                        value
                    } else {
                        let name = ir::value_name(user);
                        match region_ir::with_builder_before(user, |builder| {
                            build::rdpredregion(builder, value, read_offset - p.offset, read_size, &name)
                        }) {
                            Ok(v) => v,
                            Err(_) => continue,
                        }
                    };
                    replacements.insert(user, value);
                }
                Some("llvm.genx.wrpredregion") if operand(user, 0) == wr && operand(user, 1) != wr => {
                    stack.push(Node { wr: user, parts: parts.clone() });
                }
                _ => {}
            }
        }
        for (read, value) in replacements {
            let name = ir::value_name(read);
            ir_write::replace_all_uses(read, value);
            lz.erase(read);
            if !name.is_empty() && build::is_instruction(value) && ir::value_name(value).is_empty() {
                let cname = build::c_name(&name);
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMSetValueName2(value, cname.as_ptr(), cname.as_bytes().len()) };
            }
        }
    }
    // Erase the nodes nothing uses any more, deepest first.
    let mut removed = false;
    for &wr in visited.iter().rev() {
        if !build::has_uses(wr) {
            lz.erase(wr);
            removed = true;
        }
    }
    if removed {
        lz.stats.predicates += 1;
    }
}
