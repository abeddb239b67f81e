//! `genx-vector-decompose`: cut a web of vectors joined by `wrregion`/`phi`/`bitcast`/`select` into
//! GRF-granular parts that no region access crosses, and give each part its own values.
//!
//! # Why
//! A CM kernel keeps a big vector live across a loop and updates it piecewise:
//!
//! ```text
//! vector<int, 64> acc = 0;
//! for (...) { acc.select<32, 1>(0) += a; acc.select<32, 1>(32) += b; }
//! ```
//!
//! The IR is one `<64 x i32>` value per update — a web of `wrregion`s (each writing into the previous value,
//! its `Old` operand), `phi`s at the loop head and `bitcast`s — read by `rdregion`s. The register allocator
//! sees one 256-byte (8-GRF) variable that must be live as a whole everywhere, and every `wrregion` is a
//! two-address update of all of it. When no access crosses a GRF boundary, the halves are really two
//! independent variables: split, each is live only where it is used, an update of a whole part needs no copy
//! (the write *is* the new part), and the coalescer has small values to work with. This is IGC's
//! GenXVectorDecomposer (run by GenXPostLegalization, docs/genx-ir.md §2.4).
//!
//! # Algorithm
//! 1. **Webs**: union-find over the function's values. A `wrregion` joins its result with its `Old` operand;
//!    a vector `phi` its result with every incoming value; a `select` with a scalar condition its result with
//!    both arms; a `bitcast` between vectors of region element types its result with its operand. Constants
//!    are never joined (each use splits its own copy). Members that are one of these instructions are
//!    *joins*; the others (arguments, loads, arithmetic, calls, `rdregion`s, ...) are *sources*. A web is a
//!    candidate when it holds a `wrregion` or a `phi` join, its vectors are bigger than one GRF, and a part
//!    of it is read (an `rdregion` of a join) or it goes through a `phi` — a web only ever used whole would
//!    be reassembled right after being cut.
//! 2. **Cut**: start with a boundary at every multiple of the platform's GRF size (32 bytes up to Xe-HPG, 64 on
//!    Xe-HPC; [`crate::platform`], from the function's `"target-cpu"`) inside the vector. Every `wrregion`
//!    join and every `rdregion` reading a join (all direct) removes the boundaries strictly inside the byte
//!    span it touches (spans are in bytes, so bitcasts between element sizes do not matter). The remaining
//!    boundaries define the parts: the finest GRF-granular cut that no access crosses. Two 32-element
//!    halves of a `<64 x i32>` give two 4-GRF parts; 8-element accesses give eight 1-GRF parts.
//! 3. **Rewrite**, joins in reverse post-order (so operands are done first): part phis are made first and
//!    filled last; a source's parts are `rdregion`s right after its definition (constants are split at
//!    compile time); a `wrregion` keeps every part of `Old` but the one it writes, which becomes a
//!    `wrregion` of that part with the offset rebased — or simply `New` when it writes the whole part,
//!    unmasked; a `bitcast` or `select` applies part by part. Then `rdregion`s of a join read their part
//!    (rebased), or *are* the part when they read all of it. A join with non-region uses (`ret`, a call,
//!    arithmetic, the `New` operand of a `wrregion`, ...) is reassembled by `wrregion`s of its parts into
//!    `undef`, once per block that has such uses, before the first of them (so a vector accumulated in a
//!    loop and returned after it is reassembled once, after the loop). The joins are erased; sources stay
//!    (their own uses are untouched); part values nothing reads (a source's part that a write replaced, a
//!    part phi feeding only itself) are removed.
//! 4. **Again**: a rewritten read may be the source of another web, and the rewrite makes new joins, so webs
//!    are found again after each decomposition; a web is analysed once, when it has a join not seen before
//!    (the values a decomposition makes count as seen).
//!
//! # Invariants
//! In: region calls as the front end and GenX passes make them. Out: no value of a decomposed web remains;
//! every access of a part lies inside it; values are unchanged (checked by translation validation in the
//! lit tests). A web is either decomposed completely or left unchanged with a missed remark
//! (`-pass-remarks-missed=genx-vector-decompose`) naming the instruction and the reason. Statistics:
//! `webs-decomposed`, `parts-created`, `reassemblies`.
//!
//! # Refused (missed remark)
//! * an indirect `wrregion` join, or an indirect `rdregion` of a join (the part it touches is only known at
//!   run time);
//! * accesses that together cross every GRF boundary (no cut is left);
//! * non-decomposable users: a region call whose vstride/width/stride are not constants, a
//!   `wrconstregion` into the web (constant loading keeps its form), a region outside its vector (undefined
//!   behaviour), a join in unreachable code, a constant expression or terminator as a source.
//!
//! # Not handled
//! * `rdregion`s of *sources* are left reading the source (they do not keep a join alive); IGC decomposes
//!   them too.
//! * Webs whose joins are only used whole (a vector built by `wrregion`s then passed on whole) are not
//!   candidates: cutting and reassembling would only add moves. IGC refuses any non-region use instead;
//!   here such uses are reassembled (once per block), which keeps webs with a few whole uses decomposable.
//!   There is no cost model weighing the reassemblies against what the cut saves.
//! * Predicate (`i1`) vectors, which use `rdpredregion`/`wrpredregion` and are split by legalization.

