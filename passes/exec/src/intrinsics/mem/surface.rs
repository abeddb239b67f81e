//! BTI-addressed linear messages: OWord block, scaled scattered and untyped 4-channel reads and writes.
//!
//! Why: CM's OWord block `read/write`, scattered `read/write[_scaled]`, `read/write_untyped` and `cm_slm_*`
//! lower to these (docs/cmc-compat.md §3); BTI 254 is SLM and 255 stateless (see the parent module for bounds).
//!
//! Semantics (intel/vc-intrinsics v0.11.0 `Intrinsic_definitions.py` for operands and units; vISA
//! `OWORD_LD.md`, `OWORD_LD_UNALIGNED.md`, `OWORD_ST.md`, `GATHER_SCALED.md`, `SCATTER_SCALED.md`,
//! `GATHER4_SCALED.md`, `SCATTER4_SCALED.md` for the formulas):
//! - `oword.ld(is_modified, bti, off)`: the result's bytes from byte `16·off` (`off` counts **owords**);
//!   `oword.ld.unaligned` takes `off` in **bytes**, which must be dword-aligned; `oword.st(bti, off, data)`
//!   writes at `16·off`. `is_modified` is ignored (vISA: "the read always return the last write"). The size is
//!   a multiple of 16 bytes (the hardware takes 16/32/64/128; larger ones are accepted as their concatenation).
//! - `gather.scaled(pred, log2nb, scale, bti, g, eoff, old)`: lane i reads `nb = 1 << log2nb` (1, 2, 4) bytes at
//!   byte `(g + eoff[i]) mod 2^32` into the low bytes of the lane. The upper bytes of a 1- or 2-byte read are
//!   undefined per the definitions; the executor zero-extends (a refinement: lanes carry definedness per lane,
//!   and making the whole lane undef would poison the `trunc` the front end applies). `gather.scaled2` has no
//!   predicate (all lanes), `gather.masked.scaled2` has the predicate last and no `old` (disabled lanes undef).
//!   `scatter.scaled(pred, log2nb, scale, bti, g, eoff, data)` writes the low `nb` bytes of each enabled lane.
//! - `gather4.scaled(pred, mask, scale, bti, g, eoff, old)`: channel c (R=0..A=3) is accessed when bit c of the
//!   mask is **set** — vISA GATHER4_SCALED `if (ch_mask[c] == 1)`, IGC's GenXLegacyToLscTranslator takes
//!   popcount(mask) as the channel count, and vISA `ChannelMask::getHWEncoding` notes that only the hardware
//!   message uses negative logic (the "mask of channels _not_ to read" wording of the definitions describes that
//!   encoding). The result is channel-major and dense: the k-th enabled channel of lane i is element `k·N + i`,
//!   read from dword `(g + eoff[i]) + 4c`, which must be dword-aligned (cmlangspec.rst §4.5 `read_untyped`:
//!   "The enabled channels are returned in R, G, B, A order with no gap ... for disabled channels"). Extra result lanes beyond the enabled
//!   channels (the definitions allow none; IGC tolerates them) are left as `old` / undef. `scatter4.scaled`
//!   writes the same layout, channel by channel and lane by lane within a channel (SCATTER4_SCALED's loop nest),
//!   which decides what lanes whose dwords collide leave behind.
//! - `.predef.surface` forms take a pointer to a predefined surface variable instead of the BTI (see
//!   [`super::bti`]); `write.predef.surface(ptr, i32)` stores the BTI into that variable.
//!
//! Not handled: `scale` ≠ 0 (unsupported), typed messages.

