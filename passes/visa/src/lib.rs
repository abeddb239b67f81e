//! `genx-visa`: the back end's machine-level IR, one vISA kernel as data, with its `.visaasm` printer and its
//! verifier.
//!
//! # Why
//! The back end lifts a kernel's baled, legalized LLVM IR once into this IR (genx-passes' `visa_emit`), and
//! the back end's decisions (register categories, which values share a variable, where a copy is needed) are
//! made on it, not in side tables next to LLVM. IGC's vISA finalizer (`GenX_IR`, driven by `vc-bridge`) then
//! does register allocation, scheduling and encoding from the printed text.
//!
//! # Model
//! * [`Kernel`]: variables, inputs (`.input` at a byte offset of the thread payload), labels and blocks.
//! * [`Var`]: a register category ([`Category`]: general with element type and count, predicate, address,
//!   surface, sampler) and an origin: declared, an alias of another general variable at a byte offset
//!   (bitcasts cost nothing), or one of vISA's predefined variables (`%thread_x`, ...).
//! * [`Inst`]: exactly one vISA instruction: ALU (opcode, `.sat`, execution size and mask offset / NoMask,
//!   predicate, destination region, source regions with modifiers or immediates), compare to a predicate or
//!   to a general destination, predicate logic, jump, SIMD `goto` (vISA has no join instruction: a join is the
//!   label the gotos name), return, the block messages (oword, media), ([`message`]) the per-lane messages
//!   (scaled, untyped, typed, DWORD and SVM atomics, SVM gather/scatter), barrier, fence and surface bindings,
//!   address arithmetic and indirect moves, and the lowering's whole-variable copies, which coalescing removes
//!   or expands before printing.
//! * Operands address variables in bytes; the printer converts to vISA's `(row, column)`.
//!
//! # Invariants
//! This crate has no dependencies and knows nothing of LLVM: it is the vISA side of the back end. A kernel
//! handed to the printer has passed [`verify`]; the printer never fails.
//!
//! * Analyses: [`liveness`] (live roots per block, interference) and [`coalesce`] (copies removed where the
//!   two variables do not interfere, the rest expanded into moves), then [`address`] (an `addr_add` that
//!   repeats the previous one's address removed).
//!
//! # Not handled yet
//! Subroutine calls, sampler messages, LSC messages.

pub mod address;
pub mod coalesce;
pub mod ir;
pub mod jumps;
pub mod liveness;
pub mod message;
pub mod opcodes;
pub mod print;
pub mod verify;

pub use ir::*;
pub use message::{FenceKind, Message};
pub use print::render;
pub use verify::verify;
