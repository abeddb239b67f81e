//! Region intrinsics in IR: reading a call into a [`Region`], and building calls from one.
//!
//! The middle-end passes never do region arithmetic themselves: they read region calls into the pure algebra of
//! `genx-region` with [`RdRegion::read`] / [`WrRegion::read`], ask it (combine, split, retype), and write the
//! answer back with [`build_rdregion`] / [`build_wrregion`]. This file is the only place that knows the operand
//! layout of the region intrinsics.
//!
//! Reading conventions: a region with a non-constant vstride, width or stride is not read (`None`); a constant
//! offset becomes [`Region::offset`]; a variable scalar offset becomes a single-indirect region whose runtime
//! index is the offset value, with a constant addend (`%i + C`) split off into `offset` (IGC's
//! `makeRegionWithOffset`); a vector offset is multi-indirect. A constant parent width is kept only with a
//! variable offset (it means nothing with a constant one).
//!
//! Also here: declaring an intrinsic by its base name and types, with the mangled name and attributes the table
//! gives ([`declare_intrinsic`]). A pass that builds many region calls in a run builds them through a
//! [`RegionCalls`], which keeps the run's constants, vector types and declarations in tables instead of asking
//! LLVM and the thread's memos for each call.

use genx_region::{Indirect, Region};

use crate::intrinsics::{self, IrType};
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMOpcode, LLVMTypeKind};

/// Operand numbers of `rdregion*`.
pub mod rd {
    pub const INPUT: u32 = 0;
    pub const VSTRIDE: u32 = 1;
    pub const WIDTH: u32 = 2;
    pub const STRIDE: u32 = 3;
    pub const OFFSET: u32 = 4;
    pub const PARENT_WIDTH: u32 = 5;
}

/// Operand numbers of `wrregion*` / `wrconstregion`.
pub mod wr {
    pub const OLD: u32 = 0;
    pub const NEW: u32 = 1;
    pub const VSTRIDE: u32 = 2;
    pub const WIDTH: u32 = 3;
    pub const STRIDE: u32 = 4;
    pub const OFFSET: u32 = 5;
    pub const PARENT_WIDTH: u32 = 6;
    pub const MASK: u32 = 7;
}

/// The base name (`llvm.genx.rdregioni`, ...) of a call's callee, if it is a GenX intrinsic.
pub fn genx_base_name(call: LLVMValueRef) -> Option<&'static str> {
    genx_desc(call).map(|desc| desc.name)
}

/// The table entry of a call's callee, if it is a GenX intrinsic.
pub fn genx_desc(call: LLVMValueRef) -> Option<&'static intrinsics::IntrinsicDesc> {
    // `called_function` answers `None` for anything that is not a call.
    let callee = ir::called_function(call)?;
    if let Some(found) = memo::callee(callee) {
        return found;
    }
    // The callee's name is borrowed, not copied: this runs for every call in every sweep of every pass.
    let found = ir::with_name(callee, |name| intrinsics::lookup(name).map(|(desc, _)| desc));
    memo::remember_callee(callee, found);
    found
}

/// Memos of the answers passes ask for on every call of every sweep: a callee's table entry, and the
/// declaration [`declare_intrinsic`] made for a base name and types. They are on while a pass runs over a
/// function ([`memo_scope`]); outside a scope nothing is remembered or answered.
///
/// Entries outlive a scope (a module's functions share their callees and declarations, so the next function
/// finds them), but an entry from an earlier scope is trusted only after a check against the IR, since
/// between two scopes any pass may delete or rename a function and LLVM may reuse its address:
/// * a callee entry keeps the callee's name, and holds while the function at that address has that name (the
///   table entry is a function of the name alone);
/// * a declaration entry keeps the mangled name, and holds while the module's function of that name is the
///   remembered one and has exactly the remembered return and argument types.
///
/// Within a scope (one pass over one function) no function is deleted or renamed and no type changes, so a
/// checked entry is trusted until the scope ends; and across scopes while the glue's pipeline generation
/// (`memo::generation`) stays the one it was checked in (only function passes have run since).
pub mod memo {
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;
    use std::ffi::CString;
    use std::hash::{BuildHasherDefault, Hasher};

    use crate::intrinsics::IntrinsicDesc;
    use crate::llvm_sys::core::*;
    use crate::llvm_sys::prelude::*;

    /// A multiply-rotate hasher (rustc's FxHasher) for pointer keys.
    #[derive(Default)]
    pub struct FxHasher(u64);

    impl Hasher for FxHasher {
        fn write(&mut self, bytes: &[u8]) {
            for chunk in bytes.chunks(8) {
                let mut word = [0u8; 8];
                word[..chunk.len()].copy_from_slice(chunk);
                self.write_u64(u64::from_le_bytes(word));
            }
        }
        fn write_u64(&mut self, n: u64) {
            self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        fn write_usize(&mut self, n: usize) {
            self.write_u64(n as u64);
        }
        fn finish(&self) -> u64 {
            // Pointers are aligned: move the well-mixed high bits down to where the table picks buckets.
            self.0.rotate_left(26)
        }
    }

    pub type FxBuild = BuildHasherDefault<FxHasher>;

    /// Entries kept before the memos are emptied at the start of a scope (a bound for processes that compile
    /// many modules).
    const MAX_ENTRIES: usize = 1 << 16;

    struct Callee {
        /// The scope that last checked this entry.
        epoch: u64,
        /// The pipeline generation it was last checked in (0: none).
        generation: u64,
        name: Box<[u8]>,
        desc: Option<&'static IntrinsicDesc>,
    }

    struct Declaration {
        epoch: u64,
        generation: u64,
        module: usize,
        base: Box<str>,
        ret: usize,
        args: Box<[usize]>,
        name: CString,
        function: LLVMValueRef,
    }

    impl Declaration {
        fn is(&self, module: LLVMModuleRef, base: &str, ret: LLVMTypeRef, args: &[LLVMTypeRef]) -> bool {
            self.module == module as usize
                && self.ret == ret as usize
                && &*self.base == base
                && self.args.len() == args.len()
                && self.args.iter().zip(args).all(|(&x, &y)| x == y as usize)
        }

