//! `cmc validate before.ll after.ll`: translation validation of a pipeline's output against its input.
//!
//! Exit status: 0 when every function agrees on every trial; 1 on the first mismatch (printed with the function,
//! the inputs, the place and both values); 3 when a function cannot be validated (the construct is named);
//! 2 for bad usage or unreadable input.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use genx_exec::validate::{self, Options, Verdict};

#[derive(Parser, Debug)]
#[command(name = "cmc validate", about = "Check that two LLVM IR modules compute the same results on random inputs")]
struct Args {
    /// The module before the transformation.
    before: PathBuf,
    /// The module after the transformation.
    after: PathBuf,
    /// Trials per function.
    #[arg(long, default_value_t = Options::default().trials)]
    trials: u32,
    /// Seed of the input generator (the same seed reproduces the same inputs).
    #[arg(long, default_value_t = Options::default().seed)]
    seed: u64,
    /// Bytes of each buffer passed for a pointer argument (at most 1 GiB, the executor's allocation limit).
    #[arg(long, default_value_t = Options::default().buffer_bytes, value_parser = buffer_bytes)]
    buffer_bytes: u64,
    /// Steps (executed instructions) a trial of the `before` module may take; `after` may take 16 times as many.
    #[arg(long, default_value_t = Options::default().step_limit)]
    step_limit: u64,
    /// Print the summary even when everything agrees.
    #[arg(short, long)]
    verbose: bool,
}

/// `--buffer-bytes`: a size within the executor's allocation limit.
fn buffer_bytes(text: &str) -> Result<u64, String> {
    genx_passes::limits::parse_size(text, genx_passes::limits::MAX_BUFFER_BYTES, "bytes").map(|n| n as u64)
}

pub fn main(argv: &[std::ffi::OsString]) -> ExitCode {
    let args: Args = match crate::args::parse_subcommand(argv) {
        Ok(args) => args,
        Err(status) => return status,
    };
    let load = |path: &PathBuf| genx_exec::decode::decode_file(path);
    let (before, after) = match (load(&args.before), load(&args.after)) {
        (Ok(b), Ok(a)) => (b, a),
        (Err(message), _) | (_, Err(message)) => {
            eprintln!("cmc validate: error: {message}");
            return ExitCode::from(2);
        }
    };
    let options = Options { trials: args.trials, seed: args.seed, buffer_bytes: args.buffer_bytes, step_limit: args.step_limit };
    match validate::validate(&before, &after, options) {
        Verdict::Agree { functions, trials, discarded } => {
            if args.verbose {
                println!(
                    "cmc validate: {functions} function(s) agree on {trials} trial(s) ({discarded} discarded: undefined behaviour in the original)"
                );
            }
            ExitCode::SUCCESS
        }
        Verdict::Mismatch(mismatch) => {
            eprintln!("cmc validate: {mismatch}");
            ExitCode::from(1)
        }
        Verdict::CannotValidate { function, reason } => {
            eprintln!("cmc validate: cannot validate function '{function}': {reason}");
            ExitCode::from(3)
        }
    }
}
