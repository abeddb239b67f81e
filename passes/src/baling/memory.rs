//! Memory effects of instructions, and whether baling may move an operation down to its user.
//!
//! Baling an instruction into a later one moves it: the bale is emitted as one vISA instruction at the head's
//! position. An operation that reads or writes memory must not move across an instruction that writes memory
//! (or, when the operation itself writes, reads memory) — IGC's `isSafeToMove`. The effects of calls come from
//! the intrinsic table's attributes for GenX intrinsics and from the callee's (or call site's) `readnone` /
//! `readonly` / `writeonly` attributes otherwise; an unknown call reads and writes.
//!
//! Unlike IGC, loads and stores of globals are not skipped: the C API cannot read `genx_volatile`, so every
//! global access counts as a memory access (conservative: some baling IGC does is refused here).

use std::collections::{HashMap, HashSet};

use super::util::{callee_base, opcode, operand};
use crate::intrinsics;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMAtomicOrdering, LLVMOpcode};

/// What an instruction may do to memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Effects {
    pub reads: bool,
    pub writes: bool,
}

impl Effects {
    const NONE: Effects = Effects { reads: false, writes: false };
    const READ: Effects = Effects { reads: true, writes: false };
    const WRITE: Effects = Effects { reads: false, writes: true };
    const BOTH: Effects = Effects { reads: true, writes: true };

    pub fn any(self) -> bool {
        self.reads || self.writes
    }
}

fn has_enum_attribute(function: LLVMValueRef, call: LLVMValueRef, name: &str) -> bool {
    // SAFETY: the attribute name is passed with its length; the queries read attributes of a live function and call.
    unsafe {
        let kind = LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len());
        if kind == 0 {
            return false;
        }
        let index = crate::llvm_sys::LLVMAttributeFunctionIndex;
        !LLVMGetEnumAttributeAtIndex(function, index, kind).is_null()
            || !LLVMGetCallSiteEnumAttribute(call, index, kind).is_null()
    }
}

fn call_effects(call: LLVMValueRef) -> Effects {
    if let Some(base) = callee_base(call) {
        if let Some(desc) = intrinsics::get(base) {
            let a = desc.attrs;
            return if a.readnone {
                Effects::NONE
            } else if a.readonly {
                Effects::READ
            } else if a.writeonly {
                Effects::WRITE
            } else {
                Effects::BOTH
            };
        }
        if base == "llvm.fabs" || base == "llvm.fma" || base == "llvm.dbg" {
            return Effects::NONE;
        }
    }
    let Some(callee) = ir::called_function(call) else { return Effects::BOTH };
    if has_enum_attribute(callee, call, "readnone") {
        Effects::NONE
    } else if has_enum_attribute(callee, call, "readonly") {
        Effects::READ
    } else if has_enum_attribute(callee, call, "writeonly") {
        Effects::WRITE
    } else {
        Effects::BOTH
    }
}

/// The memory effects of `inst` (LLVM's `mayReadFromMemory` / `mayWriteToMemory`).
pub(super) fn effects(inst: LLVMValueRef) -> Effects {
    match opcode(inst) {
        Some(LLVMOpcode::LLVMStore) => Effects::WRITE,
        Some(LLVMOpcode::LLVMLoad) => {
            // A volatile or ordered load may also write (LLVM's rule).
            let ordered = !matches!(
                ir::ordering(inst),
                LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic | LLVMAtomicOrdering::LLVMAtomicOrderingUnordered
            );
            if ir::is_volatile(inst) || ordered {
                Effects::BOTH
            } else {
                Effects::READ
            }
        }
        Some(
            LLVMOpcode::LLVMFence
            | LLVMOpcode::LLVMAtomicRMW
            | LLVMOpcode::LLVMAtomicCmpXchg
            | LLVMOpcode::LLVMVAArg,
        ) => Effects::BOTH,
        Some(LLVMOpcode::LLVMCall | LLVMOpcode::LLVMInvoke) => call_effects(inst),
        _ => Effects::NONE,
    }
}

/// Predecessor lists of a function's blocks, built once (the C API has no predecessor iterator).
#[derive(Default)]
pub(super) struct Predecessors {
    map: HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>>,
}

impl Predecessors {
    pub fn of_function(function: LLVMValueRef) -> Predecessors {
        let mut map: HashMap<LLVMBasicBlockRef, Vec<LLVMBasicBlockRef>> = HashMap::new();
        for block in ir::blocks(function) {
            let terminator = ir::terminator(block);
            if terminator.is_null() {
                continue;
            }
            for i in 0..ir::successor_count(terminator) {
                map.entry(ir::successor(terminator, i)).or_default().push(block);
            }
        }
        Predecessors { map }
    }

    fn of(&self, block: LLVMBasicBlockRef) -> &[LLVMBasicBlockRef] {
        self.map.get(&block).map_or(&[], |v| v.as_slice())
    }
}

/// Whether `op` may move from its own position down to just before `to` (which it dominates): true when `op`
/// touches no memory, or no instruction on any path between them writes memory (or reads it, when `op` writes).
/// IGC's `isSafeToMove(Op, Op, To)`.
pub(super) fn is_safe_to_move(op: LLVMValueRef, to: LLVMValueRef, preds: &Predecessors) -> bool {
    is_safe_to_move_from(op, op, to, preds)
}

/// Whether `op` may move from the position of `from` down to `to`.
pub(super) fn is_safe_to_move_from(
    op: LLVMValueRef,
    from: LLVMValueRef,
    to: LLVMValueRef,
    preds: &Predecessors,
) -> bool {
    let mine = effects(op);
    if !mine.any() {
        return true;
    }
    let first_block = ir::parent_block(from);
    let last_block = ir::parent_block(to);
    let mut work = vec![last_block];
    let mut visited: HashSet<LLVMBasicBlockRef> = HashSet::new();
    while let Some(block) = work.pop() {
        let mut cursor = {
            if block == first_block {
                ir::next_instruction(from)
            } else {
                ir::first_instruction(block)
            }
        };
        while !(cursor.is_null() || (block == last_block && cursor == to)) {
            let theirs = effects(cursor);
            if theirs.writes || (mine.writes && theirs.reads) {
                return false;
            }
            cursor = ir::next_instruction(cursor);
        }
        if block != first_block {
            visited.insert(block);
            for &pred in preds.of(block) {
                if !visited.contains(&pred) {
                    work.push(pred);
                }
            }
        }
    }
    true
}

/// A call that accesses memory: baling it into a wrregion whose New value it is, while it has other uses, costs
/// more than it saves (IGC's `isHighCostBaling`).
pub(super) fn is_high_cost_call(inst: LLVMValueRef) -> bool {
    opcode(inst) == Some(LLVMOpcode::LLVMCall) && effects(inst).any()
}

/// The pointer operand of a store (operand 1).
pub(super) fn store_pointer(store: LLVMValueRef) -> LLVMValueRef {
    operand(store, 1)
}
