//! Transfer functions: which elements of each operand an instruction needs, given which of its own elements
//! are live (docs/genx-ir.md §2.4, GenXLiveElements).
//!
//! | instruction | operand demand, for result liveness `L` |
//! |---|---|
//! | root (side effects, terminators, stores) | every operand fully live |
//! | `rdregion(V, R)` direct | `V[src(i)]` for each live `i`; indirect: all of `V` |
//! | `wrregion(Old, New, R, mask)` direct | `Old`: `L` minus the elements surely written (unmasked, or under a set constant mask lane) |
//! | ... | `New[i]`, `mask[i]`: `L[src(i)]`, unless a constant mask lane `i` is clear |
//! | `wrregion` indirect | `Old`: `L`; `New` and the mask: all |
//! | `rdpredregion(P, off)` | `P[off + i]` for live `i` |
//! | `wrpredregion(Old, New, off)` | `Old`: `L` minus `off .. off + n`; `New[i]`: `L[off + i]` |
//! | `wrpredpredregion(Old, New, off, Pred)` | `Old`: `L`; `New[i]`: `L[off + i]`; `Pred` all |
//! | binary operators, compares, non-bitcast casts, `fneg`, `freeze` | lane `i` of each operand: `L[i]` |
//! | `and x, C` | `x` dead when the constant `C` is zero in every live lane (else `x`: `L`) |
//! | division and remainder | the divisor fully live (a dead lane must not become a zero) |
//! | `select c, a, b` | `c` per lane (a scalar `c` whole); `a`/`b` per lane, only where a constant `c` may pick them |
//! | `bitcast` | bit ranges: an element of the source is live when any result element overlapping its bits is |
//! | `shufflevector a, b, m` | lane `m[i]` of `a` or `b` for live `i` |
//! | `extractelement v, C` / `insertelement v, x, C` | lane `C` only / `v`: `L` minus lane `C`, `x`: `L[C]` |
//! | `extractelement`/`insertelement` with a variable index | all |
//! | `extractvalue` / `insertvalue` (one index) | the member's field; deeper indices: all |
//! | `phi` | each incoming value: `L` |
//! | `media.st` (a root) | data: the first `width` bytes of each `pitch`-byte row (`media_store_demand`) |
//! | anything else (other calls, loads, GEPs, ...) | every operand fully live when anything of the result is |
//!
//! Each demand says whether the operand may be rewritten from it: region parameters, indices, masks and
//! divisors never are; the operand of `and x, C` that the zeros of `C` kill may only be replaced as a whole
//! (the pass then folds the `and` to `C`).

use super::live::{element_count, members, Bits, LiveElements};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, Index, RdRegion, WrRegion};

/// How the rewrite phase may use a demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// Never rewrite this operand (region parameters, indices, masks, divisors, root operands).
    No,
    /// Replace the operand by undef only when nothing of it is demanded.
    Whole,
    /// Also replace dead lanes of a constant operand by undef.
    Lanes,
}

/// What one operand of an instruction must provide.
#[derive(Clone, Debug)]
pub struct Demand {
    pub operand: u32,
    pub live: LiveElements,
    pub rewrite: Rewrite,
}

use crate::ir::{operand, operand_count};

/// The operands that carry values (a call's callee excluded).
fn value_operands(inst: LLVMValueRef) -> u32 {
    if ir::is_call(inst) {
        ir::call_arg_count(inst)
    } else {
        operand_count(inst)
    }
}

fn all_of(inst: LLVMValueRef, i: u32, live: bool) -> Demand {
    Demand { operand: i, live: LiveElements::all_if(ir::type_of(operand(inst, i)), live), rewrite: Rewrite::No }
}

/// Every value operand fully live when `live`. Only instruction operands are listed: a demand on anything else
/// (a constant, an argument) changes nothing, since only instructions have liveness and these demands never
/// allow a rewrite.
fn opaque(inst: LLVMValueRef, live: bool) -> Vec<Demand> {
    (0..value_operands(inst))
        .filter(|&i| ir::is_instruction(operand(inst, i)))
        .map(|i| all_of(inst, i, live))
        .collect()
}

