//! genx-visa-emit, predicates: values of type `i1` / `<N x i1>` that are not compares.
//!
//! vISA predicates are not addressable by element (no alias, no region), so a part of a predicate goes through
//! a general register: `mov (M1_NM, 1) V:ud P` gives its bits (element 0 in the low bit, vISA's MOV rule), and
//! `setp (M1_NM, n) P V` sets a predicate from bits.
//! * `and`/`or`/`xor` of predicates: vISA's logic on predicate operands; `xor p, true` is `not`.
//! * `all(p)` / `any(p)`: p's bits masked to its width, compared with all ones / zero into a scalar predicate.
//! * `rdpredregion(p, k)`: p's bits shifted right by k, then `setp`.
//! * `wrpredregion(old, new, k)`: old's bits with the field cleared, or'ed with new's bits shifted left by k,
//!   then `setp`.
//! * Forwarding ([`forwarded_predicate`]): genx-legalize splits a wide compare into halves, joins them with
//!   `wrpredregion`s and splits the join again with `rdpredregion`s for the (also split) users. A
//!   `rdpredregion(p, k)` of n lanes whose chain of `wrpredregion`s into p has one writing exactly lanes
//!   [k, k+n) (the ones after it writing only other lanes) is that write's `new` value: its variable is used,
//!   no instruction. A `wrpredregion` whose every user is such a forwarded read, or a `wrpredregion` on top of
//!   it that is itself unneeded, is not emitted ([`Lowering::join_unneeded`]); only its baled `new` operand
//!   (the half compare) is computed at its position. Reading `new`'s variable later is sound in SSA: every
//!   path to the read passes the `wrpredregion` after `new`'s last definition (the read is dominated by the
//!   write, which is dominated by `new`), and the coalescer works on the emitted instructions' liveness.
//!   Without it each half went through a GRF dword (mov, and, shl, or, setp and back: 3.2x IGC on wide_math).
//! * `bitcast <N x i1> to iN` is the bits; `bitcast iN to <N x i1>` is `setp`.
//! * `zext`/`sext` of a predicate is `(P) sel 1 (or -1), 0`.
//!
//! A predicate operand that is baled into its user (an `all`/`any` into a branch, a `rdpredregion` into a
//! select or a write mask, a predicate `not`, a compare into a `wrpredregion`) is computed here into its own variable first
//! ([`Lowering::predicate_operand`]).
//!
//! # Not handled
//! Predicates of more than 32 elements (a located error); `wrpredpredregion`.

use genx_visa::{Category, CmpDst, Dst, Exec, Imm, Inst, Modifier, Operand, Pred, Region, Relation, Src, Type, VarId};
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use super::{constant_lanes, construct, error, genx_short_name, is_predicate_type, operand, Lowering, R};
use crate::ir;
use crate::region_ir;

pub(super) fn nm(size: u32) -> Exec {
    Exec { size, offset: 0, no_mask: true }
}

pub(super) fn scalar(var: VarId) -> Operand {
    Operand::Region(Src { var, offset: 0, region: Region::SCALAR, modifier: Modifier::None })
}

pub(super) fn imm(bits: u64) -> Operand {
    Operand::Imm(Imm { bits, ty: Type::UD })
}

