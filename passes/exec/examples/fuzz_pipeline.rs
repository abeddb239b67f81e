//! The pipeline fuzzer, unbounded: `cargo run --release -p genx-exec --example fuzz_pipeline -- [options]`.
//!
//! Options: `--pipeline TEXT` (default: the middle-end pipeline), `--seed N` (first program), `--programs N`
//! (default: until `--seconds` runs out), `--seconds N` (default 60), `--instructions N` (program size),
//! `--trials N` (validation trials per program). On a failure it prints the program, the output and the reason,
//! writes the program to `fuzz-failure-<seed>.ll`, and exits 1.

use std::time::{Duration, Instant};

use genx_exec::fuzz;
use genx_exec::generate::Shape;
use genx_exec::validate::Options;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let number = |flag: &str, default: u64| value(flag).and_then(|v| v.parse().ok()).unwrap_or(default);
    let pipeline = value("--pipeline")
        .unwrap_or_else(|| "genx-lane-loop,genx-int-narrow,genx-float-narrow,genx-lowering,genx-region-collapse,genx-window-sum,genx-const-fold,genx-partial-op,genx-dead-vector,genx-column-write,genx-mul-narrow".to_string());
    let first = number("--seed", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs()));
    let limit = number("--programs", u64::MAX);
    let deadline = Instant::now() + Duration::from_secs(number("--seconds", 60));
    let shape = Shape { instructions: number("--instructions", 24) as usize, ..Shape::default() };
    let options = Options { trials: number("--trials", 16) as u32, ..Options::default() };
    let mut programs = 0u64;
    let mut seed = first;
    while programs < limit && Instant::now() < deadline {
        if let Err(failure) = fuzz::check(seed, shape, &pipeline, options) {
            eprintln!("{failure}");
            let path = format!("fuzz-failure-{seed}.ll");
            let _ = std::fs::write(&path, &failure.program);
            eprintln!("the program is in {path}");
            std::process::exit(1);
        }
        programs += 1;
        seed += 1;
    }
    println!("fuzz_pipeline: {programs} programs from seed {first} through '{pipeline}': 0 failures");
}
