//! Flat-address messages: SVM block and scattered access, private gather/scatter, and the pointer helpers.
//!
//! Why: older CM headers lower `cm_svm_block_read/write[_unaligned]` to `svm.block.ld[.unaligned]/st`,
//! `cm_svm_scatter_read/write` to `svm.gather/scatter`, `cm_ptr_read4/write4` to `svm.gather4.scaled/
//! scatter4.scaled` (docs/cmc-compat.md §3); the front end passes `vector_ref` arguments through `vload/vstore`;
//! the SPIR-V adaptor wraps pointer kernel arguments in `address.convert`.
//!
//! Semantics (operands: vc-intrinsics v0.11.0 `Intrinsic_definitions.py`; formulas: vISA `SVM_BLOCK_LD.md`,
//! `SVM_BLOCK_ST.md`, `SVM_GATHER.md`, `SVM_SCATTER.md`, `SVM_GATHER4_SCALED.md`, `SVM_SCATTER4_SCALED.md`):
//! - `svm.block.ld(addr)`: the result's bytes at `addr` (`i32` or `i64`, zero-extended), a multiple of 16 bytes;
//!   `addr` must be oword-aligned, dword-aligned for `.unaligned`. `svm.block.st(addr, data)` likewise.
//! - `svm.gather(pred, log2nb, addrs, old)`: `nb = 1 << log2nb` blocks per address; the block size is the
//!   result element's size. For 4- and 8-byte blocks, block j of lane i is element `j·N + i`, read at
//!   `addrs[i] + j·size` (SVM_GATHER.md `dst[j*exec_size+i]`). For 1-byte blocks the result is `i8` and lane i
//!   owns the `max(4, nb)` elements from `i·max(4, nb)`, byte j at `addrs[i] + j`; its bytes at or past `nb` are
//!   undefined (`Ai[N] has undefined value if N>=num_blocks`). Addresses must be aligned to the block size.
//!   Disabled lanes keep all of their elements from `old`. `svm.scatter` writes the same layout.
//! - `svm.gather4.scaled(pred, mask, scale, addr, eoff, old)`: as `gather4.scaled` (see [`super::surface`]) on
//!   flat addresses `addr + eoff[i] + 4c` (64-bit, wrapping; dword-aligned); the predicate may be a scalar.
//! - `gather.private(pred, base, eoff, old)` / `scatter.private(pred, base, eoff, data)`: element `i` at
//!   `base + eoff[i]·size` (offsets in elements, signed), the first N lanes of `data`.
//! - `vload(ptr)` / `vstore(v, ptr)`: exactly `load` / `store`. `gaddr(ptr)`: `ptrtoint`.
//!   `address.convert(ptr)`: the pointer's bits (an SVM address, or the BTI of a surface argument) as the
//!   result integer, unchanged.
//! - Out of bounds: no surface bounds exist; an address outside every allocation is always a fault with the
//!   lane (vISA `SVM.md`: "Behavior for out-of-bounds SVM access is implementation-defined").
//!
//! Not handled: a non-zero `scale`.

use super::surface::{channels, dword_address, dword_lanes};
use super::{copy_lane, data, lane_bytes, lane_value, old, predicate, read, set_lane, write, zero_scale, Target};
use crate::intrinsics::{lanes, result_shape, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::{decode_lanes, encode_lanes, lanes_store_size, Fault};
use crate::value::{sign_extend, Elem, Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    ("llvm.genx.svm.block.ld", svm_block_ld),
    ("llvm.genx.svm.block.ld.unaligned", svm_block_ld_unaligned),
    ("llvm.genx.svm.block.st", svm_block_st),
    ("llvm.genx.svm.gather", svm_gather),
    ("llvm.genx.svm.scatter", svm_scatter),
    ("llvm.genx.svm.gather4.scaled", svm_gather4_scaled),
    ("llvm.genx.svm.scatter4.scaled", svm_scatter4_scaled),
    ("llvm.genx.gather.private", gather_private),
    ("llvm.genx.scatter.private", scatter_private),
    ("llvm.genx.vload", vload),
    ("llvm.genx.vstore", vstore),
    ("llvm.genx.gaddr", pointer_bits),
    ("llvm.genx.address.convert", pointer_bits),
];

/// A defined scalar address operand.
fn address(call: &Call<'_>, i: usize) -> Result<u64, Fault> {
    let l = lanes(call, i)?;
    if l.undef[0] {
        return Err(Fault::Undefined(format!("{}: address operand {i} is undef", call.name)));
    }
    Ok(l.bits[0])
}

fn aligned(call: &Call<'_>, address: u64, align: u64) -> Result<u64, Fault> {
    if address % align != 0 {
        return Err(Fault::Undefined(format!("{}: address {address:#x} is not {align}-byte aligned", call.name)));
    }
    Ok(address)
}

fn block_ld(ctx: &mut Ctx<'_>, call: &Call<'_>, align: u64) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let size = lanes_store_size(elem, n);
    if size == 0 || size % 16 != 0 {
        return Err(Fault::Undefined(format!("{}: block of {size} bytes is not a whole number of owords", call.name)));
    }
    let at = aligned(call, address(call, 0)?, align)?;
    let (bytes, defined) = read(ctx, &Target::Flat, at, size, None)?;
    Ok(Value::Lanes(decode_lanes(elem, n, &bytes, &defined)))
}

