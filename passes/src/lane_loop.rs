//! `genx-lane-loop`: a counted loop that fills a vector's lanes one per iteration becomes one vector operation
//! and one vector store.
//!
//! # Why
//! CM code builds offset and coordinate vectors lane by lane: `for (int i = 0; i < 8; i++) u(i) = x * 8 + i;`.
//! Clang leaves a loop storing one scalar per iteration into the vector's memory; IGC unrolls it and computes
//! every lane with its own scalar instruction (eight `or (1)`s in the corpus' typed blend kernel), where a
//! hand-written kernel computes the vector once: `add (8) u, x*8, 0x76543210:v`. This pass writes that: the
//! lane expression evaluated on the vector of iteration numbers `<0, 1, ..., N-1>`, stored once.
//!
//! # What
//! A loop of the shape the front end leaves for a constant-trip `for`:
//! - header `H`: `%i = phi [0, %P], [%inc, %latch]`, `%c = icmp slt|ult|ne %i, N`, `br %c, %B, %X`, nothing else;
//! - body `B` (one block, entered only from `H`), ending in `br %H` or in `br %L` with `L` holding only the
//!   step and `br %H`; the step `%inc = add %i, 1` is used only by the phi;
//! - preheader `P` ending in `br %H`; `X` starts without phis; no value of the loop is used outside it;
//! - `1 ≤ N ≤` [`MAX_LANES`].
//!
//! The body may hold only: stores (simple, not volatile) of a scalar integer or float of whole bytes into an
//! `alloca` at a byte offset that is `a + k·size` on iteration `k` (`size` the stored type's size);
//! `getelementptr`/`bitcast` computing those addresses; lane-wise operations (integer and float arithmetic but
//! division and remainder, shifts, logic, casts between integers and floats, compares, selects); calls of
//! `readnone` GenX intrinsics without side effects whose arguments do not depend on `%i`; `llvm.dbg.*` calls.
//! Several stores are allowed when the bytes they write over the whole loop are disjoint.
//!
//! # Algorithm
//! 1. Match the loop; classify the body in order: an instruction none of whose operands depends on `%i` is
//!    *invariant* (it must be free of side effects and of undefined behaviour: no division); one that does is a
//!    *lane* value if its operation is lane-wise; addresses are evaluated, not rewritten.
//! 2. For each store and each iteration `k`, evaluate its address exactly (the integer operations with their
//!    bit widths and wrap-around, `getelementptr` offsets from the data layout with sign-extended indices) to
//!    `(alloca, offset_k)`; require `offset_k = offset_0 + k·size`, and disjoint byte ranges between stores to
//!    one alloca.
//! 3. Move the invariant instructions to the end of `P` (in order); build each stored value as a vector: `%i`
//!    is the constant `<0, ..., N-1>`, an invariant is splat (LLVM's splat idiom, or a constant vector), a lane
//!    operation is the same operation on vectors; store `<N x T>` at `offset_0` with the scalar store's
//!    alignment; branch from `P` to `X`; delete the loop.
//!
//! # Proof of exactness
//! The loop runs exactly the iterations `k = 0, ..., N-1` (`N ≥ 1`: `0 < N` holds first, and the step adds one
//! until `k = N`; `slt`, `ult` and `ne` agree on `0 ≤ k ≤ N`). The body reads no memory and has no other effect
//! than its stores, so the loop's effect is the set of its stores' bytes with, per byte, the last value written;
//! bytes written by different stores or iterations are distinct (step 2), so order does not matter. Lane `k` of
//! a vector operation is the scalar operation on lane `k` of its operands (LLVM's lane-wise semantics, poison
//! included), and by induction on the body's order lane `k` of each built vector is the scalar value of
//! iteration `k`. A `<N x T>` store of a byte-sized `T` writes lane `k` at `offset_0 + k·size`, the bytes of
//! iteration `k`'s scalar store. Invariants computed once in `P` have the value they had in each iteration
//! (their operands do not change, they have no effects), and running them once although the loop ran `N ≥ 1`
//! times changes nothing. `nsw`/`nuw`/fast-math flags are dropped, which only removes poison. The tests check it
//! by translation validation (`%validate`).
//!
//! # Invariants
//! The loop's control flow is removed only together with its whole effect; nothing outside the loop changes but
//! `P`'s branch and the instructions added at its end.
//!
//! # Not handled
//! Loops whose body reads memory, calls functions with effects, branches, or stores at a stride other than the
//! element size (a strided fill would need a region write: left to IGC); trip counts that are not constants;
//! induction variables that start elsewhere than 0 or step by other than 1; stores into memory other than an
//! `alloca` (it could alias); values of the loop used after it.

