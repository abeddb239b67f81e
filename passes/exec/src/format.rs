//! Surface formats of 2D surfaces: how many bytes an element takes, and what its channels mean.
//!
//! Why: the hardware addresses a 2D surface in elements of its format. A media block read past the right edge
//! replicates the last *element* (4 bytes on an ARGB8 surface, not the last byte), and a typed read converts the
//! element's channels to the message's 32-bit lanes (`unorm` bytes become floats in [0, 1]). A byte-only model gives
//! the wrong border on every surface wider than a byte per pixel.
//!
//! Names are OpenCL's image-format spellings (`CL_RGBA` + `CL_UNSIGNED_INT8` = `r8g8b8a8_uint`), the ones IGC's
//! vector-compute runtime and the CM runtimes map their surface formats to (CMRT `CM_SURFACE_FORMAT_A8R8G8B8` is
//! `b8g8r8a8_unorm`: bytes B, G, R, A in memory; `CM_SURFACE_FORMAT_A8B8G8R8` is `r8g8b8a8_unorm`;
//! `CM_SURFACE_FORMAT_R8_UINT` is `r8_uint`; `CM_SURFACE_FORMAT_R32F` is `r32_float`).
//!
//! Channel conversion for typed messages (OpenCL C 1.2 §8.3 "Conversion rules"; the hardware's sampler-less typed
//! read/write does the same): `uint`/`sint` channels are the integer zero- or sign-extended to 32 bits (a write
//! to a narrower channel saturates: vISA `SCATTER4_TYPED.md` "Clamp to min/max if destination is narrower");
//! `unorm` channels are `c / (2^n − 1)` as f32 (a write converts round-to-nearest-even of
//! `clamp(f, 0, 1) · (2^n − 1)`, NaN to 0); `float` channels are the f32 bits. A channel the format lacks reads as
//! 0, except alpha, which reads as 1 (1.0 for float and unorm formats) — OpenCL's "missing components" rule. The
//! lanes of a typed message are always 32-bit (vISA `GATHER4_TYPED`: "the element type is UD, D or F").
//!
//! Invariants: `bytes()` is a power of two (1, 2 or 4), so a row of whole elements is always dword-aligned when its
//! element count is; the table [`SurfaceFormat::ALL`] is the one list the command line and the run file accept.
//!
//! `r8g8_*` is also the element of an NV12 surface's UV plane (one U, V pair), which media block reads clamp by
//! ([`crate::machine::SurfaceKind::Nv12`]).
//!
//! Not handled: packed-YUV formats (YUY2) and other planar ones (P010), 64- and 128-bit formats, sRGB, snorm.

/// How the bits of one channel are interpreted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    Uint,
    Sint,
    Unorm,
    Float,
}

/// A 2D surface's element format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SurfaceFormat {
    R8Uint,
    R8Unorm,
    R8G8Uint,
    R8G8Unorm,
    R8G8B8A8Uint,
    R8G8B8A8Unorm,
    B8G8R8A8Uint,
    B8G8R8A8Unorm,
    R16Uint,
    R16Unorm,
    R32Uint,
    R32Sint,
    R32Float,
}

impl SurfaceFormat {
    /// Every format, in the order `--help` and errors list them.
    pub const ALL: [SurfaceFormat; 13] = [
        SurfaceFormat::R8Uint,
        SurfaceFormat::R8Unorm,
        SurfaceFormat::R8G8Uint,
        SurfaceFormat::R8G8Unorm,
        SurfaceFormat::R8G8B8A8Uint,
        SurfaceFormat::R8G8B8A8Unorm,
        SurfaceFormat::B8G8R8A8Uint,
        SurfaceFormat::B8G8R8A8Unorm,
        SurfaceFormat::R16Uint,
        SurfaceFormat::R16Unorm,
        SurfaceFormat::R32Uint,
        SurfaceFormat::R32Sint,
        SurfaceFormat::R32Float,
    ];

    /// The format of a 2D surface given none: one byte per element, as a CM runtime creates a byte image
    /// (`CM_SURFACE_FORMAT_R8_UINT`; OpenCL `CL_R` + `CL_UNSIGNED_INT8`). Media block clamping on it is per byte.
    pub const DEFAULT: SurfaceFormat = SurfaceFormat::R8Uint;

