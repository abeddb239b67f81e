//! `genx-simdcf-lower`: CM's SIMD control flow (`simdcf.any`-guarded branches) becomes the GenX IR model of
//! the hardware: `simdcf.goto` / `simdcf.join` with an explicit execution mask (EM) and one resume mask (RM) per
//! join point, and every vector store, region write and memory intrinsic under SIMD control flow predicated by EM.
//!
//! # Why
//! `SIMD_IF_BEGIN(c)`, `SIMD_ELSEIF(c)`, `SIMD_ELSE`, `SIMD_DO_WHILE_END(c)`, `SIMD_BREAK` and `SIMD_CONTINUE`
//! (cm_simdcf.h) make each channel of a thread follow its own path. The header writes them as ordinary C++
//! control flow on `details::__cm_genx_simdcf_any<bool>(c)`; genx-cm-lower makes that `br i1
//! @llvm.genx.simdcf.any(<W x i1> c)`. In that form the IR says "if any channel wants the block, every channel
//! runs it", which is not the meaning: a channel whose condition is false must not see the block's effects.
//! This pass makes the meaning explicit (docs/genx-ir.md §1.5, §2.4 "CMSimdCFLowering"; vc-intrinsics'
//! GenXSimdCFLowering.cpp describes the same algorithm for clang's memory-form IR).
//!
//! # Meaning, and the per-lane reference
//! A SIMD branch `br (simdcf.any(c)), T, F` of width W sends channel `l` to `T` when `c[l]`, else to `F`; each
//! channel then runs the program as if alone, with vector statements of width W acting on its own lane and
//! scalar statements executing once per thread whenever any channel is enabled (as in cmc). The pass parameter
//! `genx-simdcf-lower<reference>` (simdcf_lower/reference.rs) writes that meaning down as an executable program
//! (the function runs once per lane with `simdcf.any(c)` read as `c[l]`), which `cmc validate` compares with the
//! lowered program: that is how the lowering is translation-validated.
//!
//! # Input
//! GenX IR after genx-cm-lower. The front end runs `sroa,early-cse` first, so locals are SSA values; clang's
//! memory form (locals in allocas, as vc-intrinsics expects) is handled too. SIMD branches as above (the condition may also be `xor any, true`, `zext`+`icmp ne/eq 0` or `trunc` of the `any`;
//! these are normalised first), `simdcf.predicate(v, default)` around reductions.
//!
//! # Algorithm (per function; the phases of GenXSimdCFLowering, plus phases 0 and 4 for the front end's SSA input)
//! 0. **Constant branches** (`br i1 false` left by the header library's `if (SAT)`) are folded and the blocks
//!    they cut off deleted, so that they are not mistaken for control flow under a SIMD mask.
//! 1. **SIMD branches**: conditional branches on `simdcf.any(<W x i1>)`. W must be a power of two in 2..=32.
//!    An `any` that does not decide a branch is an error.
//! 2. **Predicated blocks**: the blocks control dependent on a SIMD branch (post-dominance: for an edge m→n,
//!    every block on the post-dominator-tree path from n up to, not including, the nearest common
//!    post-dominator of m and n; for a loop's back edge the path includes m itself). A block controlled by
//!    SIMD branches of different widths, or a SIMD branch of width W inside SIMD control flow of another width,
//!    is an error ("mixing widths").
//! 3. **Branches inside SIMD control flow become SIMD branches**: a predicated block must end in `br`
//!    (a `ret`/`switch`/`unreachable` inside SIMD control flow is an error); its branch gets the width, and a
//!    scalar condition is splat to W lanes (so `SIMD_BREAK`, `SIMD_CONTINUE` and scalar `if`s inside SIMD
//!    blocks move only the enabled channels).
//! 4. **SSA to memory around SIMD control flow**: every phi in a predicated block or in a successor of a SIMD
//!    branch, and every value defined in a predicated block and used in another block, is demoted to a stack
//!    slot (zero-initialised at entry, stored where the value is defined or at the end of the phi's incoming
//!    block, reloaded at the uses; a use reached through unconditional branches into single-predecessor blocks
//!    runs under the same mask and needs no slot). Phase 8 then predicates those stores like any vector store,
//!    which merges the new value with the old one under EM: the SSA form of "a disabled channel keeps its
//!    value". A scalar phi's entries that only pass along the value from before the region are stored once,
//!    at the end of the phi's immediate dominator, so that the unpredicated store of a leg that does not
//!    assign the scalar cannot undo another leg's assignment (cmc's memory form keeps the assignment).
//!    A later `sroa` (LOWER_PIPELINE) turns the slots back into SSA values.
//! 5. **Branch shape** (the IR model of GenX SIMD control flow): a conditional SIMD branch with a backward leg
//!    goes forward to a new `.backward` block that branches back (and a `.loopend` block splits the critical
//!    exit edge); an unconditional backward SIMD branch becomes scalar; the false leg is made the layout
//!    fallthrough (inverting the condition, or through a new `.fallthrough` block).
//! 6. **Join points**: the true leg (UIP) of every SIMD branch gets a block of its own, `<name>.join`, placed
//!    before it; every edge into the old block goes through it.
//! 7. **JIPs**: for each goto and join, the next point in layout order where a channel could be re-enabled
//!    (GenXSimdCFLowering's rules: joins that end their group of blocks need none; unconditional SIMD branches
//!    whose UIP is their JIP become scalar again, repeated to a fixpoint).
//! 8. **Predication** (in predicated blocks): a store of a W-element vector becomes `load`, `select(EM, new,
//!    old)`, `store`; when the stored value is a chain of `bitcast`s and `wrregion`s in the same block, the
//!    last wrregion writing W elements is predicated instead (its mask and-ed with EM), which also covers
//!    stores of wider vectors; a GenX or `llvm.masked.*` intrinsic that accesses memory gets its `<W x i1>`
//!    predicate operand and-ed with EM; `simdcf.predicate(v, d)` becomes `select(EM, v, d)`. Scalar stores and
//!    scalar code stay unpredicated. A vector store of another width, a memory intrinsic without a predicate
//!    operand that writes memory, and a call of a real function are errors.
//! 9. **Control flow**: EM is one `<32 x i1>` slot per function, all ones at entry (EM of width W is its first
//!    W lanes); each join point has a `<W x i1>` RM slot, zero at entry. A SIMD branch to UIP becomes
//!    `{EM, RM, b} = simdcf.goto(EM, RM(UIP), C)` with `C` the channels that stay (not taking the UIP), and
//!    `br b, JIP, fallthrough`; a join point gets `{EM, b} = simdcf.join(EM, RM)`, `RM = 0`, and `br b, JIP,
//!    next` when it has a JIP.
//!
//! Outside SIMD control flow, `simdcf.predicate(v, d)` is `v` (every channel enabled).
//!
//! # Invariants
//! Out: no `simdcf.any` or `simdcf.predicate`; every SIMD branch is a goto whose false leg is its layout
//! successor, every join point a block of its own; EM and RM live in entry-block allocas (vc-intrinsics uses
//! one EM global, which IGC's CMABI turns into such a local; the front end inlines every function, so the local
//! is what reaches the back end). Functions without SIMD branches only lose their `simdcf.predicate`s.
//! Errors are located (function, block, instruction, `file:line:col` with `!dbg`); a function with an error is
//! not lowered further, every function is checked, and the pass fails.
//!
//! # Not handled
//! A scalar whose legs assign *different* values from before the region (phi entries that pass along two
//! older values): the leg executed last wins, where cmc's memory form would keep the assignment. Calls
//! inside SIMD control flow (subroutines with a call mask: the front end inlines everything);
//! `cm_unmask_begin/end` (`unmask.begin/end` are left as they are); `raw_send` with a scalar predicate (an
//! error: a write without a predicate operand; a `genx.vstore` is predicated like a store);
//! stores of `gather4`-style results that replicate the mask per channel; infinite loops around SIMD control
//! flow (a block that never reaches the exit has no post-dominator: an error).
//!
//! # Tests
//! `tests/lit/simdcf-lower/` (FileCheck, and `cmc validate` against the `<reference>` program, before and after
//! `sroa`), `passes/exec/tests/simdcf_lower_fuzz.rs` (generated nests of SIMD_IF/ELSE/DO_WHILE/BREAK/CONTINUE,
//! through the middle end too), `frontend/tests/exec_simdcf.rs` (CM kernels against per-channel Rust), and
//! `tests/lit/cm/simdcf-*.cpp` (CM source, errors, and IGC's Gen ISA goto/join).

