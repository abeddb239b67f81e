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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SurfaceKind {
    /// A linear buffer of `size` bytes.
    Buffer { size: u64 },
    /// A 2D surface: `width` in bytes (a whole number of elements of `format`), `height` rows, `pitch` bytes
    /// between rows. Media block messages address it in bytes and clamp by element; typed messages address it in
    /// elements and convert through the format.
    Image2D { width: u32, height: u32, pitch: u32, format: SurfaceFormat },
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
    /// The surface bound at `bti`, for a linear (buffer) message.
    pub fn surface(&self, bti: u32) -> Result<&Surface, Fault> {
        self.bound_surface(bti, false)
    }

    /// The surface bound at `bti`, for a media block message (which needs a 2D surface; the caller checks the
    /// kind of a bound one).
    pub fn image_surface(&self, bti: u32) -> Result<&Surface, Fault> {
        self.bound_surface(bti, true)
    }

    fn bound_surface(&self, bti: u32, image: bool) -> Result<&Surface, Fault> {
        self.surfaces.get(&bti).ok_or_else(|| Fault::Unbound {
            bti,
            image,
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
