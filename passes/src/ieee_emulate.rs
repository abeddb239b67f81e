//! `genx-ieee-emulate`: IEEE-exact single-precision division and square root (`llvm.genx.ieee.div`,
//! `llvm.genx.ieee.sqrt` on `float`, CM's `cm_div_ieee` / `cm_sqrt_ieee`) computed with 32-bit integer
//! operations, on platforms without fp64.
//!
//! # Why
//! vISA's `divm`/`sqrtm` are the IEEE forms, and the finalizer expands them into `madm` sequences that need fp64
//! hardware: `GenX_IR` 1.0.12504 refuses them on icllp and tgllp ("IEEE instruction sqrtm is not supported on
//! ICLLP platform"), and IGC's vector-compute back end at that tag has no single-precision emulation (its
//! emulation library covers `double` only). The vISA route runs this pass before the middle end
//! (`visa_route::PREPARE_PIPELINE`); platforms with fp64 keep the intrinsics (vISA's `divm`/`sqrtm`).
//!
//! # Algorithm (per lane, all in `i32`; every result correctly rounded to nearest even)
//! * Operands are split into sign, biased exponent and a 24-bit significand with its leading one; a subnormal's
//!   significand is normalized by the position of its leading one, read from the exponent of its exact
//!   conversion to float (`uitofp` of a value below 2^24 is exact).
//! * Division: the significands are aligned so that the quotient lies in [1, 2), and 26 quotient bits (24 + a
//!   guard and a round bit) come from a restoring long division; the remainder's being non-zero is the sticky
//!   bit. Square root: the exponent is made even, and 26 root bits come from the bit-by-bit integer square root
//!   of the significand scaled by 2^27 (the radicand's bits are consumed two at a time, so the remainder stays
//!   below 2^29); a non-zero remainder is the sticky bit.
//! * Rounding: a result below the normal range is shifted right first (the lost bits join the sticky bit), then
//!   rounded to nearest even; the significand is added to the exponent field, so a carry out of the
//!   significand moves to the next binade (or to infinity) by itself.
//! * Special operands (zeros, infinities, NaNs, invalid operations) take the IEEE 754 results; a NaN operand is
//!   returned quieted.
//!
//! # Invariants
//! No shift amount reaches 32 (LLVM would call the result poison) on any lane, special or not. The pass's
//! results are validated against the executor's correctly rounded `ieee.div`/`ieee.sqrt` on random bit patterns
//! and on every special class (`tests/lit/ieee-emulate/`).
//!
//! # Not handled
//! `double` (refused by genx-legalize where there is no fp64) and `half` operands: left as they are.

use inkwell::module::Module;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMTypeKind};

use crate::diag::PassCx;
use crate::ir;
use crate::platform;

const SIGN: u32 = 0x8000_0000;
const MAGNITUDE: u32 = 0x7fff_ffff;
const INFINITY: u32 = 0x7f80_0000;
const QUIET: u32 = 0x0040_0000;
const DEFAULT_NAN: u32 = 0x7fc0_0000;
const FRACTION: u32 = 0x007f_ffff;
const LEADING_ONE: u32 = 0x0080_0000;
/// Quotient and root bits computed: the 24 of the significand, a guard bit and a round bit.
const RESULT_BITS: u32 = 26;

pub fn run(module: &Module<'_>, cx: &mut PassCx) -> bool {
    let module = module.as_mut_ptr();
    let mut calls = Vec::new();
    for function in ir::functions(module) {
        let Ok(platform) = platform::of_function(function) else { continue };
        if platform.has_ieee_div_sqrt() {
            continue;
        }
        for inst in ir::blocks(function).flat_map(ir::instructions) {
            let name = crate::region_ir::genx_base_name(inst);
            let is_float = element_kind(ir::type_of(inst)) == Some(LLVMTypeKind::LLVMFloatTypeKind);
            match name {
                Some("llvm.genx.ieee.div") if is_float => calls.push((inst, true)),
                Some("llvm.genx.ieee.sqrt") if is_float => calls.push((inst, false)),
                _ => {}
            }
        }
    }
    let count = calls.len() as u64;
    for (call, divide) in calls {
        let lanes = Lanes::before(call);
        let result = if divide {
            lanes.divide(ir::call_arg(call, 0), ir::call_arg(call, 1))
        } else {
            lanes.square_root(ir::call_arg(call, 0))
        };
        // SAFETY: `result` has the call's type; the call is erased after its uses move to the result.
        unsafe {
            LLVMReplaceAllUsesWith(call, result);
            LLVMInstructionEraseFromParent(call);
        }
        lanes.dispose();
    }
    cx.count(c"ieee-emulated", c"IEEE-exact float divisions and square roots computed with integers", count);
    count > 0
}