mod cfg;
mod predicate;
mod reference;

use std::collections::{HashMap, HashSet};

use inkwell::module::Module;

use crate::diag::PassCx;
use crate::ir::{self, c_name, opcode};
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};
use crate::region_ir;

use cfg::{successors, Cfg, Dom, Grouping, PostDom};
use crate::ir_write;

/// The execution mask's width: the hardware's 32 channels.
pub const EM_WIDTH: u32 = 32;

mod stat {
    pub const BRANCHES: (&std::ffi::CStr, &std::ffi::CStr) = (c"gotos", c"SIMD branches lowered to simdcf.goto");
    pub const JOINS: (&std::ffi::CStr, &std::ffi::CStr) = (c"joins", c"join points lowered to simdcf.join");
    pub const PREDICATED: (&std::ffi::CStr, &std::ffi::CStr) =
        (c"predicated", c"stores, region writes and memory intrinsics predicated by the execution mask");
    pub const DEMOTED: (&std::ffi::CStr, &std::ffi::CStr) =
        (c"demoted", c"SSA values carried through a stack slot across SIMD control flow");
}

/// Pass body: `genx-simdcf-lower` lowers; `genx-simdcf-lower<reference>` writes the per-lane reference meaning.
pub fn run(module: &Module<'_>, cx: &mut PassCx) -> bool {
    let module = module.as_mut_ptr();
    match cx.params.trim() {
        "" => lower_module(module, cx),
        "reference" => reference::run(module, cx),
        other => {
            cx.error(format!("genx-simdcf-lower takes no parameter, or <reference>; not <{other}>"));
            false
        }
    }
}

fn lower_module(module: LLVMModuleRef, cx: &mut PassCx) -> bool {
    let mut changed = false;
    let functions: Vec<_> = ir::functions(module).filter(|&f| !ir::is_declaration(f)).collect();
    for function in functions {
        changed |= Lowering::new(function).run(cx);
    }
    if cx.diagnostics.error_count() > 0 {
        return changed;
    }
    // What is left of simdcf.predicate is outside SIMD control flow, where every channel is enabled.
    for function in ir::functions(module).filter(|&f| !ir::is_declaration(f)).collect::<Vec<_>>() {
        for inst in ir::blocks(function).flat_map(ir::instructions).collect::<Vec<_>>() {
            if intrinsic(inst) == Some("llvm.genx.simdcf.predicate") {
                region_ir::replace_and_erase(inst, ir::call_arg(inst, 0));
                changed = true;
            }
        }
    }
    changed
}

/// The GenX intrinsic a call calls (its base name), if any.
fn intrinsic(inst: LLVMValueRef) -> Option<&'static str> {
    region_ir::genx_base_name(inst)
}

fn is_phi(inst: LLVMValueRef) -> bool {
    ir::is_phi(inst)
}

fn terminator(block: LLVMBasicBlockRef) -> LLVMValueRef {
    ir::terminator(block)
}

fn block_name(block: LLVMBasicBlockRef) -> String {
    ir::value_name(ir::block_value(block))
}

/// Lanes of a vector type (0 for anything else).
fn vector_lanes(ty: LLVMTypeRef) -> u32 {
    if ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
        ir::vector_size(ty)
    } else {
        0
    }
}

