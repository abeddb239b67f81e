//! `cmc`: the driver.
//!
//! Modes today:
//! - opt-like: `cmc -passes=<pipeline> in.ll [-S] [-o out]` runs GenX and LLVM passes in-process with exactly
//!   opt's pipeline syntax (the pass registry is linked in; no plugin, no subprocess);
//! - `cmc validate before.ll after.ll`: translation validation on the CPU executor;
//! - `cmc run k.ll --arg ... --surface ...`: run a kernel on the CPU over a thread grid (CPU emulation);
//! - `cmc inspect k.bin`: the container and kernels of a device binary;
//! - `cmc -print-passes`, `cmc --version`.
//!
//! - compiler: `cmc [-E | -emit-llvm [-S]] file.cpp [-o out]` (see `compile`).
//!
//! Invariants: bad input never panics; every error is one line starting with `cmc: error:` (or an LLVM-located
//! `file:line:col: error:`) and a non-zero exit; an output file is written whole or not at all.

mod args;
mod compat;
mod compile;
mod inspect_cmd;
mod opt_mode;
mod output;
mod run_cmd;
mod run_visa;
mod validate_cmd;
mod version;

use std::process::ExitCode;

/// mimalloc, built with `override`: besides Rust's allocations it defines `malloc`/`free` for the whole process, so
/// libLLVM's (and libstdc++'s `operator new`) resolve to it too. The GenX passes create and erase LLVM instructions
/// by the tens of thousands per module; under glibc's allocator that churn spends much of its time walking free
/// lists (unlink_chunk, malloc_consolidate). The middle-end benchmark (`cargo bench -p genx-exec --bench pipeline`)
/// links the same allocator to measure what cmc does; `opt -load-pass-plugin` keeps opt's own allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().collect();
    // Subcommands come first; anything else is the compiler's command line.
    match argv.get(1).map(String::as_str) {
        Some("validate") => return validate_cmd::main(&argv[1..]),
        Some("run") => return run_cmd::main(&argv[1..]),
        Some("inspect") => return inspect_cmd::main(&argv[1..]),
        _ => {}
    }
    let options = match args::parse(&argv) {
        Ok(options) => options,
        Err(args::ParseError::Clap(err)) => {
            // clap's own rendering for --help, and usage errors with a hint.
            let code = if err.use_stderr() { 1 } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
        Err(args::ParseError::Message(message)) => {
            eprintln!("cmc: error: {message}");
            return ExitCode::FAILURE;
        }
    };
    if options.version {
        print!("{}", version::report());
        return ExitCode::SUCCESS;
    }
    if options.print_passes {
        for pass in genx_passes::registry::PASSES {
            println!("{:<24} {}", pass.name, pass.description);
        }
        return ExitCode::SUCCESS;
    }
    let result = match &options.passes {
        Some(pipeline) => opt_mode::run(&options, pipeline),
        None => compile::run(&options),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("cmc: error: {message}");
            }
            ExitCode::FAILURE
        }
    }
}
