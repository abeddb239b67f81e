//! `genx-promote-array`: promote a local array, struct or vector held in memory to one vector alloca whose
//! elements are read and written with `rdregion`/`wrregion`, so that `mem2reg` can put it in registers.
//!
//! # Why
//! A CM kernel declares small local arrays and indexes them, often with run-time indices:
//!
//! ```text
//! int a[16];  a[i] = x;  ...  y = a[j];          float m[4][8];  m[r][c] += v;      struct { int x, y, z; } p;
//! ```
//!
//! Clang makes each an `alloca` reached by `getelementptr` + `load`/`store`. A GPU thread has no cheap private
//! memory (a stack access is a scattered memory message), but it has a large register file that `rdregion` /
//! `wrregion` can index at run time. Rewriting every access of such an alloca as a region access of one vector
//! lets `mem2reg` remove the memory entirely; a variable index becomes an indirect region (an address-register
//! access). Pipeline: `genx-promote-array,function(mem2reg)` (IGC runs GenXPromoteArray then mem2reg too).
//!
//! # The model: a vector of bytes with one element type
//! The alloca of `S` bytes whose leaves all have one type `B` (`EB` bytes) becomes `alloca <S/EB x B>`. Every
//! pointer derived from it is a *byte offset* into that vector, `offset = C + Σ index_k · stride_k` (GEP
//! constants folded with the data layout, variable GEP indices kept as terms), or a run-time `i16` value for
//! pointers joined by `phi`/`select`. An access of type `L` (a scalar or vector of an element type of 1, 2, 4
//! or 8 bytes `EL`) at byte offset `o` is the region `<0; n, 1>(o)` of `n = lanes(L)` elements of the vector
//! seen as `<S/EL x EL>` (a bitcast when `EL`'s type is not `B`): sub-vector accesses, accesses through
//! bitcast pointers of another element width, and nested arrays all fall out of the same rule.
//!
//! # Algorithm
//! 1. **Type**: a single scalar (`alloca i32`) is left to `mem2reg` as it is (no remark). Otherwise the
//!    allocated type (times a constant element count) must flatten to one homogeneous base type: nested
//!    arrays, vectors and structs of one integer (8/16/32/64-bit) or floating type. Its size must be at
//!    most [`MAX_ALLOCA_BYTES`] and a multiple of `EB`.
//! 2. **Uses**: walk the pointer web from the alloca through `getelementptr` (constant or variable indices,
//!    no vector GEPs), pointer `bitcast`, `phi` and `select` (all of whose pointer operands must be in the
//!    web); the leaves must be non-volatile, non-atomic `load`s and `store`s to the web,
//!    `llvm.lifetime.*` markers, and constant-length `llvm.memcpy`/`memmove`/`memset` whose other side is the
//!    web, another promotable alloca or a global variable (copies.rs: taken as accesses of the alloca's
//!    element type, split into a load and a store before the rewrite). Anything else (`ptrtoint`, a call
//!    argument, storing the address, a compare, a return, an address-space cast, atomics) means the address
//!    escapes: refused.
//! 3. **Offsets**: per pointer, the constant part and a divisor of the variable part (phis and selects get
//!    the gcd of every constant and stride of the web). Each access must be element-aligned and, when its
//!    offset is constant, inside the alloca (out-of-bounds constant accesses are undefined in the source and
//!    left alone).
//! 4. **Budget**: promotable allocas are taken smallest first while the function's total stays within
//!    [`MAX_FUNCTION_BYTES`] (IGC's limit: promoted arrays compete for the register file); allocas joined by
//!    copies are one decision (copies.rs). Each alloca after the first promoted is analyzed again just before
//!    its rewrite: an earlier rewrite replaced its own loads, which this alloca's index terms may name
//!    (`a[b[i]]`), or split its copies.
//! 5. **Rewrite**: the vector alloca is created in place of the old one; variable offsets are materialised as
//!    `i16` arithmetic next to each GEP (`trunc`/`sext` of the index, `mul` by the stride, `add`), as `i16`
//!    phis and selects for joined pointers; a load becomes `load <N x B>` (+ `bitcast`) + `rdregion`; a store
//!    becomes `load` + `wrregion` (+ `bitcast`s) + `store`; an access of the whole vector needs no region (a
//!    `bitcast` at most); markers, GEPs, casts, pointer phis/selects and the old alloca are erased. Accesses
//!    are rewritten in program order.
//!
//! Variable offsets use `i16` arithmetic, which is exact modulo 2^16 for any index values: every offset a
//! defined program computes lies in `[0, S)`, so the `i16` result equals it whenever `S` fits `i16`
//! (always, under the 3072-byte limit; checked anyway). Out-of-range indices are undefined behaviour both
//! before (out-of-bounds memory access) and after (a region outside its vector).
//!
//! # Invariants
//! In: LLVM 14 typed-pointer IR. Out: each promoted alloca is a vector alloca used only by whole-vector
//! loads and stores, which `mem2reg` promotes; every other function is unchanged. A refusal leaves the alloca
//! untouched and emits a missed remark (`-pass-remarks-missed=genx-promote-array`) saying why, located at the
//! instruction that caused it. Statistics: `allocas-promoted`, `accesses-promoted`.
//!
//! # Not handled
//! Pointer base types (IGC promotes function-pointer arrays); `ptrtoint` feeding SVM gathers/scatters and
//! masked gathers/scatters (IGC handles these); `memset`/`memcpy` of run-time length or with memory that is
//! not an alloca or a global (refused, copies.rs); loads
//! and stores of aggregate types; `genx.vload`/`vstore` (lowered to load/store by CMLowerVLoadVStore before
//! this pass in IGC's pipeline); dynamic (non-constant count) allocas.
//!
//! # Shared with genx-cm-lower
//! The analysis ([`plan_web`]) and the rewrite ([`rewrite`]) also serve `_GENX_VOLATILE_` globals
//! (cm_lower/volatile.rs): the root is then a global whose web may hold constant-expression casts and GEPs, and
//! the vector lives in a new global read and written whole with `genx.vload`/`genx.vstore` ([`Home`]). A
//! variable GEP index that is a constant multiple (`mul`, `shl`, through `sext`/`zext`) counts its factor in
//! the stride (the CM headers index a vector's bytes by `i * sizeof(T)`).