use std::collections::{HashMap, HashSet};
use std::ffi::CString;

use genx_region::Region;
use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir::distinct_users as users;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::platform;
use crate::region_ir::{self, Index, RdRegion, WrRegion};
use crate::ir_write;

/// Pass body: decomposes every candidate web of `function`.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let function = function.as_value_ref();
    let grf = match platform::of_function(function) {
        Ok(platform) => platform.grf_bytes,
        Err(unknown) => {
            cx.error(format!("function '{}': {unknown}", ir::value_name(function)));
            return false;
        }
    };
    let mut cfg = Cfg::new(function);
    let mut changed = false;
    // Decomposing a web replaces reads of its joins, which may be sources of other webs, and makes new joins
    // (part writes, phis, reassemblies): webs are recomputed after each decomposition, and a web is looked at
    // once, when it has a join not seen before (the values a decomposition makes count as seen).
    let mut seen: HashSet<LLVMValueRef> = HashSet::new();
    loop {
        let next = find_webs(function)
            .into_iter()
            .find(|web| web.members.iter().any(|&m| joined_operands(m).is_some() && !seen.contains(&m)));
        let Some(web) = next else { break };
        seen.extend(web.members.iter().copied().filter(|&m| joined_operands(m).is_some()));
        let plan = match analyze(&web, &cfg, grf) {
            Ok(Some(plan)) => plan,
            Ok(None) => continue,
            Err(refusal) => {
                cx.remark(
                    RemarkKind::Missed,
                    c"NotDecomposed",
                    refusal.at,
                    &format!("web of {} not decomposed: {}", describe_web(&web), refusal.why),
                );
                continue;
            }
        };
        let anchor = plan.joins[0].value;
        let cuts: Vec<String> = plan.parts.iter().map(|p| format!("{}..{}", p.start, p.end)).collect();
        cx.remark(
            RemarkKind::Passed,
            c"Decomposed",
            anchor,
            &format!(
                "web of {} cut into {} parts of its {} bytes: {}",
                describe_web(&web),
                plan.parts.len(),
                plan.bytes,
                cuts.join(", ")
            ),
        );
        let parts = plan.parts.len() as u64;
        match decompose(&plan, function) {
            Ok((reassemblies, created)) => {
                seen.extend(created);
                cfg.number(function);
                cx.count(c"webs-decomposed", c"vector webs decomposed into parts", 1);
                cx.count(c"parts-created", c"parts the decomposed webs were cut into", parts);
                cx.count(c"reassemblies", c"whole vectors reassembled from parts for non-region uses", reassemblies);
            }
            Err(message) => {
                // Only reachable if a region intrinsic cannot be declared for types the analysis accepted.
                cx.error_at(anchor, format!("decomposition failed half way: {message}"));
                return true;
            }
        }
        changed = true;
    }
    changed
}

fn describe_web(web: &Web) -> String {
    let joins = web.members.iter().filter(|&&m| joined_operands(m).is_some()).count();
    let first = web.members.iter().copied().find(|&m| joined_operands(m).is_some()).unwrap_or(web.members[0]);
    let name = ir::value_name(first);
    let name = if name.is_empty() { "(unnamed)".to_string() } else { format!("%{name}") };
    format!("{name} ({joins} joins, {} values)", web.members.len())
}

// ---- phase 1: webs -----------------------------------------------------------------------------------------

/// The members of one web, in program order (arguments first).
struct Web {
    members: Vec<LLVMValueRef>,
}

