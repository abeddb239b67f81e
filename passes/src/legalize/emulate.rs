//! 64-bit integer operations on platforms without them (`emulate_i64`: Gen11, Xe-LP, Xe-HPG), done on 32-bit
//! halves (docs/genx-ir.md §2.4, GenXEmulate): the operands are bitcast to `<2N x i32>`, the low and high halves read
//! with stride-2 regions, combined, and the result halves written back with stride-2 regions and bitcast to
//! `<N x i64>`.
//!
//! | operation | low half | high half |
//! |---|---|---|
//! | `add` | `addc` (carry out) | `a.hi + b.hi + carry` |
//! | `sub` | `subb` (borrow out) | `a.hi - b.hi - borrow` |
//! | `and`/`or`/`xor` | on the low halves | on the high halves |
//! | `mul` | `a.lo * b.lo` | `umulh(a.lo, b.lo) + a.lo * b.hi + a.hi * b.lo` |
//! | `shl`/`lshr`/`ashr` | see `emulate/shifts.rs` (constant and run-time amounts) | |
//! | `zext`/`sext` to i64 (from i1 to i32) | the value as i32 | 0 / `lo >> 31` (arithmetic) |
//! | `trunc` from i64 | the low half, truncated | — |
//! | `select` | per half | per half |
//! | `icmp` | `eq`: both halves equal; `ne`: either differs; orders: high half strictly, or equal high halves and the low halves unsigned | |
//!
//! (IGC lowers `mul i64` in GenXLowering, as `umulh` and multiplies; it is done here because genx-lowering does
//! not yet; a cross term with a constant zero half, a widened 32-bit operand, is left out.) A constant operand's
//! halves are constant vectors of its lanes' halves. Other 64-bit arithmetic — division (but by ±2^k, which
//! `expand.rs` made shifts), conversions to and from floating point, GenX ALU intrinsics on `i64` — is refused
//! with a located error naming the platform. Moves of `i64` data (regions,
//! bitcasts, phis, loads, stores, address computations) need no emulation; genx-legalize turns 64-bit region
//! moves into 32-bit ones (`moves.rs`).
//!
//! Runs after the first legalization sweep, so the operations are already at most one instruction wide
//! (SIMD8 `i64` on a 32-byte GRF): the halves are SIMD8 `i32` operations and stride-2 regions within two GRFs.

use genx_region::Region;

use crate::baling::arg_info::{self, Category};
use crate::baling::util;
use crate::diag::RemarkKind;
use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};
use crate::region_ir::{self, element_type, lanes, Index};

use super::build::{self, is_int, is_vector, opcode, operand};
use super::process::{intrinsic_base, Legalizer};
use crate::ir_write::{self, Writer};

mod shifts;
use shifts::Shift;

/// What to do with an instruction that involves `i64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum I64Use {
    /// No 64-bit arithmetic.
    None,
    /// Emulated on halves.
    Emulate,
    /// 64-bit arithmetic genx-legalize cannot emulate.
    Unsupported,
}

fn scalar_is_i64(ty: LLVMTypeRef) -> bool {
    is_int(element_type(ty), 64)
}

/// The name of an operation in messages (`mul`, `udiv`, `genx.absi`).
pub(super) fn op_name(inst: LLVMValueRef) -> String {
    super::process::describe_op(Some(inst))
}

