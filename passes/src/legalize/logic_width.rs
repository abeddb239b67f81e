//! Bitwise operations on bytes done on dwords (step 0 of genx-legalize, before the sweep).
//!
//! # Why
//! Gen has no packed byte destination: the finalizer splits a SIMD32 byte instruction writing consecutive
//! bytes into four instructions of 16 lanes (even and odd bytes, each at stride 2, two GRF halves). A bitwise
//! operation does not care where the lane boundaries are, so the same bytes viewed as dwords take one SIMD16
//! instruction per 64 bytes: an image inverted in place (`255 - pixel` on `uchar`s, which is `~pixel`) is
//! 2 instructions per 128 bytes instead of 8. IGC's route emits the same dword `not`s.
//!
//! # What
//! 1. `sub <all ones>, x` becomes `xor x, <all ones>` (any integer type; the emitter's `not`).
//! 2. `and`/`or`/`xor` of `<N x i8>`, `N` a multiple of 4, becomes the same operation of `<N/4 x i32>`:
//!    each operand viewed as dwords (a bitcast, which the emitter makes an alias; a constant folded into its
//!    dword lanes; a direct `rdregion` read as dwords of its input's dword view, `Region::change_element_type`)
//!    and the result bitcast back. Taken only when every operand can be viewed so, no user writes the result
//!    into a region (a `wrregion`'s New, which would bale the byte operation, not a bitcast), and every dword of
//!    every non-constant operand is all defined or all `undef` (`undef.rs`: a dword mixing the two would lose
//!    its defined bytes, for LLVM's semantics and the executor's).
//!
//! # Proof of exactness
//! `-1 - x = ~x` in two's complement for every width. A bitwise operation computes each bit from the same bit of
//! its operands, so it commutes with any regrouping of bits into lanes: the dword operation on the dword views
//! of the operands has the dword view of the byte result. The views change no byte (a bitcast of a vector, a
//! constant's bytes read in memory order, a region read retyped to read the same bytes in the same order).
//!
//! # Not handled
//! Words (a word instruction has a packed destination already: no gain), operands that are strided or
//! indirect regions, results written into a region, scalars.

use genx_region::Region;

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::{self, Writer};
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::region_ir::{self, element_type, lanes, wr, Index, RdRegion};

use super::build::{self, is_int, is_vector, opcode, operand};
use super::undef;

/// How one operand is viewed as dwords.
enum View {
    /// A constant, folded.
    Constant(LLVMValueRef),
    /// A value, bitcast.
    Value(LLVMValueRef),
    /// A direct `rdregion` of bytes, read again as dwords of its input (the region retyped).
    Region(LLVMValueRef, Region),
}

/// Rewrites the function's bitwise byte operations; returns how many instructions were rewritten.
pub(super) fn widen_function(function: LLVMValueRef, cx: &mut PassCx) -> u64 {
    let candidates: Vec<LLVMValueRef> = ir::blocks(function).flat_map(ir::instructions).collect();
    let mut undef = undef::Analysis::new();
    let mut count = 0;
    // Operands erased on the way (a `rdregion` the rewrite left unused): a later candidate when its block comes
    // after its user's in the function's order; freed, so never looked at again.
    let mut erased = std::collections::HashSet::new();
    for inst in candidates {
        if erased.contains(&inst) {
            continue;
        }
        let inst = match not_of_sub(inst) {
            Some(not) => {
                count += 1;
                not
            }
            None => inst,
        };
        if let Some(reason) = widen(inst, &mut undef) {
            match reason {
                Ok(gone) => {
                    count += 1;
                    erased.extend(gone);
                }
                Err(why) => cx.remark(RemarkKind::Missed, c"ByteLogicKept", inst, &format!("byte operation kept: {why}")),
            }
        }
    }
    count
}

/// `sub <all ones>, x` rewritten as `xor x, <all ones>`: the new instruction, or `None` when `inst` is not such.
fn not_of_sub(inst: LLVMValueRef) -> Option<LLVMValueRef> {
    if opcode(inst)? != LLVMOpcode::LLVMSub {
        return None;
    }
    let ty = ir::type_of(inst);
    let bits = ir::int_element_bits(ty)?;
    let ones = crate::baling::util::splat_int(operand(inst, 0))?;
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    if ones as u64 & mask != mask {
        return None;
    }
    let x = operand(inst, 1);
    let not = Writer::before(inst, |w| w.binop(LLVMOpcode::LLVMXor, x, ir_write::all_ones(ty)));
    region_ir::replace_and_erase(inst, not);
    Some(not)
}