use std::collections::{HashMap, VecDeque};
use std::ffi::CString;

use genx_region::{Indirect, Region};
use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir::distinct_users as users;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::target::*;
use crate::llvm_sys::{LLVMAtomicOrdering, LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, Index};
use crate::ir_write;

mod copies;

/// Largest alloca promoted (IGC: 96 GRFs of 32 bytes).
pub const MAX_ALLOCA_BYTES: u64 = 3072;
/// Largest total of promoted allocas in one function.
pub const MAX_FUNCTION_BYTES: u64 = 8192;

/// Pass body: promotes the promotable allocas of `function`, smallest first.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    let layout = unsafe { LLVMGetModuleDataLayout(ir::module_of(function)) };
    let order: HashMap<LLVMValueRef, usize> =
        ir::blocks(function).flat_map(ir::instructions).enumerate().map(|(i, inst)| (inst, i)).collect();
    let mut plans = Vec::new();
    for block in ir::blocks(function) {
        for inst in ir::instructions(block) {
            if !ir::is_alloca(inst) || is_scalar_alloca(inst) {
                continue;
            }
            match analyze(inst, layout, true) {
                Ok(mut plan) => {
                    plan.in_program_order(&order);
                    plans.push(plan)
                }
                Err(refusal) => cx.remark(
                    RemarkKind::Missed,
                    c"NotPromoted",
                    refusal.at,
                    &format!("alloca {} not promoted: {}", display_name(inst), refusal.why),
                ),
            }
        }
    }
    plans.sort_by_key(|plan| plan.bytes);
    // Allocas joined by copies are decided together (copies.rs): one budget decision per group.
    let mut groups = copies::groups(copies::settle(plans, cx));
    groups.sort_by_key(|group| group.iter().map(|plan| plan.bytes).sum::<u64>());
    let mut total = 0u64;
    let mut changed = false;
    for group in groups {
        let group_bytes: u64 = group.iter().map(|plan| plan.bytes).sum();
        if total + group_bytes > MAX_FUNCTION_BYTES {
            let joined = match group.len() {
                1 => String::new(),
                2 => format!(" (with the alloca it is copied with, {group_bytes} bytes in all)"),
                n => format!(" (with the {} allocas it is copied with, {group_bytes} bytes in all)", n - 1),
            };
            for plan in &group {
                cx.remark(
                    RemarkKind::Missed,
                    c"NotPromoted",
                    plan.alloca,
                    &format!(
                        "alloca {} not promoted: its {} bytes{joined} would take the function's promoted arrays past \
                         {} bytes ({} already promoted)",
                        display_name(plan.alloca),
                        plan.bytes,
                        MAX_FUNCTION_BYTES,
                        total
                    ),
                );
            }
            continue;
        }
        // The group's copies become loads and stores, which its allocas' second analysis takes as accesses.
        changed |= copies::split(&group);
        for plan in group {
            // Analyzed again now: an earlier promotion replaced its loads, which this plan's index terms may
            // have named (a[b[i]] with both promoted: b's load is gone, a's index is b's rdregion); or its
            // copies were just split. Copies are no longer taken: the group's were all split.
            let plan = if changed {
                let order: HashMap<LLVMValueRef, usize> =
                    ir::blocks(function).flat_map(ir::instructions).enumerate().map(|(i, inst)| (inst, i)).collect();
                match analyze(plan.alloca, layout, false) {
                    Ok(mut fresh) => {
                        fresh.in_program_order(&order);
                        fresh
                    }
                    Err(refusal) => {
                        cx.remark(
                            RemarkKind::Missed,
                            c"NotPromoted",
                            refusal.at,
                            &format!("alloca {} not promoted: {}", display_name(plan.alloca), refusal.why),
                        );
                        continue;
                    }
                }
            } else {
                plan
            };
            total += plan.bytes;
            cx.remark(
                RemarkKind::Passed,
                c"Promoted",
                plan.alloca,
                &format!(
                    "alloca {} ({}, {} bytes) promoted to <{} x {}> with {} region accesses",
                    display_name(plan.alloca),
                    ir::type_to_string(plan.allocated),
                    plan.bytes,
                    plan.bytes / plan.elem_bytes as u64,
                    ir::type_to_string(plan.base),
                    plan.accesses.len()
                ),
            );
            let accesses = plan.accesses.len() as u64;
            match rewrite(&plan, Home::Alloca) {
                Ok(()) => {
                    cx.count(c"allocas-promoted", c"allocas promoted to vectors", 1);
                    cx.count(c"accesses-promoted", c"loads and stores rewritten as region accesses", accesses);
                }
                Err(message) => {
                    // Only reachable if an intrinsic cannot be declared for types the analysis accepted.
                    cx.error_at(plan.alloca, format!("promotion failed half way: {message}"));
                    return true;
                }
            }
            changed = true;
        }
    }
    changed
}

/// One integer or float (`alloca i32`): `mem2reg` promotes it as it is, no vector needed.
fn is_scalar_alloca(alloca: LLVMValueRef) -> bool {
    let count = ir::const_int(ir::operand(alloca, 0));
    let kind = ir::type_kind(ir::allocated_type(alloca));
    count == Some(1)
        && matches!(
            kind,
            LLVMTypeKind::LLVMIntegerTypeKind
                | LLVMTypeKind::LLVMHalfTypeKind
                | LLVMTypeKind::LLVMFloatTypeKind
                | LLVMTypeKind::LLVMDoubleTypeKind
                | LLVMTypeKind::LLVMPointerTypeKind
        )
}

