//! Operations vISA has no single instruction for, rewritten into ones it has before the sweep (step 0 of
//! genx-legalize): integer division and remainder by a power-of-two constant, `getelementptr` with a run-time
//! index, saturating multiplies of 32-bit operands, and the 32x32+32 multiply-adds `llvm.genx.uimad`/`simad`.
//!
//! # Division by ±2^k (every lane the same constant; any integer width `w`)
//! | operation | rewritten as |
//! |---|---|
//! | `udiv x, 2^k` | `x >> k` (logical) |
//! | `urem x, 2^k` | `x & (2^k - 1)` |
//! | `sdiv x, 2^k` | `(x + bias) >>ₐ k`, `bias = (x >>ₐ (w-1)) >> (w-k)` (logical) |
//! | `sdiv x, -2^k` | `0 - (x + bias) >>ₐ k` (the same `bias`) |
//! | `srem x, ±2^k` | `x - ((x + bias) & -2^k)` |
//!
//! A dividend whose every lane is proven non-negative (`mul_narrow::known_non_negative`: value ranges, e.g. a
//! thread origin times a block size) is divided as unsigned: `sdiv x, 2^k` is `x >> k` and `srem x, ±2^k` is
//! `x & (2^k - 1)` (`bias` would be 0; the remainder of a non-negative dividend is non-negative).
//!
//! Proof sketch: LLVM's `sdiv` rounds toward zero, an arithmetic shift toward -∞. `bias` is 0 for `x >= 0`
//! and `2^k - 1` for `x < 0` (all ones shifted right logically by `w - k`); for negative `x`,
//! `⌊(x + 2^k - 1) / 2^k⌋ = ⌈x / 2^k⌉`, which is rounding toward zero; `x + bias` cannot overflow (a negative
//! plus less than 2^(w-1)). The remainder is `x - q·2^k`, and `q·2^k` is `(x + bias)` with its low `k` bits
//! cleared. A negative divisor negates the quotient (`x / -d = -(x / d)` when rounding toward zero) and leaves
//! the remainder (its sign follows `x`). `k = w - 1` with a negative divisor is `INT_MIN`: `bias` is then
//! `2^(w-1) - 1` for negative `x`, and the rules give `INT_MIN / INT_MIN = 1`, `-1 / INT_MIN = 0`. `x / 1` is
//! `x`, `x / -1` is `0 - x` (`INT_MIN / -1` is poison in LLVM), `x % ±1` is 0. Tested by
//! `tests/lit/legalize/division-by-constants.ll` (translation validation with negative values, INT_MIN,
//! -1 and 0 among the random lanes).
//!
//! Division by any other value stays an instruction: on 32-bit and narrower integers vISA's `div`/`mod`
//! (the emitter's `llvm_alu`); on `i64` where the platform emulates 64-bit integers, a located error
//! (genx-legalize's type check). Multiply-high sequences for other constants are not done yet.
//!
//! # `getelementptr` with a run-time index (an SVM address)
//! `inttoptr(ptrtoint(p) + ext(i)·sizeof(T))`: LLVM's definition of the address (the index sign-extended to the
//! pointer width, wrapping arithmetic), written out so that the 64-bit add and shift are emulated on halves
//! like any other where the platform has no i64. Constant indices are left to the emitter (an add of an
//! immediate).
//!
//! # `*mul.sat` of i32 operands (vISA's `mul.sat` saturates a 32-bit intermediate product, exact only for
//! operands of at most 16 bits)
//! The full product is `hi·2^32 + lo` with `lo = a·b mod 2^32` and `hi = mulh(a, b)` (signed for signed
//! operands). It fits the signed 32-bit range when `hi = lo >>ₐ 31` (signed operands) or `hi = 0` and
//! `lo <u 2^31` (unsigned operands), the unsigned one when `hi = 0`; otherwise the result is the bound on the
//! side of the product's sign (`hi <s 0`; unsigned operands are never negative). A narrower result is the
//! 32-bit clamp clamped again with `sstrunc.sat`/`uutrunc.sat`: the narrower range is inside the 32-bit one,
//! so the two clamps are one. Operands that are extensions (of the operands' signedness) of one 8- or 16-bit
//! type are not expanded: the call takes the unextended values, whose product vISA's `mul.sat` computes exactly
//! (the CM headers widen `short` operands to `int` before the call).
//!
//! # `uimad`/`simad` (`{hi, lo}` of `a·b + c` in twice the width, i32 elements)
//! `lo` and the carry are `addc(a·b mod 2^32, c)`; `hi = mulh(a, b) + carry`, plus `c >>ₐ 31` for `simad`
//! (the sign extension of `c` into the high half). Proof: `a·b = mulh·2^32 + (a·b mod 2^32)` (signed `mulh`
//! for `simad`); adding `c` (zero- or sign-extended) adds its high half (0 or -1) to `hi` and its low half to
//! the low product, whose carry out goes into `hi`. The call's `extractvalue`s take the new values.

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::{self, Writer};
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir::element_type;

