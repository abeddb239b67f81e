//! `genx-verify-legal`: the staged verifier after genx-legalize. Checks, with a fresh legalization baling:
//!
//! * every bale legalization splits ([`super::process::is_splittable_bale`]) has an allowed execution size (a
//!   power of two the platform and the main instruction allow);
//! * at that size, from its first element, every source region, the destination region, the non-region limit
//!   (`width × max(dst EB, src0 EB) <= 2 GRF`) and the predicate limits hold — the same rules genx-legalize
//!   splits by ([`super::width`]);
//! * no instruction defines a predicate that is not one vISA predicate (more than 32 bits, or not a power of
//!   two);
//! * no 64-bit integer arithmetic is left on a platform that emulates it, and no `double` on one without fp64.
//!
//! Bitcasts, loads, phis, calls, inline assembly and intrinsics whose result is not a general operand are not
//! bales legalization splits and are not checked.

use crate::baling::{self, BalingKind, Role};
use crate::ir;
use crate::llvm_sys::prelude::*;
use crate::llvm_sys::LLVMOpcode;
use crate::platform::Platform;
use crate::region_ir::{element_bytes, element_type, lanes, Index, RdRegion, WrRegion};

use genx_region::Region;

use super::align::alignment_of;
use super::build::{is_predicate_type, is_vector, opcode, operand};
use super::emulate::{classify, is_double, op_name, I64Use};
use super::predicates::is_legal_predicate;
use super::process::{allowed_exec_sizes, exec_width, is_splittable_bale, limit_text, show};
use super::width::{legal_pred_size, legal_region_size, non_region_width, Alignment, Target, MAX_PRED};

fn align_of(index: Index) -> Alignment {
    match index {
        Index::Direct => Alignment::UNKNOWN,
        Index::Value(v) => alignment_of(v),
    }
}

fn element_bits(value: LLVMValueRef) -> Option<u32> {
    element_bytes(element_type(ir::type_of(value))).map(|b| b * 8)
}

/// Every place `function` is not legal for `platform`, with a sentence each.
pub fn check_legal(function: LLVMValueRef, platform: &Platform) -> Vec<(LLVMValueRef, String)> {
    let mut out = Vec::new();
    let bales = baling::analyze(function, platform, BalingKind::Legalization);
    let target = Target::of(platform);
    let no_simd32 = super::simd32_unusable(function, platform);
    for inst in ir::blocks(function).flat_map(ir::instructions).collect::<Vec<_>>() {
        let ty = ir::type_of(inst);
        // Types the platform does not have.
        if !platform.features.fp64 {
            let uses_double = is_double(ty) || (0..ir::operand_count(inst)).any(|n| is_double(ir::type_of(operand(inst, n))));
            if uses_double && opcode(inst) != Some(LLVMOpcode::LLVMRet) {
                out.push((inst, format!("double-precision (fp64) '{}' is not supported on {}", op_name(inst), platform.name)));
            }
        }
        if !platform.features.native_i64 && classify(inst) != I64Use::None {
            out.push((inst, format!("i64 {} is left: 64-bit integer arithmetic must be emulated on {}", op_name(inst), platform.name)));
        }
        if is_predicate_type(ty) && !is_legal_predicate(lanes(ty)) {
            out.push((
                inst,
                format!("a {}-bit predicate is not one vISA predicate (at most 32 bits, a power of two)", lanes(ty)),
            ));
        }
        if !bales.is_considered(inst) || bales.is_baled(inst) || !is_splittable_bale(&bales, inst) {
            continue;
        }
        let width = exec_width(&bales, inst);
        if width <= 1 {
            continue;
        }
        let main = bales.main_inst(inst);
        let allowed = allowed_exec_sizes(platform, main, no_simd32);
        if !width.is_power_of_two() || allowed & width == 0 {
            out.push((inst, format!("execution size {width} is not allowed on {}", platform.name)));
            continue;
        }
        let members = bales.members(inst);
        let lone = members.iter().all(|m| m.inst == inst || matches!(m.info.role, Role::AddrAdd | Role::AddrOr));
        for m in &members {
            let i = m.inst;
            match m.info.role {
                Role::RdRegion => {
                    let Some(r) = RdRegion::read(i) else { continue };
                    if !is_vector(ir::type_of(i)) {
                        continue;
                    }
                    let need = lanes(ir::type_of(i));
                    let region = r.region.canonical();
                    let (size, limit) =
                        legal_region_size(target, &region, 0, true, lanes(ir::type_of(r.input)), align_of(r.index));
                    if size < need {
                        out.push((
                            inst,
                            format!("source region of {} allows {size} of its {need} elements ({})", show(i), limit_text(limit, &region)),
                        ));
                    }
                }
                Role::WrRegion => {
                    let Some(w) = WrRegion::read(i) else { continue };
                    let region = w.region.canonical();
                    let (size, limit) =
                        legal_region_size(target, &region, 0, false, lanes(ir::type_of(w.old)), align_of(w.index));
                    if size < width {
                        out.push((inst, format!("destination region allows {size} of {width} elements ({})", limit_text(limit, &region))));
                    }
                    if lone {
                        if let Some(eb) = element_bytes(element_type(ir::type_of(w.new))) {
                            let source = Region::whole(eb, width).canonical();
                            let (size, limit) = legal_region_size(target, &source, 0, false, width, Alignment::UNKNOWN);
                            if size < width {
                                out.push((inst, format!("the written value allows {size} of {width} elements ({})", limit.describe())));
                            }
                        }
                    }
                    if w.region.masked && is_vector(ir::type_of(w.mask)) {
                        let (_, max) = legal_pred_size(lanes(ir::type_of(w.mask)), element_bits(w.new), 0);
                        if max < width {
                            out.push((inst, format!("the predicate allows {max} of {width} elements")));
                        }
                    }
                }
                Role::AddrAdd | Role::AddrOr | Role::GStore | Role::RegIntr => {}
                _ => {
                    let ity = ir::type_of(i);
                    if !is_vector(ity) {
                        continue;
                    }
                    let n = lanes(ity);
                    let mut eb = element_bytes(element_type(ity)).unwrap_or(0);
                    if opcode(i) != Some(LLVMOpcode::LLVMSelect) {
                        let count = ir::data_operand_count(i);
                        if count > 0 {
                            if let Some(b) = element_bytes(element_type(ir::type_of(operand(i, 0)))) {
                                eb = eb.max(b);
                            }
                        }
                    }
                    if eb > 0 && non_region_width(platform.grf_bytes, eb, n) < n {
                        out.push((
                            inst,
                            format!("two-GRF rule: {} is {n} × {eb} bytes > {}", show(i), 2 * platform.grf_bytes),
                        ));
                    }
                    let pred = match opcode(i) {
                        Some(LLVMOpcode::LLVMSelect) => {
                            let cond = operand(i, 0);
                            if is_vector(ir::type_of(cond)) {
                                Some((cond, element_bits(operand(i, 1))))
                            } else {
                                if n > MAX_PRED {
                                    out.push((inst, format!("a select of {n} elements with a scalar condition (at most 32)")));
                                }
                                None
                            }
                        }
                        Some(LLVMOpcode::LLVMICmp | LLVMOpcode::LLVMFCmp) => Some((i, element_bits(operand(i, 1)))),
                        _ => None,
                    };
                    if let Some((p, bits)) = pred {
                        let (_, max) = legal_pred_size(lanes(ir::type_of(p)), bits, 0);
                        if max < n {
                            out.push((inst, format!("predicate {} allows {max} of {n} elements", show(p))));
                        }
                    }
                }
            }
        }
    }
    out
}
