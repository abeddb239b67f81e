//! The bounded CI run of the pipeline fuzzer: 2,000 generated region programs through the middle-end pipeline,
//! each validated on the CPU executor. Prints the count. `cargo run --release -p genx-exec --example
//! fuzz_pipeline` runs the same check without bound.

use genx_exec::fuzz;
use genx_exec::generate::Shape;
use genx_exec::validate::Options;

/// The middle-end pipeline of issue 4 (the same text opt and cmc take).
pub const PIPELINE: &str = "genx-lane-loop,genx-int-narrow,genx-float-narrow,genx-lowering,genx-region-collapse,genx-window-sum,genx-const-fold,genx-partial-op,genx-dead-vector,genx-column-write,genx-mul-narrow";

#[test]
fn two_thousand_generated_programs_validate_through_the_pipeline() {
    let count = std::env::var("GENX_FUZZ_PROGRAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let options = Options { trials: 8, ..Options::default() };
    match fuzz::run(1, count, Shape::default(), PIPELINE, options) {
        Ok(report) => println!(
            "pipeline fuzz: {} programs validated ({} trials kept, {} discarded), 0 failures",
            report.programs, report.trials, report.discarded
        ),
        Err(failure) => panic!("{failure}"),
    }
}

#[test]
fn generated_programs_are_deterministic() {
    let a = genx_exec::generate::program(42, Shape::default());
    let b = genx_exec::generate::program(42, Shape::default());
    assert_eq!(a.ir, b.ir);
    assert_ne!(a.ir, genx_exec::generate::program(43, Shape::default()).ir);
}