fn display_name(value: LLVMValueRef) -> String {
    let name = ir::value_name(value);
    if name.is_empty() {
        "(unnamed)".to_string()
    } else {
        format!("%{name}")
    }
}

/// Why an alloca (or a `_GENX_VOLATILE_` global, see [`plan_web`]) is not promoted, and the instruction (or, for
/// a global, possibly the constant expression) that decided it.
pub(crate) struct Refusal {
    pub at: LLVMValueRef,
    pub why: String,
}

fn refuse<T>(at: LLVMValueRef, why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal { at, why: why.into() })
}

/// How a pointer of the web is derived.
enum NodeKind {
    /// The alloca (or global) itself: offset 0.
    Root,
    /// A pointer bitcast of `base`: same offset.
    Cast { base: usize },
    /// `getelementptr base, ...`: `offset(base) + constant + Σ index · stride`.
    Gep { base: usize, constant: i64, terms: Vec<(LLVMValueRef, i64)> },
    /// A phi or select of web pointers: a run-time offset.
    Join,
}

struct Node {
    value: LLVMValueRef,
    kind: NodeKind,
}

/// What the analysis knows about a pointer's byte offset: `constant + (a multiple of align)`, the multiple
/// being zero when `!dynamic`. `align == 0` means the variable part is always zero.
#[derive(Clone, Copy)]
struct Facts {
    constant: i64,
    dynamic: bool,
    align: u64,
}

/// One load or store of the web, or one side of a copy or fill ([`copies`]) that will become one.
struct Access {
    inst: LLVMValueRef,
    node: usize,
    store: bool,
    shape: Shape,
    /// `inst` is an `llvm.memcpy`/`memmove`/`memset` call, split into a load and a store before the rewrite.
    copy: bool,
}

impl Access {
    /// The subject of a refusal's sentence: "it loads", "its @llvm.memcpy.p0i8.p0i8.i64 writes", ...
    fn subject(&self) -> String {
        match (self.copy, self.store) {
            (false, false) => "it loads".to_string(),
            (false, true) => "it stores".to_string(),
            (true, store) => format!("its {} {}", copies::callee_name(self.inst), if store { "writes" } else { "reads" }),
        }
    }
}

/// The type a load or store moves: `lanes` elements of `elem` (`elem_bytes` bytes each).
#[derive(Clone, Copy)]
struct Shape {
    elem: LLVMTypeRef,
    elem_bytes: u32,
    lanes: u32,
    scalar: bool,
}

/// Everything needed to rewrite one alloca (or `_GENX_VOLATILE_` global).
pub(crate) struct Plan {
    /// The alloca, or the global.
    alloca: LLVMValueRef,
    allocated: LLVMTypeRef,
    pub base: LLVMTypeRef,
    pub elem_bytes: u32,
    pub bytes: u64,
    nodes: Vec<Node>,
    accesses: Vec<Access>,
    markers: Vec<LLVMValueRef>,
    /// The constant-length copies and fills on the web (only when [`plan_web`] was asked to take them).
    copies: Vec<copies::Copy>,
}

impl Plan {
    /// Orders the accesses as `order` numbers the instructions, so that the rewrite numbers the new values as
    /// they appear.
    pub(crate) fn in_program_order(&mut self, order: &HashMap<LLVMValueRef, usize>) {
        self.accesses.sort_by_key(|access| order.get(&access.inst).copied().unwrap_or(usize::MAX));
    }
}

/// Where the promoted vector `<bytes / EB x B>` lives, and so how it is read and written whole.
#[derive(Clone, Copy)]
pub(crate) enum Home {
    /// A new `alloca` in place of the old one, read and written with `load`/`store` (`mem2reg` promotes it).
    Alloca,
    /// The given global of the vector type that replaces a `_GENX_VOLATILE_` global (genx-cm-lower): read and
    /// written with `genx.vload`/`genx.vstore`, which IGC keeps in registers (docs/cmc-compat.md §3).
    VolatileGlobal(LLVMValueRef),
}

// ---- phase 1-3: analysis ---------------------------------------------------------------------------------

/// Phases 1-3 for an alloca; `take_copies`: constant-length copies and fills are accesses (copies.rs).
fn analyze(alloca: LLVMValueRef, layout: LLVMTargetDataRef, take_copies: bool) -> Result<Plan, Refusal> {
    let allocated = ir::allocated_type(alloca);
    let Some(count) = ir::const_int(ir::operand(alloca, 0)) else {
        return refuse(alloca, "its element count is not a constant");
    };
    plan_web(alloca, "alloca", allocated, count, layout, MAX_ALLOCA_BYTES, take_copies)
}