        /// Whether the module still declares this function under this name with these types. The types are
        /// compared too: this entry's key holds type addresses, and after its context is gone a new context
        /// may put other types at those addresses (and a function of this name at the remembered one).
        fn still_declared(&self, module: LLVMModuleRef) -> bool {
            // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
            unsafe {
                if LLVMGetNamedFunction(module, self.name.as_ptr()) != self.function {
                    return false;
                }
                let fn_ty = LLVMGlobalGetValueType(self.function);
                if LLVMGetReturnType(fn_ty) as usize != self.ret
                    || LLVMCountParamTypes(fn_ty) as usize != self.args.len()
                    || LLVMIsFunctionVarArg(fn_ty) != 0
                {
                    return false;
                }
                let mut on_stack = [std::ptr::null_mut(); 16];
                let mut on_heap = Vec::new();
                let params = if self.args.len() <= on_stack.len() {
                    &mut on_stack[..self.args.len()]
                } else {
                    on_heap.resize(self.args.len(), std::ptr::null_mut());
                    &mut on_heap[..]
                };
                LLVMGetParamTypes(fn_ty, params.as_mut_ptr());
                params.iter().zip(self.args.iter()).all(|(&p, &a)| p as usize == a)
            }
        }
    }

    #[derive(Default)]
    struct Memo {
        depth: usize,
        /// Numbers the outermost scopes; an entry with the current number was checked in this scope.
        epoch: u64,
        /// The pipeline generation of the open scope ([`generation`]); an entry checked in it still holds.
        generation: u64,
        callees: HashMap<usize, Callee, FxBuild>,
        /// Keyed by a hash of (module, base, ret, args); collisions share a bucket.
        declarations: HashMap<u64, Vec<Declaration>, FxBuild>,
        declaration_count: usize,
    }

    thread_local! {
        static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
        /// Readable without borrowing [`MEMO`]: see [`Fast`].
        static FAST: Fast = const {
            Fast {
                epoch: Cell::new(0),
                callees: [const { Cell::new((0, None, 0)) }; FAST_SLOTS],
                constants: [const { Cell::new(FastConstant { epoch: 0, ty: 0, bits: 0, constant: 0 }) }; CONSTANT_SLOTS],
                declarations: [const { Cell::new(FastDeclaration::EMPTY) }; DECLARATION_SLOTS],
            }
        };
    }

    /// The epoch of the open scope (0 outside scopes), and direct-mapped caches valid for that epoch only:
    /// * in front of `Memo::callees`: (callee, entry, epoch) of callees already checked in the open scope. It
    ///   answers the question every sweep asks of every call without a hash lookup;
    /// * in front of `Memo::declarations`: declarations already checked in the open scope, keyed by the base
    ///   name's address (the callers' string literals) and the types;
    /// * integer constants (`LLVMConstInt` hashes an `APInt` into the context's table on every call; a region
    ///   call takes four or five). A context outlives any scope, so a constant made in the scope is valid in it.
    struct Fast {
        epoch: Cell<u64>,
        callees: [Cell<FastCallee>; FAST_SLOTS],
        constants: [Cell<FastConstant>; CONSTANT_SLOTS],
        declarations: [Cell<FastDeclaration>; DECLARATION_SLOTS],
    }

    type FastCallee = (usize, Option<&'static IntrinsicDesc>, u64);
    const FAST_SLOTS: usize = 256;
    const CONSTANT_SLOTS: usize = 128;
    const DECLARATION_SLOTS: usize = 256;
    /// Declarations with more arguments than this are not kept in the fast cache.
    const FAST_ARGS: usize = 8;

    #[derive(Clone, Copy)]
    struct FastConstant {
        epoch: u64,
        ty: usize,
        bits: u64,
        constant: usize,
    }

    #[derive(Clone, Copy)]
    struct FastDeclaration {
        epoch: u64,
        module: usize,
        base: (usize, usize),
        ret: usize,
        arg_count: usize,
        args: [usize; FAST_ARGS],
        function: usize,
    }

    impl FastDeclaration {
        const EMPTY: FastDeclaration =
            FastDeclaration { epoch: 0, module: 0, base: (0, 0), ret: 0, arg_count: 0, args: [0; FAST_ARGS], function: 0 };

        fn is(&self, epoch: u64, module: LLVMModuleRef, base: &str, ret: LLVMTypeRef, args: &[LLVMTypeRef]) -> bool {
            self.epoch == epoch
                && self.module == module as usize
                && self.base == (base.as_ptr() as usize, base.len())
                && self.ret == ret as usize
                && self.arg_count == args.len()
                && self.args[..args.len()].iter().zip(args).all(|(&x, &y)| x == y as usize)
        }
    }

    fn declaration_slot(key: u64) -> usize {
        (key as usize) % DECLARATION_SLOTS
    }

    /// `LLVMConstInt(ty, bits, sign_extend)`, answered from the cache inside a scope.
    pub(crate) fn const_int(ty: LLVMTypeRef, bits: u64, sign_extend: bool) -> LLVMValueRef {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        let make = || unsafe { LLVMConstInt(ty, bits, sign_extend as i32) };
        FAST.with(|f| {
            let epoch = f.epoch.get();
            if epoch == 0 {
                return make();
            }
            // Only widths up to 64 bits, where the sign-extension flag changes nothing.
            let mut h = FxHasher::default();
            h.write_usize(ty as usize);
            h.write_u64(bits);
            let slot = &f.constants[(h.finish() as usize) % CONSTANT_SLOTS];
            let entry = slot.get();
            if entry.epoch == epoch && entry.ty == ty as usize && entry.bits == bits {
                return entry.constant as LLVMValueRef;
            }
            let constant = make();
            // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
            if unsafe { LLVMGetIntTypeWidth(ty) } <= 64 {
                slot.set(FastConstant { epoch, ty: ty as usize, bits, constant: constant as usize });
            }
            constant
        })
    }

    fn fast_slot(callee: LLVMValueRef) -> usize {
        // Functions are allocated at least 16 bytes apart.
        ((callee as usize) >> 4) % FAST_SLOTS
    }

    /// The bucket of a declaration: the base name enters by its length only (bucket entries compare it whole;
    /// the types already tell the few base names a pass uses apart).
    fn declaration_key(module: LLVMModuleRef, base: &str, ret: LLVMTypeRef, args: &[LLVMTypeRef]) -> u64 {
        let mut h = FxHasher::default();
        h.write_usize(module as usize);
        h.write_usize(ret as usize);
        h.write_usize(base.len());
        for &a in args {
            h.write_usize(a as usize);
        }
        h.finish()
    }

    extern "C" {
        fn genx_run_generation() -> u64;
    }

    /// The pipeline generation the running function pass may rely on (the glue's): while it is the same, no
    /// function has been deleted or renamed, so an entry checked in it holds without a new look at the IR.
    /// 0 (no such promise) outside a function pass run by the glue, or when its pass manager is not tracked.
    pub(crate) fn generation() -> u64 {
        // SAFETY: the glue reads a counter; no argument.
        unsafe { genx_run_generation() }
    }

    /// Turns the memos on until the returned guard is dropped.
    pub struct Scope(());

    impl Drop for Scope {
        fn drop(&mut self) {
            let _ = MEMO.try_with(|m| {
                let mut m = m.borrow_mut();
                m.depth -= 1;
                if m.depth == 0 {
                    let _ = FAST.try_with(|f| f.epoch.set(0));
                }
            });
        }
    }

    pub fn scope() -> Scope {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.depth == 0 {
                m.epoch += 1;
                m.generation = generation();
                FAST.with(|f| f.epoch.set(m.epoch));
                if m.callees.len() > MAX_ENTRIES || m.declaration_count > MAX_ENTRIES {
                    m.callees.clear();
                    m.declarations.clear();
                    m.declaration_count = 0;
                }
            }
            m.depth += 1;
        });
        Scope(())
    }