fn is_bool_vector(ty: LLVMTypeRef) -> bool {
    vector_lanes(ty) > 0
        && ir::type_kind(ir::element_of(ty)) == LLVMTypeKind::LLVMIntegerTypeKind
        && ir::int_width(ir::element_of(ty)) == 1
}

/// `simdcf.any` behind a branch condition, looking through the forms clang and the lowering leave around a
/// `bool`: `xor %a, true`, `icmp ne|eq (zext %a), 0`, `trunc (zext %a)`. Returns the call and whether the
/// condition is the negation of the `any`.
fn simd_condition(cond: LLVMValueRef) -> Option<(LLVMValueRef, bool)> {
    if intrinsic(cond) == Some("llvm.genx.simdcf.any") {
        return Some((cond, false));
    }
    let op = opcode(cond)?;
    match op {
        LLVMOpcode::LLVMXor => {
            let (a, b) = (ir::operand(cond, 0), ir::operand(cond, 1));
            if ir::const_int(b).is_some_and(|v| v & 1 == 1) {
                return simd_condition(a).map(|(any, neg)| (any, !neg));
            }
            None
        }
        LLVMOpcode::LLVMICmp => {
            let (a, b) = (ir::operand(cond, 0), ir::operand(cond, 1));
            if ir::const_int(b) != Some(0) || opcode(a) != Some(LLVMOpcode::LLVMZExt) {
                return None;
            }
            let negate = match ir::icmp_predicate(cond) {
                crate::llvm_sys::LLVMIntPredicate::LLVMIntNE => false,
                crate::llvm_sys::LLVMIntPredicate::LLVMIntEQ => true,
                _ => return None,
            };
            simd_condition(ir::operand(a, 0)).map(|(any, neg)| (any, neg ^ negate))
        }
        LLVMOpcode::LLVMTrunc | LLVMOpcode::LLVMZExt => simd_condition(ir::operand(cond, 0)),
        _ => None,
    }
}

/// The state of one function's lowering.
struct Lowering {
    function: LLVMValueRef,
    module: LLVMModuleRef,
    context: LLVMContextRef,
    /// SIMD branches: block → width.
    simd: HashMap<LLVMBasicBlockRef, u32>,
    /// SIMD branches whose channels taking the true leg are those where the vector condition is false.
    inverted: HashSet<LLVMBasicBlockRef>,
    /// Blocks under SIMD control flow → width.
    predicated: HashMap<LLVMBasicBlockRef, u32>,
    /// Join blocks → width.
    joins: HashMap<LLVMBasicBlockRef, u32>,
    /// JIP of each goto and join (joins ending their group have none).
    jips: HashMap<LLVMBasicBlockRef, LLVMBasicBlockRef>,
    /// The EM slot (an alloca at the start of the entry block); the other slots go before it.
    em: Option<LLVMValueRef>,
    rm: HashMap<LLVMBasicBlockRef, LLVMValueRef>,
    /// Stores made by demotion → the instruction whose value they carry (where a width error is reported).
    origin: HashMap<LLVMValueRef, LLVMValueRef>,
    counts: [u64; 4],
}

impl Lowering {
    fn new(function: LLVMValueRef) -> Lowering {
        let module = ir::module_of(function);
        Lowering {
            function,
            module,
            context: ir::module_context(module),
            simd: HashMap::new(),
            inverted: HashSet::new(),
            predicated: HashMap::new(),
            joins: HashMap::new(),
            jips: HashMap::new(),
            em: None,
            rm: HashMap::new(),
            origin: HashMap::new(),
            counts: [0; 4],
        }
    }

    fn layout(&self) -> Vec<LLVMBasicBlockRef> {
        ir::blocks(self.function).collect()
    }

    /// Runs the phases; returns whether the function changed. Stops at the first phase that reports an error.
    fn run(mut self, cx: &mut PassCx) -> bool {
        let errors = cx.diagnostics.error_count();
        let failed = |cx: &PassCx| cx.diagnostics.error_count() > errors;
        let has_any = ir::blocks(self.function)
            .flat_map(ir::instructions)
            .any(|i| intrinsic(i) == Some("llvm.genx.simdcf.any"));
        if has_any {
            self.fold_constant_branches();
        }
        if !self.find_simd_branches(cx) {
            return false;
        }
        if failed(cx) {
            return true;
        }
        // EM first: its alloca is where every later slot goes (before it), so that anchor is never erased.
        self.em_slot();
        self.find_predicated_blocks(cx);
        if failed(cx) {
            return true;
        }
        self.mark_predicated_branches(cx);
        if failed(cx) {
            return true;
        }
        self.demote(cx);
        if failed(cx) {
            return true;
        }
        self.fix_branches();
        self.split_join_points();
        self.find_jips(cx);
        if failed(cx) {
            return true;
        }
        self.predicate(cx);
        if failed(cx) {
            return true;
        }
        self.lower_control_flow(cx);
        cx.count(stat::BRANCHES.0, stat::BRANCHES.1, self.counts[0]);
        cx.count(stat::JOINS.0, stat::JOINS.1, self.counts[1]);
        cx.count(stat::PREDICATED.0, stat::PREDICATED.1, self.counts[2]);
        cx.count(stat::DEMOTED.0, stat::DEMOTED.1, self.counts[3]);
        true
    }

    // ---- phase 0 ------------------------------------------------------------------------------------------

    /// Folds `br i1 true|false` (the header library's `if (SAT)` and the like, which nothing has folded yet) with
    /// `constant_branches::fold_constant_branches`, so that constant control flow inside SIMD blocks is not
    /// mistaken for SIMD control flow.
    fn fold_constant_branches(&mut self) {
        crate::constant_branches::fold_constant_branches(self.function);
    }

    // ---- phase 1 ------------------------------------------------------------------------------------------