/// The kind of a type's elements (of the type itself when it is not a vector).
fn element_kind(ty: LLVMTypeRef) -> Option<LLVMTypeKind> {
    // SAFETY: type queries.
    unsafe {
        let elem = if LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind { LLVMGetElementType(ty) } else { ty };
        Some(LLVMGetTypeKind(elem))
    }
}

/// An LLVM C API builder of a binary instruction (`LLVMBuildAnd`, ...).
type BinaryBuild = unsafe extern "C" fn(LLVMBuilderRef, LLVMValueRef, LLVMValueRef, *const i8) -> LLVMValueRef;

/// Builds lane-wise `i32` arithmetic (scalars or vectors of the call's width) before one call.
struct Lanes {
    builder: LLVMBuilderRef,
    /// `i32` or `<N x i32>`.
    int: LLVMTypeRef,
    /// The call's type, `float` or `<N x float>`.
    float: LLVMTypeRef,
    /// The lane count of a vector, `None` for a scalar.
    width: Option<u32>,
}

impl Lanes {
    fn before(call: LLVMValueRef) -> Lanes {
        let float = ir::type_of(call);
        // SAFETY: a builder in the call's context placed before the live call; types of that context.
        unsafe {
            let context = LLVMGetTypeContext(float);
            let builder = LLVMCreateBuilderInContext(context);
            LLVMPositionBuilderBefore(builder, call);
            let i32_ty = LLVMInt32TypeInContext(context);
            let width = (LLVMGetTypeKind(float) == LLVMTypeKind::LLVMVectorTypeKind).then(|| LLVMGetVectorSize(float));
            let int = match width {
                Some(n) => LLVMVectorType(i32_ty, n),
                None => i32_ty,
            };
            Lanes { builder, int, float, width }
        }
    }

    fn dispose(self) {
        // SAFETY: the builder was created by `before` and is not used after this.
        unsafe { LLVMDisposeBuilder(self.builder) }
    }

