//! Running one test: lit's ShTest with an external bash.
//!
//! Phases, in lit's order:
//! 1. parse the directives ([`crate::parse`]); a parse error is UNRESOLVED;
//! 2. `REQUIRES:` (all must hold) and `UNSUPPORTED:` (none may hold) decide UNSUPPORTED;
//! 3. substitute every RUN line ([`crate::subst`]): the suite's substitutions, then lit's
//!    built-ins with `%t` = `<test dir>/Output/<file name>.tmp`; a RUN line that uses a
//!    substitution whose tool is missing makes the test UNRESOLVED with the sentence saying what
//!    to build or install (even under `XFAIL`: a missing tool is never an expected failure);
//! 4. write `Output/<file name>.script` and run it as `bash <script>` in the test's directory
//!    with the suite's environment. As in lit, the script is `set -o pipefail` followed by the
//!    RUN lines joined as `{ cmd1; } && { cmd2; } …`, so the first failing line ends the test
//!    and `cd`/variables carry over between lines. rlit adds a bookkeeping variable and an EXIT
//!    trap that records which RUN line was running, to name the failing line in the report;
//! 5. `ALLOW_RETRIES: N` reruns a failing script up to N times (a later pass is FLAKYPASS);
//! 6. `XFAIL:` turns FAIL into XFAIL and PASS into XPASS.
//!
//! Invariants: a test only writes inside its own `Output/<file name>.*` names, so tests can run
//! in parallel; every outcome carries enough text to understand it without rerunning.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::boolexpr;
use crate::discover::TestFile;
use crate::parse::{self, Directives};
use crate::report::{Outcome, Status};
use crate::setup::Setup;
use crate::subst;
use crate::suite::Suite;

/// One substituted RUN line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShellCommand {
    pub line: usize,
    pub text: String,
}

/// What a finished script produced.
struct Exec {
    stdout: String,
    stderr: String,
    code: i32,
    timed_out: bool,
}

/// Single-quotes `s` for bash.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// The script lit would write (plus rlit's failing-line bookkeeping).
pub fn script_text(commands: &[ShellCommand], progress: &Path) -> String {
    let blocks: Vec<String> = commands
        .iter()
        .map(|c| {
            format!(
                "{{ RLIT_RUN_LINE={n}; : 'RUN: at line {n}'; {}; }}",
                c.text,
                n = c.line
            )
        })
        .collect();
    format!(
        "set -o pipefail\nRLIT_PROGRESS={}\ntrap 'echo \"$RLIT_RUN_LINE\" > \"$RLIT_PROGRESS\"' EXIT\n{}\n",
        shell_quote(&progress.display().to_string()),
        blocks.join(" &&\n")
    )
}

fn execute(
    bash: &Path,
    script: &Path,
    cwd: &Path,
    env: &[(String, String)],
    timeout: Option<Duration>,
) -> std::io::Result<Exec> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let mut cmd = Command::new(bash);
    cmd.arg(script)
        .current_dir(cwd)
        .env_clear()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if timeout.is_some() {
        // Own process group, so a timeout can kill the whole pipeline.
        cmd.process_group(0);
    }
    let mut child = cmd.spawn()?;
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let (status, timed_out) = match timeout {
        None => (child.wait()?, false),
        Some(limit) => {
            let deadline = Instant::now() + limit;
            let mut nap = Duration::from_millis(1);
            loop {
                if let Some(s) = child.try_wait()? {
                    break (s, false);
                }
                if Instant::now() >= deadline {
                    let _ = Command::new("kill")
                        .args(["-KILL", "--", &format!("-{}", child.id())])
                        .stderr(Stdio::null())
                        .status();
                    let _ = child.kill();
                    break (child.wait()?, true);
                }
                std::thread::sleep(nap);
                nap = (nap * 2).min(Duration::from_millis(20));
            }
        }
    };
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    let code = status
        .code()
        .unwrap_or_else(|| -status.signal().unwrap_or(0));
    Ok(Exec {
        stdout,
        stderr,
        code,
        timed_out,
    })
}