/// A vector type a web may hold: a vector of 1/2/4/8-byte integers or floats.
fn is_web_type(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
        && ir::type_kind(ir::element_of(ty)) != LLVMTypeKind::LLVMPointerTypeKind
        && region_ir::element_bytes(ir::element_of(ty)).is_some()
}

/// The operands a join instruction joins with its result, or `None` when `inst` is not a join.
fn joined_operands(inst: LLVMValueRef) -> Option<Vec<u32>> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if !ir::is_instruction(inst) || !is_web_type(ir::type_of(inst)) {
            return None;
        }
        if region_ir::is_wrregion(inst) {
            return Some(vec![region_ir::wr::OLD]);
        }
        match LLVMGetInstructionOpcode(inst) {
            LLVMOpcode::LLVMPHI => Some((0..ir::incoming_count(inst)).collect()),
            LLVMOpcode::LLVMSelect
                if ir::type_kind(ir::type_of(ir::operand(inst, 0))) != LLVMTypeKind::LLVMVectorTypeKind =>
            {
                Some(vec![1, 2])
            }
            LLVMOpcode::LLVMBitCast if is_web_type(ir::type_of(ir::operand(inst, 0))) => Some(vec![0]),
            _ => None,
        }
    }
}

fn is_node(value: LLVMValueRef) -> bool {
    ir::is_instruction(value) || ir::is_argument(value)
}