use super::build::{self, is_int, operand};
use super::process::intrinsic_base;
use crate::baling::util;

/// Rewrites every division by a power-of-two constant and every `uimad`/`simad` of `function`. Returns how
/// many were rewritten.
pub(super) fn expand_function(function: LLVMValueRef, cx: &mut PassCx) -> u64 {
    let candidates: Vec<LLVMValueRef> = ir::blocks(function).flat_map(ir::instructions).collect();
    let mut count = 0;
    for inst in candidates {
        if let Some(value) = division_by_power_of_two(inst) {
            cx.remark(RemarkKind::Passed, c"Expanded", inst, &format!("{} by a power of two done with shifts", super::emulate::op_name(inst)));
            let name = ir::value_name(inst);
            ir_write::replace_all_uses(inst, value);
            ir_write::erase(inst);
            if !name.is_empty() && build::is_instruction(value) && ir::value_name(value).is_empty() {
                let cname = build::c_name(&name);
                // SAFETY: `value` is a live instruction just built; the name is passed with its length.
                unsafe { LLVMSetValueName2(value, cname.as_ptr(), cname.as_bytes().len()) };
            }
            count += 1;
            continue;
        }
        if let Some(address) = variable_element_pointer(inst) {
            cx.remark(RemarkKind::Passed, c"Expanded", inst, "getelementptr with a run-time index done as 64-bit address arithmetic");
            let name = ir::value_name(inst);
            ir_write::replace_all_uses(inst, address);
            ir_write::erase(inst);
            if !name.is_empty() {
                let cname = build::c_name(&name);
                // SAFETY: `address` is a live instruction just built; the name is passed with its length.
                unsafe { LLVMSetValueName2(address, cname.as_ptr(), cname.as_bytes().len()) };
            }
            count += 1;
            continue;
        }
        match saturating_multiply(inst) {
            Some(Ok(value)) => {
                cx.remark(RemarkKind::Passed, c"Expanded", inst, "saturating multiply of 32-bit operands done on the 64-bit product");
                ir_write::replace_all_uses(inst, value);
                ir_write::erase(inst);
                count += 1;
                continue;
            }
            Some(Err(reason)) => {
                cx.error_at(inst, format!("{} could not be expanded: {reason}", super::emulate::op_name(inst)));
                continue;
            }
            None => {}
        }
        match multiply_add(inst) {
            Some(Ok(())) => {
                cx.remark(RemarkKind::Passed, c"Expanded", inst, "32x32+32 multiply-add done with mul, mulh and addc");
                ir_write::erase(inst);
                count += 1;
            }
            Some(Err(reason)) => cx.error_at(inst, format!("{} could not be expanded: {reason}", super::emulate::op_name(inst))),
            None => {}
        }
    }
    count
}