/// Replaces the demand on `demand.operand` in `demands` (or adds it).
fn put(demands: &mut Vec<Demand>, demand: Demand) {
    match demands.iter_mut().find(|d| d.operand == demand.operand) {
        Some(slot) => *slot = demand,
        None => demands.push(demand),
    }
}

/// A non-aggregate operand's demand from its bitset.
fn lanes(inst: LLVMValueRef, i: u32, bits: Bits, rewrite: Rewrite) -> Demand {
    Demand { operand: i, live: LiveElements::of_value_bits(operand(inst, i), bits), rewrite }
}

/// What the analysis needs to know of a called function (a function of its name and signature, so it is
/// kept across runs: see `callee_cache`).
#[derive(Clone, Copy, Debug)]
pub struct CalleeFacts {
    /// Whether a (non-`void`) call of it is a root; `None` for an LLVM intrinsic, which is one unless it is
    /// declared `readnone` (attributes are not what the cache checks, so that is asked per call).
    root: Option<bool>,
    /// The region intrinsic it is, and the table's operand count, for the transfer functions.
    region: Option<(RegionCall, u32)>,
}

/// The region intrinsics with element-wise transfer functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionCall {
    Rd,
    Wr,
    RdPred,
    WrPred,
    WrPredPred,
}

impl CalleeFacts {
    /// The facts of `callee`, the function `call` calls.
    pub fn of(call: LLVMValueRef, callee: LLVMValueRef) -> CalleeFacts {
        let Some(desc) = region_ir::genx_desc(call) else {
            let llvm = ir::with_name(callee, |name| name.starts_with("llvm.") && !name.starts_with("llvm.genx."));
            return CalleeFacts { root: if llvm { None } else { Some(true) }, region: None };
        };
        let region = match desc.name {
            "llvm.genx.rdregioni" | "llvm.genx.rdregionf" => Some(RegionCall::Rd),
            "llvm.genx.wrregioni" | "llvm.genx.wrregionf" => Some(RegionCall::Wr),
            "llvm.genx.rdpredregion" => Some(RegionCall::RdPred),
            "llvm.genx.wrpredregion" => Some(RegionCall::WrPred),
            "llvm.genx.wrpredpredregion" => Some(RegionCall::WrPredPred),
            _ => None,
        };
        let arity = desc.operands.len() as u32;
        let region = region.filter(|_| !desc.variadic).map(|region| (region, arity));
        CalleeFacts { root: Some(desc.attrs.has_side_effects), region }
    }
}

/// What the analysis reads of an instruction once: its opcode and, for a call, its callee's facts (`None`:
/// not a call of a function).
#[derive(Clone, Copy, Debug)]
pub struct InstKind {
    pub opcode: LLVMOpcode,
    pub callee: Option<CalleeFacts>,
}

fn is_terminator(opcode: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        opcode,
        LLVMRet
            | LLVMBr
            | LLVMSwitch
            | LLVMIndirectBr
            | LLVMInvoke
            | LLVMResume
            | LLVMUnreachable
            | LLVMCleanupRet
            | LLVMCatchRet
            | LLVMCatchSwitch
            | LLVMCallBr
    )
}

/// Whether an instruction must stay whatever its result's liveness: it has effects beyond its value.
pub fn is_root(inst: LLVMValueRef, kind: InstKind) -> bool {
    use LLVMOpcode::*;
    // Terminators, and token values (which cannot be replaced by undef).
    let type_kind = ir::type_kind(ir::type_of(inst));
    if is_terminator(kind.opcode) || type_kind == LLVMTypeKind::LLVMTokenTypeKind {
        return true;
    }
    match kind.opcode {
        LLVMStore | LLVMFence | LLVMAtomicRMW | LLVMAtomicCmpXchg | LLVMVAArg | LLVMLandingPad | LLVMCleanupPad
        | LLVMCatchPad | LLVMCatchSwitch => true,
        LLVMLoad => {
            ir::is_volatile(inst)
                || ir::ordering(inst) != crate::llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
        }
        LLVMCall => call_is_root(inst, type_kind, kind.callee),
        _ => false,
    }
}

