//! Memory intrinsics: the dataport messages of CM (surfaces, SLM, stateless, SVM, media blocks, atomics) and
//! LLVM's own memory intrinsics.
//!
//! Why: every CM memory builtin becomes one of these calls (docs/cmc-compat.md §2–§3): OWord block `read/write` →
//! `oword.ld[.unaligned]/oword.st`, scattered `read/write[_scaled]` → `gather.masked.scaled2/scatter.scaled`,
//! `read/write_untyped` → `gather4.masked.scaled2/scatter4.scaled`, `write_atomic` → `dword.atomic2.*`, media
//! `read/write` → `media.ld/media.st`, `cm_slm_*` → the same messages on BTI 254, SVM builtins →
//! `svm.*` or plain LLVM `load/store/llvm.masked.*`. The GenX passes split, merge and re-type these calls, so
//! their meaning must be exact enough to compare a kernel's memory before and after a pass.
//!
//! Files: [`surface`] (OWord block, scaled scattered, untyped 4-channel, their `.predef.surface` forms), [`typed`]
//! (typed 4-channel reads, writes and atomics on 1D, 2D and 3D images through their format), [`sampler`] (the
//! sampler-less `load`), [`media`] (2D media blocks, planes of NV12 surfaces), [`atomic`] (DWORD and SVM atomics), [`svm`] (SVM block/scattered, private
//! gather/scatter, `vload/vstore`, `gaddr`, `address.convert`), [`llvm_mem`] (`llvm.memcpy/memmove/memset`,
//! `llvm.masked.*`). This file holds what they share: the address space a BTI designates and the bounds rules.
//!
//! # Address spaces of a BTI-addressed message
//! - BTI 254 ([`SLM_BTI`]): the thread group's SLM, `ctx.slm`, bounded by its allocation; a kernel without SLM
//!   gets a fault naming that.
//! - BTI 255 ([`STATELESS_BTI`]): stateless, the message offset *is* the flat address (zero-extended; there is
//!   no general-state base in this memory model).
//! - any other BTI: the bound surface, `base + offset`; a linear message needs a `Buffer` surface, a media
//!   message an `Image2D` one.
//!
//! # Bounds (linear surfaces and SLM)
//! With [`BoundsPolicy::Report`] an access reaching outside the surface is a [`Fault::OutOfBounds`] whose
//! address is `surface base + offset` (as if the surface went on), whose `lane` is the SIMD lane (none for block
//! messages) and whose `nearest` names the surface and its extent. With [`BoundsPolicy::Hardware`] the
//! documented hardware behaviour applies byte by byte: out-of-bounds bytes read as zero, out-of-bounds bytes of
//! a write are dropped. Sources: vISA `OWORD_LD.md`, `OWORD_LD_UNALIGNED.md`, `GATHER_SCALED.md`,
//! `GATHER4_SCALED.md` ("Out-of-bound Access: On read: zeros are returned"), `OWORD_ST.md`, `DWORD_ATOMIC.md`
//! ("On write: data is dropped"), all in intel/intel-graphics-compiler `documentation/visa/instructions/`; and
//! cmlangspec.rst §4.5 "OWord Block Read/Write", "Scattered Read/Write" and §4.6 "SLM Block Read/Write"
//! ("Out-of-bound reads return zero, while out-of-bound writes are dropped"), intel/cm-compiler
//! `clang/compute_sdk/docs/cmlangspec/cmlangspec.rst`. Byte granularity makes the result independent of how a
//! pass splits or re-types a message. Stateless and SVM accesses have no surface to check against ("Behavior
//! for out-of-bounds SVM access is implementation-defined", vISA `SVM.md`): outside every allocation they always
//! fault, with the lane. Media blocks have their own rule (clamp on read, drop on write), see [`media`].
//!
//! # Conventions shared by the files
//! - Predicates: a disabled lane never touches memory; its result lane is the `old` operand's lane where the
//!   intrinsic has one and undef otherwise. An undef predicate lane, or an undef offset/address on an enabled
//!   lane, is [`Fault::Undefined`] (which memory would be touched is unknown). Undef message controls (BTI,
//!   global offset, block address) are undefined too.
//! - Data: bytes keep their definedness through memory; an undef data lane stores undef bytes.
//! - Offsets given as `i32` wrap modulo 2^32 when summed (`global + element`), as the 32-bit surface addressing
//!   of the hardware does; SVM addresses wrap modulo 2^64.
//! - Sizes and alignments the intrinsic definitions require (an oword load of 16·k bytes, a dword-aligned gather4
//!   address) are checked; violating them is [`Fault::Undefined`].
//!
//! Not handled (no table entry, so decoding marks a caller unsupported): `untyped.atomic.*`, `transpose.ld`, the
//! LSC family (`lsc.*`), the 3D sampler messages (`3d.*`; `sample`, `sample.unorm` and `avs` run through
//! [`sampler`]'s CPU sampler model), raw sends. Refused when executed ([`Fault::Unsupported`]): a non-zero `scale` operand, a typed message at a
//! non-zero LOD. Images carry a [`crate::format::SurfaceFormat`]: media blocks clamp by its element, typed and
//! sampler messages convert through it; buffers are bytes. When a message reaches an unbound index, the
//! [`Fault::Unbound`] names the [`crate::machine::SurfaceNeed`] (buffer, image of a format, media surface), and
//! the translation validator binds a surface of that kind (`validate::trial_surface`).

