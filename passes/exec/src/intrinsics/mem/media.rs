//! Media block reads and writes: a rectangle of bytes of a 2D surface.
//!
//! Why: CM's media `read(idx, x, y, matrix)` / `write(...)` (with `TOP_FIELD` / `BOTTOM_FIELD`) lower to
//! `media.ld(modifier, bti, plane, width, x, y)` / `media.st(..., data)` (docs/cmc-compat.md §3). Image kernels rely
//! on the out-of-bounds rule at borders, so it is modelled exactly rather than reported.
//!
//! Semantics (operands: vc-intrinsics v0.11.0 `Intrinsic_definitions.py` "media_ld"/"media_st"; formula: vISA
//! `MEDIA_LD.md` / `MEDIA_ST.md` in intel/intel-graphics-compiler `documentation/visa/instructions/`):
//! - `width` is the block width in bytes (1..=64); a row takes `pitch = max(4, next_pow2(width))` bytes of the
//!   value ("rounded block width"), the value's byte size is `height · pitch`. `x` is a byte offset, `y` a row,
//!   both signed (CM takes `int`). `dst[i·pitch + j] = surface[y+i][x+j]` for `j < width`; the padding bytes
//!   `width..pitch` of a row are undefined on read and ignored on write.
//! - Out of bounds, read: "the address is clamped to the nearest edge of the surface, and the pixel in that
//!   position is returned. Out-of-bound writes are dropped. Out-of-bound behavior is undefined, however, if the
//!   surface width is not DWord-aligned." — cmlangspec.rst §4.5 "Dataport Interface › Media Block Read/Write"
//!   (intel/cm-compiler `clang/compute_sdk/docs/cmlangspec/cmlangspec.rst`); the write rule is also vISA
//!   `MEDIA_ST.md` "Out-of-bound Access: On write: data is dropped" (`MEDIA_LD.md` itself only says
//!   "implementation defined behavior based on surface format"). Both hold whatever the [`BoundsPolicy`]; an
//!   out-of-bounds block on a surface whose width is not a multiple of 4 is [`Fault::Undefined`].
//! - Clamping is by **element of the surface's format** ([`SurfaceFormat`]): byte column `c` of the block (a
//!   byte offset from the row start, possibly negative or past the end) lies in element `e = ⌊c / b⌋` at byte
//!   `c mod b` (Euclidean), `b` the format's bytes per element; a read takes byte `c mod b` of element
//!   `clamp(e, 0, W − 1)`, `W` the width in elements. Rows clamp to `0..H`. So on an R8 surface the edge byte is
//!   replicated, on a B8G8R8A8 surface the whole 4-byte edge pixel (its B, G, R, A repeat), on R16 the 2-byte
//!   edge element. Sources: cmlangspec "the pixel in that position is returned" (a pixel is an element of the
//!   surface format) and vISA `MEDIA_LD.md` ("implementation defined behavior based on surface format");
//!   intel/cm-cpu-emulation `libcm/genx_dataport.h` `read()`, which steps back by
//!   `CM_genx_bytes_per_pixel(format)` past the right edge; and measurement (issue 18): a real ARGB8 linear
//!   filter's output on Intel hardware matches this rule on the right border, where a per-byte clamp differs on
//!   2,709 of 921,600 bytes.
//!   Writes drop every byte outside `[0, width)`; since `media.st` needs a dword-aligned `x` and an element is 1,
//!   2 or 4 bytes, a written element is never split by the edge, so dropping by byte is dropping by element.
//! - Modifiers (IGC `MEDIA_LD_mod`): 0 none, 1 "modified" (ignored: no modified bit on current hardware), 2/4
//!   top field, 3/5 bottom field. A field is the surface of every other row starting at row 0 (top) or 1
//!   (bottom): block row i is surface row `2(y+i)` or `2(y+i)+1` (as cm-cpu-emulation's `read(...,
//!   CmBufferAttrib, ...)`), and clamping/dropping uses the field's own rows.
//! - `media.st`: `x` must be dword-aligned (vISA MEDIA_ST "Its value must be dword-aligned").
//! - Planes (`plane` operand; vISA MEDIA_LD "The index to the sub-plane as defined in different surface formats"):
//!   a block addresses plane `plane` of the surface ([`crate::machine::SurfaceKind::plane`]). A 2D image has only
//!   plane 0; an NV12 surface has plane 0 (Y: `height` rows of `width` bytes, element `r8`) and plane 1 (UV:
//!   `height/2` rows of `width` bytes holding U, V pairs, element `r8g8`, starting `pitch·height` bytes into the
//!   surface), which CM's `read_plane/write_plane` with `GENX_SURFACE_Y_PLANE`/`GENX_SURFACE_UV_PLANE` select.
//!   Within a plane everything above applies to the plane's own width, rows and element: a UV read past the right
//!   edge repeats the last U, V pair. (On the hardware the plane index is added to the binding-table index of the
//!   message descriptor, IGC `TranslateSendMedia.cpp`, and the runtime binds each plane of a planar surface at
//!   consecutive indices; the executor keeps the planes with their surface, which is what both the IR and the vISA
//!   levels name.) A plane the surface lacks is an error naming the surface and the plane.
//!
//! [`BoundsPolicy`]: crate::machine::BoundsPolicy
//!
//! Not handled: planar formats other than NV12 (P010, the three planes of YV12/I420: planes 2 and 3); media
//! messages on SLM or stateless BTIs are rejected as the vISA documents say ("T0(SLM): no", "T5(stateless):
//! no").

