//! Sampler messages: the sampler-less LOAD (`llvm.genx.load`, CM's `load16`), exactly; filtered sampling
//! (`llvm.genx.sample`, CM's `sample16`; `llvm.genx.sample.unorm`, CM's `sample32`; `llvm.genx.avs`, CM's
//! `cm_avs_sampler`, in the full output formats) through the executor's CPU sampler model below; `3d.sample`,
//! `3d.load` and `avs`'s chroma-downsampled output formats are not implemented.
//!
//! Why: CM's `load16(m, channels, surface, u, v)` reads texels at integer coordinates through the sampler
//! (docs/cmc-compat.md §3); it needs no sampler state, so its meaning is fixed by the surface alone. Filtered
//! sampling depends on the sampler state the host binds to a `SamplerIndex` (filter, addressing, border colour),
//! which neither the kernel's IR nor its vISA carries: the executor takes it from the sampler table
//! ([`crate::machine::Samplers`], `cmc run --sampler`), an unbound index having the default state (linear,
//! clamp to edge: what `cmc validate` uses), so that a kernel can run (`cmc run`) and both levels of a
//! compilation compute the same function of the image (`cmc validate`). The vISA executor's `sample`,
//! `sample_unorm` and `avs` call the same functions.
//!
//! Semantics (operands: intrinsics.td `genx_load`, `genx_sample`, `genx_sample_unorm`, `genx_avs`; vISA
//! `load.<channels> (SIMD) T u v r dst`, appendix `8_appendix_visa_assembly_syntax.md` opcode 0x42; the result
//! layout as `3D_LOAD.md` states it for the 3D form: "For each enabled channel <exec_size> elements are returned
//! in RGBA order, with the disabled channels skipped"):
//! - `load(mask, bti, u, v, r)`: lane `i` reads the texel at integer coordinates (u[i], v[i], r[i]) of the image
//!   (a 1D image uses u, a 2D one u and v, a 3D one all three), converted by the surface format exactly as a
//!   typed read converts it ([`crate::format::SurfaceFormat::decode`]: unorm channels become floats, integer
//!   channels integers, a missing alpha one); enabled channel k (bit c of the mask's low 4 bits, R = bit 0) of
//!   lane i is result lane `k·N + i`, `N` the coordinate width (8 or 16). The message has no sampler operand:
//!   no sampler state applies to it.
//! - Out of bounds: the public specifications do not say what the sampler returns for an integer coordinate
//!   outside the image (it depends on surface state the vISA documents leave to the hardware manuals), so it is
//!   [`Fault::Undefined`]: the validator discards such a trial, `cmc run` reports it. Coordinates are signed;
//!   a negative one is outside.
//! - The validator binds an `r8g8b8a8_unorm` image for a sampler message, as for typed reads.
//!
//! # The CPU sampler model
//! - Normalized coordinates, one mip level, the sampler's [`SamplerState`]. Along each axis of size n the
//!   coordinate c is at t = c·n (nearest filter: texel ⌊t⌋) or t = c·n − 0.5 (linear filter: texels ⌊t⌋ and
//!   ⌊t⌋ + 1 mixed with weights 1 − f and f, f = t − ⌊t⌋; bilinear on a 2D image, trilinear on a 3D one); axes
//!   the image does not have contribute texel 0 with weight 1. A texel index i outside [0, n) is addressed by
//!   the state's mode: clamp reads texel clamp(i, 0, n − 1), wrap i mod n, mirror m = i mod 2n read as m below
//!   n and 2n − 1 − m above, border the border colour (all four channels as given). Sums are computed in `f64`
//!   from the decoded channels and rounded once to `f32`. A NaN coordinate reads as 0; under clamp and border
//!   an infinite one is the nearest edge (coordinates are first clamped to [−1, 2], which changes no result
//!   there), under wrap and mirror it reads as 0. A texel with an undefined byte makes the lane's result
//!   undefined.
//! - Only images whose channels decode to floats (unorm and float formats) are filtered; an integer format is
//!   [`Fault::Unsupported`], naming it.
//! - `sample(mask, sampler, bti, u, v, r)`: lane i samples at (u[i], v[i], r[i]) (32-bit floats); enabled
//!   channel k of lane i is result lane `k·N + i`, as for `load`.
//! - `sample.unorm(mask, sampler, bti, u, v, du, dv)` (SAMPLE_UNORM.md): 32 pixels, 8 across and 4 down, pixel
//!   p = 8y + x at (u + x·du, v + y·dv); enabled channel k of pixel p is result word `32k + p`. Output format 0
//!   (16-bit full, bits 4-5 of the mask): a unorm channel of w bits becomes the word round(f · (2^w − 1) ·
//!   2^(16−w)), the channel's value in the high bits of the word, as the hardware returns an 8-bit texel
//!   (intel/cassian's `cm_sample32_2d` test expects `texel << 8`); the result of filtering is rounded to it.
//!   Only unorm images are sampled this way (the instruction "samples an UNORM surface"). The other output
//!   formats (bits 4-5 = 1, 2, 3) return the same 16-bit full words: IGC 1.0.12504's finalizer
//!   (`IR_Builder::translateVISASamplerNormInst`, visa/VisaToG4/TranslateSend3D.cpp) builds the message header
//!   from the channel mask alone, leaving the output format field 0, with a response of 32 words per enabled
//!   channel, as SAMPLE_UNORM.md's destination of "32 * num_enabled_channels elements ... type UW" for every
//!   format says.
//! - `avs(mask, sampler, bti, u, v, du, dv, u2d, group, vblock, format, v2d, mode, ief_bypass)` (AVS.md, the CM
//!   spec's `cm_avs_sampler`): a block of W x H pixels by the mode (0: 16x4, 1: 8x4, 2: 16x8, 3: 4x4) of a
//!   unorm image. Pixel (x, y) samples at u + x·du + u2d·x(x − 1)/2 (u2d is the change of du from one pixel to
//!   the next), v + r·dv + v2d·r(r − 1)/2 with r = 4·vblock + y (the vertical block number counts 4-row blocks
//!   below the group's pixel 0; it is a 32-bit unsigned field, the CM default −1 included), computed in `f64`
//!   and rounded to `f32`. Output shuffle off (AVS.md's Notes): the first 64 pixels (the whole block in 16x4,
//!   8x4 and 4x4) as rows of W, pixel p = W·y + x; for each enabled channel k in RGBA order its P pixels (P = 64,
//!   32, 64, 16 by mode) at elements `k·P + p`; 16x8 then delivers rows 4-7 the same way after them. Output
//!   format 0 (16-bit full) gives the words of `sample.unorm`; 2 (8-bit full) the byte round(f · 255). The group
//!   id (a reordering hint) and the IEF bypass (the model's state has no image enhancement filter) change
//!   nothing. The scaler's filter is the sampler state's (nearest or bilinear, with its addressing): the
//!   hardware's 8x8 polyphase coefficient tables, adaptive filtering, image enhancement and output shuffle are
//!   sampler-8x8 state a host can bind that the model does not have.
//! - The hardware's filter works in reduced precision (sub-texel positions and weights of a few bits), which
//!   no public document specifies: the model's values are the exact mix, not the hardware's bits.
//!
//! Not handled (a caller is "cannot validate" naming the reason): mip levels, per-axis addressing modes,
//! `avs`'s chroma-downsampled output formats (which pixels of R and B the packed result keeps is not
//! documented), half-precision coordinates, `3d.sample`, `3d.load`.