use std::collections::{HashMap, HashSet};

use inkwell::values::{AsValueRef, FunctionValue};

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::target::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use crate::region_ir;

/// The most lanes a filled vector may have (and its size at most [`MAX_BYTES`]): 32 lanes of 32 bits are four
/// GRFs, beyond which IGC splits the vector operation into as many instructions as the loop would have had.
pub const MAX_LANES: u64 = 32;
/// The most bytes one filled vector may have.
pub const MAX_BYTES: u64 = 128;

/// A matched loop.
struct Loop {
    preheader: LLVMBasicBlockRef,
    header: LLVMBasicBlockRef,
    body: LLVMBasicBlockRef,
    latch: Option<LLVMBasicBlockRef>,
    exit: LLVMBasicBlockRef,
    counter: LLVMValueRef,
    step: LLVMValueRef,
    trips: u64,
}

impl Loop {
    fn blocks(&self) -> Vec<LLVMBasicBlockRef> {
        [Some(self.header), Some(self.body), self.latch].into_iter().flatten().collect()
    }
}

/// The users of block `b` (the branches to it).
fn block_users(b: LLVMBasicBlockRef) -> Vec<LLVMValueRef> {
    ir::users(ir::block_value(b))
}

/// Whether `branch` is `br label %to`.
fn jumps_to(branch: LLVMValueRef, to: LLVMBasicBlockRef) -> bool {
    ir::opcode(branch) == Some(LLVMOpcode::LLVMBr)
        && !ir::is_conditional(branch)
        && ir::successor_count(branch) == 1
        && ir::successor(branch, 0) == to
}

/// Matches the loop headed by `header`, if it has the shape of the module note (the trip count is checked by
/// the caller so that a near miss can be reported).
fn match_loop(header: LLVMBasicBlockRef) -> Option<Result<Loop, &'static str>> {
    let phi = ir::first_instruction(header);
    if phi.is_null() || !ir::is_phi(phi) || ir::int_element_bits(ir::type_of(phi)).is_none() {
        return None;
    }
    if ir::type_kind(ir::type_of(phi)) != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let cmp = ir::next_instruction(phi);
    if cmp.is_null() || ir::opcode(cmp) != Some(LLVMOpcode::LLVMICmp) || ir::operand(cmp, 0) != phi {
        return None;
    }
    let branch = ir::next_instruction(cmp);
    if branch != ir::terminator(header) || !ir::is_conditional(branch) || ir::branch_condition(branch) != Some(cmp) {
        return None;
    }
    let trips = ir::const_int(ir::operand(cmp, 1))?;
    if !matches!(ir::icmp_predicate(cmp), LLVMIntPredicate::LLVMIntSLT | LLVMIntPredicate::LLVMIntULT | LLVMIntPredicate::LLVMIntNE) {
        return None;
    }
    // `successor(br, 0)` is the true edge.
    let (body, exit) = (ir::successor(branch, 0), ir::successor(branch, 1));
    if ir::incoming_count(phi) != 2 {
        return None;
    }
    let (mut preheader, mut step, mut latch) = (None, None, None);
    for n in 0..2 {
        let (value, from) = (ir::incoming_value(phi, n), ir::incoming_block(phi, n));
        if ir::const_int(value) == Some(0) {
            preheader = Some(from);
        } else {
            (step, latch) = (Some(value), Some(from));
        }
    }
    let (preheader, step, latch_block) = (preheader?, step?, latch?);
    let is_step = ir::opcode(step) == Some(LLVMOpcode::LLVMAdd)
        && ((ir::operand(step, 0) == phi && ir::const_int(ir::operand(step, 1)) == Some(1))
            || (ir::operand(step, 1) == phi && ir::const_int(ir::operand(step, 0)) == Some(1)));
    if !is_step {
        return None;
    }
    Some(shape(header, body, exit, preheader, latch_block, phi, cmp, step, trips))
}

