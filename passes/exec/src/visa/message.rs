//! vISA memory messages: OWord block, media block (planes included), scaled gather/scatter, untyped 4-channel,
//! DWORD atomics, SVM block/gather/scatter/atomics, typed 4-channel messages and typed atomics, the sampler-less
//! `load`, filtered sampling (`sample`, `sample_unorm`, `avs`).
//!
//! Each message is written from its page in `documentation/visa/instructions/` (igc-1.0.12504.6): operand roles
//! and order from the page's "Text" line, data layout from its "Semantics" pseudo-code. What the address space
//! of a surface variable is, and what happens at a surface's bounds, is the executor's one dataport model
//! ([`crate::intrinsics::mem`]: BTI 254 = the group's SLM, 255 = stateless, other indices the bound surfaces, the
//! [`crate::machine::BoundsPolicy`]); a media block goes through the same media model as `llvm.genx.media.ld/st`
//! (clamping at the edges of the 2D surface), so the IR and vISA levels agree on surfaces by construction and
//! differ only in what each level itself says.
//!
//! Layouts:
//! - `oword_ld/st (n) T off dst`: `16n` bytes at byte `16·off` (`OWORD_LD.md`: the offset is in owords);
//!   `oword_ld_unaligned`: the offset is in bytes. `svm_block_ld/st (n) addr`: `16n` bytes at a flat address.
//! - `gather_scaled.<b>`/`scatter_scaled.<b>` (`GATHER_SCALED.md`): channel `i` moves `b` ∈ {1,2,4} bytes at
//!   `off + offsets[i]`; each channel has a dword slot in the data operand, whose upper bytes a 1- or 2-byte
//!   gather leaves undefined.
//! - `gather4_scaled.<ch>`/`scatter4_scaled.<ch>` (`GATHER4_SCALED.md`): for each enabled channel `c` of RGBA
//!   (the `k`-th enabled one), lane `i` moves the dword at `off + offsets[i] + 4c`, stored at dword
//!   `k·max(exec_size, GRF/4) + i` of the data operand.
//! - `dword_atomic.<op> T offsets src0 src1 dst` (`DWORD_ATOMIC.md`) and `svm_atomic.<op> addrs dst src0 src1`
//!   (`SVM_ATOMIC.md`): per enabled lane in lane order, `old` read, `op(old, src0, src1)` written, `old` returned
//!   in `dst` (unless `%null`); `cmpxchg` writes `src0` when `old == src1`. The operation table is the one
//!   both levels share ([`crate::intrinsics::mem::atomic::apply`]).
//! - `svm_gather/svm_scatter.<bs>.<n>` (`SVM_GATHER.md`): 8-byte addresses; for `bs` 4 or 8, block `j` of lane
//!   `i` is element `j·exec_size + i`; for `bs` 1, lane `i`'s bytes start at byte `i·max(4, n)`.
//!
//! - `gather4_typed/scatter4_typed.<ch> T u v r lod data` (`GATHER4_TYPED.md`): for each enabled channel `c`
//!   (the `k`-th), lane `i` moves channel `c` of the element at (u[i], v[i], r[i]), at dword
//!   `k·max(exec_size, GRF/4) + i` of the data operand; `typed_atomic.<op> T u v r lod src0 src1 dst`
//!   (`TYPED_ATOMIC.md`) per lane as the DWORD atomics, on the element's 32 bits. Coordinates, conversion,
//!   bounds and formats are the IR executor's typed model ([`crate::intrinsics::mem::typed::TypedSurface`]);
//!   `%null` coordinates read 0.
//! - `load.<ch> (8|16) T u v r dst`: the sampler-less LOAD, channel-major as `gather4_typed` (the k-th enabled
//!   channel of lane i at dword `k·max(SIMD, GRF/4) + i`), each texel as [`crate::intrinsics::mem::sampler`]
//!   reads it (out of bounds undefined).
//!
//! - `sample`, `sample_unorm`, `avs`: filtered sampling through the CPU sampler model
//!   ([`crate::intrinsics::mem::sampler`], the IR executor's functions), with the state bound to the index the
//!   sampler variable holds; `sample` lays its channels out as `load`, `sample_unorm` and `avs` as their IR
//!   intrinsics do (the element order is the same bytes at both levels).
//!
//! Channels are enabled by the execution mask and the predicate; disabled lanes access nothing and leave the
//! destination unchanged (`sample_unorm` and `avs` ignore the mask, as AVS.md says). Not handled: `predec`,
//! 16-bit DWORD and typed atomics on the return path, `3d_sample`, `raw_send` (IGC emits none for this
//! project's kernels).

