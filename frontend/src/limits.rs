//! Running clang with bounded resources: no CM input makes the front end run for minutes or take gigabytes.
//!
//! Why: clang has runaways on hostile or careless input. Measured (clang 14): typo correction on an unknown
//! identifier is quadratic in its length (10 KB: 0.5 s, 40 KB: 6.7 s, 200 KB: over 100 s; 0.08 s for 40 KB with
//! spelling correction off), and a macro can paste such an identifier from a few lines of source, so scanning
//! the source for long names cannot find it; a huge template argument makes clang allocate without bound; an
//! `#include` of a FIFO blocks forever.
//!
//! What: every clang process runs under
//! - `RLIMIT_AS` = [`MEMORY_BYTES`] (clang compiling our largest kernels maps under 300 MB); an allocation past
//!   it makes clang report "out of memory", which becomes one sentence naming the limit;
//! - `RLIMIT_CPU` = the attempt's [`Attempt::cpu_seconds`] (soft; the hard limit 2 s later kills): the kernel
//!   sends SIGXCPU when it is used up;
//! - `RLIMIT_CORE` = 0 (a crash leaves no core file in the user's directory; `-fno-crash-diagnostics` in the
//!   command line keeps clang from writing its reproducer files);
//! - a wall-clock limit, for what uses no CPU (a FIFO): the process is killed. One job runs clang up to five
//!   times (the PCH path, the plain path, the rewrite's rounds: `driver`), so the limit is the job's: all its
//!   runs share one deadline [`WALL_SECONDS`] after the first starts ([`Attempt::wall`] is what is left of it).
//!
//! Spelling correction is kept ("did you mean 'vector'?" is worth having on real typos): the first attempt runs
//! with it under [`SPELLING_CPU_SECONDS`], and only a clang that runs out of that CPU time is run again with
//! `-fno-spell-checking` under [`CPU_SECONDS`], so a runaway costs at most their sum; real CM kernels take
//! clang well under a second. A job's later runs (the retries) go without spelling correction as soon as one
//! run failed after more than [`SLOW_FAILURE`]: a retry can only repeat the same slow search (measured: a 50 KB
//! unknown identifier, 4.2 s a run, made a job of four runs take 16.7 s; now 4.3 s).
//!
//! clang's stdout and stderr are captured (the caller passes stderr on), so that clang's own report of a limit
//! ("LLVM ERROR: out of memory", the stack dump, "PLEASE submit a bug report") can be replaced by our sentence.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// The address-space limit of a clang process.
pub const MEMORY_BYTES: u64 = 2 << 30;
/// CPU seconds of the first attempt, with spelling correction.
pub const SPELLING_CPU_SECONDS: u64 = 5;
/// CPU seconds of the attempt without spelling correction.
pub const CPU_SECONDS: u64 = 40;
/// Wall-clock seconds of all the clang runs of one job together.
pub const WALL_SECONDS: u64 = 55;
/// A failed run slower than this turns spelling correction off for the job's later runs.
pub const SLOW_FAILURE: Duration = Duration::from_secs(1);

/// One run's limits.
#[derive(Clone, Copy)]
pub struct Attempt {
    pub cpu_seconds: u64,
    /// What is left of the job's wall-clock time ([`WALL_SECONDS`] in all).
    pub wall: Duration,
}

/// How a clang run ended.
pub struct Finished {
    pub status: ExitStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// Killed at the wall-clock limit.
    pub timed_out: bool,
}

impl Finished {
    /// Whether clang used up its CPU time.
    pub fn out_of_cpu(&self) -> bool {
        self.status.signal() == Some(libc::SIGXCPU) || self.status.signal() == Some(libc::SIGKILL) && !self.timed_out
    }

    /// Whether clang ran out of memory (LLVM's handler says so before aborting).
    pub fn out_of_memory(&self) -> bool {
        let text = String::from_utf8_lossy(&self.stderr);
        text.contains("LLVM ERROR: out of memory") || text.contains("std::bad_alloc") || text.contains("Allocation failed")
    }

    /// Whether clang was killed or crashed (rather than reporting errors).
    pub fn crashed(&self) -> bool {
        let text = String::from_utf8_lossy(&self.stderr);
        self.status.signal().is_some()
            || text.contains("PLEASE submit a bug report")
            || text.contains("frontend command failed due to signal")
    }