/// Calls are roots unless they return a value and are known to do nothing else: a GenX intrinsic without
/// side effects, or an LLVM intrinsic declared `readnone`. (`void` calls, `llvm.dbg.*` among them, always stay.)
fn call_is_root(call: LLVMValueRef, type_kind: LLVMTypeKind, callee: Option<CalleeFacts>) -> bool {
    if type_kind == LLVMTypeKind::LLVMVoidTypeKind {
        return true;
    }
    let Some(facts) = callee else { return true };
    if let Some(root) = facts.root {
        return root;
    }
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        let Some(callee) = ir::called_function(call) else { return true };
        let kind = LLVMGetEnumAttributeKindForName(c"readnone".as_ptr(), 8);
        let attr = LLVMGetEnumAttributeAtIndex(callee, crate::llvm_sys::LLVMAttributeFunctionIndex, kind);
        attr.is_null()
    }
}

/// The demands of `inst` on its operands, given its own liveness `live` and whether it is a root.
pub fn demands(inst: LLVMValueRef, kind: InstKind, live: &LiveElements, root: bool) -> Vec<Demand> {
    use LLVMOpcode::*;
    let any = !live.is_empty();
    if root {
        let mut demands = opaque(inst, true);
        if kind.opcode == LLVMCall {
            if let Some(stored) = media_store_demand(inst) {
                put(&mut demands, stored);
            }
        }
        return demands;
    }
    if !any {
        return Vec::new();
    }
    match kind.opcode {
        LLVMCall => call_demands(inst, kind.callee.and_then(|facts| facts.region), live),
        LLVMAdd | LLVMFAdd | LLVMSub | LLVMFSub | LLVMMul | LLVMFMul | LLVMFDiv | LLVMFRem | LLVMShl | LLVMLShr
        | LLVMAShr | LLVMOr | LLVMXor | LLVMICmp | LLVMFCmp | LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPToUI
        | LLVMFPToSI | LLVMUIToFP | LLVMSIToFP | LLVMFPTrunc | LLVMFPExt | LLVMFNeg | LLVMFreeze => {
            elementwise(inst, live)
        }
        LLVMAnd => and_demands(inst, live),
        LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem => {
            if vector_or_scalar(inst) {
                vec![lanes(inst, 0, live.bits().clone(), Rewrite::Lanes), all_of(inst, 1, true)]
            } else {
                opaque(inst, true)
            }
        }
        LLVMSelect => select_demands(inst, live),
        LLVMBitCast => bitcast_demands(inst, live),
        LLVMShuffleVector => shuffle_demands(inst, live),
        LLVMExtractElement => extract_element_demands(inst, live),
        LLVMInsertElement => insert_element_demands(inst, live),
        LLVMExtractValue => extract_value_demands(inst, live),
        LLVMInsertValue => insert_value_demands(inst, live),
        LLVMPHI => (0..operand_count(inst))
            .map(|i| Demand { operand: i, live: live.clone(), rewrite: Rewrite::Lanes })
            .collect(),
        _ => opaque(inst, true),
    }
}

/// The data operand of `media.st(modifier, bti, plane, width, x, y, data)` is live only in the bytes the
/// message writes: each row of the value takes `pitch = max(4, next_pow2(width))` bytes (vISA MEDIA_ST's
/// "rounded block width") and only its first `width` are stored, so the padding lanes are don't-care (a
/// zero-initialised matrix padded to the pitch need not be zeroed there). `None` for any other call, or a
/// width that is not a constant in 1..=64 dividing the value into whole rows.
fn media_store_demand(call: LLVMValueRef) -> Option<Demand> {
    const DATA: u32 = 6;
    if region_ir::genx_desc(call)?.name != "llvm.genx.media.st" || ir::call_arg_count(call) != DATA + 1 {
        return None;
    }
    let width = ir::const_int(operand(call, 3)).filter(|w| (1..=64).contains(w))? as u32;
    let pitch = width.next_power_of_two().max(4);
    let ty = ir::type_of(operand(call, DATA));
    let len = element_count(ty);
    let element = if ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
        ir::element_of(ty)
    } else {
        ty
    };
    let eb = region_ir::element_bytes(element)?;
    if eb > pitch || (len * eb) % pitch != 0 {
        return None;
    }
    let mut stored = Bits::empty(len);
    for e in 0..len {
        // Element e covers bytes e·eb .. e·eb + eb of its row's pitch; it is stored when one of them is.
        if (e * eb) % pitch < width {
            stored.set(e);
        }
    }
    Some(lanes(call, DATA, stored, Rewrite::Lanes))
}

