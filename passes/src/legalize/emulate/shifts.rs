//! 64-bit shifts (`shl`, `lshr`, `ashr`) on 32-bit halves, for platforms that emulate `i64`.
//!
//! A 64-bit value is `hi·2^32 + lo`; an amount `s` is in `0..=63` (LLVM: a larger one gives poison, so only the
//! low half of the amount is read and its bits above the sixth do not matter).
//!
//! # Constant amount (every lane the same `k`)
//! | | `k = 0` | `0 < k < 32` | `k >= 32` |
//! |---|---|---|---|
//! | `shl` | the value | lo' = lo << k, hi' = (hi << k) \| (lo >> (32 - k)) | lo' = 0, hi' = lo << (k - 32) |
//! | `lshr` | the value | lo' = (lo >> k) \| (hi << (32 - k)), hi' = hi >> k | lo' = hi >> (k - 32), hi' = 0 |
//! | `ashr` | the value | lo' as `lshr`, hi' = hi >>ₐ k | lo' = hi >>ₐ (k - 32), hi' = hi >>ₐ 31 |
//!
//! Proof sketch (`shl`, `0 < k < 32`): `(hi·2^32 + lo)·2^k mod 2^64 = (hi·2^k mod 2^32 + ⌊lo / 2^(32-k)⌋)·2^32 +
//! (lo·2^k mod 2^32)`: the low half keeps lo's low `32 - k` bits moved up, the high half gets hi's low `32 - k`
//! bits moved up and lo's top `k` bits below them (the two do not overlap, so `|` is `+`). For `k >= 32` the
//! whole low half moves into the high half by `k - 32`. The right shifts are the mirror image; `ashr` fills
//! with hi's sign, which `hi >>ₐ 31` is for every bit.
//!
//! # Variable amount (IGC's GenXEmulate does the same with selects)
//! With `t = s & 31`, `u = 31 - t` (= `t ^ 31`) and the condition `small = s <u 32`:
//! - `shl`: `a = lo << t`, `c = (hi << t) | ((lo >> 1) >> u)`; lo' = small ? a : 0, hi' = small ? c : a.
//! - `lshr`: `a = hi >> t`, `c = (lo >> t) | ((hi << 1) << u)`; lo' = small ? c : a, hi' = small ? a : 0.
//! - `ashr`: `a = hi >>ₐ t`, `c` as `lshr`; lo' = small ? c : a, hi' = small ? a : hi >>ₐ 31.
//!
//! Every 32-bit shift is by less than 32 (LLVM's poison rule, and vISA's count-modulo-32 rule, agree there).
//! `(lo >> 1) >> (31 - t)` is `lo >> (32 - t)` for `t >= 1` and 0 for `t = 0`, the bits that cross into the
//! high half, without the shift by 32 that `lo >> (32 - t)` would need at `t = 0`. For `s >= 32`, `t = s - 32`,
//! so `a` is the constant-amount table's `k >= 32` column. Tested by `tests/lit/legalize/i64-shifts.ll`
//! (translation validation; the random amounts are mostly 0..63, the edge values included).

use crate::llvm_sys::prelude::*;
use crate::llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use super::Emu;

/// Which shift.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Shift {
    Left,
    LogicalRight,
    ArithmeticRight,
}

impl Shift {
    pub(super) fn of(op: LLVMOpcode) -> Option<Shift> {
        match op {
            LLVMOpcode::LLVMShl => Some(Shift::Left),
            LLVMOpcode::LLVMLShr => Some(Shift::LogicalRight),
            LLVMOpcode::LLVMAShr => Some(Shift::ArithmeticRight),
            _ => None,
        }
    }
}

impl Emu {
    fn shift32(&self, op: LLVMOpcode, value: LLVMValueRef, amount: u32, n: u32, suffix: &str) -> LLVMValueRef {
        if amount == 0 {
            value
        } else {
            self.bin(op, value, self.splat32(n, i64::from(amount)), suffix)
        }
    }

