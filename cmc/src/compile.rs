//! The compiler mode: `cmc [options] input` without `-passes=`.
//!
//! What the input and the output-kind flags select (cmc-compat.md §1.2):
//! - CM source (`.cpp`, `.cc`, `.cm`, `.c`, `.cxx`): `-E` preprocesses; `-emit-llvm [-S]` runs the front end
//!   (clang + its lowering pipeline) and writes the GenX IR.
//!
//! Every output is written whole or not at all (`output::write`).

use std::path::{Path, PathBuf};

use genx_passes::inkwell::context::Context;
use genx_passes::platform::{self, Platform};

use crate::args::Options;
use crate::output;

/// What the input file is, by its suffix (as cmc's driver decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    CmSource,
    LlvmText,
    LlvmBitcode,
    SpirV,
}

impl InputKind {
    pub fn of(path: &str) -> Option<InputKind> {
        let extension = Path::new(path).extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "cpp" | "cc" | "cm" | "c" | "cxx" | "c++" => InputKind::CmSource,
            "ll" => InputKind::LlvmText,
            "bc" => InputKind::LlvmBitcode,
            "spv" => InputKind::SpirV,
            _ => return None,
        })
    }
}

pub fn run(options: &Options) -> Result<(), String> {
    let input = options.input.as_deref().ok_or("no input file")?;
    let kind = InputKind::of(input)
        .ok_or_else(|| format!("cannot tell what '{input}' is from its name; expected .cpp/.cc/.cm (CM source), .ll, .bc or .spv"))?;
    if kind != InputKind::CmSource && input != "-" && !Path::new(input).is_file() {
        return Err(format!("no such file: '{input}'"));
    }
    match kind {
        InputKind::CmSource => compile_source(options, input),
        _ => Err(format!("compiling '{input}' to a binary is not available yet (use -passes= to run passes on IR)")),
    }
}

fn compile_source(options: &Options, input: &str) -> Result<(), String> {
    if !Path::new(input).is_file() {
        return Err(format!("no such file: '{input}'"));
    }
    let platform = target(options)?;
    let job = front_end_job(options, input, platform);
    if options.preprocess {
        let text = cm_frontend::preprocess(&job).map_err(front_end_error)?;
        return output::write(options.output.as_deref().unwrap_or("-"), &text);
    }
    if !options.emit_llvm {
        return Err("compiling CM source to a binary is not available yet; use -emit-llvm [-S]".to_string());
    }
    let context = Context::create();
    let module = cm_frontend::compile(&job, &context).map_err(front_end_error)?;
    let destination = options.output.clone().unwrap_or_else(|| if options.emit_text { "a.ll" } else { "a.bc" }.to_string());
    if options.emit_text {
        output::write(&destination, module.print_to_string().to_bytes())
    } else {
        if destination == "-" && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
            return Err("refusing to write bitcode to a terminal; use -S for text or -o <file>".to_string());
        }
        output::write(&destination, module.write_bitcode_to_memory().as_slice())
    }
}

/// The target platform: -Qxcm_jit_target, then -mcpu, then -march; [`platform::DEFAULT`] when none is given.
pub fn target(options: &Options) -> Result<&'static Platform, String> {
    platform::find(options.platform().unwrap_or(platform::DEFAULT)).map_err(|unknown| unknown.to_string())
}

/// The front end's job from the command line.
pub fn front_end_job(options: &Options, input: &str, platform: &'static Platform) -> cm_frontend::Job {
    let paths = |list: &[String]| list.iter().map(PathBuf::from).collect::<Vec<_>>();
    cm_frontend::Job {
        input: PathBuf::from(input),
        macros: options.macros.clone(),
        include_dirs: paths(&options.include_dirs),
        system_include_dirs: paths(&options.system_include_dirs),
        pre_includes: paths(&options.pre_includes),
        std: options.std.clone(),
        platform,
        revision_id: None,
        debug_info: options.debug_level.unwrap_or(0) > 0,
        pointer_size: if options.m32 { 32 } else { 64 },
        clang_args: options.xclang.clone(),
    }
}

fn front_end_error(error: cm_frontend::Error) -> String {
    match error {
        // Located diagnostics are on stderr already.
        cm_frontend::Error::Reported => String::new(),
        cm_frontend::Error::Message(message) => message,
    }
}
