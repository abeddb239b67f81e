//! Pictures (PNG, BMP) in and out of 2D surfaces, through the `image` crate (PNG and BMP codecs only).
//!
//! How pixels map onto a surface's format (the same both ways):
//! - a 4-byte 8-bit format (`r8g8b8a8_*`, `b8g8r8a8_*`): one element per pixel, its R, G, B, A channels where
//!   the format keeps them (B first in memory for `b8g8r8a8`); a gray pixel is R = G = B = gray; a picture
//!   without alpha gets A = 255, and is written back without alpha;
//! - a 1-byte format (`r8_*`, the default): the picture's bytes as they are, channel after channel, so a row of
//!   an RGB picture W pixels wide is 3·W elements (R, G, B, R, G, B, ...), an RGBA one 4·W, a gray one W. A
//!   surface made from a picture is written back with the same channels; one made otherwise is written as gray;
//! - 16- and 32-bit formats hold no 8-bit picture: an error.
//!
//! Only 8-bit gray, gray+alpha (read as RGBA), RGB and RGBA pictures are accepted (a BMP is gray when it has 8
//! bits per pixel and an all-gray palette, which is how gray BMPs are written); 16-bit or palette-less
//! exotic layouts are refused with the file's name. The picture's rows are the surface's rows, top first.

use std::path::Path;

use genx_exec::format::SurfaceFormat;
use image::{DynamicImage, ImageFormat};

/// A decoded picture: `channels` bytes per pixel (1 gray, 3 RGB, 4 RGBA), rows top first, no padding.
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub channels: u32,
    pub bytes: Vec<u8>,
}

/// Whether `path` names a picture by its suffix.
pub fn is_picture(path: &Path) -> bool {
    picture_format(path).is_some()
}

fn picture_format(path: &Path) -> Option<ImageFormat> {
    match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "png" => Some(ImageFormat::Png),
        "bmp" => Some(ImageFormat::Bmp),
        _ => None,
    }
}

/// Reads a picture.
pub fn load(path: &Path) -> Result<Picture, String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|err| format!("cannot read '{name}': {err}"))?;
    let format = picture_format(path).ok_or_else(|| format!("'{name}' is not a .png or .bmp file"))?;
    let decoded =
        image::load_from_memory_with_format(&bytes, format).map_err(|err| format!("cannot decode '{name}': {err}"))?;
    let (width, height) = (decoded.width(), decoded.height());
    let (channels, pixels) = match decoded {
        DynamicImage::ImageLuma8(p) => (1, p.into_raw()),
        // BMP has no gray mode: an 8-bit gray picture is a paletted one whose palette is all gray.
        DynamicImage::ImageRgb8(p) if format == ImageFormat::Bmp && bmp_gray_palette(&bytes) => {
            (1, p.into_raw().chunks(3).map(|rgb| rgb[0]).collect())
        }
        DynamicImage::ImageRgb8(p) => (3, p.into_raw()),
        DynamicImage::ImageRgba8(p) => (4, p.into_raw()),
        DynamicImage::ImageLumaA8(p) => (4, DynamicImage::ImageLumaA8(p).to_rgba8().into_raw()),
        other => {
            return Err(format!(
                "'{name}' has {:?} pixels; cmc run takes 8-bit gray, RGB or RGBA pictures",
                other.color()
            ))
        }
    };
    Ok(Picture { width, height, channels, bytes: pixels })
}

/// Whether a BMP file is 8 bits per pixel with a palette whose every entry is gray (B = G = R).
fn bmp_gray_palette(bytes: &[u8]) -> bool {
    let u16_at = |at: usize| bytes.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]) as usize);
    let u32_at = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
    let (Some(header), Some(bits), Some(data)) = (u32_at(14), u16_at(28), u32_at(10)) else { return false };
    if bits != 8 {
        return false;
    }
    let colors = match u32_at(46) {
        Some(0) | None => 256,
        Some(n) => n.min(256),
    };
    let palette = 14 + header;
    let end = (palette + 4 * colors).min(data);
    palette < end && bytes.get(palette..end).is_some_and(|p| p.chunks(4).all(|c| c.len() == 4 && c[0] == c[1] && c[1] == c[2]))
}