/// The rewrite of `inst` when it is `udiv`/`urem`/`sdiv`/`srem` by a constant ±2^k, every lane the same.
fn division_by_power_of_two(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    use LLVMOpcode::*;
    let op = build::opcode(inst)?;
    if !matches!(op, LLVMUDiv | LLVMURem | LLVMSDiv | LLVMSRem) {
        return None;
    }
    let ty = ir::type_of(inst);
    let w = ir::int_width(element_type(ty));
    let divisor = util::splat_int(operand(inst, 1))?;
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let bits = divisor as u64 & mask;
    let signed = matches!(op, LLVMSDiv | LLVMSRem);
    // The magnitude as a power of two, and whether the divisor is negative (signed operations only).
    let (k, negative) = if signed && w < 64 && bits >> (w - 1) & 1 == 1 || signed && w == 64 && divisor < 0 {
        let magnitude = bits.wrapping_neg() & mask;
        (magnitude.is_power_of_two().then(|| magnitude.trailing_zeros())?, true)
    } else {
        (bits.is_power_of_two().then(|| bits.trailing_zeros())?, false)
    };
    // (`-2^(w-1)`'s magnitude wraps to 2^(w-1) itself, whose trailing zeros are w - 1.)
    let x = operand(inst, 0);
    // A dividend proven non-negative needs no sign fix-up: its signed division is the unsigned one.
    let op = match op {
        LLVMSDiv if k > 0 && !negative && crate::mul_narrow::known_non_negative(x) => LLVMUDiv,
        LLVMSRem if k > 0 && crate::mul_narrow::known_non_negative(x) => LLVMURem,
        op => op,
    };
    let splat = |value: u64| ir_write::splat_int(ty, value & mask);
    Some(Writer::before(inst, |b| match op {
        LLVMUDiv => if k == 0 { x } else { b.lshr(x, splat(u64::from(k))) },
        LLVMURem => b.binop(LLVMAnd, x, splat((1u64 << k).wrapping_sub(1))),
        _ if k == 0 => match op {
            LLVMSDiv if negative => b.sub(splat(0), x),
            LLVMSDiv => x,
            _ => splat(0),
        },
        _ => {
            let sign = b.binop(LLVMAShr, x, splat(u64::from(w - 1)));
            let bias = b.lshr(sign, splat(u64::from(w - k)));
            let biased = b.add(x, bias);
            if op == LLVMSDiv {
                let q = b.binop(LLVMAShr, biased, splat(u64::from(k)));
                if negative { b.sub(splat(0), q) } else { q }
            } else {
                let multiple = b.binop(LLVMAnd, biased, splat((1u64 << k).wrapping_neg()));
                b.sub(x, multiple)
            }
        }
    }))
}

/// `getelementptr T, T* %p, %i` with one run-time index (a scalar pointer of a sized type):
/// `inttoptr(ptrtoint(%p) + ext(%i) * sizeof(T))` (sizeof being the alloc size: 16 for `<3 x float>`), the index sign-extended (zero-extended for an `i1`),
/// the multiply a shift when the size is a power of two. The 64-bit arithmetic is then emulated like any other
/// on platforms without i64. `None` for anything else (constant indices stay for the emitter, which adds
/// them as an immediate; several indices stay, and the emitter refuses them).
fn variable_element_pointer(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    if build::opcode(inst)? != LLVMOpcode::LLVMGetElementPtr || ir::operand_count(inst) != 2 {
        return None;
    }
    let index = operand(inst, 1);
    let index_ty = ir::type_of(index);
    if ir::is_constant(index) || build::is_vector(index_ty) || build::is_vector(ir::type_of(inst)) {
        return None;
    }
    let pointee = ir::gep_source_type(inst);
    let size = ir::alloc_size(ir::module_of(ir::parent_function(inst)), pointee)?;
    let i64_ty = ir_write::int_type(ir::type_context(index_ty), 64);
    let pointer = operand(inst, 0);
    let pointer_ty = ir::type_of(inst);
    Some(Writer::before(inst, |w| {
        // SAFETY: casts between a live pointer and i64 (`crate::ir_write`'s safety argument, point 2).
        let base = unsafe { LLVMBuildPtrToInt(w.builder(), pointer, i64_ty, c"".as_ptr()) };
        let wide = match ir::int_width(index_ty) {
            64 => index,
            1 => w.extend(index, i64_ty, false),
            _ => w.extend(index, i64_ty, true),
        };
        let offset = if size.is_power_of_two() {
            let k = size.trailing_zeros();
            if k == 0 { wide } else { w.binop(LLVMOpcode::LLVMShl, wide, ir_write::splat_int(i64_ty, u64::from(k))) }
        } else {
            w.mul(wide, ir_write::splat_int(i64_ty, size))
        };
        let address = w.add(base, offset);
        // SAFETY: as above.
        unsafe { LLVMBuildIntToPtr(w.builder(), address, pointer_ty, c"".as_ptr()) }
    }))
}