use super::{
    bti, control, copy_lane, data, lane_bytes, lane_value, old, predicate, read, set_lane, target, write, zero_scale,
};
use crate::intrinsics::{lanes, result_shape, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::{decode_lanes, encode_lanes, lanes_store_size, Fault};
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    ("llvm.genx.oword.ld", oword_ld),
    ("llvm.genx.oword.ld.predef.surface", oword_ld),
    ("llvm.genx.oword.ld.unaligned", oword_ld_unaligned),
    ("llvm.genx.oword.ld.unaligned.predef.surface", oword_ld_unaligned),
    ("llvm.genx.oword.st", oword_st),
    ("llvm.genx.oword.st.predef.surface", oword_st),
    ("llvm.genx.gather.scaled", gather_scaled),
    ("llvm.genx.gather.scaled2", gather_scaled2),
    ("llvm.genx.gather.masked.scaled2", gather_masked_scaled2),
    ("llvm.genx.gather.masked.scaled2.predef.surface", gather_masked_scaled2),
    ("llvm.genx.scatter.scaled", scatter_scaled),
    ("llvm.genx.scatter.scaled.predef.surface", scatter_scaled),
    ("llvm.genx.gather4.scaled", gather4_scaled),
    ("llvm.genx.gather4.scaled2", gather4_scaled2),
    ("llvm.genx.gather4.masked.scaled2", gather4_masked_scaled2),
    ("llvm.genx.gather4.masked.scaled2.predef.surface", gather4_masked_scaled2),
    ("llvm.genx.scatter4.scaled", scatter4_scaled),
    ("llvm.genx.scatter4.scaled.predef.surface", scatter4_scaled),
    ("llvm.genx.write.predef.surface", write_predef_surface),
];

// ---- OWord block -------------------------------------------------------------------------------------------

/// The byte size of an OWord block value: a positive multiple of 16.
fn block_size(call: &Call<'_>, elem: crate::value::Elem, n: usize) -> Result<usize, Fault> {
    let size = lanes_store_size(elem, n);
    if size == 0 || size % 16 != 0 {
        return Err(Fault::Undefined(format!("{}: block of {size} bytes is not a whole number of owords", call.name)));
    }
    Ok(size)
}

fn oword_load(ctx: &mut Ctx<'_>, call: &Call<'_>, byte_offset: u64) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let size = block_size(call, elem, n)?;
    let target = target(ctx, call, bti(ctx, call, 1)?)?;
    let (bytes, defined) = read(ctx, &target, byte_offset, size, None)?;
    Ok(Value::Lanes(decode_lanes(elem, n, &bytes, &defined)))
}

fn oword_ld(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let owords = control(call, 2)? as u64;
    oword_load(ctx, call, owords * 16)
}

fn oword_ld_unaligned(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let offset = control(call, 2)? as u64;
    if offset % 4 != 0 {
        return Err(Fault::Undefined(format!("{}: byte offset {offset} is not dword-aligned", call.name)));
    }
    oword_load(ctx, call, offset)
}

fn oword_st(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let value = lanes(call, 2)?;
    let size = block_size(call, value.elem, value.len())?;
    let offset = control(call, 1)? as u64 * 16;
    let target = target(ctx, call, bti(ctx, call, 0)?)?;
    let mut bytes = vec![0u8; size];
    let mut defined = vec![false; size];
    encode_lanes(value, &mut bytes, &mut defined);
    write(ctx, &target, offset, &bytes, &defined, None)?;
    Ok(Value::Void)
}

// ---- scaled scattered --------------------------------------------------------------------------------------

/// Operand positions of one scattered form.
struct Scattered {
    pred: Option<usize>,
    blocks: usize,
    scale: usize,
    bti: usize,
    global: usize,
    offsets: usize,
    /// `old` (gathers) or `data` (scatters).
    values: Option<usize>,
}

/// Bytes per lane of a scaled scattered message: `1 << log2nb`, at most the lane size.
fn block_bytes(call: &Call<'_>, arg: usize, lane_bytes: usize) -> Result<usize, Fault> {
    let log2 = control(call, arg)?;
    if log2 > 2 || (1usize << log2) > lane_bytes {
        return Err(Fault::Undefined(format!(
            "{}: log2 block count {log2} does not fit {lane_bytes}-byte lanes",
            call.name
        )));
    }
    Ok(1 << log2)
}

