//! Constants lane by lane: reading an LLVM constant into bits per element, and building one back.
//!
//! The folder computes on plain data (`Option<u64>` per lane, `None` for an undef or poison lane) and only
//! touches LLVM to read its operands and to make the result. Floats travel as their bit patterns (read through
//! a constant bitcast to the same-width integer, so no payload or signalling bit is lost), which is all region
//! moves need; arithmetic on floats is left to LLVM's own constant folder.
//!
//! Readable: scalar and vector constants whose elements are integers of 1 to 64 bits, `half`, `float` or
//! `double`, given as `ConstantInt`/`ConstantFP`, `ConstantDataVector`, `ConstantVector`, a zero aggregate,
//! `undef` or `poison`. Anything else (a constant expression, a pointer, a wider integer) is `None`: not folded.

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMTypeKind;
use crate::ir_write;

/// A constant of a scalar or vector type, one entry per element (`None`: undef or poison).
#[derive(Clone, Debug)]
pub struct ConstLanes {
    /// The whole type (a vector, or a scalar for one lane).
    pub ty: LLVMTypeRef,
    /// Element width in bits (1..=64).
    pub bits: u32,
    pub lanes: Vec<Option<u64>>,
}

/// The width in bits of a foldable element type (integers up to 64 bits and the IEEE float types).
pub fn element_bits(elem: LLVMTypeRef) -> Option<u32> {
    match ir::type_kind(elem) {
        LLVMTypeKind::LLVMIntegerTypeKind => Some(ir::int_width(elem)).filter(|&w| (1..=64).contains(&w)),
        LLVMTypeKind::LLVMHalfTypeKind => Some(16),
        LLVMTypeKind::LLVMFloatTypeKind => Some(32),
        LLVMTypeKind::LLVMDoubleTypeKind => Some(64),
        _ => None,
    }
}

fn is_vector(ty: LLVMTypeRef) -> bool {
    ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind
}

/// The element type of `ty` and its number of lanes (1 for a scalar).
pub fn shape(ty: LLVMTypeRef) -> (LLVMTypeRef, u32) {
    if is_vector(ty) {
        (ir::element_of(ty), ir::vector_size(ty))
    } else {
        (ty, 1)
    }
}

fn low_bits(value: u64, bits: u32) -> u64 {
    if bits >= 64 {
        value
    } else {
        value & ((1u64 << bits) - 1)
    }
}

/// One scalar element constant of type `elem` as bits.
fn read_element(value: LLVMValueRef, elem: LLVMTypeRef, bits: u32) -> Option<Option<u64>> {
    // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
    // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
    unsafe {
        if ir::is_undef(value) {
            return Some(None);
        }
        if !LLVMIsAConstantInt(value).is_null() {
            return Some(Some(low_bits(LLVMConstIntGetZExtValue(value), bits)));
        }
        if !LLVMIsAConstantFP(value).is_null() {
            let int_ty = ir_write::int_type(ir::type_context(elem), bits);
            let as_int = LLVMConstBitCast(value, int_ty);
            if LLVMIsAConstantInt(as_int).is_null() {
                return None;
            }
            return Some(Some(low_bits(LLVMConstIntGetZExtValue(as_int), bits)));
        }
        None
    }
}

impl ConstLanes {
    /// Reads a constant (see the module documentation for what is readable).
    pub fn read(value: LLVMValueRef) -> Option<ConstLanes> {
        // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
        unsafe {
            if !ir::is_constant(value) || ir::is_constant_expr(value) {
                return None;
            }
            let ty = ir::type_of(value);
            let (elem, n) = shape(ty);
            let bits = element_bits(elem)?;
            let lanes = if ir::is_undef(value) {
                vec![None; n as usize]
            } else if !is_vector(ty) {
                vec![read_element(value, elem, bits)?]
            } else if !LLVMIsAConstantAggregateZero(value).is_null() {
                vec![Some(0); n as usize]
            } else if !LLVMIsAConstantDataVector(value).is_null() {
                (0..n).map(|i| read_element(LLVMGetElementAsConstant(value, i), elem, bits)).collect::<Option<_>>()?
            } else if !LLVMIsAConstantVector(value).is_null() {
                (0..n).map(|i| read_element(ir::operand(value, i), elem, bits)).collect::<Option<_>>()?
            } else {
                return None;
            };
            Some(ConstLanes { ty, bits, lanes })
        }
    }