    /// The halves of `(lo, hi) <shift> k` for a constant `k` in `0..=63`.
    pub(super) fn shift_by_constant(&self, shift: Shift, lo: LLVMValueRef, hi: LLVMValueRef, k: u32, n: u32) -> (LLVMValueRef, LLVMValueRef) {
        use LLVMOpcode::*;
        let zero = self.splat32(n, 0);
        match shift {
            Shift::Left if k >= 32 => (zero, self.shift32(LLVMShl, lo, k - 32, n, "hi")),
            Shift::Left => {
                let lo2 = self.shift32(LLVMShl, lo, k, n, "lo");
                let moved = self.shift32(LLVMShl, hi, k, n, "hi.moved");
                let crossing = self.shift32(LLVMLShr, lo, 32 - k, n, "hi.crossing");
                (lo2, self.bin(LLVMOr, moved, crossing, "hi"))
            }
            Shift::LogicalRight if k >= 32 => (self.shift32(LLVMLShr, hi, k - 32, n, "lo"), zero),
            Shift::ArithmeticRight if k >= 32 => (self.shift32(LLVMAShr, hi, k - 32, n, "lo"), self.shift32(LLVMAShr, hi, 31, n, "hi")),
            Shift::LogicalRight | Shift::ArithmeticRight => {
                let moved = self.shift32(LLVMLShr, lo, k, n, "lo.moved");
                let crossing = self.shift32(LLVMShl, hi, 32 - k, n, "lo.crossing");
                let hi_op = if shift == Shift::LogicalRight { LLVMLShr } else { LLVMAShr };
                (self.bin(LLVMOr, moved, crossing, "lo"), self.shift32(hi_op, hi, k, n, "hi"))
            }
        }
    }

    /// The halves of `(lo, hi) <shift> s` for a run-time amount whose low half is `s_lo`.
    pub(super) fn shift_by_variable(
        &self,
        shift: Shift,
        lo: LLVMValueRef,
        hi: LLVMValueRef,
        s_lo: LLVMValueRef,
        n: u32,
    ) -> (LLVMValueRef, LLVMValueRef) {
        use LLVMOpcode::*;
        let t = self.bin(LLVMAnd, s_lo, self.splat32(n, 31), "amount");
        let u = self.bin(LLVMXor, t, self.splat32(n, 31), "amount.rest");
        let small = self.icmp(LLVMIntPredicate::LLVMIntULT, s_lo, self.splat32(n, 32), "within.half");
        let one = self.splat32(n, 1);
        match shift {
            Shift::Left => {
                let a = self.bin(LLVMShl, lo, t, "lo.moved");
                let moved = self.bin(LLVMShl, hi, t, "hi.moved");
                let crossing = self.bin(LLVMLShr, self.bin(LLVMLShr, lo, one, "lo.half"), u, "hi.crossing");
                let c = self.bin(LLVMOr, moved, crossing, "hi.small");
                (self.select(small, a, self.splat32(n, 0), "lo"), self.select(small, c, a, "hi"))
            }
            Shift::LogicalRight | Shift::ArithmeticRight => {
                let hi_op = if shift == Shift::LogicalRight { LLVMLShr } else { LLVMAShr };
                let a = self.bin(hi_op, hi, t, "hi.moved");
                let moved = self.bin(LLVMLShr, lo, t, "lo.moved");
                let crossing = self.bin(LLVMShl, self.bin(LLVMShl, hi, one, "hi.double"), u, "lo.crossing");
                let c = self.bin(LLVMOr, moved, crossing, "lo.small");
                let fill = if shift == Shift::LogicalRight { self.splat32(n, 0) } else { self.bin(LLVMAShr, hi, self.splat32(n, 31), "sign") };
                (self.select(small, c, a, "lo"), self.select(small, a, fill, "hi"))
            }
        }
    }
}
