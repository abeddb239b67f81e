//! genx-promote-array's copies and fills: constant-length `llvm.memcpy` / `llvm.memmove` / `llvm.memset` on a
//! promotable alloca, taken as region copies.
//!
//! # Why
//! Clang's SROA leaves small allocas that are only copied whole or in part with `llvm.memcpy` (the padding and
//! tail bytes of struct temporaries: cmtl's block IO helpers copy `[2 x i8]`, `[18 x i8]`... pieces between
//! temporaries), zero-initialised with `llvm.memset`, or filled from a constant global (`int t[4] = {...}`).
//! Refused as calls, those allocas stayed in private memory, which the vISA route does not lower.
//!
//! # Algorithm
//! 1. **Analysis** (in [`super::plan_web`]): a non-volatile copy or fill of constant length `L` whose
//!    pointer is in the web is an access of the alloca's own base type `B` (`EB` bytes): `L / EB` lanes at the
//!    pointer's offset, a store for the destination, a load for the source (both when the copy stays inside
//!    the web). `L` must be a multiple of `EB` and the offset element-aligned, like any access; a zero length is
//!    a no-op, erased like a lifetime marker. The other side of a copy ([`Partner`]) must be the same web,
//!    another alloca, or a global variable; anything else (an argument, a loaded pointer) is refused.
//! 2. **Settling** ([`settle`]): a plan copying to or from an alloca that is not promotable is dropped, until no
//!    plan is; the remark names the copy and the other alloca, whose own remark says why.
//! 3. **Groups** ([`groups`]): allocas joined by copies are promoted together or not at all (one budget
//!    decision for the group), so a refusal still leaves every involved alloca untouched.
//! 4. **Split** ([`split`]): before the group's rewrite, each copy becomes `load` of the source's vector type
//!    (or, from a global, the destination's), a value `bitcast` when the two sides' element types differ, and
//!    `store` to the destination; a fill becomes a `store` of the byte splatted to `L` bytes and bitcast to the
//!    destination's type. The whole value is read before it is written, so an overlapping `memmove` inside
//!    one alloca keeps its meaning. Each alloca is then analyzed again and rewritten as for ordinary loads and
//!    stores (`load` + `rdregion`, `wrregion` + `store`); a load from a constant global is left for
//!    genx-constant-loads.
//!
//! # Invariants
//! Only copies and fills of an accepted group are split; after the split no call uses the group's webs. The
//! split load and store have the types the analysis checked, so the second analysis accepts them.
//!
//! # Not handled
//! A copy or fill of run-time length, a volatile one, the element-wise atomic variants, a length or offset that
//! is not a multiple of the alloca's element size (refused, located at the call); a copy whose other side is
//! memory that is neither an alloca nor a global variable (a kernel argument, a loaded pointer); a copy with a
//! single-scalar alloca (left to mem2reg, which does not promote copies). `_GENX_VOLATILE_` globals
//! (genx-cm-lower) still refuse copies: their [`super::plan_web`] does not take them.

use std::collections::{HashMap, HashSet};

use super::{display_name, refuse, short, Plan, Refusal, Shape, Use};
use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;

/// Which memory intrinsic a call is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `llvm.memcpy` (also `.inline`) or `llvm.memmove`: `(dst, src, len, volatile)`.
    Copy,
    /// `llvm.memset`: `(dst, byte, len, volatile)`.
    Fill,
}

/// The memory intrinsic `call` is, if it is one this pass takes (not the element-wise atomic variants, whose
/// fourth operand is an element size).
pub(super) fn kind(call: LLVMValueRef) -> Option<Kind> {
    let callee = ir::called_function(call)?;
    ir::with_name(callee, |name| {
        if name.contains(".element.unordered.atomic") {
            None
        } else if name.starts_with("llvm.memcpy.") || name.starts_with("llvm.memmove.") {
            Some(Kind::Copy)
        } else if name.starts_with("llvm.memset.") {
            Some(Kind::Fill)
        } else {
            None
        }
    })
}

/// `@name` of the called function, for messages.
pub(super) fn callee_name(call: LLVMValueRef) -> String {
    ir::called_function(call).map_or_else(|| "(indirect call)".to_string(), |f| format!("@{}", ir::value_name(f)))
}

