//! The bounded malformed-input campaign (see `malformed/mod.rs`): 500 cases of seed 19, mutated from the
//! project's own inputs, run in parallel against the `cmc` binary just built (and `opt-14` with the plugin),
//! at most a few reaching IGC. Prints the counts by class; fails on any case of an enforced class, naming it
//! with its reproducer command (`cargo run --release -p cmc --example malformed_campaign -- --seed 19 --only N`).

#[allow(dead_code)] // shared with the example, which uses the reproducer writer
mod malformed;

use std::path::Path;
use std::time::Duration;

use malformed::{Class, Seeds, Tools};

const SEED: u64 = 19;
const CASES: u64 = 500;
/// One case in this many may reach IGC (those that pick a binary output); the rest stop before it.
const IGC_EVERY: u64 = 50;

/// The classes that must not occur in any case: every case ends in a clean located error or a success.
const ENFORCED: &[Class] = &[Class::Timeout, Class::Silent, Class::Panic, Class::Abort, Class::Leftover];

#[test]
fn malformed_inputs_end_cleanly() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let seeds = Seeds::load(repo);
    assert!(seeds.cm.len() > 10 && seeds.ir.len() > 10, "seeds not found under {}", repo.display());
    let work = std::env::temp_dir().join(format!("cmc-malformed-{}", std::process::id()));
    let tools = Tools::find(env!("CARGO_BIN_EXE_cmc").into(), work.join("cache"), Duration::from_secs(60));
    let cases: Vec<_> = (0..CASES).map(|i| malformed::generate(&seeds, SEED, i, true, IGC_EVERY)).collect();
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let failures = std::sync::Mutex::new(Vec::new());
    let enforced = std::sync::Mutex::new(Vec::new());
    let start = std::time::Instant::now();
    let counts = malformed::run_all(&tools, &cases, &work, threads, &|case, outcome| {
        if !outcome.class.is_clean() {
            let line = format!("case {} [{:?}] {} -- {}", case.index, outcome.class, case.what, outcome.detail);
            if ENFORCED.contains(&outcome.class) {
                enforced.lock().unwrap().push(line.clone());
            }
            failures.lock().unwrap().push(line);
        }
    });
    let _ = std::fs::remove_dir_all(&work);
    let seconds = start.elapsed().as_secs_f64();
    let failures = failures.into_inner().unwrap();
    println!("malformed campaign: {CASES} cases in {seconds:.1} s: {}", malformed::summary(&counts));
    for line in &failures {
        println!("  {line}");
    }
    let total: usize = counts.values().sum();
    assert_eq!(total as u64, CASES);
    // The campaign must exercise both outcomes, or its cases are not what they claim.
    assert!(counts.get(&Class::CleanError).copied().unwrap_or(0) > 50, "too few clean errors: {counts:?}");
    assert!(counts.get(&Class::Success).copied().unwrap_or(0) > 50, "too few successes: {counts:?}");
    let enforced = enforced.into_inner().unwrap();
    assert!(enforced.is_empty(), "cases of enforced classes (reproduce with the example's --only):\n{enforced:#?}");
}