/// Classifies `inst` for a platform that emulates `i64`.
pub(super) fn classify(inst: LLVMValueRef) -> I64Use {
    use LLVMOpcode::*;
    let Some(op) = opcode(inst) else { return I64Use::None };
    let result_i64 = scalar_is_i64(ir::type_of(inst));
    let operand_i64 = |n| scalar_is_i64(ir::type_of(operand(inst, n)));
    match op {
        LLVMAdd | LLVMSub | LLVMAnd | LLVMOr | LLVMXor | LLVMMul | LLVMSelect if result_i64 => I64Use::Emulate,
        LLVMZExt | LLVMSExt if result_i64 => {
            let from = element_type(ir::type_of(operand(inst, 0)));
            if ir::int_width(from) <= 32 {
                I64Use::Emulate
            } else {
                I64Use::Unsupported
            }
        }
        LLVMTrunc if operand_i64(0) => I64Use::Emulate,
        LLVMICmp if operand_i64(0) => I64Use::Emulate,
        LLVMShl | LLVMLShr | LLVMAShr if result_i64 => I64Use::Emulate,
        LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem if result_i64 => I64Use::Unsupported,
        LLVMFPToUI | LLVMFPToSI if result_i64 => I64Use::Unsupported,
        LLVMUIToFP | LLVMSIToFP if operand_i64(0) => I64Use::Unsupported,
        LLVMCall if result_i64 => match intrinsic_base(inst) {
            // An ALU intrinsic (a general result) computes on i64; regions, messages and the like only move it.
            Some(base) if arg_info::get(&base).and_then(|i| i.result()).is_some_and(|r| r.category == Category::General) => {
                I64Use::Unsupported
            }
            Some(base) if matches!(base.as_str(), "llvm.genx.absi" | "llvm.abs" | "llvm.smax" | "llvm.smin" | "llvm.umax" | "llvm.umin") => {
                I64Use::Unsupported
            }
            _ => I64Use::None,
        },
        _ => I64Use::None,
    }
}

/// Emulates every 64-bit operation of the function. Returns how many were emulated.
pub(super) fn emulate_function(lz: &mut Legalizer<'_>) -> u64 {
    let candidates: Vec<LLVMValueRef> = ir::blocks(lz.function)
        .flat_map(ir::instructions)
        .filter(|&inst| classify(inst) == I64Use::Emulate)
        .collect();
    let mut count = 0;
    for inst in candidates {
        let name = ir::value_name(inst);
        let op = op_name(inst);
        let before = ir::previous_instruction(inst);
        match region_ir::with_builder_before(inst, |builder| emulate(builder, inst, &name)) {
            Ok(value) => {
                // What the emulation made may be partly dead (a high half a truncation does not read, a bitcast
                // the next emulation looks through): erased at the end of the pass if still unused.
                let mut made = if before.is_null() {
                    ir::first_instruction(ir::parent_block(inst))
                } else {
                    ir::next_instruction(before)
                };
                while !made.is_null() && made != inst {
                    lz.maybe_dead.push(made);
                    made = ir::next_instruction(made);
                }
                lz.cx.remark(RemarkKind::Passed, c"Emulated", inst, &format!("i64 {op} emulated on 32-bit halves"));
                lz.replace_and_erase(inst, value);
                count += 1;
            }
            Err(reason) => {
                lz.cx.error_at(inst, format!("i64 {op} is not supported on {}: {reason}", lz.platform.name));
            }
        }
    }
    count
}

struct Emu {
    builder: LLVMBuilderRef,
    context: LLVMContextRef,
    i32_ty: LLVMTypeRef,
    name: String,
}

impl Emu {
    fn cname(&self, suffix: &str) -> std::ffi::CString {
        build::c_name(&if self.name.is_empty() { String::new() } else { format!("{}.{suffix}", self.name) })
    }

    /// `<n x i32>`.
    fn v32(&self, n: u32) -> LLVMTypeRef {
        build::vector_of(self.i32_ty, n)
    }