    /// The constant `value` in every lane.
    fn c(&self, value: u32) -> LLVMValueRef {
        // SAFETY: constants of the lanes' own types.
        unsafe {
            let scalar = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetTypeContext(self.int)), u64::from(value), 0);
            match self.width {
                Some(n) => LLVMConstVector(vec![scalar; n as usize].as_mut_ptr(), n),
                None => scalar,
            }
        }
    }

    fn bin(&self, op: BinaryBuild, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: both operands are lanes of the same type, built at the builder's position.
        unsafe { op(self.builder, a, b, c"".as_ptr()) }
    }
    fn and(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildAnd, a, b)
    }
    fn or(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildOr, a, b)
    }
    fn xor(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildXor, a, b)
    }
    fn add(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildAdd, a, b)
    }
    fn sub(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildSub, a, b)
    }
    fn shl(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildShl, a, b)
    }
    fn lshr(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildLShr, a, b)
    }
    fn ashr(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        self.bin(LLVMBuildAShr, a, b)
    }

    fn cmp(&self, predicate: LLVMIntPredicate, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: as `bin`.
        unsafe { LLVMBuildICmp(self.builder, predicate, a, b, c"".as_ptr()) }
    }

    fn select(&self, condition: LLVMValueRef, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: as `bin`; the condition has one bit per lane.
        unsafe { LLVMBuildSelect(self.builder, condition, a, b, c"".as_ptr()) }
    }

    /// 1 where `condition` holds, else 0.
    fn bit(&self, condition: LLVMValueRef) -> LLVMValueRef {
        self.select(condition, self.c(1), self.c(0))
    }

    fn to_int(&self, value: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: a float value of the lanes' float type, reinterpreted.
        unsafe { LLVMBuildBitCast(self.builder, value, self.int, c"".as_ptr()) }
    }

    fn to_float(&self, value: LLVMValueRef) -> LLVMValueRef {
        // SAFETY: as `to_int`.
        unsafe { LLVMBuildBitCast(self.builder, value, self.float, c"".as_ptr()) }
    }

    /// (biased exponent, significand with its leading one) of magnitude bits `x`, a subnormal normalized
    /// (exponent `1 - shift`, possibly negative); a zero gives exponent 0 and significand 0.
    fn unpack(&self, x: LLVMValueRef) -> (LLVMValueRef, LLVMValueRef) {
        use LLVMIntPredicate::*;
        let exponent = self.and(self.lshr(x, self.c(23)), self.c(0xff));
        let fraction = self.and(x, self.c(FRACTION));
        // The leading one of a subnormal's fraction: its exact float's exponent (below 2^24, exact).
        // SAFETY: an integer-to-float conversion of lanes at the builder's position.
        let as_float = unsafe { LLVMBuildUIToFP(self.builder, fraction, self.float, c"".as_ptr()) };
        let top = self.sub(self.lshr(self.to_int(as_float), self.c(23)), self.c(127));
        let subnormal = self.cmp(LLVMIntEQ, exponent, self.c(0));
        let nonzero = self.cmp(LLVMIntNE, fraction, self.c(0));
        let shift = self.select(self.and(subnormal, nonzero), self.sub(self.c(23), top), self.c(0));
        let significand = self.select(subnormal, self.shl(fraction, shift), self.or(fraction, self.c(LEADING_ONE)));
        let exponent = self.select(subnormal, self.sub(self.c(1), shift), exponent);
        (exponent, significand)
    }

    /// The bits of `q · 2^(e - 127 - 25)` rounded to nearest even, for a 26-bit `q` in [2^25, 2^26) with
    /// `sticky` (0 or 1) for non-zero bits below it, and a biased exponent `e` (any sign); infinity above the
    /// range. The sign is not included.
    fn round(&self, q: LLVMValueRef, sticky: LLVMValueRef, e: LLVMValueRef) -> LLVMValueRef {
        use LLVMIntPredicate::*;
        let below = self.cmp(LLVMIntSLT, e, self.c(1));
        let shift = self.select(below, self.sub(self.c(1), e), self.c(0));
        let shift = self.select(self.cmp(LLVMIntUGT, shift, self.c(RESULT_BITS + 1)), self.c(RESULT_BITS + 1), shift);
        let lost = self.and(q, self.sub(self.shl(self.c(1), shift), self.c(1)));
        let sticky = self.or(sticky, self.bit(self.cmp(LLVMIntNE, lost, self.c(0))));
        let q = self.lshr(q, shift);
        let e = self.select(below, self.c(1), e);
        let significand = self.lshr(q, self.c(2));
        let guard = self.and(self.lshr(q, self.c(1)), self.c(1));
        let rest = self.or(self.and(q, self.c(1)), sticky);
        let up = self.and(guard, self.or(rest, self.and(significand, self.c(1))));
        let bits = self.add(self.add(self.shl(self.sub(e, self.c(1)), self.c(23)), significand), up);
        self.select(self.cmp(LLVMIntSGT, e, self.c(254)), self.c(INFINITY), bits)
    }

    fn divide(&self, a: LLVMValueRef, b: LLVMValueRef) -> LLVMValueRef {
        use LLVMIntPredicate::*;
        let (xa, xb) = (self.to_int(a), self.to_int(b));
        let sign = self.and(self.xor(xa, xb), self.c(SIGN));
        let (ma, mb) = (self.and(xa, self.c(MAGNITUDE)), self.and(xb, self.c(MAGNITUDE)));
        let (ea, sa) = self.unpack(ma);
        let (eb, sb) = self.unpack(mb);
        // Quotient in [1, 2): a smaller dividend significand is doubled, the exponent lowered.
        let smaller = self.cmp(LLVMIntULT, sa, sb);
        let mut remainder = self.select(smaller, self.shl(sa, self.c(1)), sa);
        let e = self.add(self.sub(ea, eb), self.c(127));
        let e = self.sub(e, self.bit(smaller));
        // A zero divisor's lanes take their special result; 1 keeps the long division defined.
        let divisor = self.select(self.cmp(LLVMIntEQ, sb, self.c(0)), self.c(1), sb);
        let mut q = self.c(0);
        for _ in 0..RESULT_BITS {
            let fits = self.cmp(LLVMIntUGE, remainder, divisor);
            remainder = self.select(fits, self.sub(remainder, divisor), remainder);
            q = self.or(self.shl(q, self.c(1)), self.bit(fits));
            remainder = self.shl(remainder, self.c(1));
        }
        let sticky = self.bit(self.cmp(LLVMIntNE, remainder, self.c(0)));
        let mut result = self.or(sign, self.round(q, sticky, e));
        // Special operands, the later taking precedence.
        let is = |m, c| self.cmp(LLVMIntEQ, m, self.c(c));
        let (a_zero, b_zero, a_inf, b_inf) = (is(ma, 0), is(mb, 0), is(ma, INFINITY), is(mb, INFINITY));
        result = self.select(self.or(a_inf, b_zero), self.or(sign, self.c(INFINITY)), result);
        result = self.select(self.or(a_zero, b_inf), sign, result);
        result = self.select(self.or(self.and(a_zero, b_zero), self.and(a_inf, b_inf)), self.c(DEFAULT_NAN), result);
        result = self.select(self.cmp(LLVMIntUGT, mb, self.c(INFINITY)), self.or(xb, self.c(QUIET)), result);
        result = self.select(self.cmp(LLVMIntUGT, ma, self.c(INFINITY)), self.or(xa, self.c(QUIET)), result);
        self.to_float(result)
    }

    fn square_root(&self, a: LLVMValueRef) -> LLVMValueRef {
        use LLVMIntPredicate::*;
        let x = self.to_int(a);
        let magnitude = self.and(x, self.c(MAGNITUDE));
        let (e, m) = self.unpack(magnitude);
        // An even power of two: an odd unbiased exponent doubles the significand (now below 2^25).
        let unbiased = self.sub(e, self.c(127));
        let odd = self.and(unbiased, self.c(1));
        let m = self.shl(m, odd);
        let e = self.add(self.ashr(self.sub(unbiased, odd), self.c(1)), self.c(127));
        // The integer square root of m · 2^27 (below 2^52), two radicand bits per root bit, high to low.
        let (mut q, mut remainder) = (self.c(0), self.c(0));
        for i in (0..RESULT_BITS).rev() {
            let position = 2 * i as i32 - 27;
            let pair = if position >= 0 {
                self.and(self.lshr(m, self.c(position as u32)), self.c(3))
            } else if position == -1 {
                self.and(self.shl(m, self.c(1)), self.c(3))
            } else {
                self.c(0)
            };
            remainder = self.or(self.shl(remainder, self.c(2)), pair);
            let trial = self.or(self.shl(q, self.c(2)), self.c(1));
            let fits = self.cmp(LLVMIntUGE, remainder, trial);
            remainder = self.select(fits, self.sub(remainder, trial), remainder);
            q = self.or(self.shl(q, self.c(1)), self.bit(fits));
        }
        let sticky = self.bit(self.cmp(LLVMIntNE, remainder, self.c(0)));
        let mut result = self.round(q, sticky, e);
        // Zeros keep their sign, +infinity stays, a negative operand is invalid, a NaN comes back quieted.
        result = self.select(self.cmp(LLVMIntEQ, magnitude, self.c(0)), x, result);
        result = self.select(self.cmp(LLVMIntEQ, x, self.c(INFINITY)), x, result);
        let signed = self.cmp(LLVMIntNE, self.and(x, self.c(SIGN)), self.c(0));
        let negative = self.and(signed, self.cmp(LLVMIntNE, magnitude, self.c(0)));
        result = self.select(negative, self.c(DEFAULT_NAN), result);
        result = self.select(self.cmp(LLVMIntUGT, magnitude, self.c(INFINITY)), self.or(x, self.c(QUIET)), result);
        self.to_float(result)
    }
}
