//! Typed surface messages: per-lane reads, writes and atomics of whole elements of a 1D, 2D or 3D image,
//! converted through its format. The vISA executor's `gather4_typed`, `scatter4_typed` and `typed_atomic` use the
//! same [`TypedSurface`], so both levels share one model of typed access.
//!
//! Why: CM's `read_typed/write_typed` lower to `gather4.typed/scatter4.typed` and `write_typed_atomic<OP>` to
//! `typed.atomic.<op>` (docs/cmc-compat.md §3); unlike the media block and linear messages, they address the
//! surface in *elements* and see channels, not bytes, so an RGBA8 `unorm` surface reads as floats in [0, 1] and a
//! B8G8R8A8 one has red in channel 0.
//!
//! Semantics (operands: vc-intrinsics v0.11.0 `Intrinsic_definitions.py` "gather4_typed"/"scatter4_typed"/
//! "typed_atomic_*", intrinsics.td; formulas: vISA `GATHER4_TYPED.md`, `SCATTER4_TYPED.md`, `TYPED_ATOMIC.md`):
//! - Coordinates (u, v, r) are unsigned element coordinates (UD). A 1D image uses u only, a 2D image u and v, a 3D
//!   image u, v and r (r the slice); the coordinates a surface does not use are ignored (TYPED_ATOMIC.md's table
//!   has them "N/A (must be V0)"). The LOD (`lod` of the atomics and of vISA's messages) must be 0: the images
//!   here have one mip level, and a non-zero LOD is refused as unsupported rather than guessed.
//! - `gather4.typed(mask, pred, bti, u, v, r, old)`: lane `i` reads its element; the channels convert as
//!   [`SurfaceFormat::decode`] says; the enabled channels (bit c of the mask set, as for `gather4.scaled`, see
//!   [`super::surface`]) are returned channel-major and dense: enabled channel k of lane i is result lane
//!   `k·N + i`. Disabled lanes keep `old`.
//! - `scatter4.typed(mask, pred, bti, u, v, r, data)`: writes the enabled channels of lane i's element through
//!   [`SurfaceFormat::encode`] (narrower integer channels saturate); channels not enabled keep the element's
//!   bytes. Lanes are written channel by channel and lane by lane within a channel (SCATTER4_TYPED's loop nest),
//!   so two lanes writing one element leave the last lane's channels.
//! - `typed.atomic.<op>(pred, bti, [src0, [src1,]] u, v, r, lod)`: per enabled lane in lane order, the element's
//!   32 bits `old` are read, `op(old, src0, src1)` written and `old` returned, with the operation table the DWORD
//!   and SVM atomics use ([`super::atomic::apply`]; `cmpxchg` writes src0 when `old == src1`). The element must be
//!   a 32-bit one-channel format (`r32_uint`, `r32_sint`, `r32_float`): the hardware's typed atomics work on the
//!   raw 32 bits of such a surface; any other format is an error naming it. Disabled lanes return undef (the IR
//!   form has no `old` operand).
//! - Out of bounds (a used coordinate at or past the size in elements): with [`BoundsPolicy::Report`] a
//!   [`Fault::OutOfBounds`] naming the lane and the surface; with [`BoundsPolicy::Hardware`] a read returns zero
//!   in R, G and B and one ([`SurfaceFormat::one`]) in alpha ("On read: ones are returned in the alpha channel,
//!   zeros in the other channels", GATHER4_TYPED.md), a write is dropped, and an atomic returns 0 and writes
//!   nothing ("On read: zeros are returned. On write: data is dropped.", TYPED_ATOMIC.md).
//! - Lanes are 32 bits (`i32` or `float`); an element with an undefined byte reads as undef lanes.
//! - The validator, finding the surface unbound, binds an `r8g8b8a8_unorm` image for reads and writes (so the
//!   four channels and the unorm conversion are exercised) and an `r32_uint` one for atomics.
//!
//! [`BoundsPolicy::Report`]: crate::machine::BoundsPolicy::Report
//! [`BoundsPolicy::Hardware`]: crate::machine::BoundsPolicy::Hardware
//!
//! Not handled: mip levels (LOD ≠ 0) and array surfaces; 16-bit typed atomics (`.16`, TGL+); a buffer or NV12
//! surface (an error: typed messages need an image with a format).