fn svm_block_ld(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    block_ld(ctx, call, 16)
}

fn svm_block_ld_unaligned(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    block_ld(ctx, call, 4)
}

fn svm_block_st(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let value = lanes(call, 1)?;
    let size = lanes_store_size(value.elem, value.len());
    if size == 0 || size % 16 != 0 {
        return Err(Fault::Undefined(format!("{}: block of {size} bytes is not a whole number of owords", call.name)));
    }
    let at = aligned(call, address(call, 0)?, 16)?;
    let mut bytes = vec![0u8; size];
    let mut defined = vec![false; size];
    encode_lanes(value, &mut bytes, &mut defined);
    write(ctx, &Target::Flat, at, &bytes, &defined, None)?;
    Ok(Value::Void)
}

/// The layout of an SVM scattered message: for each lane, where each of its elements lives in the data vector
/// and in memory.
struct Layout {
    /// Block size in bytes (1, 4 or 8).
    block: usize,
    /// Blocks per address.
    blocks: usize,
    /// Data elements per lane for byte blocks (`max(4, blocks)`).
    slot: usize,
}

impl Layout {
    fn new(call: &Call<'_>, elem: Elem, log2_arg: usize) -> Result<Layout, Fault> {
        let log2 = super::control(call, log2_arg)?;
        if log2 > 3 {
            return Err(Fault::Undefined(format!("{}: log2 block count {log2} is over 3", call.name)));
        }
        let block = elem.store_bytes();
        if !matches!(block, 1 | 4 | 8) {
            return Err(Fault::Undefined(format!("{}: {elem} is not a 1-, 4- or 8-byte block", call.name)));
        }
        let blocks = 1usize << log2;
        Ok(Layout { block, blocks, slot: blocks.max(4) })
    }

    /// The data-vector length for `n` lanes.
    fn len(&self, n: usize) -> usize {
        if self.block == 1 {
            n * self.slot
        } else {
            n * self.blocks
        }
    }

    /// The data element holding block `j` of lane `i`.
    fn element(&self, n: usize, i: usize, j: usize) -> usize {
        if self.block == 1 {
            i * self.slot + j
        } else {
            j * n + i
        }
    }
}

/// `svm.gather(pred, log2nb, addrs, old)`.
fn svm_gather(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, len) = result_shape(call)?;
    let addrs = lanes(call, 2)?;
    let n = addrs.len();
    let layout = Layout::new(call, elem, 1)?;
    if len != layout.len(n) {
        return Err(Fault::Undefined(format!("{}: {len} result lanes, {} expected", call.name, layout.len(n))));
    }
    let enabled = predicate(call, 0, n)?;
    let old = old(call, 3, len)?;
    let mut out = Lanes::undef(elem, len);
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            let slots = if layout.block == 1 { layout.slot } else { layout.blocks };
            for j in 0..slots {
                copy_lane(&mut out, layout.element(n, i, j), old);
            }
            continue;
        }
        let base = aligned(call, lane_value(call, addrs, i, "address")?, layout.block as u64)?;
        for j in 0..layout.blocks {
            let at = base.wrapping_add((j * layout.block) as u64);
            let (bytes, defined) = read(ctx, &Target::Flat, at, layout.block, Some(i))?;
            set_lane(&mut out, layout.element(n, i, j), &bytes, &defined);
        }
        // Bytes past `blocks` in a byte lane's 4-byte slot stay undef.
    }
    Ok(Value::Lanes(out))
}

