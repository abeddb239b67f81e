//! genx-visa-emit, device `printf` by the CM runtime's printf protocol (`docs/cm-printf.md`): the call
//! `i32 @printf(i8 addrspace(2)* format, ...)` becomes writes of self-describing records into the printf buffer,
//! vISA's predefined surface `T2` (binding-table index 2, where the CM runtime binds its printf buffer, "static
//! buffer 1"), with the format and `%s` strings written inline, so the CISA object needs no string table.
//!
//! # Why this protocol
//! IGC's VC backend writes a format string's *index* and keeps the strings in a table of its OpenCL/Level Zero
//! binary; the CISA object this route writes has no place for such a table. The CM runtime's own protocol (the
//! one Intel's CM compiler emitted and the media driver's printf reader parses) carries the text in the
//! buffer, so a kernel finalized through vISA prints under the CM runtime as it is.
//!
//! # Algorithm
//! 1. The records, in argument order: the format (a 32-byte header of object type 5, data type 0, then 128
//!    bytes of text), then per argument a scalar record (a 32-byte header: object type 3, the data type of the
//!    argument's LLVM type, its bits in dwords 6 and 7) or, for a string literal, a string record (object type 4,
//!    like the format's). The total (160 per string, 32 per scalar) is reserved with one `dword_atomic.add` on
//!    dword 0 of `T2`, which returns the record area's byte offset.
//! 2. The bytes written are the headers and each string up to and including its NUL (rounded to a whole oword);
//!    the rest of a 128-byte string field keeps what the runtime left there (it zeroes the buffer), which its
//!    reader never looks at past the NUL. The written dwords are grouped into `oword_st`s of 8, 4, 2 or 1 owords
//!    ([`stores`]: the largest store from the first dword not yet stored whose dwords are all written or past a
//!    string's text, shrunk to the smallest covering the same written dwords), each from a GRF-aligned variable
//!    whose constant dwords `write_constant` writes and whose argument dwords are moved in, at the oword offset
//!    `old / 16 + store / 16`.
//! 3. Every instruction is NoMask: printf is one scalar action of the thread, whatever the execution mask
//!    (genx-simdcf-lower refuses a printf inside SIMD control flow before this).
//!
//! # Not handled (located errors naming the call and the construct)
//! A printf whose result is used (its value under the CM runtime is not OpenCL's 0/-1), a format or `%s`
//! argument that is not a string literal, a string of 128 bytes or more before its NUL, a vector argument (the
//! protocol's vector record is not emitted), a pointer argument that is not a string literal, and argument
//! types other than 8/16/32/64-bit integers, float and double.

use genx_visa::{Category, Dst, Exec, Inst, Message, Modifier, Operand, Origin, Raw, Region, Src, Type, VarId};
use std::collections::{BTreeMap, BTreeSet};

use llvm_sys::prelude::*;
use llvm_sys::LLVMTypeKind;

use super::predicates::{imm, nm, scalar};
use super::{element_type, error, is_pointer, Lowering, R};
use crate::cm_lower::string_literal;
use crate::ir;
use crate::region_ir;

/// vISA's predefined surface the CM runtime binds its printf buffer to (binding-table index 2).
const PRINTF_SURFACE: &str = "T2";
/// Bytes of a record header (eight dwords).
const HEADER_BYTES: u32 = 32;
/// Bytes of a string record's text field.
const STRING_BYTES: u32 = 128;
/// Object types of the header's dword 0.
const OBJECT_SCALAR: u64 = 3;
const OBJECT_STRING: u64 = 4;
const OBJECT_FORMAT: u64 = 5;

/// One dword the kernel writes into the record area: a constant, or dword `part` of an argument's value.
#[derive(Clone, Copy)]
enum Lane {
    Const(u64),
    Arg { n: u32, part: u32 },
}