/// How `value`, a pointer of the web, is used by the copy or fill `call` (see the module note, step 1).
pub(super) fn classify(call: LLVMValueRef, value: LLVMValueRef, kind: Kind) -> Result<Use, Refusal> {
    let name = callee_name(call);
    if ir::const_int(ir::call_arg(call, 3)) != Some(0) {
        return refuse(call, format!("its {name} is volatile"));
    }
    let bytes = match ir::const_int(ir::call_arg(call, 2)) {
        None => return refuse(call, format!("its {name} has a length that is not a constant")),
        Some(0) => return Ok(Use::Marker),
        Some(bytes) => u64::try_from(bytes).or_else(|_| refuse(call, format!("its {name} has a negative length")))?,
    };
    let writes = ir::call_arg(call, 0) == value;
    let reads = kind == Kind::Copy && ir::call_arg(call, 1) == value;
    if !writes && !reads {
        return refuse(call, format!("its address is an operand of {name} that is not a pointer to copy"));
    }
    Ok(Use::Copy { writes, reads, bytes })
}

/// The access shape of a copy or fill of `bytes` bytes on a web of `base` elements (`elem_bytes` each): its
/// own element type, so that no view of another width is needed on this side.
pub(super) fn shape(
    call: LLVMValueRef,
    bytes: u64,
    base: LLVMTypeRef,
    elem_bytes: u32,
    noun: &str,
) -> Result<Shape, Refusal> {
    let verb = if kind(call) == Some(Kind::Fill) { "fills" } else { "copies" };
    if !bytes.is_multiple_of(elem_bytes as u64) {
        return refuse(
            call,
            format!(
                "its {} {verb} {bytes} bytes, not a whole number of the {noun}'s {elem_bytes}-byte elements",
                callee_name(call)
            ),
        );
    }
    let lanes = u32::try_from(bytes / elem_bytes as u64)
        .or_else(|_| refuse(call, format!("its {} {verb} {bytes} bytes, more than any {noun}", callee_name(call))))?;
    Ok(Shape { elem: base, elem_bytes, lanes, scalar: lanes == 1 })
}

/// What a copy or fill of the web reads from or writes to besides the web.
#[derive(Clone, Copy)]
pub(super) enum Partner {
    /// A fill: nothing.
    Fill,
    /// A copy from the web to the web.
    Same,
    /// A copy to or from (a part of) this other alloca.
    Alloca(LLVMValueRef),
    /// A copy to or from a global variable (typically a constant initializer).
    Global,
}

/// A copy or fill on a web, and its other side.
pub(super) struct Copy {
    pub call: LLVMValueRef,
    pub partner: Partner,
}

impl Copy {
    /// The copy or fill `call`, one of whose pointers is in the web `index`.
    pub(super) fn of(call: LLVMValueRef, index: &HashMap<LLVMValueRef, usize>, noun: &str) -> Result<Copy, Refusal> {
        if kind(call) == Some(Kind::Fill) {
            return Ok(Copy { call, partner: Partner::Fill });
        }
        let (dst, src) = (ir::call_arg(call, 0), ir::call_arg(call, 1));
        let (other, direction) = match (index.contains_key(&dst), index.contains_key(&src)) {
            (true, true) => return Ok(Copy { call, partner: Partner::Same }),
            (true, false) => (src, "from"),
            _ => (dst, "to"),
        };
        let root = underlying(other);
        let partner = if ir::is_alloca(root) {
            Partner::Alloca(root)
        } else if ir::is_global_variable(root) {
            Partner::Global
        } else {
            return refuse(
                call,
                format!(
                    "its {} copies {direction} memory that is neither another local array nor a global variable ({}), \
                     so the {noun} would stay in memory",
                    callee_name(call),
                    short(root)
                ),
            );
        };
        Ok(Copy { call, partner })
    }
}

/// The object a pointer is derived from through casts and getelementptrs (instructions or constant
/// expressions); the pointer itself when it is derived otherwise (a phi, an argument, a load...).
fn underlying(mut pointer: LLVMValueRef) -> LLVMValueRef {
    while let Some(LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMGetElementPtr) =
        ir::opcode(pointer).or_else(|| ir::const_opcode(pointer))
    {
        pointer = ir::operand(pointer, 0);
    }
    pointer
}

