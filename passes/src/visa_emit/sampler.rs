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
//! * The sampler operand must be a `SamplerIndex` kernel argument (a sampler variable); the surface goes through
//!   the surface rule of the block messages (an argument, or a constant bound with `movs`).
//!
//! # Not handled
//! A constant sampler index (no `movs` binding of sampler state is emitted), half-precision coordinates, `avs`,
//! `3d.sample`/`3d.load`, `sample` under a lane predicate (the intrinsic has none). Each is a located error.

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