/// The dword view of `value`, an operand of a byte operation, or why there is none.
fn view_of(value: LLVMValueRef, undef: &mut undef::Analysis) -> Result<View, String> {
    if ir::is_constant(value) {
        if ir::const_int_vector(value).is_none() {
            return Err("a constant operand has undefined lanes".to_string());
        }
        return Ok(View::Constant(value));
    }
    if !undef.words_whole(value, 4) {
        return Err("an operand's dword mixes defined and undefined bytes".to_string());
    }
    if let Some(read) = RdRegion::read(value) {
        if read.index != Index::Direct {
            return Err("an operand is an indirect region".to_string());
        }
        let dwords = read.region.change_element_type(4).map_err(|e| format!("an operand's region cannot be read as dwords: {e}"))?;
        if dwords.stride != 1 && dwords.num_elements > 1 || dwords.width != dwords.num_elements {
            return Err("an operand's region is not contiguous".to_string());
        }
        if lanes(ir::type_of(read.input)) % 4 != 0 || !undef.words_whole(read.input, 4) {
            return Err("an operand's region reads a vector that is not whole dwords".to_string());
        }
        return Ok(View::Region(read.input, dwords));
    }
    Ok(View::Value(value))
}

/// The byte constant `value` (every lane defined) as the dwords `dword_ty` of the same bytes, little-endian as
/// the registers hold them.
fn dword_constant(value: LLVMValueRef, dword_ty: LLVMTypeRef) -> LLVMValueRef {
    let bytes = ir::const_int_vector(value).unwrap_or_default();
    let dwords: Vec<u64> = bytes
        .chunks(4)
        .map(|chunk| chunk.iter().enumerate().fold(0u64, |dword, (i, &byte)| dword | (byte as u64 & 0xFF) << (8 * i)))
        .collect();
    ir_write::const_int_vector(dword_ty, &dwords)
}

/// `and`/`or`/`xor` of `<N x i8>` done on `<N/4 x i32>`. `None` when `inst` is no such operation; an error
/// when it is one that stays.
fn widen(inst: LLVMValueRef, undef: &mut undef::Analysis) -> Option<Result<Vec<LLVMValueRef>, String>> {
    if !matches!(opcode(inst)?, LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor) {
        return None;
    }
    let ty = ir::type_of(inst);
    if !is_vector(ty) || !is_int(element_type(ty), 8) || lanes(ty) % 4 != 0 {
        return None;
    }
    Some(widen_bytes(inst, undef))
}

/// The rewrite of [`widen`]; returns the operands it erased (`rdregion`s left unused).
fn widen_bytes(inst: LLVMValueRef, undef: &mut undef::Analysis) -> Result<Vec<LLVMValueRef>, String> {
    if ir::users(inst).iter().any(|&user| region_ir::is_wrregion(user) && operand(user, wr::NEW) == inst) {
        return Err("the result is written into a region".to_string());
    }
    // `x op x` views its one operand once.
    let same = operand(inst, 0) == operand(inst, 1);
    let mut views = vec![view_of(operand(inst, 0), undef)?];
    if !same {
        views.push(view_of(operand(inst, 1), undef)?);
    }
    let ty = ir::type_of(inst);
    let dword_ty = ir_write::vector_type(ir_write::int_type(ir::type_context(ty), 32), lanes(ty) / 4);
    let op = opcode(inst).ok_or("not an instruction")?;
    let name = ir::value_name(inst);
    let result: Result<LLVMValueRef, String> = Writer::before(inst, |w| {
        let b = w.builder();
        let mut dwords = Vec::with_capacity(2);
        for view in &views {
            dwords.push(match *view {
                View::Constant(value) => dword_constant(value, dword_ty),
                View::Value(value) => build::bitcast(b, value, dword_ty, &format!("{}.i32", ir::value_name(value))),
                View::Region(input, ref region) => {
                    let whole = ir_write::vector_type(element_type(dword_ty), lanes(ir::type_of(input)) / 4);
                    let input = build::bitcast(b, input, whole, &format!("{}.i32", ir::value_name(input)));
                    region_ir::build_rdregion(b, input, region, Index::Direct, false, "")?
                }
            });
        }
        let dword = w.binop(op, dwords[0], dwords[dwords.len() - 1]);
        if !name.is_empty() {
            let cname = build::c_name(&format!("{name}.i32"));
            // SAFETY: `dword` is a live instruction just built; the name is passed with its length.
            unsafe { LLVMSetValueName2(dword, cname.as_ptr(), cname.as_bytes().len()) };
        }
        Ok(build::bitcast(b, dword, ty, ""))
    });
    let result = result?;
    let read = [operand(inst, 0), operand(inst, 1)];
    region_ir::replace_and_erase(inst, result);
    if !name.is_empty() {
        let cname = build::c_name(&name);
        // SAFETY: `result` is a live instruction just built; the name is passed with its length.
        unsafe { LLVMSetValueName2(result, cname.as_ptr(), cname.as_bytes().len()) };
    }
    let reads: Vec<LLVMValueRef> = read.into_iter().filter(|&value| region_ir::is_rdregion(value)).collect();
    Ok(region_ir::erase_dead(&reads))
}
