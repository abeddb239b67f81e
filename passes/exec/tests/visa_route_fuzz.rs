//! The vISA route on generated programs (`genx_exec::visa_fuzz`): each program made a kernel goes through the
//! route's passes and `genx-visa-emit`, and the emitted vISA must agree with the kernel's IR on the executors,
//! on icllp and tgllp, once with the generator's plain steps and once with conditions written as numbers too
//! (`Shape::conditions`: compares, masks, blends). A kernel the emitter refuses with a located "not lowered"
//! error is counted, not a failure; the test also requires that most programs get through, so a regression
//! that refuses everything cannot pass. Bounded (a few seconds); the unbounded run is `cargo run --release -p
//! genx-exec --example fuzz_visa_route`. `GENX_VISA_FUZZ_PROGRAMS` sets the number of programs per platform and
//! shape (default 200).

use genx_exec::generate::Shape;
use genx_exec::validate::Options;
use genx_exec::visa_fuzz;

/// The route's passes: `cmc`'s middle end (`MIDDLE_END_PIPELINE`), then its back end (`genx-legalize`).
pub const ROUTE_PIPELINE: &str = "genx-int-narrow,genx-float-narrow,genx-lowering,genx-region-collapse,genx-window-sum,genx-const-fold,genx-dead-vector,genx-column-write,genx-legalize";

fn programs() -> u64 {
    std::env::var("GENX_VISA_FUZZ_PROGRAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(200)
}

/// `programs()` programs of `shape` from seed `first` on `platform`.
fn run_platform(platform: &str, first: u64, conditions: bool) {
    let options = Options { trials: 4, ..Options::default() };
    let shape = Shape { instructions: 16, conditions, ..Shape::default() };
    match visa_fuzz::run(first, programs(), shape, platform, ROUTE_PIPELINE, options) {
        Ok(counts) => {
            println!(
                "vISA route fuzz on {platform} (conditions {conditions}): {} programs, {} validated ({} trials), {} refused: {:?}",
                counts.programs, counts.agreed, counts.trials, counts.refusals(), counts.refused
            );
            assert!(counts.agreed * 2 >= counts.programs, "fewer than half the programs got through: {counts:?}");
        }
        Err(failure) => panic!("on {platform}: {failure}"),
    }
}

#[test]
fn generated_kernels_validate_through_the_visa_route_on_icllp() {
    run_platform("icllp", 1, false);
}

#[test]
fn generated_kernels_validate_through_the_visa_route_on_tgllp() {
    run_platform("tgllp", 1, false);
}

/// Seeds of the runs with conditions: other programs than the plain runs' (the two shapes share no seed).
const CONDITIONS_FIRST: u64 = 1_000_001;

#[test]
fn generated_kernels_with_conditions_validate_through_the_visa_route_on_icllp() {
    run_platform("icllp", CONDITIONS_FIRST, true);
}

#[test]
fn generated_kernels_with_conditions_validate_through_the_visa_route_on_tgllp() {
    run_platform("tgllp", CONDITIONS_FIRST, true);
}