use super::atomic::{apply, is_float, sources, ADD, AND, CMPXCHG, DEC, FADD, FCMPWR, FMAX, FMIN, FSUB, INC, IMAX, IMIN, MAX, MIN, OR, SUB, XCHG, XOR};
use super::surface::{channel_result, channels, dword_lanes};
use super::{control, data, lane_value, old, predicate};
use crate::format::SurfaceFormat;
use crate::intrinsics::{lanes, result_shape, SemFn};
use crate::machine::{BoundsPolicy, Call, Ctx, SurfaceNeed, TypedView, SLM_BTI, STATELESS_BTI};
use crate::memory::Fault;
use crate::value::{Elem, Lanes, Value};

macro_rules! typed_atomics {
    ($($op:literal => $code:ident),* $(,)?) => {
        [ $( (concat!("llvm.genx.typed.atomic.", $op), typed_atomic::<$code> as SemFn), )* ]
    };
}

const ATOMICS: [(&str, SemFn); 18] = typed_atomics![
    "add" => ADD, "sub" => SUB, "inc" => INC, "dec" => DEC, "min" => MIN, "max" => MAX,
    "xchg" => XCHG, "cmpxchg" => CMPXCHG, "and" => AND, "or" => OR, "xor" => XOR,
    "imin" => IMIN, "imax" => IMAX, "fmax" => FMAX, "fmin" => FMIN, "fcmpwr" => FCMPWR,
    "fadd" => FADD, "fsub" => FSUB,
];

const ALL: [(&str, SemFn); 20] = {
    let mut out = [ATOMICS[0]; 20];
    out[0] = ("llvm.genx.gather4.typed", gather4_typed as SemFn);
    out[1] = ("llvm.genx.scatter4.typed", scatter4_typed as SemFn);
    let mut i = 0;
    while i < ATOMICS.len() {
        out[i + 2] = ATOMICS[i];
        i += 1;
    }
    out
};

pub const TABLE: &[(&str, SemFn)] = &ALL;

/// The format the validator binds for a typed read or write (four channels, unorm conversion).
pub(crate) const TRIAL_FORMAT: SurfaceFormat = SurfaceFormat::R8G8B8A8Unorm;
/// The format the validator binds for a typed atomic.
pub(crate) const TRIAL_ATOMIC_FORMAT: SurfaceFormat = SurfaceFormat::R32Uint;

/// The image a typed message addresses, resolved from its binding-table index.
pub(crate) struct TypedSurface {
    base: u64,
    pub(crate) view: TypedView,
    name: String,
}

impl TypedSurface {
    /// The image bound at `bti` for the message `what`; `trial_format` is the format the validator binds when
    /// nothing is bound there.
    pub(crate) fn of(ctx: &Ctx<'_>, what: &str, bti: u32, trial_format: SurfaceFormat) -> Result<TypedSurface, Fault> {
        if bti == SLM_BTI || bti == STATELESS_BTI {
            return Err(Fault::Other(format!("{what}: typed messages need an image, not BTI {bti}")));
        }
        let surface = ctx.bound_surface(bti, SurfaceNeed::Image(trial_format))?;
        let view = surface.kind.typed_view().ok_or_else(|| {
            Fault::Other(format!(
                "{what}: surface {bti} '{}' is not a 1D, 2D or 3D image; typed messages need an image with a format",
                surface.name
            ))
        })?;
        Ok(TypedSurface { base: surface.base, view, name: surface.name.clone() })
    }


    /// Whether the element at `coords` (u, v, r) lies inside the image (coordinates it does not use ignored).
    pub(crate) fn contains(&self, coords: [u32; 3]) -> bool {
        let v = &self.view;
        let used = |d: u32, c: u32| if v.dims > d { c } else { 0 };
        coords[0] < v.width && used(1, coords[1]) < v.height && used(2, coords[2]) < v.depth
    }

