//! `cmc validate before.ll after.ll`: translation validation of a pipeline's output against its input.
//! `cmc validate kernel.ll kernel.visaasm`: the same across levels, the kernel's IR against its vISA
//! ([`genx_exec::visa::validate`]; the surface indices are IGC's, from [`vc_bridge::bti`]).
//!
//! Exit status: 0 when every function agrees on every trial; 1 on the first mismatch (printed with the function,
//! the inputs, the place and both values); 3 when a function cannot be validated (the construct is named);
//! 2 for bad usage or unreadable input.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use genx_exec::validate::{self, Options, Verdict};
use genx_exec::visa::validate::ArgBinding;
use genx_passes::inkwell::context::Context;

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
    /// Across levels (`.visaasm`): compare the vISA as written only, without the second run that explains a
    /// difference by IGC's contraction of fmul + fadd into mad (float mad rounded twice).
    #[arg(long)]
    no_contraction: bool,
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
    let options = Options { trials: args.trials, seed: args.seed, buffer_bytes: args.buffer_bytes, step_limit: args.step_limit };
    if args.after.extension().is_some_and(|e| e == "visaasm") {
        return report(cross_level(&args.before, &args.after, options, !args.no_contraction), args.verbose);
    }
    let load = |path: &PathBuf| genx_exec::decode::decode_file(path);
    let (before, after) = match (load(&args.before), load(&args.after)) {
        (Ok(b), Ok(a)) => (b, a),
        (Err(message), _) | (_, Err(message)) => {
            eprintln!("cmc validate: error: {message}");
            return ExitCode::from(2);
        }
    };
    report(Ok(validate::validate(&before, &after, options)), args.verbose)
}

/// Prints a verdict (or a bad-input error) and gives the exit status.
fn report(verdict: Result<Verdict, String>, verbose: bool) -> ExitCode {
    let verdict = match verdict {
        Ok(verdict) => verdict,
        Err(message) => {
            eprintln!("cmc validate: error: {message}");
            return ExitCode::from(2);
        }
    };
    match verdict {
        Verdict::Agree { functions, trials, discarded } => {
            if verbose {
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

/// Validates the kernel of `visa` (a `.visaasm` file) against the function of the same name in `ir`.
pub fn cross_level(ir: &Path, visa: &Path, options: Options, contraction: bool) -> Result<Verdict, String> {
    let program = genx_exec::decode::decode_file(ir)?;
    let text = std::fs::read_to_string(visa).map_err(|err| format!("cannot read '{}': {err}", visa.display()))?;
    let kernel = match genx_exec::visa::reader::read(&text) {
        Ok(kernel) => kernel,
        Err(error) if error.unsupported => {
            let name = text.lines().find_map(|l| l.strip_prefix(".kernel ")).unwrap_or("?").trim().trim_matches('"');
            return Ok(Verdict::CannotValidate {
                function: name.to_string(),
                reason: format!("{}:{}:{}: {}", visa.display(), error.line, error.col, error.message),
            });
        }
        Err(error) => return Err(format!("{}:{error}", visa.display())),
    };
    let (function, bindings) = igc_bindings(ir, &kernel.name)?;
    let report = genx_exec::visa::validate::validate(&program, &function, &kernel, &bindings, options, contraction);
    // Said whatever the verdict, so that what the float rules accepted is never silent.
    let floats = &report.floats;
    if floats.nan_encodings > 0 {
        eprintln!("cmc validate: note: {} float dword(s) are NaN at both levels with different encodings", floats.nan_encodings);
    }
    if let Some((place, ir_value, visa_value)) = &floats.first_contracted {
        eprintln!(
            "cmc validate: note: contraction: on {} trial(s) the vISA differs from the IR only through float mad (IGC fuses fmul + fadd by default); with mad rounded twice every byte agrees; first difference at {place}: {ir_value}, {visa_value}",
            floats.contracted_trials
        );
    }
    Ok(report.verdict)
}

/// The IR function of kernel `name` of the module in `ir`, and how IGC binds each of its arguments (surface
/// indices as IGC assigns them).
fn igc_bindings(ir: &Path, name: &str) -> Result<(String, Vec<ArgBinding>), String> {
    let context = Context::create();
    let module = crate::compile::load(&context, ir)?;
    // `!genx.kernels` names a kernel apart from its function (C++ names are mangled); a SPIR-V-ready kernel
    // is its function.
    let mut function = name.to_string();
    for node in module.get_global_metadata("genx.kernels") {
        let values = node.get_node_values().unwrap_or_default();
        let kernel_name = values.get(1).and_then(|v| match v {
            genx_passes::inkwell::values::BasicMetadataValueEnum::MetadataValue(m) => m.get_string_value(),
            _ => None,
        });
        if kernel_name.is_some_and(|k| k == name.as_bytes()) {
            if let Some(genx_passes::inkwell::values::BasicMetadataValueEnum::PointerValue(f)) = values.first() {
                function = f.get_name().to_string_lossy().into_owned();
            }
        }
    }
    let kernels = vc_bridge::adaptor::adapt(module.as_mut_ptr())?;
    let Some(kernel) = kernels.iter().find(|k| k.name == name) else {
        return Err(format!("'{}' has no kernel named '{name}'", ir.display()));
    };
    let bindings = vc_bridge::bti::bindings(kernel)
        .into_iter()
        .map(|binding| match binding {
            vc_bridge::bti::Binding::Value => ArgBinding::Value,
            vc_bridge::bti::Binding::Pointer(_) => ArgBinding::Pointer,
            vc_bridge::bti::Binding::Surface(index) => ArgBinding::Surface(index),
            vc_bridge::bti::Binding::Sampler(index) => ArgBinding::Sampler(index),
        })
        .collect();
    Ok((function, bindings))
}
