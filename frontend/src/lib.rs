//! The CM front end: upstream clang-14 with our CM header library, producing LLVM IR with `llvm.genx.*` calls.
//!
//! The API the driver uses: a [`Job`] (one CM source file and the options that shape it), [`preprocess`] (`-E`)
//! and [`compile`] (clang, then the front-end pipeline [`LOWER_PIPELINE`] in-process: inlining of the header
//! library, `genx-cm-lower`, cleanup). The result is GenX IR at the level ISPC and DPC++ ESIMD produce:
//! `llvm.genx.*` calls and `!genx.kernels`, ready for the middle end and the vc-bridge.
//!
//! Design decisions (why it is built this way):
//! - **clang as a subprocess**, not linked: the project links only `libLLVM-14.so` (never libclang-cpp), and a
//!   crashing clang cannot take the driver down. Its diagnostics are passed on to the user's stderr as clang
//!   wrote them (located); it runs under memory, CPU and wall-clock limits (`limits`), so a runaway on hostile
//!   input is one sentence, not minutes or gigabytes.
//! - **Nothing in the cache is trusted** (`cache`, `embed`): clang loads the plugin and reads the headers from
//!   a per-user directory that passes ownership and mode checks, and their bytes are compared with the
//!   embedded copies before every compilation.
//! - **CM as a C++ library** over clang's extended vectors (`cm_common.h` states the conventions): no clang
//!   fork. What C++ cannot express is handled after clang: intrinsic names and overloads (neutral calls, mapped by
//!   genx-cm-lower through the intrinsic table), the kernel description (annotations), and `[[type("...")]]`
//!   (the clang plugin in `plugin/`, embedded and materialised with the headers).
//! - **References are pointers to their root object** plus byte offsets; genx-cm-lower makes each access one
//!   region of the root, so nested selects, formats and reference parameters need no copies.
//! - **Everything but kernels is inlined** (`prepare.rs`), as cmc does; a user's `noinline` is not kept.
//! - **Line tables are always on** (stripped again without `-g`), so lowering errors name the user's line.
//! - **`cm/cm.h` is precompiled** once per configuration (`pch.rs`: clang binary, target, `-std`, platform
//!   macros, `-g`) into the cache directory the headers are materialised in, and used with `-include-pch`: it
//!   takes the headers' parse (about 25 ms) out of every compilation. A job whose `-D/-U/-I/-Xclang` could
//!   change the headers' meaning, or a PCH clang rejects, takes the plain `-include` path; the IR is the same.
//!
//! - **What cmc accepts and C++ does not, by rewriting on failure** (`rewrite.rs`): CM's member templates
//!   without `template` in dependent contexts (`in.select<8, 1>(0)` in a function template), and a vector or
//!   matrix passed to a function template's `vector_ref<T, N>`/`matrix_ref<T, R, C>` parameter (C++ deduces
//!   nothing through the conversion). A source that fails to compile is compiled again with `template`
//!   inserted, or the argument wrapped in a reference; diagnostics and debug columns are mapped back.
//!
//! Not supported: non-inlined functions taking references (stack calls), the
//! `_GENX_FLOAT_CONTROL_`/`_CM_CALLABLE_`-style attributes, `vector<SurfaceIndex, N>`.
//!
//! Architecture invariant: the front end never panics on user input; clang's diagnostics pass through with
//! their `file:line:col`, and the lowering passes report located errors.

pub mod cache;
pub mod clang;
mod driver;
pub mod embed;
pub mod limits;
mod rewrite;
mod pch;
mod prepare;
mod relocate;

use std::path::PathBuf;

use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::module::Module;
use genx_passes::platform::Platform;

/// The in-process pipeline run on clang's output: the header library is inlined and its neutral calls become
/// GenX intrinsics (see `include/cm/cm_common.h` for the convention).
///
/// The `sroa,early-cse` after `genx-cm-lower` promotes the objects that references pointed into (a reference is
/// a pointer until genx-cm-lower turns its reads and writes into load + region + store) and folds the offset
/// arithmetic the rewrites leave. `genx-simdcf-lower` then turns SIMD control flow into goto/join on that SSA
/// form; it carries values across SIMD control flow in stack slots written under the execution mask, which the
/// `sroa,early-cse` after it promotes back to SSA values. `dse,dce` remove the copies of references' tail
/// padding and the offset arithmetic genx-cm-lower left unused, `globaldce` what the kernels no longer reach
/// (inlined functions, the annotations' strings).
pub const LOWER_PIPELINE: &str =
    "always-inline,sroa,early-cse,genx-cm-lower,sroa,early-cse,genx-simdcf-lower,sroa,early-cse,dse,dce,globaldce";

