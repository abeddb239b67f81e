//! Typed surface messages: per-lane reads and writes of whole elements of a 2D surface, converted through its
//! format.
//!
//! Why: CM's `read_typed/write_typed` lower to `gather4.typed/scatter4.typed` (docs/cmc-compat.md §3); unlike the media
//! block and linear messages, they address the surface in *elements* and see channels, not bytes, so an RGBA8
//! `unorm` surface reads as floats in [0, 1] and a B8G8R8A8 one has red in channel 0.
//!
//! Semantics (operands: vc-intrinsics v0.11.0 `Intrinsic_definitions.py` "gather4_typed"/"scatter4_typed";
//! formula: vISA `GATHER4_TYPED.md` / `SCATTER4_TYPED.md`):
//! - `gather4.typed(mask, pred, bti, u, v, r, old)`: lane `i` reads the element at column `u[i]`, row `v[i]`
//!   (unsigned element coordinates; `r` is the array slice, ignored on a 2D surface as the vISA says for
//!   non-array surfaces). The element's channels convert as [`SurfaceFormat::decode`] says; the enabled channels
//!   (bit c of the mask set, as for `gather4.scaled`, see [`super::surface`]) are returned channel-major and
//!   dense: enabled channel k of lane i is result lane `k·N + i`. Disabled lanes keep `old`.
//! - `scatter4.typed(mask, pred, bti, u, v, r, data)`: writes the enabled channels of lane i's element through
//!   [`SurfaceFormat::encode`]; channels not enabled keep the element's bytes. Lanes are written in lane order, so
//!   two lanes writing one element leave the last lane's channels.
//! - Out of bounds (a coordinate at or past the width or height in elements): with [`BoundsPolicy::Report`] a
//!   [`Fault::OutOfBounds`] naming the lane and the surface; with [`BoundsPolicy::Hardware`] reads return zero in
//!   every channel and writes are dropped (vISA `GATHER4_TYPED.md`/`SCATTER4_TYPED.md` "Out-of-bound Access").
//! - Lanes are 32 bits (`i32` or `float`); an element with an undefined byte reads as undef lanes.
//!
//! [`BoundsPolicy::Report`]: crate::machine::BoundsPolicy::Report
//! [`BoundsPolicy::Hardware`]: crate::machine::BoundsPolicy::Hardware
//!
//! Not handled: typed atomics (`typed.atomic.*`), 1D and 3D typed surfaces, a buffer surface (an error: typed
//! messages need a format).

use super::surface::{channels, dword_lanes};
use super::{control, data, lane_value, old, predicate};
use crate::format::SurfaceFormat;
use crate::intrinsics::{lanes, result_shape, SemFn};
use crate::machine::{BoundsPolicy, Call, Ctx, SurfaceKind};
use crate::memory::Fault;
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] =
    &[("llvm.genx.gather4.typed", gather4_typed), ("llvm.genx.scatter4.typed", scatter4_typed)];

/// The typed surface at the BTI operand `i`.
struct Typed {
    base: u64,
    width: u32,
    height: u32,
    pitch: u32,
    format: SurfaceFormat,
    name: String,
}

impl Typed {
    fn of(ctx: &Ctx<'_>, call: &Call<'_>, i: usize) -> Result<Typed, Fault> {
        let bti = control(call, i)?;
        let surface = ctx.image_surface(bti)?;
        let SurfaceKind::Image2D { width, height, pitch, format } = surface.kind else {
            return Err(Fault::Other(format!(
                "{}: surface {bti} '{}' is a buffer; typed messages need a 2D surface with a format",
                call.name, surface.name
            )));
        };
        Ok(Typed {
            base: surface.base,
            width: width / format.bytes(),
            height,
            pitch,
            format,
            name: surface.name.clone(),
        })
    }

    /// The address of element (u, v), or what an out-of-bounds access does.
    fn element(&self, ctx: &Ctx<'_>, u: u64, v: u64, write: bool, lane: usize) -> Result<Option<u64>, Fault> {
        let size = self.format.bytes() as u64;
        if u < self.width as u64 && v < self.height as u64 {
            return Ok(Some(self.base + v * self.pitch as u64 + u * size));
        }
        match ctx.bounds {
            BoundsPolicy::Hardware => Ok(None),
            BoundsPolicy::Report => Err(Fault::OutOfBounds {
                address: self.base.wrapping_add(v.wrapping_mul(self.pitch as u64)).wrapping_add(u.wrapping_mul(size)),
                size,
                write,
                lane: Some(lane),
                nearest: Some(format!(
                    "element ({u}, {v}) of surface '{}' ({}x{} {})",
                    self.name, self.width, self.height, self.format
                )),
            }),
        }
    }
}