    fn splat32(&self, n: u32, value: i64) -> LLVMValueRef {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let mut lanes: Vec<LLVMValueRef> = (0..n).map(|_| ir_write::const_int(self.i32_ty, value as u64, true)).collect();
            LLVMConstVector(lanes.as_mut_ptr(), n)
        }
    }

    /// A scalar as `<1 x T>` (vectors unchanged).
    fn as_vector(&self, value: LLVMValueRef) -> LLVMValueRef {
        let ty = ir::type_of(value);
        if is_vector(ty) {
            value
        } else {
            build::bitcast(self.builder, value, build::vector_of(ty, 1), &format!("{}.vec", self.name))
        }
    }

    /// The low and high 32-bit halves of an `i64` value of `n` lanes, as `<n x i32>`. A constant's halves are
    /// constant vectors of plain integers (undef lanes stay undef), never constant expressions, which the vISA
    /// emitter could not take as operands.
    fn halves(&self, value: LLVMValueRef, n: u32) -> Result<(LLVMValueRef, LLVMValueRef), String> {
        if let Some(lanes) = constant_lanes(value, n) {
            let half = |shift: u32| {
                let mut elements: Vec<LLVMValueRef> = lanes
                    .iter()
                    .map(|lane| match lane {
                        Some(bits) => ir_write::const_int(self.i32_ty, (bits >> shift) & 0xffff_ffff, false),
                        None => ir_write::undef(self.i32_ty),
                    })
                    .collect();
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMConstVector(elements.as_mut_ptr(), n) }
            };
            return Ok((half(0), half(32)));
        }
        let pair_ty = self.v32(2 * n);
        let base = ir::value_name(value);
        let base = if base.is_empty() { format!("{}.op", self.name) } else { base };
        let pair = build::bitcast(self.builder, value, pair_ty, &format!("{base}.halves"));
        let lo = region_ir::build_rdregion(self.builder, pair, &Region::new(4, n, 0, n, 2, 0).canonical(), Index::Direct, false, &format!("{base}.lo"))?;
        let hi = region_ir::build_rdregion(self.builder, pair, &Region::new(4, n, 0, n, 2, 4).canonical(), Index::Direct, false, &format!("{base}.hi"))?;
        Ok((lo, hi))
    }

    /// The `i64` value (of type `ty`) with these halves.
    fn join(&self, lo: LLVMValueRef, hi: LLVMValueRef, n: u32, ty: LLVMTypeRef) -> Result<LLVMValueRef, String> {
        let pair_ty = self.v32(2 * n);
        let undef = ir_write::undef(pair_ty);
        let with_lo = region_ir::build_wrregion(self.builder, undef, lo, &Region::new(4, n, 0, n, 2, 0).canonical(), Index::Direct, None, &format!("{}.joinlo", self.name))?;
        let with_hi = region_ir::build_wrregion(self.builder, with_lo, hi, &Region::new(4, n, 0, n, 2, 4).canonical(), Index::Direct, None, &format!("{}.joinhi", self.name))?;
        Ok(build::bitcast(self.builder, with_hi, ty, &format!("{}.join", self.name)))
    }

    fn bin(&self, op: LLVMOpcode, a: LLVMValueRef, b: LLVMValueRef, suffix: &str) -> LLVMValueRef {
        let name = self.cname(suffix);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe { LLVMBuildBinOp(self.builder, op, a, b, name.as_ptr()) }
    }

    fn icmp(&self, p: LLVMIntPredicate, a: LLVMValueRef, b: LLVMValueRef, suffix: &str) -> LLVMValueRef {
        let name = self.cname(suffix);
        Writer::over(self.builder, |w| w.icmp_named(p, a, b, &name))
    }

    fn select(&self, cond: LLVMValueRef, a: LLVMValueRef, b: LLVMValueRef, suffix: &str) -> LLVMValueRef {
        let name = self.cname(suffix);
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe { LLVMBuildSelect(self.builder, cond, a, b, name.as_ptr()) }
    }

    /// `addc`/`subb` on `<n x i32>`: (carry or borrow, result).
    fn with_carry(&self, intrinsic: &str, a: LLVMValueRef, b: LLVMValueRef, n: u32) -> Result<(LLVMValueRef, LLVMValueRef), String> {
        let v = self.v32(n);
        let mut fields = [v, v];
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        let ret = unsafe { LLVMStructTypeInContext(self.context, fields.as_mut_ptr(), 2, 0) };
        let mut args = [a, b];
        let what = if intrinsic.ends_with("subb") { "borrow" } else { "carry" };
        let call = build::call_intrinsic(self.builder, intrinsic, ret, &mut args, &format!("{}.lo.{what}", self.name))?;
        let carry_name = self.cname(what);
        let sum_name = self.cname("lo");
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            Ok((LLVMBuildExtractValue(self.builder, call, 0, carry_name.as_ptr()), LLVMBuildExtractValue(self.builder, call, 1, sum_name.as_ptr())))
        }
    }
}