/// The rest of [`match_loop`]'s checks, once the counter is recognised.
#[allow(clippy::too_many_arguments)]
fn shape(
    header: LLVMBasicBlockRef,
    body: LLVMBasicBlockRef,
    exit: LLVMBasicBlockRef,
    preheader: LLVMBasicBlockRef,
    latch_block: LLVMBasicBlockRef,
    phi: LLVMValueRef,
    cmp: LLVMValueRef,
    step: LLVMValueRef,
    trips: i64,
) -> Result<Loop, &'static str> {
    if !(1..=MAX_LANES as i64).contains(&trips) {
        return Err("the trip count is not between 1 and the most lanes a filled vector may have");
    }
    if body == header || body == exit || exit == header || preheader == header || preheader == exit {
        return Err("the loop's blocks are not a header and a body");
    }
    if block_users(body).len() != 1 || !jumps_to(ir::terminator(preheader), header) {
        return Err("the body is entered from elsewhere, or the preheader does not branch to the loop only");
    }
    let latch = if latch_block == body {
        None
    } else {
        let insts: Vec<_> = ir::instructions(latch_block).collect();
        let only_step = insts.len() == 2 && insts[0] == step && jumps_to(insts[1], header);
        if !only_step || !jumps_to(ir::terminator(body), latch_block) || block_users(latch_block).len() != 1 {
            return Err("the latch does more than step the counter");
        }
        Some(latch_block)
    };
    if latch.is_none() && !jumps_to(ir::terminator(body), header) {
        return Err("the body has more than one block");
    }
    if block_users(header).len() != 2 {
        return Err("the header is entered from elsewhere");
    }
    if ir::is_phi(ir::first_instruction(exit)) {
        return Err("the exit block has phis");
    }
    if ir::users(step) != [phi] || ir::users(cmp).len() != 1 {
        return Err("the counter's step or test is used elsewhere");
    }
    let found = Loop { preheader, header, body, latch, exit, counter: phi, step, trips: trips as u64 };
    let inside: HashSet<LLVMBasicBlockRef> = found.blocks().into_iter().collect();
    for b in found.blocks() {
        for inst in ir::instructions(b) {
            if ir::users(inst).iter().any(|&u| !inside.contains(&ir::parent_block(u))) {
                return Err("a value of the loop is used after it");
            }
        }
    }
    Ok(found)
}

/// Whether `opcode` computes each lane of a vector from the same lane of its operands, without undefined
/// behaviour a scalar run would not have.
fn lane_wise(opcode: LLVMOpcode) -> bool {
    use LLVMOpcode::*;
    matches!(
        opcode,
        LLVMAdd | LLVMSub | LLVMMul | LLVMShl | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMFAdd | LLVMFSub
            | LLVMFMul | LLVMFDiv | LLVMFNeg | LLVMZExt | LLVMSExt | LLVMTrunc | LLVMSIToFP | LLVMUIToFP | LLVMFPToSI
            | LLVMFPToUI | LLVMFPExt | LLVMFPTrunc | LLVMICmp | LLVMFCmp | LLVMSelect
    )
}

/// How a body instruction is treated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Does not depend on the counter: computed once before the loop.
    Invariant,
    /// Depends on the counter: computed on vectors.
    Lane,
    /// A pointer computed from the counter: evaluated per iteration.
    Address,
}

/// Whether `callee` is an `llvm.dbg.*` intrinsic.
fn is_debug_call(inst: LLVMValueRef) -> bool {
    ir::called_function(inst).is_some_and(|f| ir::with_name(f, |n| n.starts_with("llvm.dbg.")))
}

/// Whether `inst` can be computed once, before the loop, in place of every iteration: free of side effects
/// and of undefined behaviour.
fn hoistable(inst: LLVMValueRef) -> bool {
    use LLVMOpcode::*;
    match ir::opcode(inst) {
        Some(LLVMCall) => region_ir::genx_desc(inst).is_some_and(|d| d.attrs.readnone && !d.attrs.has_side_effects),
        Some(LLVMGetElementPtr | LLVMBitCast | LLVMExtractElement | LLVMInsertElement | LLVMShuffleVector) => true,
        Some(op) => lane_wise(op),
        None => false,
    }
}

/// The body's instructions classified, its stores, and the instructions to drop; or why the loop stays.
struct Body {
    class: HashMap<LLVMValueRef, Class>,
    order: Vec<LLVMValueRef>,
    stores: Vec<LLVMValueRef>,
}