    /// Finds the SIMD branches, normalising their condition to the `any` call itself. Returns whether any exist.
    fn find_simd_branches(&mut self, cx: &mut PassCx) -> bool {
        let mut deciding = HashSet::new();
        for block in self.layout() {
            let br = terminator(block);
            if br.is_null() || opcode(br) != Some(LLVMOpcode::LLVMBr) || !ir::is_conditional(br) {
                continue;
            }
            // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
            let cond = unsafe { LLVMGetCondition(br) };
            let Some((any, negated)) = simd_condition(cond) else { continue };
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            unsafe {
                if cond != any {
                    LLVMSetCondition(br, any);
                    if negated {
                        let (t, f) = (ir::successor(br, 0), ir::successor(br, 1));
                        ir_write::set_successor(br, 0, f);
                        ir_write::set_successor(br, 1, t);
                    }
                    erase_dead_chain(cond);
                }
            }
            deciding.insert(any);
            let width = vector_lanes(ir::type_of(ir::call_arg(any, 0)));
            if !(2..=EM_WIDTH).contains(&width) || !width.is_power_of_two() {
                cx.error_at(
                    any,
                    format!("illegal SIMD control flow width {width}: a SIMD condition has 2, 4, 8, 16 or 32 lanes"),
                );
            }
            self.simd.insert(block, width);
        }
        for inst in ir::blocks(self.function).flat_map(ir::instructions) {
            if intrinsic(inst) == Some("llvm.genx.simdcf.any") && !deciding.contains(&inst) {
                cx.error_at(
                    inst,
                    "llvm.genx.simdcf.any must be the condition of a branch (SIMD_IF_BEGIN, SIMD_ELSEIF or \
                     SIMD_DO_WHILE_END)"
                        .to_string(),
                );
            }
        }
        !self.simd.is_empty() || cx.diagnostics.error_count() > 0
    }

    // ---- phase 2 ------------------------------------------------------------------------------------------

    fn find_predicated_blocks(&mut self, cx: &mut PassCx) {
        let cfg = Cfg::new(self.function);
        let pdt = PostDom::new(&cfg);
        for (m, &block) in cfg.blocks.iter().enumerate() {
            let Some(&width) = self.simd.get(&block) else { continue };
            let br = terminator(block);
            if !pdt.reaches_exit(m) {
                cx.error_at(br, "SIMD control flow inside a loop that never exits is not supported".to_string());
                continue;
            }
            for &n in &cfg.succs[m] {
                if !pdt.reaches_exit(n) {
                    cx.error_at(br, "SIMD control flow into a loop that never exits is not supported".to_string());
                    continue;
                }
                let mut l = pdt.nearest_common(m, n);
                if l == m {
                    // A loop's back edge: the branch block itself is controlled by the branch.
                    if let Some(p) = pdt.ipdom(m) {
                        l = p;
                    }
                }
                let mut node = n;
                while node != l && !pdt.is_exit(node) {
                    let b = cfg.blocks[node];
                    match self.predicated.get(&b) {
                        Some(&other) if other != width => {
                            cx.error_at(
                                br,
                                format!(
                                    "mixing SIMD control flow widths: block '{}' is controlled by SIMD{other} and \
                                     SIMD{width} branches",
                                    ir::block_label(self.function, b)
                                ),
                            );
                            return;
                        }
                        _ => {
                            self.predicated.insert(b, width);
                        }
                    }
                    match pdt.ipdom(node) {
                        Some(p) => node = p,
                        None => break,
                    }
                }
            }
        }
    }

    // ---- phase 3 ------------------------------------------------------------------------------------------

    fn mark_predicated_branches(&mut self, cx: &mut PassCx) {
        for block in self.layout() {
            let Some(&width) = self.predicated.get(&block) else { continue };
            let term = terminator(block);
            if term.is_null() || opcode(term) != Some(LLVMOpcode::LLVMBr) {
                let at = if term.is_null() { ir::last_instruction(block) } else { term };
                if !at.is_null() {
                    cx.error_at(at, "return, switch or unreachable inside SIMD control flow".to_string());
                }
                continue;
            }
            match self.simd.get(&block) {
                Some(&own) if own != width => {
                    cx.error_at(
                        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
                        unsafe { LLVMGetCondition(term) },
                        format!("mixing SIMD control flow widths: a SIMD{own} branch inside SIMD{width} control flow"),
                    );
                }
                _ => {
                    self.simd.insert(block, width);
                }
            }
        }
    }

    // ---- phase 4 ------------------------------------------------------------------------------------------

    /// A zero-initialised stack slot for values of `ty`, at the start of the entry block.
    fn new_slot(&mut self, ty: LLVMTypeRef, name: &str) -> LLVMValueRef {
        // SAFETY: live handles of the function being lowered; the builder is created and disposed in this block; the
        // calls only add IR.
        unsafe {
            let anchor = self.em_slot();
            let builder = LLVMCreateBuilderInContext(self.context);
            LLVMPositionBuilderBefore(builder, anchor);
            let slot = LLVMBuildAlloca(builder, ty, c_name(name).as_ptr());
            LLVMBuildStore(builder, ir_write::zero(ty), slot);
            LLVMDisposeBuilder(builder);
            slot
        }
    }

    fn demote(&mut self, cx: &mut PassCx) {
        let cfg = Cfg::new(self.function);
        let dom = Dom::new(&cfg);
        let in_simd = |s: &Self, b: LLVMBasicBlockRef| s.simd.contains_key(&b) || s.predicated.contains_key(&b);
        for (i, &block) in cfg.blocks.iter().enumerate() {
            let needs = self.predicated.contains_key(&block) || cfg.preds[i].iter().any(|&p| in_simd(self, cfg.blocks[p]));
            if !needs {
                continue;
            }
            let phis: Vec<_> = ir::instructions(block).take_while(|&i| is_phi(i)).collect();
            let Some(anchor) = ir::instructions(block).find(|&i| !is_phi(i)) else { continue };
            for phi in phis {
                self.demote_phi(phi, anchor, &cfg, &dom, cx);
            }
        }
        for &block in &cfg.blocks {
            if !self.predicated.contains_key(&block) {
                continue;
            }
            for inst in ir::instructions(block).collect::<Vec<_>>() {
                if inst == terminator(block) || !ir::has_uses(inst) {
                    continue;
                }
                if ir::users(inst).iter().any(|&u| is_phi(u) || !straight_line(block, ir::parent_block(u))) {
                    self.demote_value(inst, cx);
                }
            }
        }
    }

