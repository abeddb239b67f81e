//! Running IGC through the `ocloc` binary: SPIR-V in, a device binary (and, when asked, vISA and Gen asm) out.
//!
//! The command (docs/vc-backend.md §1, §3), run in the bridge's private directory because IGC writes its dumps to the
//! current directory:
//! `ocloc compile -q -spirv_input -file module.spv -device <ocloc name> [-revision_id N]
//!  -options "-vc-codegen <api options> [-Xfinalizer '<finalizer options>']"
//!  -internal_options "-binary-format=<ocl|ze> [-dump-asm] <internal options>" -output module -output_no_suffix`.
//!
//! ocloc's exit status is not trusted either way: a failure becomes the text IGC printed, and success is checked
//! by the caller against the binary's kernels.

use std::path::Path;
use std::process::Command;

pub const OCLOC: &str = "ocloc";

/// One ocloc run.
pub struct Invocation<'a> {
    pub device: &'a str,
    pub revision_id: Option<u32>,
    pub api_options: Vec<String>,
    pub internal_options: Vec<String>,
    pub finalizer_options: Vec<String>,
}

/// What ocloc left behind.
pub struct Output {
    pub binary: Vec<u8>,
    /// What ocloc and IGC printed (finalizer reports such as `-printasmcount` go there).
    pub log: String,
}

impl Invocation<'_> {
    /// The text of ocloc's `-options`.
    fn api_option_text(&self) -> String {
        let mut options = vec!["-vc-codegen".to_string()];
        options.extend(self.api_options.iter().cloned());
        if !self.finalizer_options.is_empty() {
            options.push(format!("-Xfinalizer '{}'", self.finalizer_options.join(" ")));
        }
        options.join(" ")
    }

    /// The argument list after `ocloc`.
    pub fn arguments(&self, spirv_file: &str, output_name: &str) -> Vec<String> {
        let mut args: Vec<String> = ["compile", "-q", "-spirv_input", "-file", spirv_file, "-device", self.device]
            .iter()
            .map(|s| s.to_string())
            .collect();
        if let Some(revision) = self.revision_id {
            args.extend(["-revision_id".to_string(), revision.to_string()]);
        }
        args.extend(["-options".to_string(), self.api_option_text()]);
        if !self.internal_options.is_empty() {
            args.extend(["-internal_options".to_string(), self.internal_options.join(" ")]);
        }
        args.extend(["-output".to_string(), output_name.to_string(), "-output_no_suffix".to_string()]);
        args
    }

    /// Runs ocloc in `dir` on `dir/module.spv`.
    pub fn run(&self, dir: &Path, verbose: bool) -> Result<Output, String> {
        let args = self.arguments("module.spv", "module");
        if verbose {
            eprintln!("(cd {} && {OCLOC} {})", dir.display(), quote(&args));
        }
        let result = Command::new(OCLOC)
            .args(&args)
            .current_dir(dir)
            .output()
            .map_err(|err| format!("cannot run {OCLOC}: {err} (install intel-opencl-icd with scripts/setup.sh)"))?;
        let mut log = String::from_utf8_lossy(&result.stdout).into_owned();
        log.push_str(&String::from_utf8_lossy(&result.stderr));
        let binary = dir.join("module");
        if !result.status.success() || !binary.is_file() {
            return Err(self.failure(&result.status, &log));
        }
        let binary = std::fs::read(&binary).map_err(|err| format!("cannot read ocloc's output: {err}"))?;
        Ok(Output { binary, log })
    }

    /// Why ocloc failed, from how it ended and what it printed: IGC's own lines (without ocloc's boilerplate
    /// and LLVM's crash backtrace), then how ocloc ended; or that IGC printed nothing, and how ocloc ended. An
    /// exit status without a message is how IGC refuses an option it does not know, so the options are shown.
    pub fn failure(&self, status: &std::process::ExitStatus, log: &str) -> String {
        let messages = igc_messages(log);
        let why = match status.code() {
            Some(code) if !status.success() && messages.is_empty() => format!(
                "ocloc exited with status {code} without a message; IGC refuses unknown or inapplicable options \
                 this way: -options \"{}\"{}",
                self.api_option_text(),
                if self.internal_options.is_empty() {
                    String::new()
                } else {
                    format!(" -internal_options \"{}\"", self.internal_options.join(" "))
                }
            ),
            Some(code) if !status.success() => format!("ocloc exited with status {code}"),
            Some(_) => "ocloc wrote no binary".to_string(),
            None => format!("ocloc was killed by {} (IGC crashed)", signal_name(status)),
        };
        if messages.is_empty() {
            format!("{why}; IGC printed no message")
        } else {
            format!("{messages} ({why})")
        }
    }
}

