//! `genx-mad`: a float multiply whose result an add or subtract takes becomes one `llvm.fma` (vISA `mad`), with
//! the rules IGC's vector compiler applies, so that the vISA route rounds where the IGC route rounds.
//!
//! # Why
//! Gen's `mad` computes `src0 * src1 + src2` in one instruction. IGC's VC forms it in GenXPatternMatch (its
//! MadMatcher, before its legalization) from every `fadd`/`fsub` one of whose operands is an `fmul`; the vISA
//! route hands the finalizer our vISA, so without this pass it emitted `mul` then `add` where IGC emits one
//! `mad` (spmv_csr's dot product, the blend and angle kernels, mandelbrot, sgemm), and its float results
//! differed from the IGC route's in the last bit wherever IGC fused.
//!
//! # What (IGC's rules, read in GenXPatternMatch.cpp)
//! - **When**: always, unless FP fusion is strict: `isFpMadEnabled()` is true unless the back end's
//!   `AllowFPOpFusion` is `Strict`, which only `-ffp-contract=off` makes (the VC driver defaults to `Standard`;
//!   docs/visa-proof.md, point 2). Measured on the IGC route: spmv_csr has 2 float `mad`s by default and with
//!   `-ffp-contract=on` or `fast`, 0 with `off`. LLVM's per-instruction `contract` flags are not consulted
//!   (clang leaves CM's vector operators without them). `genx-mad<fp-contract=off>` is the strict mode: the
//!   pass then changes nothing (cmc passes it for `-ffp-contract=off`).
//! - **Which add**: an `fadd` or `fsub` with at least one use, whose operand 0 is an `fmul` instruction (then
//!   `a*b + c`, `a*b - c` = `mad(a, b, -c)`), else whose operand 1 is (`c + a*b`, `c - a*b` = `mad(a, -b, c)`).
//!   The `fmul` may have other uses (it then stays for them: IGC found fusing those worth it for spilling) and
//!   may be in another block (its operands are SSA values, available wherever the `fmul` is).
//! - **Not**: `a*b ± 0.0` (a constant zero addend, either sign, in every lane), nor when more than one of the
//!   three sources and the destination is an indirect region (a source an indirect `rdregion`, seen through
//!   `zext`/`sext`/`bitcast`; the destination when the add's only use is an indirect `wrregion`).
//!
//! # Exactness
//! `mad` rounds once where `fmul` then `fadd` round twice: the contraction C and LLVM allow under
//! `-ffp-contract`, and what the IGC route computes. The IR executor runs `llvm.fma` fused too, so the pass is
//! not validated IR against IR; it is validated end to end, the IR before it against the emitted vISA, where the
//! vISA validator decides contraction exactly (docs/visa-proof.md, point 2: a differing trial is rerun with
//! float `mad` rounded twice and must then agree in every byte; no tolerance). The lit tests make the wrong sign
//! or addend fail that validation.
//!
//! # Not handled
//! IGC's integer mad forming (`mul`/`shl` + `add`/`sub` of 8/16-bit multiplicands into `genx.*mad`) is not
//! done yet; `fneg(a*b) + c` is not matched (IGC does not either).

use inkwell::values::{AsValueRef, FunctionValue};
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::diag::{PassCx, RemarkKind};
use crate::ir;
use crate::ir_write::Writer;
use crate::region_ir::{self, Index, RdRegion, WrRegion};

/// The parameter of the strict mode (`-ffp-contract=off`).
pub const STRICT: &str = "fp-contract=off";

/// One float add to fuse: `srcs[0] * srcs[1] + srcs[2]`, with source `negate` negated.
struct Fusion {
    mul: LLVMValueRef,
    srcs: [LLVMValueRef; 3],
    negate: Option<usize>,
}