// `x % k != 0` rather than `is_multiple_of`: the workspace's rust-version (1.80) predates it.
#![allow(clippy::manual_is_multiple_of)]

use super::{lanes, scalar, SemFn};
use crate::machine::{BoundsPolicy, Call, Ctx, SurfaceKind, SLM_BTI, STATELESS_BTI};
use crate::memory::Fault;
use crate::value::{Elem, Lanes, Value};

pub(crate) mod atomic;
mod llvm_mem;
mod media;
pub(crate) mod sampler;
mod surface;
mod svm;
pub(crate) mod typed;

/// Every memory intrinsic, the family files' tables in one.
pub const TABLE: &[(&str, SemFn)] = &ALL;

const FILES: [&[(&str, SemFn)]; 7] =
    [surface::TABLE, media::TABLE, typed::TABLE, sampler::TABLE, atomic::TABLE, svm::TABLE, llvm_mem::TABLE];

const COUNT: usize = {
    let mut n = 0;
    let mut f = 0;
    while f < FILES.len() {
        n += FILES[f].len();
        f += 1;
    }
    n
};

const ALL: [(&str, SemFn); COUNT] = {
    let mut out: [(&str, SemFn); COUNT] = [("", placeholder as SemFn); COUNT];
    let (mut k, mut f) = (0, 0);
    while f < FILES.len() {
        let mut i = 0;
        while i < FILES[f].len() {
            out[k] = FILES[f][i];
            k += 1;
            i += 1;
        }
        f += 1;
    }
    out
};

/// Fills the table before it is assembled; never reachable through [`super::resolve`] (its name is empty).
fn placeholder(_: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    Err(Fault::Other(format!("{}: no semantics", call.name)))
}

// ---- where a message goes --------------------------------------------------------------------------------

/// The address space of a BTI-addressed linear message.
pub(crate) enum Target {
    /// A bounded region: a `Buffer` surface or the group's SLM. `what` names it in faults.
    Linear { base: u64, size: u64, what: String },
    /// Stateless: offsets are flat addresses.
    Flat,
}

/// The target of BTI `bti` for a linear (non-media) message.
pub(crate) fn target(ctx: &Ctx<'_>, call: &Call<'_>, bti: u32) -> Result<Target, Fault> {
    match bti {
        SLM_BTI => {
            let Some(base) = ctx.slm else {
                return Err(Fault::Other(format!(
                    "{}: access to SLM (BTI {SLM_BTI}) but the kernel has no SLM",
                    call.name
                )));
            };
            let size = ctx.memory.allocation(base).map_or(0, |a| a.bytes.len() as u64);
            Ok(Target::Linear { base, size, what: format!("SLM [0x{base:x}, 0x{:x})", base + size) })
        }
        STATELESS_BTI => Ok(Target::Flat),
        _ => {
            let surface = ctx.surface(bti)?;
            match surface.kind {
                SurfaceKind::Buffer { size } => Ok(Target::Linear {
                    base: surface.base,
                    size,
                    what: format!(
                        "surface {bti} '{}' [0x{:x}, 0x{:x})",
                        surface.name,
                        surface.base,
                        surface.base + size
                    ),
                }),
                _ => Err(Fault::Other(format!(
                    "{}: surface {bti} '{}' is an image; this message needs a buffer",
                    call.name, surface.name
                ))),
            }
        }
    }
}

