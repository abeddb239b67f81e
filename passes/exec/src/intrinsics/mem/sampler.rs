//! Sampler messages: the sampler-less LOAD (`llvm.genx.load`, CM's `load16`), exactly; filtered sampling
//! (`llvm.genx.sample`, `sample.unorm`, `avs`, `3d.sample`) is not implemented.
//!
//! Why: CM's `load16(m, channels, surface, u, v)` reads texels at integer coordinates through the sampler
//! (docs/cmc-compat.md §3); it needs no sampler state, so its meaning is fixed by the surface alone.
//!
//! Semantics (operands: intrinsics.td `genx_load`; vISA `load.<channels> (SIMD) T u v r dst`, appendix
//! `8_appendix_visa_assembly_syntax.md` opcode 0x42; the result layout as `3D_LOAD.md` states it for the 3D
//! form: "For each enabled channel <exec_size> elements are returned in RGBA order, with the disabled channels
//! skipped"):
//! - `load(mask, bti, u, v, r)`: lane `i` reads the texel at integer coordinates (u[i], v[i], r[i]) of the image
//!   (a 1D image uses u, a 2D one u and v, a 3D one all three), converted by the surface format exactly as a
//!   typed read converts it ([`crate::format::SurfaceFormat::decode`]: unorm channels become floats, integer
//!   channels integers, a missing alpha one); enabled channel k (bit c of the mask's low 4 bits, R = bit 0) of
//!   lane i is result lane `k·N + i`, `N` the coordinate width (8 or 16).
//! - Out of bounds: the public specifications do not say what the sampler returns for an integer coordinate
//!   outside the image (it depends on surface state the vISA documents leave to the hardware manuals), so it is
//!   [`Fault::Undefined`]: the validator discards such a trial, `cmc run` reports it. Coordinates are signed;
//!   a negative one is outside.
//! - The validator binds an `r8g8b8a8_unorm` image for a sampler message, as for typed reads.
//!
//! Not handled (no table entry, so a caller is "cannot validate" naming the intrinsic): `sample` (normalized
//! coordinates through the sampler's filter and addressing mode), `sample.unorm`, `avs`, `3d.sample`,
//! `3d.load`. Their results depend on the sampler state a `SamplerIndex` designates (filter, address modes,
//! border colour), which the kernel's IR and vISA do not carry and the surface model does not describe; point
//! sampling with clamp addressing would still need the hardware's exact float-to-texel rounding, which the
//! vISA specification does not give.

use super::surface::channel_result;
use super::typed::{TypedSurface, TRIAL_FORMAT};
use super::{control, lane_value};
use crate::intrinsics::{lanes, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[("llvm.genx.load", load)];

/// The channels (R, G, B, A) of the texel at `coords` of `surface`; `None` when a byte of it is undefined.
/// Outside the image it is undefined behaviour (see the module note).
pub(crate) fn texel(
    ctx: &Ctx<'_>,
    what: &str,
    surface: &TypedSurface,
    coords: [u32; 3],
    lane: usize,
) -> Result<Option<[u32; 4]>, Fault> {
    if !surface.contains(coords) {
        return Err(Fault::Undefined(format!(
            "{what}: lane {lane} loads texel ({}, {}, {}) outside the image; the sampler's out-of-bounds result is \
             not specified",
            coords[0] as i32, coords[1] as i32, coords[2] as i32
        )));
    }
    let (values, defined) = surface.load(ctx, what, coords, 0, lane)?;
    Ok(defined.then_some(values))
}

fn load(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let n = lanes(call, 2)?.len();
    let (elem, len, channels) = channel_result(call, n, 0)?;
    let surface = TypedSurface::of(ctx, call.name, control(call, 1)?, TRIAL_FORMAT)?;
    let mut out = Lanes::undef(elem, len);
    for i in 0..n {
        let mut coords = [0u32; 3];
        for (k, arg) in [2, 3, 4].into_iter().enumerate() {
            let l = lanes(call, arg)?;
            coords[k] = lane_value(call, l, i.min(l.len() - 1), ["u", "v", "r"][k])? as u32;
        }
        if let Some(values) = texel(ctx, call.name, &surface, coords, i)? {
            for (k, &c) in channels.iter().enumerate() {
                out.set(k * n + i, values[c as usize] as u64);
            }
        }
    }
    Ok(Value::Lanes(out))
}