    fn check_demotable(&self, value: LLVMValueRef, cx: &mut PassCx) -> bool {
        let kind = ir::type_kind(ir::type_of(value));
        use LLVMTypeKind::*;
        if matches!(
            kind,
            LLVMIntegerTypeKind | LLVMHalfTypeKind | LLVMFloatTypeKind | LLVMDoubleTypeKind | LLVMBFloatTypeKind
                | LLVMVectorTypeKind | LLVMPointerTypeKind
        ) {
            return true;
        }
        cx.error_at(
            value,
            format!(
                "a value of type {} cannot cross SIMD control flow (only scalars, vectors and pointers can)",
                ir::type_to_string(ir::type_of(value))
            ),
        );
        false
    }

    /// Replaces a phi by a slot: a store at the end of each incoming block, a load where the phi was.
    ///
    /// A scalar's stores are not predicated, so for a scalar phi the entries that only pass along the value
    /// from before the region (defined where the phi's immediate dominator is) are not stored in their legs:
    /// that value is stored once at the end of the immediate dominator instead. Otherwise a leg that leaves the
    /// scalar alone would overwrite what another leg assigned; as in cmc, the assignment stands.
    fn demote_phi(&mut self, phi: LLVMValueRef, anchor: LLVMValueRef, cfg: &Cfg, dom: &Dom, cx: &mut PassCx) {
        if !self.check_demotable(phi, cx) {
            return;
        }
        let name = ir::value_name(phi);
        let ty = ir::type_of(phi);
        let slot = self.new_slot(ty, &format!("{name}.slot"));
        let mut done = HashSet::new();
        let head = cfg.index.get(&ir::parent_block(phi)).and_then(|&j| dom.idom(j));
        let passes_along = |value: LLVMValueRef| -> bool {
            let Some(head) = head else { return false };
            if !ir::is_instruction(value) {
                return true; // a constant or an argument
            }
            cfg.index.get(&ir::parent_block(value)).is_some_and(|&b| dom.dominates(b, head))
        };
        let mut along: Option<LLVMValueRef> = None;
        let mut uniform = vector_lanes(ty) == 0;
        // SAFETY: queries on a live phi and its incoming values, indices below its incoming count; the calls that
        // build only add IR.
        unsafe {
            for i in 0..ir::incoming_count(phi) {
                let value = ir::incoming_value(phi, i);
                if passes_along(value) {
                    uniform &= along.is_none_or(|a| a == value);
                    along = Some(value);
                }
            }
            let along = along.filter(|_| uniform);
            if let (Some(value), Some(head)) = (along, head) {
                let store =
                    region_ir::with_builder_before(terminator(cfg.blocks[head]), |b| LLVMBuildStore(b, value, slot));
                if ir::is_instruction(value) {
                    self.origin.insert(store, value);
                }
            }
            for i in 0..ir::incoming_count(phi) {
                let (value, from) = (ir::incoming_value(phi, i), ir::incoming_block(phi, i));
                if !done.insert(from) || along == Some(value) {
                    continue;
                }
                let store = region_ir::with_builder_before(terminator(from), |b| LLVMBuildStore(b, value, slot));
                if ir::is_instruction(value) {
                    self.origin.insert(store, value);
                }
            }
            let load = region_ir::with_builder_before(anchor, |b| LLVMBuildLoad2(b, ty, slot, c_name("").as_ptr()));
            for store in self.origin.iter_mut().filter(|(_, o)| **o == phi) {
                *store.1 = load;
            }
            region_ir::replace_and_erase(phi, load);
        }
        self.counts[3] += 1;
    }