/// Step 2: drops (with a missed remark) every plan that copies to or from an alloca without a plan, until none
/// does.
pub(super) fn settle(mut plans: Vec<Plan>, cx: &PassCx) -> Vec<Plan> {
    loop {
        let promotable: HashSet<LLVMValueRef> = plans.iter().map(|plan| plan.alloca).collect();
        let blocked = plans.iter().enumerate().find_map(|(i, plan)| {
            plan.copies.iter().find_map(|copy| match copy.partner {
                Partner::Alloca(other) if !promotable.contains(&other) => Some((i, copy.call, other)),
                _ => None,
            })
        });
        let Some((i, call, other)) = blocked else {
            return plans;
        };
        let plan = plans.remove(i);
        cx.remark(
            RemarkKind::Missed,
            c"NotPromoted",
            call,
            &format!(
                "alloca {} not promoted: its {} copies between it and alloca {}, which is not promoted",
                display_name(plan.alloca),
                callee_name(call),
                display_name(other)
            ),
        );
    }
}

/// Step 3: the plans grouped by the copies that join them (connected components), each group in the order of
/// its first plan in `plans`, and each group's plans in their order in `plans`.
pub(super) fn groups(plans: Vec<Plan>) -> Vec<Vec<Plan>> {
    let at: HashMap<LLVMValueRef, usize> = plans.iter().enumerate().map(|(i, plan)| (plan.alloca, i)).collect();
    let mut parent: Vec<usize> = (0..plans.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, plan) in plans.iter().enumerate() {
        for copy in &plan.copies {
            if let Partner::Alloca(other) = copy.partner {
                if let Some(&j) = at.get(&other) {
                    let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
    }
    let roots: Vec<usize> = (0..plans.len()).map(|i| find(&mut parent, i)).collect();
    let mut slot: HashMap<usize, usize> = HashMap::new();
    let mut groups: Vec<Vec<Plan>> = Vec::new();
    for (plan, root) in plans.into_iter().zip(roots) {
        let k = *slot.entry(root).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[k].push(plan);
    }
    groups
}

/// Step 4: splits every copy and fill of the group's plans into a load and a store (see the module note).
/// Returns whether anything was split.
pub(super) fn split(group: &[Plan]) -> bool {
    let owner: HashMap<LLVMValueRef, &Plan> =
        group.iter().flat_map(|plan| plan.nodes.iter().map(move |node| (node.value, plan))).collect();
    let mut done = HashSet::new();
    for copy in group.iter().flat_map(|plan| &plan.copies) {
        if done.insert(copy.call) {
            split_one(copy.call, &owner);
        }
    }
    !done.is_empty()
}

/// The type a copy of `bytes` bytes has on `plan`'s side: `<bytes / EB x B>`, or `B` for one element.
fn side_type(plan: &Plan, bytes: u64) -> LLVMTypeRef {
    let lanes = (bytes / plan.elem_bytes as u64) as u32;
    if lanes == 1 {
        plan.base
    } else {
        // SAFETY: a type maker on a live type (`crate::ir_write`'s safety argument, point 2).
        unsafe { LLVMVectorType(plan.base, lanes) }
    }
}

/// The alignment stated for pointer argument `arg` of a memory intrinsic call (1 when none is).
fn argument_align(call: LLVMValueRef, arg: u32) -> u32 {
    // SAFETY: attribute queries on a live call; the attribute name is a static string of the given length.
    unsafe {
        let kind = LLVMGetEnumAttributeKindForName(c"align".as_ptr(), 5);
        let attribute = LLVMGetCallSiteEnumAttribute(call, arg + 1, kind);
        if attribute.is_null() {
            1
        } else {
            LLVMGetEnumAttributeValue(attribute).clamp(1, 1 << 29) as u32
        }
    }
}

/// The constant of type `ty` (a scalar or vector of one integer or floating type) whose every byte is `byte`,
/// built element by element: a constant-expression bitcast of a byte vector to a scalar would stay unfolded.
fn fill_constant(ty: LLVMTypeRef, byte: u8) -> LLVMValueRef {
    let vector = ir::type_kind(ty) == crate::llvm_sys::LLVMTypeKind::LLVMVectorTypeKind;
    let elem = if vector { ir::element_of(ty) } else { ty };
    let pattern = u64::from(byte) * 0x0101_0101_0101_0101;
    // SAFETY: constant and type makers on live types (`crate::ir_write`'s safety argument, point 2); the bitcast
    // of an integer constant to a floating type of its width folds to a floating constant.
    unsafe {
        let element = match ir::type_kind(elem) {
            crate::llvm_sys::LLVMTypeKind::LLVMIntegerTypeKind => LLVMConstInt(elem, pattern, 0),
            _ => {
                let bits = 8 * crate::region_ir::element_bytes(elem).unwrap_or(4);
                LLVMConstBitCast(LLVMConstInt(LLVMIntTypeInContext(LLVMGetTypeContext(elem), bits), pattern, 0), elem)
            }
        };
        if vector {
            let lanes = ir::vector_size(ty);
            LLVMConstVector(vec![element; lanes as usize].as_mut_ptr(), lanes)
        } else {
            element
        }
    }
}

/// Splits one copy or fill. A call neither of whose pointers is owned by the group is left as it is (the
/// analysis never gives one; the second analysis would refuse it as a call).
fn split_one(call: LLVMValueRef, owner: &HashMap<LLVMValueRef, &Plan>) {
    let Some(bytes) = ir::const_int(ir::call_arg(call, 2)).and_then(|b| u64::try_from(b).ok()) else {
        return;
    };
    let dst = ir::call_arg(call, 0);
    let dst_ty = owner.get(&dst).map(|plan| side_type(plan, bytes));
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2); the
    // call is erased last, once nothing uses it (it returns void).
    unsafe {
        let builder = LLVMCreateBuilderInContext(ir::type_context(ir::type_of(call)));
        LLVMPositionBuilderBefore(builder, call);
        LLVMSetCurrentDebugLocation2(builder, crate::llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(call));
        let value = match kind(call) {
            Some(Kind::Fill) => dst_ty.map(|ty| {
                let byte = ir::call_arg(call, 1);
                if let Some(constant) = ir::const_int(byte) {
                    return fill_constant(ty, constant as u8);
                }
                let i32_ty = LLVMInt32TypeInContext(LLVMGetTypeContext(ty));
                let bytes_ty = LLVMVectorType(ir::type_of(byte), bytes as u32);
                let one =
                    LLVMBuildInsertElement(builder, LLVMGetUndef(bytes_ty), byte, LLVMConstInt(i32_ty, 0, 0), c"".as_ptr());
                let splat = LLVMBuildShuffleVector(
                    builder,
                    one,
                    LLVMGetUndef(bytes_ty),
                    LLVMConstNull(LLVMVectorType(i32_ty, bytes as u32)),
                    super::name_for(dst, ".fill").as_ptr(),
                );
                LLVMBuildBitCast(builder, splat, ty, super::name_for(dst, ".fill.cast").as_ptr())
            }),
            Some(Kind::Copy) => {
                let src = ir::call_arg(call, 1);
                owner.get(&src).map(|plan| side_type(plan, bytes)).or(dst_ty).map(|load_ty| {
                    let address_space = LLVMGetPointerAddressSpace(ir::type_of(src));
                    let pointer = LLVMBuildBitCast(
                        builder,
                        src,
                        LLVMPointerType(load_ty, address_space),
                        super::name_for(src, ".cast").as_ptr(),
                    );
                    let loaded = LLVMBuildLoad2(builder, load_ty, pointer, super::name_for(dst, ".copy").as_ptr());
                    LLVMSetAlignment(loaded, argument_align(call, 1));
                    match dst_ty {
                        Some(ty) if ty != load_ty => {
                            LLVMBuildBitCast(builder, loaded, ty, super::name_for(dst, ".copy.cast").as_ptr())
                        }
                        _ => loaded,
                    }
                })
            }
            None => None,
        };
        if let Some(value) = value {
            let address_space = LLVMGetPointerAddressSpace(ir::type_of(dst));
            let pointer = LLVMBuildBitCast(
                builder,
                dst,
                LLVMPointerType(ir::type_of(value), address_space),
                super::name_for(dst, ".cast").as_ptr(),
            );
            let store = LLVMBuildStore(builder, value, pointer);
            LLVMSetAlignment(store, argument_align(call, 0));
            LLVMInstructionEraseFromParent(call);
        }
        LLVMDisposeBuilder(builder);
    }
}
