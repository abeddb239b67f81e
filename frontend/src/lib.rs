//! The CM front end: upstream clang-14 with our CM header library, producing LLVM IR with `llvm.genx.*` calls.
//!
//! Today: locating the clang that belongs to the LLVM this build uses ([`clang`]). The CM headers, the clang
//! invocation and `genx-cm-lower` arrive with the front-end issue.
//!
//! Architecture invariant: the front end never panics on user input; clang's diagnostics pass through with
//! their `file:line:col`.

pub mod clang;