/// Phases 1-3 for `count` objects of type `allocated` at `root` (an alloca, or a global whose web may
/// include constant expressions): the flattened type, the pointer web and its accesses, checked. With
/// `take_copies`, constant-length copies and fills on the web are accesses (the caller splits them,
/// [`copies::split`], before the rewrite); without, they are refused as calls (genx-cm-lower's volatile globals
/// have no home for them).
pub(crate) fn plan_web(
    alloca: LLVMValueRef,
    noun: &'static str,
    allocated: LLVMTypeRef,
    count: i64,
    layout: LLVMTargetDataRef,
    max_bytes: u64,
    take_copies: bool,
) -> Result<Plan, Refusal> {
    let base = base_type(allocated).or_else(|why| refuse(alloca, why))?;
    let Some(elem_bytes) = region_ir::element_bytes(base) else {
        return refuse(alloca, format!("its base type {} is not a region element type", ir::type_to_string(base)));
    };
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    let size = unsafe { LLVMABISizeOfType(layout, allocated) };
    let bytes = match u64::try_from(count).ok().and_then(|c| size.checked_mul(c)) {
        Some(0) | None => return refuse(alloca, "it has no bytes"),
        Some(bytes) => bytes,
    };
    if bytes > max_bytes {
        return refuse(alloca, format!("it has {bytes} bytes, more than the {max_bytes} a promoted array may have"));
    }
    if bytes % elem_bytes as u64 != 0 || bytes > i16::MAX as u64 {
        return refuse(alloca, format!("its {bytes} bytes are not a whole number of {elem_bytes}-byte elements"));
    }

    // Phase 2: the pointer web.
    let mut nodes = vec![Node { value: alloca, kind: NodeKind::Root }];
    let mut index: HashMap<LLVMValueRef, usize> = HashMap::from([(alloca, 0)]);
    let mut accesses = Vec::new();
    let mut markers = Vec::new();
    let mut copy_calls = Vec::new();
    let mut work = VecDeque::from([0usize]);
    while let Some(current) = work.pop_front() {
        let value = nodes[current].value;
        for user in users(value) {
            let kind = match classify(user, value, current, layout, take_copies)? {
                Use::Node(kind) => kind,
                Use::Access { store, shape } => {
                    accesses.push(Access { inst: user, node: current, store, shape, copy: false });
                    continue;
                }
                Use::Copy { writes, reads, bytes } => {
                    let shape = copies::shape(user, bytes, base, elem_bytes, noun)?;
                    for store in [true, false].into_iter().filter(|&store| if store { writes } else { reads }) {
                        accesses.push(Access { inst: user, node: current, store, shape, copy: true });
                    }
                    if !copy_calls.contains(&user) {
                        copy_calls.push(user);
                    }
                    continue;
                }
                Use::Marker => {
                    if !markers.contains(&user) {
                        markers.push(user);
                    }
                    continue;
                }
            };
            if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(user) {
                slot.insert(nodes.len());
                work.push_back(nodes.len());
                nodes.push(Node { value: user, kind });
            }
        }
    }
    for node in &nodes {
        if matches!(node.kind, NodeKind::Join) {
            if let Some(&outside) = pointer_operands(node.value).iter().find(|p| !index.contains_key(p)) {
                return refuse(
                    node.value,
                    format!("it joins the {noun}'s address with another pointer ({})", short(outside)),
                );
            }
        }
    }

    // Phase 3: offsets and the accesses' bounds and alignment.
    let mut web_gcd = 0u64;
    for node in &nodes {
        if let NodeKind::Gep { constant, terms, .. } = &node.kind {
            web_gcd = gcd(web_gcd, constant.unsigned_abs());
            for &(_, stride) in terms {
                web_gcd = gcd(web_gcd, stride.unsigned_abs());
            }
        }
    }
    let mut facts: Vec<Facts> = Vec::with_capacity(nodes.len());
    for node in &nodes {
        let fact = match &node.kind {
            NodeKind::Root => Facts { constant: 0, dynamic: false, align: 0 },
            NodeKind::Cast { base } => facts[*base],
            NodeKind::Gep { base, constant, terms } => {
                let base = facts[*base];
                let Some(constant) = base.constant.checked_add(*constant).filter(|c| i32::try_from(*c).is_ok()) else {
                    return refuse(node.value, "its constant offset overflows");
                };
                let align = terms.iter().fold(base.align, |a, &(_, stride)| gcd(a, stride.unsigned_abs()));
                Facts { constant, dynamic: base.dynamic || !terms.is_empty(), align }
            }
            NodeKind::Join => Facts { constant: 0, dynamic: true, align: web_gcd },
        };
        facts.push(fact);
    }
    for access in &accesses {
        let fact = facts[access.node];
        let Shape { elem_bytes: el, lanes, .. } = access.shape;
        let size = el as u64 * lanes as u64;
        let what = access.subject();
        if bytes % el as u64 != 0 || size > bytes {
            return refuse(
                access.inst,
                format!("{what} {size} bytes as {el}-byte elements of a {bytes}-byte {noun}"),
            );
        }
        if !fact.dynamic {
            let start = fact.constant;
            if start < 0 || start as u64 + size > bytes {
                return refuse(
                    access.inst,
                    format!(
                        "{what} bytes {start}..{} outside the {bytes}-byte {noun}",
                        start as i128 + size as i128
                    ),
                );
            }
        }
        if fact.constant.rem_euclid(el as i64) != 0 || (fact.dynamic && !fact.align.is_multiple_of(el as u64)) {
            return refuse(
                access.inst,
                format!("{what} {el}-byte elements at an offset that may not be a multiple of {el}"),
            );
        }
    }
    let copies = copy_calls
        .into_iter()
        .map(|call| copies::Copy::of(call, &index, noun))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Plan { alloca, allocated, base, elem_bytes, bytes, nodes, accesses, markers, copies })
}

/// What one use of a web pointer is.
enum Use {
    Node(NodeKind),
    Access { store: bool, shape: Shape },
    /// A constant-length `llvm.memcpy`/`memmove` (`writes` when the pointer is its destination, `reads` when
    /// its source; both when it is both) or `llvm.memset` (`writes`) of `bytes` bytes.
    Copy { writes: bool, reads: bool, bytes: u64 },
    Marker,
}