    pub(crate) fn callee(callee: LLVMValueRef) -> Option<Option<&'static IntrinsicDesc>> {
        let slot = fast_slot(callee);
        let (epoch, (key, desc, checked)) = FAST.with(|f| (f.epoch.get(), f.callees[slot].get()));
        if epoch == 0 {
            return None;
        }
        if key == callee as usize && checked == epoch {
            return Some(desc);
        }
        let found = MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.depth == 0 {
                return None;
            }
            let (epoch, generation) = (m.epoch, m.generation);
            let entry = m.callees.get_mut(&(callee as usize))?;
            if entry.epoch != epoch {
                let same_generation = generation != 0 && entry.generation == generation;
                if !same_generation && !crate::ir::with_name(callee, |name| name.as_bytes() == &*entry.name) {
                    return None;
                }
                entry.epoch = epoch;
                entry.generation = generation;
            }
            Some(entry.desc)
        });
        if let Some(desc) = found {
            FAST.with(|f| f.callees[slot].set((callee as usize, desc, epoch)));
        }
        found
    }

    pub(crate) fn remember_callee(callee: LLVMValueRef, found: Option<&'static IntrinsicDesc>) {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.depth > 0 {
                let name: Box<[u8]> = crate::ir::with_name(callee, |name| name.as_bytes().into());
                let (epoch, generation) = (m.epoch, m.generation);
                m.callees.insert(callee as usize, Callee { epoch, generation, name, desc: found });
                FAST.with(|f| f.callees[fast_slot(callee)].set((callee as usize, found, epoch)));
            }
        })
    }

    pub(crate) fn declaration(
        module: LLVMModuleRef,
        base: &str,
        ret: LLVMTypeRef,
        args: &[LLVMTypeRef],
    ) -> Option<LLVMValueRef> {
        let key = declaration_key(module, base, ret, args);
        let fast = FAST.with(|f| {
            let entry = f.declarations[declaration_slot(key)].get();
            let epoch = f.epoch.get();
            (epoch != 0 && entry.is(epoch, module, base, ret, args)).then_some(entry.function as LLVMValueRef)
        });
        if fast.is_some() {
            return fast;
        }
        let found = MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.depth == 0 {
                return None;
            }
            let (epoch, generation) = (m.epoch, m.generation);
            let bucket = m.declarations.get_mut(&key)?;
            let position = bucket.iter().position(|d| d.is(module, base, ret, args))?;
            let entry = &mut bucket[position];
            if entry.epoch != epoch {
                let same_generation = generation != 0 && entry.generation == generation;
                if !same_generation && !entry.still_declared(module) {
                    bucket.swap_remove(position);
                    m.declaration_count -= 1;
                    return None;
                }
                entry.epoch = epoch;
                entry.generation = generation;
            }
            Some(entry.function)
        });
        if let Some(function) = found {
            remember_fast_declaration(key, module, base, ret, args, function);
        }
        found
    }

    /// Puts a declaration checked in the open scope into the fast cache.
    fn remember_fast_declaration(
        key: u64,
        module: LLVMModuleRef,
        base: &str,
        ret: LLVMTypeRef,
        args: &[LLVMTypeRef],
        function: LLVMValueRef,
    ) {
        if args.len() > FAST_ARGS {
            return;
        }
        FAST.with(|f| {
            let epoch = f.epoch.get();
            if epoch == 0 {
                return;
            }
            let mut entry = FastDeclaration {
                epoch,
                module: module as usize,
                base: (base.as_ptr() as usize, base.len()),
                ret: ret as usize,
                arg_count: args.len(),
                args: [0; FAST_ARGS],
                function: function as usize,
            };
            for (slot, &arg) in entry.args.iter_mut().zip(args) {
                *slot = arg as usize;
            }
            f.declarations[declaration_slot(key)].set(entry);
        })
    }

    pub(crate) fn remember_declaration(
        module: LLVMModuleRef,
        base: &str,
        ret: LLVMTypeRef,
        args: &[LLVMTypeRef],
        function: LLVMValueRef,
    ) {
        MEMO.with(|m| {
            let mut m = m.borrow_mut();
            if m.depth == 0 {
                return;
            }
            let name = crate::ir::with_name(function, |name| CString::new(name).ok());
            let Some(name) = name else { return };
            let entry = Declaration {
                epoch: m.epoch,
                generation: m.generation,
                module: module as usize,
                base: base.into(),
                ret: ret as usize,
                args: args.iter().map(|&a| a as usize).collect(),
                name,
                function,
            };
            let key = declaration_key(module, base, ret, args);
            let bucket = m.declarations.entry(key).or_default();
            let before = bucket.len();
            bucket.retain(|d| !d.is(module, base, ret, args));
            let removed = before - bucket.len();
            bucket.push(entry);
            m.declaration_count = (m.declaration_count + 1).saturating_sub(removed);
            remember_fast_declaration(key, module, base, ret, args, function);
        })
    }
}

/// Turns on the memos of [`memo`] for the rest of a pass's run over one function.
pub fn memo_scope() -> memo::Scope {
    memo::scope()
}

