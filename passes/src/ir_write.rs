//! Safe writers over the LLVM C API for the rewriting passes: building integer arithmetic, casts, conversions
//! and constants before an instruction, and erasing instructions once they are unused.
//!
//! # Why
//! The code-quality passes (`genx-int-narrow`, `genx-float-narrow`, `genx-window-sum`, `genx-column-write`)
//! rebuild small expression trees and erase the ones they replace. Calling the C API inline put one `unsafe`
//! block at each builder call; here the few calls they need get one safety argument, made once, and the passes
//! stay free of `unsafe`. [`crate::ir`] is the reading side of the same edge; region calls are built through
//! [`crate::region_ir`].
//!
//! # Safety argument (for every `unsafe` block of this file)
//! 1. Handles are live. A [`Writer`] only exists inside [`Writer::before`], whose builder is created in the
//!    context of the instruction's module, positioned before that instruction and disposed when the closure
//!    returns, or inside [`Writer::over`], whose builder the calling pass owns and has positioned in a block; the values and types handed in come, like every handle of [`crate::ir`], from the module the pass
//!    is running on, which outlives the pass body.
//! 2. Builder and constant calls only allocate new IR. The C API's builders (`LLVMBuild*`) and constant makers
//!    (`LLVMConst*`, `LLVM*Type*`) read their operands and create values owned by the context; with live handles
//!    they touch no other memory. A mistyped operand (operand widths that differ, a cast in the wrong
//!    direction) cannot corrupt memory in a release libLLVM: it makes IR that `genx-verify` and LLVM's verifier
//!    reject. The wrappers still check the types they are given (`debug_assert!`) so a pass bug shows in tests.
//! 3. Erasing never leaves a dangling use. [`erase_unused`] deletes an instruction only when it is an
//!    instruction inside a block and nothing uses it, so no `Use` of another value points at freed memory. The
//!    erased handle is dead afterwards; the passes drop it (each erases a node once, from the root down).
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::ir;

/// An IR builder positioned before one instruction; exists only inside [`Writer::before`].
pub struct Writer {
    builder: LLVMBuilderRef,
    module: LLVMModuleRef,
}

impl Writer {
    /// Runs `f` with a writer whose new instructions go right before `inst` (in order of building).
    pub fn before<T>(inst: LLVMValueRef, f: impl FnOnce(&mut Writer) -> T) -> T {
        // SAFETY: see the module note (a live instruction's function and module).
        let module = unsafe { LLVMGetGlobalParent(ir::parent_function(inst)) };
        crate::region_ir::with_builder_before(inst, |builder| f(&mut Writer { builder, module }))
    }