fn gather(ctx: &mut Ctx<'_>, call: &Call<'_>, form: Scattered) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let offsets = lanes(call, form.offsets)?;
    if offsets.len() != n {
        return Err(Fault::Other(format!("{}: {} offsets for {n} result lanes", call.name, offsets.len())));
    }
    let nb = block_bytes(call, form.blocks, elem.store_bytes())?;
    zero_scale(call, form.scale)?;
    let enabled = match form.pred {
        Some(p) => predicate(call, p, n)?,
        None => vec![true; n],
    };
    let old = form.values.map(|i| old(call, i, n)).transpose()?;
    let target = target(ctx, call, bti(ctx, call, form.bti)?)?;
    let global = control(call, form.global)?;
    let mut out = Lanes::undef(elem, n);
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            if let Some(old) = old {
                copy_lane(&mut out, i, old);
            }
            continue;
        }
        let offset = global.wrapping_add(lane_value(call, offsets, i, "element offset")? as u32) as u64;
        let (bytes, defined) = read(ctx, &target, offset, nb, Some(i))?;
        set_lane(&mut out, i, &bytes, &defined);
    }
    Ok(Value::Lanes(out))
}

fn gather_scaled(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    gather(ctx, call, Scattered { pred: Some(0), blocks: 1, scale: 2, bti: 3, global: 4, offsets: 5, values: Some(6) })
}

fn gather_scaled2(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    gather(ctx, call, Scattered { pred: None, blocks: 0, scale: 1, bti: 2, global: 3, offsets: 4, values: None })
}

fn gather_masked_scaled2(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    gather(ctx, call, Scattered { pred: Some(5), blocks: 0, scale: 1, bti: 2, global: 3, offsets: 4, values: None })
}

/// `scatter.scaled(pred, log2nb, scale, bti, g, eoff, data)` (and its predef form, same positions).
fn scatter_scaled(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let offsets = lanes(call, 5)?;
    let n = offsets.len();
    let values = data(call, 6, n)?;
    let nb = block_bytes(call, 1, values.elem.store_bytes())?;
    zero_scale(call, 2)?;
    let enabled = predicate(call, 0, n)?;
    let target = target(ctx, call, bti(ctx, call, 3)?)?;
    let global = control(call, 4)?;
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            continue;
        }
        let offset = global.wrapping_add(lane_value(call, offsets, i, "element offset")? as u32) as u64;
        let (bytes, defined) = lane_bytes(values, i);
        write(ctx, &target, offset, &bytes[..nb], &defined[..nb], Some(i))?;
    }
    Ok(Value::Void)
}

// ---- untyped 4-channel -------------------------------------------------------------------------------------

/// The enabled channels (R=0 .. A=3) of a channel mask, in RGBA order; mask 0 is not allowed.
pub(super) fn channels(call: &Call<'_>, arg: usize) -> Result<Vec<u64>, Fault> {
    let mask = control(call, arg)? & 0xF;
    if mask == 0 {
        return Err(Fault::Undefined(format!("{}: channel mask enables no channel", call.name)));
    }
    Ok((0..4).filter(|c| mask & (1 << c) != 0).collect())
}

/// The result shape of a 4-channel read over `n` lanes with the channel mask at operand `mask`: the lane type
/// (32-bit), the result's lane count (at least `n` per enabled channel) and the enabled channels.
pub(super) fn channel_result(call: &Call<'_>, n: usize, mask: usize) -> Result<(crate::value::Elem, usize, Vec<u64>), Fault> {
    let (elem, len) = result_shape(call)?;
    dword_lanes(call, elem)?;
    let channels = channels(call, mask)?;
    if len < n * channels.len() {
        return Err(Fault::Undefined(format!(
            "{}: {len} result lanes for {n} lanes x {} channels",
            call.name,
            channels.len()
        )));
    }
    Ok((elem, len, channels))
}

/// `base + offset` (wrapping), which must be dword-aligned.
pub(super) fn dword_address(call: &Call<'_>, base: u64, offset: u64) -> Result<u64, Fault> {
    let address = base.wrapping_add(offset);
    if address % 4 != 0 {
        return Err(Fault::Undefined(format!("{}: address {address:#x} is not dword-aligned", call.name)));
    }
    Ok(address)
}