/// lit's rendering of a script run.
fn describe(exec: &Exec, timeout: Option<Duration>) -> String {
    let mut s = format!("Exit Code: {}\n", exec.code);
    if exec.timed_out {
        s += &format!(
            "Timeout: Reached timeout of {} seconds\n",
            timeout.map_or(0, |t| t.as_secs())
        );
    }
    s.push('\n');
    if !exec.stdout.is_empty() {
        s += &format!(
            "Command Output (stdout):\n--\n{}\n--\n",
            exec.stdout.trim_end_matches('\n')
        );
    }
    if !exec.stderr.is_empty() {
        s += &format!(
            "Command Output (stderr):\n--\n{}\n--\n",
            exec.stderr.trim_end_matches('\n')
        );
    }
    s
}

/// Runs one test of `suite` to completion.
pub fn run_test(
    test: &TestFile,
    suite: &Suite,
    setup: &Setup,
    timeout: Option<Duration>,
) -> Outcome {
    let start = Instant::now();
    let mut outcome = Outcome {
        name: format!("{} :: {}", suite.name, test.rel),
        rel: test.rel.clone(),
        path: test.path.clone(),
        status: Status::Unresolved,
        failed_run: None,
        script: Vec::new(),
        output: String::new(),
        missing_tools: Vec::new(),
        elapsed: Duration::ZERO,
    };
    let directives = std::fs::read(&test.path)
        .map_err(|e| format!("cannot read {}: {e}", test.path.display()))
        .and_then(|src| parse::parse(&src));
    match directives {
        Err(e) => outcome.output = e,
        Ok(d) => {
            run_parsed(&mut outcome, &d, test, setup, timeout);
            apply_xfail(&mut outcome, &d, setup);
        }
    }
    outcome.elapsed = start.elapsed();
    outcome
}

fn apply_xfail(outcome: &mut Outcome, d: &Directives, setup: &Setup) {
    let mut expected = false;
    for item in &d.xfail {
        if item == "*" {
            expected = true;
            continue;
        }
        match boolexpr::evaluate(item, &setup.features, "") {
            Ok(v) => expected |= v,
            Err(e) => {
                outcome.status = Status::Unresolved;
                outcome.output = format!("Error in XFAIL list:\n{e}");
                return;
            }
        }
    }
    if expected {
        outcome.status = match outcome.status {
            Status::Pass => Status::Xpass,
            Status::Fail => Status::Xfail,
            s => s,
        };
    }
}

