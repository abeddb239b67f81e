//! What is known about the low bits of a region index (IGC's `AlignmentInfo`, a small version): an indirect
//! region whose index is a multiple of the GRF size can read two GRFs, one whose index is a multiple of 16
//! bytes can read to the next-but-one GRF boundary from there, and so on.
//!
//! Written here rather than shared with baling (whose `alignment_of` is private to it): the rules are the
//! same small set — constants, `shl`/`mul` by constants, `and` with a constant mask, `add`/`or` of known
//! values, and extensions/truncations passing the low bits through.
//!
//! Also the index's bounds, when its value range is proven (the ranges of `genx-mul-narrow`, one analysis for
//! both): an index in `[0, 3]` (CM's `x - (x & -4)`, a byte offset inside a dword) moves a region by at most 3
//! bytes, so a 16-byte piece of a row that starts at most 3 bytes into a GRF stays in it, where an index of
//! unknown value allows one element at a time.

use crate::ir;
use crate::llvm_sys::core::*;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;

use super::width::Alignment;

const MAX_LOG: u32 = 15;

fn known(log: u32, extra: i64) -> Alignment {
    let log = log.min(MAX_LOG);
    Alignment { log, extra: (extra & ((1i64 << log) - 1)) as u32, bounds: None }
}

/// The alignment of an index value (`i16`, or any integer), with its bounds when its range is proven
/// (`mul_narrow::unsigned_range`) to lie in the non-negative half of its type (so that its signed reading, the
/// one a region index has, is the same).
pub(super) fn alignment_of(value: LLVMValueRef) -> Alignment {
    let mut alignment = of(value, 0);
    if let Some(bits) = ir::int_element_bits(ir::type_of(value)) {
        let (lo, hi) = crate::mul_narrow::unsigned_range(value);
        if bits <= 32 && hi < 1u64 << (bits - 1) {
            alignment.bounds = Some((lo as i64, hi as i64));
        }
    }
    alignment
}

fn of(value: LLVMValueRef, depth: u32) -> Alignment {
    if let Some(c) = ir::const_int(value) {
        return known(MAX_LOG, c);
    }
    if depth > 8 || !ir::is_instruction(value) {
        return Alignment::UNKNOWN;
    }
    let op = |n| ir::operand(value, n);
    // SAFETY: queries on live handles of the module being run on (the argument of `crate::ir`'s module note).
    unsafe {
        match LLVMGetInstructionOpcode(value) {
            LLVMOpcode::LLVMShl => match ir::const_int(op(1)) {
                Some(k) if (0..16).contains(&k) => {
                    let a = of(op(0), depth + 1);
                    known(a.log + k as u32, (a.extra as i64) << k)
                }
                _ => Alignment::UNKNOWN,
            },
            LLVMOpcode::LLVMMul => {
                let (a, b) = (op(0), op(1));
                let (x, c) = match (ir::const_int(a), ir::const_int(b)) {
                    (_, Some(c)) => (a, c),
                    (Some(c), _) => (b, c),
                    _ => return Alignment::UNKNOWN,
                };
                if c > 0 && c & (c - 1) == 0 {
                    let k = c.trailing_zeros();
                    let a = of(x, depth + 1);
                    known(a.log + k, (a.extra as i64) << k)
                } else {
                    Alignment::UNKNOWN
                }
            }
            LLVMOpcode::LLVMAnd => {
                let (a, b) = (op(0), op(1));
                let (x, mask) = match (ir::const_int(a), ir::const_int(b)) {
                    (_, Some(c)) => (a, c),
                    (Some(c), _) => (b, c),
                    _ => return Alignment::UNKNOWN,
                };
                let zeros = (mask as u64).trailing_zeros().min(MAX_LOG);
                let a = of(x, depth + 1);
                if a.log >= zeros {
                    known(a.log, a.extra as i64 & mask)
                } else {
                    known(zeros, 0)
                }
            }
            LLVMOpcode::LLVMAdd | LLVMOpcode::LLVMOr => {
                let (a, b) = (of(op(0), depth + 1), of(op(1), depth + 1));
                let log = a.log.min(b.log);
                // The low `log` bits of both are known exactly, so those of the sum or the or are too.
                if LLVMGetInstructionOpcode(value) == LLVMOpcode::LLVMOr {
                    known(log, (a.extra | b.extra) as i64)
                } else {
                    known(log, a.extra as i64 + b.extra as i64)
                }
            }
            LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMTrunc => of(op(0), depth + 1),
            _ => Alignment::UNKNOWN,
        }
    }
}