    /// Runs `f` with a writer over `builder`: a builder the calling pass owns and has positioned inside a
    /// function of the module it rewrites (new instructions go where it points; it stays the caller's).
    pub fn over<T>(builder: LLVMBuilderRef, f: impl FnOnce(&mut Writer) -> T) -> T {
        // SAFETY: see the module note (a positioned builder's block, its function and module are live).
        let module = unsafe { LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInsertBlock(builder))) };
        f(&mut Writer { builder, module })
    }

    /// The raw builder, for [`crate::region_ir::build_rdregion`] and its kin (which take one).
    pub fn builder(&self) -> LLVMBuilderRef {
        self.builder
    }

    /// `lhs <opcode> rhs` for a binary integer or float opcode; both operands of one type.
    pub fn binop(&mut self, opcode: LLVMOpcode, lhs: LLVMValueRef, rhs: LLVMValueRef) -> LLVMValueRef {
        debug_assert_eq!(ir::type_of(lhs), ir::type_of(rhs), "binary operands of one type");
        // SAFETY: see the module note (live handles; a builder call only creates IR).
        unsafe { LLVMBuildBinOp(self.builder, opcode, lhs, rhs, c"".as_ptr()) }
    }

    pub fn add(&mut self, lhs: LLVMValueRef, rhs: LLVMValueRef) -> LLVMValueRef {
        self.binop(LLVMOpcode::LLVMAdd, lhs, rhs)
    }

    pub fn sub(&mut self, lhs: LLVMValueRef, rhs: LLVMValueRef) -> LLVMValueRef {
        self.binop(LLVMOpcode::LLVMSub, lhs, rhs)
    }

    pub fn mul(&mut self, lhs: LLVMValueRef, rhs: LLVMValueRef) -> LLVMValueRef {
        self.binop(LLVMOpcode::LLVMMul, lhs, rhs)
    }

    pub fn lshr(&mut self, lhs: LLVMValueRef, rhs: LLVMValueRef) -> LLVMValueRef {
        self.binop(LLVMOpcode::LLVMLShr, lhs, rhs)
    }

    /// An integer cast (`zext`, `sext`, `trunc`) or an integer-to-float conversion (`uitofp`, `sitofp`) of
    /// `value` to `ty`, which has the same number of lanes.
    pub fn cast(&mut self, opcode: LLVMOpcode, value: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
        use LLVMOpcode::*;
        debug_assert!(matches!(opcode, LLVMZExt | LLVMSExt | LLVMTrunc | LLVMUIToFP | LLVMSIToFP));
        debug_assert_eq!(crate::region_ir::lanes(ir::type_of(value)), crate::region_ir::lanes(ty), "a cast keeps lanes");
        // SAFETY: see the module note (live handles; a builder call only creates IR).
        unsafe { LLVMBuildCast(self.builder, opcode, value, ty, c"".as_ptr()) }
    }

    /// A call of the GenX intrinsic `base` (`llvm.genx.absi`, ...) returning `ret`, declared as the intrinsic
    /// table says ([`crate::region_ir::declare_intrinsic`]); an error when the table has no such overload.
    pub fn genx_call(&mut self, base: &str, ret: LLVMTypeRef, args: &mut [LLVMValueRef]) -> Result<LLVMValueRef, String> {
        let types: Vec<LLVMTypeRef> = args.iter().map(|&a| ir::type_of(a)).collect();
        let function = crate::region_ir::declare_intrinsic(self.module, base, ret, &types)?;
        Ok(crate::region_ir::build_call(self.builder, function, args, ""))
    }

    /// `fneg value` (a float or float vector).
    pub fn fneg(&mut self, value: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: see the module note (live handles; a builder call only creates IR).
        unsafe { LLVMBuildFNeg(self.builder, value, c"".as_ptr()) }
    }
    /// A call of the intrinsic `base` (GenX through the intrinsic table, or an LLVM one such as `llvm.fma`,
    /// overloaded on `ret`) with `args`; an error when there is no such intrinsic.
    pub fn intrinsic_call(&mut self, base: &str, ret: LLVMTypeRef, args: &mut [LLVMValueRef]) -> Result<LLVMValueRef, String> {
        crate::legalize::call_intrinsic(self.builder, base, ret, args, "")
    }
    /// `select cond, on_true, on_false` (the arms of one type; `cond` `i1` or a vector of as many `i1`).
    pub fn select(&mut self, cond: LLVMValueRef, on_true: LLVMValueRef, on_false: LLVMValueRef) -> LLVMValueRef {
        debug_assert_eq!(ir::type_of(on_true), ir::type_of(on_false), "select arms of one type");
        // SAFETY: see the module note (live handles; a builder call only creates IR).
        unsafe { LLVMBuildSelect(self.builder, cond, on_true, on_false, c"".as_ptr()) }
    }

    /// `value` viewed as `ty` (a `bitcast` of the same size; a constant is cast as a constant).
    pub fn bitcast(&mut self, value: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
        // SAFETY: see the module note (live handles; a builder call only creates IR).
        unsafe { LLVMBuildBitCast(self.builder, value, ty, c"".as_ptr()) }
    }

    /// `icmp predicate lhs, rhs`; both operands of one integer (or integer vector) type. The project's one way to
    /// build an integer compare (a pass with a builder of its own reaches it through [`Writer::over`]).
    pub fn icmp(&mut self, predicate: llvm_sys::LLVMIntPredicate, lhs: LLVMValueRef, rhs: LLVMValueRef) -> LLVMValueRef {
        self.icmp_named(predicate, lhs, rhs, c"")
    }

    /// [`Writer::icmp`] whose result is named `name`.
    pub fn icmp_named(
        &mut self,
        predicate: llvm_sys::LLVMIntPredicate,
        lhs: LLVMValueRef,
        rhs: LLVMValueRef,
        name: &std::ffi::CStr,
    ) -> LLVMValueRef {
        debug_assert_eq!(ir::type_of(lhs), ir::type_of(rhs), "compared operands of one type");
        // SAFETY: see the module note (live handles; a builder call only creates IR).
        unsafe { LLVMBuildICmp(self.builder, predicate, lhs, rhs, name.as_ptr()) }
    }

    /// `value` extended to `ty`: `sext` when `signed`, else `zext`.
    pub fn extend(&mut self, value: LLVMValueRef, ty: LLVMTypeRef, signed: bool) -> LLVMValueRef {
        self.cast(if signed { LLVMOpcode::LLVMSExt } else { LLVMOpcode::LLVMZExt }, value, ty)
    }
}