pub fn is_rdregion(call: LLVMValueRef) -> bool {
    genx_desc(call).is_some_and(|desc| is_one_of(desc, &REGION_DESCS.get_or_init(region_descs).0))
}

pub fn is_wrregion(call: LLVMValueRef) -> bool {
    genx_desc(call).is_some_and(|desc| is_one_of(desc, &REGION_DESCS.get_or_init(region_descs).1))
}

/// The table entries of `rdregion{i,f}` and `wrregion{i,f}`, found once: the questions above, asked of every
/// call in every sweep, compare entries by address instead of names by bytes.
type DescPair = [Option<&'static intrinsics::IntrinsicDesc>; 2];

static REGION_DESCS: std::sync::OnceLock<(DescPair, DescPair)> = std::sync::OnceLock::new();

fn region_descs() -> (DescPair, DescPair) {
    let get = intrinsics::get;
    (
        [get("llvm.genx.rdregioni"), get("llvm.genx.rdregionf")],
        [get("llvm.genx.wrregioni"), get("llvm.genx.wrregionf")],
    )
}

fn is_one_of(desc: &'static intrinsics::IntrinsicDesc, pair: &DescPair) -> bool {
    pair.iter().flatten().any(|&entry| std::ptr::eq(entry, desc))
}

/// Element count of a vector type (1 for a scalar).
pub fn lanes(ty: LLVMTypeRef) -> u32 {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
            LLVMGetVectorSize(ty)
        } else {
            1
        }
    }
}

/// The element type of a vector type (the type itself for a scalar).
pub fn element_type(ty: LLVMTypeRef) -> LLVMTypeRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
            LLVMGetElementType(ty)
        } else {
            ty
        }
    }
}

/// Size in bytes of a region element type (`None` for i1 and odd widths).
pub fn element_bytes(ty: LLVMTypeRef) -> Option<u32> {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMIntegerTypeKind => match LLVMGetIntTypeWidth(ty) {
                bits @ (8 | 16 | 32 | 64) => Some(bits / 8),
                _ => None,
            },
            LLVMTypeKind::LLVMHalfTypeKind => Some(2),
            LLVMTypeKind::LLVMFloatTypeKind => Some(4),
            LLVMTypeKind::LLVMDoubleTypeKind => Some(8),
            LLVMTypeKind::LLVMPointerTypeKind => Some(8),
            _ => None,
        }
    }
}

fn is_float(ty: LLVMTypeRef) -> bool {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        matches!(
            LLVMGetTypeKind(ty),
            LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind
        )
    }
}

/// The runtime part of a region's start: the index value, when the region is indirect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Index {
    Direct,
    /// A scalar `i16` (single indirect) or `<h x i16>` (multi-indirect) byte index.
    Value(LLVMValueRef),
}

/// Splits a variable offset into its runtime part and a constant addend (`add %i, C` / `add C, %i`).
fn split_offset(offset: LLVMValueRef) -> (LLVMValueRef, i64) {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        if LLVMIsAInstruction(offset).is_null() || LLVMGetInstructionOpcode(offset) != LLVMOpcode::LLVMAdd {
            return (offset, 0);
        }
        let (a, b) = (LLVMGetOperand(offset, 0), LLVMGetOperand(offset, 1));
        if let Some(c) = ir::const_int(b) {
            return (a, c);
        }
        if let Some(c) = ir::const_int(a) {
            return (b, c);
        }
        (offset, 0)
    }
}

/// Reads the region operands starting at `first` (vstride) of `call`, for `n` elements of `vector_ty`.
fn read_region(call: LLVMValueRef, first: u32, n: u32, vector_ty: LLVMTypeRef) -> Option<(Region, Index)> {
    let arg = |i| ir::call_arg(call, first + i);
    let eb = element_bytes(element_type(vector_ty))?;
    let vstride = ir::const_int(arg(0))?;
    let width = ir::const_int(arg(1))?;
    let stride = ir::const_int(arg(2))?;
    let offset = arg(3);
    let parent_width = ir::const_int(arg(4)).filter(|&pw| pw > 0).map(|pw| pw as u32);
    if width <= 0 {
        return None;
    }
    let mut region = Region::new(eb, n, vstride as i32, width as u32, stride as i32, 0);
    let index = if let Some(c) = ir::const_int(offset) {
        region.offset = c as i32;
        Index::Direct
    } else if ir::is_undef(offset) {
        return None;
    } else {
        let offset_ty = ir::type_of(offset);
        let rows = lanes(offset_ty);
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        if unsafe { LLVMGetTypeKind(offset_ty) } == LLVMTypeKind::LLVMVectorTypeKind {
            region.indirect = Indirect::Multi { rows, first: 0 };
            Index::Value(offset)
        } else {
            let (value, addend) = split_offset(offset);
            region.indirect = Indirect::Single;
            region.offset = addend as i32;
            Index::Value(value)
        }
    };
    if region.indirect.is_indirect() {
        region.parent_width = parent_width;
    }
    Some((region, index))
}

/// A `rdregion` call read into the algebra.
#[derive(Clone, Copy, Debug)]
pub struct RdRegion {
    pub call: LLVMValueRef,
    pub input: LLVMValueRef,
    pub region: Region,
    pub index: Index,
}

impl RdRegion {
    /// Reads `call` when it is a well-formed `rdregion` (six operands) with constant vstride, width and stride.
    pub fn read(call: LLVMValueRef) -> Option<RdRegion> {
        if !is_rdregion(call) || ir::call_arg_count(call) != 6 {
            return None;
        }
        let input = ir::call_arg(call, rd::INPUT);
        let n = lanes(ir::type_of(call));
        let (region, index) = read_region(call, rd::VSTRIDE, n, ir::type_of(input))?;
        Some(RdRegion { call, input, region, index })
    }
}

/// A `wrregion` call read into the algebra.
#[derive(Clone, Copy, Debug)]
pub struct WrRegion {
    pub call: LLVMValueRef,
    pub old: LLVMValueRef,
    pub new: LLVMValueRef,
    pub region: Region,
    pub index: Index,
    /// The mask operand (`i1 true` when unmasked).
    pub mask: LLVMValueRef,
}

