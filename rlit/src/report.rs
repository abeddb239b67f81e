//! Results and how they are shown: lit's result codes, per-test reports, the final summary.
//!
//! Output is meant for two readers. A person gets lit's vocabulary: one `FAIL: <suite> :: <path>`
//! line per failure naming the RUN line that failed, followed by that command's output, then
//! lit's groups (`Failed Tests (N):`) and counts (`Passed: N`, `Unsupported: N`, …). Tools get
//! cargo's last line, `test result: ok. N passed; M failed; K ignored; 0 measured; F filtered
//! out; finished in X.XXs`, so `cargo test` output stays uniform. Mapping to cargo: passed =
//! PASS + FLAKYPASS + XFAIL; failed = FAIL + XPASS + UNRESOLVED + TIMEOUT; ignored = UNSUPPORTED.
//!
//! Invariant: a run succeeds exactly when there is no configuration error and no failing
//! outcome; unlike lit 14 (where XPASS does not fail the run), an unexpected pass is a failure.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use crate::subst::Missing;

/// lit's result codes (EXCLUDED is [`Summary::filtered_out`]; SKIPPED does not occur).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    Unsupported,
    Pass,
    FlakyPass,
    Xfail,
    Unresolved,
    Timeout,
    Fail,
    Xpass,
}

impl Status {
    /// In lit's reporting order.
    pub const ALL: [Status; 8] = [
        Status::Unsupported,
        Status::Pass,
        Status::FlakyPass,
        Status::Xfail,
        Status::Unresolved,
        Status::Timeout,
        Status::Fail,
        Status::Xpass,
    ];

    /// lit's code, as in `FAIL: suite :: test`.
    pub fn code(self) -> &'static str {
        match self {
            Status::Unsupported => "UNSUPPORTED",
            Status::Pass => "PASS",
            Status::FlakyPass => "FLAKYPASS",
            Status::Xfail => "XFAIL",
            Status::Unresolved => "UNRESOLVED",
            Status::Timeout => "TIMEOUT",
            Status::Fail => "FAIL",
            Status::Xpass => "XPASS",
        }
    }

    /// lit's label, as in `Expectedly Failed: 1`.
    pub fn label(self) -> &'static str {
        match self {
            Status::Unsupported => "Unsupported",
            Status::Pass => "Passed",
            Status::FlakyPass => "Passed With Retry",
            Status::Xfail => "Expectedly Failed",
            Status::Unresolved => "Unresolved",
            Status::Timeout => "Timed Out",
            Status::Fail => "Failed",
            Status::Xpass => "Unexpectedly Passed",
        }
    }

    /// Whether this outcome fails the run.
    pub fn is_failure(self) -> bool {
        matches!(
            self,
            Status::Unresolved | Status::Timeout | Status::Fail | Status::Xpass
        )
    }
}

/// What happened to one test.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// `<suite name> :: <path in suite>`.
    pub name: String,
    /// Path in suite.
    pub rel: String,
    pub path: PathBuf,
    pub status: Status,
    /// The RUN line that failed: its line number and substituted command.
    pub failed_run: Option<(usize, String)>,
    /// Substituted RUN lines, `RUN at line N: <command>`.
    pub script: Vec<String>,
    /// Exit code and command output, or why the test could not run.
    pub output: String,
    /// Tools the test's RUN lines need that were not found (the test is then UNRESOLVED).
    pub missing_tools: Vec<Missing>,
    pub elapsed: Duration,
}

/// The result of a run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// One per test that ran, sorted by name.
    pub outcomes: Vec<Outcome>,
    /// Problems that prevented running (bad lit.toml, unknown path, bad filter).
    pub errors: Vec<String>,
    /// Tests excluded by `--filter` or name filters (lit's EXCLUDED).
    pub filtered_out: usize,
    pub elapsed: Duration,
}

impl Summary {
    pub fn count(&self, s: Status) -> usize {
        self.outcomes.iter().filter(|o| o.status == s).count()
    }

    pub fn passed(&self) -> usize {
        self.count(Status::Pass) + self.count(Status::FlakyPass) + self.count(Status::Xfail)
    }

    pub fn failed(&self) -> usize {
        self.outcomes
            .iter()
            .filter(|o| o.status.is_failure())
            .count()
    }

    pub fn ignored(&self) -> usize {
        self.count(Status::Unsupported)
    }

    /// No configuration error and no failing outcome.
    pub fn success(&self) -> bool {
        self.errors.is_empty() && self.failed() == 0
    }

    /// 0 on success, 1 when tests failed, 2 when the run could not be set up.
    pub fn exit_code(&self) -> i32 {
        if !self.errors.is_empty() {
            2
        } else if self.failed() > 0 {
            1
        } else {
            0
        }
    }

    /// cargo's summary line.
    pub fn cargo_line(&self) -> String {
        format!(
            "test result: {}. {} passed; {} failed; {} ignored; 0 measured; {} filtered out; finished in {:.2}s",
            if self.success() { "ok" } else { "FAILED" },
            self.passed(),
            self.failed(),
            self.ignored(),
            self.filtered_out,
            self.elapsed.as_secs_f64()
        )
    }

