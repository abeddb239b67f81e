//! The vISA route's fuzzer, unbounded: `cargo run --release -p genx-exec --example fuzz_visa_route -- [options]`.
//!
//! Options: `--platform P` (default icllp), `--seed N` (first program), `--programs N` (default: until
//! `--seconds` runs out), `--seconds N` (default 60), `--instructions N` (program size), `--trials N`
//! (validation trials per program), `--verbose` (print each refused program's seed and reason),
//! `--no-conditions` (leave out the compares, masks and blends `generate::Shape::conditions` writes; on by
//! default), `--print-kernel` (print the kernel of `--seed` and stop: the replay of a program whose passes
//! crash the process). Prints the counts (validated, refused by reason); on a failure it prints
//! the kernel, what the passes and the emitter made of it and the reason, writes the kernel to
//! `visa-fuzz-failure-<seed>.ll` (replay: `cmc -march=P -backend=visa -mdump_asm` or `cmc validate`), and exits 1.

use std::time::{Duration, Instant};

use genx_exec::generate::Shape;
use genx_exec::validate::Options;
use genx_exec::visa_fuzz::{self, Counts, Outcome};

/// The route's passes: `cmc`'s middle end, then `genx-legalize` (as `cmc -backend=visa -###` prints them).
const ROUTE_PIPELINE: &str = "genx-int-narrow,genx-float-narrow,genx-lowering,genx-region-collapse,genx-window-sum,genx-const-fold,genx-dead-vector,genx-column-write,genx-legalize";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let number = |flag: &str, default: u64| value(flag).and_then(|v| v.parse().ok()).unwrap_or(default);
    let platform = value("--platform").unwrap_or_else(|| "icllp".to_string());
    let first = number("--seed", std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_secs()));
    let limit = number("--programs", u64::MAX);
    let deadline = Instant::now() + Duration::from_secs(number("--seconds", 60));
    let conditions = !args.iter().any(|a| a == "--no-conditions");
    let shape = Shape { instructions: number("--instructions", 24) as usize, conditions, ..Shape::default() };
    let options = Options { trials: number("--trials", 8) as u32, ..Options::default() };
    let verbose = args.iter().any(|a| a == "--verbose");
    if args.iter().any(|a| a == "--print-kernel") {
        // The kernel of `--seed` as the fuzzer makes it, before any pass: the replay of a program whose
        // passes crash the process (a failure writes its kernel itself).
        match visa_fuzz::kernel(first, shape, &platform) {
            Ok((ir, _)) => print!("{ir}"),
            Err(why) => {
                eprintln!("fuzz_visa_route: program {first}: {why}");
                std::process::exit(1);
            }
        }
        return;
    }
    let mut counts = Counts::default();
    let mut seed = first;
    while counts.programs < limit && Instant::now() < deadline {
        match visa_fuzz::check(seed, shape, &platform, ROUTE_PIPELINE, options) {
            Ok(Outcome::Agree { trials, .. }) => {
                counts.agreed += 1;
                counts.trials += trials;
            }
            Ok(Outcome::Refused(why)) => {
                if verbose {
                    println!("program {seed} refused: {why}");
                }
                *counts.refused.entry(why).or_default() += 1
            }
            Err(failure) => {
                eprintln!("{failure}");
                let path = format!("visa-fuzz-failure-{seed}.ll");
                let _ = std::fs::write(&path, &failure.program);
                eprintln!("the kernel is in {path}");
                std::process::exit(1);
            }
        }
        counts.programs += 1;
        seed += 1;
    }
    println!(
        "fuzz_visa_route on {platform}: {} programs from seed {first}: {} validated ({} trials), {} refused, 0 failures",
        counts.programs,
        counts.agreed,
        counts.trials,
        counts.refusals()
    );
    for (why, n) in &counts.refused {
        println!("  refused {n}: {why}");
    }
}