    /// The OpenCL-style spelling.
    pub fn name(self) -> &'static str {
        match self {
            SurfaceFormat::R8Uint => "r8_uint",
            SurfaceFormat::R8Unorm => "r8_unorm",
            SurfaceFormat::R8G8Uint => "r8g8_uint",
            SurfaceFormat::R8G8Unorm => "r8g8_unorm",
            SurfaceFormat::R8G8B8A8Uint => "r8g8b8a8_uint",
            SurfaceFormat::R8G8B8A8Unorm => "r8g8b8a8_unorm",
            SurfaceFormat::B8G8R8A8Uint => "b8g8r8a8_uint",
            SurfaceFormat::B8G8R8A8Unorm => "b8g8r8a8_unorm",
            SurfaceFormat::R16Uint => "r16_uint",
            SurfaceFormat::R16Unorm => "r16_unorm",
            SurfaceFormat::R32Uint => "r32_uint",
            SurfaceFormat::R32Sint => "r32_sint",
            SurfaceFormat::R32Float => "r32_float",
        }
    }

    /// The format spelled `name` (case-insensitive).
    pub fn parse(name: &str) -> Option<SurfaceFormat> {
        SurfaceFormat::ALL.into_iter().find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// Every spelling, comma-separated (for error messages).
    pub fn names() -> String {
        SurfaceFormat::ALL.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ")
    }

    /// Bytes per element.
    pub fn bytes(self) -> u32 {
        match self {
            SurfaceFormat::R8Uint | SurfaceFormat::R8Unorm => 1,
            SurfaceFormat::R16Uint | SurfaceFormat::R16Unorm | SurfaceFormat::R8G8Uint | SurfaceFormat::R8G8Unorm => 2,
            _ => 4,
        }
    }

    /// What each channel is.
    pub fn kind(self) -> ChannelKind {
        match self {
            SurfaceFormat::R8Uint
            | SurfaceFormat::R8G8Uint
            | SurfaceFormat::R8G8B8A8Uint
            | SurfaceFormat::B8G8R8A8Uint
            | SurfaceFormat::R16Uint
            | SurfaceFormat::R32Uint => ChannelKind::Uint,
            SurfaceFormat::R32Sint => ChannelKind::Sint,
            SurfaceFormat::R32Float => ChannelKind::Float,
            _ => ChannelKind::Unorm,
        }
    }

    /// For each of R, G, B, A: the byte offset of the channel in an element, if the format has it.
    fn layout(self) -> [Option<u32>; 4] {
        match self {
            SurfaceFormat::R8G8B8A8Uint | SurfaceFormat::R8G8B8A8Unorm => [Some(0), Some(1), Some(2), Some(3)],
            SurfaceFormat::B8G8R8A8Uint | SurfaceFormat::B8G8R8A8Unorm => [Some(2), Some(1), Some(0), Some(3)],
            SurfaceFormat::R8G8Uint | SurfaceFormat::R8G8Unorm => [Some(0), Some(1), None, None],
            _ => [Some(0), None, None, None],
        }
    }

    /// Bytes per channel.
    pub(crate) fn channel_bytes(self) -> u32 {
        match self {
            SurfaceFormat::R8G8B8A8Uint
            | SurfaceFormat::R8G8B8A8Unorm
            | SurfaceFormat::B8G8R8A8Uint
            | SurfaceFormat::B8G8R8A8Unorm
            | SurfaceFormat::R8G8Uint
            | SurfaceFormat::R8G8Unorm => 1,
            _ => self.bytes(),
        }
    }

    /// The four 32-bit lanes (R, G, B, A) a typed read returns for the element `bytes` (`self.bytes()` long).
    pub fn decode(self, bytes: &[u8]) -> [u32; 4] {
        let width = self.channel_bytes() as usize;
        let max = if width == 4 { u32::MAX } else { (1u32 << (8 * width)) - 1 };
        let mut out = [0u32; 4];
        for (c, at) in self.layout().into_iter().enumerate() {
            out[c] = match at {
                Some(at) => {
                    let mut raw = 0u32;
                    for b in 0..width {
                        raw |= (bytes[at as usize + b] as u32) << (8 * b);
                    }
                    match self.kind() {
                        ChannelKind::Uint | ChannelKind::Sint | ChannelKind::Float => raw,
                        ChannelKind::Unorm => (raw as f32 / max as f32).to_bits(),
                    }
                }
                None if c == 3 => self.one(),
                None => 0,
            };
        }
        out
    }

    /// The lane value "one" of the format's channel kind: `1` for integer channels, `1.0` for float and unorm ones
    /// (a missing alpha channel reads as it; an out-of-bounds typed read returns it in alpha).
    pub fn one(self) -> u32 {
        match self.kind() {
            ChannelKind::Uint | ChannelKind::Sint => 1,
            ChannelKind::Unorm | ChannelKind::Float => 1f32.to_bits(),
        }
    }

    /// Writes the channels `lanes` (R, G, B, A; `None` for a channel the message leaves alone) into the element
    /// `bytes`; channels the format lacks are ignored.
    pub fn encode(self, lanes: [Option<u32>; 4], bytes: &mut [u8]) {
        let width = self.channel_bytes() as usize;
        let max = if width == 4 { u32::MAX } else { (1u32 << (8 * width)) - 1 };
        for (c, at) in self.layout().into_iter().enumerate() {
            let (Some(at), Some(lane)) = (at, lanes[c]) else { continue };
            let raw = match self.kind() {
                ChannelKind::Float => lane,
                // Narrower integer channels saturate (vISA SCATTER4_TYPED.md: "Clamp to min/max if destination
                // is narrower"; OpenCL's `convert_uchar_sat`/`convert_ushort_sat`).
                ChannelKind::Uint => lane.min(max),
                ChannelKind::Sint => {
                    let half = (max / 2) as i64;
                    (lane as i32 as i64).clamp(-half - 1, half) as u32 & max
                }
                ChannelKind::Unorm => {
                    let f = f32::from_bits(lane);
                    let f = if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) };
                    (f as f64 * max as f64).round_ties_even() as u32
                }
            };
            for b in 0..width {
                bytes[at as usize + b] = (raw >> (8 * b)) as u8;
            }
        }
    }
}