fn classify(found: &Loop) -> Result<Body, &'static str> {
    let mut class = HashMap::from([(found.counter, Class::Lane)]);
    let (mut order, mut stores) = (Vec::new(), Vec::new());
    let depends = |class: &HashMap<LLVMValueRef, Class>, v: LLVMValueRef| class.get(&v).copied();
    for inst in ir::instructions(found.body) {
        if inst == ir::terminator(found.body) || inst == found.step || is_debug_call(inst) {
            continue;
        }
        let opcode = ir::opcode(inst).ok_or("an instruction the pass does not know")?;
        if opcode == LLVMOpcode::LLVMStore {
            if ir::is_volatile(inst) || ir::ordering(inst) != crate::llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic {
                return Err("a store is volatile or atomic");
            }
            stores.push(inst);
            continue;
        }
        let operands: Vec<Option<Class>> = (0..ir::data_operand_count(inst)).map(|n| depends(&class, ir::operand(inst, n))).collect();
        let pointer = matches!(opcode, LLVMOpcode::LLVMGetElementPtr | LLVMOpcode::LLVMBitCast)
            && ir::type_kind(ir::type_of(inst)) == LLVMTypeKind::LLVMPointerTypeKind;
        let kind = if operands.iter().all(|c| c.is_none() || *c == Some(Class::Invariant)) {
            if !hoistable(inst) {
                return Err("the body has an instruction with effects (a load, a call, a division)");
            }
            Class::Invariant
        } else if pointer {
            Class::Address
        } else if lane_wise(opcode)
            && operands.iter().all(|c| *c != Some(Class::Address))
            && ir::type_kind(ir::type_of(inst)) != LLVMTypeKind::LLVMVectorTypeKind
        {
            Class::Lane
        } else {
            return Err("a value depending on the counter is not computed lane by lane");
        };
        class.insert(inst, kind);
        order.push(inst);
    }
    if stores.is_empty() {
        return Err("the body stores nothing");
    }
    Ok(Body { class, order, stores })
}

/// Integer evaluation of the address arithmetic on iteration `k`: the value's low `width` bits.
fn eval_int(v: LLVMValueRef, counter: LLVMValueRef, k: u64) -> Option<(u64, u32)> {
    use LLVMOpcode::*;
    let ty = ir::type_of(v);
    if ir::type_kind(ty) != LLVMTypeKind::LLVMIntegerTypeKind {
        return None;
    }
    let width = ir::int_width(ty);
    if width > 64 {
        return None;
    }
    let mask = if width == 64 { u64::MAX } else { (1u64 << width) - 1 };
    if v == counter {
        return Some((k & mask, width));
    }
    if let Some(c) = ir::const_int(v) {
        return Some((c as u64 & mask, width));
    }
    let signed = |(x, w): (u64, u32)| -> i64 { ((x << (64 - w)) as i64) >> (64 - w) };
    let op = |n| eval_int(ir::operand(v, n), counter, k);
    let value = match ir::opcode(v)? {
        LLVMAdd => op(0)?.0.wrapping_add(op(1)?.0),
        LLVMSub => op(0)?.0.wrapping_sub(op(1)?.0),
        LLVMMul => op(0)?.0.wrapping_mul(op(1)?.0),
        LLVMAnd => op(0)?.0 & op(1)?.0,
        LLVMOr => op(0)?.0 | op(1)?.0,
        LLVMXor => op(0)?.0 ^ op(1)?.0,
        LLVMShl => {
            let amount = op(1)?.0;
            if amount >= width as u64 {
                return None;
            }
            op(0)?.0 << amount
        }
        LLVMZExt | LLVMTrunc => op(0)?.0,
        LLVMSExt => signed(op(0)?) as u64,
        _ => return None,
    };
    Some((value & mask, width))
}

/// The alloca and byte offset `pointer` points to on iteration `k`, or `None` when it cannot be told exactly.
fn address(pointer: LLVMValueRef, counter: LLVMValueRef, k: u64, layout: LLVMTargetDataRef) -> Option<(LLVMValueRef, i64)> {
    if ir::is_alloca(pointer) {
        return Some((pointer, 0));
    }
    match ir::opcode(pointer)? {
        LLVMOpcode::LLVMBitCast => address(ir::operand(pointer, 0), counter, k, layout),
        LLVMOpcode::LLVMGetElementPtr => {
            let (constant, terms) = crate::promote_array::gep_terms(pointer, layout).ok()?;
            let (base, mut offset) = address(ir::operand(pointer, 0), counter, k, layout)?;
            offset = offset.checked_add(constant)?;
            for (index, stride) in terms {
                let (x, w) = eval_int(index, counter, k)?;
                let index = ((x << (64 - w)) as i64) >> (64 - w);
                offset = offset.checked_add(index.checked_mul(stride)?)?;
            }
            Some((base, offset))
        }
        _ => None,
    }
}

