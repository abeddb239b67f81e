//! genx-legalize on generated programs, for every platform: each program goes through
//! `genx-target<P>,genx-lowering,genx-legalize,genx-verify-legal` — so every bale must come out legal for `P`
//! (the verifier's errors fail the pipeline) — and the result must agree with the program on the CPU executor.
//! The generated programs mix `i8`..`i64`, `half` and `float` vectors of 8 to 64 elements, 1D/2D/indirect
//! regions, masks and arithmetic, so they exercise the two-GRF rule, GRF crossing, indirect reads, byte moves
//! and, on Gen11/Xe-LP/Xe-HPG, the `i64` emulation.
//!
//! `GENX_LEGALIZE_FUZZ_PROGRAMS` sets the number of programs per platform (default 300).

use genx_exec::fuzz;
use genx_exec::generate::Shape;
use genx_exec::validate::Options;

const PLATFORMS: &[&str] = &["skl", "icllp", "tgllp", "dg1", "acm-g10", "pvc"];

fn programs() -> u64 {
    std::env::var("GENX_LEGALIZE_FUZZ_PROGRAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(300)
}

fn run_platform(platform: &str) {
    let pipeline = format!("genx-target<{platform}>,genx-lowering,genx-legalize,genx-verify-legal");
    let options = Options { trials: 6, ..Options::default() };
    match fuzz::run(1, programs(), Shape::default(), &pipeline, options) {
        Ok(report) => println!(
            "legalize fuzz on {platform}: {} programs legal and validated ({} trials kept, {} discarded)",
            report.programs, report.trials, report.discarded
        ),
        Err(failure) => panic!("on {platform} (replay: cmc -passes='{pipeline}'): {failure}"),
    }
}

#[test]
fn generated_programs_are_legal_and_validate_on_skl() {
    run_platform("skl");
}

#[test]
fn generated_programs_are_legal_and_validate_on_icllp() {
    run_platform("icllp");
}

#[test]
fn generated_programs_are_legal_and_validate_on_tgllp() {
    run_platform("tgllp");
}

#[test]
fn generated_programs_are_legal_and_validate_on_dg1() {
    run_platform("dg1");
}

#[test]
fn generated_programs_are_legal_and_validate_on_acm_g10() {
    run_platform("acm-g10");
}

#[test]
fn generated_programs_are_legal_and_validate_on_pvc() {
    run_platform("pvc");
}

#[test]
fn every_platform_is_covered() {
    for name in PLATFORMS {
        assert!(genx_passes::platform::find(name).is_ok(), "{name}");
    }
}