impl WrRegion {
    pub fn read(call: LLVMValueRef) -> Option<WrRegion> {
        if !is_wrregion(call) || ir::call_arg_count(call) != 8 {
            return None;
        }
        let old = ir::call_arg(call, wr::OLD);
        let new = ir::call_arg(call, wr::NEW);
        let mask = ir::call_arg(call, wr::MASK);
        let n = lanes(ir::type_of(new));
        let (mut region, index) = read_region(call, wr::VSTRIDE, n, ir::type_of(old))?;
        region.masked = !is_all_ones(mask);
        Some(WrRegion { call, old, new, region, index, mask })
    }
}

/// Whether `value` is `i1 true` or an all-ones `<N x i1>` constant.
pub fn is_all_ones(value: LLVMValueRef) -> bool {
    match ir::const_int(value) {
        Some(bits) => bits & 1 == 1,
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        None => unsafe {
            // Lane by lane, stopping at the first zero (no list of lanes is built: this is asked of every mask).
            let ty = LLVMTypeOf(value);
            if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
                return false;
            }
            (0..LLVMGetVectorSize(ty))
                .all(|i| ir::constant_element(value, i).and_then(ir::const_int).is_some_and(|bits| bits & 1 == 1))
        },
    }
}

// ---- building ---------------------------------------------------------------------------------------------

/// Declares (or finds) the GenX intrinsic `base` with these result and argument types: the name is mangled and
/// the attributes set as the intrinsic table says.
pub fn declare_intrinsic(
    module: LLVMModuleRef,
    base: &str,
    ret: LLVMTypeRef,
    args: &[LLVMTypeRef],
) -> Result<LLVMValueRef, String> {
    if let Some(function) = memo::declaration(module, base, ret, args) {
        return Ok(function);
    }
    let function = declare_intrinsic_uncached(module, base, ret, args)?;
    memo::remember_declaration(module, base, ret, args, function);
    Ok(function)
}

fn declare_intrinsic_uncached(
    module: LLVMModuleRef,
    base: &str,
    ret: LLVMTypeRef,
    args: &[LLVMTypeRef],
) -> Result<LLVMValueRef, String> {
    let desc = intrinsics::get(base).ok_or_else(|| format!("'{base}' is not a GenX intrinsic"))?;
    let ir_type = |ty| ir::ir_type(ty).ok_or_else(|| format!("type {} cannot be an operand of '{base}'", ir::type_to_string(ty)));
    let ret_ir = ir_type(ret)?;
    let args_ir: Vec<IrType> = args.iter().map(|&t| ir_type(t)).collect::<Result<_, _>>()?;
    let overloads = desc.bind(&ret_ir, &args_ir)?;
    let name = intrinsics::mangled_name(desc, &overloads);
    let c_name = std::ffi::CString::new(name).map_err(|_| "NUL in intrinsic name".to_string())?;
    // SAFETY: `c_name` is NUL-terminated; the declaration is added to the live module with a parameter array whose
    // length is passed with it; the attribute name is passed with its length.
    unsafe {
        let existing = LLVMGetNamedFunction(module, c_name.as_ptr());
        if !existing.is_null() {
            return Ok(existing);
        }
        let mut params = args.to_vec();
        let fn_ty = LLVMFunctionType(ret, params.as_mut_ptr(), params.len() as u32, 0);
        let function = LLVMAddFunction(module, c_name.as_ptr(), fn_ty);
        let context = LLVMGetModuleContext(module);
        for attribute in desc.attrs.to_ir_string().split_whitespace() {
            let kind = LLVMGetEnumAttributeKindForName(attribute.as_ptr() as *const _, attribute.len());
            if kind != 0 {
                let attr = LLVMCreateEnumAttribute(context, kind, 0);
                LLVMAddAttributeAtIndex(function, crate::llvm_sys::LLVMAttributeFunctionIndex, attr);
            }
        }
        Ok(function)
    }
}

/// Builds a call of `function` (a declaration made by [`declare_intrinsic`]), named `name` unless it returns
/// nothing.
pub fn build_call(builder: LLVMBuilderRef, function: LLVMValueRef, args: &mut [LLVMValueRef], name: &str) -> LLVMValueRef {
    // SAFETY: type queries on a live function declaration; `call_named` builds at the caller's builder.
    unsafe {
        let fn_ty = LLVMGlobalGetValueType(function);
        let returns_value = || LLVMGetTypeKind(LLVMGetReturnType(fn_ty)) != LLVMTypeKind::LLVMVoidTypeKind;
        call_named(builder, fn_ty, function, args, if !name.is_empty() && returns_value() { name } else { "" })
    }
}

/// What building region calls needs again and again: the context's `i1`/`i16`/`i32` types, and, for a run that
/// builds many calls ([`RegionCalls::for_run`]), tables of the constants, vector types and declarations made
/// so far. [`build_rdregion`] and [`build_wrregion`] use one without tables for a single call.
///
/// A run's tables are direct-mapped and trusted without a check: within a run no function is deleted or
/// renamed, and a constant or type lives as long as its context. The tables are the thread's, taken for the
/// run and given back when the `RegionCalls` is dropped (which must be before the run ends); entries stay
/// valid into the next run while the glue's pipeline generation ([`memo::generation`]) is the one they were
/// made in (only function passes ran since, on this thread's module), and are all dropped otherwise. A miss
/// asks the thread's memos ([`memo::const_int`], [`declare_intrinsic`]), which check what they remember.
pub struct RegionCalls {
    module: LLVMModuleRef,
    i1: LLVMTypeRef,
    i16: LLVMTypeRef,
    i32: LLVMTypeRef,
    tables: Option<Box<RunTables>>,
}

/// The tables of [`RegionCalls`]. An entry is valid when it carries the current `stamp`.
struct RunTables {
    stamp: u64,
    /// The pipeline generation `stamp` was given in (0: none, the stamp holds for one run).
    generation: u64,
    undef_i32: LLVMValueRef,
    true_i1: LLVMValueRef,
    /// `i32` constants from [`SMALL_I32`]`.start`, by value (region parameters are mostly small).
    small_i32: [(u64, LLVMValueRef); (SMALL_I32.end - SMALL_I32.start) as usize],
    /// Integer constants by type and bits.
    constants: Table<(LLVMTypeRef, u64), LLVMValueRef, 1024>,
    /// Vector types by element type and length.
    vector_types: Table<(LLVMTypeRef, u32), LLVMTypeRef, 256>,
    /// The region intrinsics declared, with their function types.
    declarations: Table<DeclarationKey, (LLVMValueRef, LLVMTypeRef), 1024>,
}