use super::exec::Thread;
use super::program::*;
use crate::intrinsics::mem::typed::{self, TypedSurface};
use crate::intrinsics::mem::{read, sampler, target, write, Target};
use crate::machine::{Call, Ctx};
use crate::memory::Fault;
use crate::value::{Elem, Lanes, Ty, Value};

/// A stand-in call naming the message in the shared dataport model's faults.
fn named<'a>(name: &'a str, ty: &'a Ty) -> Call<'a> {
    Call { name, ret: ty, arg_tys: &[], args: &[] }
}

const VOID: Ty = Ty::Void;

fn scalar_u64(t: &Thread<'_>, src: &Src, what: &str) -> Result<u64, Fault> {
    match t.src_lane(src, 0)? {
        Some(bits) => Ok(match Thread::lane_type(src).size() {
            1 => bits & 0xff,
            2 => bits & 0xffff,
            4 => bits & 0xffff_ffff,
            _ => bits,
        }),
        None => Err(Fault::Undefined(format!("{what} is undefined"))),
    }
}

/// Element `i` (of `size` bytes) of a raw operand, or `None` when undefined.
fn raw_elem(t: &Thread<'_>, raw: Raw, i: usize, size: usize) -> Result<Option<u64>, Fault> {
    let (bytes, defined) = t.read_bytes(raw.var, raw.offset as i64 + (i * size) as i64, size)?;
    if defined.iter().any(|d| !d) {
        return Ok(None);
    }
    Ok(Some(bytes.iter().enumerate().fold(0u64, |acc, (k, b)| acc | (*b as u64) << (8 * k))))
}

fn is_null(t: &Thread<'_>, raw: Raw) -> bool {
    t.kernel.is_null(raw.var)
}

