//! genx-visa-emit, the per-lane memory messages and synchronisation: scaled gather/scatter, untyped 4-channel,
//! typed (and typed atomics), DWORD atomics, SVM gather/scatter and atomics, barrier, split barrier, fence, the sampler messages
//! (`sampler.rs`); and surfaces given as constants (SLM's
//! binding-table index 254 is vISA's predefined `%slm`, any other constant is bound to a surface variable with
//! `movs` before its use, as IGC does).
//!
//! # What decides the lowering
//! `intrinsics.td`'s `Visa` field: the form (`gather-scaled`, `dword-atomic`, ...) picks the function here, the
//! name is the vISA opcode or atomic operation, and every operand is found by its name in the table (`pred`,
//! `surface`, `global_offset`, `offsets`, `old`, `data`, ...), so the `scaled`, `scaled2` and `masked.scaled2`
//! variants, and `atomic` / `atomic2`, share one function each: an absent `pred` enables every lane, an absent
//! `old` leaves disabled lanes undefined.
//!
//! # Algorithm
//! * The lanes are the `pred` operand's (or the address payload's). A constant all-true `pred` is no predicate;
//!   another constant is a `setp`; a value is its predicate variable (it must have one bit per lane); a slice of
//!   SIMD control flow's execution mask is no predicate: the message runs under the execution mask.
//! * Raw operands (addresses, offsets, data) start a GRF: a value already in a GRF-aligned variable is used in
//!   place, anything else (a constant, a value in a smaller variable, a baled region) is first moved into a fresh
//!   GRF-aligned variable.
//! * A load's result is a fresh GRF-aligned variable; when the load has an `old` operand and a predicate that may
//!   disable lanes, `old` is copied into it first (the message then writes only the enabled lanes): an
//!   `Inst::Copy` of reason `Merge`, which coalescing removes when `old` dies at the load; a kept one is counted
//!   in `-stats` as `copies-merge`. The lane predicate is `predicate_operand`'s (baled predicate regions too).
//! * Data layouts: vISA's 4-channel messages start each channel's lanes at a GRF; the intrinsic's result packs
//!   them, so a message whose channels do not fill whole GRFs (fewer than GRF/4 lanes with several channels) is
//!   refused rather than mis-placed. Scaled messages carry one dword per lane (1, 2 or 4 blocks of bytes), so the
//!   data must have 32-bit elements.
//!
//! # Not handled
//! Non-zero scale operands (vISA ignores the field: only 0 means what the intrinsic says), SVM gathers of bytes
//! or of several blocks per lane, float typed atomics (vISA has none), `.predef.surface` forms, LSC messages. Each is a located error
//! naming the intrinsic and the reason.

use genx_visa::message::FenceKind;
use genx_visa::{Category, CopyReason, Exec, Inst, Message, Operand, Origin, Pred, Raw, Type, VarId};
use llvm_sys::prelude::*;

use super::{element_type, error, operand, Lowering, R};
use crate::intrinsics::{IntrinsicDesc, VisaLowering};
use crate::ir;
use crate::region_ir;

/// SLM's binding-table index (CM's `SLM_BTI`): the predefined surface `%slm` (T0).
const SLM_BTI: i64 = 254;

/// The forms this module lowers (`intrinsics.td`'s `Visa`).
pub(super) const FORMS: &[&str] = &[
    "gather-scaled",
    "scatter-scaled",
    "gather4-scaled",
    "scatter4-scaled",
    "gather4-typed",
    "scatter4-typed",
    "dword-atomic",
    "typed-atomic",
    "svm-gather",
    "svm-scatter",
    "svm-atomic",
    "barrier",
    "sbarrier",
    "fence",
    "sampler",
    "sample-unorm",
    "avs",
];

// The sampler messages, a child module so that they share `Call` and the payload helpers.
#[path = "sampler.rs"]
mod sampler;