/// The surface's width in elements of `format` for a picture of `picture_width` pixels with `channels`.
pub fn surface_width(format: SurfaceFormat, picture_width: u32, channels: u32, name: &str) -> Result<u32, String> {
    match format.bytes() {
        _ if !holds_pictures(format) => Err(format!(
            "'{name}' is an 8-bit picture; format {format} cannot hold it (use r8_*, r8g8b8a8_* or b8g8r8a8_*)"
        )),
        1 => Ok(picture_width * channels),
        _ => Ok(picture_width),
    }
}

/// Whether a surface of `format` can be made from (and written as) an 8-bit picture.
pub fn holds_pictures(format: SurfaceFormat) -> bool {
    format.bytes() == 1 || is_rgba8(format)
}

fn is_rgba8(format: SurfaceFormat) -> bool {
    matches!(
        format,
        SurfaceFormat::R8G8B8A8Uint
            | SurfaceFormat::R8G8B8A8Unorm
            | SurfaceFormat::B8G8R8A8Uint
            | SurfaceFormat::B8G8R8A8Unorm
    )
}

/// Byte offsets of R, G, B, A in a 4-byte element of `format`.
fn rgba_offsets(format: SurfaceFormat) -> [usize; 4] {
    match format {
        SurfaceFormat::B8G8R8A8Uint | SurfaceFormat::B8G8R8A8Unorm => [2, 1, 0, 3],
        _ => [0, 1, 2, 3],
    }
}

/// The surface bytes (`pitch` bytes per row) for `picture` on `format`; the caller checked the width with
/// [`surface_width`].
pub fn to_surface(picture: &Picture, format: SurfaceFormat, pitch: u32) -> Vec<u8> {
    let (w, h, c) = (picture.width as usize, picture.height as usize, picture.channels as usize);
    let mut out = vec![0u8; pitch as usize * h];
    for y in 0..h {
        let src = &picture.bytes[y * w * c..(y + 1) * w * c];
        let row = &mut out[y * pitch as usize..];
        if format.bytes() == 1 {
            row[..w * c].copy_from_slice(src);
            continue;
        }
        let at = rgba_offsets(format);
        for x in 0..w {
            let p = &src[x * c..(x + 1) * c];
            let rgba = match c {
                1 => [p[0], p[0], p[0], 255],
                3 => [p[0], p[1], p[2], 255],
                _ => [p[0], p[1], p[2], p[3]],
            };
            for (channel, &offset) in at.iter().enumerate() {
                row[x * 4 + offset] = rgba[channel];
            }
        }
    }
    out
}

/// Encodes a surface as the picture `path` names (PNG or BMP by suffix): `width` in bytes, rows of `pitch`
/// bytes; `channels` as the surface was made (see the module note).
pub fn from_surface(
    path: &Path,
    bytes: &[u8],
    width: u32,
    height: u32,
    pitch: u32,
    format: SurfaceFormat,
    channels: u32,
) -> Result<Vec<u8>, String> {
    let name = path.display();
    let encoding = picture_format(path).ok_or_else(|| format!("'{name}' is not a .png or .bmp file"))?;
    let (w, h, p) = (width as usize, height as usize, pitch as usize);
    let (pixels_wide, channels) = match format.bytes() {
        1 if w % channels as usize == 0 => (w / channels as usize, channels as usize),
        1 => (w, 1),
        4 if is_rgba8(format) => (w / 4, if channels == 4 { 4 } else { 3 }),
        _ => return Err(format!("cannot write '{name}': a {format} surface is not an 8-bit picture")),
    };
    let mut pixels = Vec::with_capacity(pixels_wide * h * channels);
    for y in 0..h {
        let row = &bytes[y * p..y * p + w];
        if format.bytes() == 1 {
            pixels.extend_from_slice(row);
            continue;
        }
        let at = rgba_offsets(format);
        for x in 0..pixels_wide {
            for &offset in &at[..channels] {
                pixels.push(row[x * 4 + offset]);
            }
        }
    }
    let (pw, ph) = (pixels_wide as u32, height);
    let too_big = || format!("cannot write '{name}': the surface does not make a picture");
    let picture = match channels {
        1 => DynamicImage::ImageLuma8(image::GrayImage::from_raw(pw, ph, pixels).ok_or_else(too_big)?),
        3 => DynamicImage::ImageRgb8(image::RgbImage::from_raw(pw, ph, pixels).ok_or_else(too_big)?),
        _ => DynamicImage::ImageRgba8(image::RgbaImage::from_raw(pw, ph, pixels).ok_or_else(too_big)?),
    };
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, encoding).map_err(|err| format!("cannot encode '{name}': {err}"))?;
    Ok(out.into_inner())
}