pub(super) fn execute(t: &mut Thread<'_>, inst: &Inst, ctx: &mut Ctx<'_>) -> Result<(), Fault> {
    let call = named(message_name(&inst.op), &VOID);
    let lanes_on = |t: &Thread<'_>| t.enabled(inst);
    match &inst.op {
        Op::OwordLd { owords, unaligned, surface, offset, dst } => {
            let tgt = target(ctx, &call, t.bti(*surface)?)?;
            let off = scalar_u64(t, offset, "the offset")?;
            let byte = if *unaligned { off } else { off * 16 };
            let (bytes, defined) = read(ctx, &tgt, byte, *owords as usize * 16, None)?;
            t.write_bytes(dst.var, dst.offset as i64, &bytes, &defined)
        }
        Op::OwordSt { owords, surface, offset, src } => {
            let tgt = target(ctx, &call, t.bti(*surface)?)?;
            let byte = scalar_u64(t, offset, "the offset")? * 16;
            let (bytes, defined) = t.read_bytes(src.var, src.offset as i64, *owords as usize * 16)?;
            write(ctx, &tgt, byte, &bytes, &defined, None)
        }
        Op::SvmBlockLd { owords, address, dst } => {
            let addr = scalar_u64(t, address, "the address")?;
            let (bytes, defined) = read(ctx, &Target::Flat, addr, *owords as usize * 16, None)?;
            t.write_bytes(dst.var, dst.offset as i64, &bytes, &defined)
        }
        Op::SvmBlockSt { owords, address, src } => {
            let addr = scalar_u64(t, address, "the address")?;
            let (bytes, defined) = t.read_bytes(src.var, src.offset as i64, *owords as usize * 16)?;
            write(ctx, &Target::Flat, addr, &bytes, &defined, None)
        }
        Op::MediaLd { modifier, width, height, surface, plane, x, y, dst } => {
            let pitch = width.next_power_of_two().max(4) as usize;
            let total = pitch * *height as usize;
            let args = media_args(t, *modifier, *surface, *plane, *width, x, y)?;
            let ret = Ty::Vector(Elem::Int(8), total as u32);
            let arg_tys = vec![Ty::Scalar(Elem::Int(32)); 6];
            let sem = crate::intrinsics::resolve("llvm.genx.media.ld").ok_or_else(|| Fault::Other("no media model".into()))?;
            let value = sem(ctx, &Call { name: "media_ld", ret: &ret, arg_tys: &arg_tys, args: &args })?;
            let Value::Lanes(lanes) = value else { return Err(Fault::Other("media_ld: no bytes".into())) };
            let bytes: Vec<u8> = lanes.bits.iter().map(|b| *b as u8).collect();
            let defined: Vec<bool> = lanes.undef.iter().map(|u| !u).collect();
            t.write_bytes(dst.var, dst.offset as i64, &bytes, &defined)
        }
        Op::MediaSt { modifier, width, height, surface, plane, x, y, src } => {
            let pitch = width.next_power_of_two().max(4) as usize;
            let total = pitch * *height as usize;
            let mut args = media_args(t, *modifier, *surface, *plane, *width, x, y)?;
            let (bytes, defined) = t.read_bytes(src.var, src.offset as i64, total)?;
            let mut data = Lanes::new(Elem::Int(8), bytes.iter().map(|b| *b as u64).collect());
            data.undef = defined.iter().map(|d| !d).collect();
            args.push(Value::Lanes(data));
            let mut arg_tys = vec![Ty::Scalar(Elem::Int(32)); 6];
            arg_tys.push(Ty::Vector(Elem::Int(8), total as u32));
            let sem = crate::intrinsics::resolve("llvm.genx.media.st").ok_or_else(|| Fault::Other("no media model".into()))?;
            sem(ctx, &Call { name: "media_st", ret: &VOID, arg_tys: &arg_tys, args: &args })?;
            Ok(())
        }
        Op::GatherScaled { blocks, surface, offset, offsets, dst } | Op::ScatterScaled { blocks, surface, offset, offsets, src: dst } => {
            let load = matches!(inst.op, Op::GatherScaled { .. });
            let tgt = target(ctx, &call, t.bti(*surface)?)?;
            let base = scalar_u64(t, offset, "the global offset")?;
            let on = lanes_on(t)?;
            for (i, &enabled) in on.iter().enumerate() {
                if !enabled {
                    continue;
                }
                let Some(eoff) = raw_elem(t, *offsets, i, 4)? else {
                    return Err(Fault::Undefined(format!("element offset of lane {i} is undefined")));
                };
                let (at, slot) = (surface_offset(base + eoff), dst.offset as i64 + 4 * i as i64);
                if load {
                    // The lane's dword slot: `blocks` bytes read, the rest undefined.
                    let (mut bytes, mut defined) = read(ctx, &tgt, at, *blocks as usize, Some(i))?;
                    bytes.resize(4, 0);
                    defined.resize(4, false);
                    t.write_bytes(dst.var, slot, &bytes, &defined)?;
                } else {
                    let (bytes, defined) = t.read_bytes(dst.var, slot, *blocks as usize)?;
                    write(ctx, &tgt, at, &bytes, &defined, Some(i))?;
                }
            }
            Ok(())
        }
        Op::Gather4Scaled { mask, surface, offset, offsets, dst } | Op::Scatter4Scaled { mask, surface, offset, offsets, src: dst } => {
            let load = matches!(inst.op, Op::Gather4Scaled { .. });
            let tgt = target(ctx, &call, t.bti(*surface)?)?;
            let base = scalar_u64(t, offset, "the global offset")?;
            let on = lanes_on(t)?;
            let n = inst.exec.size as usize;
            let stride = n.max(t.kernel.grf_bytes as usize / 4);
            let mut k = 0;
            for c in 0..4 {
                if mask & (1 << c) == 0 {
                    continue;
                }
                for (i, &enabled) in on.iter().enumerate() {
                    if !enabled {
                        continue;
                    }
                    let Some(eoff) = raw_elem(t, *offsets, i, 4)? else {
                        return Err(Fault::Undefined(format!("element offset of lane {i} is undefined")));
                    };
                    let at = surface_offset(base + eoff + 4 * c as u64);
                    let slot = dst.offset as i64 + 4 * (k * stride + i) as i64;
                    if load {
                        let (bytes, defined) = read(ctx, &tgt, at, 4, Some(i))?;
                        t.write_bytes(dst.var, slot, &bytes, &defined)?;
                    } else {
                        let (bytes, defined) = t.read_bytes(dst.var, slot, 4)?;
                        write(ctx, &tgt, at, &bytes, &defined, Some(i))?;
                    }
                }
                k += 1;
            }
            Ok(())
        }
        Op::DwordAtomic { op, bits, surface, offsets, src0, src1, dst } => {
            let tgt = target(ctx, &call, t.bti(*surface)?)?;
            atomic(t, inst, ctx, *op, *bits, Some(tgt), *offsets, *src0, *src1, *dst)
        }
        Op::SvmAtomic { op, bits, addresses, dst, src0, src1 } => {
            atomic(t, inst, ctx, *op, *bits, None, *addresses, *src0, *src1, *dst)
        }
        Op::SvmGather { block_size, blocks, addresses, dst } | Op::SvmScatter { block_size, blocks, addresses, src: dst } => {
            let load = matches!(inst.op, Op::SvmGather { .. });
            let on = lanes_on(t)?;
            let n = inst.exec.size as usize;
            let (bs, nb) = (*block_size as usize, *blocks as usize);
            for (i, &enabled) in on.iter().enumerate() {
                if !enabled {
                    continue;
                }
                let Some(addr) = raw_elem(t, *addresses, i, 8)? else {
                    return Err(Fault::Undefined(format!("address of lane {i} is undefined")));
                };
                for j in 0..nb {
                    let (at, slot, size) = if bs == 1 {
                        (addr + j as u64, (i * nb.max(4) + j) as i64, 1)
                    } else {
                        (addr + (j * bs) as u64, ((j * n + i) * bs) as i64, bs)
                    };
                    let slot = dst.offset as i64 + slot;
                    if load {
                        let (bytes, defined) = read(ctx, &Target::Flat, at, size, Some(i))?;
                        t.write_bytes(dst.var, slot, &bytes, &defined)?;
                    } else {
                        let (bytes, defined) = t.read_bytes(dst.var, slot, size)?;
                        write(ctx, &Target::Flat, at, &bytes, &defined, Some(i))?;
                    }
                }
            }
            Ok(())
        }
        Op::Gather4Typed { mask, surface, coords, dst } | Op::Scatter4Typed { mask, surface, coords, src: dst } => {
            let load = matches!(inst.op, Op::Gather4Typed { .. });
            let name = if load { "gather4_typed" } else { "scatter4_typed" };
            let image = TypedSurface::of(ctx, name, t.bti(*surface)?, typed::TRIAL_FORMAT)?;
            let on = lanes_on(t)?;
            let stride = (inst.exec.size as usize).max(t.kernel.grf_bytes as usize / 4);
            let mut k = 0;
            for c in (0..4).filter(|c| mask & (1 << c) != 0) {
                for (i, _) in on.iter().enumerate().filter(|(_, on)| **on) {
                    let (at, lod) = typed_coords(t, coords, i)?;
                    let slot = dst.offset as i64 + 4 * (k * stride + i) as i64;
                    if load {
                        let (values, defined) = image.load(ctx, name, at, lod, i)?;
                        t.write_bytes(dst.var, slot, &values[c].to_le_bytes(), &[defined; 4])?;
                    } else {
                        let (bytes, defined) = t.read_bytes(dst.var, slot, 4)?;
                        let mut channels = [None; 4];
                        channels[c] = Some(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]));
                        image.store(ctx, name, at, lod, channels, defined.iter().any(|d| !d), i)?;
                    }
                }
                k += 1;
            }
            Ok(())
        }
        Op::TypedAtomic { op, bits, surface, coords, src0, src1, dst } => {
            if *bits != 32 {
                return Err(Fault::Unsupported("typed_atomic.16 (16-bit typed atomics)".to_string()));
            }
            let code = atomic_code(*op)?;
            let image = TypedSurface::of(ctx, "typed_atomic", t.bti(*surface)?, typed::TRIAL_ATOMIC_FORMAT)?;
            let count = crate::intrinsics::mem::atomic::sources(code);
            for (i, _) in lanes_on(t)?.iter().enumerate().filter(|(_, on)| **on) {
                let (at, lod) = typed_coords(t, coords, i)?;
                let source = |t: &Thread<'_>, k: usize, raw: Raw| -> Result<(u64, bool), Fault> {
                    if k >= count {
                        return Ok((0, false));
                    }
                    Ok(raw_elem(t, raw, i, 4)?.map_or((0, true), |v| (v, false)))
                };
                let (s0, s1) = (source(t, 0, *src0)?, source(t, 1, *src1)?);
                let old = image.atomic(ctx, "typed_atomic", code, at, lod, s0, s1, i)?;
                if !is_null(t, *dst) {
                    let slot = dst.offset as i64 + 4 * i as i64;
                    t.write_bytes(dst.var, slot, &old.unwrap_or(0).to_le_bytes(), &[old.is_some(); 4])?;
                }
            }
            Ok(())
        }
        Op::SamplerLoad { mask, surface, coords, dst } => {
            let image = TypedSurface::of(ctx, "load", t.bti(*surface)?, typed::TRIAL_FORMAT)?;
            let stride = (inst.exec.size as usize).max(t.kernel.grf_bytes as usize / 4);
            for (i, _) in lanes_on(t)?.iter().enumerate().filter(|(_, on)| **on) {
                let (at, _) = typed_coords(t, &[coords[0], coords[1], coords[2], coords[2]], i)?;
                let texel = sampler::texel(ctx, "load", &image, at, i)?;
                for (k, c) in (0..4).filter(|c| mask & (1 << c) != 0).enumerate() {
                    let value = texel.map_or(0, |v| v[c]);
                    let slot = dst.offset as i64 + 4 * (k * stride + i) as i64;
                    t.write_bytes(dst.var, slot, &value.to_le_bytes(), &[texel.is_some(); 4])?;
                }
            }
            Ok(())
        }
        Op::Sample { mask, sampler, surface, coords, dst } => {
            let state = ctx.sampler(t.bti(*sampler)?);
            let image = TypedSurface::of(ctx, "sample", t.bti(*surface)?, typed::TRIAL_FORMAT)?;
            let stride = (inst.exec.size as usize).max(t.kernel.grf_bytes as usize / 4);
            for (i, _) in lanes_on(t)?.iter().enumerate().filter(|(_, on)| **on) {
                let mut at = [0f32; 3];
                for (k, raw) in coords.iter().enumerate() {
                    let Some(bits) = raw_elem(t, *raw, i, 4)? else {
                        return Err(Fault::Undefined(format!("{} of lane {i} is undefined", ["u", "v", "r"][k])));
                    };
                    at[k] = f32::from_bits(bits as u32);
                }
                let values = sampler::filtered(ctx, "sample", &image, state, at, i)?;
                for (k, c) in (0..4).filter(|c| mask & (1 << c) != 0).enumerate() {
                    let value = values.map_or(0, |v| v[c].to_bits());
                    let slot = dst.offset as i64 + 4 * (k * stride + i) as i64;
                    t.write_bytes(dst.var, slot, &value.to_le_bytes(), &[values.is_some(); 4])?;
                }
            }
            Ok(())
        }
        Op::SampleUnorm { mask, format: _, sampler, surface, coords, dst } => {
            let state = ctx.sampler(t.bti(*sampler)?);
            let image = sampler::unorm_image(ctx, "sample_unorm", t.bti(*surface)?)?;
            let mut at = [0f32; 4];
            for (k, src) in coords.iter().enumerate() {
                at[k] = f32::from_bits(scalar_u64(t, src, ["u", "v", "delta_u", "delta_v"][k])? as u32);
            }
            for p in 0..32 {
                let values = sampler::filtered(ctx, "sample_unorm", &image, state, sampler::unorm_pixel([at[0], at[1]], [at[2], at[3]], p), p)?;
                for (k, c) in (0..4).filter(|c| mask & (1 << c) != 0).enumerate() {
                    let word = values.map_or(0, |v| sampler::unorm16(&image, v[c]));
                    let slot = dst.offset as i64 + 2 * (32 * k + p) as i64;
                    t.write_bytes(dst.var, slot, &word.to_le_bytes(), &[values.is_some(); 2])?;
                }
            }
            Ok(())
        }
        Op::Avs { mask, format, mode, sampler, surface, scalars, dst } => {
            let names = ["u", "v", "delta_u", "delta_v", "u2d", "vertical_block", "v2d"];
            let mut values = [0u32; 7];
            for (k, src) in scalars.iter().enumerate() {
                values[k] = scalar_u64(t, src, names[k])? as u32;
            }
            let float = |k: usize| f32::from_bits(values[k]);
            let block = sampler::AvsBlock {
                mask: *mask,
                origin: [float(0), float(1)],
                delta: [float(2), float(3)],
                u2d: float(4),
                v2d: float(6),
                vblock: values[5],
                format: *format,
                mode: *mode,
            };
            let state = ctx.sampler(t.bti(*sampler)?);
            let (bytes, elements) = sampler::avs(ctx, "avs", t.bti(*surface)?, state, &block)?;
            for (i, element) in elements.iter().enumerate() {
                let value = element.unwrap_or(0).to_le_bytes();
                let slot = dst.offset as i64 + (bytes * i) as i64;
                t.write_bytes(dst.var, slot, &value[..bytes], &vec![element.is_some(); bytes])?;
            }
            Ok(())
        }
        _ => Err(Fault::Other("not a message".to_string())),
    }
}

