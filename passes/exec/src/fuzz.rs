//! The pipeline fuzzer: generated region programs through a pass pipeline, checked by translation validation.
//!
//! For each program: it must parse and pass `genx-verify`; the pipeline must run without a pass error or a
//! panic; the output must pass `genx-verify` and LLVM's verifier; and the executor must find no difference between
//! the program before and after on random inputs. A failure carries the program, so it can be replayed with
//! `cmc -passes=... ` and `cmc validate`.

use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::memory_buffer::MemoryBuffer;
use genx_passes::pipeline::{self, PipelineOptions};

use crate::decode::decode_str;
use crate::generate::{self, Shape};
use crate::validate::{self, Options, Verdict};

/// Why a program failed.
#[derive(Debug)]
pub struct Failure {
    pub seed: u64,
    pub stage: &'static str,
    pub message: String,
    /// The generated program (before the pipeline).
    pub program: String,
    /// The program after the pipeline, when it got that far.
    pub output: Option<String>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "program {} failed at {}: {}", self.seed, self.stage, self.message)?;
        writeln!(f, "--- program ---\n{}", self.program)?;
        if let Some(output) = &self.output {
            writeln!(f, "--- after the pipeline ---\n{output}")?;
        }
        Ok(())
    }
}

/// Counts of one fuzzing run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Report {
    pub programs: u64,
    pub trials: u64,
    pub discarded: u64,
}

/// Runs program `seed` through `pipeline` and validates it.
pub fn check(seed: u64, shape: Shape, pipeline_text: &str, options: Options) -> Result<(u64, u64), Failure> {
    let generated = generate::program(seed, shape);
    let fail = |stage, message: String, output: Option<String>| Failure {
        seed,
        stage,
        message,
        program: generated.ir.clone(),
        output,
    };
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(generated.ir.as_bytes(), "generated.ll");
    let module = context.create_module_from_ir(buffer).map_err(|m| fail("parse", m.to_string(), None))?;
    let full = format!("genx-verify,{pipeline_text},genx-verify");
    pipeline::run(&module, &full, PipelineOptions::default()).map_err(|e| fail("pipeline", e.to_string(), None))?;
    let output = module.print_to_string().to_string();
    module.verify().map_err(|m| fail("LLVM verifier", m.to_string(), Some(output.clone())))?;
    let before = decode_str(&generated.ir, "before.ll").map_err(|m| fail("decode", m, None))?;
    let after = decode_str(&output, "after.ll").map_err(|m| fail("decode", m, Some(output.clone())))?;
    match validate::validate(&before, &after, options) {
        Verdict::Agree { trials, discarded, .. } => Ok((trials, discarded)),
        Verdict::Mismatch(mismatch) => Err(fail("validation", mismatch.to_string(), Some(output))),
        Verdict::CannotValidate { function, reason } => {
            Err(fail("validation", format!("cannot validate '{function}': {reason}"), Some(output)))
        }
    }
}

/// Runs `count` programs from `first_seed`; stops at the first failure.
pub fn run(first_seed: u64, count: u64, shape: Shape, pipeline_text: &str, options: Options) -> Result<Report, Box<Failure>> {
    let mut report = Report::default();
    for seed in first_seed..first_seed + count {
        let (trials, discarded) = check(seed, shape, pipeline_text, options).map_err(Box::new)?;
        report.programs += 1;
        report.trials += trials;
        report.discarded += discarded;
    }
    Ok(report)
}