impl std::fmt::Display for SurfaceFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_sizes() {
        for format in SurfaceFormat::ALL {
            assert_eq!(SurfaceFormat::parse(format.name()), Some(format));
            assert!(format.bytes().is_power_of_two());
        }
        assert_eq!(SurfaceFormat::parse("B8G8R8A8_UNORM"), Some(SurfaceFormat::B8G8R8A8Unorm));
        assert_eq!(SurfaceFormat::parse("rgba8"), None);
    }

    #[test]
    fn bgra_swaps_red_and_blue_and_unorm_scales() {
        let element = [10u8, 20, 30, 255]; // B G R A in memory
        let lanes = SurfaceFormat::B8G8R8A8Uint.decode(&element);
        assert_eq!(lanes, [30, 20, 10, 255]);
        let lanes = SurfaceFormat::B8G8R8A8Unorm.decode(&element);
        assert_eq!(f32::from_bits(lanes[3]), 1.0);
        assert_eq!(f32::from_bits(lanes[0]), 30.0 / 255.0);
        let mut back = [0u8; 4];
        SurfaceFormat::B8G8R8A8Unorm.encode(lanes.map(Some), &mut back);
        assert_eq!(back, element);
    }

    #[test]
    fn missing_channels_and_unorm_clamping() {
        assert_eq!(SurfaceFormat::R32Uint.decode(&7u32.to_le_bytes()), [7, 0, 0, 1]);
        assert_eq!(SurfaceFormat::R16Unorm.decode(&[0xff, 0xff])[3], 1f32.to_bits());
        let mut byte = [0u8];
        SurfaceFormat::R8Unorm.encode([Some(2.0f32.to_bits()), None, None, None], &mut byte);
        assert_eq!(byte, [255]);
        SurfaceFormat::R8Unorm.encode([Some(f32::NAN.to_bits()), None, None, None], &mut byte);
        assert_eq!(byte, [0]);
        SurfaceFormat::R8Unorm.encode([Some(0.5f32.to_bits()), None, None, None], &mut byte);
        assert_eq!(byte, [128]); // 127.5 rounds to even
        let mut word = [0u8; 2];
        SurfaceFormat::R16Uint.encode([Some(0x12345), None, None, None], &mut word);
        assert_eq!(word, [0xff, 0xff]); // saturated, not truncated
        SurfaceFormat::R16Uint.encode([Some(0x1234), None, None, None], &mut word);
        assert_eq!(word, [0x34, 0x12]);
        let mut pair = [0u8; 2];
        SurfaceFormat::R8G8Uint.encode([Some(7), Some(300), Some(9), None], &mut pair);
        assert_eq!(pair, [7, 255]);
        assert_eq!(SurfaceFormat::R8G8Uint.decode(&pair), [7, 255, 0, 1]);
    }
}