/// Expands `llvm.genx.{ss,su,us,uu}mul.sat` of i32 operands into a result of at most 32 bits; `None` when
/// `inst` is not one (narrower operands stay: vISA's `mul.sat` is exact for them).
fn saturating_multiply(inst: LLVMValueRef) -> Option<Result<LLVMValueRef, String>> {
    use crate::llvm_sys::LLVMIntPredicate::*;
    let base = intrinsic_base(inst)?;
    let (result_signed, operands_signed) = match base.as_str() {
        "llvm.genx.ssmul.sat" => (true, true),
        "llvm.genx.sumul.sat" => (true, false),
        "llvm.genx.usmul.sat" => (false, true),
        "llvm.genx.uumul.sat" => (false, false),
        _ => return None,
    };
    let (a, b) = (ir::call_arg(inst, 0), ir::call_arg(inst, 1));
    let ty = ir::type_of(a);
    let result_ty = ir::type_of(inst);
    let result_bits = ir::int_width(element_type(result_ty));
    if !is_int(element_type(ty), 32) || result_bits > 32 {
        return None;
    }
    // Operands that are extensions (with the operands' signedness) of values of one type of at most 16 bits:
    // the call takes those values as they were, where vISA's `mul.sat` is exact.
    if let Some(mut narrow) = narrow_operands(a, b, operands_signed) {
        return Some(Writer::before(inst, |w| w.genx_call(&base, result_ty, &mut narrow)));
    }
    Some(Writer::before(inst, |w| -> Result<LLVMValueRef, String> {
        let splat = |value: u64| ir_write::splat_int(ty, value);
        let builder = w.builder();
        // SAFETY: a compare and a select of live values of one type (`crate::ir_write`'s safety argument, point 2).
        let icmp = |p, x, y| unsafe { LLVMBuildICmp(builder, p, x, y, c"".as_ptr()) };
        // SAFETY: as above.
        let select = |c, x, y| unsafe { LLVMBuildSelect(builder, c, x, y, c"".as_ptr()) };
        let lo = w.mul(a, b);
        let hi = w.genx_call(if operands_signed { "llvm.genx.smulh" } else { "llvm.genx.umulh" }, ty, &mut [a, b])?;
        // Whether the product fits the 32-bit range of the result's signedness, and whether it is negative.
        let (fits, negative) = if result_signed && operands_signed {
            let sign_of_lo = w.binop(LLVMOpcode::LLVMAShr, lo, splat(31));
            (icmp(LLVMIntEQ, hi, sign_of_lo), Some(icmp(LLVMIntSLT, hi, splat(0))))
        } else if result_signed {
            let small = icmp(LLVMIntULT, lo, splat(0x8000_0000));
            let no_high = icmp(LLVMIntEQ, hi, splat(0));
            (w.binop(LLVMOpcode::LLVMAnd, no_high, small), None)
        } else {
            (icmp(LLVMIntEQ, hi, splat(0)), operands_signed.then(|| icmp(LLVMIntSLT, hi, splat(0))))
        };
        let (low_limit, high_limit) = if result_signed { (0x8000_0000, 0x7fff_ffff) } else { (0, 0xffff_ffff) };
        let bound = match negative {
            Some(negative) => select(negative, splat(low_limit), splat(high_limit)),
            None => splat(high_limit),
        };
        let clamped = select(fits, lo, bound);
        if result_bits == 32 {
            return Ok(clamped);
        }
        // Clamping the clamped value again to the narrower range is clamping the product to it.
        w.genx_call(if result_signed { "llvm.genx.sstrunc.sat" } else { "llvm.genx.uutrunc.sat" }, result_ty, &mut [clamped])
    }))
}