fn classify(
    user: LLVMValueRef,
    value: LLVMValueRef,
    current: usize,
    layout: LLVMTargetDataRef,
    take_copies: bool,
) -> Result<Use, Refusal> {
    use LLVMOpcode::*;
    if ir::is_constant_expr(user) {
        // Only a global's web has constant expressions: casts and GEPs of constant indices, nothing else.
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        return match unsafe { LLVMGetConstOpcode(user) } {
            LLVMBitCast if ir::type_kind(ir::type_of(user)) == LLVMTypeKind::LLVMPointerTypeKind => {
                Ok(Use::Node(NodeKind::Cast { base: current }))
            }
            LLVMGetElementPtr if ir::operand(user, 0) == value => {
                let (constant, terms) = gep_offsets(user, layout).or_else(|why| refuse(user, why))?;
                if !terms.is_empty() {
                    return refuse(user, "its address is offset by a constant expression that is not a number");
                }
                Ok(Use::Node(NodeKind::Gep { base: current, constant, terms }))
            }
            _ => refuse(user, format!("its address is used by the constant {}", short(user))),
        };
    }
    let Some(opcode) = ir::opcode(user) else {
        return refuse(user, format!("its address is used by {}", short(user)));
    };
    match opcode {
        LLVMGetElementPtr => {
            if ir::operand(user, 0) != value {
                return refuse(user, "its address is used as a getelementptr index");
            }
            let (constant, terms) = gep_offsets(user, layout).or_else(|why| refuse(user, why))?;
            Ok(Use::Node(NodeKind::Gep { base: current, constant, terms }))
        }
        LLVMBitCast => {
            if ir::type_kind(ir::type_of(user)) != LLVMTypeKind::LLVMPointerTypeKind {
                return refuse(user, "its address is bitcast to a non-pointer");
            }
            Ok(Use::Node(NodeKind::Cast { base: current }))
        }
        LLVMPHI | LLVMSelect => {
            if opcode == LLVMSelect && ir::operand(user, 0) == value {
                return refuse(user, "its address is a select condition");
            }
            Ok(Use::Node(NodeKind::Join))
        }
        LLVMLoad | LLVMStore => {
            let store = opcode == LLVMStore;
            if store && ir::operand(user, 0) == value {
                return refuse(user, "its address escapes: it is stored to memory");
            }
            if ir::is_volatile(user) {
                return refuse(user, "it has a volatile access");
            }
            if ir::ordering(user) != LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic {
                return refuse(user, "it has an atomic access");
            }
            let ty = if store { ir::type_of(ir::operand(user, 0)) } else { ir::type_of(user) };
            let shape = access_shape(ty).ok_or_else(|| Refusal {
                at: user,
                why: format!("it is accessed as {}, not a scalar or vector of region elements", ir::type_to_string(ty)),
            })?;
            Ok(Use::Access { store, shape })
        }
        LLVMCall => {
            let callee = ir::called_function(user).map(ir::value_name);
            let args = ir::call_arg_count(user);
            let is_marker = callee.as_deref().is_some_and(|n| n.starts_with("llvm.lifetime."))
                && args == 2
                && ir::call_arg(user, 0) != value;
            if is_marker {
                return Ok(Use::Marker);
            }
            if take_copies {
                if let Some(kind) = copies::kind(user) {
                    return copies::classify(user, value, kind);
                }
            }
            match callee {
                Some(name) => refuse(user, format!("its address escapes: it is passed to a call of @{name}")),
                None => refuse(user, "its address escapes: it is passed to an indirect call"),
            }
        }
        LLVMPtrToInt => refuse(user, "its address escapes through ptrtoint"),
        LLVMAddrSpaceCast => refuse(user, "its address is cast to another address space"),
        LLVMICmp => refuse(user, "its address is compared"),
        LLVMRet => refuse(user, "its address escapes: it is returned"),
        LLVMAtomicRMW | LLVMAtomicCmpXchg => refuse(user, "it has an atomic access"),
        _ => refuse(user, format!("its address is used by {}", short(user))),
    }
}

/// The flattened base type of an allocated type: the one scalar type of all its leaves.
fn base_type(ty: LLVMTypeRef) -> Result<LLVMTypeRef, String> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        match ir::type_kind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind
            | LLVMTypeKind::LLVMHalfTypeKind
            | LLVMTypeKind::LLVMFloatTypeKind
            | LLVMTypeKind::LLVMDoubleTypeKind => Ok(ty),
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => base_type(ir::element_of(ty)),
            LLVMTypeKind::LLVMStructTypeKind => {
                let count = LLVMCountStructElementTypes(ty);
                if count == 0 || LLVMIsOpaqueStruct(ty) != 0 {
                    return Err(format!("its type {} has no fields", ir::type_to_string(ty)));
                }
                let mut fields = vec![std::ptr::null_mut(); count as usize];
                LLVMGetStructElementTypes(ty, fields.as_mut_ptr());
                let first = base_type(fields[0])?;
                for &field in &fields[1..] {
                    let other = base_type(field)?;
                    if other != first {
                        return Err(format!(
                            "its type mixes base types {} and {}",
                            ir::type_to_string(first),
                            ir::type_to_string(other)
                        ));
                    }
                }
                Ok(first)
            }
            LLVMTypeKind::LLVMPointerTypeKind => Err("its elements are pointers".to_string()),
            _ => Err(format!("its type {} is not made of integers or floats", ir::type_to_string(ty))),
        }
    }
}

/// The shape of a loaded or stored type, when it is a scalar or vector of region elements (not pointers).
fn access_shape(ty: LLVMTypeRef) -> Option<Shape> {
    let scalar = ir::type_kind(ty) != LLVMTypeKind::LLVMVectorTypeKind;
    let elem = region_ir::element_type(ty);
    if ir::type_kind(elem) == LLVMTypeKind::LLVMPointerTypeKind {
        return None;
    }
    let elem_bytes = region_ir::element_bytes(elem)?;
    Some(Shape { elem, elem_bytes, lanes: region_ir::lanes(ty), scalar })
}

/// A GEP's offset as a constant and variable `(index, stride)` terms, following the data layout, with the
/// constant factors of each variable index peeled into its stride ([`scaled_index`]).
fn gep_offsets(gep: LLVMValueRef, layout: LLVMTargetDataRef) -> Result<(i64, Vec<(LLVMValueRef, i64)>), String> {
    let (constant, terms) = gep_terms(gep, layout)?;
    let terms = terms
        .into_iter()
        .map(|(index, stride)| {
            let (index, factor) = scaled_index(index);
            stride.checked_mul(factor).map(|s| (index, s)).ok_or_else(|| "its getelementptr offset overflows".to_string())
        })
        .collect::<Result<_, _>>()?;
    Ok((constant, terms))
}

