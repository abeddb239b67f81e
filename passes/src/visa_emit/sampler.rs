//! genx-visa-emit, the sampler messages: `llvm.genx.sample` and `llvm.genx.load` (vISA's legacy `sample` and
//! `load`, SAMPLE.md / LOAD.md) and `llvm.genx.sample.unorm` (`sample_unorm`, SAMPLE_UNORM.md): the instructions
//! IGC's VC backend (igc-1.0.12504.6) emits for these intrinsics, not `sample_3d`/`load_3d`.
//!
//! # Algorithm
//! * `sample`/`load` (form `sampler`): the SIMD width is the coordinates' lane count (8 or 16); the channel mask
//!   is the call's `channel_mask`; u, v and r are GRF-aligned payloads (a constant one, such as the zero r of a
//!   2D sample, is materialised as IGC does: vISA has no null coordinate for these two); `load`'s coordinates
//!   are read as `ud`. The result is a fresh GRF-aligned variable, channel-major (each enabled channel from a
//!   GRF, as the intrinsic's result packs them when the lanes fill whole GRFs; otherwise refused).
//! * `sample_unorm` (form `sample-unorm`): bits 0-3 of the channel operand are the channels, bits 4-5 the
//!   output format; u, v, delta_u, delta_v are scalar operands (registers or immediates); the result is 32
//!   words per enabled channel whatever the format (SAMPLE_UNORM.md), anything else is refused.
//! * `avs` (form `avs`, AVS.md): the channel mask, the output format (`output_format`, 0-3) and the execution
//!   mode (`exec_mode`) are constants; u, v, delta_u, delta_v, u2d and v2d are scalar floats, group_id and
//!   vertical_block scalar dwords, ief_bypass a scalar byte (registers or immediates, typed `f`, `ud`, `ub` as
//!   the instruction requires). The result must hold what the message writes
//!   ([`genx_visa::message::avs_response_bytes`]: a byte or word per pixel per enabled channel, 64 pixels in
//!   16x4 mode, 128 in 16x8); a smaller one is refused. The 8x4 and 4x4 modes are refused: vISA's text form,
//!   which GenX_IR assembles, has no name for them (IGC prints them `AVS_INVALID`). IGC 1.0.12504 compiles
//!   `avs` for every platform of `platform.rs` (skl to pvc) and GenX_IR assembles it for icllp, tgllp, dg1 and
//!   dg2, so no platform is refused.
//! * The sampler operand must be a `SamplerIndex` kernel argument (a sampler variable); the surface goes through
//!   the surface rule of the block messages (an argument, or a constant bound with `movs`).
//!
//! # Not handled
//! A constant sampler index (no `movs` binding of sampler state is emitted), half-precision coordinates, `avs`'s
//! 8x4 and 4x4 modes, `3d.sample`/`3d.load`, `sample` under a lane predicate (the intrinsic has none). Each is a located error.

use genx_visa::{Category, Inst, Message, Operand, Type, VarId};
use llvm_sys::prelude::*;

use super::{error, operand, Call, Lowering, R};
use crate::intrinsics::VisaLowering;
use crate::ir;
use crate::region_ir;

