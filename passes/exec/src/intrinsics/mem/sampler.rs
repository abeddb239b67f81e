//! Sampler messages: the sampler-less LOAD (`llvm.genx.load`, CM's `load16`), exactly; filtered sampling
//! (`llvm.genx.sample`, CM's `sample16`, and `llvm.genx.sample.unorm`, CM's `sample32` in the 16-bit full output
//! format) through the executor's CPU sampler model below; `avs`, `3d.sample` and the other `sample.unorm`
//! output formats are not implemented.
//!
//! Why: CM's `load16(m, channels, surface, u, v)` reads texels at integer coordinates through the sampler
//! (docs/cmc-compat.md §3); it needs no sampler state, so its meaning is fixed by the surface alone. Filtered
//! sampling depends on the sampler state the host binds to a `SamplerIndex` (filter, addressing, border colour),
//! which neither the kernel's IR nor its vISA carries: the executor fixes one state, the CPU sampler model, so
//! that a kernel can run (`cmc run`) and both levels of a compilation compute the same function of the image
//! (`cmc validate`). The vISA executor's `sample` and `sample_unorm` call the same functions.
//!
//! Semantics (operands: intrinsics.td `genx_load`, `genx_sample`, `genx_sample_unorm`; vISA `load.<channels>
//! (SIMD) T u v r dst`, appendix `8_appendix_visa_assembly_syntax.md` opcode 0x42; the result layout as
//! `3D_LOAD.md` states it for the 3D form: "For each enabled channel <exec_size> elements are returned in RGBA
//! order, with the disabled channels skipped"):
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
//! # The CPU sampler model (every `SamplerIndex` alike)
//! - Normalized coordinates, bilinear filtering (trilinear on a 3D image), clamp-to-edge addressing, one mip
//!   level: along each axis of size n the coordinate c becomes t = c·n − 0.5; the texels ⌊t⌋ and ⌊t⌋ + 1, each
//!   clamped to [0, n − 1], are mixed with weights 1 − f and f, f = t − ⌊t⌋ (axes the image does not have
//!   contribute texel 0 with weight 1). Sums are computed in `f64` from the decoded channels and rounded once to
//!   `f32`. A NaN coordinate reads as 0, an infinite one as the nearest edge (clamping makes every coordinate
//!   outside [0, 1] an edge texel). A texel with an undefined byte makes the lane's result undefined.
//! - Only images whose channels decode to floats (unorm and float formats) are filtered; an integer format is
//!   [`Fault::Unsupported`], naming it.
//! - `sample(mask, sampler, bti, u, v, r)`: lane i samples at (u[i], v[i], r[i]) (32-bit floats); enabled
//!   channel k of lane i is result lane `k·N + i`, as for `load`.
//! - `sample.unorm(mask, sampler, bti, u, v, du, dv)` (SAMPLE_UNORM.md): 32 pixels, 8 across and 4 down, pixel
//!   p = 8y + x at (u + x·du, v + y·dv); enabled channel k of pixel p is result word `32k + p`. Output format 0
//!   (16-bit full, bits 4-5 of the mask): a unorm channel of w bits becomes the word round(f · (2^w − 1) ·
//!   2^(16−w)), the channel's value in the high bits of the word, as the hardware returns an 8-bit texel
//!   (intel/cassian's `cm_sample32_2d` test expects `texel << 8`); the result of filtering is rounded to it.
//!   Only unorm images are sampled this way (the instruction "samples an UNORM surface").
//! - The hardware's filter works in reduced precision (sub-texel positions and weights of a few bits), which
//!   no public document specifies: the model's values are the exact bilinear mix, not the hardware's bits.
//!
//! Not handled (a caller is "cannot validate" naming the reason): the sampler state a host binds (point
//! filtering, wrap, mirror and border addressing, border colours), mip levels, `sample.unorm`'s 8-bit and
//! chroma-downsampled output formats, half-precision coordinates, `avs` (its scaler coefficients are sampler
//! state too), `3d.sample`, `3d.load`.

