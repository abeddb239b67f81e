//! LLVM's own memory intrinsics: `llvm.memcpy`, `llvm.memmove`, `llvm.memset` and `llvm.masked.*`.
//!
//! Why: clang emits `memcpy/memset` for aggregate copies and initialisation; current CM headers lower
//! `cm_svm_scatter_read/write` and pointer `gather/scatter` to `llvm.masked.gather/scatter`, and the SIMD CF
//! lowering may produce masked loads and stores (docs/cmc-compat.md §3).
//!
//! Semantics (LLVM 14 LangRef):
//! - `memcpy(dst, src, len, volatile)`: copies `len` bytes with their definedness; overlapping ranges are
//!   undefined behaviour ([`Fault::Undefined`]). `memmove` allows overlap. `memset(dst, byte, len, volatile)`:
//!   `len` copies of `byte` (undef if `byte` is). `len == 0` touches nothing; an undef `len` is undefined. The
//!   `.inline` variants resolve here too (same operands). `volatile` changes nothing in a sequential model.
//! - `masked.load(ptr, align, mask, passthru)`: lane i reads element i at `ptr + i·size` where the mask is set,
//!   else takes `passthru[i]`; `masked.store(v, ptr, align, mask)` writes the enabled elements only.
//!   `masked.gather(ptrs, align, mask, passthru)` / `masked.scatter(v, ptrs, align, mask)`: per-lane pointers;
//!   scatter writes lanes in order, so a later lane wins on equal addresses (as the LangRef specifies).
//! - Disabled lanes never access memory; an undef mask lane or an undef pointer on an enabled lane is
//!   [`Fault::Undefined`]; faults name the lane.

use super::predicate;
use crate::intrinsics::{lanes, result_shape, SemFn};
use crate::machine::{Call, Ctx};
use crate::memory::{decode_lanes, Fault};
use crate::value::{Lanes, Value};

pub const TABLE: &[(&str, SemFn)] = &[
    ("llvm.memcpy", memcpy),
    ("llvm.memmove", memmove),
    ("llvm.memset", memset),
    ("llvm.masked.load", masked_load),
    ("llvm.masked.store", masked_store),
    ("llvm.masked.gather", masked_gather),
    ("llvm.masked.scatter", masked_scatter),
];

fn defined_scalar(call: &Call<'_>, i: usize, what: &str) -> Result<u64, Fault> {
    let l = lanes(call, i)?;
    if l.undef[0] {
        return Err(Fault::Undefined(format!("{}: {what} is undef", call.name)));
    }
    Ok(l.bits[0])
}

fn copy(ctx: &mut Ctx<'_>, call: &Call<'_>, overlap_allowed: bool) -> Result<Value, Fault> {
    let len = defined_scalar(call, 2, "length")?;
    if len == 0 {
        return Ok(Value::Void);
    }
    let dst = defined_scalar(call, 0, "destination")?;
    let src = defined_scalar(call, 1, "source")?;
    if !overlap_allowed && dst != src && dst < src.saturating_add(len) && src < dst.saturating_add(len) {
        return Err(Fault::Undefined(format!("{}: {len}-byte ranges at 0x{dst:x} and 0x{src:x} overlap", call.name)));
    }
    let (bytes, defined) = ctx.memory.read(src, len)?;
    let (bytes, defined) = (bytes.to_vec(), defined.to_vec());
    ctx.memory.write(dst, &bytes, &defined)?;
    Ok(Value::Void)
}

fn memcpy(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    copy(ctx, call, false)
}

fn memmove(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    copy(ctx, call, true)
}

fn memset(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let len = defined_scalar(call, 2, "length")?;
    if len == 0 {
        return Ok(Value::Void);
    }
    let dst = defined_scalar(call, 0, "destination")?;
    if len > 1 << 32 {
        return Err(Fault::Other(format!("{}: memset of {len} bytes is too large", call.name)));
    }
    let byte = lanes(call, 1)?;
    ctx.memory.write(dst, &vec![byte.bits[0] as u8; len as usize], &vec![!byte.undef[0]; len as usize])?;
    Ok(Value::Void)
}

/// Reads one element of `size` bytes for lane `lane` into `out[lane]`.
fn load_lane(ctx: &Ctx<'_>, out: &mut Lanes, lane: usize, address: u64) -> Result<(), Fault> {
    let size = out.elem.store_bytes();
    let (bytes, defined) = ctx.memory.read(address, size as u64).map_err(|f| f.at_lane(lane))?;
    let one = decode_lanes(out.elem, 1, &bytes, &defined);
    out.bits[lane] = one.bits[0];
    out.undef[lane] = one.undef[0];
    Ok(())
}

fn store_lane(ctx: &mut Ctx<'_>, values: &Lanes, lane: usize, address: u64) -> Result<(), Fault> {
    let (bytes, defined) = super::lane_bytes(values, lane);
    ctx.memory.write(address, &bytes, &defined).map_err(|f| f.at_lane(lane))
}

/// `masked.load(ptr, align, mask, passthru)`.
fn masked_load(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (_, n) = result_shape(call)?;
    let mask = predicate(call, 2, n)?;
    let mut out = super::old(call, 3, n)?.clone();
    if !mask.iter().any(|&m| m) {
        return Ok(Value::Lanes(out));
    }
    let base = defined_scalar(call, 0, "pointer")?;
    let size = out.elem.store_bytes() as u64;
    for (i, &enabled) in mask.iter().enumerate() {
        if enabled {
            load_lane(ctx, &mut out, i, base.wrapping_add(i as u64 * size))?;
        }
    }
    Ok(Value::Lanes(out))
}

/// `masked.store(v, ptr, align, mask)`.
fn masked_store(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let values = lanes(call, 0)?;
    let mask = predicate(call, 3, values.len())?;
    if !mask.iter().any(|&m| m) {
        return Ok(Value::Void);
    }
    let base = defined_scalar(call, 1, "pointer")?;
    let size = values.elem.store_bytes() as u64;
    for (i, &enabled) in mask.iter().enumerate() {
        if enabled {
            store_lane(ctx, values, i, base.wrapping_add(i as u64 * size))?;
        }
    }
    Ok(Value::Void)
}

/// `masked.gather(ptrs, align, mask, passthru)`.
fn masked_gather(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (_, n) = result_shape(call)?;
    let ptrs = lanes(call, 0)?;
    let mask = predicate(call, 2, n)?;
    let mut out = super::old(call, 3, n)?.clone();
    for (i, &enabled) in mask.iter().enumerate() {
        if enabled {
            let address = super::lane_value(call, ptrs, i, "pointer")?;
            load_lane(ctx, &mut out, i, address)?;
        }
    }
    Ok(Value::Lanes(out))
}

/// `masked.scatter(v, ptrs, align, mask)`.
fn masked_scatter(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let values = lanes(call, 0)?;
    let ptrs = lanes(call, 1)?;
    let mask = predicate(call, 3, values.len())?;
    for (i, &enabled) in mask.iter().enumerate() {
        if enabled {
            let address = super::lane_value(call, ptrs, i, "pointer")?;
            store_lane(ctx, values, i, address)?;
        }
    }
    Ok(Value::Void)
}