/// Requires 4-byte lanes (`i32`/`float`) for a 4-channel message.
pub(super) fn dword_lanes(call: &Call<'_>, elem: crate::value::Elem) -> Result<(), Fault> {
    if elem.store_bytes() != 4 {
        return Err(Fault::Undefined(format!("{}: channel data must be i32 or float, not {elem}", call.name)));
    }
    Ok(())
}

fn gather4(ctx: &mut Ctx<'_>, call: &Call<'_>, form: Scattered) -> Result<Value, Fault> {
    let offsets = lanes(call, form.offsets)?;
    let n = offsets.len();
    let (elem, len, channels) = channel_result(call, n, form.blocks)?;
    zero_scale(call, form.scale)?;
    let enabled = match form.pred {
        Some(p) => predicate(call, p, n)?,
        None => vec![true; n],
    };
    let old = form.values.map(|i| old(call, i, len)).transpose()?;
    let target = target(ctx, call, bti(ctx, call, form.bti)?)?;
    let global = control(call, form.global)?;
    let mut out = Lanes::undef(elem, len);
    if let Some(old) = old {
        out = old.clone();
    }
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            continue;
        }
        let offset = global.wrapping_add(lane_value(call, offsets, i, "element offset")? as u32) as u64;
        let address = dword_address(call, offset, 0)?;
        for (k, &c) in channels.iter().enumerate() {
            let (bytes, defined) = read(ctx, &target, address + 4 * c, 4, Some(i))?;
            set_lane(&mut out, k * n + i, &bytes, &defined);
        }
    }
    Ok(Value::Lanes(out))
}

fn gather4_scaled(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    gather4(ctx, call, Scattered { pred: Some(0), blocks: 1, scale: 2, bti: 3, global: 4, offsets: 5, values: Some(6) })
}

fn gather4_scaled2(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    gather4(ctx, call, Scattered { pred: None, blocks: 0, scale: 1, bti: 2, global: 3, offsets: 4, values: None })
}

fn gather4_masked_scaled2(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    gather4(ctx, call, Scattered { pred: Some(5), blocks: 0, scale: 1, bti: 2, global: 3, offsets: 4, values: None })
}

/// `scatter4.scaled(pred, mask, scale, bti, g, eoff, data)` (and its predef form).
fn scatter4_scaled(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let offsets = lanes(call, 5)?;
    let n = offsets.len();
    let channels = channels(call, 1)?;
    let values = data(call, 6, n * channels.len())?;
    dword_lanes(call, values.elem)?;
    zero_scale(call, 2)?;
    let enabled = predicate(call, 0, n)?;
    let target = target(ctx, call, bti(ctx, call, 3)?)?;
    let global = control(call, 4)?;
    // Channel by channel, each in lane order (vISA SCATTER4_SCALED's loop nest): lanes whose dwords collide
    // leave the last channel's value, as the vISA executor does for IGC's `scatter4_scaled`.
    for (k, &c) in channels.iter().enumerate() {
        for (i, &on) in enabled.iter().enumerate() {
            if !on {
                continue;
            }
            let offset = global.wrapping_add(lane_value(call, offsets, i, "element offset")? as u32) as u64;
            let address = dword_address(call, offset, 0)?;
            let (bytes, defined) = lane_bytes(values, k * n + i);
            write(ctx, &target, address + 4 * c, &bytes, &defined, Some(i))?;
        }
    }
    Ok(Value::Void)
}

/// `write.predef.surface(ptr var, i32 value)`: the variable now designates surface `value`.
fn write_predef_surface(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let ptr = lanes(call, 0)?;
    if ptr.undef[0] {
        return Err(Fault::Undefined(format!("{}: undef predefined surface variable", call.name)));
    }
    let value = lanes(call, 1)?;
    ctx.memory.write(ptr.bits[0], &(value.bits[0] as u32).to_le_bytes(), &[!value.undef[0]; 4])?;
    Ok(Value::Void)
}
