//! Command-line parsing.
//!
//! cmc and opt spell long options with one dash (`-passes=...`, `-print-passes`), and cmc also accepts `/` as a
//! prefix and `:` as a joiner (`/Qxcm_jit_target:tgllp`). clap parses GNU-style `--long` options, so argv is first
//! normalised: an argument that names a known long option with one dash or a slash is rewritten to `--name`, with
//! `:` turned into `=`. Everything else reaches clap untouched, so clap's errors stay accurate.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::Parser;

#[derive(Parser, Debug, Default)]
#[command(name = "cmc", about = "C for Metal compiler (GenX middle end on LLVM 14, IGC vc backend)", disable_version_flag = true, args_override_self = true)]
pub struct Options {
    /// Run this pass pipeline (opt's -passes syntax) on the IR input, e.g. `genx-verify` or `function(genx-verify)`.
    #[arg(long = "passes", value_name = "PIPELINE")]
    pub passes: Option<String>,

    /// Target platform (any spelling cmc or ocloc accepts: tgllp, DG2, 12.55.8, 0x56a0, ...).
    #[arg(long = "march", value_name = "PLATFORM")]
    pub march: Option<String>,

    /// Target platform (takes precedence over -march).
    #[arg(long = "mcpu", value_name = "PLATFORM")]
    pub mcpu: Option<String>,

    /// Target platform (takes precedence over -mcpu and -march, as in cmc).
    #[arg(long = "Qxcm_jit_target", value_name = "PLATFORM")]
    pub jit_target: Option<String>,

    /// Write textual IR instead of bitcode.
    #[arg(short = 'S')]
    pub emit_text: bool,