/// The `i32` values kept in [`RunTables::small_i32`].
const SMALL_I32: std::ops::Range<i64> = -64..192;

impl RunTables {
    /// Empties every table (a new stamp).
    fn clear(&mut self) {
        self.stamp += 1;
        self.constants.filled = 0;
        self.vector_types.filled = 0;
        self.declarations.filled = 0;
    }
}

/// An open-addressing table of `N` entries (a power of two) with linear probing. An entry whose stamp is not
/// the tables' current one is empty; entries are never removed one by one, so a probe stops at the first empty
/// entry. At most three quarters are filled before the tables are emptied.
struct Table<K, V, const N: usize> {
    entries: [(u64, K, V); N],
    filled: usize,
}

impl<K: Copy + PartialEq, V: Copy, const N: usize> Table<K, V, N> {
    fn new(key: K, value: V) -> Table<K, V, N> {
        Table { entries: [(0, key, value); N], filled: 0 }
    }

    /// The value of `key` (hashed to `hash`), or the empty entry where it goes.
    fn find(&self, stamp: u64, hash: usize, key: K) -> Result<V, usize> {
        let mut at = hash & (N - 1);
        loop {
            let (entry_stamp, entry_key, value) = &self.entries[at];
            if *entry_stamp != stamp {
                return Err(at);
            }
            if *entry_key == key {
                return Ok(*value);
            }
            at = (at + 1) & (N - 1);
        }
    }

    /// Whether one more entry would fill more than three quarters.
    fn is_full(&self) -> bool {
        self.filled + 1 > N / 4 * 3
    }
}

/// Finds `key` in the table `$table` of `$tables`, or makes its value with `$make` (which may fail with `?`)
/// and keeps it.
macro_rules! find_or_make {
    ($tables:expr, $table:ident, $hash:expr, $key:expr, $make:expr) => {{
        let (hash, key) = ($hash, $key);
        match $tables.$table.find($tables.stamp, hash, key) {
            Ok(value) => value,
            Err(mut at) => {
                let value = $make;
                if $tables.$table.is_full() {
                    $tables.clear();
                    at = $tables.$table.find($tables.stamp, hash, key).unwrap_err();
                }
                $tables.$table.entries[at] = ($tables.stamp, key, value);
                $tables.$table.filled += 1;
                value
            }
        }
    }};
}

thread_local! {
    /// The thread's [`RunTables`] between two runs.
    static RUN_TABLES: std::cell::RefCell<Option<Box<RunTables>>> = const { std::cell::RefCell::new(None) };
}

/// The types that tell a region intrinsic's declarations apart (its other operands are `i32`):
/// `[result, input, offset, null]` for `rdregion`, `[old, new, offset, mask]` for `wrregion`; the element
/// type (integer or floating point) picks the base name.
type DeclarationKey = [LLVMTypeRef; 4];

