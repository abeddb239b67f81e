//! The unbounded malformed-input campaign (see `cmc/tests/malformed/mod.rs`): `--cases N --seed S` runs cases
//! `0..N` of seed `S` (or `--only I` one case), prints the counts by class and the cases per second, and writes
//! a reproducer directory (`run.sh`, the inputs, the stderr seen) for every case that did not end cleanly.
//!
//! `cargo build --release -p cmc && cargo run --release -p cmc --example malformed_campaign -- --cases 10000`

#[path = "../tests/malformed/mod.rs"]
mod malformed;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Parser;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    #[arg(long, default_value_t = 19)]
    seed: u64,
    /// Run only this case (with its reproducer kept).
    #[arg(long)]
    only: Option<u64>,
    /// Where reproducers go.
    #[arg(long, default_value = "malformed-reproducers")]
    out: PathBuf,
    #[arg(long)]
    threads: Option<usize>,
    #[arg(long, default_value_t = 60)]
    timeout: u64,
    /// Let every case that picks a binary output reach IGC (default: one in 20).
    #[arg(long)]
    all_igc: bool,
    /// Leave out the slow mutations (long identifiers, /dev/zero), as CI does.
    #[arg(long)]
    fast: bool,
}

fn main() {
    let args = Args::parse();
    let exe = std::env::current_exe().expect("current exe");
    // target/<profile>/examples/malformed_campaign -> target/<profile>/cmc
    let cmc = exe.parent().and_then(|p| p.parent()).map(|p| p.join("cmc")).filter(|p| p.is_file());
    let Some(cmc) = cmc else {
        eprintln!("error: build cmc first (cargo build --release -p cmc)");
        std::process::exit(2);
    };
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let seeds = malformed::Seeds::load(&repo);
    let work = std::env::temp_dir().join(format!("cmc-malformed-{}", std::process::id()));
    let tools = malformed::Tools::find(cmc, work.join("cache"), Duration::from_secs(args.timeout));
    let igc_every = if args.all_igc { 1 } else { 20 };
    let range: Vec<u64> = match args.only {
        Some(index) => vec![index],
        None => (0..args.cases).collect(),
    };
    let cases: Vec<_> = range.iter().map(|&i| malformed::generate(&seeds, args.seed, i, args.fast, igc_every)).collect();
    let threads = args.threads.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2));
    let start = Instant::now();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let slowest = std::sync::Mutex::new((0.0f64, 0u64));
    let counts = malformed::run_all(&tools, &cases, &work, threads, &|case, outcome| {
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        {
            let mut slowest = slowest.lock().unwrap();
            if outcome.seconds > slowest.0 {
                *slowest = (outcome.seconds, case.index);
            }
        }
        if !outcome.class.is_clean() || args.only.is_some() {
            let dir = args.out.join(format!("seed{}-case{}-{:?}", args.seed, case.index, outcome.class));
            let _ = malformed::write_reproducer(&dir, case, outcome, &tools);
            println!("case {} [{:?}] {:.1}s {} -- {}", case.index, outcome.class, outcome.seconds, case.what, outcome.detail);
        }
        if n % 500 == 0 {
            eprintln!("{n} cases, {:.1} s", start.elapsed().as_secs_f64());
        }
    });
    let _ = std::fs::remove_dir_all(&work);
    let seconds = start.elapsed().as_secs_f64();
    let (slow, slow_case) = *slowest.lock().unwrap();
    println!(
        "{} cases (seed {}) in {seconds:.1} s ({:.1} cases/s, {threads} threads; slowest: case {slow_case}, {slow:.1} s): {}",
        cases.len(),
        args.seed,
        cases.len() as f64 / seconds,
        malformed::summary(&counts)
    );
}
