//! What a pass concluded about a called function, kept from one run over a function to the next.
//!
//! A pass that classifies every call (which intrinsic, whether it may be erased, whether it is a root) asks
//! the same question of the same few hundred declarations in every function of a module: a module's functions
//! share their callees. A [`CalleeCache`] answers it once per declaration and thread, and within a run with a
//! direct-mapped table lookup instead of a hash lookup.
//!
//! Invariant: the cached answer must be a function of the callee's name, parameter count and `...` alone
//! (a GenX intrinsic's table entry is a function of its name). Between two runs any pass may delete a function
//! and LLVM may reuse its address, so an answer from an earlier run is trusted only after those three are
//! checked against the function now at that address; within a run (one pass over one function) no function is
//! deleted or renamed, so a checked answer holds until the run ends, and across runs while the glue's pipeline
//! generation ([`memo::generation`]) stays the one it was checked in.
//!
//! Use: a pass keeps its cache in a `thread_local!` of `RefCell<Option<CalleeCache<T>>>`, takes it for a run
//! with [`CalleeCache::take`] and gives it back with [`CalleeCache::give_back`] (a run that panics loses it,
//! which costs only the answers).

use std::cell::RefCell;
use std::thread::LocalKey;

use crate::ir;
use crate::region_ir::memo;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;

type HashMap<K, V> = std::collections::HashMap<K, V, crate::region_ir::memo::FxBuild>;

/// Entries kept before the table is emptied at the start of a run (a bound for processes that compile many
/// modules).
const MAX_ENTRIES: usize = 1 << 16;

const FAST_SLOTS: usize = 256;

/// Answers of type `T` per called function (see the module documentation).
pub struct CalleeCache<T: Copy + 'static> {
    /// Numbers the runs; an entry with the current number was checked in this run.
    run: u64,
    /// The pipeline generation of this run ([`memo::generation`]); an entry checked in it still holds.
    generation: u64,
    map: HashMap<LLVMValueRef, Entry<T>>,
    /// In front of `map`: (callee, run, answer) of callees checked in `run`, by address.
    fast: Box<[Option<(LLVMValueRef, u64, T)>; FAST_SLOTS]>,
}

struct Entry<T> {
    run: u64,
    generation: u64,
    name: Box<[u8]>,
    params: u32,
    vararg: bool,
    answer: T,
}

impl<T: Copy + 'static> CalleeCache<T> {
    /// The thread's cache in `key`, for the length of a run.
    pub fn take(key: &'static LocalKey<RefCell<Option<CalleeCache<T>>>>) -> CalleeCache<T> {
        let taken = key.try_with(|cell| cell.borrow_mut().take()).ok().flatten();
        let mut cache = taken.unwrap_or_else(|| CalleeCache {
            run: 0,
            generation: 0,
            map: HashMap::with_capacity_and_hasher(1024, Default::default()),
            fast: Box::new([None; FAST_SLOTS]),
        });
        cache.run += 1;
        cache.generation = memo::generation();
        if cache.map.len() > MAX_ENTRIES {
            cache.map.clear();
        }
        cache
    }

    /// Keeps the cache in `key` for the thread's next run.
    pub fn give_back(self, key: &'static LocalKey<RefCell<Option<CalleeCache<T>>>>) {
        let _ = key.try_with(|cell| *cell.borrow_mut() = Some(self));
    }

    /// The answer for the function `call` calls directly (`None` when `call` is not a call of a function),
    /// computed by `compute(call, callee)` when no checked answer is cached.
    #[inline]
    pub fn get(&mut self, call: LLVMValueRef, compute: impl FnOnce(LLVMValueRef, LLVMValueRef) -> T) -> Option<T> {
        if !ir::is_call(call) {
            return None;
        }
        self.get_of_call(call, compute)
    }

    /// [`CalleeCache::get`] of a value known to be a call instruction (its opcode was read).
    #[inline]
    pub fn get_of_call(
        &mut self,
        call: LLVMValueRef,
        compute: impl FnOnce(LLVMValueRef, LLVMValueRef) -> T,
    ) -> Option<T> {
        let callee = ir::called_value(call);
        if callee.is_null() || !ir::is_function(callee) {
            return None;
        }
        let slot = (callee as usize >> 4) % FAST_SLOTS;
        if let Some((key, run, answer)) = self.fast[slot] {
            if key == callee && run == self.run {
                return Some(answer);
            }
        }
        Some(self.get_slow(call, callee, slot, compute))
    }

    /// [`CalleeCache::get`] past the direct-mapped table.
    #[inline(never)]
    fn get_slow(
        &mut self,
        call: LLVMValueRef,
        callee: LLVMValueRef,
        slot: usize,
        compute: impl FnOnce(LLVMValueRef, LLVMValueRef) -> T,
    ) -> T {
        let (run, generation) = (self.run, self.generation);
        let answer = match self.map.get_mut(&callee) {
            Some(entry) if entry.run == run => entry.answer,
            Some(entry)
                if (generation != 0 && entry.generation == generation) || same_signature(callee, entry) =>
            {
                entry.run = run;
                entry.generation = generation;
                entry.answer
            }
            _ => {
                let answer = compute(call, callee);
                let (params, vararg) = params(callee);
                let name = ir::with_name_bytes(callee, |name| name.into());
                self.map.insert(callee, Entry { run, generation, name, params, vararg, answer });
                answer
            }
        };
        self.fast[slot] = Some((callee, run, answer));
        answer
    }
}