/// A planned store: the scalar store, its alloca and first offset.
struct Fill {
    store: LLVMValueRef,
    base: LLVMValueRef,
    first: i64,
}

/// Checks every store's addresses (step 2 of the module note).
fn plan_stores(found: &Loop, body: &Body, layout: LLVMTargetDataRef) -> Result<Vec<Fill>, &'static str> {
    let mut fills: Vec<Fill> = Vec::new();
    let mut written: Vec<(LLVMValueRef, i64, i64)> = Vec::new();
    for &store in &body.stores {
        let value = ir::operand(store, 0);
        let ty = ir::type_of(value);
        let kind = ir::type_kind(ty);
        let scalar = matches!(kind, LLVMTypeKind::LLVMIntegerTypeKind | LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMDoubleTypeKind);
        // SAFETY: size queries of a live type in the module's data layout.
        let (bits, size) = unsafe { (LLVMSizeOfTypeInBits(layout, ty), LLVMABISizeOfType(layout, ty)) };
        if !scalar || bits != size * 8 || !size.is_power_of_two() {
            return Err("a stored value is not a scalar of whole bytes");
        }
        if found.trips * size > MAX_BYTES {
            return Err("the filled vector would be larger than the most bytes the pass fills");
        }
        if body.class.get(&value) == Some(&Class::Address) {
            return Err("a stored value is a pointer");
        }
        let pointer = ir::operand(store, 1);
        let (base, first) = address(pointer, found.counter, 0, layout).ok_or("a store's address is not an alloca at an offset the pass can evaluate")?;
        for k in 1..found.trips {
            let at = address(pointer, found.counter, k, layout);
            if at != Some((base, first + (k * size) as i64)) {
                return Err("a store does not write consecutive elements");
            }
        }
        let end = first + (found.trips * size) as i64;
        if written.iter().any(|&(b, s, e)| b == base && s < end && first < e) {
            return Err("two stores write the same bytes");
        }
        written.push((base, first, end));
        fills.push(Fill { store, base, first });
    }
    Ok(fills)
}

/// Builds the vector form of the stored values and the stores, before `P`'s branch; deletes the loop.
fn rewrite(found: &Loop, body: &Body, fills: &[Fill]) {
    let at = ir::terminator(found.preheader);
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, move instructions of the loop to the preheader, redirect uses and delete the loop's blocks
    // once nothing outside them uses their values (`match_loop` checked it) and their uses inside are gone
    // (`crate::ir_write`'s safety argument, points 1 to 3).
    unsafe {
        for &inst in &body.order {
            if body.class[&inst] == Class::Invariant {
                let name = ir::c_name(&ir::value_name(inst));
                LLVMInstructionRemoveFromParent(inst);
                region_ir::with_builder_before(at, |b| LLVMInsertIntoBuilderWithName(b, inst, name.as_ptr()));
            }
        }
        let mut vectors: HashMap<LLVMValueRef, LLVMValueRef> = HashMap::new();
        region_ir::with_builder_before(at, |b| {
            for fill in fills {
                let value = vector_of(b, ir::operand(fill.store, 0), found, body, &mut vectors);
                let ty = LLVMTypeOf(value);
                let context = LLVMGetTypeContext(ty);
                // The base is a pointer (an alloca).
                let space = ir::pointer_address_space(ir::type_of(fill.base)).unwrap_or_default();
                let i8t = LLVMInt8TypeInContext(context);
                let mut pointer = LLVMBuildBitCast(b, fill.base, LLVMPointerType(i8t, space), c"".as_ptr());
                if fill.first != 0 {
                    let mut offset = [LLVMConstInt(LLVMInt64TypeInContext(context), fill.first as u64, 1)];
                    pointer = LLVMBuildInBoundsGEP2(b, i8t, pointer, offset.as_mut_ptr(), 1, c"".as_ptr());
                }
                let pointer = LLVMBuildBitCast(b, pointer, LLVMPointerType(ty, space), c"".as_ptr());
                let store = LLVMBuildStore(b, value, pointer);
                LLVMSetAlignment(store, ir::alignment(fill.store));
            }
        });
        LLVMSetSuccessor(at, 0, found.exit);
        let blocks = found.blocks();
        for &block in &blocks {
            for inst in ir::instructions(block).collect::<Vec<_>>() {
                if LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMTypeKind::LLVMVoidTypeKind {
                    LLVMReplaceAllUsesWith(inst, LLVMGetUndef(LLVMTypeOf(inst)));
                }
            }
            LLVMInstructionEraseFromParent(ir::terminator(block));
        }
        for block in blocks {
            LLVMDeleteBasicBlock(block);
        }
    }
    // Invariants that only fed addresses are dead now.
    for &inst in body.order.iter().rev() {
        if body.class[&inst] == Class::Invariant {
            region_ir::erase_if_dead(inst);
        }
    }
}