use super::surface::channel_result;
use super::typed::{TypedSurface, TRIAL_FORMAT};
use super::{control, lane_value};
use crate::format::ChannelKind;
use crate::intrinsics::{lanes, result_shape, scalar, SemFn};
use crate::machine::{Call, Ctx, SamplerAddress, SamplerFilter, SamplerState};
use crate::memory::Fault;
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] =
    &[("llvm.genx.load", load), ("llvm.genx.sample", sample), ("llvm.genx.sample.unorm", sample_unorm), ("llvm.genx.avs", avs_call)];

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

/// The texels one axis reads: (index, weight) pairs, the index `None` for the border colour.
type Taps = [(Option<u32>, f64); 2];

/// The texels along an axis of `n` texels that coordinate `c` reads through `state` (module note).
fn axis_taps(c: f32, n: u32, state: SamplerState) -> Taps {
    let n64 = n as f64;
    let periodic = matches!(state.address, SamplerAddress::Wrap | SamplerAddress::Mirror);
    let c = if c.is_nan() || (periodic && c.is_infinite()) {
        0.0
    } else if periodic {
        c as f64
    } else {
        c.clamp(-1.0, 2.0) as f64
    };
    let mut t = c * n64 - if state.filter == SamplerFilter::Linear { 0.5 } else { 0.0 };
    // Reduce a periodic coordinate to one period first, exactly (`rem_euclid` of an f64 is exact), so that the
    // texel index fits an integer whatever the coordinate.
    match state.address {
        SamplerAddress::Wrap => t = t.rem_euclid(n64),
        SamplerAddress::Mirror => t = t.rem_euclid(2.0 * n64),
        _ => {}
    }
    let first = t.floor();
    let address = |i: i64| -> Option<u32> {
        let n = n as i64;
        Some(match state.address {
            SamplerAddress::Clamp => i.clamp(0, n - 1),
            SamplerAddress::Wrap => i.rem_euclid(n),
            SamplerAddress::Mirror => {
                let m = i.rem_euclid(2 * n);
                if m < n { m } else { 2 * n - 1 - m }
            }
            SamplerAddress::Border([..]) => (0..n).contains(&i).then_some(i)?,
        } as u32)
    };
    match state.filter {
        SamplerFilter::Nearest => [(address(first as i64), 1.0), (None, 0.0)],
        SamplerFilter::Linear => {
            let f = t - first;
            [(address(first as i64), 1.0 - f), (address(first as i64 + 1), f)]
        }
    }
}