/// The BTI operand `i`: an `i32` BTI, or (for the `.predef.surface` forms) a pointer to the predefined surface
/// variable, whose `i32` content (written by `write.predef.surface`) is the BTI.
pub(super) fn bti(ctx: &Ctx<'_>, call: &Call<'_>, i: usize) -> Result<u32, Fault> {
    let operand = lanes(call, i)?;
    if operand.undef[0] {
        return Err(Fault::Undefined(format!("{}: surface operand {i} is undef", call.name)));
    }
    if !matches!(operand.elem, Elem::Ptr(_)) {
        return Ok(operand.bits[0] as u32);
    }
    let (bytes, defined) = ctx.memory.read(operand.bits[0], 4)?;
    if defined.iter().any(|d| !d) {
        return Err(Fault::Undefined(format!(
            "{}: the predefined surface variable at 0x{:x} was never written",
            call.name, operand.bits[0]
        )));
    }
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// Bytes with their definedness.
pub(crate) type Bytes = (Vec<u8>, Vec<bool>);

/// Reads `len` bytes at `offset` of `target` under the bounds policy; `lane` names the SIMD lane in faults.
pub(crate) fn read(
    ctx: &Ctx<'_>,
    target: &Target,
    offset: u64,
    len: usize,
    lane: Option<usize>,
) -> Result<Bytes, Fault> {
    let with_lane = |fault: Fault| match lane {
        Some(l) => fault.at_lane(l),
        None => fault,
    };
    match target {
        Target::Flat => {
            let (bytes, defined) = ctx.memory.read(offset, len as u64).map_err(with_lane)?;
            Ok((bytes.to_vec(), defined.to_vec()))
        }
        Target::Linear { base, size, what } => {
            if offset.checked_add(len as u64).is_some_and(|end| end <= *size) {
                let (bytes, defined) = ctx.memory.read(base + offset, len as u64).map_err(with_lane)?;
                return Ok((bytes.to_vec(), defined.to_vec()));
            }
            if ctx.bounds == BoundsPolicy::Report {
                return Err(Fault::OutOfBounds {
                    address: base.wrapping_add(offset),
                    size: len as u64,
                    write: false,
                    lane,
                    nearest: Some(what.clone()),
                });
            }
            // Hardware: the in-bounds bytes are read, the others are zero.
            let mut out = (vec![0u8; len], vec![true; len]);
            for k in 0..len {
                let at = offset as u128 + k as u128;
                if at < *size as u128 {
                    let (b, d) = ctx.memory.read(base + at as u64, 1).map_err(with_lane)?;
                    out.0[k] = b[0];
                    out.1[k] = d[0];
                }
            }
            Ok(out)
        }
    }
}

/// Writes bytes at `offset` of `target` under the bounds policy.
pub(crate) fn write(
    ctx: &mut Ctx<'_>,
    target: &Target,
    offset: u64,
    bytes: &[u8],
    defined: &[bool],
    lane: Option<usize>,
) -> Result<(), Fault> {
    let with_lane = |fault: Fault| match lane {
        Some(l) => fault.at_lane(l),
        None => fault,
    };
    match target {
        Target::Flat => ctx.memory.write(offset, bytes, defined).map_err(with_lane),
        Target::Linear { base, size, what } => {
            let len = bytes.len();
            if offset.checked_add(len as u64).is_some_and(|end| end <= *size) {
                return ctx.memory.write(base + offset, bytes, defined).map_err(with_lane);
            }
            if ctx.bounds == BoundsPolicy::Report {
                return Err(Fault::OutOfBounds {
                    address: base.wrapping_add(offset),
                    size: len as u64,
                    write: true,
                    lane,
                    nearest: Some(what.clone()),
                });
            }
            // Hardware: out-of-bounds bytes are dropped.
            let in_bounds = (*size).saturating_sub(offset).min(len as u64) as usize;
            if in_bounds > 0 {
                ctx.memory.write(base + offset, &bytes[..in_bounds], &defined[..in_bounds]).map_err(with_lane)?;
            }
            Ok(())
        }
    }
}

// ---- operands ----------------------------------------------------------------------------------------------

/// The predicate operand `i` for `n` lanes (a scalar predicate applies to every lane); undef lanes are undefined
/// behaviour because whether they access memory is unknown.
pub(super) fn predicate(call: &Call<'_>, i: usize, n: usize) -> Result<Vec<bool>, Fault> {
    let p = lanes(call, i)?;
    if p.len() != n && p.len() != 1 {
        return Err(Fault::Other(format!("{}: predicate has {} lanes for {n} lanes", call.name, p.len())));
    }
    (0..n)
        .map(|lane| {
            let k = if p.len() == 1 { 0 } else { lane };
            if p.undef[k] {
                Err(Fault::Undefined(format!("{}: predicate lane {lane} is undef", call.name)))
            } else {
                Ok(p.bits[k] & 1 != 0)
            }
        })
        .collect()
}

/// Lane `lane` of an address or offset operand, which must be defined on an enabled lane.
pub(super) fn lane_value(call: &Call<'_>, l: &Lanes, lane: usize, what: &str) -> Result<u64, Fault> {
    if l.undef[lane] {
        return Err(Fault::Undefined(format!("{}: {what} of enabled lane {lane} is undef", call.name)));
    }
    Ok(l.bits[lane])
}

/// A defined scalar control operand, as `u32` (message controls are `i32`).
pub(super) fn control(call: &Call<'_>, i: usize) -> Result<u32, Fault> {
    Ok(scalar(call, i)? as u32)
}

/// Requires the `scale` operand `i` to be zero (the only value CM emits; the vISA documents contradict each
/// other on a non-zero scale, so it is not guessed).
pub(super) fn zero_scale(call: &Call<'_>, i: usize) -> Result<(), Fault> {
    match scalar(call, i)? {
        0 => Ok(()),
        s => Err(Fault::Unsupported(format!("{}: non-zero scale {s}", call.name))),
    }
}

/// The bytes of lane `i` (its store size), with definedness.
pub(super) fn lane_bytes(l: &Lanes, i: usize) -> Bytes {
    let width = l.elem.store_bytes();
    let bits = l.bits[i];
    ((0..width).map(|b| (bits >> (8 * b)) as u8).collect(), vec![!l.undef[i]; width])
}

/// Sets lane `i` of `out` from little-endian bytes (fewer bytes than the lane are zero-extended); the lane is
/// undef when any given byte is.
pub(super) fn set_lane(out: &mut Lanes, i: usize, bytes: &[u8], defined: &[bool]) {
    if defined.iter().any(|d| !d) {
        out.bits[i] = 0;
        out.undef[i] = true;
        return;
    }
    let mut bits = 0u64;
    for (b, &byte) in bytes.iter().enumerate().take(8) {
        bits |= (byte as u64) << (8 * b);
    }
    out.set(i, bits);
}

/// Copies lane `i` of `from` into `out` (used for the `old` value of disabled lanes).
pub(super) fn copy_lane(out: &mut Lanes, i: usize, from: &Lanes) {
    out.bits[i] = from.bits[i] & out.elem.mask();
    out.undef[i] = from.undef[i];
}

/// The operand `i` as a data vector whose lane count must be at least `n`.
pub(super) fn data<'a>(call: &'a Call<'_>, i: usize, n: usize) -> Result<&'a Lanes, Fault> {
    let l = lanes(call, i)?;
    if l.len() < n {
        return Err(Fault::Undefined(format!("{}: operand {i} has {} lanes, {n} needed", call.name, l.len())));
    }
    Ok(l)
}

/// The operand `i` as lanes of the call's result type (the `old` operand of a gather), checked against it.
pub(super) fn old<'a>(call: &'a Call<'_>, i: usize, n: usize) -> Result<&'a Lanes, Fault> {
    let l = lanes(call, i)?;
    if l.len() != n {
        return Err(Fault::Other(format!("{}: old value has {} lanes, result {n}", call.name, l.len())));
    }
    Ok(l)
}

#[cfg(test)]
mod tests {
    use super::TABLE;

    #[test]
    fn every_memory_intrinsic_is_listed_once_and_resolves_with_a_mangled_suffix() {
        let mut names: Vec<&str> = TABLE.iter().map(|(name, _)| *name).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name is listed twice");
        assert!(names.iter().all(|n| n.starts_with("llvm.")), "the placeholder leaked into the table");
        for (name, sem) in TABLE {
            let mangled = format!("{name}.v8i32.v8i1");
            let resolved = crate::intrinsics::resolve(&mangled).expect("resolves");
            assert_eq!(resolved as usize, *sem as usize, "{mangled} resolves to another entry");
        }
    }
}