use super::surface::channel_result;
use super::typed::{TypedSurface, TRIAL_FORMAT};
use super::{control, lane_value};
use crate::format::ChannelKind;
use crate::intrinsics::{lanes, result_shape, scalar, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] =
    &[("llvm.genx.load", load), ("llvm.genx.sample", sample), ("llvm.genx.sample.unorm", sample_unorm)];

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
    per_lane(ctx, call, 1, |ctx, surface, i| {
        let mut coords = [0u32; 3];
        for (k, arg) in [2, 3, 4].into_iter().enumerate() {
            let l = lanes(call, arg)?;
            coords[k] = lane_value(call, l, i.min(l.len() - 1), ["u", "v", "r"][k])? as u32;
        }
        texel(ctx, call.name, surface, coords, i)
    })
}

/// A per-lane sampler message (`load`, `sample`): operand 0 the channel mask, operand `surface_arg` the image,
/// the coordinates after it (their lane count is the message's); `texel_of(ctx, image, lane)` gives a lane's
/// channels as lane bits, `None` when undefined. Enabled channel k of lane i is result lane `k·N + i`.
fn per_lane(
    ctx: &mut Ctx<'_>,
    call: &Call<'_>,
    surface_arg: usize,
    texel_of: impl Fn(&Ctx<'_>, &TypedSurface, usize) -> Result<Option<[u32; 4]>, Fault>,
) -> Result<Value, Fault> {
    let n = lanes(call, surface_arg + 1)?.len();
    let (elem, len, channels) = channel_result(call, n, 0)?;
    let surface = TypedSurface::of(ctx, call.name, control(call, surface_arg)?, TRIAL_FORMAT)?;
    let mut out = Lanes::undef(elem, len);
    for i in 0..n {
        if let Some(values) = texel_of(ctx, &surface, i)? {
            for (k, &c) in channels.iter().enumerate() {
                out.set(k * n + i, values[c as usize] as u64);
            }
        }
    }
    Ok(Value::Lanes(out))
}

/// The image's channels at normalized coordinates `coords` through the CPU sampler model (module note), as
/// `f32` values; `None` when a texel it reads has an undefined byte.
pub(crate) fn filtered(ctx: &Ctx<'_>, what: &str, surface: &TypedSurface, coords: [f32; 3], lane: usize) -> Result<Option<[f32; 4]>, Fault> {
    let format = surface.view.format;
    if !matches!(format.kind(), ChannelKind::Unorm | ChannelKind::Float) {
        return Err(Fault::Unsupported(format!(
            "{what}: filtered sampling of a {} image (the CPU sampler model filters unorm and float channels only)",
            format.name()
        )));
    }
    let v = &surface.view;
    let sizes = [v.width, v.height, v.depth];
    // Per axis: the two texels and the weight of the second.
    let mut axes = [(0u32, 0u32, 0f64); 3];
    for (d, axis) in axes.iter_mut().enumerate() {
        if v.dims as usize <= d {
            continue;
        }
        let c = coords[d];
        let c = if c.is_nan() { 0.0 } else { c.clamp(-1.0, 2.0) as f64 };
        let n = sizes[d] as f64;
        let t = c * n - 0.5;
        let first = t.floor();
        let last = sizes[d] as i64 - 1;
        let clamp = |i: f64| (i as i64).clamp(0, last) as u32;
        *axis = (clamp(first), clamp(first + 1.0), t - first);
    }
    let mut sum = [0f64; 4];
    for corner in 0..8 {
        let mut weight = 1.0;
        let mut at = [0u32; 3];
        for (d, &(lo, hi, f)) in axes.iter().enumerate() {
            let high = corner >> d & 1 == 1;
            weight *= if high { f } else { 1.0 - f };
            at[d] = if high { hi } else { lo };
        }
        if weight == 0.0 {
            continue;
        }
        let Some(values) = texel(ctx, what, surface, at, lane)? else { return Ok(None) };
        for (c, total) in sum.iter_mut().enumerate() {
            *total += weight * f32::from_bits(values[c]) as f64;
        }
    }
    Ok(Some(sum.map(|x| x as f32)))
}

/// The 16-bit full output word of a channel of the unorm image `surface` whose sampled value is `value` (module
/// note).
pub(crate) fn unorm16(surface: &TypedSurface, value: f32) -> u16 {
    let bits = surface.view.format.channel_bytes() * 8;
    let scale = ((1u64 << bits) - 1) as f64 * (1u64 << (16 - bits)) as f64;
    (value.clamp(0.0, 1.0) as f64 * scale).round() as u16
}

/// `sample_unorm`'s output formats by their code, as vISA's text spells them (SAMPLE_UNORM.md): 16-bit full,
/// 16-bit chrominance downsampled, 8-bit full, 8-bit chrominance downsampled.
pub(crate) const UNORM_FORMATS: [&str; 4] = ["16-full", "16-downsampled", "8-full", "8-downsampled"];

/// The image of a `sample.unorm` message: a unorm image, in the 16-bit full output format (the two checks the
/// model needs, module note).
pub(crate) fn unorm_image(ctx: &Ctx<'_>, what: &str, bti: u32, format: u32) -> Result<TypedSurface, Fault> {
    if format != 0 {
        return Err(Fault::Unsupported(format!(
            "{what}: output format {format} ({}): the CPU sampler model returns the 16-bit full format only",
            UNORM_FORMATS[format as usize & 3]
        )));
    }
    let surface = TypedSurface::of(ctx, what, bti, TRIAL_FORMAT)?;
    if surface.view.format.kind() != ChannelKind::Unorm {
        return Err(Fault::Unsupported(format!(
            "{what}: a {} image (sample_unorm samples unorm images)",
            surface.view.format.name()
        )));
    }
    Ok(surface)
}

/// Pixel `p` (0..32) of a `sample.unorm` block at origin (u, v) and steps (du, dv): 8 across, 4 down.
pub(crate) fn unorm_pixel(origin: [f32; 2], step: [f32; 2], p: usize) -> [f32; 3] {
    let (x, y) = ((p % 8) as f32, (p / 8) as f32);
    [origin[0] + x * step[0], origin[1] + y * step[1], 0.0]
}

/// A 32-bit float operand lane `i` of `arg`.
fn float_lane(call: &Call<'_>, arg: usize, i: usize, what: &str) -> Result<f32, Fault> {
    let l = lanes(call, arg)?;
    if l.elem.store_bytes() != 4 {
        return Err(Fault::Unsupported(format!("{}: {what} coordinates of {} bytes", call.name, l.elem.store_bytes())));
    }
    Ok(f32::from_bits(lane_value(call, l, i.min(l.len() - 1), what)? as u32))
}

fn sample(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    per_lane(ctx, call, 2, |ctx, surface, i| {
        let mut coords = [0f32; 3];
        for (k, arg) in [3, 4, 5].into_iter().enumerate() {
            coords[k] = float_lane(call, arg, i, ["u", "v", "r"][k])?;
        }
        Ok(filtered(ctx, call.name, surface, coords, i)?.map(|values| values.map(f32::to_bits)))
    })
}

fn sample_unorm(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let mask = scalar(call, 0)? as u32;
    let (elem, len) = result_shape(call)?;
    let channels: Vec<usize> = (0..4).filter(|c| mask >> c & 1 == 1).collect();
    if elem.store_bytes() != 2 || len != 32 * channels.len() {
        return Err(Fault::Other(format!("{}: the result must be 32 words per enabled channel", call.name)));
    }
    let surface = unorm_image(ctx, call.name, control(call, 2)?, mask >> 4 & 3)?;
    let operand = |k: usize, what: &str| float_lane(call, k, 0, what);
    let (origin, step) = ([operand(3, "u")?, operand(4, "v")?], [operand(5, "delta_u")?, operand(6, "delta_v")?]);
    let mut out = Lanes::undef(elem, len);
    for p in 0..32 {
        if let Some(values) = filtered(ctx, call.name, &surface, unorm_pixel(origin, step, p), p)? {
            for (k, &c) in channels.iter().enumerate() {
                out.set(32 * k + p, unorm16(&surface, values[c]) as u64);
            }
        }
    }
    Ok(Value::Lanes(out))
}