pub fn run(function: FunctionValue<'_>, cx: &mut PassCx) -> bool {
    let fuse_float = match cx.params.trim() {
        "" => true,
        STRICT => false,
        other => {
            cx.error(format!("genx-mad takes no parameter or '{STRICT}', not '{other}'"));
            return false;
        }
    };
    if !fuse_float {
        return false;
    }
    let function = function.as_value_ref();
    let adds: Vec<LLVMValueRef> = ir::blocks(function)
        .flat_map(ir::instructions)
        .filter(|&inst| matches!(ir::opcode(inst), Some(LLVMOpcode::LLVMFAdd | LLVMOpcode::LLVMFSub)))
        .collect();
    let mut fused = 0u64;
    for add in adds {
        let Some(fusion) = match_float(add) else { continue };
        match emit(add, &fusion) {
            Ok(()) => {
                cx.remark(RemarkKind::Passed, c"Fused", add, "a float multiply and add fused into one mad");
                fused += 1;
            }
            Err(message) => {
                cx.error_at(add, message);
                return fused > 0;
            }
        }
    }
    cx.count(c"float-mads", c"float multiply-adds fused into one mad (llvm.fma)", fused);
    fused > 0
}

/// The fusion of `add` by IGC's rules (module note), if any.
fn match_float(add: LLVMValueRef) -> Option<Fusion> {
    if !ir::has_uses(add) {
        return None;
    }
    let subtract = ir::opcode(add) == Some(LLVMOpcode::LLVMFSub);
    let is_fmul = |v: LLVMValueRef| ir::opcode(v) == Some(LLVMOpcode::LLVMFMul);
    let (lhs, rhs) = (ir::operand(add, 0), ir::operand(add, 1));
    let fusion = if is_fmul(lhs) {
        Fusion { mul: lhs, srcs: [ir::operand(lhs, 0), ir::operand(lhs, 1), rhs], negate: subtract.then_some(2) }
    } else if is_fmul(rhs) {
        Fusion { mul: rhs, srcs: [ir::operand(rhs, 0), ir::operand(rhs, 1), lhs], negate: subtract.then_some(1) }
    } else {
        return None;
    };
    if is_float_zero(fusion.srcs[2]) {
        return None;
    }
    let indirect_sources = fusion.srcs.iter().filter(|&&src| is_indirect_read(through_casts(src))).count();
    (indirect_sources + usize::from(writes_indirectly(add)) <= 1).then_some(fusion)
}

/// Whether `value` is a floating-point zero (`+0.0` or `-0.0`) in every lane: a scalar, a zero vector or a splat
/// of one zero (LLVM's `Constant::isZeroValue`).
fn is_float_zero(value: LLVMValueRef) -> bool {
    crate::baling::util::splat_value(value).and_then(ir::const_float).is_some_and(|x| x == 0.0)
}

/// The value under `zext`/`sext`/`bitcast`s (what the finalizer reads once copies are propagated).
fn through_casts(mut value: LLVMValueRef) -> LLVMValueRef {
    while matches!(ir::opcode(value), Some(LLVMOpcode::LLVMZExt | LLVMOpcode::LLVMSExt | LLVMOpcode::LLVMBitCast)) {
        value = ir::operand(value, 0);
    }
    value
}

fn is_indirect_read(value: LLVMValueRef) -> bool {
    RdRegion::read(value).is_some_and(|read| read.index != Index::Direct)
}

/// Whether the only use of `value` is an indirect `wrregion`.
fn writes_indirectly(value: LLVMValueRef) -> bool {
    if !ir::has_one_use(value) {
        return false;
    }
    ir::users(value).first().is_some_and(|&user| {
        region_ir::is_wrregion(user) && WrRegion::read(user).is_some_and(|write| write.index != Index::Direct)
    })
}

/// Replaces `add` by `llvm.fma` of the fusion's sources (one negated by an `fneg`), and erases `add` and the
/// `fmul` when nothing else uses it.
fn emit(add: LLVMValueRef, fusion: &Fusion) -> Result<(), String> {
    let ty = ir::type_of(add);
    let fma = Writer::before(add, |w| {
        let mut args = fusion.srcs;
        if let Some(n) = fusion.negate {
            args[n] = w.fneg(args[n]);
        }
        w.intrinsic_call("llvm.fma", ty, &mut args)
    })?;
    region_ir::replace_and_erase(add, fma);
    crate::ir_write::erase_unused(fusion.mul);
    Ok(())
}