    /// The address of the element at `coords` (u, v, r), `None` when it is outside and the policy drops the
    /// access.
    fn element(&self, ctx: &Ctx<'_>, what: &str, coords: [u32; 3], lod: u32, write: bool, lane: usize) -> Result<Option<u64>, Fault> {
        if lod != 0 {
            return Err(Fault::Unsupported(format!("{what}: mip level (LOD) {lod} of a typed surface")));
        }
        let v = &self.view;
        let used = |d: u32, c: u32| if v.dims > d { c } else { 0 };
        let (u, y, r) = (coords[0], used(1, coords[1]), used(2, coords[2]));
        let size = v.format.bytes() as u64;
        let address = self.base + r as u64 * v.slice_pitch as u64 + y as u64 * v.pitch as u64 + u as u64 * size;
        if self.contains(coords) {
            return Ok(Some(address));
        }
        match ctx.bounds {
            BoundsPolicy::Hardware => Ok(None),
            BoundsPolicy::Report => Err(Fault::OutOfBounds {
                address,
                size,
                write,
                lane: Some(lane),
                nearest: Some(format!(
                    "element ({u}, {y}, {r}) of surface '{}' ({}x{}x{} {})",
                    self.name, v.width, v.height, v.depth, v.format
                )),
            }),
        }
    }

    /// The four channels (R, G, B, A) of the element at `coords`, and whether its bytes are all defined.
    pub(crate) fn load(&self, ctx: &Ctx<'_>, what: &str, coords: [u32; 3], lod: u32, lane: usize) -> Result<([u32; 4], bool), Fault> {
        let Some(address) = self.element(ctx, what, coords, lod, false, lane)? else {
            return Ok(([0, 0, 0, self.view.format.one()], true));
        };
        let (bytes, defined) = ctx.memory.read(address, self.view.format.bytes() as u64).map_err(|f| f.at_lane(lane))?;
        Ok((self.view.format.decode(&bytes), defined.iter().all(|&d| d)))
    }

    /// Writes the given channels (R, G, B, A; `None` leaves one alone) of the element at `coords`; `undef` makes
    /// the written bytes undefined.
    pub(crate) fn store(&self, ctx: &mut Ctx<'_>, what: &str, coords: [u32; 3], lod: u32, channels: [Option<u32>; 4], undef: bool, lane: usize) -> Result<(), Fault> {
        let Some(address) = self.element(ctx, what, coords, lod, true, lane)? else { return Ok(()) };
        let format = self.view.format;
        let (bytes, defined) = ctx.memory.read(address, format.bytes() as u64).map_err(|f| f.at_lane(lane))?;
        let (mut bytes, mut defined) = (bytes.to_vec(), defined.to_vec());
        format.encode(channels, &mut bytes);
        for (written, d) in written_bytes(format, &channels).into_iter().zip(defined.iter_mut()) {
            if written {
                *d = !undef;
            }
        }
        ctx.memory.write(address, &bytes, &defined).map_err(|f| f.at_lane(lane))
    }

    /// One lane of a typed atomic: reads the element's 32 bits `old`, writes `op(old, src0, src1)`, returns `old`
    /// (`None` when undefined). Sources are `(bits, undef)`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn atomic(&self, ctx: &mut Ctx<'_>, what: &str, op: u8, coords: [u32; 3], lod: u32, src0: (u64, bool), src1: (u64, bool), lane: usize) -> Result<Option<u32>, Fault> {
        let format = self.view.format;
        if !matches!(format, SurfaceFormat::R32Uint | SurfaceFormat::R32Sint | SurfaceFormat::R32Float) {
            return Err(Fault::Other(format!(
                "{what}: typed atomic on surface '{}' of format {format}; it needs r32_uint, r32_sint or r32_float",
                self.name
            )));
        }
        let Some(address) = self.element(ctx, what, coords, lod, true, lane)? else { return Ok(Some(0)) };
        let (bytes, defined) = ctx.memory.read(address, 4).map_err(|f| f.at_lane(lane))?;
        let old = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        let old_defined = defined.iter().all(|&d| d);
        let elem = if is_float(op) { Elem::Float } else { Elem::Int(32) };
        let new = apply(op, elem, old as u64, src0.0 & 0xffff_ffff, src1.0 & 0xffff_ffff) as u32;
        let sources = sources(op);
        let new_undef = (sources >= 1 && src0.1) || (sources >= 2 && src1.1) || (!old_defined && op != XCHG);
        ctx.memory.write(address, &new.to_le_bytes(), &[!new_undef; 4]).map_err(|f| f.at_lane(lane))?;
        Ok(old_defined.then_some(old))
    }
}