    /// Carries a value defined under SIMD control flow to its uses in other blocks through a slot.
    fn demote_value(&mut self, inst: LLVMValueRef, cx: &mut PassCx) {
        if !self.check_demotable(inst, cx) {
            return;
        }
        let name = ir::value_name(inst);
        let ty = ir::type_of(inst);
        let block = ir::parent_block(inst);
        let slot = self.new_slot(ty, &format!("{name}.slot"));
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let next = ir::next_instruction(inst);
            let store = region_ir::with_builder_before(next, |b| LLVMBuildStore(b, inst, slot));
            self.origin.insert(store, inst);
            let reload = c_name(&format!("{name}.reload"));
            for user in ir::distinct_users(inst) {
                if user == store {
                    continue;
                }
                if is_phi(user) {
                    for i in 0..ir::incoming_count(user) {
                        if ir::incoming_value(user, i) == inst {
                            let from = ir::incoming_block(user, i);
                            let load = region_ir::with_builder_before(terminator(from), |b| {
                                LLVMBuildLoad2(b, ty, slot, reload.as_ptr())
                            });
                            ir_write::set_operand(user, i, load);
                        }
                    }
                    continue;
                }
                if straight_line(block, ir::parent_block(user)) {
                    continue;
                }
                let load = region_ir::with_builder_before(user, |b| LLVMBuildLoad2(b, ty, slot, reload.as_ptr()));
                for i in 0..ir::operand_count(user) {
                    if ir::operand(user, i) == inst {
                        ir_write::set_operand(user, i, load);
                    }
                }
            }
        }
        self.counts[3] += 1;
    }

    // ---- phase 5 ------------------------------------------------------------------------------------------

    /// A new block holding `br target`, placed before `before` (at the end of the function when `None`).
    fn branch_block(&self, name: &str, before: Option<LLVMBasicBlockRef>, target: LLVMBasicBlockRef) -> LLVMBasicBlockRef {
        // SAFETY: live handles; `name` is NUL-terminated; the calls add a block and a branch.
        unsafe {
            let name = c_name(name);
            let block = match before {
                Some(b) => LLVMInsertBasicBlockInContext(self.context, b, name.as_ptr()),
                None => LLVMAppendBasicBlockInContext(self.context, self.function, name.as_ptr()),
            };
            let builder = LLVMCreateBuilderInContext(self.context);
            LLVMPositionBuilderAtEnd(builder, block);
            let br = LLVMBuildBr(builder, target);
            LLVMDisposeBuilder(builder);
            if let Some(at) = self.debug_source(target) {
                set_debug_loc(br, debug_loc(at));
            }
            block
        }
    }

    /// Some instruction of `block` with a debug location, to give new branches one.
    fn debug_source(&self, block: LLVMBasicBlockRef) -> Option<LLVMValueRef> {
        ir::instructions(block).find(|&i| !debug_loc(i).is_null())
    }

    fn fix_branches(&mut self) {
        let mut seen = HashSet::new();
        let mut block = ir::first_block(self.function);
        while !block.is_null() {
            seen.insert(block);
            if self.simd.contains_key(&block) {
                self.fix_branch(block, &seen);
            }
            block = ir::next_block(block);
        }
    }

    fn fix_branch(&mut self, block: LLVMBasicBlockRef, seen: &HashSet<LLVMBasicBlockRef>) {
        let br = terminator(block);
        let name = block_name(block);
        let conditional = ir::is_conditional(br);
        let mut backward = false;
        for i in 0..ir::successor_count(br) {
            let succ = ir::successor(br, i);
            if !seen.contains(&succ) {
                continue;
            }
            if !conditional {
                // A backward unconditional branch stays scalar: the loop's own SIMD branch decides.
                self.simd.remove(&block);
                return;
            }
            backward = true;
            let next = ir::next_block(block);
            let new = self.branch_block(&format!("{name}.backward"), (!next.is_null()).then_some(next), succ);
            ir_write::set_successor(br, i, new);
        }
        if backward {
            for i in 0..ir::successor_count(br) {
                let succ = ir::successor(br, i);
                if seen.contains(&succ) || self.unique_predecessor(succ) {
                    continue;
                }
                let new = self.branch_block(&format!("{name}.loopend"), Some(succ), succ);
                ir_write::set_successor(br, i, new);
            }
        }
        if !conditional {
            return;
        }
        let next = ir::next_block(block);
        if ir::successor(br, 1) == next {
            return;
        }
        if ir::successor(br, 0) == next {
            let (t, f) = (ir::successor(br, 0), ir::successor(br, 1));
            ir_write::set_successor(br, 0, f);
            ir_write::set_successor(br, 1, t);
            if !self.inverted.remove(&block) {
                self.inverted.insert(block);
            }
        } else {
            let target = ir::successor(br, 1);
            let new =
                self.branch_block(&format!("{name}.fallthrough"), (!next.is_null()).then_some(next), target);
            ir_write::set_successor(br, 1, new);
        }
    }

    /// Whether every edge into `block` comes from one block.
    fn unique_predecessor(&self, block: LLVMBasicBlockRef) -> bool {
        let preds: HashSet<_> =
            ir::blocks(self.function).filter(|&b| successors(b).contains(&block)).collect();
        preds.len() == 1
    }

    // ---- phase 6 ------------------------------------------------------------------------------------------

    fn split_join_points(&mut self) {
        let branches: Vec<_> = self.layout().into_iter().filter(|b| self.simd.contains_key(b)).collect();
        for block in branches {
            let width = self.simd[&block];
            let uip = ir::successor(terminator(block), 0);
            if self.joins.contains_key(&uip) {
                continue;
            }
            let join = self.branch_block(&format!("{}.join", block_name(uip)), Some(uip), uip);
            for b in self.layout() {
                if b == join {
                    continue;
                }
                let term = terminator(b);
                if term.is_null() {
                    continue;
                }
                for i in 0..ir::successor_count(term) {
                    if ir::successor(term, i) == uip {
                        ir_write::set_successor(term, i, join);
                    }
                }
            }
            if let Some(&w) = self.predicated.get(&uip) {
                self.predicated.insert(join, w);
            }
            self.joins.insert(join, width);
        }
    }

    // ---- phase 7 ------------------------------------------------------------------------------------------

    fn find_jips(&mut self, cx: &mut PassCx) {
        let cfg = Cfg::new(self.function);
        let n = cfg.blocks.len();
        // Blocks joined by a non-fallthrough edge are in one group; `n` stands for "past the last block".
        let mut groups = Grouping::new(n + 1);
        for b in 0..n {
            for &s in &cfg.succs[b] {
                if s != b + 1 {
                    groups.join(b + 1, s);
                }
            }
        }
        loop {
            self.jips.clear();
            let branches: Vec<usize> = (0..n).filter(|&b| self.simd.contains_key(&cfg.blocks[b])).collect();
            for &b in &branches {
                match self.jip(&cfg, b, false) {
                    Some(j) => {
                        self.jips.insert(cfg.blocks[b], cfg.blocks[j]);
                    }
                    None => {
                        cx.error_at(terminator(cfg.blocks[b]), "no join point follows this SIMD branch".to_string());
                        return;
                    }
                }
            }
            let mut seen_groups = HashSet::new();
            for b in (0..n).rev() {
                if !self.joins.contains_key(&cfg.blocks[b]) {
                    continue;
                }
                if !seen_groups.insert(groups.group(b)) {
                    match self.jip(&cfg, b, true) {
                        Some(j) => {
                            self.jips.insert(cfg.blocks[b], cfg.blocks[j]);
                        }
                        None => {
                            cx.error_at(terminator(cfg.blocks[b]), "no join point follows this join".to_string());
                            return;
                        }
                    }
                }
            }
            // Unconditional SIMD branches whose UIP is their JIP move every channel together: scalar again.
            let mut unsimd = Vec::new();
            let mut uips = HashSet::new();
            for &b in &branches {
                let block = cfg.blocks[b];
                let br = terminator(block);
                let uip = ir::successor(br, 0);
                let conditional = ir::is_conditional(br);
                if !conditional && self.jips.get(&block).is_none_or(|&j| j == uip) {
                    unsimd.push(block);
                } else {
                    uips.insert(uip);
                }
            }
            if unsimd.is_empty() {
                break;
            }
            for block in unsimd {
                self.simd.remove(&block);
            }
            self.joins.retain(|j, _| uips.contains(j));
        }
    }

    /// GenXSimdCFLowering's determineJIP: scanning forward from `b`, the UIP (for a goto), or the first join
    /// point after a block reached from before `b` or a branch back to `b` or before.
    fn jip(&self, cfg: &Cfg, b: usize, is_join: bool) -> Option<usize> {
        let uip = if is_join {
            None
        } else {
            cfg.index.get(&ir::successor(terminator(cfg.blocks[b]), 0)).copied()
        };
        let mut need_next_join = false;
        for j in b + 1..cfg.blocks.len() {
            if Some(j) == uip {
                return Some(j);
            }
            if cfg.preds[j].iter().any(|&p| p < b) {
                need_next_join = true;
            }
            if need_next_join && self.joins.contains_key(&cfg.blocks[j]) {
                return Some(j);
            }
            if cfg.succs[j].iter().any(|&s| s <= b) {
                need_next_join = true;
            }
        }
        None
    }

    // ---- the execution mask ------------------------------------------------------------------------------

    fn em_slot(&mut self) -> LLVMValueRef {
        if let Some(em) = self.em {
            return em;
        }
        // SAFETY: live handles of the function being lowered; the builder is created and disposed in this block; the
        // calls only add IR.
        unsafe {
            let ty = ir_write::vector_type(ir_write::int_type(self.context, 1), EM_WIDTH);
            let entry = ir::entry_block(self.function);
            let builder = LLVMCreateBuilderInContext(self.context);
            LLVMPositionBuilderBefore(builder, ir::first_instruction(entry));
            let slot = LLVMBuildAlloca(builder, ty, c"EM".as_ptr());
            LLVMBuildStore(builder, ir_write::all_ones(ty), slot);
            LLVMDisposeBuilder(builder);
            self.em = Some(slot);
            slot
        }
    }

    // ---- phase 9 ------------------------------------------------------------------------------------------

    fn rm_slot(&mut self, join: LLVMBasicBlockRef, width: u32) -> LLVMValueRef {
        if let Some(&slot) = self.rm.get(&join) {
            return slot;
        }
        let ty = ir_write::vector_type(ir_write::int_type(self.context, 1), width);
        let slot = self.new_slot(ty, &format!("RM.{}", block_name(join)));
        self.rm.insert(join, slot);
        slot
    }

    fn lower_control_flow(&mut self, cx: &mut PassCx) {
        self.em_slot();
        let layout = self.layout();
        for &block in &layout {
            if self.simd.contains_key(&block) {
                self.lower_goto(block, cx);
            }
        }
        for &block in &layout {
            if self.joins.contains_key(&block) {
                self.lower_join(block, cx);
            }
        }
    }

    fn lower_goto(&mut self, block: LLVMBasicBlockRef, cx: &mut PassCx) {
        let width = self.simd[&block];
        let mut br = terminator(block);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let uip = ir::successor(br, 0);
            let Some(&jip) = self.jips.get(&block) else { return };
            let bool_ty = ir_write::int_type(self.context, 1);
            let vec_ty = ir_write::vector_type(bool_ty, width);
            let (taken, any) = if !ir::is_conditional(br) {
                // A SIMD_BREAK / SIMD_CONTINUE / jump under SIMD control flow: every enabled channel leaves.
                let next = ir::next_block(block);
                let new = region_ir::with_builder_before(br, |b| LLVMBuildCondBr(b, ir_write::const_int(bool_ty, 1, false), uip, next));
                set_debug_loc(new, debug_loc(br));
                ir_write::erase(br);
                br = new;
                (ir_write::all_ones(vec_ty), None)
            } else {
                let cond = LLVMGetCondition(br);
                if intrinsic(cond) == Some("llvm.genx.simdcf.any") {
                    (ir::call_arg(cond, 0), Some(cond))
                } else {
                    // A scalar condition under SIMD control flow moves every enabled channel the same way.
                    let splat = region_ir::with_builder_before(br, |b| {
                        let one = LLVMBuildInsertElement(
                            b,
                            ir_write::undef(ir_write::vector_type(bool_ty, 1)),
                            cond,
                            ir_write::const_int(ir_write::int_type(self.context, 32), 0, false),
                            c"splat".as_ptr(),
                        );
                        LLVMBuildShuffleVector(
                            b,
                            one,
                            ir_write::undef(ir_write::vector_type(bool_ty, 1)),
                            ir_write::zero(ir_write::vector_type(ir_write::int_type(self.context, 32), width)),
                            c"splat".as_ptr(),
                        )
                    });
                    (splat, None)
                }
            };
            if vector_lanes(ir::type_of(taken)) != width {
                self.width_error(br, "a branch condition", vector_lanes(ir::type_of(taken)), width, cx);
                return;
            }
            let rm = self.rm_slot(uip, width);
            let em_slot = self.em_slot();
            let em_ty = ir_write::vector_type(bool_ty, EM_WIDTH);
            let inverted = self.inverted.contains(&block);
            let goto_fn = region_ir::declare_intrinsic(
                self.module,
                "llvm.genx.simdcf.goto",
                LLVMStructTypeInContext(self.context, [em_ty, vec_ty, bool_ty].as_mut_ptr(), 3, 0),
                &[em_ty, vec_ty, vec_ty],
            );
            let goto_fn = match goto_fn {
                Ok(f) => f,
                Err(why) => {
                    cx.error_at(br, why);
                    return;
                }
            };
            let dl = debug_loc(br);
            region_ir::with_builder_before(br, |b| {
                if !dl.is_null() {
                    LLVMSetCurrentDebugLocation2(b, LLVMValueAsMetadata(dl));
                }
                // C: the channels that stay (fall through); the others are parked in the UIP's RM.
                let stay = if inverted {
                    taken
                } else {
                    LLVMBuildXor(b, taken, ir_write::all_ones(vec_ty), c"stay".as_ptr())
                };
                let em = LLVMBuildLoad2(b, em_ty, em_slot, c"em".as_ptr());
                let old_rm = LLVMBuildLoad2(b, vec_ty, rm, c"rm".as_ptr());
                let mut args = [em, old_rm, stay];
                let goto = region_ir::build_call(b, goto_fn, &mut args, "goto");
                let new_em = LLVMBuildExtractValue(b, goto, 0, c"goto.em".as_ptr());
                LLVMBuildStore(b, new_em, em_slot);
                let new_rm = LLVMBuildExtractValue(b, goto, 1, c"goto.rm".as_ptr());
                LLVMBuildStore(b, new_rm, rm);
                let branch = LLVMBuildExtractValue(b, goto, 2, c"goto.branch".as_ptr());
                LLVMSetCondition(br, branch);
            });
            ir_write::set_successor(br, 0, jip);
            if let Some(any) = any {
                if !ir::has_uses(any) {
                    ir_write::erase(any);
                }
            }
        }
        self.counts[0] += 1;
    }

    fn lower_join(&mut self, join: LLVMBasicBlockRef, cx: &mut PassCx) {
        let width = self.joins[&join];
        let rm = self.rm_slot(join, width);
        let em_slot = self.em_slot();
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let bool_ty = ir_write::int_type(self.context, 1);
            let (em_ty, vec_ty) = (ir_write::vector_type(bool_ty, EM_WIDTH), ir_write::vector_type(bool_ty, width));
            let join_fn = match region_ir::declare_intrinsic(
                self.module,
                "llvm.genx.simdcf.join",
                LLVMStructTypeInContext(self.context, [em_ty, bool_ty].as_mut_ptr(), 2, 0),
                &[em_ty, vec_ty],
            ) {
                Ok(f) => f,
                Err(why) => {
                    cx.error_at(terminator(join), why);
                    return;
                }
            };
            let br = terminator(join);
            let dl = debug_loc(br);
            let branch = region_ir::with_builder_before(br, |b| {
                if !dl.is_null() {
                    LLVMSetCurrentDebugLocation2(b, LLVMValueAsMetadata(dl));
                }
                let em = LLVMBuildLoad2(b, em_ty, em_slot, c"em".as_ptr());
                let old_rm = LLVMBuildLoad2(b, vec_ty, rm, c"rm".as_ptr());
                let mut args = [em, old_rm];
                let call = region_ir::build_call(b, join_fn, &mut args, "join");
                let new_em = LLVMBuildExtractValue(b, call, 0, c"join.em".as_ptr());
                LLVMBuildStore(b, new_em, em_slot);
                let branch = LLVMBuildExtractValue(b, call, 1, c"join.branch".as_ptr());
                LLVMBuildStore(b, ir_write::zero(vec_ty), rm);
                branch
            });
            if let Some(&jip) = self.jips.get(&join) {
                let next = ir::successor(br, 0);
                let new = region_ir::with_builder_before(br, |b| LLVMBuildCondBr(b, branch, jip, next));
                set_debug_loc(new, dl);
                ir_write::erase(br);
            } else if !ir::has_uses(branch) {
                ir_write::erase(branch);
            }
        }
        self.counts[1] += 1;
    }
}

