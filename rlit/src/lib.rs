//! rlit: the project's lit-style test runner.
//!
//! rlit implements the *test-format* half of LLVM's lit (discovery, `RUN:`/`REQUIRES:`/
//! `UNSUPPORTED:`/`XFAIL:`/`ALLOW_RETRIES:`/`END.` parsing, `%` substitutions, execution,
//! parallelism, reporting) and leaves checking to LLVM's real `FileCheck` (the reference
//! implementation; re-implementations differ in corners). It exists so that `cargo test` runs
//! `tests/lit` with no Python, while `lit.py` can still run the very same files.
//!
//! Running it:
//! ```sh
//! cargo test                                   # whole workspace; builds cmc and the plugin too
//! cargo test -p rlit --test lit -- rlit/ -v    # only tests whose path contains `rlit/`
//! cargo run -p rlit -- tests/lit/verify --filter 'valid' -j 2
//! python3 /usr/lib/llvm-14/build/utils/lit/lit.py tests/lit \
//!     --param plugin=$PWD/target/release/libgenx_passes.so --param cmc=$PWD/target/release/cmc
//! ```
//! Tools come from the running build's cargo target directory, or from `--param <tool>=PATH`,
//! or `RLIT_PLUGIN`/`RLIT_CMC`/`RLIT_OPT`/`RLIT_FILECHECK` (see `tests/lit/lit.toml`).
//!
//! Code map, in the order a run goes through it:
//! * [`suite`]: reads `lit.toml`, the suite's single configuration (also read by `lit.cfg.py`);
//! * [`setup`]: resolves tools, features, substitutions and the test environment;
//! * [`discover`]: finds the suite and its test files;
//! * [`parse`], [`boolexpr`], [`subst`]: directives, feature expressions, substitutions;
//! * [`exec`]: runs one test as lit's ShTest does (one bash script per test);
//! * [`report`]: result codes, per-failure reports, lit's counts and cargo's summary line;
//! * [`cli`]: the `rlit` command line and the `cargo test` entry point (`rlit/tests/lit.rs`).
//!
//! **Architecture invariant:** the same test file gives the same verdict under rlit and under
//! `lit.py` with `tests/lit/lit.cfg.py`. Where rlit deliberately differs (an XPASS fails the run;
//! a missing tool is reported as UNRESOLVED with what to build), `lit.cfg.py` is made to agree.
//!
//! **Architecture invariant:** rlit never skips a test silently. A test is either run, or
//! reported UNSUPPORTED because of its own `REQUIRES:`/`UNSUPPORTED:` lines, or filtered out by
//! an explicit filter (counted), or UNRESOLVED with a sentence saying why.

pub mod boolexpr;
pub mod cli;
pub mod discover;
pub mod exec;
pub mod parse;
pub mod report;
pub mod setup;
pub mod subst;
pub mod suite;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub use report::{Outcome, Status, Summary, Verbosity};

/// What to run and how.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Test files or directories (each inside a suite, i.e. under a `lit.toml`).
    pub paths: Vec<PathBuf>,
    /// `--param k=v`: overrides `[params]` and names tools (`--param plugin=/path/lib.so`).
    pub params: BTreeMap<String, String>,
    /// `--filter REGEX`: run only tests whose full name (`suite :: path`) matches.
    pub filter: Option<String>,
    /// cargo-test style name filters: a test runs if its path in suite contains any of them
    /// (or equals one, with `exact`). Empty means all.
    pub name_filters: Vec<String>,
    pub exact: bool,
    /// cargo-test `--skip`: tests whose path in suite contains one of these are filtered out.
    pub skip: Vec<String>,
    /// Worker threads; 0 means one per available core.
    pub jobs: usize,
    /// How much to print.
    pub verbosity: Verbosity,
    /// Per-test time limit.
    pub timeout: Option<Duration>,
    /// Cargo profile directories to find `artifact` tools in (see [`setup::cargo_profile_dir`]).
    /// Empty means "use the suite's `artifact_dirs`".
    pub artifact_dirs: Vec<PathBuf>,
    /// Only list the selected tests (no run).
    pub list_only: bool,
}

