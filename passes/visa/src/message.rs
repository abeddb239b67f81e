//! The per-lane memory messages, synchronisation and surface moves of vISA: their IR ([`Message`]), their
//! `.visaasm` text and their verification rules.
//!
//! # Why a module of its own
//! The block messages (oword, media, SVM block) live in [`crate::Inst`] directly; every message whose lanes
//! address memory separately (scaled gather/scatter, untyped 4-channel, typed, DWORD and SVM atomics, SVM
//! gather/scatter) shares one shape: an execution size and mask, an optional predicate, a raw address payload
//! and raw data operands. They are one [`crate::Inst::Message`] variant here, so their printing and checks sit
//! next to their definitions.
//!
//! # Text (IGC igc-1.0.12504.6 `documentation/visa/instructions/*.md`, the `## Text` sections)
//! * `[(P)] gather_scaled.<blocks> (M, n) T offset offsets dst`, `scatter_scaled.<blocks> ... src`;
//! * `[(P)] gather4_scaled.<RGBA> (M, n) T offset offsets dst`, `scatter4_scaled.<RGBA> ... src`;
//! * `[(P)] gather4_typed.<RGBA> (M, n) T u v r lod dst`, `scatter4_typed.<RGBA> (M, n) T u v r lod src`;
//! * `[(P)] dword_atomic.<op> (M, n) T offsets src0 src1 dst`;
//! * `[(P)] typed_atomic.<op> (M, n) T u v r lod src0 src1 dst`;
//! * `[(P)] svm_gather.<block bytes>.<blocks> (M, n) addresses dst`, `svm_scatter... src`;
//! * `[(P)] svm_atomic.<op>[.64] (M, n) addresses dst src0 src1`;
//! * `sample.<RGBA> (n) S T u v r dst` (`SAMPLE.md`: normalized coordinates through sampler S),
//!   `load.<RGBA> (n) T u v r dst` (`LOAD.md`: integer coordinates, no sampler), n 8 or 16, no predicate;
//! * `sample_unorm.<RGBA>.<format> S T u v delta_u delta_v dst` (`SAMPLE_UNORM.md`: a block of pixels from a
//!   scalar origin and steps, 16- or 8-bit unorm, full or downsampled);
//! * `avs.<RGBA> T S u v delta_u delta_v u2d group_id vertical_block <format> v2d <mode> ief_bypass dst`
//!   (`AVS.md`; note the surface before the sampler, as IGC's `-mdump_asm` prints it and GenX_IR parses it;
//!   `<format>` is `AVS_16_FULL`, `AVS_16_DOWN_SAMPLE`, `AVS_8_FULL` or `AVS_8_DOWN_SAMPLE`, `<mode>`
//!   `AVS_16x4` or `AVS_16x8`: the text form has no name for the 8x4 and 4x4 modes);
//! * `barrier`, `fence_global.<flags>` / `fence_local.<flags>` / `fence_sw`;
//! * `movs (M1, 1) T(0) index`: a surface variable bound to a constant binding-table index (a sampler
//!   variable `S(0)` to a sampler index);
//! * `movs (M1_NM, 1) V(0,0)<1> T(0)`: the index a surface or sampler variable holds, into a general variable
//!   (`MOVS.md`: a general destination takes the state operand's index).
//!
//! An absent raw operand (an atomic without sources, an unused typed coordinate, a discarded atomic result)
//! prints as `%null.0`, vISA's null variable.
//!
//! # Verified
//! Execution size 1..=32 (a power of two; DWORD atomics 1, 2, 4, 8 or 16, typed messages 8 or 16, typed
//! atomics 8, SVM messages at most 16 and SVM atomics at most 8), block counts and channel masks in range, surfaces are surface variables, every raw operand starts a
//! GRF of a GRF-aligned variable and holds what the message reads or writes (the data of a channel of a 4-channel
//! message takes a whole GRF when the lanes fill less), the predicate covers the lanes, atomic operation names
//! are vISA's with their source counts.

use crate::ir::{Category, Exec, Operand, Pred, Raw, VarId};

/// A vISA atomic operation and the sources it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtomicOp {
    /// vISA's spelling (`add`, `minsint`, `cmpxchg`, `fcmpwr`, ...).
    pub name: &'static str,
    pub sources: u32,
}