/// Whether the instruction's result is a scalar or vector (not an aggregate).
fn vector_or_scalar(inst: LLVMValueRef) -> bool {
    members(ir::type_of(inst)).is_none()
}

/// Lane `i` of every operand is lane `i` of the result (all operands have the result's lane count).
fn elementwise(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let n = live.bits().len();
    if !vector_or_scalar(inst) || (0..operand_count(inst)).any(|i| element_count(ir::type_of(operand(inst, i))) != n) {
        return opaque(inst, true);
    }
    (0..operand_count(inst)).map(|i| lanes(inst, i, live.bits().clone(), Rewrite::Lanes)).collect()
}

/// Per-lane bits of a constant (`None`: not a readable constant; a lane `None`: undef or not an integer).
fn constant_lanes(value: LLVMValueRef) -> Option<Vec<Option<u64>>> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if !ir::is_constant(value) || ir::is_constant_expr(value) {
            return None;
        }
        let element = |c: LLVMValueRef| -> Option<u64> {
            if LLVMIsAConstantInt(c).is_null() {
                None
            } else {
                Some(LLVMConstIntGetZExtValue(c))
            }
        };
        let ty = ir::type_of(value);
        let n = element_count(ty);
        if ir::is_undef(value) {
            return Some(vec![None; n as usize]);
        }
        if ir::type_kind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
            return Some(vec![element(value)]);
        }
        if !LLVMIsAConstantAggregateZero(value).is_null() {
            return Some(vec![Some(0); n as usize]);
        }
        (0..n).map(|i| ir::constant_element(value, i).map(element)).collect()
    }
}

/// `and x, C`: a non-constant `x` is dead when the constant `C` is zero in every live lane (the `and` is then
/// `C`, and the pass replaces it by `C`). When only some live lanes are zero, `x` stays as live as the result:
/// killing those lanes alone could make them undef upstream, and `and undef, 0`, though 0 to LLVM, is undef to
/// the executor's lane-by-lane model of undef, so translation validation could no longer check the pass
/// (IGC kills per lane; doing so here would need a third lattice state, "defined but unused").
fn and_demands(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let mut result = elementwise(inst, live);
    if result.len() != 2 || result.iter().any(|d| d.rewrite == Rewrite::No) {
        return result;
    }
    for (x, c) in [(0usize, 1u32), (1, 0)] {
        // Only a non-constant operand is killed: if both were constants, each could kill the other and the
        // zeros that define the result would both be lost.
        if ir::is_constant(operand(inst, x as u32)) {
            continue;
        }
        let Some(constant) = constant_lanes(operand(inst, c)) else { continue };
        let all_zero = live.bits().ones().all(|i| constant.get(i as usize).copied().flatten() == Some(0));
        if all_zero {
            result[x] = lanes(inst, x as u32, Bits::empty(live.bits().len()), Rewrite::Whole);
        }
    }
    result
}

/// `select c, a, b`.
fn select_demands(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let cond = operand(inst, 0);
    let cond_lanes = element_count(ir::type_of(cond));
    let n = live.bits().len();
    if !vector_or_scalar(inst) {
        // A struct select: the condition is scalar; the arms take the result's liveness.
        let arm = |i| Demand { operand: i, live: live.clone(), rewrite: Rewrite::Lanes };
        return vec![all_of(inst, 0, true), arm(1), arm(2)];
    }
    let constant = constant_lanes(cond);
    let (mut a, mut b) = (Bits::empty(n), Bits::empty(n));
    for i in live.bits().ones() {
        let c = if cond_lanes == 1 { 0 } else { i as usize };
        match constant.as_ref().map(|lanes| lanes.get(c).copied().flatten()) {
            Some(Some(bit)) if bit & 1 == 1 => a.set(i),
            Some(Some(_)) => b.set(i),
            _ => {
                a.set(i);
                b.set(i);
            }
        }
    }
    let cond_demand = if cond_lanes == 1 {
        all_of(inst, 0, true)
    } else {
        lanes(inst, 0, live.bits().clone(), Rewrite::No)
    };
    vec![cond_demand, lanes(inst, 1, a, Rewrite::Lanes), lanes(inst, 2, b, Rewrite::Lanes)]
}