impl Lowering<'_> {
    /// The heads this file lowers (see the module note); `None` for every other head.
    pub(super) fn predicate_head(&mut self, inst: LLVMValueRef) -> Option<R<()>> {
        let produces = is_predicate_type(ir::type_of(inst));
        let name = genx_short_name(inst);
        let handled = match ir::opcode(inst)? {
            LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor => produces,
            LLVMOpcode::LLVMBitCast => produces || is_predicate_type(ir::type_of(operand(inst, 0))),
            LLVMOpcode::LLVMCall => matches!(name, Some("all" | "any" | "rdpredregion" | "wrpredregion")),
            _ => false,
        };
        if !handled {
            return None;
        }
        if name == Some("wrpredregion") && join_unneeded(inst) {
            // Only forwarded reads use it: compute a baled half (its compare) here, where it stands.
            let new = operand(inst, 1);
            if ir::opcode(new).is_some() && self.bales.is_baled(new) {
                return Some(self.predicate_operand(inst, new).map(|_| ()));
            }
            return Some(Ok(()));
        }
        Some(self.predicate_value(inst).map(|_| ()))
    }

    /// The predicate variable of an operand: a constant's `setp`, a lowered value's variable, or a baled
    /// predicate computed now.
    pub(super) fn predicate_operand(&mut self, user: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        if self.is_mask_value(value) {
            return Err(error(
                user,
                "an execution or resume mask of SIMD control flow used as a value (not as a goto/join operand, a \
                 select condition or a write mask) is not lowered",
            ));
        }
        if ir::is_constant(value) {
            return self.constant_predicate(user, value);
        }
        if let Some(&var) = self.vars.get(&value) {
            return Ok(var);
        }
        if ir::opcode(value).is_some() && self.bales.is_baled(value) {
            if matches!(ir::opcode(value), Some(LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMFCmp)) {
                // A compare baled into a predicate region write (genx-legalize's split of a wide compare).
                self.compare(value)?;
                return self.var_of(user, value);
            }
            return self.predicate_value(value);
        }
        self.var_of(user, value)
    }

    /// Bits of a predicate in a fresh `ud` scalar (masked to its width).
    fn predicate_bits(&mut self, user: LLVMValueRef, value: LLVMValueRef) -> R<(VarId, u32)> {
        let p = self.predicate_operand(user, value)?;
        let Category::Predicate { elems } = self.k.var(p).category else {
            return Err(error(user, "a predicate operand that is not in a predicate variable"));
        };
        if elems > 32 {
            return Err(error(user, format!("a predicate of {elems} elements (at most 32 are lowered)")));
        }
        let bits = self.k.add_general(Type::UD, 1, "");
        self.insts.push(Inst::PredToGeneral { dst: Dst { var: bits, offset: 0, hstride: 1 }, src: p });
        if elems < 32 {
            self.alu("and", bits, vec![scalar(bits), imm((1u64 << elems) - 1)]);
        }
        Ok((bits, elems))
    }

    /// A one-lane NoMask ALU instruction writing `dst`.
    pub(super) fn alu(&mut self, op: &'static str, dst: VarId, srcs: Vec<Operand>) {
        self.insts.push(Inst::Alu {
            op,
            sat: false,
            exec: nm(1),
            pred: None,
            dst: Dst { var: dst, offset: 0, hstride: 1 },
            srcs,
        });
    }

    /// Lowers a predicate-producing instruction (or a bitcast from one) into its variable.
    fn predicate_value(&mut self, inst: LLVMValueRef) -> R<VarId> {
        if let Some(&var) = self.vars.get(&inst) {
            return Ok(var);
        }
        let lanes = region_ir::lanes(ir::type_of(inst));
        if is_predicate_type(ir::type_of(inst)) && lanes > 32 {
            return Err(error(inst, format!("a predicate of {lanes} elements (at most 32 are lowered)")));
        }
        if let Some(written) = forwarded_predicate(inst) {
            let var = self.predicate_operand(inst, written)?;
            self.define(inst, var);
            return Ok(var);
        }
        let opcode = ir::opcode(inst);
        let var = if matches!(opcode, Some(LLVMOpcode::LLVMBitCast)) && !is_predicate_type(ir::type_of(inst)) {
            // Predicate to integer: the bits, viewed as the result's type.
            let (bits, _) = self.predicate_bits(inst, operand(inst, 0))?;
            let var = self.new_var(inst, false)?;
            let ty = self.k.var(var).ty().unwrap_or(Type::D);
            let view = self.view(bits, ty.with_sign(false));
            let dst = self.view(var, ty.with_sign(false));
            self.insts.push(Inst::Alu {
                op: "mov",
                sat: false,
                exec: nm(1),
                pred: None,
                dst: Dst { var: dst, offset: 0, hstride: 1 },
                srcs: vec![scalar(view)],
            });
            var
        } else {
            let var = self.new_var(inst, false)?;
            match (opcode, genx_short_name(inst)) {
                (Some(LLVMOpcode::LLVMBitCast), _) => {
                    let src = self.source(inst, 0, 1, Some(false))?;
                    self.insts.push(Inst::Setp { exec: nm(lanes), dst: var, value: src });
                }
                (Some(LLVMOpcode::LLVMAnd | LLVMOpcode::LLVMOr | LLVMOpcode::LLVMXor), _) => {
                    let (a, b) = (operand(inst, 0), operand(inst, 1));
                    let all_ones = |v: LLVMValueRef| {
                        ir::is_constant(v) && constant_lanes(v).is_some_and(|l| l.iter().all(|&x| x & 1 == 1))
                    };
                    if opcode == Some(LLVMOpcode::LLVMXor) && (all_ones(a) || all_ones(b)) {
                        let p = self.predicate_operand(inst, if all_ones(b) { a } else { b })?;
                        self.insts.push(Inst::PredLogic { op: "not", exec: nm(lanes), dst: var, srcs: vec![p] });
                    } else {
                        let op = match opcode {
                            Some(LLVMOpcode::LLVMAnd) => "and",
                            Some(LLVMOpcode::LLVMOr) => "or",
                            _ => "xor",
                        };
                        let (pa, pb) = (self.predicate_operand(inst, a)?, self.predicate_operand(inst, b)?);
                        self.insts.push(Inst::PredLogic { op, exec: nm(lanes), dst: var, srcs: vec![pa, pb] });
                    }
                }
                (_, Some(which @ ("all" | "any"))) => {
                    let (bits, elems) = self.predicate_bits(inst, operand(inst, 0))?;
                    let (rel, value) =
                        if which == "all" { (Relation::Eq, (1u64 << elems) - 1) } else { (Relation::Ne, 0) };
                    self.insts.push(Inst::Cmp { rel, exec: nm(1), dst: CmpDst::Pred(var), srcs: [scalar(bits), imm(value)] });
                }
                (_, Some("rdpredregion")) => {
                    let offset = ir::const_int(operand(inst, 1)).unwrap_or(0) as u64;
                    let (bits, _) = self.predicate_bits(inst, operand(inst, 0))?;
                    if offset != 0 {
                        self.alu("shr", bits, vec![scalar(bits), imm(offset)]);
                    }
                    self.insts.push(Inst::Setp { exec: nm(lanes), dst: var, value: scalar(bits) });
                }
                (_, Some("wrpredregion")) => {
                    let offset = ir::const_int(operand(inst, 2)).unwrap_or(0) as u64;
                    let (old, _) = self.predicate_bits(inst, operand(inst, 0))?;
                    let (new, width) = self.predicate_bits(inst, operand(inst, 1))?;
                    let field = ((1u64 << width) - 1) << offset;
                    self.alu("and", old, vec![scalar(old), imm(!field & 0xffff_ffff)]);
                    if offset != 0 {
                        self.alu("shl", new, vec![scalar(new), imm(offset)]);
                    }
                    self.alu("or", old, vec![scalar(old), scalar(new)]);
                    self.insts.push(Inst::Setp { exec: nm(lanes), dst: var, value: scalar(old) });
                }
                _ => {
                    let users: Vec<String> = ir::users(inst).into_iter().map(construct).collect();
                    return Err(error(
                        inst,
                        format!(
                            "{} computing a predicate operand (of {}) inside a predicate operation's bale is not \
                             lowered yet",
                            construct(inst),
                            if users.is_empty() { "nothing".to_string() } else { users.join(", ") }
                        ),
                    ));
                }
            }
            var
        };
        self.define(inst, var);
        Ok(var)
    }

    /// `zext`/`sext` of a predicate into `dst`: `(P) sel 1 (or -1), 0`.
    pub(super) fn extend_predicate(&mut self, inst: LLVMValueRef, dst: Dst, exec: Exec, signed: bool) -> R<()> {
        let p = self.predicate_operand(inst, operand(inst, 0))?;
        let ty = match self.k.var(dst.var).ty().unwrap_or(Type::D) {
            Type::B => Type::W,
            Type::UB => Type::UW,
            t => t,
        };
        let one = if signed { u64::MAX >> (64 - 8 * ty.bytes()) } else { 1 };
        self.insts.push(Inst::Alu {
            op: "sel",
            sat: false,
            exec,
            pred: Some(Pred::lane(p, false)),
            dst,
            srcs: vec![Operand::Imm(Imm { bits: one, ty }), Operand::Imm(Imm { bits: 0, ty })],
        });
        Ok(())
    }
}