impl Lowering<'_> {
    /// `sample` (with a sampler) or `load` (without).
    pub(super) fn sampler(&mut self, call: &Call, visa: VisaLowering) -> R<()> {
        let inst = call.inst;
        let u = operand(inst, call.need("u")?);
        let lanes = region_ir::lanes(ir::type_of(u));
        if lanes != 8 && lanes != 16 {
            return Err(error(inst, format!("a {} message of {lanes} lanes (8 or 16 allowed)", visa.name)));
        }
        let channels = self.channels(call, lanes)?;
        let result = region_ir::lanes(ir::type_of(inst));
        if result != channels.count_ones() * lanes {
            return Err(error(
                inst,
                format!("a result of {result} lanes for {} channels of {lanes} lanes", channels.count_ones()),
            ));
        }
        let sampler = match call.index("sampler") {
            Some(n) => Some(self.sampler_state(inst, operand(inst, n))?),
            None => None,
        };
        let surface = self.surface(inst, operand(inst, call.need("surface")?))?;
        let coordinate_type = if sampler.is_some() { Type::F } else { Type::UD };
        let mut coords = Vec::with_capacity(3);
        for name in ["u", "v", "r"] {
            let n = call.need(name)?;
            let elem = super::element_type(ir::type_of(operand(inst, n)));
            if elem.is_some_and(|ty| ty.bytes() != 4) {
                return Err(error(inst, format!("{} coordinates of 16 bits are not lowered yet", visa.name)));
            }
            let raw = self.raw_operand(inst, n)?;
            coords.push(self.as_type(raw, coordinate_type));
        }
        let coords = [coords[0], coords[1], coords[2]];
        let dst = self.load_destination(call, &None)?;
        self.insts.push(Inst::Message(Message::Sampler { sampler, channels, lanes, surface, coords, dst }));
        Ok(())
    }

    /// `sample_unorm`: a block of pixels from a scalar origin and steps.
    pub(super) fn sample_unorm(&mut self, call: &Call) -> R<()> {
        let inst = call.inst;
        let mask = call.constant("channel_mask")?.unwrap_or(0) as u32;
        let (channels, format) = (mask & 15, (mask >> 4) & 3);
        if channels == 0 {
            return Err(error(inst, "sample_unorm with no channel enabled"));
        }
        // SAMPLE_UNORM.md: 32 words per enabled channel, whatever the output format.
        let result = ir::type_of(inst);
        let words = super::element_type(result).is_some_and(|ty| ty.bytes() == 2);
        if !words || region_ir::lanes(result) != 32 * channels.count_ones() {
            return Err(error(
                inst,
                format!("sample_unorm's result must be {} words (32 per enabled channel)", 32 * channels.count_ones()),
            ));
        }
        let sampler = self.sampler_state(inst, operand(inst, call.need("sampler")?))?;
        let surface = self.surface(inst, operand(inst, call.need("surface")?))?;
        let mut coords: Vec<Operand> = Vec::with_capacity(4);
        for name in ["u", "v", "delta_u", "delta_v"] {
            coords.push(self.source(inst, call.need(name)?, 1, None)?);
        }
        let coords = [coords[0], coords[1], coords[2], coords[3]];
        let dst = self.load_destination(call, &None)?;
        self.insts.push(Inst::Message(Message::SampleUnorm { channels, format, sampler, surface, coords, dst }));
        Ok(())
    }

    /// `avs`: the adaptive video scaler's block of pixels.
    pub(super) fn avs(&mut self, call: &Call) -> R<()> {
        use genx_visa::message::{avs_response_bytes, AVS_MODES};
        let inst = call.inst;
        let channels = call.constant("channel_mask")?.unwrap_or(0) as u32 & 15;
        if channels == 0 {
            return Err(error(inst, "avs with no channel enabled"));
        }
        let format = call.constant("output_format")?.unwrap_or(0);
        if !(0..=3).contains(&format) {
            return Err(error(inst, format!("avs output format {format} (0 to 3 allowed: AVS.md's cntrl)")));
        }
        let mode = call.constant("exec_mode")?.unwrap_or(0);
        if !(0..=3).contains(&mode) {
            return Err(error(inst, format!("avs execution mode {mode} (0 to 3 allowed: AVS.md's execMode)")));
        }
        if AVS_MODES[mode as usize].is_none() {
            return Err(error(
                inst,
                format!(
                    "avs in {} mode is not lowered: vISA's text form, which GenX_IR assembles, names only the 16x4 \
                     and 16x8 modes",
                    if mode == 1 { "8x4" } else { "4x4" }
                ),
            ));
        }
        let (format, mode) = (format as u32, mode as u32);
        let result = ir::type_of(inst);
        let bytes = region_ir::lanes(result) * super::element_type(result).map_or(0, |ty| ty.bytes());
        let needed = avs_response_bytes(channels, format, mode);
        if bytes < needed {
            return Err(error(
                inst,
                format!("avs's result of {bytes} bytes is smaller than the {needed} bytes the message writes"),
            ));
        }
        let sampler = self.sampler_state(inst, operand(inst, call.need("sampler")?))?;
        let surface = self.surface(inst, operand(inst, call.need("surface")?))?;
        let mut coords: Vec<Operand> = Vec::with_capacity(6);
        for name in ["u", "v", "delta_u", "delta_v", "u2d", "v2d"] {
            coords.push(self.source(inst, call.need(name)?, 1, None)?);
        }
        let coords = [coords[0], coords[1], coords[2], coords[3], coords[4], coords[5]];
        let block = [
            self.source(inst, call.need("group_id")?, 1, Some(false))?,
            self.source(inst, call.need("vertical_block")?, 1, Some(false))?,
        ];
        let ief_bypass = self.source(inst, call.need("ief_bypass")?, 1, Some(false))?;
        let dst = self.load_destination(call, &None)?;
        self.insts.push(Inst::Message(Message::Avs {
            channels,
            format,
            mode,
            sampler,
            surface,
            coords,
            block,
            ief_bypass,
            dst,
        }));
        Ok(())
    }

    /// The sampler variable of a `SamplerIndex` argument.
    fn sampler_state(&mut self, inst: LLVMValueRef, value: LLVMValueRef) -> R<VarId> {
        if ir::is_constant(value) {
            return Err(error(inst, "a constant sampler index is not lowered yet: pass the sampler as a SamplerIndex kernel argument"));
        }
        let var = self.var_of(inst, value)?;
        if self.k.var(var).category != Category::Sampler {
            return Err(error(inst, "the sampler operand is not a SamplerIndex argument"));
        }
        Ok(var)
    }
}