/// The width in bits of an element type the bitcast rule understands.
fn element_bits(ty: LLVMTypeRef) -> Option<u64> {
    let elem = if ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind { ir::element_of(ty) } else { ty };
    match ir::type_kind(elem) {
        LLVMTypeKind::LLVMIntegerTypeKind => Some(ir::int_width(elem) as u64),
        LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => Some(16),
        LLVMTypeKind::LLVMFloatTypeKind => Some(32),
        LLVMTypeKind::LLVMDoubleTypeKind => Some(64),
        _ => None,
    }
}

/// `bitcast`: element `j` of the source is live when a live result element shares a bit with it.
fn bitcast_demands(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let source = operand(inst, 0);
    let (src_ty, dst_ty) = (ir::type_of(source), ir::type_of(inst));
    let (Some(src_bits), Some(dst_bits)) = (element_bits(src_ty), element_bits(dst_ty)) else {
        return opaque(inst, true);
    };
    let (m, n) = (element_count(src_ty), element_count(dst_ty));
    if src_bits * m as u64 != dst_bits * n as u64 {
        return opaque(inst, true);
    }
    let mut demand = Bits::empty(m);
    for i in live.bits().ones() {
        let (first, last) = (i as u64 * dst_bits, (i as u64 + 1) * dst_bits - 1);
        for j in first / src_bits..=last / src_bits {
            demand.set(j as u32);
        }
    }
    vec![lanes(inst, 0, demand, Rewrite::Lanes)]
}

/// `shufflevector a, b, mask`: result lane `i` reads lane `mask[i]` of `a ++ b`.
fn shuffle_demands(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let n_a = element_count(ir::type_of(operand(inst, 0)));
    let n_b = element_count(ir::type_of(operand(inst, 1)));
    let (mut a, mut b) = (Bits::empty(n_a), Bits::empty(n_b));
    for i in live.bits().ones() {
        let m = ir::mask_value(inst, i);
        if m < 0 {
            continue;
        }
        let m = m as u32;
        if m < n_a {
            a.set(m);
        } else {
            b.set(m - n_a);
        }
    }
    vec![lanes(inst, 0, a, Rewrite::Lanes), lanes(inst, 1, b, Rewrite::Lanes)]
}

fn extract_element_demands(inst: LLVMValueRef, _live: &LiveElements) -> Vec<Demand> {
    let vector = operand(inst, 0);
    let n = element_count(ir::type_of(vector));
    match ir::const_int(operand(inst, 1)).filter(|&c| (0..n as i64).contains(&c)) {
        Some(c) => {
            let mut bits = Bits::empty(n);
            bits.set(c as u32);
            vec![lanes(inst, 0, bits, Rewrite::Lanes), all_of(inst, 1, true)]
        }
        None => opaque(inst, true),
    }
}

fn insert_element_demands(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let n = live.bits().len();
    match ir::const_int(operand(inst, 2)).filter(|&c| (0..n as i64).contains(&c)) {
        Some(c) => {
            let c = c as u32;
            let mut vector = live.bits().clone();
            vector.clear(c);
            let element = if live.bits().get(c) { Bits::full(1) } else { Bits::empty(1) };
            vec![lanes(inst, 0, vector, Rewrite::Lanes), lanes(inst, 1, element, Rewrite::Lanes), all_of(inst, 2, true)]
        }
        None => opaque(inst, true),
    }
}

/// The single index of an `extractvalue`/`insertvalue`, when it has exactly one.
fn single_index(inst: LLVMValueRef) -> Option<u32> {
    // SAFETY: `inst` is an extractvalue or insertvalue; LLVM's index array has `LLVMGetNumIndices` (here 1) entries,
    // so reading the first is in bounds.
    unsafe {
        if LLVMGetNumIndices(inst) != 1 {
            return None;
        }
        let indices = LLVMGetIndices(inst);
        (!indices.is_null()).then(|| *indices)
    }
}