/// For a `rdpredregion(p, k)` of n lanes: the `new` operand of the `wrpredregion` in p's chain that wrote
/// exactly lanes [k, k+n), when every later write of the chain left those lanes alone (see the module note);
/// `None` for anything else (a partial overlap, a chain that starts at a non-`wrpredregion` value first).
pub(super) fn forwarded_predicate(read: LLVMValueRef) -> Option<LLVMValueRef> {
    if genx_short_name(read) != Some("rdpredregion") {
        return None;
    }
    let start = ir::const_int(operand(read, 1))?;
    let end = start + i64::from(region_ir::lanes(ir::type_of(read)));
    let mut join = operand(read, 0);
    while genx_short_name(join) == Some("wrpredregion") {
        let new = operand(join, 1);
        let offset = ir::const_int(operand(join, 2))?;
        let written_end = offset + i64::from(region_ir::lanes(ir::type_of(new)));
        if (offset, written_end) == (start, end) {
            return Some(new);
        }
        if written_end > start && offset < end {
            return None;
        }
        join = operand(join, 0);
    }
    None
}

/// Whether a `wrpredregion` needs no instruction: each of its users is a read [`forwarded_predicate`]
/// answers, or a `wrpredregion` writing into it (operand 0) that is itself unneeded.
fn join_unneeded(join: LLVMValueRef) -> bool {
    let users = ir::users(join);
    !users.is_empty()
        && users.into_iter().all(|user| {
            forwarded_predicate(user).is_some()
                || (genx_short_name(user) == Some("wrpredregion")
                    && operand(user, 0) == join
                    && operand(user, 1) != join
                    && join_unneeded(user))
        })
}
