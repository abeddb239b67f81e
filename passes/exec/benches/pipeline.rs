//! Middle-end pipeline throughput: `cargo bench -p genx-exec --bench pipeline`.
//!
//! Generates a module of about 100,000 IR instructions from the region-program generator, runs the middle-end
//! pipeline on it in-process (the same code `opt` and `cmc` run), and prints instructions per second; then does
//! the same on a module 10 times larger and prints the time ratio. Targets: >= 1 M instructions/s, ratio <= 11.
//! Then, for reference, both again with the value names stripped: LLVM 14 keeps every local value's name in a
//! context-wide table, and naming, renaming and erasing named values is a large share of the time (and of the
//! growth with module size, as the table outgrows the caches).
//! The benchmark links cmc's allocator (mimalloc overriding malloc for LLVM too; see cmc/src/main.rs), so its
//! figures are cmc's; `opt -load-pass-plugin` runs the same passes under opt's allocator (glibc's), about 20%
//! slower on this module.
//! Each figure is the best of [`RUNS`] runs, each on a freshly parsed module (one run's time varies by up to 30%
//! on a busy machine). `GENX_BENCH_INSTRUCTIONS` changes the base size; `GENX_BENCH_PIPELINE` the pipeline, e.g.
//! baling and legalization: `GENX_BENCH_PIPELINE='genx-target<skl>,genx-lowering,genx-legalize'` (the targets printed are the
//! middle-end-I targets).

use std::time::Instant;

/// As in cmc: one allocator for Rust and LLVM alike.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use genx_exec::generate;
use genx_passes::inkwell::context::Context;
use genx_passes::inkwell::memory_buffer::MemoryBuffer;
use genx_passes::inkwell::values::AsValueRef;
use genx_passes::pipeline::{self, PipelineOptions};

fn instructions_in(module: &genx_passes::inkwell::module::Module<'_>) -> u64 {
    let mut count = 0;
    for function in module.get_functions() {
        for block in function.get_basic_blocks() {
            count += block.get_instructions().count() as u64;
        }
    }
    count
}

/// Whether the module keeps the value names of its text (as `opt -S` and `cmc -passes` inputs do) or has them
/// stripped after parsing, with the context discarding new ones (as IR from a release clang, which drops
/// names by default).
#[derive(Clone, Copy, PartialEq)]
enum Names {
    Kept,
    Stripped,
}

/// Runs of each measurement; the fastest is reported.
const RUNS: usize = 3;

/// Runs the pipeline [`RUNS`] times on a generated module of about `size` instructions (parsed anew for each
/// run): (instructions, seconds of the fastest run).
fn measure(size: usize, pipeline_text: &str, names: Names) -> (u64, f64) {
    let ir = generate::module(7, size);
    let mut best = (0, f64::INFINITY);
    for _ in 0..RUNS {
        let (instructions, seconds) = measure_once(&ir, pipeline_text, names);
        if seconds < best.1 {
            best = (instructions, seconds);
        }
    }
    best
}

/// One run of the pipeline on the module `ir`: (instructions, seconds).
fn measure_once(ir: &str, pipeline_text: &str, names: Names) -> (u64, f64) {
    let context = Context::create();
    let buffer = MemoryBuffer::create_from_memory_range_copy(ir.as_bytes(), "bench.ll");
    let module = context.create_module_from_ir(buffer).expect("generated IR parses");
    let instructions = instructions_in(&module);
    if names == Names::Stripped {
        use genx_passes::llvm_sys::core::{LLVMContextSetDiscardValueNames, LLVMSetValueName2};
        for function in module.get_functions() {
            for param in function.get_param_iter() {
                unsafe { LLVMSetValueName2(param.as_value_ref(), c"".as_ptr(), 0) };
            }
            for block in function.get_basic_blocks() {
                for inst in block.get_instructions() {
                    unsafe { LLVMSetValueName2(inst.as_value_ref(), c"".as_ptr(), 0) };
                }
            }
        }
        unsafe { LLVMContextSetDiscardValueNames(context.raw(), 1) };
    }
    let start = Instant::now();
    pipeline::run(&module, pipeline_text, PipelineOptions::default()).expect("pipeline runs");
    (instructions, start.elapsed().as_secs_f64())
}

fn main() {
    let base: usize =
        std::env::var("GENX_BENCH_INSTRUCTIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let pipeline_text = std::env::var("GENX_BENCH_PIPELINE")
        .unwrap_or_else(|_| "genx-lowering,genx-region-collapse,genx-const-fold,genx-dead-vector".to_string());
    println!("middle-end pipeline throughput: '{pipeline_text}' (allocator: mimalloc, as cmc; best of {RUNS} runs)");
    for names in [Names::Kept, Names::Stripped] {
        let (small, small_seconds) = measure(base, &pipeline_text, names);
        let (large, large_seconds) = measure(base * 10, &pipeline_text, names);
        let (rate_target, ratio_target) = match names {
            Names::Kept => (" (target >= 1)", " (target <= 11)"),
            Names::Stripped => {
                println!("for reference, value names stripped (IR as a release clang emits it; the targets apply above):");
                ("", "")
            }
        };
        println!(
            "  {small:>9} instructions: {small_seconds:.3} s, {:.2} M instructions/s{rate_target}",
            small as f64 / small_seconds / 1e6
        );
        println!(
            "  {large:>9} instructions: {large_seconds:.3} s, {:.2} M instructions/s",
            large as f64 / large_seconds / 1e6
        );
        println!(
            "  time ratio for {:.1}x the instructions: {:.2}{ratio_target}",
            large as f64 / small as f64,
            large_seconds / small_seconds
        );
    }
}