/// Every atomic operation of `DWORD_ATOMIC.md` and `SVM_ATOMIC.md` and its number of sources.
pub static ATOMIC_OPS: &[AtomicOp] = &[
    AtomicOp { name: "add", sources: 1 },
    AtomicOp { name: "sub", sources: 1 },
    AtomicOp { name: "inc", sources: 0 },
    AtomicOp { name: "dec", sources: 0 },
    AtomicOp { name: "min", sources: 1 },
    AtomicOp { name: "max", sources: 1 },
    AtomicOp { name: "xchg", sources: 1 },
    AtomicOp { name: "cmpxchg", sources: 2 },
    AtomicOp { name: "and", sources: 1 },
    AtomicOp { name: "or", sources: 1 },
    AtomicOp { name: "xor", sources: 1 },
    AtomicOp { name: "minsint", sources: 1 },
    AtomicOp { name: "maxsint", sources: 1 },
    AtomicOp { name: "fmax", sources: 1 },
    AtomicOp { name: "fmin", sources: 1 },
    AtomicOp { name: "fcmpwr", sources: 2 },
    AtomicOp { name: "fadd", sources: 1 },
    AtomicOp { name: "fsub", sources: 1 },
];

/// The atomic operation vISA spells `name`.
pub fn atomic_op(name: &str) -> Option<&'static AtomicOp> {
    ATOMIC_OPS.iter().find(|op| op.name == name)
}

/// Which memory a fence orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenceKind {
    /// Surfaces and SVM (`fence_global`).
    Global,
    /// Shared local memory only (`fence_local`).
    Local,
    /// A scheduling barrier only, no fence instruction (`fence_sw`).
    Software,
}

/// One message (or synchronisation) instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// `gather_scaled` / `scatter_scaled`: `blocks` (1, 2 or 4) bytes per lane at `offset + offsets[i]`, each
    /// lane's data in a dword of `data`.
    Scaled {
        store: bool,
        blocks: u32,
        exec: Exec,
        pred: Option<Pred>,
        surface: VarId,
        offset: Operand,
        offsets: Raw,
        data: Raw,
    },
    /// `gather4_scaled` / `scatter4_scaled` (untyped surface read/write): the enabled channels (`channels`,
    /// bit 0 = R) of four consecutive dwords per lane, channel by channel in `data`.
    Scaled4 {
        store: bool,
        channels: u32,
        exec: Exec,
        pred: Option<Pred>,
        surface: VarId,
        offset: Operand,
        offsets: Raw,
        data: Raw,
    },
    /// `gather4_typed` / `scatter4_typed`: the enabled channels of the pixel at (u, v, r, lod) per lane; an
    /// absent coordinate is `%null`.
    Typed4 {
        store: bool,
        channels: u32,
        exec: Exec,
        pred: Option<Pred>,
        surface: VarId,
        coords: [Option<Raw>; 4],
        data: Raw,
    },
    /// `dword_atomic.<op>`: per lane, `op` on the dword at `offsets[i]`; the old value into `dst` (or nowhere).
    DwordAtomic {
        op: &'static str,
        exec: Exec,
        pred: Option<Pred>,
        surface: VarId,
        offsets: Raw,
        srcs: [Option<Raw>; 2],
        dst: Option<Raw>,
    },
    /// `typed_atomic.<op>`: per lane, `op` on the pixel at (u, v, r, lod) of a typed surface.
    TypedAtomic {
        op: &'static str,
        exec: Exec,
        pred: Option<Pred>,
        surface: VarId,
        coords: [Option<Raw>; 4],
        srcs: [Option<Raw>; 2],
        dst: Option<Raw>,
    },
    /// `svm_gather` / `svm_scatter`: `blocks` blocks of `block_bytes` (1, 4 or 8) bytes per lane at the 64-bit
    /// `addresses[i]`.
    SvmScattered { store: bool, block_bytes: u32, blocks: u32, exec: Exec, pred: Option<Pred>, addresses: Raw, data: Raw },
    /// `svm_atomic.<op>`: `bits` (32 or 64) wide.
    SvmAtomic {
        op: &'static str,
        bits: u32,
        exec: Exec,
        pred: Option<Pred>,
        addresses: Raw,
        srcs: [Option<Raw>; 2],
        dst: Option<Raw>,
    },
    /// `sample` (with a sampler: normalized float coordinates) or `load` (none: integer coordinates): the
    /// enabled channels of the texel at (u, v, r) per lane, channel-major in `dst` (each channel from a GRF).
    Sampler { sampler: Option<VarId>, channels: u32, lanes: u32, surface: VarId, coords: [Raw; 3], dst: Raw },
    /// `sample_unorm`: the enabled channels of a block of pixels at (u, v) stepping by (delta_u, delta_v), in
    /// output format `format` (0 16-bit full, 1 16-bit downsampled, 2 8-bit full, 3 8-bit downsampled).
    SampleUnorm { channels: u32, format: u32, sampler: VarId, surface: VarId, coords: [Operand; 4], dst: Raw },
    /// `avs`: the adaptive video scaler's block of pixels, [`AVS_MODES`]`[mode]`, in output format
    /// [`AVS_FORMATS`]`[format]`. `coords` are u, v, delta_u, delta_v, u2d and v2d (scalar floats), `block` the
    /// group id and vertical block number (scalar dwords), `ief_bypass` a scalar byte.
    Avs {
        channels: u32,
        format: u32,
        mode: u32,
        sampler: VarId,
        surface: VarId,
        coords: [Operand; 6],
        block: [Operand; 2],
        ief_bypass: Operand,
        dst: Raw,
    },
    /// `barrier`: every thread of the group waits here.
    Barrier,
    /// `sbarrier.signal` / `sbarrier.wait`: the two halves of the split barrier (the wait is where the group meets).
    SplitBarrier { signal: bool },
    /// A memory fence; `flags` are the mask's cache bits (bit 0 commit enable, 1 instruction, 2 sampler,
    /// 3 constant, 4 read-write, 6 L1).
    Fence { kind: FenceKind, flags: u32 },
    /// `movs (M1, 1) T(0) index`: a surface (or a sampler, `S(0)`) bound to a constant index.
    BindSurface { surface: VarId, index: u32 },
    /// `movs (M1_NM, 1) V(0,0)<1> T(0)`: the index of surface or sampler `state` into the dword `dst`.
    ReadStateIndex { dst: VarId, state: VarId },
}