impl Lowering<'_> {
    /// Lowers a call of device printf by the CM printf protocol (the module note).
    pub(super) fn printf(&mut self, inst: LLVMValueRef) -> R<()> {
        if !ir::users(inst).is_empty() {
            return Err(error(
                inst,
                "the value device printf returns is used: the vISA route writes the CM runtime's printf records, \
                 which give the kernel no status; not lowered",
            ));
        }
        let start = self.insts.len();
        // Byte offset in the record area → dword written there.
        let mut lanes: BTreeMap<u32, Lane> = BTreeMap::new();
        let mut at = 0u32;
        // Dwords of string fields past their text: never read, so a store may cover them (with zeros).
        let mut slack: BTreeSet<u32> = BTreeSet::new();
        let mut string_record = |lanes: &mut BTreeMap<u32, Lane>, at: &mut u32, object: u64, text: &[u8]| {
            lanes.insert(*at, Lane::Const(object));
            for d in 1..8 {
                lanes.insert(*at + 4 * d, Lane::Const(0));
            }
            let mut bytes = text.to_vec();
            bytes.push(0);
            bytes.resize(bytes.len().next_multiple_of(16), 0);
            for (d, word) in bytes.chunks(4).enumerate() {
                let value = word.iter().rev().fold(0u64, |acc, &b| acc << 8 | b as u64);
                lanes.insert(*at + HEADER_BYTES + 4 * d as u32, Lane::Const(value));
            }
            slack.extend((*at + HEADER_BYTES + bytes.len() as u32..*at + HEADER_BYTES + STRING_BYTES).step_by(4));
            *at += HEADER_BYTES + STRING_BYTES;
        };
        let format = self.printf_string(inst, 0, "format")?;
        string_record(&mut lanes, &mut at, OBJECT_FORMAT, &format);
        for n in 1..ir::call_arg_count(inst) {
            let value = super::operand(inst, n);
            let ty = ir::type_of(value);
            if is_pointer(ty) {
                let text = self.printf_string(inst, n, "%s argument")?;
                string_record(&mut lanes, &mut at, OBJECT_STRING, &text);
                continue;
            }
            let (code, dwords) = data_type(inst, n, ty)?;
            lanes.insert(at, Lane::Const(OBJECT_SCALAR));
            lanes.insert(at + 4, Lane::Const(code));
            for d in 2..6 {
                lanes.insert(at + 4 * d, Lane::Const(0));
            }
            let constant = super::constant_lanes(value).and_then(|l| l.first().copied());
            for part in 0..2 {
                let lane = match constant {
                    // A constant's bits (its low dword, then its high dword or 0).
                    Some(bits) if part < dwords => Lane::Const(bits >> (32 * part) & 0xffff_ffff),
                    Some(_) => Lane::Const(0),
                    None if part < dwords => Lane::Arg { n, part },
                    None => Lane::Const(0),
                };
                lanes.insert(at + 24 + 4 * part, lane);
            }
            at += HEADER_BYTES;
        }
        let total = at;
        // Reserve the records: old = atomic add of `total` on dword 0 of the buffer.
        let surface = self.printf_surface();
        // The atomic's raw operands start a GRF.
        let raw_var = |this: &mut Self, note: &str| {
            this.k.add_var(Category::General { ty: Type::UD, elems: 1, align: genx_visa::Align::Grf }, Origin::Declared, note)
        };
        let offsets = raw_var(self, "printf: buffer dword 0");
        let size = raw_var(self, "printf: record bytes");
        let old = raw_var(self, "printf: record offset");
        self.alu("mov", offsets, vec![imm(0)]);
        self.alu("mov", size, vec![imm(total as u64)]);
        self.insts.push(Inst::Message(Message::DwordAtomic {
            op: "add",
            exec: nm(1),
            pred: None,
            surface,
            offsets: Raw { var: offsets, offset: 0 },
            srcs: [Some(Raw { var: size, offset: 0 }), None],
            dst: Some(Raw { var: old, offset: 0 }),
        }));
        // The record area's offset in owords (records are whole owords, and the runtime starts them at 32).
        let base = self.k.add_general(Type::UD, 1, "printf: record oword");
        self.alu("shr", base, vec![scalar(old), imm(4)]);
        for (chunk_at, chunk) in stores(&lanes, &slack) {
            let bytes = chunk.len() as u32 * 4;
            let var = self.k.add_var(
                Category::General { ty: Type::UD, elems: chunk.len() as u32, align: genx_visa::Align::Grf },
                Origin::Declared,
                format!("printf: records at +{chunk_at}"),
            );
            let constants: Vec<u64> = chunk.iter().map(|lane| if let Lane::Const(c) = lane { *c } else { 0 }).collect();
            self.write_constant(var, &constants, Type::UD);
            for (d, lane) in chunk.iter().enumerate() {
                if let Lane::Arg { n, part } = *lane {
                    // The first dword moves the value (a 64-bit one moves both of its dwords at once).
                    if part == 0 {
                        self.printf_argument(inst, n, var, d as u32 * 4)?;
                    }
                }
            }
            let offset = if chunk_at == 0 {
                scalar(base)
            } else {
                let at = self.k.add_general(Type::UD, 1, "printf: oword offset");
                self.alu("add", at, vec![scalar(base), imm((chunk_at / 16) as u64)]);
                scalar(at)
            };
            self.insts.push(Inst::OwordSt { owords: bytes / 16, surface, offset, src: Raw { var, offset: 0 } });
        }
        // One scalar action of the thread: no instruction depends on the execution mask.
        for inst in &mut self.insts[start..] {
            if let Inst::Alu { exec, .. } = inst {
                exec.no_mask = true;
            }
        }
        Ok(())
    }

    /// The predefined surface of the printf buffer, declared once.
    fn printf_surface(&mut self) -> VarId {
        if let Some(&var) = self.predefined.get(PRINTF_SURFACE) {
            return var;
        }
        let var = self.k.add_var(Category::Surface, Origin::Predefined(PRINTF_SURFACE), "");
        self.predefined.insert(PRINTF_SURFACE, var);
        var
    }

    /// The text of printf operand `n`, a string literal of fewer than 128 bytes with its NUL.
    fn printf_string(&self, inst: LLVMValueRef, n: u32, what: &str) -> R<Vec<u8>> {
        let value = super::operand(inst, n);
        let text = string_literal(value).ok_or_else(|| {
            error(inst, format!("the printf {what} (operand {n}) is not a string literal: the CM printf protocol writes its text"))
        })?;
        if text.len() as u32 >= STRING_BYTES {
            return Err(error(
                inst,
                format!(
                    "the printf {what} (operand {n}) has {} bytes: the CM printf protocol holds at most {} before the NUL",
                    text.len(),
                    STRING_BYTES - 1
                ),
            ));
        }
        Ok(text)
    }

    /// Moves printf argument `n` into `var` at byte `offset` (dword 6 of its header): as its own type when it
    /// fills a dword (a float's bits, an int), sign-extended from a byte or word, both dwords of a 64-bit value.
    fn printf_argument(&mut self, inst: LLVMValueRef, n: u32, var: VarId, offset: u32) -> R<()> {
        let value = super::operand(inst, n);
        let ty = element_type(ir::type_of(value)).ok_or_else(|| error(inst, "a printf argument without a vISA type"))?;
        let exec = nm(1);
        if ty.bytes() == 8 {
            let source = self.var_of(inst, value)?;
            let halves = self.k.add_alias(source, 0, Type::UD, 2, "");
            let src = Operand::Region(Src {
                var: halves,
                offset: 0,
                region: Region { vstride: 1, width: 1, hstride: 0 },
                modifier: Modifier::None,
            });
            self.insts.push(Inst::Alu {
                op: "mov",
                sat: false,
                exec: Exec { size: 2, ..exec },
                pred: None,
                dst: Dst { var, offset, hstride: 1 },
                srcs: vec![src],
            });
            return Ok(());
        }
        let src = self.source(inst, n, 1, None)?;
        let dst_ty = if ty == Type::F { Type::F } else { Type::D };
        let dst = self.view(var, dst_ty);
        self.insts.push(Inst::Alu { op: "mov", sat: false, exec, pred: None, dst: Dst { var: dst, offset, hstride: 1 }, srcs: vec![src] });
        Ok(())
    }
}