/// `svm.scatter(pred, log2nb, addrs, data)`.
fn svm_scatter(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let addrs = lanes(call, 2)?;
    let n = addrs.len();
    let values = lanes(call, 3)?;
    let layout = Layout::new(call, values.elem, 1)?;
    if values.len() != layout.len(n) {
        return Err(Fault::Undefined(format!(
            "{}: {} data lanes, {} expected",
            call.name,
            values.len(),
            layout.len(n)
        )));
    }
    let enabled = predicate(call, 0, n)?;
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            continue;
        }
        let base = aligned(call, lane_value(call, addrs, i, "address")?, layout.block as u64)?;
        for j in 0..layout.blocks {
            let (bytes, defined) = lane_bytes(values, layout.element(n, i, j));
            write(ctx, &Target::Flat, base.wrapping_add((j * layout.block) as u64), &bytes, &defined, Some(i))?;
        }
    }
    Ok(Value::Void)
}

/// `svm.gather4.scaled(pred, mask, scale, addr, eoff, old)`.
fn svm_gather4_scaled(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let offsets = lanes(call, 4)?;
    let n = offsets.len();
    let (_, len, channels) = super::surface::channel_result(call, n, 1)?;
    zero_scale(call, 2)?;
    let enabled = predicate(call, 0, n)?;
    let base = address(call, 3)?;
    let mut out = old(call, 5, len)?.clone();
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            continue;
        }
        let at = dword_address(call, base, lane_value(call, offsets, i, "element offset")?)?;
        for (k, &c) in channels.iter().enumerate() {
            let (bytes, defined) = read(ctx, &Target::Flat, at.wrapping_add(4 * c), 4, Some(i))?;
            set_lane(&mut out, k * n + i, &bytes, &defined);
        }
    }
    Ok(Value::Lanes(out))
}

/// `svm.scatter4.scaled(pred, mask, scale, addr, eoff, data)`.
fn svm_scatter4_scaled(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let offsets = lanes(call, 4)?;
    let n = offsets.len();
    let channels = channels(call, 1)?;
    let values = data(call, 5, n * channels.len())?;
    dword_lanes(call, values.elem)?;
    zero_scale(call, 2)?;
    let enabled = predicate(call, 0, n)?;
    let base = address(call, 3)?;
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            continue;
        }
        let at = dword_address(call, base, lane_value(call, offsets, i, "element offset")?)?;
        for (k, &c) in channels.iter().enumerate() {
            let (bytes, defined) = lane_bytes(values, k * n + i);
            write(ctx, &Target::Flat, at.wrapping_add(4 * c), &bytes, &defined, Some(i))?;
        }
    }
    Ok(Value::Void)
}

/// The address of element `i` of a private gather/scatter: `base + eoff[i]·size`, offsets signed.
fn private_address(call: &Call<'_>, base: u64, offsets: &Lanes, i: usize, size: usize) -> Result<u64, Fault> {
    let offset = sign_extend(lane_value(call, offsets, i, "element offset")?, offsets.elem.bits());
    Ok(base.wrapping_add(offset.wrapping_mul(size as i64) as u64))
}

/// `gather.private(pred, base, eoff, old)`.
fn gather_private(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, len) = result_shape(call)?;
    let offsets = lanes(call, 2)?;
    let n = offsets.len().min(len);
    let enabled = predicate(call, 0, n)?;
    let base = address(call, 1)?;
    let mut out = old(call, 3, len)?.clone();
    let size = elem.store_bytes();
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            continue;
        }
        let at = private_address(call, base, offsets, i, size)?;
        let (bytes, defined) = read(ctx, &Target::Flat, at, size, Some(i))?;
        set_lane(&mut out, i, &bytes, &defined);
    }
    Ok(Value::Lanes(out))
}

/// `scatter.private(pred, base, eoff, data)`: the first N lanes of `data`.
fn scatter_private(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let offsets = lanes(call, 2)?;
    let n = offsets.len();
    let values = data(call, 3, n)?;
    let enabled = predicate(call, 0, n)?;
    let base = address(call, 1)?;
    let size = values.elem.store_bytes();
    for (i, &on) in enabled.iter().enumerate() {
        if !on {
            continue;
        }
        let at = private_address(call, base, offsets, i, size)?;
        let (bytes, defined) = lane_bytes(values, i);
        write(ctx, &Target::Flat, at, &bytes, &defined, Some(i))?;
    }
    Ok(Value::Void)
}

fn vload(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    ctx.memory.load(address(call, 0)?, call.ret)
}

fn vstore(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let at = address(call, 1)?;
    ctx.memory.store(at, &call.args[0], &call.arg_tys[0])?;
    Ok(Value::Void)
}

/// `gaddr` and `address.convert`: the pointer's bits as the result integer (undef stays undef).
fn pointer_bits(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, _) = result_shape(call)?;
    let p = lanes(call, 0)?;
    let mut out = Lanes::undef(elem, p.len());
    for i in 0..p.len() {
        if !p.undef[i] {
            out.set(i, p.bits[i]);
        }
    }
    Ok(Value::Lanes(out))
}