/// Lane `i`'s coordinates (u, v, r) and LOD from the raw operands of a typed message (`%null` reads 0).
fn typed_coords(t: &Thread<'_>, coords: &[Raw; 4], i: usize) -> Result<([u32; 3], u32), Fault> {
    let mut out = [0u32; 4];
    for (k, raw) in coords.iter().enumerate() {
        if is_null(t, *raw) {
            continue;
        }
        let Some(value) = raw_elem(t, *raw, i, 4)? else {
            return Err(Fault::Undefined(format!("{} of lane {i} is undefined", ["u", "v", "r", "the LOD"][k])));
        };
        out[k] = value as u32;
    }
    Ok(([out[0], out[1], out[2]], out[3]))
}

/// The shared atomic operation code ([`crate::intrinsics::mem::atomic::apply`]) of a vISA atomic operation.
fn atomic_code(op: AtomicOp) -> Result<u8, Fault> {
    use crate::intrinsics::mem::atomic as a;
    Ok(match op {
        AtomicOp::Add => a::ADD,
        AtomicOp::Sub => a::SUB,
        AtomicOp::Inc => a::INC,
        AtomicOp::Dec => a::DEC,
        AtomicOp::Min => a::MIN,
        AtomicOp::Max => a::MAX,
        AtomicOp::Xchg => a::XCHG,
        AtomicOp::Cmpxchg => a::CMPXCHG,
        AtomicOp::And => a::AND,
        AtomicOp::Or => a::OR,
        AtomicOp::Xor => a::XOR,
        AtomicOp::Imin => a::IMIN,
        AtomicOp::Imax => a::IMAX,
        AtomicOp::Fmax => a::FMAX,
        AtomicOp::Fmin => a::FMIN,
        AtomicOp::Fcmpwr => a::FCMPWR,
        AtomicOp::Fadd => a::FADD,
        AtomicOp::Fsub => a::FSUB,
        AtomicOp::Predec => return Err(Fault::Unsupported("atomic predec".to_string())),
    })
}