fn run_parsed(
    outcome: &mut Outcome,
    d: &Directives,
    test: &TestFile,
    setup: &Setup,
    timeout: Option<Duration>,
) {
    let features = &setup.features;
    let mut missing = Vec::new();
    for item in &d.requires {
        match boolexpr::evaluate(item, features, "") {
            Ok(true) => {}
            Ok(false) => missing.push(item.as_str()),
            Err(e) => {
                outcome.output = format!("Error in REQUIRES list:\n{e}");
                return;
            }
        }
    }
    if !missing.is_empty() {
        outcome.status = Status::Unsupported;
        outcome.output = format!(
            "Test requires the following unavailable features: {}",
            missing.join(", ")
        );
        return;
    }
    let mut present = Vec::new();
    for item in &d.unsupported {
        match boolexpr::evaluate(item, features, "") {
            Ok(true) => present.push(item.as_str()),
            Ok(false) => {}
            Err(e) => {
                outcome.output = format!("Error in UNSUPPORTED list:\n{e}");
                return;
            }
        }
    }
    if !present.is_empty() {
        outcome.status = Status::Unsupported;
        outcome.output = format!(
            "Test does not support the following features and/or targets: {}",
            present.join(", ")
        );
        return;
    }
    if !setup.errors.is_empty() {
        outcome.output = format!(
            "The suite cannot run tests:\n  {}",
            setup.errors.join("\n  ")
        );
        return;
    }

    let dir = test.path.parent().unwrap_or(Path::new("/")).to_path_buf();
    let tmp_dir = dir.join("Output");
    let file_name = test
        .path
        .file_name()
        .map(|f| f.to_os_string())
        .unwrap_or_default();
    let tmp_base = tmp_dir.join(&file_name);
    let mut pairs = setup.substitutions.clone();
    pairs.extend(subst::builtins(&test.path, &tmp_dir, &tmp_base));

    let mut commands = Vec::new();
    let mut missing_tools: Vec<subst::Missing> = Vec::new();
    for r in &d.run {
        let applied = subst::apply(&r.command, &pairs);
        for m in applied.missing {
            if !missing_tools.contains(&m) {
                missing_tools.push(m);
            }
        }
        commands.push(ShellCommand {
            line: r.line,
            text: applied.text,
        });
    }
    outcome.script = commands
        .iter()
        .map(|c| format!("RUN at line {}: {}", c.line, c.text))
        .collect();
    if !missing_tools.is_empty() {
        let why: Vec<&str> = missing_tools.iter().map(|m| m.why.as_str()).collect();
        outcome.output = format!(
            "A tool this test needs is missing:\n  {}\n",
            why.join("\n  ")
        );
        outcome.missing_tools = missing_tools;
        return;
    }

    if let Err(e) = std::fs::create_dir_all(&tmp_dir) {
        outcome.output = format!("cannot create {}: {e}", tmp_dir.display());
        return;
    }
    let with_ext = |ext: &str| {
        let mut s = tmp_base.clone().into_os_string();
        s.push(ext);
        PathBuf::from(s)
    };
    let script_path = with_ext(".script");
    let progress = with_ext(".rlit-line");
    if let Err(e) = std::fs::write(&script_path, script_text(&commands, &progress)) {
        outcome.output = format!("cannot write {}: {e}", script_path.display());
        return;
    }
    let bash = setup.bash.clone().unwrap_or_else(|| PathBuf::from("bash"));

    let attempts = d.allow_retries.unwrap_or(0) + 1;
    for attempt in 0..attempts {
        let _ = std::fs::remove_file(&progress);
        let exec = match execute(&bash, &script_path, &dir, &setup.env, timeout) {
            Ok(e) => e,
            Err(e) => {
                outcome.status = Status::Unresolved;
                outcome.output = format!(
                    "cannot run {} {}: {e}",
                    bash.display(),
                    script_path.display()
                );
                return;
            }
        };
        outcome.status = if exec.timed_out {
            Status::Timeout
        } else if exec.code == 0 {
            if attempt > 0 {
                Status::FlakyPass
            } else {
                Status::Pass
            }
        } else {
            Status::Fail
        };
        outcome.output = describe(&exec, timeout);
        outcome.failed_run = None;
        if outcome.status != Status::Pass && outcome.status != Status::FlakyPass {
            let line: Option<usize> = std::fs::read_to_string(&progress)
                .ok()
                .and_then(|s| s.trim().parse().ok());
            outcome.failed_run = line
                .and_then(|l| commands.iter().find(|c| c.line == l))
                .map(|c| (c.line, c.text.clone()));
        }
        if outcome.status != Status::Fail {
            break;
        }
    }
    let _ = std::fs::remove_file(&progress);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_has_lits_shape() {
        let cmds = vec![
            ShellCommand {
                line: 3,
                text: "echo a | FileCheck x".into(),
            },
            ShellCommand {
                line: 5,
                text: "not false".into(),
            },
        ];
        let s = script_text(&cmds, Path::new("/o/it's.rlit-line"));
        assert_eq!(
            s,
            "set -o pipefail\nRLIT_PROGRESS='/o/it'\\''s.rlit-line'\n\
             trap 'echo \"$RLIT_RUN_LINE\" > \"$RLIT_PROGRESS\"' EXIT\n\
             { RLIT_RUN_LINE=3; : 'RUN: at line 3'; echo a | FileCheck x; } &&\n\
             { RLIT_RUN_LINE=5; : 'RUN: at line 5'; not false; }\n"
        );
    }
}
