//! The state an executing thread sees besides its own frames: memory, surfaces, its ids, its group's SLM.
//!
//! Intrinsic semantics functions receive a [`Ctx`]; they never see the interpreter.

use std::collections::BTreeMap;

use crate::format::SurfaceFormat;
use crate::memory::{Fault, Memory};
use crate::value::{Ty, Value};

/// Ids of one thread of the dispatch grid (one CM thread = one work item of the OpenCL-style grid).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadIds {
    pub group_id: [u32; 3],
    pub local_id: [u32; 3],
    pub local_size: [u32; 3],
    pub group_count: [u32; 3],
}

impl ThreadIds {
    /// A lone thread: group 0 of 1, local id 0 of 1.
    pub fn single() -> Self {
        ThreadIds { group_id: [0; 3], local_id: [0; 3], local_size: [1; 3], group_count: [1; 3] }
    }

    /// Global id in dimension `d` (the media-walker thread origin for `thread.x/y`).
    pub fn global_id(&self, d: usize) -> u32 {
        self.group_id[d] * self.local_size[d] + self.local_id[d]
    }
}

/// What a binding-table index designates.
///
/// Widths are in bytes (a whole number of elements of the format); heights and depths in rows and slices. An
/// image has one mip level and, except [`SurfaceKind::Image3D`], one slice. Media block messages address a 2D
/// image (or a plane of an NV12 surface) in bytes and clamp by element; typed and sampler messages address an
/// image in elements and convert through its format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SurfaceKind {
    /// A linear buffer of `size` bytes.
    Buffer { size: u64 },
    /// A 1D image: `width` bytes, one row.
    Image1D { width: u32, format: SurfaceFormat },
    /// A 2D image: `height` rows of `width` bytes, `pitch` bytes apart.
    Image2D { width: u32, height: u32, pitch: u32, format: SurfaceFormat },
    /// A 3D image: `depth` slices of `height` rows of `width` bytes; rows `pitch` bytes apart, slices
    /// `slice_pitch` bytes apart.
    Image3D { width: u32, height: u32, depth: u32, pitch: u32, slice_pitch: u32, format: SurfaceFormat },
    /// An NV12 (4:2:0, 8-bit) planar surface of `width`x`height` pixels, both even: plane 0 (Y) is `height` rows
    /// of `width` bytes, plane 1 (UV) follows at `pitch·height` and is `height/2` rows of `width/2` interleaved
    /// U, V byte pairs; both planes have the row pitch `pitch`.
    Nv12 { width: u32, height: u32, pitch: u32 },
}

/// One 2D plane of a surface as a media block message sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plane {
    /// Byte offset of the plane from the surface's base.
    pub offset: u64,
    /// In bytes.
    pub width: u32,
    pub height: u32,
    pub pitch: u32,
    /// The element out-of-bounds reads clamp by (`r8_uint` for Y, `r8g8_uint` for NV12's UV pairs).
    pub format: SurfaceFormat,
}

/// The image of a typed or sampler message, in elements: `width`x`height`x`depth` elements of `format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypedView {
    pub width: u32,
    pub height: u32,
    pub depth: u32,
    pub pitch: u32,
    pub slice_pitch: u32,
    pub format: SurfaceFormat,
    /// How many coordinates (u; u, v; u, v, r) address it.
    pub dims: u32,
}

impl SurfaceKind {
    /// Bytes of storage the surface takes.
    pub fn storage_bytes(&self) -> u64 {
        match *self {
            SurfaceKind::Buffer { size } => size,
            SurfaceKind::Image1D { width, .. } => width as u64,
            SurfaceKind::Image2D { height, pitch, .. } => height as u64 * pitch as u64,
            SurfaceKind::Image3D { depth, slice_pitch, .. } => depth as u64 * slice_pitch as u64,
            SurfaceKind::Nv12 { height, pitch, .. } => (height as u64 + height as u64 / 2) * pitch as u64,
        }
    }

    /// Plane `index` for a media block message: plane 0 of a 2D image is the image; an NV12 surface has planes
    /// 0 (Y) and 1 (UV). `None` when the surface has no such plane.
    pub fn plane(&self, index: u32) -> Option<Plane> {
        match (self, index) {
            (&SurfaceKind::Image2D { width, height, pitch, format }, 0) => {
                Some(Plane { offset: 0, width, height, pitch, format })
            }
            (&SurfaceKind::Nv12 { width, height, pitch }, 0) => {
                Some(Plane { offset: 0, width, height, pitch, format: SurfaceFormat::R8Uint })
            }
            (&SurfaceKind::Nv12 { width, height, pitch }, 1) => Some(Plane {
                offset: pitch as u64 * height as u64,
                width,
                height: height / 2,
                pitch,
                format: SurfaceFormat::R8G8Uint,
            }),
            _ => None,
        }
    }

    /// The surface as typed and sampler messages address it, if it is an image.
    pub fn typed_view(&self) -> Option<TypedView> {
        let view = |width: u32, height, depth, pitch, slice_pitch, format: SurfaceFormat, dims| TypedView {
            width: width / format.bytes(),
            height,
            depth,
            pitch,
            slice_pitch,
            format,
            dims,
        };
        match *self {
            SurfaceKind::Image1D { width, format } => Some(view(width, 1, 1, width, width, format, 1)),
            SurfaceKind::Image2D { width, height, pitch, format } => {
                Some(view(width, height, 1, pitch, pitch.saturating_mul(height), format, 2))
            }
            SurfaceKind::Image3D { width, height, depth, pitch, slice_pitch, format } => {
                Some(view(width, height, depth, pitch, slice_pitch, format, 3))
            }
            SurfaceKind::Buffer { .. } | SurfaceKind::Nv12 { .. } => None,
        }
    }
}