/// A `-D` or `-U`, kept in command-line order (clang applies them in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MacroArg {
    /// `NAME` or `NAME=VALUE`.
    Define(String),
    Undefine(String),
}

/// One front-end job.
#[derive(Clone, Debug)]
pub struct Job {
    /// The source file; with `source`, only the name (cmc passes `-`).
    pub input: PathBuf,
    /// The source itself when it is not read from `input` (cmc's `-`, stdin): clang reads it from its standard
    /// input and its diagnostics name it `<stdin>`.
    pub source: Option<Vec<u8>>,
    pub macros: Vec<MacroArg>,
    /// `-I`, in order.
    pub include_dirs: Vec<PathBuf>,
    /// `-isystem`, in order.
    pub system_include_dirs: Vec<PathBuf>,
    /// `-include`, in order.
    pub pre_includes: Vec<PathBuf>,
    /// `-std=`; the default is C++17.
    pub std: Option<String>,
    /// Selects `CM_GENX`, `CM_HAS_*` and the other predefined macros.
    pub platform: &'static Platform,
    /// `-Qxcm_revid` (`CM_GENX_REVID`).
    pub revision_id: Option<u32>,
    /// `-g`: debug locations in the IR.
    pub debug_info: bool,
    /// 32 or 64 (`-m32`/`-m64`, `CM_PTRSIZE`).
    pub pointer_size: u32,
    /// `-Xclang` arguments, passed to clang's cc1 as they are.
    pub clang_args: Vec<String>,
    /// Use the cached precompiled `cm/cm.h` when the job allows it (the result is the same IR; see
    /// `src/pch.rs`). Off: clang parses the headers at every compilation.
    pub precompiled_header: bool,
}

impl Job {
    /// A job for `input` on `platform` with nothing else asked: no macros or include options, the default C++
    /// standard, 64-bit pointers, no debug information, the precompiled header allowed.
    pub fn new(input: PathBuf, platform: &'static Platform) -> Job {
        Job {
            input,
            source: None,
            macros: Vec::new(),
            include_dirs: Vec::new(),
            system_include_dirs: Vec::new(),
            pre_includes: Vec::new(),
            std: None,
            platform,
            revision_id: None,
            debug_info: false,
            pointer_size: 64,
            clang_args: Vec::new(),
            precompiled_header: true,
        }
    }
}

/// Why a job failed.
#[derive(Debug, PartialEq, Eq)]
pub enum Error {
    /// Located diagnostics were already printed to stderr (by clang or by a lowering pass).
    Reported,
    /// A sentence for the driver to print as `cmc: error: ...` (missing clang, unreadable input, ...).
    Message(String),
}

/// `-E`: the preprocessed source, with the CM headers and predefined macros in effect.
pub fn preprocess(job: &Job) -> Result<Vec<u8>, Error> {
    driver::preprocess(job)
}

/// Compiles the job's source to GenX IR in `context` (clang, then [`LOWER_PIPELINE`]).
pub fn compile<'ctx>(job: &Job, context: &'ctx Context) -> Result<Module<'ctx>, Error> {
    let (bitcode, rewrite) = driver::compile_to_bitcode(job)?;
    let buffer = genx_passes::inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(&bitcode, "cm");
    let module = context
        .create_module_from_ir(buffer)
        .map_err(|e| Error::Message(format!("clang's output did not parse as LLVM IR: {}", e.to_string().trim())))?;
    if let Some(rewrite) = rewrite {
        rewrite.map_debug_columns(&module);
    }
    if prepare::check(&module) > 0 {
        return Err(Error::Reported);
    }
    prepare::run(&module, job.platform);
    genx_passes::pipeline::run(&module, LOWER_PIPELINE, Default::default()).map_err(|e| match e {
        genx_passes::pipeline::PipelineError::PassErrors => Error::Reported,
        other => Error::Message(other.to_string()),
    })?;
    prepare::finish(&module, job.debug_info);
    Ok(module)
}

/// How many compilations of this process clang finished with the precompiled header (for tests and
/// measurements: a job that could not use it, or that was compiled again without it, does not count).
pub fn precompiled_header_uses() -> usize {
    pch::USES.load(std::sync::atomic::Ordering::Relaxed)
}

/// Where the precompiled `cm/cm.h` this job would use is cached (built or not), or `None` when the job is
/// compiled with the plain `-include` (see `src/pch.rs`).
pub fn precompiled_header_path(job: &Job) -> Result<Option<PathBuf>, Error> {
    driver::precompiled_header_path(job)
}

/// The one C++ standard used when the job names none.
pub const DEFAULT_STD: &str = "c++17";