/// `[x, y]` when `a` and `b` are `sext` (signed operands) or `zext` (unsigned) of `x` and `y` of one 8- or
/// 16-bit element type: the product of two such values is exact in the 32-bit intermediate of vISA's `mul.sat`.
fn narrow_operands(a: LLVMValueRef, b: LLVMValueRef, signed: bool) -> Option<[LLVMValueRef; 2]> {
    let extension = if signed { LLVMOpcode::LLVMSExt } else { LLVMOpcode::LLVMZExt };
    let source = |v: LLVMValueRef| (build::opcode(v) == Some(extension)).then(|| operand(v, 0));
    let (x, y) = (source(a)?, source(b)?);
    let ty = ir::type_of(x);
    let bits = ir::int_width(element_type(ty));
    (ty == ir::type_of(y) && (bits == 8 || bits == 16)).then_some([x, y])
}

/// Expands `llvm.genx.uimad`/`simad` on i32 elements; `None` when `inst` is not one.
fn multiply_add(inst: LLVMValueRef) -> Option<Result<(), String>> {
    let base = intrinsic_base(inst)?;
    let signed = match base.as_str() {
        "llvm.genx.simad" => true,
        "llvm.genx.uimad" => false,
        _ => return None,
    };
    let (a, b, c) = (ir::call_arg(inst, 0), ir::call_arg(inst, 1), ir::call_arg(inst, 2));
    let ty = ir::type_of(a);
    if !is_int(element_type(ty), 32) {
        return None;
    }
    // The call is left unused; the caller erases it after its remark.
    Some(Writer::before(inst, |w| -> Result<(), String> {
        let product = w.mul(a, b);
        let high = w.genx_call(if signed { "llvm.genx.smulh" } else { "llvm.genx.umulh" }, ty, &mut [a, b])?;
        let mut fields = [ty, ty];
        // SAFETY: a struct type of two live types in their context (`crate::ir_write`'s safety argument, point 2).
        let pair = unsafe { LLVMStructTypeInContext(ir::type_context(ty), fields.as_mut_ptr(), 2, 0) };
        let sum = w.genx_call("llvm.genx.addc", pair, &mut [product, c])?;
        // SAFETY: field reads of the struct value just built (`crate::ir_write`'s safety argument, point 2).
        let (carry, lo) = unsafe {
            (LLVMBuildExtractValue(w.builder(), sum, 0, c"".as_ptr()), LLVMBuildExtractValue(w.builder(), sum, 1, c"".as_ptr()))
        };
        let mut hi = w.add(high, carry);
        if signed {
            let sign = w.binop(LLVMOpcode::LLVMAShr, c, ir_write::splat_int(ty, 31));
            hi = w.add(hi, sign);
        }
        // The call's fields are {hi, lo}: each extractvalue takes its new value; any other use gets the pair
        // rebuilt.
        for user in ir::users(inst) {
            let field = (build::opcode(user) == Some(LLVMOpcode::LLVMExtractValue)).then(|| ir::extract_index(user)).flatten();
            let value = match field {
                Some(0) => hi,
                Some(1) => lo,
                _ => continue,
            };
            ir_write::replace_all_uses(user, value);
            ir_write::erase_unused(user);
        }
        if ir::has_uses(inst) {
            // SAFETY: building an aggregate of the call's type from live values (`crate::ir_write`'s safety
            // argument, point 2).
            let pair = unsafe {
                let with_hi = LLVMBuildInsertValue(w.builder(), ir_write::undef(ir::type_of(inst)), hi, 0, c"".as_ptr());
                LLVMBuildInsertValue(w.builder(), with_hi, lo, 1, c"".as_ptr())
            };
            ir_write::replace_all_uses(inst, pair);
        }
        Ok(())
    }))
}