/// Member `index` of an aggregate's liveness as the liveness of the member value itself.
fn member_liveness(member_ty: LLVMTypeRef, field: &Bits) -> LiveElements {
    if members(member_ty).is_some() {
        LiveElements::all_if(member_ty, !field.is_empty())
    } else {
        LiveElements::from_bits(field.clone())
    }
}

/// The field of an aggregate's liveness that a member value's liveness occupies.
fn field_of_member(member_ty: LLVMTypeRef, live: &LiveElements) -> Bits {
    if members(member_ty).is_some() {
        if live.is_empty() {
            Bits::empty(1)
        } else {
            Bits::full(1)
        }
    } else {
        live.bits().clone()
    }
}

fn extract_value_demands(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let aggregate = operand(inst, 0);
    let agg_ty = ir::type_of(aggregate);
    let (Some(index), Some(member_types)) = (single_index(inst), members(agg_ty)) else {
        return opaque(inst, true);
    };
    let Some(&member_ty) = member_types.get(index as usize) else { return opaque(inst, true) };
    let mut fields: Vec<Bits> = LiveElements::none(agg_ty).fields().to_vec();
    fields[index as usize] = field_of_member(member_ty, live);
    vec![Demand { operand: 0, live: LiveElements::of_value(aggregate, fields), rewrite: Rewrite::Lanes }]
}

fn insert_value_demands(inst: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let agg_ty = ir::type_of(inst);
    let (Some(index), Some(member_types)) = (single_index(inst), members(agg_ty)) else {
        return opaque(inst, true);
    };
    let Some(&member_ty) = member_types.get(index as usize) else { return opaque(inst, true) };
    let Some(field) = live.fields().get(index as usize) else { return opaque(inst, true) };
    let mut rest = live.fields().to_vec();
    rest[index as usize] = Bits::empty(field.len());
    vec![
        Demand { operand: 0, live: LiveElements::of_value(operand(inst, 0), rest), rewrite: Rewrite::Lanes },
        Demand { operand: 1, live: member_liveness(member_ty, field), rewrite: Rewrite::Lanes },
    ]
}

// ---- calls -----------------------------------------------------------------------------------------------------

fn call_demands(call: LLVMValueRef, region: Option<(RegionCall, u32)>, live: &LiveElements) -> Vec<Demand> {
    // A call with the wrong operand count for its intrinsic (genx-verify reports it) is only ever opaque.
    match region.filter(|&(_, arity)| arity == ir::call_arg_count(call)).map(|(region, _)| region) {
        Some(RegionCall::Rd) => rdregion_demands(call, live),
        Some(RegionCall::Wr) => wrregion_demands(call, live),
        Some(RegionCall::RdPred) => rdpredregion_demands(call, live),
        Some(RegionCall::WrPred) => wrpredregion_demands(call, live, false),
        Some(RegionCall::WrPredPred) => wrpredregion_demands(call, live, true),
        None => opaque(call, true),
    }
}

/// The vector elements a direct region maps its elements to, when the region is valid for a vector of `len`
/// (what `Region::validate` checks of a direct region, with the elements computed once).
fn direct_elements(region: &genx_region::Region, index: Index, len: u32) -> Option<Vec<i64>> {
    if index != Index::Direct {
        return None;
    }
    let elements = region.direct_elements().ok()?;
    elements.iter().all(|&e| (0..len as i64).contains(&e)).then_some(elements)
}

fn rdregion_demands(call: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let Some(rd) = RdRegion::read(call) else { return opaque(call, true) };
    let len = element_count(ir::type_of(rd.input));
    let mut demands = opaque(call, true);
    if let Some(elements) = direct_elements(&rd.region, rd.index, len) {
        let mut input = Bits::empty(len);
        for i in live.bits().ones() {
            if let Some(&e) = elements.get(i as usize) {
                input.set(e as u32);
            }
        }
        put(&mut demands, lanes(call, region_ir::rd::INPUT, input, Rewrite::Lanes));
    }
    demands
}