/// `R`, `RG`, `RGBA`, ... of a channel mask (bit 0 = R).
pub fn channel_letters(mask: u32) -> String {
    "RGBA".chars().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, c)| c).collect()
}

/// `sample_unorm`'s output formats by their code (`SAMPLE_UNORM.md`'s channel output format).
pub const UNORM_FORMATS: [&str; 4] = ["16-full", "16-downsampled", "8-full", "8-downsampled"];

/// `avs`'s output formats by their code (`AVS.md`'s cntrl: 16-bit full, 16-bit chrominance downsampled,
/// 8-bit full, 8-bit chrominance downsampled).
pub const AVS_FORMATS: [&str; 4] = ["AVS_16_FULL", "AVS_16_DOWN_SAMPLE", "AVS_8_FULL", "AVS_8_DOWN_SAMPLE"];

/// `avs`'s execution modes by their code (`AVS.md`'s execMode), where the `.visaasm` text names them: 0 is
/// 16x4 and 2 is 16x8; 1 (8x4) and 3 (4x4) have no name in the text form.
pub const AVS_MODES: [Option<&str>; 4] = [Some("AVS_16x4"), None, Some("AVS_16x8"), None];

/// The bytes `avs` writes for `channels` enabled channels in output format `format` and mode `mode` (16x4 or
/// 16x8): per channel one byte or word per pixel (AVS.md's Notes: each enabled channel's pixels in turn, 16x8
/// delivering a second block of 64 pixels after the first).
pub fn avs_response_bytes(channels: u32, format: u32, mode: u32) -> u32 {
    let pixels = if mode == 2 { 128 } else { 64 };
    let bytes_per_pixel = if format >= 2 { 1 } else { 2 };
    channels.count_ones() * pixels * bytes_per_pixel
}