/// A hash of these words (FxHasher's mixing, high half).
fn run_hash<const N: usize>(words: [u64; N]) -> usize {
    let mut h = 0u64;
    for word in words {
        h = (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    (h >> 32) as usize
}

impl RegionCalls {
    /// For building one call at a time in `module` (nothing is kept).
    pub fn single(module: LLVMModuleRef) -> RegionCalls {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let context = LLVMGetModuleContext(module);
            RegionCalls {
                module,
                i1: LLVMInt1TypeInContext(context),
                i16: LLVMInt16TypeInContext(context),
                i32: LLVMInt32TypeInContext(context),
                tables: None,
            }
        }
    }

    /// For building many calls in `module` during one run of a pass over one of its functions (see the type's
    /// documentation: it must not outlive the run).
    pub fn for_run(module: LLVMModuleRef) -> RegionCalls {
        let mut calls = RegionCalls::single(module);
        use std::ptr::null_mut as null;
        let taken = RUN_TABLES.try_with(|cell| cell.borrow_mut().take()).ok().flatten();
        let mut tables = taken.unwrap_or_else(|| {
            Box::new(RunTables {
                stamp: 0,
                generation: 0,
                undef_i32: null(),
                true_i1: null(),
                small_i32: [(0, null()); (SMALL_I32.end - SMALL_I32.start) as usize],
                constants: Table::new((null(), 0), null()),
                vector_types: Table::new((null(), 0), null()),
                declarations: Table::new([null(); 4], (null(), null())),
            })
        });
        let generation = memo::generation();
        if generation == 0 || generation != tables.generation {
            tables.clear();
            tables.generation = generation;
        }
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        tables.undef_i32 = unsafe { LLVMGetUndef(calls.i32) };
        tables.true_i1 = memo::const_int(calls.i1, 1, false);
        calls.tables = Some(tables);
        calls
    }

    /// The integer constant `bits` of type `ty` (at most 64 bits wide; sign-extended).
    #[inline]
    pub fn int(&mut self, ty: LLVMTypeRef, bits: u64) -> LLVMValueRef {
        let Some(tables) = &mut self.tables else { return memo::const_int(ty, bits, true) };
        find_or_make!(tables, constants, run_hash([ty as u64, bits]), (ty, bits), memo::const_int(ty, bits, true))
    }

    fn i32_const(&mut self, value: i64) -> LLVMValueRef {
        if let Some(tables) = &mut self.tables {
            if SMALL_I32.contains(&value) {
                let entry = &mut tables.small_i32[(value - SMALL_I32.start) as usize];
                if entry.0 != tables.stamp {
                    *entry = (tables.stamp, memo::const_int(self.i32, value as u64, true));
                }
                return entry.1;
            }
        }
        self.int(self.i32, value as u64)
    }

    /// `<n x element>`.
    #[inline]
    pub fn vector_type(&mut self, element: LLVMTypeRef, n: u32) -> LLVMTypeRef {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        let Some(tables) = &mut self.tables else { return unsafe { LLVMVectorType(element, n) } };
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        find_or_make!(tables, vector_types, run_hash([element as u64, n as u64]), (element, n), unsafe {
            LLVMVectorType(element, n)
        })
    }

    /// The declaration of the region intrinsic `key` describes, with its function type; `types` are all its
    /// argument types (asked for only when the run has not declared it yet).
    fn declaration(
        &mut self,
        key: DeclarationKey,
        ret: LLVMTypeRef,
        types: impl FnOnce(&Self) -> ([LLVMTypeRef; 8], usize),
        base: [&'static str; 2],
    ) -> Result<(LLVMValueRef, LLVMTypeRef), String> {
        let declare = |calls: &Self| -> Result<(LLVMValueRef, LLVMTypeRef), String> {
            let (types, count) = types(calls);
            let base = if is_float(element_type(types[0])) { base[1] } else { base[0] };
            let function = declare_intrinsic(calls.module, base, ret, &types[..count])?;
            // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
            Ok((function, unsafe { LLVMGlobalGetValueType(function) }))
        };
        let Some(tables) = &self.tables else { return declare(self) };
        if let Ok(found) = tables.declarations.find(tables.stamp, run_hash(key.map(|ty| ty as u64)), key) {
            return Ok(found);
        }
        let made = declare(self)?;
        let tables = self.tables.as_mut().expect("tables checked above");
        Ok(find_or_make!(tables, declarations, run_hash(key.map(|ty| ty as u64)), key, made))
    }

    /// The offset operand for a region: a constant `i16`, or the index plus the constant part.
    fn offset_operand(
        &mut self,
        builder: LLVMBuilderRef,
        region: &Region,
        index: Index,
    ) -> Result<LLVMValueRef, String> {
        let constant = self.int(self.i16, region.offset as i64 as u64);
        Ok(match index {
            Index::Direct => constant,
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            Index::Value(value) => unsafe {
                let value = match region.indirect {
                    Indirect::Multi { first, .. } => self.index_rows(builder, value, first, region.rows())?,
                    _ => value,
                };
                if region.offset == 0 {
                    return Ok(value);
                }
                let ty = ir::type_of(value);
                let addend = if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
                    LLVMConstVector([constant].repeat(LLVMGetVectorSize(ty) as usize).as_mut_ptr(), LLVMGetVectorSize(ty))
                } else {
                    constant
                };
                LLVMBuildAdd(builder, value, addend, c"region.index".as_ptr())
            },
        })
    }

    /// The row offsets a multi-indirect region of `rows` rows reads from its index vector `index`, starting at
    /// entry `first` ([`Indirect::Multi`]; a piece of a split region starts past the first entry): `index`
    /// itself when that is all of it, else a direct `rdregion` of those entries (IGC's `IndirectIdx`).
    fn index_rows(
        &mut self,
        builder: LLVMBuilderRef,
        index: LLVMValueRef,
        first: u32,
        rows: u32,
    ) -> Result<LLVMValueRef, String> {
        let ty = ir::type_of(index);
        if ir::type_kind(ty) != LLVMTypeKind::LLVMVectorTypeKind || (first == 0 && ir::vector_size(ty) == rows) {
            return Ok(index);
        }
        let entry_bytes = ir::int_width(element_type(ty)) / 8;
        let entries = Region::new(entry_bytes, rows, rows as i32, rows, 1, (first * entry_bytes) as i32);
        self.rdregion(builder, index, &entries, Index::Direct, false, "region.rows")
    }

    fn parent_width_operand(&mut self, region: &Region) -> LLVMValueRef {
        match region.parent_width {
            Some(pw) if region.indirect.is_indirect() => self.i32_const(pw as i64),
            _ => match &self.tables {
                Some(tables) => tables.undef_i32,
                // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
                None => unsafe { LLVMGetUndef(self.i32) },
            },
        }
    }

    /// Builds `rdregion(input, region)` at the builder's position. The result has `region.num_elements`
    /// elements of the input's element type, as a scalar when `scalar_result` and the region has one element.
    pub fn rdregion(
        &mut self,
        builder: LLVMBuilderRef,
        input: LLVMValueRef,
        region: &Region,
        index: Index,
        scalar_result: bool,
        name: &str,
    ) -> Result<LLVMValueRef, String> {
        let input_ty = ir::type_of(input);
        let element = element_type(input_ty);
        let ret =
            if scalar_result && region.num_elements == 1 { element } else { self.vector_type(element, region.num_elements) };
        let offset = self.offset_operand(builder, region, index)?;
        let mut args = [
            input,
            self.i32_const(region.vstride as i64),
            self.i32_const(region.width as i64),
            self.i32_const(region.stride as i64),
            offset,
            self.parent_width_operand(region),
        ];
        let offset_ty = ir::type_of(offset);
        let key = [ret, input_ty, offset_ty, std::ptr::null_mut()];
        let types = |c: &Self| {
            let mut types = [c.i32; 8];
            (types[0], types[4]) = (input_ty, offset_ty);
            (types, 6)
        };
        let (function, fn_ty) = self.declaration(key, ret, types, ["llvm.genx.rdregioni", "llvm.genx.rdregionf"])?;
        Ok(call_named(builder, fn_ty, function, &mut args, name))
    }

    /// Builds `wrregion(old, new, region, mask)` at the builder's position (unmasked: `i1 true`).
    #[allow(clippy::too_many_arguments)]
    pub fn wrregion(
        &mut self,
        builder: LLVMBuilderRef,
        old: LLVMValueRef,
        new: LLVMValueRef,
        region: &Region,
        index: Index,
        mask: Option<LLVMValueRef>,
        name: &str,
    ) -> Result<LLVMValueRef, String> {
        let old_ty = ir::type_of(old);
        let offset = self.offset_operand(builder, region, index)?;
        let mask = mask.unwrap_or_else(|| match &self.tables {
            Some(tables) => tables.true_i1,
            None => memo::const_int(self.i1, 1, false),
        });
        let mut args = [
            old,
            new,
            self.i32_const(region.vstride as i64),
            self.i32_const(region.width as i64),
            self.i32_const(region.stride as i64),
            offset,
            self.parent_width_operand(region),
            mask,
        ];
        let (new_ty, offset_ty, mask_ty) = (ir::type_of(new), ir::type_of(offset), ir::type_of(mask));
        let key = [old_ty, new_ty, offset_ty, mask_ty];
        let types = |c: &Self| {
            let mut types = [c.i32; 8];
            (types[0], types[1], types[5], types[7]) = (old_ty, new_ty, offset_ty, mask_ty);
            (types, 8)
        };
        let (function, fn_ty) = self.declaration(key, old_ty, types, ["llvm.genx.wrregioni", "llvm.genx.wrregionf"])?;
        Ok(call_named(builder, fn_ty, function, &mut args, name))
    }
}

impl Drop for RegionCalls {
    fn drop(&mut self) {
        if let Some(tables) = self.tables.take() {
            let _ = RUN_TABLES.try_with(|cell| *cell.borrow_mut() = Some(tables));
        }
    }
}

/// A call of `function` (of type `fn_ty`, returning a value when `name` is not empty) named `name`, set after
/// the call is built, by length: no NUL-terminated copy of the name.
fn call_named(
    builder: LLVMBuilderRef,
    fn_ty: LLVMTypeRef,
    function: LLVMValueRef,
    args: &mut [LLVMValueRef],
    name: &str,
) -> LLVMValueRef {
    // SAFETY: `args` holds `args.len()` live values; the name is passed with its length (no NUL needed) and copied
    // by LLVM.
    unsafe {
        let call = LLVMBuildCall2(builder, fn_ty, function, args.as_mut_ptr(), args.len() as u32, c"".as_ptr());
        if !name.is_empty() {
            LLVMSetValueName2(call, name.as_ptr() as *const _, name.len());
        }
        call
    }
}

/// The module containing the builder's insertion point.
fn builder_module(builder: LLVMBuilderRef) -> LLVMModuleRef {
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe { LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(builder))) }
}