/// The operands both messages share: lanes, enabled channels, predicate, surface.
struct Message {
    n: usize,
    channels: Vec<u64>,
    enabled: Vec<bool>,
    surface: Typed,
}

impl Message {
    fn of(ctx: &Ctx<'_>, call: &Call<'_>) -> Result<Message, Fault> {
        let n = lanes(call, 3)?.len();
        Ok(Message {
            n,
            channels: channels(call, 0)?,
            enabled: predicate(call, 1, n)?,
            surface: Typed::of(ctx, call, 2)?,
        })
    }

    /// The address of the element enabled lane `i` addresses (`None`: outside, and the policy says to skip it).
    fn element(&self, ctx: &Ctx<'_>, call: &Call<'_>, i: usize, write: bool) -> Result<Option<u64>, Fault> {
        let (u, v) = (lanes(call, 3)?, lanes(call, 4)?);
        let u = lane_value(call, u, i, "u coordinate")? as u32 as u64;
        let v = lane_value(call, v, i.min(v.len() - 1), "v coordinate")? as u32 as u64;
        self.surface.element(ctx, u, v, write, i)
    }
}

fn gather4_typed(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, len) = result_shape(call)?;
    dword_lanes(call, elem)?;
    let m = Message::of(ctx, call)?;
    let (n, channels) = (m.n, &m.channels);
    if len < n * channels.len() {
        return Err(Fault::Undefined(format!(
            "{}: {len} result lanes for {n} lanes x {} channels",
            call.name,
            channels.len()
        )));
    }
    let mut out: Lanes = old(call, 6, len)?.clone();
    let size = m.surface.format.bytes() as u64;
    for i in (0..n).filter(|&i| m.enabled[i]) {
        let (values, defined) = match m.element(ctx, call, i, false)? {
            None => ([0u32; 4], true),
            Some(address) => {
                let (bytes, defined) = ctx.memory.read(address, size).map_err(|f| f.at_lane(i))?;
                (m.surface.format.decode(&bytes), defined.iter().all(|&d| d))
            }
        };
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
    let m = Message::of(ctx, call)?;
    let (n, channels) = (m.n, &m.channels);
    let values = data(call, 6, n * channels.len())?;
    dword_lanes(call, values.elem)?;
    let size = m.surface.format.bytes() as u64;
    for i in (0..n).filter(|&i| m.enabled[i]) {
        let Some(address) = m.element(ctx, call, i, true)? else { continue };
        let (bytes, defined) = ctx.memory.read(address, size).map_err(|f| f.at_lane(i))?;
        let (mut bytes, mut defined) = (bytes.to_vec(), defined.to_vec());
        let mut channel_values = [None; 4];
        let mut undef = false;
        for (k, &c) in channels.iter().enumerate() {
            undef |= values.undef[k * n + i];
            channel_values[c as usize] = Some(values.bits[k * n + i] as u32);
        }
        m.surface.format.encode(channel_values, &mut bytes);
        for (byte, d) in written_bytes(m.surface.format, &channel_values).into_iter().zip(defined.iter_mut()) {
            if byte {
                // An undef channel makes its bytes undefined.
                *d = !undef;
            }
        }
        ctx.memory.write(address, &bytes, &defined).map_err(|f| f.at_lane(i))?;
    }
    Ok(Value::Void)
}

/// Which bytes of an element the channels `written` occupy: encoding zeros over all-ones bytes clears exactly
/// those (every channel kind encodes 0 as zero bits).
fn written_bytes(format: SurfaceFormat, written: &[Option<u32>; 4]) -> Vec<bool> {
    let mut probe = vec![0xffu8; format.bytes() as usize];
    format.encode(written.map(|w| w.map(|_| 0)), &mut probe);
    probe.into_iter().map(|b| b == 0).collect()
}
