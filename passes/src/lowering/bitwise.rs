//! Byte and word bitwise logic widened to dwords (the "byte widening" of docs/genx-ir.md §2.4, for logic).
//!
//! # Why
//! `and`/`or`/`xor` on `<N x i8>` or `<N x i16>` compute each bit on its own, so the same operation on the
//! vector's bytes viewed as dwords gives the same bits. Gen executes byte destinations at half rate (a byte
//! destination needs a horizontal stride of 2, so a GRF of bytes takes two instructions) and at most 16 or 32
//! lanes: CM's `luma = 255 - luma` on a `matrix<uchar, 8, 16>` was twelve byte `add`s on icllp where IGC,
//! which widens the same way, writes three dword `not`s. `sub <N x iK> -1, x` is `xor x, -1` (`-1 - x` borrows
//! from no bit), so it is widened too; that is the form int-narrow leaves for `255 - x` on bytes.
//!
//! # What
//! A candidate is `and`/`or`/`xor` on `<N x i8|i16>`, or `sub` of an all-ones constant and a value of that
//! type, whose total size is a whole number of dwords. It becomes `bitcast` of each operand to
//! `<N*EB/4 x i32>`, the operation there (the `sub` as `xor` with all ones), and a `bitcast` back. The bitcasts
//! are aliases in vISA, so nothing is moved.
//!
//! # Invariants and refusals (left unchanged, silently: the byte operation stays correct)
//! Computes the same bits on every input (checked by `%validate` in `tests/lit/lowering/`). Refused when an
//! operand is a `rdregion` or the result feeds a `wrregion`: there the byte operation bales the region into
//! its operand or destination, and the dword form would need a move of its own. Scalars and vectors whose
//! size is not a multiple of 4 bytes are not candidates.

use super::{int_bits, is_fixed_vector, Emitter, Lowered, Name, Stat};
use crate::ir;
use crate::ir_write;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir::{self, element_type, lanes};

/// Whether `value` is a constant vector whose every lane has all `bits` bits set.
fn is_all_ones_vector(value: LLVMValueRef, bits: u32) -> bool {
    let mask = (1i64 << bits) - 1;
    ir::const_int_vector(value).is_some_and(|lanes| lanes.iter().all(|&lane| lane & mask == mask))
}

/// A constant operand's dword view, packed here (the builder leaves a non-splat `bitcast` as a constant
/// expression); `None` when a lane is not a constant integer (`undef`).
fn dword_constant(value: LLVMValueRef, bits: u32, i32_ty: LLVMTypeRef) -> Option<LLVMValueRef> {
    let lanes = ir::const_int_vector(value)?;
    let per_dword = (32 / bits) as usize;
    let mask = (1u64 << bits) - 1;
    let mut dwords: Vec<LLVMValueRef> = lanes
        .chunks(per_dword)
        .map(|chunk| {
            // Little endian: lane k of a dword is its bits [k*bits, (k+1)*bits).
            let packed = chunk.iter().enumerate().fold(0u64, |acc, (k, &lane)| acc | ((lane as u64 & mask) << (k as u32 * bits)));
            ir_write::const_int(i32_ty, packed, false)
        })
        .collect();
    // SAFETY: live handles of the module being rewritten; makes a constant (`crate::ir_write`'s safety argument).
    Some(unsafe { LLVMConstVector(dwords.as_mut_ptr(), dwords.len() as u32) })
}

/// Widens the logic instruction `inst` (opcode `opcode`) to dwords, or `Ok(None)` when it is not a candidate.
pub(super) fn lower(inst: LLVMValueRef, opcode: LLVMOpcode, e: &mut Emitter) -> Lowered {
    let ty = ir::type_of(inst);
    if !is_fixed_vector(ty) {
        return Ok(None);
    }
    let Some(bits @ (8 | 16)) = int_bits(element_type(ty)) else {
        return Ok(None);
    };
    let bytes = u64::from(lanes(ty)) * u64::from(bits / 8);
    if bytes % 4 != 0 {
        return Ok(None);
    }
    let (a, b) = (ir::operand(inst, 0), ir::operand(inst, 1));
    // `-1 - x` is `x ^ -1`; any other `sub` carries between bits.
    let (a, b, op) = match opcode {
        LLVMOpcode::LLVMSub if is_all_ones_vector(a, bits) => (b, a, LLVMOpcode::LLVMXor),
        LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor => (a, b, opcode),
        _ => return Ok(None),
    };
    let baled_region = |v: LLVMValueRef| !ir::is_constant(v) && region_ir::is_rdregion(v);
    if baled_region(a) || baled_region(b) || ir::users(inst).into_iter().any(region_ir::is_wrregion) {
        return Ok(None);
    }
    // SAFETY: makes a type in the module's live context.
    let i32_ty = unsafe { LLVMInt32TypeInContext(e.context) };
    let wide_ty = ir_write::vector_type(i32_ty, (bytes / 4) as u32);
    let mut widen = |v: LLVMValueRef, name: &'static str| -> Option<LLVMValueRef> {
        if ir::is_constant(v) {
            return dword_constant(v, bits, i32_ty);
        }
        // SAFETY: as below.
        Some(unsafe { LLVMBuildBitCast(e.builder, v, wide_ty, e.c_name(Name::Suffix(name))) })
    };
    let (Some(wide_a), Some(wide_b)) = (widen(a, "dw0"), widen(b, "dw1")) else {
        return Ok(None);
    };
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    let back = unsafe {
        let wide = LLVMBuildBinOp(e.builder, op, wide_a, wide_b, e.c_name(Name::Suffix("dw")));
        LLVMBuildBitCast(e.builder, wide, ty, e.c_name(Name::None))
    };
    e.count(Stat::LogicWidened, 1);
    Ok(Some(back))
}