/// The image's channels at normalized coordinates `coords` through the CPU sampler model with sampler state
/// `state` (module note), as `f32` values; `None` when a texel it reads has an undefined byte.
pub(crate) fn filtered(
    ctx: &Ctx<'_>,
    what: &str,
    surface: &TypedSurface,
    state: SamplerState,
    coords: [f32; 3],
    lane: usize,
) -> Result<Option<[f32; 4]>, Fault> {
    let format = surface.view.format;
    if !matches!(format.kind(), ChannelKind::Unorm | ChannelKind::Float) {
        return Err(Fault::Unsupported(format!(
            "{what}: filtered sampling of a {} image (the CPU sampler model filters unorm and float channels only)",
            format.name()
        )));
    }
    let v = &surface.view;
    let sizes = [v.width, v.height, v.depth];
    if sizes.iter().take(v.dims as usize).any(|&n| n == 0) {
        return Err(Fault::Undefined(format!("{what}: sampling an image with no texels")));
    }
    let mut axes: [Taps; 3] = [[(Some(0), 1.0), (None, 0.0)]; 3];
    for (d, axis) in axes.iter_mut().enumerate().take(v.dims as usize) {
        *axis = axis_taps(coords[d], sizes[d], state);
    }
    let mut sum = [0f64; 4];
    for corner in 0..8 {
        let mut weight = 1.0;
        let mut at = Some([0u32; 3]);
        for (d, taps) in axes.iter().enumerate() {
            let (index, w) = taps[corner >> d & 1];
            weight *= w;
            at = at.zip(index).map(|(mut at, i)| {
                at[d] = i;
                at
            });
        }
        if weight == 0.0 {
            continue;
        }
        let values = match (at, state.address) {
            (Some(at), _) => match texel(ctx, what, surface, at, lane)? {
                Some(values) => values.map(|bits| f32::from_bits(bits) as f64),
                None => return Ok(None),
            },
            (None, SamplerAddress::Border(colour)) => colour.map(|c| c as f64),
            (None, _) => unreachable!("only border addressing leaves a texel outside the image"),
        };
        for (total, value) in sum.iter_mut().zip(values) {
            *total += weight * value;
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
/// 16-bit chrominance downsampled, 8-bit full, 8-bit chrominance downsampled. All four return the 16-bit full
/// result (module note).
pub(crate) const UNORM_FORMATS: [&str; 4] = ["16-full", "16-downsampled", "8-full", "8-downsampled"];

/// The image of a `sample.unorm` or `avs` message: a unorm image (the messages sample unorm images only).
pub(crate) fn unorm_image(ctx: &Ctx<'_>, what: &str, bti: u32) -> Result<TypedSurface, Fault> {
    let surface = TypedSurface::of(ctx, what, bti, TRIAL_FORMAT)?;
    if surface.view.format.kind() != ChannelKind::Unorm {
        return Err(Fault::Unsupported(format!("{what}: a {} image (the message samples unorm images only)", surface.view.format.name())));
    }
    Ok(surface)
}

/// Pixel `p` (0..32) of a `sample.unorm` block at origin (u, v) and steps (du, dv): 8 across, 4 down.
pub(crate) fn unorm_pixel(origin: [f32; 2], step: [f32; 2], p: usize) -> [f32; 3] {
    let (x, y) = ((p % 8) as f32, (p / 8) as f32);
    [origin[0] + x * step[0], origin[1] + y * step[1], 0.0]
}

/// `avs`'s output formats by their code (AVS.md's cntrl).
pub(crate) const AVS_FORMATS: [&str; 4] =
    ["16-bit full", "16-bit chrominance downsampled", "8-bit full", "8-bit chrominance downsampled"];

/// `avs`'s execution modes by their code (AVS.md's execMode): name, pixels across, rows.
pub(crate) const AVS_MODES: [(&str, usize, usize); 4] = [("16x4", 16, 4), ("8x4", 8, 4), ("16x8", 16, 8), ("4x4", 4, 4)];

/// The operands of an `avs` message besides its image and sampler (module note).
pub(crate) struct AvsBlock {
    /// Enabled channels, bit 0 = R.
    pub mask: u32,
    /// Normalized (u, v) of pixel 0 of the group.
    pub origin: [f32; 2],
    /// (du, dv): the step between adjacent pixels.
    pub delta: [f32; 2],
    /// The change of du from a pixel to the next across, of dv from a row to the next.
    pub u2d: f32,
    pub v2d: f32,
    /// The vertical block number: the block's first row is row 4·vblock of the group.
    pub vblock: u32,
    /// The output format (index of [`AVS_FORMATS`]) and the mode (index of [`AVS_MODES`]).
    pub format: u32,
    pub mode: u32,
}

/// What an `avs` message writes (module note): the element size in bytes (2 or 1 by the output format) and the
/// elements in order, `None` where a texel read was undefined.
pub(crate) fn avs(
    ctx: &Ctx<'_>,
    what: &str,
    bti: u32,
    state: SamplerState,
    block: &AvsBlock,
) -> Result<(usize, Vec<Option<u16>>), Fault> {
    let Some(&(_, width, rows)) = AVS_MODES.get(block.mode as usize) else {
        return Err(Fault::Undefined(format!("{what}: execution mode {} (AVS.md defines 0 to 3)", block.mode)));
    };
    let bytes = match block.format {
        0 => 2,
        2 => 1,
        1 | 3 => {
            return Err(Fault::Unsupported(format!(
                "{what}: output format {} ({}): the CPU sampler model returns the full formats only (which R and B \
                 pixels the downsampled result keeps is not documented)",
                block.format, AVS_FORMATS[block.format as usize]
            )))
        }
        other => return Err(Fault::Undefined(format!("{what}: output format {other} (AVS.md defines 0 to 3)"))),
    };
    let channels: Vec<usize> = (0..4).filter(|c| block.mask >> c & 1 == 1).collect();
    if channels.is_empty() {
        return Err(Fault::Undefined(format!("{what}: no channel enabled (AVS.md: \"0000\" is not allowed)")));
    }
    let surface = unorm_image(ctx, what, bti)?;
    // Pixels per channel in one delivery: the first four rows (all of 16x4, 8x4, 4x4; 16x8 delivers two).
    let per = width * rows.min(4);
    let mut out = vec![None; per * channels.len() * rows.div_ceil(4)];
    let (origin, delta) = (block.origin.map(f64::from), block.delta.map(f64::from));
    for y in 0..rows {
        let r = 4.0 * block.vblock as f64 + y as f64;
        let v = origin[1] + r * delta[1] + block.v2d as f64 * r * (r - 1.0) / 2.0;
        for x in 0..width {
            let xf = x as f64;
            let u = origin[0] + xf * delta[0] + block.u2d as f64 * xf * (xf - 1.0) / 2.0;
            let p = width * (y % 4) + x;
            let Some(values) = filtered(ctx, what, &surface, state, [u as f32, v as f32, 0.0], p)? else { continue };
            for (k, &c) in channels.iter().enumerate() {
                let value = if bytes == 2 { unorm16(&surface, values[c]) } else { unorm8(values[c]) as u16 };
                out[(y / 4) * per * channels.len() + k * per + p] = Some(value);
            }
        }
    }
    Ok((bytes, out))
}

/// The 8-bit full output byte of a sampled unorm value: round(f · 255).
pub(crate) fn unorm8(value: f32) -> u8 {
    (value.clamp(0.0, 1.0) as f64 * 255.0).round() as u8
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
    let state = ctx.sampler(control(call, 1)?);
    per_lane(ctx, call, 2, |ctx, surface, i| {
        let mut coords = [0f32; 3];
        for (k, arg) in [3, 4, 5].into_iter().enumerate() {
            coords[k] = float_lane(call, arg, i, ["u", "v", "r"][k])?;
        }
        Ok(filtered(ctx, call.name, surface, state, coords, i)?.map(|values| values.map(f32::to_bits)))
    })
}

fn sample_unorm(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let mask = scalar(call, 0)? as u32;
    let (elem, len) = result_shape(call)?;
    let channels: Vec<usize> = (0..4).filter(|c| mask >> c & 1 == 1).collect();
    if elem.store_bytes() != 2 || len != 32 * channels.len() {
        return Err(Fault::Other(format!("{}: the result must be 32 words per enabled channel", call.name)));
    }
    let state = ctx.sampler(control(call, 1)?);
    let surface = unorm_image(ctx, call.name, control(call, 2)?)?;
    let operand = |k: usize, what: &str| float_lane(call, k, 0, what);
    let (origin, step) = ([operand(3, "u")?, operand(4, "v")?], [operand(5, "delta_u")?, operand(6, "delta_v")?]);
    let mut out = Lanes::undef(elem, len);
    for p in 0..32 {
        if let Some(values) = filtered(ctx, call.name, &surface, state, unorm_pixel(origin, step, p), p)? {
            for (k, &c) in channels.iter().enumerate() {
                out.set(32 * k + p, unorm16(&surface, values[c]) as u64);
            }
        }
    }
    Ok(Value::Lanes(out))
}

fn avs_call(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let float = |k: usize, what: &str| float_lane(call, k, 0, what);
    let block = AvsBlock {
        mask: control(call, 0)?,
        origin: [float(3, "u")?, float(4, "v")?],
        delta: [float(5, "delta_u")?, float(6, "delta_v")?],
        u2d: float(7, "u2d")?,
        v2d: float(11, "v2d")?,
        vblock: control(call, 9)?,
        format: control(call, 10)?,
        mode: control(call, 12)?,
    };
    let state = ctx.sampler(control(call, 1)?);
    let (bytes, elements) = avs(ctx, call.name, control(call, 2)?, state, &block)?;
    let (elem, len) = result_shape(call)?;
    if elem.store_bytes() != bytes || len < elements.len() {
        return Err(Fault::Other(format!(
            "{}: the result must hold {} elements of {bytes} byte(s) (the output format and mode's)",
            call.name,
            elements.len()
        )));
    }
    let mut out = Lanes::undef(elem, len);
    for (i, e) in elements.iter().enumerate() {
        if let Some(value) = e {
            out.set(i, *value as u64);
        }
    }
    Ok(Value::Lanes(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(filter: SamplerFilter, address: SamplerAddress) -> SamplerState {
        SamplerState { filter, address }
    }

    /// The texel indices (with their weights) a coordinate reads on an axis of 4 texels, worked out by hand from
    /// the module note: u·4 = -1 is index -1 for the nearest filter; t = u·4 - 0.5 = 4.5 is indices 4 and 5, half
    /// each, for the linear one.
    #[test]
    fn addressing_modes_at_the_edges() {
        use SamplerAddress::*;
        use SamplerFilter::*;
        let nearest = |address, u: f32| axis_taps(u, 4, state(Nearest, address))[0].0;
        assert_eq!(nearest(Clamp, -0.25), Some(0));
        assert_eq!(nearest(Wrap, -0.25), Some(3));
        assert_eq!(nearest(Mirror, -0.25), Some(0));
        assert_eq!(nearest(Mirror, 1.25), Some(2)); // index 5: the second period backwards
        assert_eq!(nearest(Border([0.0; 4]), -0.25), None);
        assert_eq!(nearest(Border([0.0; 4]), 0.75), Some(3));
        let linear = |address| axis_taps(1.25, 4, state(Linear, address));
        assert_eq!(linear(Clamp), [(Some(3), 0.5), (Some(3), 0.5)]);
        assert_eq!(linear(Wrap), [(Some(0), 0.5), (Some(1), 0.5)]);
        assert_eq!(linear(Mirror), [(Some(3), 0.5), (Some(2), 0.5)]);
        assert_eq!(linear(Border([0.0; 4])), [(None, 0.5), (None, 0.5)]);
    }

    /// Coordinates far outside the image or not finite never overflow the index: periodic modes reduce them
    /// exactly, the others clamp them; NaN reads as 0, infinity as 0 under the periodic modes.
    #[test]
    fn far_and_non_finite_coordinates() {
        use SamplerAddress::*;
        for filter in [SamplerFilter::Nearest, SamplerFilter::Linear] {
            for address in [Clamp, Wrap, Mirror, Border([1.0; 4])] {
                for u in [1e30f32, -1e30, f32::MAX, f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
                    let taps = axis_taps(u, 4, state(filter, address));
                    assert!(taps.iter().all(|&(i, w)| i.map_or(true, |i| i < 4) && (0.0..=1.0).contains(&w)), "{u} {taps:?}");
                }
            }
        }
        let nearest = |address, u: f32| axis_taps(u, 4, state(SamplerFilter::Nearest, address))[0].0;
        assert_eq!(nearest(Wrap, f32::INFINITY), Some(0));
        assert_eq!(nearest(Mirror, f32::NAN), Some(0));
        assert_eq!(nearest(Clamp, f32::INFINITY), Some(3));
        assert_eq!(nearest(Border([0.0; 4]), f32::NEG_INFINITY), None);
        // u = 1024.25 is u·4 = 4097, texel 1 of the 1025th period.
        assert_eq!(nearest(Wrap, 1024.25), Some(1));
        assert_eq!(nearest(Mirror, 1024.25), Some(1));
    }
}