fn find_webs(function: LLVMValueRef) -> Vec<Web> {
    let mut order: Vec<LLVMValueRef> = Vec::new();
    {
        for i in 0..ir::param_count(function) {
            order.push(ir::param(function, i));
        }
    }
    order.extend(ir::blocks(function).flat_map(ir::instructions));
    let position: HashMap<LLVMValueRef, usize> = order.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let mut parent: Vec<usize> = (0..order.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let mut in_web = vec![false; order.len()];
    for (i, &inst) in order.iter().enumerate() {
        let Some(operands) = joined_operands(inst) else { continue };
        in_web[i] = true;
        for index in operands {
            let operand = ir::operand(inst, index);
            if !is_node(operand) {
                continue;
            }
            let Some(&j) = position.get(&operand) else { continue };
            in_web[j] = true;
            let (a, b) = (root(&mut parent, i), root(&mut parent, j));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut classes: HashMap<usize, usize> = HashMap::new();
    let mut webs: Vec<Web> = Vec::new();
    for i in 0..order.len() {
        if !in_web[i] {
            continue;
        }
        let r = root(&mut parent, i);
        let slot = *classes.entry(r).or_insert_with(|| {
            webs.push(Web { members: Vec::new() });
            webs.len() - 1
        });
        webs[slot].members.push(order[i]);
    }
    webs
}

// ---- phase 2: analysis -------------------------------------------------------------------------------------

/// Blocks in reverse post-order from the entry (unreachable blocks are absent), and every instruction's
/// position in that order.
struct Cfg {
    rpo: HashMap<LLVMBasicBlockRef, usize>,
    positions: HashMap<LLVMValueRef, (usize, usize)>,
}

impl Cfg {
    fn new(function: LLVMValueRef) -> Cfg {
        let post = ir::depth_first_orders(function).1;
        let n = post.len();
        let mut cfg =
            Cfg { rpo: post.into_iter().enumerate().map(|(i, b)| (b, n - 1 - i)).collect(), positions: HashMap::new() };
        cfg.number(function);
        cfg
    }

    /// (Re)numbers the instructions (after a rewrite added some).
    fn number(&mut self, function: LLVMValueRef) {
        self.positions.clear();
        for block in ir::blocks(function) {
            let rank = self.rpo.get(&block).copied().unwrap_or(usize::MAX);
            for (index, inst) in ir::instructions(block).enumerate() {
                self.positions.insert(inst, (rank, index));
            }
        }
    }

    /// `(reverse post-order of the block, index in the block)`: a dominance-compatible order of instructions
    /// (unreachable blocks last).
    fn position(&self, inst: LLVMValueRef) -> (usize, usize) {
        self.positions.get(&inst).copied().unwrap_or((usize::MAX, usize::MAX))
    }

    fn reachable(&self, inst: LLVMValueRef) -> bool {
        self.rpo.contains_key(&ir::parent_block(inst))
    }
}

/// Why a web is left alone, located at the instruction that decided it.
struct Refusal {
    at: LLVMValueRef,
    why: String,
}

fn refuse<T>(at: LLVMValueRef, why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal { at, why: why.into() })
}

/// One part: bytes `start..end` of every vector of the web.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Part {
    start: u32,
    end: u32,
}

/// A join of the web and what rewriting it needs.
struct Join {
    value: LLVMValueRef,
    /// Non-region uses `(user, operand index)` that need the whole vector.
    whole_uses: Vec<(LLVMValueRef, u32)>,
}

struct Plan {
    bytes: u32,
    parts: Vec<Part>,
    /// Joins in reverse post-order (operands before users, phis aside).
    joins: Vec<Join>,
    /// `rdregion`s reading a join.
    reads: Vec<LLVMValueRef>,
}

/// Bytes `lo..hi` a direct region touches in a vector of `len` elements.
fn byte_span(region: &Region, len: u32) -> Result<(u32, u32), String> {
    region.validate(len).map_err(|e| format!("its region is outside the vector or malformed: {e}"))?;
    let elements = region.elements(&[]).map_err(|e| e.to_string())?;
    let lo = elements.iter().copied().min().unwrap_or(0);
    let hi = elements.iter().copied().max().unwrap_or(0) + 1;
    let eb = region.elem_bytes as i64;
    Ok(((lo * eb) as u32, (hi * eb) as u32))
}

/// The GRF boundaries still uncut, and for each cut one the access that cut it.
struct Cuts {
    /// Bytes in one GRF.
    grf: u32,
    /// `boundaries[k]` is byte `(k + 1) * grf`; `Some(access)` once an access crosses it.
    boundaries: Vec<Option<(LLVMValueRef, u32, u32)>>,
}

impl Cuts {
    fn cross(&mut self, access: LLVMValueRef, (lo, hi): (u32, u32)) {
        for (k, slot) in self.boundaries.iter_mut().enumerate() {
            let byte = (k as u32 + 1) * self.grf;
            if lo < byte && byte < hi && slot.is_none() {
                *slot = Some((access, lo, hi));
            }
        }
    }
}

fn analyze(web: &Web, cfg: &Cfg, grf: u32) -> Result<Option<Plan>, Refusal> {
    let members: HashSet<LLVMValueRef> = web.members.iter().copied().collect();
    let joins: Vec<LLVMValueRef> = web.members.iter().copied().filter(|&m| joined_operands(m).is_some()).collect();
    let candidate = joins.iter().any(|&j| region_ir::is_wrregion(j) || ir::is_phi(j));
    let ty = ir::type_of(web.members[0]);
    let bytes = region_ir::lanes(ty).saturating_mul(region_ir::element_bytes(region_ir::element_type(ty)).unwrap_or(0));
    if bytes > i16::MAX as u32 {
        // Region offsets are i16: such a vector cannot be accessed by regions past byte 32767 anyway.
        return Ok(None);
    }
    if !candidate || bytes <= grf {
        return Ok(None);
    }
    let mut cuts = Cuts { grf, boundaries: vec![None; ((bytes - 1) / grf) as usize] };
    let mut plan_joins = Vec::new();
    let mut reads = Vec::new();
    for &join in &joins {
        if !cfg.reachable(join) {
            return refuse(join, "it has a join in unreachable code");
        }
        let len = region_ir::lanes(ir::type_of(join));
        if region_ir::is_wrregion(join) {
            let Some(wr) = WrRegion::read(join) else {
                return refuse(join, "a wrregion of the web has non-constant region parameters");
            };
            if wr.region.indirect.is_indirect() {
                return refuse(join, "a wrregion of the web is indirect: the part it writes is only known at run time");
            }
            let span =
                byte_span(&wr.region, len).or_else(|why| refuse(join, format!("a wrregion of the web: {why}")))?;
            cuts.cross(join, span);
        }
        for index in joined_operands(join).unwrap_or_default() {
            let operand = ir::operand(join, index);
            if is_node(operand) {
                if !!ir::is_terminator(operand) {
                    return refuse(join, "a value of the web is defined by a terminator");
                }
            } else if split_constant(operand, &[Part { start: 0, end: bytes }]).is_none() {
                return refuse(
                    join,
                    format!("a constant of the web cannot be split: {}", ir::value_to_string(operand)),
                );
            }
        }
        let mut whole_uses = Vec::new();
        for user in users(join) {
            for index in 0..ir::operand_count(user) {
                if ir::operand(user, index) != join {
                    continue;
                }
                if members.contains(&user) && joined_operands(user).is_some_and(|ops| ops.contains(&index)) {
                    continue;
                }
                if region_ir::is_rdregion(user) && index == region_ir::rd::INPUT {
                    let Some(rd) = RdRegion::read(user) else {
                        return refuse(user, "an rdregion of the web has non-constant region parameters");
                    };
                    if rd.region.indirect.is_indirect() {
                        return refuse(
                            user,
                            "an rdregion of the web is indirect: the part it reads is only known at run time",
                        );
                    }
                    let span = byte_span(&rd.region, len)
                        .or_else(|why| refuse(user, format!("an rdregion of the web: {why}")))?;
                    cuts.cross(user, span);
                    reads.push(user);
                    continue;
                }
                if index == region_ir::wr::OLD && region_ir::genx_base_name(user) == Some("llvm.genx.wrconstregion") {
                    return refuse(user, "a wrconstregion writes into the web (constant loading keeps its form)");
                }
                whole_uses.push((user, index));
            }
        }
        // Program order (blocks in reverse post-order), so reassemblies are made and numbered as they appear.
        whole_uses.sort_by_key(|&(user, _)| cfg.position(user));
        plan_joins.push(Join { value: join, whole_uses });
    }
    if cuts.boundaries.iter().all(Option::is_some) {
        let (access, lo, hi) = cuts.boundaries[0].unwrap_or((joins[0], 0, bytes));
        let crossed: Vec<String> =
            (lo / grf + 1..hi.div_ceil(grf)).map(|k| (k * grf).to_string()).collect();
        return refuse(
            access,
            format!(
                "accesses cross every GRF boundary, so no part is left; this one touches bytes {lo}..{hi}, across the \
                 boundar{} at byte{} {}",
                if crossed.len() == 1 { "y" } else { "ies" },
                if crossed.len() == 1 { "" } else { "s" },
                crossed.join(", ")
            ),
        );
    }
    let has_phi = joins.iter().any(|&j| ir::is_phi(j));
    if reads.is_empty() && !has_phi {
        // Only whole uses: the parts would be reassembled right away, adding moves for nothing.
        return Ok(None);
    }
    let mut parts = Vec::new();
    let mut start = 0;
    for (k, cut) in cuts.boundaries.iter().enumerate() {
        if cut.is_none() {
            let end = (k as u32 + 1) * grf;
            parts.push(Part { start, end });
            start = end;
        }
    }
    parts.push(Part { start, end: bytes });
    plan_joins.sort_by_key(|j| cfg.position(j.value));
    Ok(Some(Plan { bytes, parts, joins: plan_joins, reads }))
}

// ---- phase 3: rewrite --------------------------------------------------------------------------------------

/// The vector type of `part` of a value of type `ty`.
fn part_type(ty: LLVMTypeRef, part: Part) -> LLVMTypeRef {
    let elem = region_ir::element_type(ty);
    let eb = region_ir::element_bytes(elem).unwrap_or(1);
    ir_write::vector_type(elem, (part.end - part.start) / eb)
}

/// The region of a vector of type `ty` that is exactly `part`.
fn part_region(ty: LLVMTypeRef, part: Part) -> Region {
    let eb = region_ir::element_bytes(region_ir::element_type(ty)).unwrap_or(1);
    let n = (part.end - part.start) / eb;
    Region::new(eb, n, 0, n, 1, part.start as i32).canonical()
}

/// The parts of a constant vector, computed at compile time; `None` for constant expressions.
fn split_constant(constant: LLVMValueRef, parts: &[Part]) -> Option<Vec<LLVMValueRef>> {
    let ty = ir::type_of(constant);
    let eb = region_ir::element_bytes(region_ir::element_type(ty))?;
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        let element = |i: u32| ir::constant_element(constant, i);
        parts
            .iter()
            .map(|&part| {
                let part_ty = part_type(ty, part);
                if !LLVMIsAPoisonValue(constant).is_null() {
                    Some(LLVMGetPoison(part_ty))
                } else if LLVMIsUndef(constant) != 0 {
                    Some(ir_write::undef(part_ty))
                } else if !LLVMIsAConstantAggregateZero(constant).is_null() {
                    Some(ir_write::zero(part_ty))
                } else {
                    let mut elements =
                        (part.start / eb..part.end / eb).map(element).collect::<Option<Vec<LLVMValueRef>>>()?;
                    Some(LLVMConstVector(elements.as_mut_ptr(), elements.len() as u32))
                }
            })
            .collect()
    }
}