/// The signal that ended a process, by number and name (`signal 6 (SIGABRT)`).
pub fn signal_name(status: &std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    let Some(signal) = status.signal() else { return "a signal".to_string() };
    let name = match signal {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL (out of memory, or killed)",
        11 => "SIGSEGV",
        15 => "SIGTERM",
        _ => "",
    };
    if name.is_empty() {
        format!("signal {signal}")
    } else {
        format!("signal {signal} ({name})")
    }
}

/// A shell-readable rendering of an argument list (arguments with spaces in double quotes).
pub fn quote(args: &[String]) -> String {
    args.iter()
        .map(|a| if a.contains(' ') || a.is_empty() { format!("\"{a}\"") } else { a.clone() })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lines of ocloc's output that say what went wrong (IGC's and LLVM's messages), without ocloc's own
/// boilerplate (`Build failed with error code`, the echoed command line, blank lines).
pub fn igc_messages(log: &str) -> String {
    // LLVM's crash report ("PLEASE submit a bug report", "Stack dump:", "#0 0x... frame") follows the message.
    let crash_report = |line: &&str| {
        let trimmed = line.trim_start();
        trimmed.starts_with("PLEASE submit a bug report")
            || trimmed.starts_with("Stack dump:")
            || (trimmed.starts_with('#') && trimmed[1..].split_whitespace().nth(1).is_some_and(|w| w.starts_with("0x")))
    };
    log.lines()
        .take_while(|line| !crash_report(line))
        .map(str::trim_end)
        .filter(|line| {
            !line.is_empty()
                && !line.starts_with("Build failed with error code")
                && !line.starts_with("Command was:")
                && !line.starts_with("Build succeeded")
                && !line.contains("Compilation from IR - skipping loading of FCL")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_carry_every_option_group() {
        let invocation = Invocation {
            device: "tgllp",
            revision_id: Some(3),
            api_options: vec!["-g".into()],
            internal_options: vec!["-binary-format=ze".into(), "-dump-asm".into()],
            finalizer_options: vec!["-noschedule".into(), "-printasmcount".into()],
        };
        let args = invocation.arguments("m.spv", "m");
        let joined = args.join(" | ");
        assert!(joined.contains("-device | tgllp | -revision_id | 3"));
        assert!(joined.contains("-options | -vc-codegen -g -Xfinalizer '-noschedule -printasmcount'"));
        assert!(joined.contains("-internal_options | -binary-format=ze -dump-asm"));
    }

    fn invocation() -> Invocation<'static> {
        Invocation {
            device: "tgllp",
            revision_id: None,
            api_options: vec!["-g".into()],
            internal_options: vec!["-binary-format=ocl".into()],
            finalizer_options: Vec::new(),
        }
    }

    #[test]
    fn every_ending_says_what_igc_printed_or_that_it_printed_nothing() {
        use std::os::unix::process::ExitStatusExt;
        let invocation = invocation();
        // A wait status: a signal in the low bits, an exit code in the second byte.
        let killed = |signal: i32| std::process::ExitStatus::from_raw(signal);
        let exited = |code: i32| std::process::ExitStatus::from_raw(code << 8);
        let crash = "error: LLVM ERROR: GenXCisaBuilder: VISA builder creation failed\nPLEASE submit a bug report to \
                     https://github.com/llvm/llvm-project/issues/\nStack dump:\n #0 0x00007f9e llvm::sys::Print\n";
        assert_eq!(
            invocation.failure(&killed(6), crash),
            "error: LLVM ERROR: GenXCisaBuilder: VISA builder creation failed (ocloc was killed by signal 6 (SIGABRT) \
             (IGC crashed))"
        );
        assert_eq!(
            invocation.failure(&killed(11), "\nBuild failed with error code: -11\n"),
            "ocloc was killed by signal 11 (SIGSEGV) (IGC crashed); IGC printed no message"
        );
        assert_eq!(
            invocation.failure(&killed(9), ""),
            "ocloc was killed by signal 9 (SIGKILL (out of memory, or killed)) (IGC crashed); IGC printed no message"
        );
        let refused = invocation.failure(&exited(245), "");
        assert!(refused.starts_with("ocloc exited with status 245 without a message; IGC refuses"), "{refused}");
        assert!(refused.ends_with("-options \"-vc-codegen -g\" -internal_options \"-binary-format=ocl\"; IGC printed no message"));
        assert_eq!(invocation.failure(&exited(1), "error: bad thing\n"), "error: bad thing (ocloc exited with status 1)");
        assert_eq!(invocation.failure(&exited(0), ""), "ocloc wrote no binary; IGC printed no message");
    }

    #[test]
    fn boilerplate_is_dropped_from_messages() {
        let log =
            "error: LLVM ERROR: Invalid number of words\n\nBuild failed with error code: -11\nCommand was: ocloc ...\n";
        assert_eq!(igc_messages(log), "error: LLVM ERROR: Invalid number of words");
    }
}