/// The CM printf data type of argument `n` of type `ty` (`CMPDT_*`: char 0, float 2, int 3, short 5, qword 7,
/// double 9; the IR does not say signedness, and C's promotions leave chars and shorts as ints anyway) and how
/// many dwords its bits take.
fn data_type(inst: LLVMValueRef, n: u32, ty: LLVMTypeRef) -> R<(u64, u32)> {
    let vector = ir::type_kind(ty) == LLVMTypeKind::LLVMVectorTypeKind;
    if vector || region_ir::lanes(ty) > 1 {
        return Err(error(
            inst,
            format!("printf argument {n} is a vector: the vISA route writes the CM printf protocol's scalar records only (print its elements)"),
        ));
    }
    Ok(match element_type(ty) {
        Some(Type::B) => (0, 1),
        Some(Type::W) => (5, 1),
        Some(Type::D) => (3, 1),
        Some(Type::Q) => (7, 2),
        Some(Type::F) => (2, 1),
        Some(Type::DF) => (9, 2),
        _ => {
            return Err(error(
                inst,
                format!("printf argument {n} of type {} has no CM printf data type", ir::type_to_string(ty)),
            ))
        }
    })
}

/// The stores that write `lanes` (byte offset → dword), each one `oword_st` of 8, 4, 2 or 1 owords with its
/// byte offset: from the first dword not yet stored, the largest store whose dwords are all written or `slack`
/// (string-field dwords past the text, which a store may cover with zeros), shrunk to the smallest that still
/// covers the same written dwords.
fn stores(lanes: &BTreeMap<u32, Lane>, slack: &BTreeSet<u32>) -> Vec<(u32, Vec<Lane>)> {
    let mut out = Vec::new();
    let mut next = lanes.keys().next().copied();
    while let Some(at) = next {
        let fits = |owords: u32| (at..at + owords * 16).step_by(4).all(|d| lanes.contains_key(&d) || slack.contains(&d));
        let largest = [8u32, 4, 2, 1].into_iter().find(|&o| fits(o)).unwrap_or(1);
        let written = |owords: u32| lanes.range(at..at + owords * 16).count();
        let owords = [1u32, 2, 4, 8].into_iter().find(|&o| o <= largest && written(o) == written(largest)).unwrap_or(largest);
        let chunk = (at..at + owords * 16).step_by(4).map(|d| lanes.get(&d).copied().unwrap_or(Lane::Const(0))).collect();
        out.push((at, chunk));
        next = lanes.range(at + owords * 16..).next().map(|(&d, _)| d);
    }
    out
}