/// The fence's mnemonic with its flags (`fence_global.E`, `fence_local.ER`, `fence_sw`).
pub fn fence_text(kind: FenceKind, flags: u32) -> String {
    let base = match kind {
        FenceKind::Global => "fence_global",
        FenceKind::Local => "fence_local",
        FenceKind::Software => return "fence_sw".to_string(),
    };
    let letters: String = [(0, "E"), (1, "I"), (2, "S"), (3, "C"), (4, "R"), (6, "L1")]
        .iter()
        .filter(|(bit, _)| flags >> bit & 1 == 1)
        .map(|(_, letter)| *letter)
        .collect();
    if letters.is_empty() {
        base.to_string()
    } else {
        format!("{base}.{letters}")
    }
}

/// The operations the printer needs from its caller: names and operand spellings.
pub(crate) trait Spell {
    fn name(&self, var: VarId) -> &str;
    fn exec(&self, exec: &Exec) -> String;
    fn pred(&self, pred: &Option<Pred>) -> String;
    fn operand(&self, operand: &Operand) -> String;
    fn raw(&self, raw: &Raw) -> String;
}

fn raw_or_null(p: &impl Spell, raw: &Option<Raw>) -> String {
    raw.as_ref().map_or_else(|| "%null.0".to_string(), |raw| p.raw(raw))
}

/// The text of a message.
pub(crate) fn print(p: &impl Spell, message: &Message) -> String {
    match message {
        Message::Scaled { store, blocks, exec, pred, surface, offset, offsets, data } => format!(
            "{}{}.{blocks} {} {} {} {} {}",
            p.pred(pred),
            if *store { "scatter_scaled" } else { "gather_scaled" },
            p.exec(exec),
            p.name(*surface),
            p.operand(offset),
            p.raw(offsets),
            p.raw(data)
        ),
        Message::Scaled4 { store, channels, exec, pred, surface, offset, offsets, data } => format!(
            "{}{}.{} {} {} {} {} {}",
            p.pred(pred),
            if *store { "scatter4_scaled" } else { "gather4_scaled" },
            channel_letters(*channels),
            p.exec(exec),
            p.name(*surface),
            p.operand(offset),
            p.raw(offsets),
            p.raw(data)
        ),
        Message::Typed4 { store, channels, exec, pred, surface, coords, data } => format!(
            "{}{}.{} {} {} {} {} {} {} {}",
            p.pred(pred),
            if *store { "scatter4_typed" } else { "gather4_typed" },
            channel_letters(*channels),
            p.exec(exec),
            p.name(*surface),
            raw_or_null(p, &coords[0]),
            raw_or_null(p, &coords[1]),
            raw_or_null(p, &coords[2]),
            raw_or_null(p, &coords[3]),
            p.raw(data)
        ),
        Message::DwordAtomic { op, exec, pred, surface, offsets, srcs, dst } => format!(
            "{}dword_atomic.{op} {} {} {} {} {} {}",
            p.pred(pred),
            p.exec(exec),
            p.name(*surface),
            p.raw(offsets),
            raw_or_null(p, &srcs[0]),
            raw_or_null(p, &srcs[1]),
            raw_or_null(p, dst)
        ),
        Message::TypedAtomic { op, exec, pred, surface, coords, srcs, dst } => format!(
            "{}typed_atomic.{op} {} {} {} {} {} {} {} {} {}",
            p.pred(pred),
            p.exec(exec),
            p.name(*surface),
            raw_or_null(p, &coords[0]),
            raw_or_null(p, &coords[1]),
            raw_or_null(p, &coords[2]),
            raw_or_null(p, &coords[3]),
            raw_or_null(p, &srcs[0]),
            raw_or_null(p, &srcs[1]),
            raw_or_null(p, dst)
        ),
        Message::SvmScattered { store, block_bytes, blocks, exec, pred, addresses, data } => format!(
            "{}{}.{block_bytes}.{blocks} {} {} {}",
            p.pred(pred),
            if *store { "svm_scatter" } else { "svm_gather" },
            p.exec(exec),
            p.raw(addresses),
            p.raw(data)
        ),
        Message::SvmAtomic { op, bits, exec, pred, addresses, srcs, dst } => format!(
            "{}svm_atomic.{op}{} {} {} {} {} {}",
            p.pred(pred),
            if *bits == 64 { ".64" } else { "" },
            p.exec(exec),
            p.raw(addresses),
            raw_or_null(p, dst),
            raw_or_null(p, &srcs[0]),
            raw_or_null(p, &srcs[1])
        ),
        Message::Sampler { sampler, channels, lanes, surface, coords, dst } => format!(
            "{}.{} ({lanes}) {}{} {} {} {} {}",
            if sampler.is_some() { "sample" } else { "load" },
            channel_letters(*channels),
            sampler.map_or_else(String::new, |s| format!("{} ", p.name(s))),
            p.name(*surface),
            p.raw(&coords[0]),
            p.raw(&coords[1]),
            p.raw(&coords[2]),
            p.raw(dst)
        ),
        Message::SampleUnorm { channels, format, sampler, surface, coords, dst } => format!(
            "sample_unorm.{}.{} {} {} {} {} {} {} {}",
            channel_letters(*channels),
            UNORM_FORMATS[*format as usize & 3],
            p.name(*sampler),
            p.name(*surface),
            p.operand(&coords[0]),
            p.operand(&coords[1]),
            p.operand(&coords[2]),
            p.operand(&coords[3]),
            p.raw(dst)
        ),
        Message::Avs { channels, format, mode, sampler, surface, coords, block, ief_bypass, dst } => format!(
            "avs.{} {} {} {} {} {} {} {} {} {} {} {} {} {} {}",
            channel_letters(*channels),
            p.name(*surface),
            p.name(*sampler),
            p.operand(&coords[0]),
            p.operand(&coords[1]),
            p.operand(&coords[2]),
            p.operand(&coords[3]),
            p.operand(&coords[4]),
            p.operand(&block[0]),
            p.operand(&block[1]),
            AVS_FORMATS[*format as usize & 3],
            p.operand(&coords[5]),
            AVS_MODES[*mode as usize & 3].unwrap_or("AVS_INVALID"),
            p.operand(ief_bypass),
            p.raw(dst)
        ),
        Message::Barrier => "barrier".to_string(),
        Message::SplitBarrier { signal } => format!("sbarrier.{}", if *signal { "signal" } else { "wait" }),
        Message::Fence { kind, flags } => fence_text(*kind, *flags),
        Message::BindSurface { surface, index } => format!("movs (M1, 1) {}(0) 0x{index:x}:ud", p.name(*surface)),
        Message::ReadStateIndex { dst, state } => {
            format!("movs (M1_NM, 1) {}(0,0)<1> {}(0)", p.name(*dst), p.name(*state))
        }
    }
}

