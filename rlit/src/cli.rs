//! Command lines: `rlit [paths...] [options]` and the `cargo test` harness.
//!
//! Both entry points share one option parser. They differ in two ways:
//! * positional arguments are **paths** for `rlit`, but cargo-test **name filters** for the
//!   harness (`cargo test -p rlit -- rlit/xfail` runs tests whose path contains `rlit/xfail`);
//! * the harness also accepts libtest's own flags (`--list`, `--exact`, `--skip`,
//!   `--test-threads`, `--nocapture`, `--format`, …) so cargo and IDEs can drive it, and it finds
//!   tools in the cargo target directory of the running profile ([`setup::cargo_profile_dir`]).
//!
//! Invariant: unknown options are errors (exit 2), never silently ignored or taken as filters.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::{run, setup, Config, Verbosity};

const USAGE: &str = "\
usage: rlit [PATH...] [options]
Runs the lit tests in PATH (files or directories inside a suite with a lit.toml; default: the
suite containing the current directory, else the nearest tests/lit).

options:
  -v, --verbose        report every test; print whole scripts of failures
  -q, --quiet          print only failures and the closing report
  --filter REGEX       run only tests whose full name ('suite :: path') matches
  -j, --jobs N         worker threads (default: one per core)
  --param K=V, -D K=V  set a param: overrides lit.toml [params]; a tool's name sets its path
                       (--param plugin=PATH, --param cmc=PATH, --param opt=PATH)
  --timeout SECS       per-test time limit
  --list               list the selected tests and exit
  -h, --help           this help
  --version            rlit's version
environment: RLIT_PLUGIN, RLIT_CMC, RLIT_OPT, RLIT_FILECHECK override the tools (see lit.toml)";

/// Which entry point is parsing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Rlit,
    CargoTest,
}

/// A parsed command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    Run(Box<ConfigArgs>),
    Help,
    Version,
    /// libtest's `--bench`: nothing to do for a test target.
    Nothing,
}

/// The options of a run, before the suite location is decided.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConfigArgs {
    pub positional: Vec<String>,
    pub params: Vec<(String, String)>,
    pub filter: Option<String>,
    pub exact: bool,
    pub skip: Vec<String>,
    pub jobs: usize,
    pub verbose: bool,
    pub quiet: bool,
    pub timeout: Option<Duration>,
    pub list: bool,
    /// libtest `--ignored`: rlit has no `#[ignore]`d tests, so nothing is selected.
    pub only_ignored: bool,
}

/// Parses `args` (without the program name).
pub fn parse_args(args: &[String], mode: Mode) -> Result<Parsed, String> {
    let mut a = ConfigArgs::default();
    let mut it = args.iter().peekable();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        let number = |name: &str, v: String| {
            v.parse::<usize>()
                .map_err(|_| format!("{name}: '{v}' is not a number"))
        };
        let libtest = mode == Mode::CargoTest;
        match flag {
            "-h" | "--help" => return Ok(Parsed::Help),
            "--version" => return Ok(Parsed::Version),
            "-v" | "--verbose" | "-a" | "--show-all" => a.verbose = true,
            "-q" | "--quiet" | "-s" | "--succinct" => a.quiet = true,
            "--filter" => a.filter = Some(value(flag)?),
            "-j" | "--jobs" | "--workers" | "--test-threads" => {
                a.jobs = number(flag, value(flag)?)?
            }
            "--param" | "-D" => {
                let v = value(flag)?;
                let (k, v) = v.split_once('=').unwrap_or((v.as_str(), ""));
                a.params.push((k.to_string(), v.to_string()));
            }
            "--timeout" => {
                a.timeout = Some(Duration::from_secs(number(flag, value(flag)?)? as u64))
            }
            "--list" => a.list = true,
            "--exact" if libtest => a.exact = true,
            "--skip" if libtest => a.skip.push(value(flag)?),
            "--ignored" if libtest => a.only_ignored = true,
            "--bench" if libtest => return Ok(Parsed::Nothing),
            "--include-ignored"
            | "--nocapture"
            | "--no-capture"
            | "--show-output"
            | "--test"
            | "--report-time"
            | "--ensure-time"
            | "--shuffle"
            | "--force-run-in-process"
                if libtest => {}
            "--format" | "--color" | "-Z" | "--logfile" | "--shuffle-seed" if libtest => {
                value(flag)?;
            }
            _ if arg.starts_with('-') && arg.len() > 1 => {
                return Err(format!("unknown option '{arg}' (see --help)"));
            }
            _ => a.positional.push(arg.clone()),
        }
    }
    Ok(Parsed::Run(Box::new(a)))
}