/// Whether `to` is `from` or reached from it only through unconditional branches into blocks with one
/// predecessor: such blocks run under the same execution mask, so a value needs no slot between them.
fn straight_line(from: LLVMBasicBlockRef, to: LLVMBasicBlockRef) -> bool {
    let function = ir::block_parent(from);
    let mut block = to;
    for _ in 0..64 {
        if block == from {
            return true;
        }
        let preds: Vec<_> = ir::blocks(function).filter(|&b| successors(b).contains(&block)).collect();
        let [pred] = preds[..] else { return false };
        let br = terminator(pred);
        if ir::successor_count(br) != 1 {
            return false;
        }
        block = pred;
    }
    false
}

/// Erases `value` and the instructions feeding it that become unused (the `zext`/`icmp`/`xor` around an `any`
/// condition once the branch uses the `any` itself), stopping at the `any`.
fn erase_dead_chain(value: LLVMValueRef) {
    let mut work = vec![value];
    while let Some(v) = work.pop() {
        if intrinsic(v) == Some("llvm.genx.simdcf.any") || ir::has_uses(v) {
            continue;
        }
        let Some(op) = opcode(v) else { continue };
        if !matches!(op, LLVMOpcode::LLVMXor | LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMTrunc) {
            continue;
        }
        let operands: Vec<_> = (0..ir::operand_count(v)).map(|i| ir::operand(v, i)).collect();
        ir_write::erase(v);
        work.extend(operands.into_iter().filter(|&o| opcode(o).is_some()));
    }
}

/// An instruction's `!dbg` location as a metadata value (null when it has none).
fn debug_loc(inst: LLVMValueRef) -> LLVMValueRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetMetadata(inst, 0) } // LLVMContext::MD_dbg
}

fn set_debug_loc(inst: LLVMValueRef, location: LLVMValueRef) {
    if !location.is_null() {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe { LLVMSetMetadata(inst, 0, location) };
    }
}