use super::control;
use crate::intrinsics::{lanes, result_shape, SemFn};
use crate::format::SurfaceFormat;
use crate::machine::{Call, Ctx, SurfaceKind, SurfaceNeed, SLM_BTI, STATELESS_BTI};
use crate::memory::{decode_lanes, encode_lanes, lanes_store_size, Fault};
use crate::value::{sign_extend, Value};

pub const TABLE: &[(&str, SemFn)] = &[("llvm.genx.media.ld", media_ld), ("llvm.genx.media.st", media_st)];

/// A 2D surface.
struct Image {
    base: u64,
    /// In bytes.
    width: u32,
    height: u32,
    pitch: u32,
    format: SurfaceFormat,
}

impl Image {
    /// The byte of a row that byte column `column` (any value) reads: the clamped element's byte.
    fn clamped_column(&self, column: i64) -> usize {
        let bytes = self.format.bytes() as i64;
        let elements = self.width as i64 / bytes;
        let element = column.div_euclid(bytes).clamp(0, elements - 1);
        (element * bytes + column.rem_euclid(bytes)) as usize
    }
}

/// Which rows of the surface a block addresses.
#[derive(Clone, Copy)]
enum Rows {
    Frame,
    Field { parity: u32 },
}

impl Rows {
    /// Rows of the (field) surface.
    fn count(self, height: u32) -> i64 {
        match self {
            Rows::Frame => height as i64,
            Rows::Field { parity } => (height as i64 + 1 - parity as i64) / 2,
        }
    }

    /// The surface row of (field) row `r`, which must be in `0..count`.
    fn surface_row(self, r: i64) -> u64 {
        match self {
            Rows::Frame => r as u64,
            Rows::Field { parity } => (2 * r + parity as i64) as u64,
        }
    }
}

/// The block's geometry and the surface, from the operands common to both intrinsics.
struct Block {
    image: Image,
    rows: Rows,
    width: usize,
    pitch: usize,
    height: usize,
    x: i64,
    y: i64,
}

fn block(ctx: &Ctx<'_>, call: &Call<'_>, value_bytes: usize) -> Result<Block, Fault> {
    let rows = match control(call, 0)? & 7 {
        0 | 1 => Rows::Frame,
        2 | 4 => Rows::Field { parity: 0 },
        3 | 5 => Rows::Field { parity: 1 },
        m => return Err(Fault::Undefined(format!("{}: invalid media modifier {m}", call.name))),
    };
    let bti = control(call, 1)?;
    if bti == SLM_BTI || bti == STATELESS_BTI {
        return Err(Fault::Other(format!("{}: media blocks need a 2D surface, not BTI {bti}", call.name)));
    }
    let plane = control(call, 2)?;
    let width = control(call, 3)? as usize;
    if !(1..=64).contains(&width) {
        return Err(Fault::Undefined(format!("{}: block width {width} is outside 1..=64 bytes", call.name)));
    }
    let pitch = width.next_power_of_two().max(4);
    if value_bytes == 0 || value_bytes % pitch != 0 {
        return Err(Fault::Undefined(format!(
            "{}: {value_bytes} bytes are not whole rows of {pitch} bytes (block width {width})",
            call.name
        )));
    }
    let surface = ctx.bound_surface(bti, SurfaceNeed::Media)?;
    let Some(p) = surface.kind.plane(plane) else {
        return Err(Fault::Other(match surface.kind {
            SurfaceKind::Buffer { .. } => {
                format!("{}: surface {bti} '{}' is a buffer; media blocks need a 2D surface", call.name, surface.name)
            }
            _ => format!("{}: surface {bti} '{}' has no plane {plane}", call.name, surface.name),
        }));
    };
    let x = sign_extend(control(call, 4)? as u64, 32);
    let y = sign_extend(control(call, 5)? as u64, 32);
    Ok(Block {
        image: Image { base: surface.base + p.offset, width: p.width, height: p.height, pitch: p.pitch, format: p.format },
        rows,
        width,
        pitch,
        height: value_bytes / pitch,
        x,
        y,
    })
}