    /// A constant of type `ty` (scalar or vector) with these lanes; `None` if the type is not foldable or the
    /// lane count does not match.
    pub fn new(ty: LLVMTypeRef, lanes: Vec<Option<u64>>) -> Option<ConstLanes> {
        let (elem, n) = shape(ty);
        let bits = element_bits(elem)?;
        (lanes.len() == n as usize).then_some(ConstLanes { ty, bits, lanes })
    }

    /// Every lane of `ty` set to `lane`.
    pub fn splat(ty: LLVMTypeRef, lane: Option<u64>) -> Option<ConstLanes> {
        let n = shape(ty).1 as usize;
        ConstLanes::new(ty, vec![lane; n])
    }

    /// The value every lane holds, when all lanes hold the same defined value.
    pub fn splat_value(&self) -> Option<u64> {
        let first = (*self.lanes.first()?)?;
        self.lanes.iter().all(|&l| l == Some(first)).then_some(first)
    }

    /// The lanes as plain bits, when all are defined.
    pub fn defined(&self) -> Option<Vec<u64>> {
        self.lanes.iter().copied().collect()
    }

    /// The LLVM constant.
    pub fn build(&self) -> LLVMValueRef {
        // SAFETY: live handles of the module being rewritten; these calls read it, make types, constants or
        // instructions, or redirect uses, and free nothing (`crate::ir_write`'s safety argument, points 1 and 2).
        unsafe {
            let (elem, _) = shape(self.ty);
            let element = |lane: Option<u64>| -> LLVMValueRef {
                match lane {
                    None => ir_write::undef(elem),
                    Some(value) => {
                        let value = low_bits(value, self.bits);
                        if ir::type_kind(elem) == LLVMTypeKind::LLVMIntegerTypeKind {
                            ir_write::const_int(elem, value, false)
                        } else {
                            let int_ty = ir_write::int_type(ir::type_context(elem), self.bits);
                            LLVMConstBitCast(ir_write::const_int(int_ty, value, false), elem)
                        }
                    }
                }
            };
            if !is_vector(self.ty) {
                return element(self.lanes.first().copied().flatten());
            }
            let mut elements: Vec<LLVMValueRef> = self.lanes.iter().map(|&l| element(l)).collect();
            LLVMConstVector(elements.as_mut_ptr(), elements.len() as u32)
        }
    }

    /// The same bits as a constant of type `ty` (a `bitcast`): lanes are packed little-endian, as LLVM lays
    /// out vectors, and a result lane is undef when any bit it takes comes from an undef lane. `None` when the
    /// total widths differ or `ty` is not foldable.
    pub fn bitcast(&self, ty: LLVMTypeRef) -> Option<ConstLanes> {
        let (elem, n) = shape(ty);
        let bits = element_bits(elem)?;
        if bits as u64 * n as u64 != self.bits as u64 * self.lanes.len() as u64 {
            return None;
        }
        let bit = |position: u64| -> Option<u64> {
            let lane = self.lanes.get((position / self.bits as u64) as usize).copied().flatten()?;
            Some(lane >> (position % self.bits as u64) & 1)
        };
        let lanes = (0..n as u64)
            .map(|i| (0..bits as u64).try_fold(0u64, |acc, b| Some(acc | bit(i * bits as u64 + b)? << b)))
            .collect();
        Some(ConstLanes { ty, bits, lanes })
    }
}