fn into_config(a: ConfigArgs) -> Config {
    Config {
        paths: Vec::new(),
        params: a.params.into_iter().collect(),
        filter: a.filter,
        name_filters: Vec::new(),
        exact: a.exact,
        skip: a.skip,
        jobs: a.jobs,
        verbosity: if a.verbose {
            Verbosity::Verbose
        } else if a.quiet {
            Verbosity::Quiet
        } else {
            Verbosity::Normal
        },
        timeout: a.timeout,
        artifact_dirs: Vec::new(),
        list_only: a.list,
    }
}

/// The suite to run when `rlit` is given no path: the one around the current directory, else
/// the nearest `tests/lit` with a `lit.toml` in the current directory or an ancestor.
fn default_path() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    if crate::discover::find_suite_root(&cwd).is_some() {
        return cwd;
    }
    cwd.ancestors()
        .map(|d| d.join("tests/lit"))
        .find(|d| d.join(crate::suite::CONFIG_FILE).is_file())
        .unwrap_or(cwd)
}

/// The options of a parsed command line to run with, or the exit code once `--help` (which prints `help`),
/// `--version`, nothing to do or a usage error has been answered.
fn options_or_exit(parsed: Result<Parsed, String>, help: &str) -> Result<ConfigArgs, i32> {
    match parsed {
        Ok(Parsed::Run(a)) => Ok(*a),
        Ok(Parsed::Help) => {
            println!("{help}");
            Err(0)
        }
        Ok(Parsed::Version) => {
            println!("rlit {}", env!("CARGO_PKG_VERSION"));
            Err(0)
        }
        Ok(Parsed::Nothing) => Err(0),
        Err(e) => {
            eprintln!("rlit: {e}");
            Err(2)
        }
    }
}

/// `main` of the `rlit` binary; returns the process exit code.
pub fn rlit_main(args: &[String]) -> i32 {
    let a = match options_or_exit(parse_args(args, Mode::Rlit), USAGE) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let positional = a.positional.clone();
    let mut config = into_config(a);
    config.paths = if positional.is_empty() {
        vec![default_path()]
    } else {
        positional.into_iter().map(PathBuf::from).collect()
    };
    config.artifact_dirs = setup::cargo_profile_dir().into_iter().collect();
    run(&config).exit_code()
}

/// `main` of a `harness = false` cargo test target that runs the suite at `suite_dir`.
pub fn cargo_test_main(suite_dir: &Path) -> i32 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let help = format!("{USAGE}\n\nUnder `cargo test`, positional arguments are name filters, not paths.");
    let a = match options_or_exit(parse_args(&args, Mode::CargoTest), &help) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (positional, only_ignored) = (a.positional.clone(), a.only_ignored);
    let mut config = into_config(a);
    config.paths = vec![suite_dir.to_path_buf()];
    config.name_filters = positional;
    if only_ignored {
        // No test is `#[ignore]`d; `--ignored` therefore selects none.
        config.skip.push(String::new());
    }
    config.artifact_dirs = setup::cargo_profile_dir().into_iter().collect();
    if config.artifact_dirs.is_empty() {
        eprintln!("rlit: warning: not running from a cargo target directory; tools come from lit.toml's artifact_dirs");
    }
    run(&config).exit_code()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    fn run_args(s: &str, mode: Mode) -> ConfigArgs {
        match parse_args(&args(s), mode).unwrap() {
            Parsed::Run(a) => *a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn rlit_options() {
        let a = run_args(
            "tests/lit -v --filter rlit/ -j 2 --param plugin=/p.so -D llvm_major=14 --param flag",
            Mode::Rlit,
        );
        assert_eq!(a.positional, vec!["tests/lit"]);
        assert!(a.verbose);
        assert_eq!(a.filter.as_deref(), Some("rlit/"));
        assert_eq!(a.jobs, 2);
        assert_eq!(
            a.params,
            vec![
                ("plugin".into(), "/p.so".into()),
                ("llvm_major".into(), "14".into()),
                ("flag".into(), String::new())
            ]
        );
        assert_eq!(run_args("--jobs=3 --timeout 5", Mode::Rlit).jobs, 3);
        assert!(parse_args(&args("--nocapture"), Mode::Rlit)
            .unwrap_err()
            .contains("unknown option"));
        assert!(parse_args(&args("-j"), Mode::Rlit)
            .unwrap_err()
            .contains("needs a value"));
    }

    #[test]
    fn libtest_options() {
        let a = run_args(
            "rlit/ --exact --skip slow --test-threads=1 --format terse --nocapture -q",
            Mode::CargoTest,
        );
        assert_eq!(a.positional, vec!["rlit/"]);
        assert!(a.exact && a.quiet);
        assert_eq!(a.skip, vec!["slow"]);
        assert_eq!(a.jobs, 1);
        assert_eq!(
            parse_args(&args("--bench"), Mode::CargoTest).unwrap(),
            Parsed::Nothing
        );
        assert!(parse_args(&args("--bogus"), Mode::CargoTest).is_err());
    }
}