fn wrregion_demands(call: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let Some(wr) = WrRegion::read(call) else { return opaque(call, true) };
    let len = live.bits().len();
    let n = element_count(ir::type_of(wr.new));
    let mut demands = opaque(call, true);
    let Some(elements) = direct_elements(&wr.region, wr.index, len) else {
        // Indirect: any element may be written, so Old stays as live as the result.
        put(&mut demands, lanes(call, region_ir::wr::OLD, live.bits().clone(), Rewrite::Lanes));
        return demands;
    };
    // Mask lanes known to be set: all of them unmasked, the constant ones set otherwise.
    let mask_lanes = constant_lanes(wr.mask);
    let surely_written = |i: usize| -> bool {
        if !wr.region.masked {
            return true;
        }
        match &mask_lanes {
            Some(lanes) if lanes.len() == 1 => lanes[0] == Some(1),
            Some(lanes) => lanes.get(i).copied().flatten() == Some(1),
            None => false,
        }
    };
    // Mask lanes known to be clear: New is not needed there.
    let surely_not_written = |i: usize| -> bool {
        match &mask_lanes {
            Some(lanes) if lanes.len() == 1 => lanes[0] == Some(0),
            Some(lanes) => lanes.get(i).copied().flatten() == Some(0),
            None => false,
        }
    };
    let mut old = live.bits().clone();
    let mut new = Bits::empty(n);
    for (i, &e) in elements.iter().enumerate() {
        let e = e as u32;
        if live.bits().get(e) && !surely_not_written(i) {
            new.set(i as u32);
        }
        if surely_written(i) {
            old.clear(e);
        }
    }
    let mask_n = element_count(ir::type_of(wr.mask));
    let mask = if mask_n == n { new.clone() } else { Bits::full(mask_n) };
    let mask_live = !new.is_empty();
    put(&mut demands, lanes(call, region_ir::wr::OLD, old, Rewrite::Lanes));
    put(&mut demands, lanes(call, region_ir::wr::NEW, new, Rewrite::Lanes));
    let mask_demand = if mask_live {
        lanes(call, region_ir::wr::MASK, mask, Rewrite::No)
    } else {
        all_of(call, region_ir::wr::MASK, false)
    };
    put(&mut demands, mask_demand);
    demands
}

fn rdpredregion_demands(call: LLVMValueRef, live: &LiveElements) -> Vec<Demand> {
    let input = ir::call_arg(call, 0);
    let len = element_count(ir::type_of(input));
    let mut demands = opaque(call, true);
    if let Some(offset) = ir::const_int(ir::call_arg(call, 1)).filter(|&o| o >= 0) {
        let n = live.bits().len() as i64;
        if offset + n <= len as i64 {
            let mut bits = Bits::empty(len);
            for i in live.bits().ones() {
                bits.set(offset as u32 + i);
            }
            put(&mut demands, lanes(call, 0, bits, Rewrite::Lanes));
        }
    }
    demands
}

/// `wrpredregion(Old, New, off)`, and `wrpredpredregion(Old, New, off, Pred)` when `predicated` (whose Old
/// may show through anywhere, and whose Pred stays whole).
fn wrpredregion_demands(call: LLVMValueRef, live: &LiveElements, predicated: bool) -> Vec<Demand> {
    let new = ir::call_arg(call, 1);
    let n = element_count(ir::type_of(new));
    let len = live.bits().len();
    let mut demands = opaque(call, true);
    let Some(offset) = ir::const_int(ir::call_arg(call, 2)).filter(|&o| o >= 0 && o + n as i64 <= len as i64) else {
        return demands;
    };
    let offset = offset as u32;
    let mut old = live.bits().clone();
    let mut new_bits = Bits::empty(n);
    for i in 0..n {
        if live.bits().get(offset + i) {
            new_bits.set(i);
        }
        if !predicated {
            old.clear(offset + i);
        }
    }
    put(&mut demands, lanes(call, 0, old, Rewrite::Lanes));
    put(&mut demands, lanes(call, 1, new_bits, Rewrite::Lanes));
    demands
}