fn name_for(value: LLVMValueRef, suffix: &str) -> CString {
    CString::new(format!("{}{suffix}", ir::value_name(value))).unwrap_or_default()
}

struct Decomposer<'a> {
    plan: &'a Plan,
    /// The entry block's first instruction before the rewrite.
    entry_anchor: LLVMValueRef,
    builder: LLVMBuilderRef,
    /// The parts of every join and of every source or constant asked for so far.
    parts_of: HashMap<LLVMValueRef, Vec<LLVMValueRef>>,
    /// The reassembled whole vector of a join in a block, for its non-region uses there.
    whole_cache: HashMap<(LLVMValueRef, LLVMBasicBlockRef), LLVMValueRef>,
    joins: HashSet<LLVMValueRef>,
    /// Part values this rewrite made (rdregions of sources, part writes, selects, bitcasts, phis): the ones
    /// nothing reads in the end are removed.
    created: Vec<LLVMValueRef>,
    /// Everything else this rewrite made (reassemblies, rebased reads).
    made: Vec<LLVMValueRef>,
}

impl Decomposer<'_> {
    /// The parts of `value`: a join's (already made), or a source's (`rdregion`s right after its
    /// definition), or a constant's (split at compile time).
    fn parts(&mut self, value: LLVMValueRef) -> Result<Vec<LLVMValueRef>, String> {
        if let Some(parts) = self.parts_of.get(&value) {
            return Ok(parts.clone());
        }
        let parts = if !is_node(value) {
            split_constant(value, &self.plan.parts)
                .ok_or_else(|| "a constant of the web cannot be split".to_string())?
        } else {
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            unsafe {
                if !ir::is_instruction(value) {
                    // Arguments' parts go before the entry block's original first instruction, in creation order.
                    LLVMPositionBuilderBefore(self.builder, self.entry_anchor);
                } else {
                    LLVMPositionBuilderBefore(self.builder, ir::next_instruction(value));
                }
            }
            let ty = ir::type_of(value);
            let mut parts = Vec::with_capacity(self.plan.parts.len());
            for (k, &part) in self.plan.parts.iter().enumerate() {
                let name = format!("{}.part{k}", ir::value_name(value));
                let read = region_ir::build_rdregion(
                    self.builder,
                    value,
                    &part_region(ty, part),
                    Index::Direct,
                    false,
                    &name,
                )?;
                self.created.push(read);
                parts.push(read);
            }
            parts
        };
        self.parts_of.insert(value, parts.clone());
        Ok(parts)
    }

    /// The part holding bytes `lo..hi`.
    fn part_index(&self, (lo, hi): (u32, u32)) -> Option<usize> {
        self.plan.parts.iter().position(|p| p.start <= lo && hi <= p.end)
    }

    /// The parts of one join (not a phi), built before it.
    fn decompose_join(&mut self, join: LLVMValueRef) -> Result<Vec<LLVMValueRef>, String> {
        let ty = ir::type_of(join);
        if region_ir::is_wrregion(join) {
            let wr = WrRegion::read(join).ok_or("the wrregion can no longer be read")?;
            let mut parts = self.parts(wr.old)?;
            let span = byte_span(&wr.region, region_ir::lanes(ty))?;
            let j = self.part_index(span).ok_or("a wrregion crosses a part")?;
            let part = self.plan.parts[j];
            let mut region = wr.region;
            region.offset -= part.start as i32;
            let part_ty = part_type(ty, part);
            let new = if self.joins.contains(&wr.new) { self.whole_for(wr.new, join)? } else { wr.new };
            let part_len = region_ir::lanes(part_ty);
            parts[j] = if region.is_identity(part_len) && ir::type_of(new) == part_ty {
                new
            } else {
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMPositionBuilderBefore(self.builder, join) };
                let name = format!("{}.part{j}", ir::value_name(join));
                let write = region_ir::build_wrregion(
                    self.builder,
                    parts[j],
                    new,
                    &region,
                    Index::Direct,
                    Some(wr.mask),
                    &name,
                )?;
                self.created.push(write);
                write
            };
            return Ok(parts);
        }
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let opcode = LLVMGetInstructionOpcode(join);
            let operands: Vec<Vec<LLVMValueRef>> = match opcode {
                LLVMOpcode::LLVMSelect => {
                    vec![self.parts(ir::operand(join, 1))?, self.parts(ir::operand(join, 2))?]
                }
                _ => vec![self.parts(ir::operand(join, 0))?],
            };
            LLVMPositionBuilderBefore(self.builder, join);
            let mut parts = Vec::with_capacity(self.plan.parts.len());
            for (k, &part) in self.plan.parts.iter().enumerate() {
                let name = name_for(join, &format!(".part{k}"));
                let value = if opcode == LLVMOpcode::LLVMSelect {
                    LLVMBuildSelect(
                        self.builder,
                        ir::operand(join, 0),
                        operands[0][k],
                        operands[1][k],
                        name.as_ptr(),
                    )
                } else if ir::type_of(operands[0][k]) == part_type(ty, part) {
                    operands[0][k]
                } else {
                    LLVMBuildBitCast(self.builder, operands[0][k], part_type(ty, part), name.as_ptr())
                };
                if ir::is_instruction(value) && value != operands[0][k] {
                    self.created.push(value);
                }
                parts.push(value);
            }
            Ok(parts)
        }
    }

    /// The whole vector of `join` for its non-region use by `user`: `wrregion`s of its parts into `undef`,
    /// made once per block, before the first instruction of that block that uses the join whole.
    fn whole_for(&mut self, join: LLVMValueRef, user: LLVMValueRef) -> Result<LLVMValueRef, String> {
        let block = ir::parent_block(user);
        if let Some(&whole) = self.whole_cache.get(&(join, block)) {
            return Ok(whole);
        }
        let users: HashSet<LLVMValueRef> = self
            .plan
            .joins
            .iter()
            .find(|j| j.value == join)
            .map(|j| j.whole_uses.iter().map(|&(u, _)| u).collect())
            .unwrap_or_default();
        let at = ir::instructions(block).find(|i| users.contains(i)).unwrap_or(user);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe { LLVMPositionBuilderBefore(self.builder, at) };
        let ty = ir::type_of(join);
        let mut whole = ir_write::undef(ty);
        let parts = self.parts_of.get(&join).cloned().ok_or("a join has no parts")?;
        let last = parts.len().saturating_sub(1);
        for (k, (&part, &value)) in self.plan.parts.iter().zip(&parts).enumerate() {
            let suffix = if k == last { ".whole" } else { ".join" };
            let name = format!("{}{suffix}", ir::value_name(join));
            whole = region_ir::build_wrregion(
                self.builder,
                whole,
                value,
                &part_region(ty, part),
                Index::Direct,
                None,
                &name,
            )?;
            self.made.push(whole);
        }
        self.whole_cache.insert((join, block), whole);
        Ok(whole)
    }
}