/// A GEP's exact offset: a constant and variable `(index, stride)` terms (the index as written, to be
/// sign-extended), following the data layout; its byte offset is `constant + Σ sext(index) · stride`.
pub(crate) fn gep_terms(gep: LLVMValueRef, layout: LLVMTargetDataRef) -> Result<(i64, Vec<(LLVMValueRef, i64)>), String> {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        if ir::type_kind(ir::type_of(gep)) == LLVMTypeKind::LLVMVectorTypeKind {
            return Err("it is reached by a vector getelementptr".to_string());
        }
        let overflow = || "its getelementptr offset overflows".to_string();
        let source = LLVMGetGEPSourceElementType(gep);
        let mut current = source;
        let mut constant = 0i64;
        let mut terms = Vec::new();
        for i in 1..ir::operand_count(gep) {
            let index = ir::operand(gep, i);
            if ir::type_kind(ir::type_of(index)) != LLVMTypeKind::LLVMIntegerTypeKind {
                return Err("it is reached by a getelementptr with a vector index".to_string());
            }
            let stride = if i == 1 {
                LLVMABISizeOfType(layout, source)
            } else {
                match ir::type_kind(current) {
                    LLVMTypeKind::LLVMStructTypeKind => {
                        let field = ir::const_int(index).ok_or_else(|| "a struct index is not constant".to_string())?;
                        let offset = LLVMOffsetOfElement(layout, current, field as u32);
                        constant = constant.checked_add(offset as i64).ok_or_else(overflow)?;
                        current = LLVMStructGetTypeAtIndex(current, field as u32);
                        continue;
                    }
                    LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => {
                        current = ir::element_of(current);
                        LLVMABISizeOfType(layout, current)
                    }
                    _ => return Err("a getelementptr indexes into a scalar".to_string()),
                }
            };
            let stride = i64::try_from(stride).map_err(|_| overflow())?;
            match ir::const_int(index) {
                Some(k) => {
                    constant = k.checked_mul(stride).and_then(|o| constant.checked_add(o)).ok_or_else(overflow)?
                }
                None => terms.push((index, stride)),
            }
        }
        Ok((constant, terms))
    }
}

/// A variable GEP index as `(value, factor)` with `index == value · factor` in the low 16 bits (all the
/// rewrite keeps): constant multiplications and left shifts are peeled, through sign and zero extensions. The
/// CM headers index a vector's bytes as `i8` GEPs by `i · sizeof(T)`, whose element alignment is then known.
fn scaled_index(mut index: LLVMValueRef) -> (LLVMValueRef, i64) {
    use LLVMOpcode::*;
    let mut factor = 1i64;
    loop {
        let (next, scale) = match ir::opcode(index) {
            Some(LLVMSExt | LLVMZExt) => (ir::operand(index, 0), 1),
            Some(LLVMMul) => match (ir::const_int(ir::operand(index, 0)), ir::const_int(ir::operand(index, 1))) {
                (_, Some(c)) => (ir::operand(index, 0), c),
                (Some(c), None) => (ir::operand(index, 1), c),
                (None, None) => break,
            },
            Some(LLVMShl) => match ir::const_int(ir::operand(index, 1)) {
                Some(c) if (0..15).contains(&c) => (ir::operand(index, 0), 1 << c),
                _ => break,
            },
            _ => break,
        };
        match factor.checked_mul(scale) {
            Some(f) if scale >= 1 && f <= i16::MAX as i64 => (factor, index) = (f, next),
            _ => break,
        }
    }
    (index, factor)
}

/// The pointer operands of a phi or select.
fn pointer_operands(join: LLVMValueRef) -> Vec<LLVMValueRef> {
    if ir::is_phi(join) {
        (0..ir::incoming_count(join)).map(|i| ir::incoming_value(join, i)).collect()
    } else {
        vec![ir::operand(join, 1), ir::operand(join, 2)]
    }
}

fn short(value: LLVMValueRef) -> String {
    let text = ir::value_to_string(value);
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

/// The greatest common divisor of `a` and `b` (`gcd(0, b) == b`).
pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

// ---- phase 5: rewrite ------------------------------------------------------------------------------------

/// A materialised offset: `dynamic + constant` bytes (`dynamic` an `i16` value, absent when zero).
#[derive(Clone, Copy)]
struct OffsetValue {
    dynamic: Option<LLVMValueRef>,
    constant: i64,
}

struct Rewriter<'a> {
    plan: &'a Plan,
    builder: LLVMBuilderRef,
    i16_ty: LLVMTypeRef,
    offsets: Vec<Option<OffsetValue>>,
    /// i16 phis made for pointer phis, whose incoming values are filled last.
    pending_phis: Vec<(usize, LLVMValueRef)>,
    /// Full offsets materialised at the end of a predecessor block, for phi incoming values.
    at_block_end: HashMap<(LLVMBasicBlockRef, usize), LLVMValueRef>,
}

fn name_for(value: LLVMValueRef, suffix: &str) -> CString {
    CString::new(format!("{}{suffix}", ir::value_name(value))).unwrap_or_default()
}