    /// lit's closing report: failing groups, time, counts; then cargo's line.
    pub fn footer(&self) -> String {
        let mut s = String::new();
        for e in &self.errors {
            s += &format!("error: {e}\n");
        }
        for st in Status::ALL.into_iter().filter(|s| s.is_failure()) {
            let names: Vec<&str> = self
                .outcomes
                .iter()
                .filter(|o| o.status == st)
                .map(|o| o.name.as_str())
                .collect();
            if !names.is_empty() {
                s += &format!("\n{} Tests ({}):\n", st.label(), names.len());
                for n in names {
                    s += &format!("  {n}\n");
                }
            }
        }
        let mut missing: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
        for m in self.outcomes.iter().flat_map(|o| &o.missing_tools) {
            missing.entry(&m.name).or_insert((&m.why, 0)).1 += 1;
        }
        if !missing.is_empty() {
            s += "\nMissing tools (tests cannot run without them):\n";
            for (why, uses) in missing.values() {
                s += &format!("  {why} [needed by {uses} test(s)]\n");
            }
        }
        s += &format!("\nTesting Time: {:.2}s\n", self.elapsed.as_secs_f64());
        if self.filtered_out > 0 {
            s += &format!("  Excluded: {}\n", self.filtered_out);
        }
        for st in Status::ALL {
            let n = self.count(st);
            if n > 0 {
                s += &format!("  {}: {n}\n", st.label());
            }
        }
        s += &format!("\n{}\n", self.cargo_line());
        s
    }
}

/// How one outcome is printed when it is reported.
pub fn render(o: &Outcome, index: usize, total: usize, verbose: bool) -> Option<String> {
    let interesting = o.status.is_failure();
    if !interesting && !verbose {
        return None;
    }
    let mut s = format!("{}: {} ({index} of {total})", o.status.code(), o.name);
    if !o.missing_tools.is_empty() && !verbose {
        // The closing report says once what to build or install.
        let names: Vec<&str> = o.missing_tools.iter().map(|m| m.name.as_str()).collect();
        return Some(format!(
            "{s}: needs missing tool(s): {}\n",
            names.join(", ")
        ));
    }
    if let Some((line, cmd)) = &o.failed_run {
        s += &format!(": RUN at line {line}: {cmd}");
    }
    s.push('\n');
    if interesting {
        if (verbose || o.failed_run.is_none()) && !o.script.is_empty() {
            s += &format!("Script:\n--\n{}\n--\n", o.script.join("\n"));
        }
        if o.status == Status::Xpass {
            s += "This test is marked XFAIL but passed; remove the XFAIL line (or fix the condition).\n";
        }
        if !o.output.trim_end().is_empty() {
            s += o.output.trim_end();
            s.push('\n');
        }
        s.push('\n');
    } else if verbose && o.status == Status::Unsupported {
        s += &format!("  {}\n", o.output);
    }
    Some(s)
}

/// How much a run prints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// Nothing (a library caller inspects the [`Summary`]).
    Silent,
    /// Failures with their output, and the closing report.
    Quiet,
    /// Also a header naming the suite, its features and the thread count.
    #[default]
    Normal,
    /// Also every test's result, failing scripts in full, and the resolved tools.
    Verbose,
}

/// Prints outcomes as they arrive (from any worker thread), numbering them in completion order.
pub struct Reporter {
    verbosity: Verbosity,
    total: usize,
    done: Mutex<usize>,
}

impl Reporter {
    pub fn new(total: usize, verbosity: Verbosity) -> Reporter {
        Reporter {
            verbosity,
            total,
            done: Mutex::new(0),
        }
    }

    pub fn finished(&self, o: &Outcome) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done += 1;
        if self.verbosity == Verbosity::Silent {
            return;
        }
        let verbose = self.verbosity == Verbosity::Verbose;
        if let Some(text) = render(o, *done, self.total, verbose) {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(name: &str, status: Status) -> Outcome {
        Outcome {
            name: format!("cm :: {name}"),
            rel: name.into(),
            path: PathBuf::from(name),
            status,
            failed_run: None,
            script: vec![],
            output: String::new(),
            missing_tools: vec![],
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn cargo_line_and_counts() {
        let mut s = Summary {
            outcomes: vec![
                outcome("a", Status::Pass),
                outcome("b", Status::Xfail),
                outcome("c", Status::Unsupported),
            ],
            elapsed: Duration::from_millis(1234),
            ..Summary::default()
        };
        assert_eq!(
            s.cargo_line(),
            "test result: ok. 2 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 1.23s"
        );
        assert!(s.footer().contains("  Passed: 1\n  Expectedly Failed: 1\n"));
        s.outcomes.push(outcome("d", Status::Xpass));
        assert!(!s.success(), "an unexpected pass fails the run");
        assert!(s
            .cargo_line()
            .starts_with("test result: FAILED. 2 passed; 1 failed; 1 ignored;"));
        assert!(s
            .footer()
            .contains("Unexpectedly Passed Tests (1):\n  cm :: d\n"));
        assert_eq!(s.exit_code(), 1);
    }

    #[test]
    fn failure_names_the_run_line() {
        let mut o = outcome("x.ll", Status::Fail);
        o.failed_run = Some((4, "echo a | FileCheck x.ll".into()));
        o.output = "Exit Code: 1\n".into();
        let text = render(&o, 1, 2, false).unwrap();
        assert!(text.starts_with(
            "FAIL: cm :: x.ll (1 of 2): RUN at line 4: echo a | FileCheck x.ll\nExit Code: 1\n"
        ));
        assert!(render(&outcome("y", Status::Pass), 2, 2, false).is_none());
    }
}