impl Config {
    fn selects(&self, full_name: &str, rel: &str, filter: Option<&regex::Regex>) -> bool {
        if filter.is_some_and(|re| !re.is_match(full_name)) {
            return false;
        }
        if self.skip.iter().any(|s| rel.contains(s.as_str())) {
            return false;
        }
        self.name_filters.is_empty()
            || self.name_filters.iter().any(|f| {
                if self.exact {
                    rel == f
                } else {
                    rel.contains(f.as_str())
                }
            })
    }
}

/// Discovers, runs and reports the tests `config` selects.
pub fn run(config: &Config) -> Summary {
    let start = Instant::now();
    let mut summary = Summary::default();
    let say = |s: &str| {
        if config.verbosity >= Verbosity::Normal {
            println!("{s}");
        }
    };

    let filter = match config.filter.as_deref().map(regex::Regex::new).transpose() {
        Ok(f) => f,
        Err(e) => {
            summary.errors.push(format!("--filter: {e}"));
            return finish(summary, start, config);
        }
    };
    let paths = if config.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        config.paths.clone()
    };
    let (suites, tests) = match discover::discover(&paths) {
        Ok(x) => x,
        Err(e) => {
            summary.errors.push(e);
            return finish(summary, start, config);
        }
    };
    let selected: Vec<&discover::TestFile> = tests
        .iter()
        .filter(|t| {
            config.selects(
                &format!("{} :: {}", suites[t.suite].name, t.rel),
                &t.rel,
                filter.as_ref(),
            )
        })
        .collect();
    summary.filtered_out = tests.len() - selected.len();

    if config.list_only {
        for t in &selected {
            println!("{}: test", t.rel);
        }
        summary.elapsed = start.elapsed();
        return summary;
    }

    let setups: Vec<setup::Setup> = suites
        .iter()
        .map(|s| {
            let mut params = s.params.clone();
            params.extend(config.params.clone());
            setup::prepare(s, &params, &config.artifact_dirs)
        })
        .collect();
    let jobs = match config.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(selected.len().max(1));
    for (s, st) in suites.iter().zip(&setups) {
        let features: Vec<&str> = st.features.iter().map(String::as_str).collect();
        say(&format!(
            "rlit: suite '{}' at {}: {} of {} tests selected, {jobs} threads; features: {}",
            s.name,
            s.root.display(),
            selected
                .iter()
                .filter(|t| std::ptr::eq(&suites[t.suite], s))
                .count(),
            tests
                .iter()
                .filter(|t| std::ptr::eq(&suites[t.suite], s))
                .count(),
            if features.is_empty() {
                "(none)".to_string()
            } else {
                features.join(" ")
            }
        ));
        if config.verbosity == Verbosity::Verbose {
            for (name, r) in &st.tools {
                match r {
                    Ok(p) => say(&format!("rlit: tool {name} = {}", p.display())),
                    Err(e) => say(&format!("rlit: {e}")),
                }
            }
        }
    }

    let reporter = report::Reporter::new(selected.len(), config.verbosity);
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Outcome>>> = selected.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(t) = selected.get(i) else { break };
                let (suite, setup) = (&suites[t.suite], &setups[t.suite]);
                let o =
                    std::panic::catch_unwind(|| exec::run_test(t, suite, setup, config.timeout))
                        .unwrap_or_else(|_| Outcome {
                            name: format!("{} :: {}", suite.name, t.rel),
                            rel: t.rel.clone(),
                            path: t.path.clone(),
                            status: Status::Unresolved,
                            failed_run: None,
                            script: Vec::new(),
                            output: "rlit panicked while running this test (a bug in rlit)".into(),
                            missing_tools: Vec::new(),
                            elapsed: Duration::ZERO,
                        });
                reporter.finished(&o);
                *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(o);
            });
        }
    });
    summary.outcomes = results
        .into_iter()
        .filter_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect();
    finish(summary, start, config)
}

fn finish(mut summary: Summary, start: Instant, config: &Config) -> Summary {
    summary.elapsed = start.elapsed();
    if config.verbosity > Verbosity::Silent {
        print!("{}", summary.footer());
    }
    summary
}

#[cfg(test)]
mod tests {
    //! End-to-end runs over a throwaway suite that needs only bash and coreutils.
    use super::*;