    /// Output file (`-` for stdout, the default in -passes mode).
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Verify the module after each pass (opt's -verify-each).
    #[arg(long = "verify-each")]
    pub verify_each: bool,

    /// Print the pass manager's trace (opt's -debug-pass-manager).
    #[arg(long = "debug-pass-manager")]
    pub debug_pass_manager: bool,

    /// Skip the module verification that follows the pipeline (opt's -disable-verify).
    #[arg(long = "disable-verify")]
    pub disable_verify: bool,

    /// List the GenX passes and exit.
    #[arg(long = "print-passes")]
    pub print_passes: bool,

    /// Print the versions of cmc and of every component it uses.
    #[arg(long = "version")]
    pub version: bool,

    /// Pass an option to LLVM (repeatable), as clang's -mllvm: e.g. `-mllvm -print-after=genx-verify`.
    #[arg(long = "mllvm", value_name = "LLVM-OPTION", allow_hyphen_values = true)]
    pub mllvm: Vec<String>,

    /// Print the IR after these passes (LLVM's -print-after; repeatable).
    #[arg(long = "print-after", value_name = "PASS")]
    pub print_after: Vec<String>,

    /// Print the IR before these passes (LLVM's -print-before; repeatable).
    #[arg(long = "print-before", value_name = "PASS")]
    pub print_before: Vec<String>,

    /// Print the IR after every pass.
    #[arg(long = "print-after-all")]
    pub print_after_all: bool,

    /// Show the remarks of the passes matching this regex (LLVM's -pass-remarks): what they did.
    #[arg(long = "pass-remarks", value_name = "REGEX")]
    pub pass_remarks: Option<String>,

    /// Show the missed-optimization remarks (what a pass refused, and why) of the matching passes.
    #[arg(long = "pass-remarks-missed", value_name = "REGEX")]
    pub pass_remarks_missed: Option<String>,

    /// Show the analysis remarks of the matching passes.
    #[arg(long = "pass-remarks-analysis", value_name = "REGEX")]
    pub pass_remarks_analysis: Option<String>,

    /// Print LLVM's statistics table (the counters of every pass, GenX passes included) after the run.
    #[arg(long = "stats")]
    pub stats: bool,

    /// The back end: `igc` (default: SPIR-V to IGC's vector-compute backend) or `visa` (our vISA, finalized by
    /// GenX_IR; writes the CMRT vISA object, -binary-format=cm).
    #[arg(long = "backend", value_name = "igc|visa", value_parser = ["igc", "visa"])]
    pub backend: Option<String>,

    /// Print the time taken by each pass.
    #[arg(long = "ftime-report")]
    pub time_report: bool,

    /// Emit LLVM IR (bitcode; text with -S) instead of a binary.
    #[arg(long = "emit-llvm")]
    pub emit_llvm: bool,

    /// Only preprocess the CM source (the CM headers and predefined macros in effect).
    #[arg(short = 'E')]
    pub preprocess: bool,

    /// Define a macro (`NAME` or `NAME=VALUE`); -D and -U apply in command-line order.
    #[arg(short = 'D', value_name = "MACRO", action = clap::ArgAction::Append)]
    pub define: Vec<String>,

    /// Undefine a macro.
    #[arg(short = 'U', value_name = "MACRO", action = clap::ArgAction::Append)]
    pub undefine: Vec<String>,

    /// Add a directory to the include search path.
    #[arg(short = 'I', value_name = "DIR", action = clap::ArgAction::Append)]
    pub include_dirs: Vec<String>,

    /// Add a directory to the system include search path.
    #[arg(long = "isystem", value_name = "DIR", action = clap::ArgAction::Append)]
    pub system_include_dirs: Vec<String>,

    /// Include a file before the source.
    #[arg(long = "include", value_name = "FILE", action = clap::ArgAction::Append)]
    pub pre_includes: Vec<String>,

    /// Language standard (the default is C++17).
    #[arg(long = "std", value_name = "STANDARD")]
    pub std: Option<String>,

    /// Debug information (`-g`, `-g0`..`-g3`; `-mCM_no_debug` turns it off).
    #[arg(long = "debug-level", value_name = "LEVEL", hide = true)]
    pub debug_level: Option<u8>,

    /// 32-bit pointers (`svmptr_t`, `CM_PTRSIZE=32`).
    #[arg(long = "m32", overrides_with = "m64")]
    pub m32: bool,

    /// 64-bit pointers (the default).
    #[arg(long = "m64", overrides_with = "m32")]
    pub m64: bool,

    /// Optimisation level 0..3 (-O0 runs no middle-end pass; IGC optimises in every case).
    #[arg(short = 'O', value_name = "LEVEL", value_parser = ["0", "1", "2", "3", "s", "z"])]
    pub opt_level: Option<String>,

    /// Pass an argument to clang's cc1 (repeatable).
    #[arg(long = "Xclang", value_name = "ARG", allow_hyphen_values = true, action = clap::ArgAction::Append)]
    pub xclang: Vec<String>,

    /// The input's language, instead of its suffix: cm (also c++, cpp), ir (also llvm-ir, bc), spirv.
    #[arg(short = 'x', value_name = "LANGUAGE", value_parser = ["cm", "c++", "cpp", "ir", "llvm-ir", "bc", "spirv", "spv"])]
    pub language: Option<String>,

    /// Input file: CM source (`.cpp`, `.cc`, `.cm`), LLVM IR (`.ll` or `.bc`), `-` for stdin.
    pub input: Option<PathBuf>,

    /// -D and -U in command-line order (filled from clap's indices after parsing).
    #[arg(skip)]
    pub macros: Vec<cm_frontend::MacroArg>,

    /// cmc's own flags (`-Qxcm_*`, `-mCM_*`, `-binary-format`, ...), taken out before clap parses the rest.
    #[arg(skip)]
    pub compat: crate::compat::Compat,
}

/// The cmc flags handled outside clap (see `compat.rs`), for `--help`.
const CMC_FLAGS_HELP: &str = "cmc flags (prefix - or /, value joined with = or :):
  -binary-format=cm|ocl|ze     output container (default ocl; cm = CMRT vISA object, no SVM kernels)
  -fcmocl                      same as -binary-format=ocl
  -emit-spirv                  write SPIR-V (default name a.spv)
  -Qxcm_revid=N, -Qxcm_stepping=A|B   revision id for ocloc
  -mdump_asm                   write <kernel>.visaasm and <kernel>.asm next to the output
  -backend=igc|visa            the back end: IGC (default), or our vISA finalized by GenX_IR (-binary-format=cm)
  -Qxcm_asm_output=FILE, /FaFILE      write the Gen asm to FILE
  -Qxcm_print_asm_count, -mCM_printregusage, -Qxcm_noschedule, -Qxcm_opt_report, -Qxcm_release,
  -Qxcm_preschedule[_ctrl|_rp], -Qxcm_jit_option=\"...\", -mCM_jit_option=...   finalizer (vISA) options
  -mCM_optimize_none, -mCM_disable_jmpi, -mCM_no_vector_decomposition, -mCM_translate_legacy,
  -Qxcm_register_file_size=N|auto, -Qxcm_doubleGRF, -ffp-contract=X, -vc-use-plain-2d-images   IGC options
  -mCM_max_slm=KB              refuse kernels using more SLM
  -v, -###                     print the commands run (-### runs nothing)
  legacy -Qxcm_*, -mCM_*, -mGLOB_*, -mP2OPT_*, -mPAROPT_*, -Qopt* flags are accepted and ignored with a note";

/// Long options that may be written with a single dash or a slash.
const LONG_OPTIONS: &[&str] =
    &[
        "passes",
        "verify-each",
        "debug-pass-manager",
        "disable-verify",
        "print-passes",
        "version",
        "help",
        "mllvm",
        "print-after",
        "print-before",
        "print-after-all",
        "stats",
        "backend",
        "ftime-report",
        "pass-remarks",
        "pass-remarks-missed",
        "pass-remarks-analysis",
        "march",
        "mcpu",
        "Qxcm_jit_target",
        "emit-llvm",
        "isystem",
        "include",
        "std",
        "m32",
        "m64",
        "Xclang",
    ];

impl Options {
    /// The requested platform, with cmc's precedence: -Qxcm_jit_target, then -mcpu, then -march.
    pub fn platform(&self) -> Option<&str> {
        self.jit_target.as_deref().or(self.mcpu.as_deref()).or(self.march.as_deref())
    }