/// The integer type of `bits` bits with the shape of `shape`: `iK` for a scalar, `<N x iK>` for an `N`-lane
/// vector.
pub fn int_type_like(shape: LLVMTypeRef, bits: u32) -> LLVMTypeRef {
    // SAFETY: see the module note (live handles; type makers only create types in the context).
    unsafe {
        let int = LLVMIntTypeInContext(LLVMGetTypeContext(shape), bits);
        if LLVMGetTypeKind(shape) == LLVMTypeKind::LLVMVectorTypeKind {
            LLVMVectorType(int, LLVMGetVectorSize(shape))
        } else {
            int
        }
    }
}

/// The vector type `<n x element>`.
pub fn vector_type(element: LLVMTypeRef, n: u32) -> LLVMTypeRef {
    // SAFETY: see the module note (live handles; type makers only create types in the context).
    unsafe { LLVMVectorType(element, n) }
}

/// The integer constant `value` of the integer (or integer vector) type `ty`, every lane the same.
pub fn splat_int(ty: LLVMTypeRef, value: u64) -> LLVMValueRef {
    debug_assert!(ir::int_element_bits(ty).is_some(), "an integer type");
    // SAFETY: see the module note (live handles; constant makers only create constants in the context).
    unsafe {
        if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind {
            let n = LLVMGetVectorSize(ty);
            let scalar = LLVMConstInt(LLVMGetElementType(ty), value, 0);
            LLVMConstVector(vec![scalar; n as usize].as_mut_ptr(), n)
        } else {
            LLVMConstInt(ty, value, 0)
        }
    }
}

/// The integer vector constant of type `ty` whose lanes are `lanes` (as many as `ty` has).
pub fn const_int_vector(ty: LLVMTypeRef, lanes: &[u64]) -> LLVMValueRef {
    // SAFETY: see the module note (live handles; constant makers only create constants in the context).
    unsafe {
        debug_assert_eq!(LLVMGetVectorSize(ty) as usize, lanes.len(), "one value per lane");
        let element = LLVMGetElementType(ty);
        let mut values: Vec<LLVMValueRef> = lanes.iter().map(|&v| LLVMConstInt(element, v, 0)).collect();
        LLVMConstVector(values.as_mut_ptr(), values.len() as u32)
    }
}

/// The integer constant `constant` truncated to the narrower integer type `ty` (of the same shape).
pub fn const_trunc(constant: LLVMValueRef, ty: LLVMTypeRef) -> LLVMValueRef {
    debug_assert!(ir::is_constant(constant));
    debug_assert!(ir::int_element_bits(ty) <= ir::int_element_bits(ir::type_of(constant)), "a trunc narrows");
    // SAFETY: see the module note (live handles; constant makers only create constants in the context).
    unsafe { LLVMConstTrunc(constant, ty) }
}