impl Rewriter<'_> {
    fn i16(&self, value: i64) -> LLVMValueRef {
        ir_write::const_int(self.i16_ty, value as u64, true)
    }

    /// The offset of node `i`, materialising the `i16` arithmetic of its derivation on first request.
    fn offset(&mut self, i: usize) -> OffsetValue {
        if let Some(known) = self.offsets[i] {
            return known;
        }
        let node = &self.plan.nodes[i];
        let value = match &node.kind {
            NodeKind::Root => OffsetValue { dynamic: None, constant: 0 },
            NodeKind::Cast { base } => self.offset(*base),
            NodeKind::Gep { base, constant, terms } => {
                let base = self.offset(*base);
                let mut dynamic = base.dynamic;
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe {
                    // (A constant-expression GEP has no terms: the builder is only placed before instructions.)
                    for &(index, stride) in terms {
                        LLVMPositionBuilderBefore(self.builder, node.value);
                        let bits = ir::int_width(ir::type_of(index));
                        let narrow = match bits.cmp(&16) {
                            std::cmp::Ordering::Greater => {
                                LLVMBuildTrunc(self.builder, index, self.i16_ty, name_for(index, ".i16").as_ptr())
                            }
                            std::cmp::Ordering::Less => {
                                LLVMBuildSExt(self.builder, index, self.i16_ty, name_for(index, ".i16").as_ptr())
                            }
                            std::cmp::Ordering::Equal => index,
                        };
                        let scaled = if stride == 1 {
                            narrow
                        } else {
                            LLVMBuildMul(
                                self.builder,
                                narrow,
                                self.i16(stride),
                                name_for(node.value, ".scaled").as_ptr(),
                            )
                        };
                        dynamic = Some(match dynamic {
                            None => scaled,
                            Some(sum) => {
                                LLVMBuildAdd(self.builder, sum, scaled, name_for(node.value, ".offset").as_ptr())
                            }
                        });
                    }
                }
                OffsetValue { dynamic, constant: base.constant + constant }
            }
            NodeKind::Join if ir::is_phi(node.value) => {
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                let phi = unsafe {
                    LLVMPositionBuilderBefore(self.builder, node.value);
                    LLVMBuildPhi(self.builder, self.i16_ty, name_for(node.value, ".offset").as_ptr())
                };
                self.pending_phis.push((i, phi));
                OffsetValue { dynamic: Some(phi), constant: 0 }
            }
            NodeKind::Join => {
                let select = node.value;
                let arms = pointer_operands(select);
                let a = self.plan_index(arms[0]);
                let b = self.plan_index(arms[1]);
                let (a, b) = (self.offset(a), self.offset(b));
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe {
                    LLVMPositionBuilderBefore(self.builder, select);
                    let (a, b) = (self.full(a, arms[0]), self.full(b, arms[1]));
                    let condition = ir::operand(select, 0);
                    let chosen = LLVMBuildSelect(self.builder, condition, a, b, name_for(select, ".offset").as_ptr());
                    OffsetValue { dynamic: Some(chosen), constant: 0 }
                }
            }
        };
        self.offsets[i] = Some(value);
        value
    }

    fn plan_index(&self, value: LLVMValueRef) -> usize {
        // The analysis checked that every pointer operand of a join is in the web.
        self.plan.nodes.iter().position(|n| n.value == value).unwrap_or(0)
    }

    /// `dynamic + constant` as one `i16` value, at the builder's position (named after `pointer`).
    fn full(&self, offset: OffsetValue, pointer: LLVMValueRef) -> LLVMValueRef {
        match offset.dynamic {
            None => self.i16(offset.constant),
            Some(dynamic) if offset.constant == 0 => dynamic,
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            Some(dynamic) => unsafe {
                LLVMBuildAdd(self.builder, dynamic, self.i16(offset.constant), name_for(pointer, ".offset").as_ptr())
            },
        }
    }

    /// Fills the incoming values of the i16 phis (which may materialise more phis).
    fn finish_phis(&mut self) {
        while let Some((i, phi)) = self.pending_phis.pop() {
            let pointer_phi = self.plan.nodes[i].value;
            for k in 0..ir::incoming_count(pointer_phi) {
                let (incoming, mut block) =
                    (ir::incoming_value(pointer_phi, k), ir::incoming_block(pointer_phi, k));
                let node = self.plan_index(incoming);
                let offset = self.offset(node);
                let value = match self.at_block_end.get(&(block, node)) {
                    Some(&v) => v,
                    None => {
                        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                        unsafe { LLVMPositionBuilderBefore(self.builder, ir::terminator(block)) };
                        let v = self.full(offset, incoming);
                        self.at_block_end.insert((block, node), v);
                        v
                    }
                };
                let mut value = value;
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMAddIncoming(phi, &mut value, &mut block, 1) };
            }
        }
    }
}

/// Phase 5: rewrites every access of the plan's web as an access of the vector at `home`. For an alloca, the
/// old alloca and its pointer web are erased; for a global, its instructions are (the caller retires the old
/// global and its constant expressions).
pub(crate) fn rewrite(plan: &Plan, home: Home) -> Result<(), String> {
    // SAFETY: the context of the live alloca; the builder is created here and disposed after `rewrite_with`, which
    // only builds with it.
    unsafe {
        let context = ir::type_context(ir::type_of(plan.alloca));
        let builder = LLVMCreateBuilderInContext(context);
        let result = rewrite_with(plan, builder, context, home);
        LLVMDisposeBuilder(builder);
        result
    }
}

/// Reads or writes the whole promoted vector at the builder's position, as its home requires.
struct Whole {
    home: Home,
    vector: LLVMValueRef,
    vector_ty: LLVMTypeRef,
    align: u32,
}

impl Whole {
    unsafe fn load(&self, builder: LLVMBuilderRef, name: &CString) -> Result<LLVMValueRef, String> {
        Ok(match self.home {
            Home::Alloca => {
                let loaded = LLVMBuildLoad2(builder, self.vector_ty, self.vector, name.as_ptr());
                LLVMSetAlignment(loaded, self.align);
                loaded
            }
            Home::VolatileGlobal(global) => {
                let module = LLVMGetGlobalParent(global);
                let function = region_ir::declare_intrinsic(module, "llvm.genx.vload", self.vector_ty, &[ir::type_of(global)])?;
                region_ir::build_call(builder, function, &mut [global], &name.to_string_lossy())
            }
        })
    }