/// Lane `i`'s coordinates from the coordinate operands (a scalar operand applies to every lane).
fn coords(call: &Call<'_>, args: [usize; 3], i: usize) -> Result<[u32; 3], Fault> {
    let mut out = [0u32; 3];
    for (k, &arg) in args.iter().enumerate() {
        let l = lanes(call, arg)?;
        out[k] = lane_value(call, l, i.min(l.len() - 1), ["u coordinate", "v coordinate", "r coordinate"][k])? as u32;
    }
    Ok(out)
}

fn gather4_typed(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let n = lanes(call, 3)?.len();
    let (_, len, channels) = channel_result(call, n, 0)?;
    let enabled = predicate(call, 1, n)?;
    let surface = TypedSurface::of(ctx, call.name, control(call, 2)?, TRIAL_FORMAT)?;
    let mut out: Lanes = old(call, 6, len)?.clone();
    for i in (0..n).filter(|&i| enabled[i]) {
        let (values, defined) = surface.load(ctx, call.name, coords(call, [3, 4, 5], i)?, 0, i)?;
        for (k, &c) in channels.iter().enumerate() {
            let lane = k * n + i;
            if defined {
                out.set(lane, values[c as usize] as u64);
            } else {
                out.bits[lane] = 0;
                out.undef[lane] = true;
            }
        }
    }
    Ok(Value::Lanes(out))
}

fn scatter4_typed(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let n = lanes(call, 3)?.len();
    let channels = channels(call, 0)?;
    let enabled = predicate(call, 1, n)?;
    let values = data(call, 6, n * channels.len())?;
    dword_lanes(call, values.elem)?;
    let surface = TypedSurface::of(ctx, call.name, control(call, 2)?, TRIAL_FORMAT)?;
    for (k, &c) in channels.iter().enumerate() {
        for i in (0..n).filter(|&i| enabled[i]) {
            let mut one = [None; 4];
            one[c as usize] = Some(values.bits[k * n + i] as u32);
            surface.store(ctx, call.name, coords(call, [3, 4, 5], i)?, 0, one, values.undef[k * n + i], i)?;
        }
    }
    Ok(Value::Void)
}

/// `typed.atomic.<op>(pred, bti, [src0, [src1,]] u, v, r, lod)`.
fn typed_atomic<const OP: u8>(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    dword_lanes(call, elem)?;
    let count = sources(OP);
    let srcs: Vec<&Lanes> = (0..count).map(|k| data(call, 2 + k, n)).collect::<Result<_, _>>()?;
    let u = 2 + count;
    let enabled = predicate(call, 0, n)?;
    let surface = TypedSurface::of(ctx, call.name, control(call, 1)?, TRIAL_ATOMIC_FORMAT)?;
    let lod = lanes(call, u + 3)?;
    let mut out = Lanes::undef(elem, n);
    for i in (0..n).filter(|&i| enabled[i]) {
        let src = |k: usize| srcs.get(k).map_or((0, false), |l| (l.bits[i], l.undef[i]));
        let lod = lane_value(call, lod, i.min(lod.len() - 1), "LOD")? as u32;
        let old = surface.atomic(ctx, call.name, OP, coords(call, [u, u + 1, u + 2], i)?, lod, src(0), src(1), i)?;
        if let Some(old) = old {
            out.set(i, old as u64);
        }
    }
    Ok(Value::Lanes(out))
}

/// Which bytes of an element the channels `written` occupy: encoding zeros over all-ones bytes clears exactly
/// those (every channel kind encodes 0 as zero bits).
fn written_bytes(format: SurfaceFormat, written: &[Option<u32>; 4]) -> Vec<bool> {
    let mut probe = vec![0xffu8; format.bytes() as usize];
    format.encode(written.map(|w| w.map(|_| 0)), &mut probe);
    probe.into_iter().map(|b| b == 0).collect()
}