fn emulate(builder: LLVMBuilderRef, inst: LLVMValueRef, name: &str) -> Result<LLVMValueRef, String> {
    use LLVMOpcode::*;
    let context = build::context_of(inst);
    let e = Emu { builder, context, i32_ty: ir_write::int_type(context, 32), name: name.to_string() };
    let ty = ir::type_of(inst);
    let op = opcode(inst).ok_or("not an instruction")?;
    match op {
        LLVMAdd | LLVMSub | LLVMAnd | LLVMOr | LLVMXor | LLVMMul => {
            let n = lanes(ty);
            let (alo, ahi) = e.halves(operand(inst, 0), n)?;
            let (blo, bhi) = e.halves(operand(inst, 1), n)?;
            let (lo, hi) = match op {
                LLVMAdd => {
                    let (carry, lo) = e.with_carry("llvm.genx.addc", alo, blo, n)?;
                    let sum = e.bin(LLVMAdd, ahi, bhi, "hi.sum");
                    (lo, e.bin(LLVMAdd, sum, carry, "hi"))
                }
                LLVMSub => {
                    let (borrow, lo) = e.with_carry("llvm.genx.subb", alo, blo, n)?;
                    let diff = e.bin(LLVMSub, ahi, bhi, "hi.diff");
                    (lo, e.bin(LLVMSub, diff, borrow, "hi"))
                }
                LLVMMul => {
                    let lo = e.bin(LLVMMul, alo, blo, "lo");
                    let mut args = [alo, blo];
                    let carry = build::call_intrinsic(builder, "llvm.genx.umulh", e.v32(n), &mut args, &format!("{name}.lo.high"))?;
                    // A cross term with a constant zero half (a 32-bit constant or index widened) is left out.
                    let mut hi = carry;
                    if !util::is_zero(bhi) {
                        let cross1 = e.bin(LLVMMul, alo, bhi, "cross1");
                        hi = e.bin(LLVMAdd, hi, cross1, "hi.sum");
                    }
                    if !util::is_zero(ahi) {
                        let cross2 = e.bin(LLVMMul, ahi, blo, "cross2");
                        hi = e.bin(LLVMAdd, hi, cross2, "hi");
                    }
                    (lo, hi)
                }
                _ => (e.bin(op, alo, blo, "lo"), e.bin(op, ahi, bhi, "hi")),
            };
            e.join(lo, hi, n, ty)
        }
        LLVMShl | LLVMLShr | LLVMAShr => {
            let n = lanes(ty);
            let shift = Shift::of(op).ok_or("not a shift")?;
            let value = operand(inst, 0);
            let amount = operand(inst, 1);
            if let Some(k) = util::splat_int(amount) {
                // A constant amount of 64 or more gives poison: any result will do, this one is the value.
                let k = k as u64;
                if k == 0 || k >= 64 {
                    return Ok(value);
                }
                let (lo, hi) = e.halves(value, n)?;
                let (lo, hi) = e.shift_by_constant(shift, lo, hi, k as u32, n);
                return e.join(lo, hi, n, ty);
            }
            let (lo, hi) = e.halves(value, n)?;
            let (s_lo, _) = e.halves(amount, n)?;
            let (lo, hi) = e.shift_by_variable(shift, lo, hi, s_lo, n);
            e.join(lo, hi, n, ty)
        }
        LLVMSelect => {
            let n = lanes(ty);
            let cond = operand(inst, 0);
            let (alo, ahi) = e.halves(operand(inst, 1), n)?;
            let (blo, bhi) = e.halves(operand(inst, 2), n)?;
            // A scalar i64 select has a scalar condition and `<1 x i32>` halves: LLVM allows that.
            let lo_name = e.cname("lo");
            let hi_name = e.cname("hi");
            // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
            // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
            let (lo, hi) = unsafe {
                (LLVMBuildSelect(builder, cond, alo, blo, lo_name.as_ptr()), LLVMBuildSelect(builder, cond, ahi, bhi, hi_name.as_ptr()))
            };
            e.join(lo, hi, n, ty)
        }
        LLVMZExt | LLVMSExt => {
            let n = lanes(ty);
            let source = e.as_vector(operand(inst, 0));
            let from = ir::int_width(element_type(ir::type_of(source)));
            let lo = if from < 32 {
                let cname = e.cname("lo");
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMBuildCast(builder, op, source, e.v32(n), cname.as_ptr()) }
            } else {
                source
            };
            let hi = if op == LLVMZExt { e.splat32(n, 0) } else { e.bin(LLVMAShr, lo, e.splat32(n, 31), "hi") };
            e.join(lo, hi, n, ty)
        }
        LLVMTrunc => {
            let n = lanes(ty);
            let (lo, _) = e.halves(operand(inst, 0), n)?;
            let to = ir::int_width(element_type(ty));
            let narrow = if to < 32 {
                let cname = e.cname("trunc");
                // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
                // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
                unsafe { LLVMBuildTrunc(builder, lo, build::vector_of(element_type(ty), n), cname.as_ptr()) }
            } else {
                lo
            };
            Ok(build::bitcast(builder, narrow, ty, &format!("{name}.scalar")))
        }
        LLVMICmp => {
            let a = operand(inst, 0);
            let n = lanes(ir::type_of(a));
            let (alo, ahi) = e.halves(a, n)?;
            let (blo, bhi) = e.halves(operand(inst, 1), n)?;
            use LLVMIntPredicate::*;
            let predicate = ir::icmp_predicate(inst);
            let result = match predicate {
                LLVMIntEQ => {
                    let l = e.icmp(LLVMIntEQ, alo, blo, "lo");
                    let h = e.icmp(LLVMIntEQ, ahi, bhi, "hi");
                    e.bin(LLVMAnd, l, h, "both")
                }
                LLVMIntNE => {
                    let l = e.icmp(LLVMIntNE, alo, blo, "lo");
                    let h = e.icmp(LLVMIntNE, ahi, bhi, "hi");
                    e.bin(LLVMOr, l, h, "either")
                }
                p => {
                    let (strict, low) = match p {
                        LLVMIntUGT => (LLVMIntUGT, LLVMIntUGT),
                        LLVMIntUGE => (LLVMIntUGT, LLVMIntUGE),
                        LLVMIntULT => (LLVMIntULT, LLVMIntULT),
                        LLVMIntULE => (LLVMIntULT, LLVMIntULE),
                        LLVMIntSGT => (LLVMIntSGT, LLVMIntUGT),
                        LLVMIntSGE => (LLVMIntSGT, LLVMIntUGE),
                        LLVMIntSLT => (LLVMIntSLT, LLVMIntULT),
                        _ => (LLVMIntSLT, LLVMIntULE),
                    };
                    let h = e.icmp(strict, ahi, bhi, "hi");
                    let heq = e.icmp(LLVMIntEQ, ahi, bhi, "hieq");
                    let l = e.icmp(low, alo, blo, "lo");
                    let both = e.bin(LLVMAnd, heq, l, "lo.decides");
                    e.bin(LLVMOr, h, both, "order")
                }
            };
            Ok(build::bitcast(builder, result, ty, &format!("{name}.scalar")))
        }
        _ => Err("no emulation".to_string()),
    }
}

/// The lanes of a constant `i64` value of `n` lanes (a scalar, a vector, zero or undef): `None` for an undef
/// lane; `None` altogether when the value is not such a constant (a constant expression).
fn constant_lanes(value: LLVMValueRef, n: u32) -> Option<Vec<Option<u64>>> {
    if ir::is_plain_constant(value) && ir::is_undef(value) {
        return Some(vec![None; n as usize]);
    }
    util::constant_lanes(value)?
        .into_iter()
        .map(|lane| if ir::is_undef(lane) { Some(None) } else { ir::const_int(lane).map(|bits| Some(bits as u64)) })
        .collect()
}

/// Whether `ty` is (a vector of) `double`.
pub(super) fn is_double(ty: LLVMTypeRef) -> bool {
    ir::type_kind(element_type(ty)) == LLVMTypeKind::LLVMDoubleTypeKind
}