/// The kind of surface an access through an unbound index needs; the translation validator binds one of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SurfaceNeed {
    /// A linear message: a buffer.
    Buffer,
    /// A typed or sampler message: an image; the validator binds a 2D one of this format.
    Image(SurfaceFormat),
    /// A media block message: a 2D image or an NV12 surface; the validator binds an NV12 surface, whose plane 0
    /// is a byte image, so that kernels reading both planes of one surface validate.
    Media,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Surface {
    pub name: String,
    /// Address of the surface's storage in [`Memory`].
    pub base: u64,
    pub kind: SurfaceKind,
}

/// Binding table: BTI → surface.
pub type Surfaces = BTreeMap<u32, Surface>;

/// How a sampler picks texels around a sampling position (the sampler state's min/mag filter).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SamplerFilter {
    /// The texel the position falls in.
    Nearest,
    /// The bilinear (trilinear on a 3D image) mix of the texels around the position.
    #[default]
    Linear,
}

/// What a sampler reads for a texel index outside the image (the sampler state's addressing mode; one mode for
/// every axis).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum SamplerAddress {
    /// The nearest edge texel.
    #[default]
    Clamp,
    /// The image repeats: index `i` reads `i mod n`.
    Wrap,
    /// The image repeats mirrored: period `2n`, the second half read backwards.
    Mirror,
    /// The border colour, R, G, B, A, as the channels' decoded values (unorm channels in [0, 1]).
    Border([f32; 4]),
}

/// The state the host binds to a sampler index (`SamplerIndex` argument): what filtered sampling
/// ([`crate::intrinsics::mem::sampler`]) does with the image. The default is the CPU sampler model's historical
/// state: linear filtering, clamp to edge.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SamplerState {
    pub filter: SamplerFilter,
    pub address: SamplerAddress,
}

impl SamplerFilter {
    /// The filters by the names `cmc run` takes (`--sampler`, docs/run.md "Samplers").
    pub const NAMES: [(&'static str, SamplerFilter); 2] = [("nearest", SamplerFilter::Nearest), ("linear", SamplerFilter::Linear)];
}

impl SamplerAddress {
    /// The addressing modes by the names `cmc run` takes; `border` takes its colour separately.
    pub const NAMES: [&'static str; 4] = ["clamp", "wrap", "mirror", "border"];
}

/// Sampler table: sampler index → state. An index with no entry has the default state.
pub type Samplers = BTreeMap<u32, SamplerState>;

/// BTI of shared local memory in the legacy dataport messages (`cm_slm_read` and friends).
pub const SLM_BTI: u32 = 254;
/// BTI of stateless (flat) accesses.
pub const STATELESS_BTI: u32 = 255;

/// What an access outside a surface's bounds does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoundsPolicy {
    /// Stop with a fault naming the kernel, instruction, lane and address (the default: on hardware such an
    /// access is usually a bug, even where the surface state makes it harmless).
    #[default]
    Report,
    /// Do what the hardware does with surface bounds checking: out-of-bounds reads return zero and
    /// out-of-bounds writes are dropped. (Media block reads always clamp to the edge, as documented, whatever
    /// the policy: kernels rely on it at image borders.)
    Hardware,
}

/// Execution context of one intrinsic call.
pub struct Ctx<'a> {
    pub memory: &'a mut Memory,
    pub surfaces: &'a Surfaces,
    /// The sampler states bound by index (unbound indices have the default state).
    pub samplers: &'a Samplers,
    pub ids: &'a ThreadIds,
    /// Base address of the thread group's SLM allocation, if the kernel has SLM.
    pub slm: Option<u64>,
    /// Set by `barrier`: the interpreter suspends the thread after the call.
    pub barrier: bool,
    pub bounds: BoundsPolicy,
    /// The thread's `printf` output so far ([`crate::grid`] hands it over in thread order).
    pub printf: &'a mut Vec<u8>,
}

impl Ctx<'_> {
    /// The state of sampler `index`: the bound one, else the default.
    pub fn sampler(&self, index: u32) -> SamplerState {
        self.samplers.get(&index).copied().unwrap_or_default()
    }

    /// The surface bound at `bti`, for a linear (buffer) message.
    pub fn surface(&self, bti: u32) -> Result<&Surface, Fault> {
        self.bound_surface(bti, SurfaceNeed::Buffer)
    }

    /// The surface bound at `bti`, for a message that needs the kind `need` (the caller checks a bound one).
    pub fn bound_surface(&self, bti: u32, need: SurfaceNeed) -> Result<&Surface, Fault> {
        self.surfaces.get(&bti).ok_or_else(|| Fault::Unbound {
            bti,
            need,
            bound: if self.surfaces.is_empty() {
                "none".to_string()
            } else {
                self.surfaces.keys().map(|k| k.to_string()).collect::<Vec<_>>().join(", ")
            },
        })
    }
}

/// One intrinsic call: its full name, types and evaluated arguments.
pub struct Call<'a> {
    pub name: &'a str,
    pub ret: &'a Ty,
    pub arg_tys: &'a [Ty],
    pub args: &'a [Value],
}