impl Block {
    /// True when some byte of the block lies outside the (field) surface.
    fn out_of_bounds(&self) -> bool {
        self.x < 0
            || self.x + self.width as i64 > self.image.width as i64
            || self.y < 0
            || self.y + self.height as i64 > self.rows.count(self.image.height)
    }

    /// Out-of-bounds behaviour is undefined on a surface whose width is not dword-aligned.
    fn check_defined(&self, call: &Call<'_>) -> Result<(), Fault> {
        if self.out_of_bounds() && self.image.width % 4 != 0 {
            return Err(Fault::Undefined(format!(
                "{}: block at ({}, {}) leaves a surface whose width {} is not a multiple of 4",
                call.name, self.x, self.y, self.image.width
            )));
        }
        Ok(())
    }

    fn row_address(&self, surface_row: u64) -> u64 {
        self.image.base + surface_row * self.image.pitch as u64
    }
}

fn media_ld(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let (elem, n) = result_shape(call)?;
    let size = lanes_store_size(elem, n);
    let b = block(ctx, call, size)?;
    b.check_defined(call)?;
    let rows = b.rows.count(b.image.height);
    if rows == 0 || b.image.width < b.image.format.bytes() {
        return Err(Fault::Other(format!("{}: the surface has no pixel to read", call.name)));
    }
    let mut bytes = vec![0u8; size];
    let mut defined = vec![false; size];
    // The bytes of a row the block reads: from the first clamped element to the end of the last one.
    let element = b.image.format.bytes() as usize;
    let first = b.image.clamped_column(b.x) / element * element;
    let end = (b.image.clamped_column(b.x + b.width as i64 - 1) / element + 1) * element;
    for i in 0..b.height {
        let row = (b.y + i as i64).clamp(0, rows - 1);
        let address = b.row_address(b.rows.surface_row(row)) + first as u64;
        let (src, src_defined) = ctx.memory.read(address, (end - first) as u64)?;
        for j in 0..b.width {
            let column = b.image.clamped_column(b.x + j as i64) - first;
            bytes[i * b.pitch + j] = src[column];
            defined[i * b.pitch + j] = src_defined[column];
        }
    }
    Ok(Value::Lanes(decode_lanes(elem, n, &bytes, &defined)))
}

fn media_st(ctx: &mut Ctx<'_>, call: &Call<'_>) -> Result<Value, Fault> {
    let value = lanes(call, 6)?;
    let size = lanes_store_size(value.elem, value.len());
    let b = block(ctx, call, size)?;
    if b.x % 4 != 0 {
        return Err(Fault::Undefined(format!("{}: x offset {} is not dword-aligned", call.name, b.x)));
    }
    b.check_defined(call)?;
    let mut bytes = vec![0u8; size];
    let mut defined = vec![false; size];
    encode_lanes(value, &mut bytes, &mut defined);
    let rows = b.rows.count(b.image.height);
    // The columns of the block inside the surface; the others are dropped.
    let first = b.x.max(0);
    let end = (b.x + b.width as i64).min(b.image.width as i64);
    for i in 0..b.height {
        let row = b.y + i as i64;
        if row < 0 || row >= rows || first >= end {
            continue;
        }
        let address = b.row_address(b.rows.surface_row(row)) + first as u64;
        let from = i * b.pitch + (first - b.x) as usize;
        let to = from + (end - first) as usize;
        ctx.memory.write(address, &bytes[from..to], &defined[from..to])?;
    }
    Ok(Value::Void)
}