    fn write(root: &std::path::Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn statuses_reports_and_retries() {
        let root = std::env::temp_dir().join(format!("rlit-e2e-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        write(
            &root,
            "lit.toml",
            r#"
            [suite]
            name = "e2e"
            suffixes = [".test"]
            [tools.gone]
            find = ["no-such-tool-rlit-e2e"]
            hint = "build it with `make gone`"
            [substitutions]
            "%gone" = "{gone}"
            "%hello" = "echo hello from %s"
            "#,
        );
        write(
            &root,
            "pass.test",
            "RUN: %hello | grep -q pass.test\nRUN: echo ok\n",
        );
        write(
            &root,
            "fail.test",
            "RUN: true\nRUN: echo boom >&2 && \\\nRUN:   false\nRUN: true\n",
        );
        write(&root, "xfail.test", "XFAIL: *\nRUN: false\n");
        write(&root, "xpass.test", "XFAIL: *\nRUN: true\n");
        write(&root, "unsupported.test", "UNSUPPORTED: true\nRUN: false\n");
        write(&root, "norun.test", "just text\n");
        write(&root, "gone.test", "XFAIL: *\nRUN: %gone --help\n");
        write(
            &root,
            "gone-unsupported.test",
            "REQUIRES: nope\nRUN: %gone --help\n",
        );
        // Fails on the first run, passes on the second.
        write(
            &root,
            "flaky.test",
            "ALLOW_RETRIES: 2\nRUN: test -e %t || { touch %t; false; }\n",
        );
        write(&root, "slow.test", "RUN: sleep 5\n");

        let config = Config {
            paths: vec![root.clone()],
            verbosity: Verbosity::Silent,
            jobs: 2,
            timeout: Some(Duration::from_secs(1)),
            ..Config::default()
        };
        let s = run(&config);
        assert!(s.errors.is_empty(), "{:?}", s.errors);
        let by: BTreeMap<&str, &Outcome> = s.outcomes.iter().map(|o| (o.rel.as_str(), o)).collect();
        let status = |n: &str| by[n].status;
        assert_eq!(
            status("pass.test"),
            Status::Pass,
            "{}",
            by["pass.test"].output
        );
        assert_eq!(status("fail.test"), Status::Fail);
        assert_eq!(
            by["fail.test"].failed_run,
            Some((2, "echo boom >&2 &&    false".to_string()))
        );
        assert!(by["fail.test"]
            .output
            .contains("Command Output (stderr):\n--\nboom\n--"));
        assert_eq!(status("xfail.test"), Status::Xfail);
        assert_eq!(status("xpass.test"), Status::Xpass);
        assert_eq!(status("unsupported.test"), Status::Unsupported);
        assert_eq!(status("norun.test"), Status::Unresolved);
        assert_eq!(
            status("gone.test"),
            Status::Unresolved,
            "a missing tool is never an expected failure"
        );
        assert!(
            by["gone.test"].output.contains("build it with `make gone`"),
            "{}",
            by["gone.test"].output
        );
        assert_eq!(status("gone-unsupported.test"), Status::Unsupported);
        assert_eq!(
            status("flaky.test"),
            Status::FlakyPass,
            "{}",
            by["flaky.test"].output
        );
        assert_eq!(status("slow.test"), Status::Timeout);
        assert_eq!(s.exit_code(), 1);
        assert!(s
            .cargo_line()
            .starts_with("test result: FAILED. 3 passed; 5 failed; 2 ignored; 0 measured;"));

        // Filters: regex on the full name, cargo-style names on the path in suite.
        let only = |c: Config| {
            run(&Config {
                verbosity: Verbosity::Silent,
                paths: vec![root.clone()],
                ..c
            })
        };
        let s = only(Config {
            filter: Some("e2e :: (pass|xfail)\\.test".into()),
            ..Config::default()
        });
        assert_eq!(
            (s.outcomes.len(), s.filtered_out, s.success()),
            (2, 8, true)
        );
        let s = only(Config {
            name_filters: vec!["pass".into()],
            skip: vec!["xpass".into()],
            ..Config::default()
        });
        assert_eq!(
            s.outcomes
                .iter()
                .map(|o| o.rel.as_str())
                .collect::<Vec<_>>(),
            vec!["pass.test"]
        );
        let s = only(Config {
            filter: Some("(".into()),
            ..Config::default()
        });
        assert_eq!(s.exit_code(), 2);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
