//! The hand-off of GenX IR to Intel's IGC vector-compute backend.
//!
//! Today: discovery and versions of the external tools the bridge drives ([`tools`]). The SPIR-V writer
//! (llvm-spirv-14 with the vector-compute extensions), the ocloc invocation and the kernel-count check of the
//! produced binary arrive with the vc-bridge issue.
//!
//! Architecture invariant: only this crate knows IGC's conventions (argument kinds as types, `VCFunction`,
//! ocloc's options and output names).

pub mod tools;