    /// The sentence for a clang that hit a limit or crashed, or `None` when it ended normally. `what` names
    /// the input.
    pub fn limit_message(&self, clang: &Path, what: &str, attempt: Attempt) -> Option<String> {
        if self.timed_out {
            Some(format!("clang ran for more than {WALL_SECONDS} s on {what} and was stopped (cmc's limit, for all of a job's clang runs)"))
        } else if self.out_of_cpu() {
            Some(format!("clang used more than {} s of CPU time on {what} and was stopped (cmc's limit)", attempt.cpu_seconds))
        } else if self.out_of_memory() {
            Some(format!(
                "clang ran out of memory on {what} (cmc limits it to {} MB of address space); a vector, array or \
                 template argument may be too large",
                MEMORY_BYTES >> 20
            ))
        } else if self.crashed() {
            let how = match self.status.signal() {
                Some(signal) => format!("was killed by signal {signal}"),
                None => "crashed".to_string(),
            };
            Some(format!("{} {how} on {what}: a clang bug, not an error in the source (its stack dump is left out)", clang.display()))
        } else {
            None
        }
    }

    /// clang's stderr without the noise of a crash (stack dump and bug-report request) when it hit a limit.
    pub fn diagnostics(&self) -> Vec<u8> {
        if !self.crashed() && !self.out_of_memory() {
            return self.stderr.clone();
        }
        let text = String::from_utf8_lossy(&self.stderr);
        let mut kept = String::new();
        for line in text.lines() {
            let trimmed = line.trim_start();
            let numbered = |prefix: &str| {
                trimmed.strip_prefix(prefix).is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
            };
            if line.starts_with("PLEASE submit")
                || line.starts_with("Stack dump:")
                || numbered("#")
                || numbered("") && trimmed.contains(".\t")
                || line.contains("LLVM ERROR: out of memory")
                || line.starts_with("Allocation failed")
                || line.contains("frontend command failed")
                || line.contains("unable to execute command")
                || line.starts_with("clang version")
                || line.starts_with("Target:")
                || line.starts_with("Thread model:")
                || line.starts_with("InstalledDir:")
            {
                continue;
            }
            kept.push_str(line);
            kept.push('\n');
        }
        kept.into_bytes()
    }
}

fn read_all(mut from: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        bytes
    })
}

/// Runs `command` (clang) under the limits of `attempt`, with `stdin` on its standard input (or none).
pub fn run(command: &mut Command, stdin: Option<&[u8]>, attempt: Attempt) -> std::io::Result<Finished> {
    command.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let cpu = attempt.cpu_seconds;
    let limits = move || {
        let set = |resource, soft: u64, hard: u64| {
            let limit = libc::rlimit { rlim_cur: soft as libc::rlim_t, rlim_max: hard as libc::rlim_t };
            // SAFETY: setrlimit reads the `rlimit` on this stack frame, which outlives the call, and changes only
            // this (child) process's limits; it is async-signal-safe, so it may run between fork and exec.
            if unsafe { libc::setrlimit(resource, &limit) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        };
        set(libc::RLIMIT_AS, MEMORY_BYTES, MEMORY_BYTES)?;
        set(libc::RLIMIT_CPU, cpu, cpu + 2)?;
        set(libc::RLIMIT_CORE, 0, 0)
    };
    // SAFETY: pre_exec's contract is that the closure runs in the forked child before exec, where only
    // async-signal-safe work is allowed: `limits` calls setrlimit and, on failure, reads errno; it takes no
    // lock, allocates nothing (the rlimit values live on its stack) and touches no state shared with the parent.
    unsafe {
        command.pre_exec(limits);
    }
    let mut child = command.spawn()?;
    let stdout = read_all(child.stdout.take().expect("piped"));
    let stderr = read_all(child.stderr.take().expect("piped"));
    if let (Some(bytes), Some(mut pipe)) = (stdin, child.stdin.take()) {
        let bytes = bytes.to_vec();
        // A clang that stops reading early (an error) closes the pipe: the write error is expected.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        });
    }
    // The child is waited for on a thread, so that its end is seen at once and the deadline by recv_timeout.
    let pid = child.id() as libc::pid_t;
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait());
    });
    let mut timed_out = false;
    let status = match receiver.recv_timeout(attempt.wall) {
        Ok(status) => status?,
        Err(_) => {
            timed_out = true;
            // SAFETY: kill takes plain integers and touches no memory of ours. `pid` is the child this function
            // spawned; it is reaped only by the waiter thread, once it has exited. Had it exited and been reaped
            // in the instant since the deadline, the id would be free, and the kernel hands ids out in rising
            // order up to pid_max before reusing one, so no other process has it that soon.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            receiver.recv().map_err(|e| std::io::Error::other(e.to_string()))??
        }
    };
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    Ok(Finished { status, stdout, stderr, timed_out })
}