/// Builds `rdregion(input, region)` at the builder's position (see [`RegionCalls::rdregion`]).
pub fn build_rdregion(
    builder: LLVMBuilderRef,
    input: LLVMValueRef,
    region: &Region,
    index: Index,
    scalar_result: bool,
    name: &str,
) -> Result<LLVMValueRef, String> {
    RegionCalls::single(builder_module(builder)).rdregion(builder, input, region, index, scalar_result, name)
}

/// Builds `wrregion(old, new, region, mask)` at the builder's position (see [`RegionCalls::wrregion`]).
pub fn build_wrregion(
    builder: LLVMBuilderRef,
    old: LLVMValueRef,
    new: LLVMValueRef,
    region: &Region,
    index: Index,
    mask: Option<LLVMValueRef>,
    name: &str,
) -> Result<LLVMValueRef, String> {
    RegionCalls::single(builder_module(builder)).wrregion(builder, old, new, region, index, mask, name)
}

extern "C" {
    fn genx_take_name(new: LLVMValueRef, old: LLVMValueRef);
}

/// Replaces every use of `old` by `new` and gives `new` the name of `old` (when `new` is an unnamed
/// instruction). `old` stays in place, unused and unnamed.
pub fn replace_uses(old: LLVMValueRef, new: LLVMValueRef) {
    // SAFETY: use-list edit on live values (nothing freed); the glue's `takeName` only moves the name.
    unsafe {
        LLVMReplaceAllUsesWith(old, new);
        // `takeName` does nothing when `old` has no name, so only `new` is asked (a name is a lookup).
        if !LLVMIsAInstruction(new).is_null() && !ir::has_name(new) {
            genx_take_name(new, old);
        }
    }
}

/// Replaces every use of `old` by `new`, gives `new` its name (see [`replace_uses`]), and erases `old`.
pub fn replace_and_erase(old: LLVMValueRef, new: LLVMValueRef) {
    replace_uses(old, new);
    // SAFETY: `replace_uses` just moved every use of `old` to `new`, so erasing `old` leaves no use pointing at it.
    unsafe { LLVMInstructionEraseFromParent(old) };
}

/// Erases an instruction when nothing uses it and it has no side effects a pass must keep
/// ([`is_side_effect_free`]). Returns whether it was erased.
pub fn erase_if_dead(inst: LLVMValueRef) -> bool {
    // SAFETY: only a live instruction that nothing uses is erased, so no use is left pointing at it.
    unsafe {
        if LLVMIsAInstruction(inst).is_null() || !LLVMGetFirstUse(inst).is_null() || !is_side_effect_free(inst) {
            return false;
        }
        LLVMInstructionEraseFromParent(inst);
        true
    }
}

/// Whether an instruction has no side effects a pass must keep: a call of a `readnone` GenX intrinsic without
/// side effects, or a non-call instruction that neither accesses memory, ends a block, nor divides (a division
/// by zero may trap).
pub fn is_side_effect_free(inst: LLVMValueRef) -> bool {
    let Some(opcode) = ir::opcode(inst) else { return false };
    match opcode {
        LLVMOpcode::LLVMCall => genx_desc(inst).is_some_and(|desc| desc.attrs.readnone && !desc.attrs.has_side_effects),
        LLVMOpcode::LLVMStore
        | LLVMOpcode::LLVMLoad
        | LLVMOpcode::LLVMBr
        | LLVMOpcode::LLVMRet
        | LLVMOpcode::LLVMSwitch
        | LLVMOpcode::LLVMUnreachable
        | LLVMOpcode::LLVMAlloca
        | LLVMOpcode::LLVMFence
        | LLVMOpcode::LLVMAtomicRMW
        | LLVMOpcode::LLVMAtomicCmpXchg
        | LLVMOpcode::LLVMInvoke => false,
        LLVMOpcode::LLVMUDiv | LLVMOpcode::LLVMSDiv | LLVMOpcode::LLVMURem | LLVMOpcode::LLVMSRem => false,
        _ => true,
    }
}

/// [`erase_if_dead`] on each of `values` in order, a value listed more than once (the operands of `x op x`) only
/// the first time: erasing frees it, so a second look would read freed memory. Returns the erased values (a
/// caller holding a list of instructions to visit skips them).
pub fn erase_dead(values: &[LLVMValueRef]) -> Vec<LLVMValueRef> {
    let mut erased = Vec::new();
    for (i, &value) in values.iter().enumerate() {
        if !values[..i].contains(&value) && erase_if_dead(value) {
            erased.push(value);
        }
    }
    erased
}

/// A builder positioned before `inst` (dispose with `LLVMDisposeBuilder`, or use [`with_builder_before`]).
pub fn with_builder_before<T>(inst: LLVMValueRef, f: impl FnOnce(LLVMBuilderRef) -> T) -> T {
    // SAFETY: `inst` is a live instruction with a parent function; the builder created here is disposed after `f`
    // returns (`f` only borrows it).
    unsafe {
        let context = LLVMGetModuleContext(LLVMGetGlobalParent(ir::parent_function(inst)));
        let builder = LLVMCreateBuilderInContext(context);
        LLVMPositionBuilderBefore(builder, inst);
        let result = f(builder);
        LLVMDisposeBuilder(builder);
        result
    }
}