/// The checks the verifier needs from its caller.
pub(crate) trait Check {
    fn exec(&self, exec: &Exec, errors: &mut Vec<String>);
    fn pred(&self, pred: &Option<Pred>, exec: &Exec, errors: &mut Vec<String>);
    fn surface(&self, var: VarId, errors: &mut Vec<String>);
    fn category(&self, var: VarId) -> Option<Category>;
    fn scalar_operand(&self, what: &str, operand: &Operand, errors: &mut Vec<String>);
    fn raw(&self, what: &str, raw: &Raw, bytes: u32, errors: &mut Vec<String>);
    fn grf_bytes(&self) -> u32;
}

/// Bytes of `channels` channels of `lanes` dwords, each channel starting a GRF.
fn channel_bytes(channels: u32, lanes: u32, grf: u32) -> u32 {
    let per_channel = (lanes * 4).div_ceil(grf) * grf;
    (channels - 1) * per_channel + lanes * 4
}

/// Verifies a message; errors name the operand.
pub(crate) fn verify(c: &impl Check, message: &Message, errors: &mut Vec<String>) {
    let grf = c.grf_bytes();
    match message {
        Message::Scaled { blocks, exec, pred, surface, offset, offsets, data, .. } => {
            c.exec(exec, errors);
            c.pred(pred, exec, errors);
            if ![1, 2, 4].contains(blocks) {
                errors.push(format!("scaled message of {blocks} blocks (1, 2 or 4 allowed)"));
            }
            c.surface(*surface, errors);
            c.scalar_operand("global offset", offset, errors);
            c.raw("offsets", offsets, exec.size * 4, errors);
            c.raw("data", data, exec.size * 4, errors);
        }
        Message::Scaled4 { channels, exec, pred, surface, offset, offsets, data, .. } => {
            c.exec(exec, errors);
            c.pred(pred, exec, errors);
            if !(1..=15).contains(channels) {
                errors.push(format!("channel mask {channels} (1 to 15 allowed)"));
            }
            if exec.size > 16 {
                errors.push(format!("4-channel message of {} lanes (at most 16)", exec.size));
            }
            c.surface(*surface, errors);
            c.scalar_operand("global offset", offset, errors);
            c.raw("offsets", offsets, exec.size * 4, errors);
            c.raw("data", data, channel_bytes(channels.count_ones().max(1), exec.size, grf), errors);
        }
        Message::Typed4 { channels, exec, pred, surface, coords, data, .. } => {
            c.exec(exec, errors);
            c.pred(pred, exec, errors);
            if !(1..=15).contains(channels) {
                errors.push(format!("channel mask {channels} (1 to 15 allowed)"));
            }
            if ![8, 16].contains(&exec.size) {
                errors.push(format!("typed message of {} lanes (8 or 16 allowed)", exec.size));
            }
            c.surface(*surface, errors);
            if coords[0].is_none() {
                errors.push("typed message without a u coordinate".to_string());
            }
            for (name, coord) in ["u", "v", "r", "lod"].iter().zip(coords) {
                if let Some(coord) = coord {
                    c.raw(name, coord, exec.size * 4, errors);
                }
            }
            let per_channel = (exec.size * 4).max(grf);
            c.raw("data", data, (channels.count_ones().max(1) - 1) * per_channel + exec.size * 4, errors);
        }
        Message::DwordAtomic { op, exec, pred, surface, offsets, srcs, dst } => {
            c.exec(exec, errors);
            c.pred(pred, exec, errors);
            if ![1, 2, 4, 8, 16].contains(&exec.size) {
                errors.push(format!("dword atomic of {} lanes (1, 2, 4, 8 or 16 allowed)", exec.size));
            }
            c.surface(*surface, errors);
            atomic(*op, srcs, errors);
            c.raw("offsets", offsets, exec.size * 4, errors);
            for (n, src) in srcs.iter().enumerate() {
                if let Some(src) = src {
                    c.raw(&format!("source {n}"), src, exec.size * 4, errors);
                }
            }
            if let Some(dst) = dst {
                c.raw("destination", dst, exec.size * 4, errors);
            }
        }
        Message::TypedAtomic { op, exec, pred, surface, coords, srcs, dst } => {
            c.exec(exec, errors);
            c.pred(pred, exec, errors);
            if exec.size != 8 {
                errors.push(format!("typed atomic of {} lanes (8 allowed)", exec.size));
            }
            c.surface(*surface, errors);
            atomic(*op, srcs, errors);
            if coords[0].is_none() {
                errors.push("typed atomic without a u coordinate".to_string());
            }
            let raws = coords.iter().chain(srcs.iter()).chain(std::iter::once(dst));
            for (name, raw) in ["u", "v", "r", "lod", "source 0", "source 1", "destination"].iter().zip(raws) {
                if let Some(raw) = raw {
                    c.raw(name, raw, exec.size * 4, errors);
                }
            }
        }
        Message::SvmScattered { block_bytes, blocks, exec, pred, addresses, data, .. } => {
            c.exec(exec, errors);
            c.pred(pred, exec, errors);
            if ![1, 4, 8].contains(block_bytes) || ![1, 2, 4, 8].contains(blocks) {
                errors.push(format!("svm scattered message of {blocks} blocks of {block_bytes} bytes"));
            }
            if exec.size > 16 {
                errors.push(format!("svm scattered message of {} lanes (at most 16)", exec.size));
            }
            c.raw("addresses", addresses, exec.size * 8, errors);
            let bytes = if *block_bytes == 1 { exec.size * 4.max(*blocks) } else { exec.size * block_bytes * blocks };
            c.raw("data", data, bytes, errors);
        }
        Message::SvmAtomic { op, bits, exec, pred, addresses, srcs, dst } => {
            c.exec(exec, errors);
            c.pred(pred, exec, errors);
            if ![32, 64].contains(bits) {
                errors.push(format!("svm atomic of {bits} bits (32 or 64 allowed)"));
            }
            if exec.size > 8 {
                errors.push(format!("svm atomic of {} lanes (at most 8)", exec.size));
            }
            atomic(*op, srcs, errors);
            c.raw("addresses", addresses, exec.size * 8, errors);
            let bytes = exec.size * bits / 8;
            for (n, src) in srcs.iter().enumerate() {
                if let Some(src) = src {
                    c.raw(&format!("source {n}"), src, bytes, errors);
                }
            }
            if let Some(dst) = dst {
                c.raw("destination", dst, bytes, errors);
            }
        }
        Message::Sampler { sampler, channels, lanes, surface, coords, dst } => {
            if !(1..=15).contains(channels) {
                errors.push(format!("channel mask {channels} (1 to 15 allowed)"));
            }
            if ![8, 16].contains(lanes) {
                errors.push(format!("sampler message of {lanes} lanes (8 or 16 allowed)"));
            }
            if let Some(sampler) = sampler {
                if c.category(*sampler) != Some(Category::Sampler) {
                    errors.push("sample: the sampler operand is not a sampler variable".to_string());
                }
            }
            c.surface(*surface, errors);
            for (what, raw) in ["u", "v", "r"].iter().zip(coords) {
                c.raw(what, raw, lanes * 4, errors);
            }
            c.raw("destination", dst, channel_bytes(channels.count_ones().max(1), *lanes, grf), errors);
        }
        Message::SampleUnorm { channels, format, sampler, surface, coords, dst } => {
            if !(1..=15).contains(channels) {
                errors.push(format!("channel mask {channels} (1 to 15 allowed)"));
            }
            if *format > 3 {
                errors.push(format!("sample_unorm output format {format} (0 to 3 allowed)"));
            }
            if c.category(*sampler) != Some(Category::Sampler) {
                errors.push("sample_unorm: the sampler operand is not a sampler variable".to_string());
            }
            c.surface(*surface, errors);
            for (what, operand) in ["u", "v", "delta_u", "delta_v"].iter().zip(coords) {
                c.scalar_operand(what, operand, errors);
            }
            // 32 words per enabled channel, whatever the output format (SAMPLE_UNORM.md: Dst).
            c.raw("destination", dst, channels.count_ones() * 64, errors);
        }
        Message::Avs { channels, format, mode, sampler, surface, coords, block, ief_bypass, dst } => {
            if !(1..=15).contains(channels) {
                errors.push(format!("channel mask {channels} (1 to 15 allowed)"));
            }
            if *format > 3 {
                errors.push(format!("avs output format {format} (0 to 3 allowed)"));
            }
            if AVS_MODES.get(*mode as usize).copied().flatten().is_none() {
                errors.push(format!("avs execution mode {mode} (0, 16x4, or 2, 16x8, allowed)"));
            }
            if c.category(*sampler) != Some(Category::Sampler) {
                errors.push("avs: the sampler operand is not a sampler variable".to_string());
            }
            c.surface(*surface, errors);
            let names = ["u", "v", "delta_u", "delta_v", "u2d", "v2d", "group_id", "vertical_block", "ief_bypass"];
            for (what, operand) in names.iter().zip(coords.iter().chain(block).chain([ief_bypass])) {
                c.scalar_operand(what, operand, errors);
            }
            c.raw("destination", dst, avs_response_bytes(*channels, *format, *mode), errors);
        }
        Message::Barrier | Message::SplitBarrier { .. } => {}
        Message::Fence { flags, .. } => {
            if flags & !0x5f != 0 {
                errors.push(format!("fence flags 0x{flags:x} (bits 0-4 and 6 allowed)"));
            }
        }
        Message::BindSurface { surface, .. } => match c.category(*surface) {
            Some(Category::Surface | Category::Sampler) => {}
            _ => errors.push("movs: the destination is not a surface or sampler variable".to_string()),
        },
        Message::ReadStateIndex { dst, state } => {
            if !matches!(c.category(*state), Some(Category::Surface | Category::Sampler)) {
                errors.push("movs: the source is not a surface or sampler variable".to_string());
            }
            if !matches!(c.category(*dst), Some(Category::General { ty, .. }) if ty.bytes() == 4) {
                errors.push("movs: the destination is not a dword general variable".to_string());
            }
        }
    }
}

