//! `--expect BTI=FILE`: compares a surface's final contents with a file, byte by byte.
//!
//! A picture FILE is laid onto the surface's format exactly as an input picture would be (see [`super::picture`]),
//! so `--expect 1=reference.png` works for any 8-bit surface; any other FILE holds the surface's raw bytes (a 2D
//! surface's rows at its pitch). Only the bytes that are the surface's contents are compared: a 2D surface's
//! `width` bytes of each row, never the pitch padding. The report names the count of differing bytes and the
//! first one in row-major order: for a 2D surface its element column `x`, row `y` and byte within the element.

use std::path::Path;

use genx_exec::machine::SurfaceKind;

use super::picture;

/// The outcome of one comparison: `None` when equal, or the sentence reporting the difference.
pub fn compare(bti: u32, kind: &SurfaceKind, actual: &[u8], file: &Path) -> Result<Option<String>, String> {
    let name = file.display();
    let what = format!("--expect {bti}={name}");
    let expected = if picture::is_picture(file) {
        let SurfaceKind::Image2D { width, height, pitch, format } = *kind else {
            return Err(format!("{what}: surface {bti} is a buffer; a picture can only be compared with a 2D surface"));
        };
        let pic = picture::load(file).map_err(|e| format!("{what}: {e}"))?;
        let elements = picture::surface_width(format, pic.width, pic.channels, &name.to_string())?;
        if elements * format.bytes() != width || pic.height != height {
            return Err(format!(
                "{what}: the picture is {}x{} pixels ({elements}x{} elements of {format}), the surface {}x{height}",
                pic.width,
                pic.height,
                pic.height,
                width / format.bytes()
            ));
        }
        picture::to_surface(&pic, format, pitch)
    } else {
        std::fs::read(file).map_err(|err| format!("{what}: cannot read '{name}': {err}"))?
    };
    if expected.len() != actual.len() {
        return Err(format!("{what}: '{name}' has {} bytes, surface {bti} has {}", expected.len(), actual.len()));
    }
    // Rows of the surface's own bytes: (bytes per row, rows per slice, slices, row pitch, slice pitch, element).
    let (row_bytes, rows, slices, pitch, slice_pitch, element) = match *kind {
        SurfaceKind::Buffer { size } => (size as usize, 1, 1, size as usize, size as usize, 1),
        SurfaceKind::Image1D { width, format } => (width as usize, 1, 1, width as usize, width as usize, format.bytes() as usize),
        SurfaceKind::Image2D { width, height, pitch, format } => {
            (width as usize, height as usize, 1, pitch as usize, pitch as usize * height as usize, format.bytes() as usize)
        }
        SurfaceKind::Image3D { width, height, depth, pitch, slice_pitch, format } => {
            (width as usize, height as usize, depth as usize, pitch as usize, slice_pitch as usize, format.bytes() as usize)
        }
        // The Y rows, then the UV rows: one run of rows at the common pitch.
        SurfaceKind::Nv12 { width, height, pitch } => {
            let rows = height as usize + height as usize / 2;
            (width as usize, rows, 1, pitch as usize, pitch as usize * rows, 1)
        }
    };
    let mut count = 0u64;
    let mut first = None;
    for z in 0..slices {
        for y in 0..rows {
            for b in 0..row_bytes {
                let at = z * slice_pitch + y * pitch + b;
                if expected[at] != actual[at] {
                    count += 1;
                    first.get_or_insert((b, y, z, expected[at], actual[at]));
                }
            }
        }
    }
    let Some((b, y, z, want, got)) = first else { return Ok(None) };
    let total = slices * rows * row_bytes;
    let place = match kind {
        SurfaceKind::Buffer { .. } => format!("byte offset {b}"),
        SurfaceKind::Image3D { .. } => format!("x={}, y={y}, z={z}, byte {}", b / element, b % element),
        SurfaceKind::Nv12 { height, .. } if y >= *height as usize => format!("UV plane x={b}, y={}", y - *height as usize),
        _ => format!("x={}, y={y}, byte {}", b / element, b % element),
    };
    Ok(Some(format!(
        "surface {bti}: {count} of {total} bytes differ from '{name}'; first at {place}: expected {want} (0x{want:02x}), got {got} (0x{got:02x})"
    )))
}