/// Surface offsets are 32-bit (`UD`): the sum of the global and element offsets wraps.
fn surface_offset(offset: u64) -> u64 {
    offset & 0xffff_ffff
}

/// The message's mnemonic, for faults.
fn message_name(op: &Op) -> &'static str {
    match op {
        Op::OwordLd { unaligned: false, .. } => "oword_ld",
        Op::OwordLd { unaligned: true, .. } => "oword_ld_unaligned",
        Op::OwordSt { .. } => "oword_st",
        Op::GatherScaled { .. } => "gather_scaled",
        Op::ScatterScaled { .. } => "scatter_scaled",
        Op::Gather4Scaled { .. } => "gather4_scaled",
        Op::Scatter4Scaled { .. } => "scatter4_scaled",
        Op::DwordAtomic { .. } => "dword_atomic",
        _ => "message",
    }
}

fn media_args(t: &Thread<'_>, modifier: u32, surface: VarId, plane: u32, width: u32, x: &Src, y: &Src) -> Result<Vec<Value>, Fault> {
    let i32v = |v: u64| Value::scalar(Elem::Int(32), v & 0xffff_ffff);
    Ok(vec![
        i32v(modifier as u64),
        i32v(t.bti(surface)? as u64),
        i32v(plane as u64),
        i32v(width as u64),
        i32v(scalar_u64(t, x, "the x offset")?),
        i32v(scalar_u64(t, y, "the y offset")?),
    ])
}