/// Erases `inst` when it is an instruction in a block that nothing uses; returns whether it did. Unlike
/// [`crate::region_ir::erase_if_dead`] it does not ask whether the instruction has side effects: the caller
/// erases what it has itself replaced.
pub fn erase_unused(inst: LLVMValueRef) -> bool {
    // SAFETY: see the module note (point 3: only an unused instruction is deleted).
    unsafe {
        if LLVMIsAInstruction(inst).is_null()
            || LLVMGetInstructionParent(inst).is_null()
            || !LLVMGetFirstUse(inst).is_null()
        {
            return false;
        }
        LLVMInstructionEraseFromParent(inst);
        true
    }
}

/// `undef` of type `ty`.
pub fn undef(ty: LLVMTypeRef) -> LLVMValueRef {
    // SAFETY: see the module note (point 2: a constant maker).
    unsafe { LLVMGetUndef(ty) }
}

/// The zero (null) constant of type `ty`.
pub fn zero(ty: LLVMTypeRef) -> LLVMValueRef {
    // SAFETY: see the module note (point 2: a constant maker).
    unsafe { LLVMConstNull(ty) }
}

/// The all-ones constant of the integer (or integer vector) type `ty`.
pub fn all_ones(ty: LLVMTypeRef) -> LLVMValueRef {
    // SAFETY: see the module note (point 2: a constant maker).
    unsafe { LLVMConstAllOnes(ty) }
}

/// The integer constant `value` of the integer type `ty` (`sign_extend`: `value` is taken as signed when `ty`
/// is wider than 64 bits).
pub fn const_int(ty: LLVMTypeRef, value: u64, sign_extend: bool) -> LLVMValueRef {
    // SAFETY: see the module note (point 2: a constant maker).
    unsafe { LLVMConstInt(ty, value, sign_extend as i32) }
}

/// The integer type `iN` in `context`.
pub fn int_type(context: LLVMContextRef, bits: u32) -> LLVMTypeRef {
    // SAFETY: see the module note (point 2: a type maker).
    unsafe { LLVMIntTypeInContext(context, bits) }
}

/// Replaces every use of `old` by `new` (of the same type); `old` stays, unused. See
/// [`crate::region_ir::replace_uses`] for the variant that also moves the name.
pub fn replace_all_uses(old: LLVMValueRef, new: LLVMValueRef) {
    debug_assert_eq!(ir::type_of(old), ir::type_of(new), "a replacement of the same type");
    // SAFETY: see the module note (live handles; a use list edit frees nothing).
    unsafe { LLVMReplaceAllUsesWith(old, new) }
}

/// Sets operand `index` (below its operand count) of `user` to `value`.
pub fn set_operand(user: LLVMValueRef, index: u32, value: LLVMValueRef) {
    debug_assert!(index < ir::operand_count(user), "an existing operand");
    // SAFETY: see the module note (live handles; a use list edit frees nothing).
    unsafe { LLVMSetOperand(user, index, value) }
}

/// Sets successor `index` (below its successor count) of a terminator to `block`.
pub fn set_successor(terminator: LLVMValueRef, index: u32, block: LLVMBasicBlockRef) {
    debug_assert!(index < ir::successor_count(terminator), "an existing successor");
    // SAFETY: see the module note (live handles; a use list edit frees nothing).
    unsafe { LLVMSetSuccessor(terminator, index, block) }
}

/// Erases an instruction the caller has made unused (its uses replaced). An instruction still in use is kept
/// (erasing it would leave its users pointing at freed memory): that is a pass bug, caught by a debug assertion
/// in tests and by `genx-verify` (the replaced instruction remains) otherwise.
pub fn erase(inst: LLVMValueRef) {
    let erased = erase_unused(inst);
    debug_assert!(erased, "erase of an instruction still in use: {}", ir::value_to_string(inst));
}
