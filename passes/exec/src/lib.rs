//! Executable GenX semantics: an interpreter for LLVM 14 IR with `llvm.genx.*` intrinsics.
//!
//! There is no Intel GPU on any machine of this project, so this crate is how the project knows it is right:
//! every transforming pass is validated by running the IR before and after it on random inputs, and `cmc run`
//! gives CM programmers back the CPU emulation mode they lost with cm-cpu-emulation.
//!
//! Phases: [`decode`] turns a module into a compact [`program::Program`] once; [`interp`] runs it thread by
//! thread over [`memory`]; [`intrinsics`] holds each intrinsic's semantics, written once from the formulas.
//!
//! Invariants: no LLVM type is used after decoding; nothing panics on any module or input; every fault names
//! the function and instruction (and the lane and address for memory faults).

pub mod decode;
pub mod format;
pub mod fuzz;
pub mod generate;
pub mod grid;
pub mod interp;
pub mod intrinsics;
pub mod machine;
pub mod memory;
pub mod ops;
pub mod program;
pub mod validate;
pub mod value;
pub mod visa;
pub mod visa_fuzz;