/// The vector whose lane `k` is `v`'s value on iteration `k`, built with `b` (memoised in `vectors`).
///
/// # Safety
/// `b` is a live builder positioned in the preheader; `v` a value of the loop's function.
unsafe fn vector_of(
    b: LLVMBuilderRef,
    v: LLVMValueRef,
    found: &Loop,
    body: &Body,
    vectors: &mut HashMap<LLVMValueRef, LLVMValueRef>,
) -> LLVMValueRef {
    if let Some(&done) = vectors.get(&v) {
        return done;
    }
    let n = found.trips as u32;
    let ty = LLVMTypeOf(v);
    let vty = LLVMVectorType(ty, n);
    let built = if v == found.counter {
        let mut lanes: Vec<LLVMValueRef> = (0..n).map(|k| LLVMConstInt(ty, k as u64, 0)).collect();
        LLVMConstVector(lanes.as_mut_ptr(), n)
    } else if body.class.get(&v) != Some(&Class::Lane) {
        if ir::is_constant(v) {
            let mut lanes = vec![v; n as usize];
            LLVMConstVector(lanes.as_mut_ptr(), n)
        } else {
            let i32t = LLVMInt32TypeInContext(LLVMGetTypeContext(ty));
            let one = LLVMBuildInsertElement(b, LLVMGetPoison(vty), v, LLVMConstInt(i32t, 0, 0), c"lane.splatinsert".as_ptr());
            let mask = LLVMConstNull(LLVMVectorType(i32t, n));
            LLVMBuildShuffleVector(b, one, LLVMGetPoison(vty), mask, c"lane.splat".as_ptr())
        }
    } else {
        use LLVMOpcode::*;
        let opcode = LLVMGetInstructionOpcode(v);
        let operands: Vec<LLVMValueRef> =
            (0..ir::data_operand_count(v)).map(|k| vector_of(b, ir::operand(v, k), found, body, vectors)).collect();
        let name = c"lane".as_ptr();
        match opcode {
            LLVMICmp => LLVMBuildICmp(b, ir::icmp_predicate(v), operands[0], operands[1], name),
            LLVMFCmp => LLVMBuildFCmp(b, ir::fcmp_predicate(v), operands[0], operands[1], name),
            LLVMSelect => LLVMBuildSelect(b, operands[0], operands[1], operands[2], name),
            LLVMFNeg => LLVMBuildFNeg(b, operands[0], name),
            LLVMZExt | LLVMSExt | LLVMTrunc | LLVMSIToFP | LLVMUIToFP | LLVMFPToSI | LLVMFPToUI | LLVMFPExt | LLVMFPTrunc => {
                LLVMBuildCast(b, opcode, operands[0], vty, name)
            }
            _ => LLVMBuildBinOp(b, opcode, operands[0], operands[1], name),
        }
    };
    vectors.insert(v, built);
    built
}

/// Pass body.
pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let _memo = region_ir::memo_scope();
    let function = function.as_value_ref();
    // SAFETY: the data layout of the function's live module.
    let layout = unsafe { LLVMGetModuleDataLayout(ir::module_of(function)) };
    let mut done = 0u64;
    let headers: Vec<LLVMBasicBlockRef> = ir::blocks(function).collect();
    let mut deleted: HashSet<LLVMBasicBlockRef> = HashSet::new();
    for header in headers {
        if deleted.contains(&header) {
            continue;
        }
        let Some(matched) = match_loop(header) else { continue };
        let phi = ir::first_instruction(header);
        let result = matched.and_then(|found| {
            let body = classify(&found)?;
            let fills = plan_stores(&found, &body, layout)?;
            Ok((found, body, fills))
        });
        match result {
            Ok((found, body, fills)) => {
                cx.remark(RemarkKind::Passed, c"LaneLoop", phi, &format!("a loop of {} iterations fills {} vector(s)", found.trips, fills.len()));
                deleted.extend(found.blocks());
                rewrite(&found, &body, &fills);
                done += 1;
            }
            Err(reason) => cx.remark(RemarkKind::Missed, c"NotLaneLoop", phi, reason),
        }
    }
    cx.count(c"lane-loops", c"loops filling a vector lane by lane done as vector operations", done);
    done > 0
}
