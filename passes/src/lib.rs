//! GenX middle end: the passes that take `llvm.genx.*` IR from the front end (or from ISPC / DPC++ ESIMD) to the
//! form IGC's vector-compute backend finalizes, and the intrinsic table they all read.
//!
//! Code map:
//! - [`intrinsics`]: the table generated from `intrinsics.td` (names, overloads, operand roles, attributes).
//! - [`registry`]: the one list of passes, read by the opt plugin and by `cmc -passes=`.
//! - [`verify`]: `genx-verify`, the checker of GenX intrinsic calls.
//! - [`platform`]: the platform table (GRF size, execution sizes, features, every accepted name).
//! - [`pipeline`]: running an opt-syntax pipeline in-process.
//! - [`region_ir`]: reading region calls into the `genx-region` algebra and building them back.
//! - the passes, one file (or folder) each, named as in the registry: `cm_lower` and `simdcf_lower` (the CM front
//!   end's), `target`, `lowering`, `promote_array`, `region_collapse`, `const_fold`, `dead_vector`,
//!   `vector_decompose`, `baling`, `legalize`.
//! - [`diag`], [`ir`]: located diagnostics and read-only IR helpers; [`callee_cache`]: what a pass concluded
//!   about a called function, kept across its runs over a module's functions.
//! - [`input`]: reading IR from a user (file checks, size and shape limits, parse, located verification);
//!   [`limits`]: the input limits and the checked conversion of user numbers to sizes; [`fatal`]: LLVM's fatal
//!   errors as `error:` lines naming the phase, with temporary files removed.
//! - `plugin` (private): the `extern "C"` edge to cpp/glue.cpp and `llvmGetPassPluginInfo`.
//!
//! Invariants: passes do no I/O besides diagnostics on stderr; nothing panics across the FFI edge.

/// The LLVM C API this crate is built on, for the crates that decode IR with it (one LLVM, one binding).
pub extern crate llvm_sys_140 as llvm_sys;
pub use inkwell;

pub mod baling;
pub mod bti;
pub mod callee_cache;
pub mod cm_lower;
pub mod column_write;
pub mod const_fold;
pub mod constant_branches;
pub mod constant_loads;
pub mod spir_kernels;
pub mod ieee_emulate;
pub mod dead_vector;
pub mod float_narrow;
pub mod diag;
pub mod fatal;
pub mod inline_calls;
pub mod input;
pub mod intrinsics;
pub mod int_narrow;
pub mod ir;
pub mod ir_write;
pub mod lane_loop;
pub mod legalize;
pub mod limits;
pub mod lowering;
pub mod mad;
pub mod mul_narrow;
pub mod partial_op;
pub mod pipeline;
pub mod platform;
mod plugin;
pub mod promote_array;
pub mod region_unroll;
pub mod region_collapse;
pub mod region_ir;
pub mod registry;
pub mod simdcf_lower;
pub mod target;
pub(crate) mod truth;
pub mod vector_decompose;
pub mod verify;
pub mod visa_emit;
pub mod window_sum;

/// The LLVM this crate was built against (from `llvm-config` at build time).
pub const LLVM_VERSION: &str = env!("GENX_LLVM_VERSION");
/// The directory holding that LLVM's tools (`opt`, `FileCheck`, `clang`).
pub const LLVM_BINDIR: &str = env!("GENX_LLVM_BINDIR");