fn atomic(op: &str, srcs: &[Option<Raw>; 2], errors: &mut Vec<String>) {
    match atomic_op(op) {
        None => errors.push(format!("unknown atomic operation '{op}'")),
        Some(info) => {
            let given = srcs.iter().filter(|s| s.is_some()).count() as u32;
            if given != info.sources || (info.sources == 1 && srcs[0].is_none()) {
                errors.push(format!("atomic {op} takes {} sources, not {given}", info.sources));
            }
        }
    }
}

impl Message {
    /// Calls `f` on every variable the message names, with whether the message writes it (a load's or an
    /// atomic's destination, a bound surface) or reads it (predicate, surface, global offset, address and
    /// source payloads, a store's data; an indirect offset reads its address variable). The one list of a
    /// message's operands: [`crate::Inst::for_each_var`] and [`crate::liveness::access`] both walk it.
    pub fn visit(&mut self, f: &mut dyn FnMut(&mut VarId, bool)) {
        let pred_of = |p: &mut Option<Pred>, f: &mut dyn FnMut(&mut VarId, bool)| {
            if let Some(p) = p {
                f(&mut p.var, false);
            }
        };
        let operand = |op: &mut Operand, f: &mut dyn FnMut(&mut VarId, bool)| match op {
            Operand::Region(src) => f(&mut src.var, false),
            Operand::Indirect(src) => f(&mut src.addr, false),
            Operand::Imm(_) => {}
        };
        let raws = |raws: &mut [Option<Raw>], f: &mut dyn FnMut(&mut VarId, bool)| {
            raws.iter_mut().flatten().for_each(|raw| f(&mut raw.var, false));
        };
        match self {
            Message::Scaled { store, pred, surface, offset, offsets, data, .. }
            | Message::Scaled4 { store, pred, surface, offset, offsets, data, .. } => {
                pred_of(pred, f);
                f(surface, false);
                operand(offset, f);
                f(&mut offsets.var, false);
                f(&mut data.var, !*store);
            }
            Message::Typed4 { store, pred, surface, coords, data, .. } => {
                pred_of(pred, f);
                f(surface, false);
                raws(coords, f);
                f(&mut data.var, !*store);
            }
            Message::DwordAtomic { pred, surface, offsets, srcs, dst, .. } => {
                pred_of(pred, f);
                f(surface, false);
                f(&mut offsets.var, false);
                raws(srcs, f);
                dst.iter_mut().for_each(|d| f(&mut d.var, true));
            }
            Message::TypedAtomic { pred, surface, coords, srcs, dst, .. } => {
                pred_of(pred, f);
                f(surface, false);
                raws(coords, f);
                raws(srcs, f);
                dst.iter_mut().for_each(|d| f(&mut d.var, true));
            }
            Message::SvmScattered { store, pred, addresses, data, .. } => {
                pred_of(pred, f);
                f(&mut addresses.var, false);
                f(&mut data.var, !*store);
            }
            Message::SvmAtomic { pred, addresses, srcs, dst, .. } => {
                pred_of(pred, f);
                f(&mut addresses.var, false);
                raws(srcs, f);
                dst.iter_mut().for_each(|d| f(&mut d.var, true));
            }
            Message::Sampler { sampler, surface, coords, dst, .. } => {
                if let Some(sampler) = sampler {
                    f(sampler, false);
                }
                f(surface, false);
                coords.iter_mut().for_each(|raw| f(&mut raw.var, false));
                f(&mut dst.var, true);
            }
            Message::SampleUnorm { sampler, surface, coords, dst, .. } => {
                f(sampler, false);
                f(surface, false);
                coords.iter_mut().for_each(|op| operand(op, f));
                f(&mut dst.var, true);
            }
            Message::Avs { sampler, surface, coords, block, ief_bypass, dst, .. } => {
                f(sampler, false);
                f(surface, false);
                coords.iter_mut().chain(block.iter_mut()).chain([ief_bypass]).for_each(|op| operand(op, f));
                f(&mut dst.var, true);
            }
            Message::Barrier | Message::SplitBarrier { .. } | Message::Fence { .. } => {}
            Message::BindSurface { surface, .. } => f(surface, true),
            Message::ReadStateIndex { dst, state } => {
                f(state, false);
                f(dst, true);
            }
        }
    }
}