    /// The options that go to LLVM's own command-line parser, in LLVM's spelling.
    pub fn llvm_options(&self) -> Vec<String> {
        let mut options = self.mllvm.clone();
        options.extend(self.print_after.iter().map(|pass| format!("-print-after={pass}")));
        options.extend(self.print_before.iter().map(|pass| format!("-print-before={pass}")));
        if self.print_after_all {
            options.push("-print-after-all".to_string());
        }
        if self.stats {
            options.push("-stats".to_string());
        }
        for (flag, value) in [
            ("-pass-remarks", &self.pass_remarks),
            ("-pass-remarks-missed", &self.pass_remarks_missed),
            ("-pass-remarks-analysis", &self.pass_remarks_analysis),
        ] {
            if let Some(value) = value {
                options.push(format!("{flag}={value}"));
            }
        }
        options
    }
}

/// Rewrites cmc/opt spellings of long options to clap's `--name[=value]`.
pub fn normalise(argv: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(argv.len());
    let mut rest_are_inputs = false;
    for (index, arg) in argv.iter().enumerate() {
        if index == 0 || rest_are_inputs {
            out.push(arg.clone());
            continue;
        }
        if arg == "--" {
            rest_are_inputs = true;
            out.push(arg.clone());
            continue;
        }
        if let Some(level) = debug_level(arg) {
            out.push(format!("--debug-level={level}"));
            continue;
        }
        if arg == "-O" {
            out.push("-O1".to_string());
            continue;
        }
        let body = if let Some(body) = arg.strip_prefix("--") {
            Some(body)
        } else if let Some(body) = arg.strip_prefix('-') {
            Some(body)
        } else {
            // A leading '/' is an option only when it names one (a path such as /tmp/k.ll stays an input).
            arg.strip_prefix('/')
        };
        let rewritten = body.and_then(|body| {
            let split = body.find(['=', ':']).unwrap_or(body.len());
            let (name, value) = body.split_at(split);
            LONG_OPTIONS.contains(&name).then(|| {
                if value.is_empty() {
                    format!("--{name}")
                } else {
                    format!("--{name}={}", &value[1..])
                }
            })
        });
        out.push(rewritten.unwrap_or_else(|| arg.clone()));
    }
    out
}

/// The debug level a `-g` spelling asks for (clang's `-g`, `-g0`..`-g3`, `-ggdb`, `-gline-tables-only`; cmc's
/// `-mCM_no_debug`).
fn debug_level(arg: &str) -> Option<u8> {
    match arg {
        "-g" | "-g2" | "-ggdb" | "/Zi" => Some(2),
        "-g0" | "-mCM_no_debug" | "/mCM_no_debug" => Some(0),
        "-g1" | "-gline-tables-only" => Some(1),
        "-g3" => Some(3),
        _ => None,
    }
}

/// Why the command line was refused: clap's rendering (usage errors, `--help`) or a cmc-flag error.
#[derive(Debug)]
pub enum ParseError {
    Clap(clap::Error),
    Message(String),
}

impl From<clap::Error> for ParseError {
    fn from(err: clap::Error) -> Self {
        ParseError::Clap(err)
    }
}

/// Marks an argument that is not UTF-8 while the cmc flags are taken out and argv is normalised (both work on
/// text); it starts with a NUL, which no real argument holds, and is replaced by the original before clap.
const NOT_UTF8: &str = "\0cmc-argument-not-utf8-";

/// argv as text, with each argument that is not UTF-8 replaced by a [`NOT_UTF8`] marker, and the originals.
/// Such bytes are allowed only where a path is expected and clap reads a path (the input file, `-o`); clap refuses
/// them anywhere else with its "invalid UTF-8" error, and a cmc flag's value with one is refused here.
fn text_argv(argv: &[OsString]) -> Result<(Vec<String>, Vec<OsString>), ParseError> {
    use std::os::unix::ffi::OsStrExt;
    let mut originals = Vec::new();
    let mut text = Vec::with_capacity(argv.len());
    for arg in argv {
        match arg.to_str() {
            Some(arg) => text.push(arg.to_string()),
            None => {
                let bytes = arg.as_bytes();
                if bytes.starts_with(b"-") && !bytes.starts_with(b"-o") {
                    return Err(ParseError::Message(format!(
                        "argument '{}' is not valid UTF-8; only the input file and the -o path may hold such bytes",
                        arg.to_string_lossy()
                    )));
                }
                originals.push(arg.clone());
                text.push(format!("{NOT_UTF8}{}", originals.len() - 1));
            }
        }
    }
    Ok((text, originals))
}

pub fn parse(argv: &[OsString]) -> Result<Options, ParseError> {
    use clap::{CommandFactory, FromArgMatches};
    let (text, originals) = text_argv(argv)?;
    let (rest, compat) = crate::compat::extract(&text).map_err(ParseError::Message)?;
    // A marker inside a cmc flag's value (its Debug form, as the Compat record prints it).
    let marker = format!("{NOT_UTF8:?}");
    if format!("{compat:?}").contains(marker.trim_matches('"')) {
        return Err(ParseError::Message("the value of a cmc flag is not valid UTF-8".to_string()));
    }
    let restored = normalise(&rest).into_iter().map(|arg| match arg.strip_prefix(NOT_UTF8) {
        Some(index) => index.parse::<usize>().ok().and_then(|i| originals.get(i).cloned()).unwrap_or_else(|| arg.into()),
        None => OsString::from(arg),
    });
    let matches = Options::command().after_help(CMC_FLAGS_HELP).try_get_matches_from(restored)?;
    let mut options = Options::from_arg_matches(&matches)?;
    // clap keeps -D and -U apart; the command line's order between them matters (clang applies them in order).
    let mut ordered: Vec<(usize, cm_frontend::MacroArg)> = Vec::new();
    for (id, make) in [("define", cm_frontend::MacroArg::Define as fn(String) -> _), ("undefine", cm_frontend::MacroArg::Undefine)] {
        if let (Some(indices), Some(values)) = (matches.indices_of(id), matches.get_many::<String>(id)) {
            ordered.extend(indices.zip(values).map(|(index, value)| (index, make(value.clone()))));
        }
    }
    ordered.sort_by_key(|(index, _)| *index);
    options.macros = ordered.into_iter().map(|(_, m)| m).collect();
    options.compat = compat;
    Ok(options)
}

/// A subcommand's arguments (`cmc run`, `cmc validate`), parsed by clap from `argv` (the subcommand's name first).
/// `Err` is the exit status once clap has printed its rendering: 0 after `--help`, 2 for a usage error.
pub fn parse_subcommand<A: Parser>(argv: &[OsString]) -> Result<A, std::process::ExitCode> {
    A::try_parse_from(argv).map_err(|err| {
        let _ = err.print();
        std::process::ExitCode::from(if err.use_stderr() { 2 } else { 0 })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(args: &[&str]) -> Vec<OsString> {
        std::iter::once("cmc").chain(args.iter().copied()).map(OsString::from).collect()
    }

    fn text(args: &[&str]) -> Vec<String> {
        std::iter::once("cmc").chain(args.iter().copied()).map(String::from).collect()
    }

    #[test]
    fn single_dash_slash_and_colon_spellings() {
        assert_eq!(
            normalise(&text(&["-passes=genx-verify", "/print-passes", "/passes:a,b", "-S", "/tmp/in.ll"])),
            text(&["--passes=genx-verify", "--print-passes", "--passes=a,b", "-S", "/tmp/in.ll"])
        );
    }

    #[test]
    fn values_keep_their_colons_and_inputs_after_double_dash_are_untouched() {
        let options = parse(&argv(&["-passes=function(genx-verify)", "-o", "out.ll", "--", "-passes=x"])).unwrap();
        assert_eq!(options.passes.as_deref(), Some("function(genx-verify)"));
        assert_eq!(options.input, Some(PathBuf::from("-passes=x")));
    }

    #[test]
    fn llvm_options_are_collected_in_llvm_spelling() {
        let options = parse(&argv(&["-mllvm", "-debug-only=x", "-print-after=genx-verify", "in.ll"])).unwrap();
        assert_eq!(options.llvm_options(), vec!["-debug-only=x".to_string(), "-print-after=genx-verify".to_string()]);
    }

    #[test]
    fn platform_precedence_and_spellings() {
        let options = parse(&argv(&["-march=skl", "/Qxcm_jit_target:DG2", "-mcpu=tgllp"])).unwrap();
        assert_eq!(options.platform(), Some("DG2"));
        let options = parse(&argv(&["-march=skl", "-mcpu=tgllp"])).unwrap();
        assert_eq!(options.platform(), Some("tgllp"));
    }

    #[test]
    fn front_end_options_keep_macro_order_and_debug_spellings() {
        let options = parse(&argv(&[
            "-DA=1", "-U", "B", "-D", "C", "-I", "inc", "-Iinc2", "-isystem", "sys", "-include", "pre.h", "-std=c++20",
            "-g", "-m32", "-O0", "-emit-llvm", "-S", "k.cpp",
        ]))
        .unwrap();
        use cm_frontend::MacroArg::*;
        assert_eq!(options.macros, vec![Define("A=1".into()), Undefine("B".into()), Define("C".into())]);
        assert_eq!(options.include_dirs, vec!["inc".to_string(), "inc2".to_string()]);
        assert_eq!(options.system_include_dirs, vec!["sys".to_string()]);
        assert_eq!(options.pre_includes, vec!["pre.h".to_string()]);
        assert_eq!(options.std.as_deref(), Some("c++20"));
        assert_eq!(options.debug_level, Some(2));
        assert!(options.m32 && options.emit_llvm && options.emit_text);
        assert_eq!(options.opt_level.as_deref(), Some("0"));
        let options = parse(&argv(&["-g", "-mCM_no_debug", "-E", "k.cpp"])).unwrap();
        assert_eq!(options.debug_level, Some(0));
        assert!(options.preprocess);
    }

    #[test]
    fn cmc_flags_are_taken_out_before_clap() {
        let options = parse(&argv(&["-Qxcm_noschedule", "-mCM_no_debug", "/Qxcm_jit_target:DG2", "k.cpp"])).unwrap();
        assert_eq!(options.compat.finalizer_options, vec!["-noschedule".to_string()]);
        assert_eq!(options.debug_level, Some(0));
        assert_eq!(options.platform(), Some("DG2"));
    }

    #[test]
    fn paths_may_hold_any_bytes_and_other_values_may_not() {
        use std::os::unix::ffi::OsStringExt;
        let bytes = |b: &[u8]| OsString::from_vec(b.to_vec());
        let mut args = argv(&["-emit-llvm", "-o"]);
        args.extend([bytes(b"out\xff.bc"), bytes(b"in\xfe.cpp")]);
        let options = parse(&args).unwrap();
        assert_eq!(options.output.unwrap().into_os_string(), bytes(b"out\xff.bc"));
        assert_eq!(options.input.unwrap().into_os_string(), bytes(b"in\xfe.cpp"));
        let mut args = argv(&[]);
        args.extend([bytes(b"-o\xff"), bytes(b"k.cpp")]);
        assert_eq!(parse(&args).unwrap().output.unwrap().into_os_string(), bytes(b"\xff"));
        for bad in [&b"-march=\xff"[..], b"-Qxcm_asm_output=\xff", b"-DX=\xff"] {
            let mut args = argv(&["k.cpp"]);
            args.push(bytes(bad));
            assert!(parse(&args).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn unknown_options_are_errors_not_inputs() {
        assert!(parse(&argv(&["-no-such-flag", "in.ll"])).is_err());
    }
}