    unsafe fn store(&self, builder: LLVMBuilderRef, value: LLVMValueRef) -> Result<(), String> {
        match self.home {
            Home::Alloca => {
                let store = LLVMBuildStore(builder, value, self.vector);
                LLVMSetAlignment(store, self.align);
            }
            Home::VolatileGlobal(global) => {
                let module = LLVMGetGlobalParent(global);
                let void = LLVMVoidTypeInContext(LLVMGetModuleContext(module));
                let types = [self.vector_ty, ir::type_of(global)];
                let function = region_ir::declare_intrinsic(module, "llvm.genx.vstore", void, &types)?;
                region_ir::build_call(builder, function, &mut [value, global], "");
            }
        }
        Ok(())
    }
}

unsafe fn rewrite_with(
    plan: &Plan,
    builder: LLVMBuilderRef,
    context: LLVMContextRef,
    home: Home,
) -> Result<(), String> {
    let elements = (plan.bytes / plan.elem_bytes as u64) as u32;
    let vector_ty = LLVMVectorType(plan.base, elements);
    let (vector, align) = match home {
        Home::Alloca => {
            LLVMPositionBuilderBefore(builder, plan.alloca);
            let vector = LLVMBuildAlloca(builder, vector_ty, name_for(plan.alloca, ".vec").as_ptr());
            let align = LLVMGetAlignment(plan.alloca);
            LLVMSetAlignment(vector, align);
            (vector, align)
        }
        Home::VolatileGlobal(global) => (global, LLVMGetAlignment(global)),
    };
    let whole_vector = Whole { home, vector, vector_ty, align };

    let mut rewriter = Rewriter {
        plan,
        builder,
        i16_ty: LLVMInt16TypeInContext(context),
        offsets: vec![None; plan.nodes.len()],
        pending_phis: Vec::new(),
        at_block_end: HashMap::new(),
    };
    let mut regions = Vec::with_capacity(plan.accesses.len());
    for access in &plan.accesses {
        regions.push(rewriter.offset(access.node));
    }
    rewriter.finish_phis();

    for (access, offset) in plan.accesses.iter().zip(regions) {
        let Shape { elem, elem_bytes, lanes, scalar } = access.shape;
        let mut region = Region::new(elem_bytes, lanes, 0, lanes, 1, offset.constant as i32).canonical();
        let index = match offset.dynamic {
            Some(dynamic) => {
                region.indirect = Indirect::Single;
                Index::Value(dynamic)
            }
            None => Index::Direct,
        };
        LLVMPositionBuilderBefore(builder, access.inst);
        LLVMSetCurrentDebugLocation2(builder, crate::llvm_sys::debuginfo::LLVMInstructionGetDebugLoc(access.inst));
        let whole = offset.dynamic.is_none()
            && offset.constant == 0
            && lanes as u64 * elem_bytes as u64 == plan.bytes
            && !scalar;
        if whole {
            // The access is the whole vector: a bitcast at most, no region.
            if access.store {
                let new = LLVMGetOperand(access.inst, 0);
                let value = if ir::type_of(new) == vector_ty {
                    new
                } else {
                    LLVMBuildBitCast(builder, new, vector_ty, name_for(plan.alloca, ".w.cast").as_ptr())
                };
                whole_vector.store(builder, value)?;
                LLVMInstructionEraseFromParent(access.inst);
            } else {
                let same = ir::type_of(access.inst) == vector_ty;
                let name = if same { CString::default() } else { name_for(plan.alloca, ".v") };
                let loaded = whole_vector.load(builder, &name)?;
                let value = if same {
                    loaded
                } else {
                    LLVMBuildBitCast(builder, loaded, ir::type_of(access.inst), c"".as_ptr())
                };
                region_ir::replace_and_erase(access.inst, value);
            }
            continue;
        }
        let loaded = whole_vector.load(builder, &name_for(plan.alloca, ".v"))?;
        let view_ty =
            if elem == plan.base { vector_ty } else { LLVMVectorType(elem, (plan.bytes / elem_bytes as u64) as u32) };
        let view = if view_ty == vector_ty {
            loaded
        } else {
            LLVMBuildBitCast(builder, loaded, view_ty, name_for(plan.alloca, ".v.cast").as_ptr())
        };
        if access.store {
            let new = LLVMGetOperand(access.inst, 0);
            let written = region_ir::build_wrregion(builder, view, new, &region, index, None, "")?;
            ir_set_name(written, plan.alloca, ".w");
            let back = if view_ty == vector_ty {
                written
            } else {
                LLVMBuildBitCast(builder, written, vector_ty, name_for(plan.alloca, ".w.cast").as_ptr())
            };
            whole_vector.store(builder, back)?;
            LLVMInstructionEraseFromParent(access.inst);
        } else {
            let read = region_ir::build_rdregion(builder, view, &region, index, scalar, "")?;
            region_ir::replace_and_erase(access.inst, read);
        }
    }
    for &marker in &plan.markers {
        LLVMInstructionEraseFromParent(marker);
    }
    // Pointer joins may use each other in cycles: cut every use first, then erase. Only instructions: a
    // global root and its constant expressions are the caller's.
    let erased = |node: &&Node| !LLVMIsAInstruction(node.value).is_null();
    for node in plan.nodes.iter().rev().filter(erased) {
        LLVMReplaceAllUsesWith(node.value, LLVMGetUndef(ir::type_of(node.value)));
    }
    for node in plan.nodes.iter().rev().filter(erased) {
        LLVMInstructionEraseFromParent(node.value);
    }
    Ok(())
}

fn ir_set_name(value: LLVMValueRef, like: LLVMValueRef, suffix: &str) {
    let name = name_for(like, suffix);
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe { LLVMSetValueName2(value, name.as_ptr(), name.as_bytes().len()) };
}