#[allow(clippy::too_many_arguments)]
fn atomic(
    t: &mut Thread<'_>,
    inst: &Inst,
    ctx: &mut Ctx<'_>,
    op: AtomicOp,
    bits: u32,
    surface: Option<Target>,
    places: Raw,
    src0: Raw,
    src1: Raw,
    dst: Raw,
) -> Result<(), Fault> {
    let code = atomic_code(op)?;
    let float = matches!(op, AtomicOp::Fmax | AtomicOp::Fmin | AtomicOp::Fcmpwr | AtomicOp::Fadd | AtomicOp::Fsub);
    let elem = match (float, bits) {
        (true, 16) => Elem::Half,
        (true, _) => Elem::Float,
        (false, b) => Elem::Int(b as u8),
    };
    let size = (bits / 8) as usize;
    // Per-lane operands: SVM addresses are 8 bytes; DWORD offsets, sources and results take dword slots
    // (16-bit atomics use the low word of each dword); 64-bit SVM atomics take qword slots.
    let slot = size.max(4);
    let place_size = if surface.is_some() { 4 } else { 8 };
    let sources = match op {
        AtomicOp::Inc | AtomicOp::Dec => 0,
        AtomicOp::Cmpxchg | AtomicOp::Fcmpwr => 2,
        _ => 1,
    };
    let on = t.enabled(inst)?;
    for (i, &enabled) in on.iter().enumerate() {
        if !enabled {
            continue;
        }
        let Some(place) = raw_elem(t, places, i, place_size)? else {
            return Err(Fault::Undefined(format!("address of lane {i} is undefined")));
        };
        let tgt = surface.as_ref().unwrap_or(&Target::Flat);
        let (old_bytes, old_defined) = read(ctx, tgt, place, size, Some(i))?;
        let old = old_bytes.iter().enumerate().fold(0u64, |acc, (k, b)| acc | (*b as u64) << (8 * k));
        let old_ok = old_defined.iter().all(|&d| d);
        let s0 = if sources >= 1 { raw_elem(t, src0, i, slot)? } else { Some(0) };
        let s1 = if sources >= 2 { raw_elem(t, src1, i, slot)? } else { Some(0) };
        let new = match (s0, s1) {
            (Some(a), Some(b)) if old_ok || op == AtomicOp::Xchg => {
                Some(crate::intrinsics::mem::atomic::apply(code, elem, old, a & mask(bits), b & mask(bits)))
            }
            _ => None,
        };
        let (new_bytes, new_defined) = match new {
            Some(v) => (v.to_le_bytes()[..size].to_vec(), vec![true; size]),
            None => (vec![0; size], vec![false; size]),
        };
        write(ctx, tgt, place, &new_bytes, &new_defined, Some(i))?;
        if !is_null(t, dst) {
            let mut bytes = old_bytes.clone();
            let mut defined = old_defined.clone();
            bytes.resize(slot, 0);
            defined.resize(slot, old_ok);
            t.write_bytes(dst.var, dst.offset as i64 + (i * slot) as i64, &bytes, &defined)?;
        }
    }
    Ok(())
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}