/// Rewrites the web of `plan`; returns the number of reassemblies made, and every value made (some since
/// erased again: only for comparison, never to be dereferenced).
fn decompose(plan: &Plan, function: LLVMValueRef) -> Result<(u64, Vec<LLVMValueRef>), String> {
    // SAFETY: live handles of the function; the builder created here is disposed before the block ends;
    // `decompose_with` only builds with it.
    unsafe {
        let context = ir::module_context(ir::module_of(function));
        let builder = LLVMCreateBuilderInContext(context);
        let mut decomposer = Decomposer {
            plan,
            entry_anchor: ir::first_instruction(ir::entry_block(function)),
            builder,
            parts_of: HashMap::new(),
            whole_cache: HashMap::new(),
            joins: plan.joins.iter().map(|j| j.value).collect(),
            created: Vec::new(),
            made: Vec::new(),
        };
        let result = decompose_with(&mut decomposer);
        LLVMDisposeBuilder(builder);
        result
    }
}

unsafe fn decompose_with(d: &mut Decomposer<'_>) -> Result<(u64, Vec<LLVMValueRef>), String> {
    let plan = d.plan;
    // Part phis first: loops make phis their own operands.
    for join in &plan.joins {
        if LLVMIsAPHINode(join.value).is_null() {
            continue;
        }
        LLVMPositionBuilderBefore(d.builder, join.value);
        let ty = ir::type_of(join.value);
        let parts: Vec<LLVMValueRef> = plan
            .parts
            .iter()
            .enumerate()
            .map(|(k, &part)| {
                LLVMBuildPhi(d.builder, part_type(ty, part), name_for(join.value, &format!(".part{k}")).as_ptr())
            })
            .collect();
        d.created.extend(&parts);
        d.parts_of.insert(join.value, parts);
    }
    // Joins in reverse post-order: every operand's parts exist before its users need them.
    for join in &plan.joins {
        if LLVMIsAPHINode(join.value).is_null() {
            let parts = d.decompose_join(join.value)?;
            d.parts_of.insert(join.value, parts);
        }
    }
    for join in &plan.joins {
        if LLVMIsAPHINode(join.value).is_null() {
            continue;
        }
        let phis = d.parts_of.get(&join.value).cloned().unwrap_or_default();
        for i in 0..LLVMCountIncoming(join.value) {
            let mut block = LLVMGetIncomingBlock(join.value, i);
            let incoming = d.parts(LLVMGetIncomingValue(join.value, i))?;
            for (&phi, &value) in phis.iter().zip(&incoming) {
                let mut value = value;
                LLVMAddIncoming(phi, &mut value, &mut block, 1);
            }
        }
    }
    // Non-region uses take the reassembled vector (before the reads are rewritten: an rdregion may use a join
    // as its index vector).
    for join in &plan.joins {
        for &(user, index) in &join.whole_uses {
            if !d.joins.contains(&user) {
                let whole = d.whole_for(join.value, user)?;
                LLVMSetOperand(user, index, whole);
            }
        }
    }
    // Reads of a join read its part; a read of a whole part is the part. Replaced reads are followed, since a
    // part may itself be a replaced read (`New` of a whole-part write).
    let mut replaced: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
    let resolve = |replaced: &HashMap<LLVMValueRef, LLVMValueRef>, mut v: LLVMValueRef| {
        while let Some(&next) = replaced.get(&v) {
            v = next;
        }
        v
    };
    for &read in &plan.reads {
        let rd = RdRegion::read(read).ok_or("the rdregion can no longer be read")?;
        let ty = ir::type_of(rd.input);
        let span = byte_span(&rd.region, region_ir::lanes(ty))?;
        let j = d.part_index(span).ok_or("an rdregion crosses a part")?;
        let part = plan.parts[j];
        let source = resolve(&replaced, d.parts_of.get(&rd.input).ok_or("an rdregion reads outside the web")?[j]);
        let mut region = rd.region;
        region.offset -= part.start as i32;
        let result_ty = ir::type_of(read);
        let value = if region.is_identity(region_ir::lanes(part_type(ty, part))) && result_ty == ir::type_of(source) {
            source
        } else {
            LLVMPositionBuilderBefore(d.builder, read);
            let scalar = LLVMGetTypeKind(result_ty) != LLVMTypeKind::LLVMVectorTypeKind;
            let read = region_ir::build_rdregion(d.builder, source, &region, rd.index, scalar, "")?;
            d.made.push(read);
            read
        };
        replaced.insert(read, value);
        region_ir::replace_and_erase(read, value);
    }
    // The joins are dead now (their remaining uses are each other).
    for join in &plan.joins {
        LLVMReplaceAllUsesWith(join.value, LLVMGetUndef(ir::type_of(join.value)));
    }
    for join in &plan.joins {
        LLVMInstructionEraseFromParent(join.value);
    }
    remove_dead_parts(&d.created);
    let mut made = std::mem::take(&mut d.made);
    made.extend(&d.created);
    Ok((d.whole_cache.len() as u64, made))
}

/// Erases the part values nothing reads: a part of a source that a whole-part write replaced, a part phi
/// that only feeds itself around a loop, and what only they used.
unsafe fn remove_dead_parts(created: &[LLVMValueRef]) {
    let mut alive: Vec<bool> = vec![true; created.len()];
    loop {
        let mut changed = false;
        for (i, &value) in created.iter().enumerate().rev() {
            if !alive[i] {
                continue;
            }
            let dead_phi = !LLVMIsAPHINode(value).is_null() && users(value).iter().all(|&u| u == value);
            if dead_phi {
                LLVMReplaceAllUsesWith(value, LLVMGetUndef(ir::type_of(value)));
                LLVMInstructionEraseFromParent(value);
            } else if !region_ir::erase_if_dead(value) {
                continue;
            }
            alive[i] = false;
            changed = true;
        }
        if !changed {
            break;
        }
    }
}