/// The parameter count and `...` of a function.
fn params(function: LLVMValueRef) -> (u32, bool) {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { (ir::param_count(function), LLVMIsFunctionVarArg(ir::global_value_type(function)) != 0) }
}

/// Whether a function still has the name, parameter count and `...` an entry was computed from.
fn same_signature<T>(function: LLVMValueRef, entry: &Entry<T>) -> bool {
    params(function) == (entry.params, entry.vararg) && ir::with_name_bytes(function, |name| name == &*entry.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir_write;
    use std::cell::Cell;

    thread_local! {
        static CACHE: RefCell<Option<CalleeCache<u32>>> = const { RefCell::new(None) };
    }

    /// An answer is computed once per function, kept across runs, and computed again when the function at
    /// the address is no longer the one it was computed for (renamed here; deleted and reallocated in life).
    #[test]
    fn answers_are_kept_and_checked() {
        // SAFETY: the test owns the context and module it creates, uses handles only from them, and disposes the
        // module and then the context at the end.
        unsafe {
            let context = LLVMContextCreate();
            let module = LLVMModuleCreateWithNameInContext(c"m".as_ptr(), context);
            let i32_ty = ir_write::int_type(context, 32);
            let callee_ty = LLVMFunctionType(i32_ty, [i32_ty].as_mut_ptr(), 1, 0);
            let callee = LLVMAddFunction(module, c"llvm.genx.absi.i32".as_ptr(), callee_ty);
            let caller = LLVMAddFunction(module, c"f".as_ptr(), LLVMFunctionType(i32_ty, [i32_ty].as_mut_ptr(), 1, 0));
            let builder = LLVMCreateBuilderInContext(context);
            LLVMPositionBuilderAtEnd(builder, LLVMAppendBasicBlockInContext(context, caller, c"entry".as_ptr()));
            let mut args = [ir::param(caller, 0)];
            let call = LLVMBuildCall2(builder, callee_ty, callee, args.as_mut_ptr(), 1, c"c".as_ptr());
            let ret = LLVMBuildRet(builder, call);

            let computed = Cell::new(0u32);
            let compute = |_: LLVMValueRef, _: LLVMValueRef| {
                computed.set(computed.get() + 1);
                computed.get()
            };
            let mut cache = CalleeCache::take(&CACHE);
            assert_eq!(cache.get(call, compute), Some(1));
            assert_eq!(cache.get(call, compute), Some(1), "within a run the answer is kept");
            assert_eq!(cache.get(ret, compute), None, "not a call");
            cache.give_back(&CACHE);

            let mut cache = CalleeCache::take(&CACHE);
            assert_eq!(cache.get(call, compute), Some(1), "a later run checks and keeps the answer");
            cache.give_back(&CACHE);

            LLVMSetValueName2(callee, c"llvm.genx.cbit.i32".as_ptr(), 18);
            let mut cache = CalleeCache::take(&CACHE);
            assert_eq!(cache.get(call, compute), Some(2), "a renamed function is asked again");
            assert_eq!(computed.get(), 2);
            cache.give_back(&CACHE);

            LLVMDisposeBuilder(builder);
            LLVMDisposeModule(module);
            LLVMContextDispose(context);
        }
    }
}