/// One call's operands by name.
struct Call {
    inst: LLVMValueRef,
    desc: &'static IntrinsicDesc,
}

impl Call {
    fn get(&self, name: &str) -> Option<LLVMValueRef> {
        self.desc.operand(name).map(|(n, _)| operand(self.inst, n as u32))
    }

    fn index(&self, name: &str) -> Option<u32> {
        self.desc.operand(name).map(|(n, _)| n as u32)
    }

    fn need(&self, name: &str) -> R<u32> {
        self.index(name)
            .ok_or_else(|| error(self.inst, format!("internal error: {} has no operand '{name}'", self.desc.name)))
    }

    fn constant(&self, name: &str) -> R<Option<i64>> {
        match self.get(name) {
            None => Ok(None),
            Some(value) => ir::const_int(value).map(Some).ok_or_else(|| {
                error(self.inst, format!("the operand '{name}' of {} must be a constant", self.desc.name))
            }),
        }
    }
}

impl Lowering<'_> {
    /// Lowers a call whose `Visa` form is one of [`FORMS`].
    pub(super) fn message(&mut self, inst: LLVMValueRef, visa: VisaLowering) -> R<()> {
        let Some(desc) = region_ir::genx_desc(inst) else {
            return Err(error(inst, "internal error: a message that is not a GenX intrinsic"));
        };
        let call = Call { inst, desc };
        match visa.form {
            "barrier" => {
                self.insts.push(Inst::Message(Message::Barrier));
                Ok(())
            }
            "sbarrier" => {
                let signal = match call.constant("signal")?.unwrap_or(-1) {
                    0 => false,
                    1 => true,
                    other => {
                        return Err(error(inst, format!("the split barrier's operand must be 1 (signal) or 0 (wait), found {other}")))
                    }
                };
                self.insts.push(Inst::Message(Message::SplitBarrier { signal }));
                Ok(())
            }
            "fence" => {
                let mask = call.constant("mask")?.unwrap_or(0) as u32 & 0xff;
                let kind = if mask & 0x80 != 0 {
                    FenceKind::Software
                } else if mask & 0x20 != 0 {
                    FenceKind::Local
                } else {
                    FenceKind::Global
                };
                self.insts.push(Inst::Message(Message::Fence { kind, flags: mask & 0x5f }));
                Ok(())
            }
            "gather-scaled" | "scatter-scaled" | "gather4-scaled" | "scatter4-scaled" => self.scaled(&call, visa.form),
            "gather4-typed" | "scatter4-typed" => self.typed(&call, visa.form == "scatter4-typed"),
            "dword-atomic" | "svm-atomic" => self.atomic(&call, visa),
            "typed-atomic" => self.typed_atomic(&call, visa),
            "svm-gather" | "svm-scatter" => self.svm_scattered(&call, visa.form == "svm-scatter"),
            "sampler" => self.sampler(&call, visa),
            "sample-unorm" => self.sample_unorm(&call),
            "avs" => self.avs(&call),
            other => Err(error(inst, format!("internal error: message form '{other}' has no lowering"))),
        }
    }

    /// The index of the call's operand `name` (whose lanes are the message's), the execution and the predicate.
    fn lanes_of(&mut self, call: &Call, name: &str) -> R<(u32, Exec, Option<Pred>)> {
        let n = call.need(name)?;
        let lanes = region_ir::lanes(ir::type_of(operand(call.inst, n)));
        let (exec, pred) = self.lanes(call, lanes)?;
        Ok((n, exec, pred))
    }

    /// The call's `channel_mask` (1 to 15), refused when several channels of `lanes` lanes would not each fill
    /// whole GRFs (vISA starts each channel at a GRF; the intrinsic packs them).
    fn channels(&self, call: &Call, lanes: u32) -> R<u32> {
        let channels = call.constant("channel_mask")?.unwrap_or(0) as u32;
        if !(1..=15).contains(&channels) {
            return Err(error(call.inst, format!("channel mask {channels} (1 to 15 allowed)")));
        }
        if channels.count_ones() > 1 && (lanes * 4) % self.k.grf_bytes != 0 {
            return Err(error(
                call.inst,
                format!("{lanes} lanes of several channels: vISA starts each channel at a GRF, the intrinsic packs them"),
            ));
        }
        Ok(channels)
    }

    /// The execution of a message of `lanes` lanes and its predicate, from the call's `pred` operand.
    fn lanes(&mut self, call: &Call, lanes: u32) -> R<(Exec, Option<Pred>)> {
        let inst = call.inst;
        if !lanes.is_power_of_two() || lanes > 32 {
            return Err(error(inst, format!("a message of {lanes} lanes (1, 2, 4, 8, 16 or 32 allowed)")));
        }
        let exec = Exec::simd(lanes);
        let Some(n) = call.index("pred") else { return Ok((exec, None)) };
        let pred = operand(inst, n);
        if region_ir::lanes(ir::type_of(pred)) != lanes {
            return Err(error(inst, "the lane-enable predicate does not have one bit per lane"));
        }
        if region_ir::is_all_ones(pred) {
            return Ok((exec, None));
        }
        if self.is_mask_value(pred) {
            // Under SIMD control flow: the message runs under the execution mask (not NoMask), at its slice.
            let offset = self.control.em_offsets.get(&pred).copied().unwrap_or(0);
            return Ok((Exec { offset, ..exec }, None));
        }
        let var = self.predicate_operand(inst, pred)?;
        match self.k.var(var).category {
            Category::Predicate { elems } if elems == lanes => Ok((exec, Some(Pred::lane(var, false)))),
            _ => Err(error(inst, "the lane-enable operand is not a predicate of the message's width")),
        }
    }

    /// Operand `n` of `inst` as a raw operand: its variable when that starts a GRF, else a GRF-aligned copy.
    pub(super) fn raw_operand(&mut self, inst: LLVMValueRef, n: u32) -> R<Raw> {
        let value = operand(inst, n);
        if self.bales.info(inst).is_operand_baled(n) && !ir::is_constant(value) {
            let lanes = region_ir::lanes(ir::type_of(value));
            let src = self.source(inst, n, lanes, None)?;
            let var = self.new_var(value, true)?;
            let ty = self.k.var(var).ty().unwrap_or(Type::D);
            self.move_into(var, ty, lanes, src);
            return Ok(Raw { var, offset: 0 });
        }
        if ir::is_constant(value) && !ir::is_undef(value) {
            // A block's constants are materialised once (lower.rs caches them), so a constant used by several
            // messages is written once when its variable starts a GRF.
            let var = self.materialize(inst, value)?;
            if self.starts_grf(var) {
                return Ok(Raw { var, offset: 0 });
            }
        }
        self.payload(inst, value)
    }

    /// `raw` read as `ty` (vISA checks the types of raw operands: offsets `ud`, addresses `uq`, atomic data by
    /// operation).
    fn as_type(&mut self, raw: Raw, ty: Type) -> Raw {
        Raw { var: self.view(raw.var, ty), offset: raw.offset }
    }

    /// Moves `src` (a region or an immediate of `lanes` elements) into `var` with legal execution sizes.
    fn move_into(&mut self, var: VarId, ty: Type, lanes: u32, src: Operand) {
        let limit = (2 * self.k.grf_bytes / ty.bytes()).min(self.platform.max_exec_size()).min(32).max(1);
        let mut at = 0;
        while at < lanes {
            let mut size = limit;
            while size > lanes - at {
                size /= 2;
            }
            let piece = match src {
                Operand::Region(mut s) if s.region.vstride != 0 || s.region.hstride != 0 => {
                    let offsets: Vec<u32> = s.region.element_offsets(lanes, ty.bytes()).collect();
                    s.offset += offsets[at as usize];
                    if size == 1 {
                        s.region = genx_visa::Region::SCALAR;
                    }
                    Operand::Region(s)
                }
                other => other,
            };
            self.insts.push(Inst::Alu {
                op: "mov",
                sat: false,
                exec: Exec::simd(size),
                pred: None,
                dst: genx_visa::Dst { var, offset: at * ty.bytes(), hstride: 1 },
                srcs: vec![piece],
            });
            at += size;
        }
    }

    /// The destination of a load ([`Self::raw_result`]): a fresh variable holds `old` first when a predicate
    /// may disable lanes and `old` is defined (baling puts a load into a `wrregion` only when `old` is undef).
    fn load_destination(&mut self, call: &Call, pred: &Option<Pred>) -> R<Raw> {
        let inst = call.inst;
        let (raw, fresh) = self.raw_result(inst)?;
        let var = raw.var;
        if let (Some(_), Some(old)) = (pred, call.get("old")) {
            if !ir::is_undef(old) && !fresh {
                return Err(error(inst, "internal error: a load with an old value baled into a wrregion"));
            }
            if !ir::is_undef(old) {
                if ir::is_constant(old) {
                    let lanes = super::constant_lanes(old).ok_or_else(|| error(inst, "a constant expression old value"))?;
                    let ty = self.k.var(var).ty().unwrap_or(Type::D);
                    self.write_constant(var, &lanes, ty);
                    self.stats.constant_olds += 1;
                } else {
                    // Coalescing removes the copy when `old` dies at the load (genx_visa::coalesce).
                    let old_var = self.var_of(inst, old)?;
                    self.insts.push(Inst::Copy { dst: var, src: old_var, reason: CopyReason::Merge });
                }
            }
        }
        Ok(raw)
    }

    /// `gather_scaled`, `scatter_scaled`, `gather4_scaled`, `scatter4_scaled` and their `scaled2` /
    /// `masked.scaled2` variants.
    fn scaled(&mut self, call: &Call, form: &str) -> R<()> {
        let inst = call.inst;
        let store = form.starts_with("scatter");
        let four = form.contains('4');
        if call.constant("scale")?.unwrap_or(0) != 0 {
            return Err(error(inst, "a scaled message with a non-zero scale is not lowered (vISA ignores the field)"));
        }
        let (offsets_n, exec, pred) = self.lanes_of(call, "offsets")?;
        let lanes = exec.size;
        let surface = self.surface(inst, operand(inst, call.need("surface")?))?;
        let offset = self.scalar(inst, call.need("global_offset")?)?;
        let offsets = self.raw_operand(inst, offsets_n)?;
        let offsets = self.as_type(offsets, Type::UD);
        let data_value = if store { operand(inst, call.need("data")?) } else { inst };
        let ty = ir::type_of(data_value);
        let elem = element_type(ty).ok_or_else(|| error(inst, "message data without a vISA type"))?;
        if elem.bytes() != 4 {
            return Err(error(inst, format!("{}-byte message data (each lane carries a dword)", elem.bytes())));
        }
        let data_lanes = region_ir::lanes(ty);
        let message = if four {
            let channels = self.channels(call, lanes)?;
            let count = channels.count_ones();
            if data_lanes != lanes * count {
                return Err(error(inst, format!("{data_lanes} data elements for {count} channels of {lanes} lanes")));
            }
            let data = if store { self.raw_operand(inst, call.need("data")?)? } else { self.load_destination(call, &pred)? };
            Message::Scaled4 { store, channels, exec, pred, surface, offset, offsets, data }
        } else {
            let blocks = 1u32 << call.constant("log2_blocks")?.unwrap_or(0).clamp(0, 3);
            if data_lanes != lanes {
                return Err(error(inst, format!("{data_lanes} data elements for {lanes} lanes")));
            }
            let data = if store { self.raw_operand(inst, call.need("data")?)? } else { self.load_destination(call, &pred)? };
            Message::Scaled { store, blocks, exec, pred, surface, offset, offsets, data }
        };
        self.insts.push(Inst::Message(message));
        Ok(())
    }

    /// `gather4_typed` / `scatter4_typed`.
    fn typed(&mut self, call: &Call, store: bool) -> R<()> {
        let inst = call.inst;
        let (_, exec, pred) = self.lanes_of(call, "u")?;
        let channels = self.channels(call, exec.size)?;
        let surface = self.surface(inst, operand(inst, call.need("surface")?))?;
        let coords = self.coordinates(call)?;
        let data = if store { self.raw_operand(inst, call.need("data")?)? } else { self.load_destination(call, &pred)? };
        self.insts.push(Inst::Message(Message::Typed4 { store, channels, exec, pred, surface, coords, data }));
        Ok(())
    }

    /// A typed message's coordinates u, v, r, lod as `ud` payloads; an absent or all-zero constant one is
    /// `%null` (TYPED_ATOMIC.md: the coordinates a surface type does not use must be V0).
    fn coordinates(&mut self, call: &Call) -> R<[Option<Raw>; 4]> {
        let mut coords = [None; 4];
        for (slot, name) in ["u", "v", "r", "lod"].iter().enumerate() {
            let Some(n) = call.index(name) else { continue };
            let value = operand(call.inst, n);
            let zero = ir::is_constant(value)
                && super::constant_lanes(value).is_some_and(|lanes| lanes.iter().all(|&l| l == 0));
            if slot > 0 && zero {
                continue;
            }
            let coord = self.raw_operand(call.inst, n)?;
            coords[slot] = Some(self.as_type(coord, Type::UD));
        }
        Ok(coords)
    }

    /// `typed.atomic.*`: integer operations only (TYPED_ATOMIC.md), 8 lanes.
    fn typed_atomic(&mut self, call: &Call, visa: VisaLowering) -> R<()> {
        let inst = call.inst;
        if visa.name.starts_with('f') {
            return Err(error(inst, format!("a typed atomic {}: vISA's typed atomics are integer only", visa.name)));
        }
        let (_, exec, pred) = self.lanes_of(call, "u")?;
        let surface = self.surface(inst, operand(inst, call.need("surface")?))?;
        let coords = self.coordinates(call)?;
        let elem = element_type(ir::type_of(inst)).ok_or_else(|| error(inst, "atomic data without a vISA type"))?;
        let data_type = atomic_type(visa.name, elem.bytes());
        let srcs = self.atomic_sources(call, data_type)?;
        let dst = self.load_destination(call, &pred)?;
        let dst = Some(self.as_type(dst, data_type));
        self.insts.push(Inst::Message(Message::TypedAtomic { op: visa.name, exec, pred, surface, coords, srcs, dst }));
        Ok(())
    }

    /// An atomic's `src` / `src0` and `src1` operands as raw operands of `ty`.
    fn atomic_sources(&mut self, call: &Call, ty: Type) -> R<[Option<Raw>; 2]> {
        let mut srcs = [None, None];
        for (slot, names) in [["src", "src0"], ["", "src1"]].iter().enumerate() {
            if let Some(n) = names.iter().find_map(|name| call.index(name)) {
                let src = self.raw_operand(call.inst, n)?;
                srcs[slot] = Some(self.as_type(src, ty));
            }
        }
        Ok(srcs)
    }

    /// `dword.atomic.*`, `dword.atomic2.*`, `svm.atomic.*`.
    fn atomic(&mut self, call: &Call, visa: VisaLowering) -> R<()> {
        let inst = call.inst;
        let svm = visa.form == "svm-atomic";
        let (address_n, exec, pred) = self.lanes_of(call, if svm { "addresses" } else { "offsets" })?;
        let elem = element_type(ir::type_of(inst)).ok_or_else(|| error(inst, "atomic data without a vISA type"))?;
        if !svm && elem.bytes() != 4 {
            return Err(error(inst, "a DWORD atomic on other than 32-bit elements"));
        }
        let surface = if svm { None } else { Some(self.surface(inst, operand(inst, call.need("surface")?))?) };
        let addresses = self.raw_operand(inst, address_n)?;
        let addresses = self.as_type(addresses, if svm { Type::UQ } else { Type::UD });
        let data_type = atomic_type(visa.name, elem.bytes());
        let srcs = self.atomic_sources(call, data_type)?;
        let dst = self.load_destination(call, &pred)?;
        let dst = Some(self.as_type(dst, data_type));
        let message = match surface {
            Some(surface) => Message::DwordAtomic { op: visa.name, exec, pred, surface, offsets: addresses, srcs, dst },
            None => Message::SvmAtomic { op: visa.name, bits: elem.bytes() * 8, exec, pred, addresses, srcs, dst },
        };
        self.insts.push(Inst::Message(message));
        Ok(())
    }

    /// `svm.gather` / `svm.scatter` of one 4- or 8-byte block per lane.
    fn svm_scattered(&mut self, call: &Call, store: bool) -> R<()> {
        let inst = call.inst;
        let (address_n, exec, pred) = self.lanes_of(call, "addresses")?;
        let lanes = exec.size;
        let data_value = if store { operand(inst, call.need("data")?) } else { inst };
        let ty = ir::type_of(data_value);
        let elem = element_type(ty).ok_or_else(|| error(inst, "message data without a vISA type"))?;
        let blocks = 1u32 << call.constant("log2_blocks")?.unwrap_or(0).clamp(0, 3);
        if blocks != 1 || !matches!(elem.bytes(), 4 | 8) || region_ir::lanes(ty) != lanes {
            return Err(error(
                inst,
                format!(
                    "an SVM gather/scatter of {blocks} block(s) of {}-byte elements over {lanes} lanes is not lowered \
                     yet (one 4- or 8-byte element per lane is)",
                    elem.bytes()
                ),
            ));
        }
        let addresses = self.raw_operand(inst, address_n)?;
        let addresses = self.as_type(addresses, Type::UQ);
        let data = if store { self.raw_operand(inst, call.need("data")?)? } else { self.load_destination(call, &pred)? };
        self.insts.push(Inst::Message(Message::SvmScattered {
            store,
            block_bytes: elem.bytes(),
            blocks,
            exec,
            pred,
            addresses,
            data,
        }));
        Ok(())
    }

    /// A surface given as a constant binding-table index: `%slm` for SLM's, else a surface variable bound to
    /// the index by a `movs` placed here.
    pub(super) fn constant_surface(&mut self, inst: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        let Some(index) = ir::const_int(value) else {
            return Err(error(inst, "a surface operand that is neither a surface argument nor a constant index"));
        };
        if index == SLM_BTI {
            if let Some(&var) = self.predefined.get("%slm") {
                return Ok(var);
            }
            let var = self.k.add_var(Category::Surface, Origin::Predefined("%slm"), "");
            self.predefined.insert("%slm", var);
            return Ok(var);
        }
        if !(0..=255).contains(&index) {
            return Err(error(inst, format!("binding-table index {index} is outside 0..=255")));
        }
        let var = self.k.add_var(Category::Surface, Origin::Declared, format!("binding-table index {index}"));
        self.insts.push(Inst::Message(Message::BindSurface { surface: var, index: index as u32 }));
        Ok(var)
    }
}

/// The type vISA requires of an atomic's sources and result (`DWORD_ATOMIC.md`, notes): signed for
/// `minsint`/`maxsint`, floating point for the `f` operations, unsigned for the rest.
fn atomic_type(op: &str, bytes: u32) -> Type {
    if op.starts_with('f') {
        match bytes {
            2 => Type::HF,
            8 => Type::DF,
            _ => Type::F,
        }
    } else {
        Type::int(bytes, matches!(op, "minsint" | "maxsint")).unwrap_or(Type::UD)
    }
}
