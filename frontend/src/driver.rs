//! Driving clang-14 over a CM source: the command line, the predefined macros, and the temporary output.
//!
//! clang runs as a subprocess (`clang::find`) with `-target spir64 -x c++ -std=c++17 -O0 -Xclang
//! -disable-O0-optnone -emit-llvm`: the CM headers are the only system headers (`-nostdinc -nostdinc++`, the
//! materialised header directory as the first `-isystem`, `cm/cm.h` implicitly, as cmc does), then the job's
//! `-D/-U` in order, `-I`, `-isystem`, `-include`, and `-fplugin=` for `[[type("...")]]`. `cm/cm.h` comes in
//! as the cached precompiled header (`-include-pch`, see `pch`) when the job allows it, else as `-include
//! cm/cm.h`; both give the same IR. clang runs under `limits`, with its stderr captured and passed on (its
//! diagnostics are already `file:line:col: error:`; an error inside the CM headers is moved to the user's line
//! by `relocate`), so a failed clang is `Error::Reported`, and a limit hit or
//! a crash is an `Error::Message` naming it; with the PCH, a failure is compiled again without it, so the
//! diagnostics the user sees are always the plain path's. An in-memory source (`Job::source`) is clang's `-`
//! input, written to its stdin. Paths go to clang as they are (`OsString`: they need not be UTF-8). The bitcode
//! goes to a temporary file that is removed whatever happens.
//!
//! Measured and left as is (clang 14, best of 9, CPU): the driver runs cc1 in its own process, so calling
//! `clang -cc1` with the arguments `-###` prints would save about 1 ms of argument handling for a copy of the
//! driver's logic; writing the bitcode to a pipe instead of the temporary file saves nothing measurable;
//! `-disable-llvm-passes` (about 4 ms on linear_filter) changes clang's IR (lifetime markers, attribute
//! groups). What remains is clang's start-up (22 ms: the dynamic loader relocating libclang-cpp and libLLVM)
//! and the work on the user's kernel.

use std::cell::Cell;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;

use crate::embed::{self, Materialised};
use crate::{limits, pch, relocate, rewrite, Error, Job, MacroArg, DEFAULT_STD};

/// The macros every CM compilation sees, from the job's platform and options.
pub fn predefined_macros(job: &Job) -> Vec<String> {
    let platform = job.platform;
    let features = &platform.features;
    let mut macros = vec![
        "__CM".to_string(),
        "__CMC".to_string(),
        format!("CM_GENX={}", platform.cm_genx),
        format!("CM_GENX_REVID={}", job.revision_id.unwrap_or(0)),
        format!("CM_PTRSIZE={}", job.pointer_size),
        format!("CM_GRF_WIDTH={}", platform.grf_bytes * 8),
        // Kilobytes of shared local memory one group may use (Xe-HPC has 128).
        format!("CM_MAX_SLM_SIZE={}", if platform.family >= genx_passes::platform::Family::XeHPC { 128 } else { 64 }),
    ];
    let has = |name: &str, yes: bool, macros: &mut Vec<String>| {
        if yes {
            macros.push(format!("CM_HAS_{name}=1"));
        }
    };
    use genx_passes::platform::Family;
    has("LONG_LONG", features.native_i64 || features.emulate_i64 || features.partial_i64_emulation, &mut macros);
    has("DOUBLE", features.fp64, &mut macros);
    has("BIT_ROTATE", features.bit_rotate, &mut macros);
    has("DP4A", platform.has_dp4a(), &mut macros);
    has("LSC", platform.family >= Family::XeHPG, &mut macros);
    has("DPAS", platform.family >= Family::XeHPG, &mut macros);
    has("DPASW", platform.family == Family::XeHPG, &mut macros);
    has("DPAS_INT8", platform.family >= Family::XeHPG, &mut macros);
    has("DPAS_INT4", platform.family >= Family::XeHPG, &mut macros);
    has("DPAS_INT2", platform.family >= Family::XeHPG, &mut macros);
    has("DPAS_INT_MIX", platform.family >= Family::XeHPG, &mut macros);
    has("DPAS_ACC_HALF", platform.family >= Family::XeHPC, &mut macros);
    has("BF16", platform.family >= Family::XeHPG, &mut macros);
    has("TF32", platform.family >= Family::XeHPC, &mut macros);
    has("LSC_UNTYPED_2D", platform.family >= Family::XeHPC, &mut macros);
    macros
}

/// `prefix` followed by `path`'s bytes (a path need not be UTF-8).
fn joined(prefix: &str, path: &std::path::Path) -> OsString {
    let mut arg = OsString::from(prefix);
    arg.push(path);
    arg
}

/// How `cm/cm.h` comes in.
enum Headers<'a> {
    /// `-include cm/cm.h`.
    Include,
    /// `-include-pch <pch>` (see `pch`).
    Precompiled(&'a std::path::Path),
}

/// The arguments that do not depend on the job's `-D/-U/-I/-isystem/-include`: a PCH is built with exactly
/// these (its cache key hashes them).
fn base_args(job: &Job, embedded: &Materialised) -> Vec<OsString> {
    let mut args: Vec<OsString> = vec![
        "-target".into(),
        // -m32: 32-bit pointers (`svmptr_t` follows CM_PTRSIZE).
        if job.pointer_size == 32 { "spir" } else { "spir64" }.into(),
        "-x".into(),
        "c++".into(),
        format!("-std={}", job.std.as_deref().unwrap_or(DEFAULT_STD)).into(),
        "-nostdinc".into(),
        "-nostdinc++".into(),
        "-ffreestanding".into(),
        "-fno-exceptions".into(),
        "-fno-rtti".into(),
        // Keep source names (kernel parameters, locals) in the IR, as cmc does: the IR is read by people.
        "-fno-discard-value-names".into(),
        // A crashing clang writes no reproducer files (`limits`: the user's directory gets nothing).
        "-fno-crash-diagnostics".into(),
        "-isystem".into(),
        embedded.include_dir.clone().into(),
        joined("-fplugin=", &embedded.plugin),
        "-O0".into(),
    ];
    for define in predefined_macros(job) {
        args.push(format!("-D{define}").into());
    }
    // Line tables always, so that genx-cm-lower's errors on CM source are located (`file:line:col`); without
    // -g, compile() strips them once the lowering pipeline has run.
    args.push(if job.debug_info { "-g" } else { "-gline-tables-only" }.into());
    args
}

/// The clang arguments shared by `-E` and compilation (everything but the action and output).
fn common_args(job: &Job, embedded: &Materialised, headers: Headers) -> Vec<OsString> {
    let mut args = base_args(job, embedded);
    for arg in &job.macros {
        match arg {
            MacroArg::Define(text) => args.push(format!("-D{text}").into()),
            MacroArg::Undefine(name) => args.push(format!("-U{name}").into()),
        }
    }
    for dir in &job.include_dirs {
        args.push(joined("-I", dir));
    }
    for dir in &job.system_include_dirs {
        args.push("-isystem".into());
        args.push(dir.into());
    }
    match headers {
        Headers::Include => args.extend(["-include".into(), "cm/cm.h".into()]),
        Headers::Precompiled(pch) => args.extend(["-include-pch".into(), pch.into()]),
    }
    for file in &job.pre_includes {
        args.push("-include".into());
        args.push(file.into());
    }
    for extra in &job.clang_args {
        args.push("-Xclang".into());
        args.push(extra.into());
    }
    args
}

/// Whether the job may use the PCH (see `pch` for when not).
fn pch_allowed(job: &Job) -> bool {
    job.precompiled_header
        && pch::obstacle(&job.macros, &predefined_macros(job), &job.include_dirs, &job.clang_args).is_none()
}

/// The PCH this job can use (built now if needed), or `None`.
fn precompiled_header(job: &Job, embedded: &Materialised, clang: &std::path::Path) -> Option<PathBuf> {
    if !pch_allowed(job) {
        return None;
    }
    pch::get_or_build(clang, embedded, &base_args(job, embedded))
}

/// Where the PCH this job would use is cached (whether or not it exists yet), or `None` when the job is
/// compiled without one.
pub fn precompiled_header_path(job: &Job) -> Result<Option<PathBuf>, Error> {
    if !pch_allowed(job) {
        return Ok(None);
    }
    let embedded = embed::materialise().map_err(Error::Message)?;
    Ok(Some(pch::path(&clang()?, &embedded, &base_args(job, &embedded))))
}

fn clang() -> Result<PathBuf, Error> {
    let major: u32 = genx_passes::LLVM_VERSION.split('.').next().and_then(|m| m.parse().ok()).unwrap_or(14);
    crate::clang::find(major, std::path::Path::new(genx_passes::LLVM_BINDIR)).map_err(Error::Message)
}

/// The input as clang is given it and as messages name it.
fn input_arg(job: &Job) -> OsString {
    if job.source.is_some() {
        "-".into()
    } else {
        job.input.clone().into()
    }
}

fn input_name(job: &Job) -> String {
    if job.source.is_some() {
        "<stdin>".to_string()
    } else {
        format!("'{}'", job.input.display())
    }
}

fn check_input(job: &Job) -> Result<(), Error> {
    if job.source.is_some() {
        return Ok(());
    }
    match std::fs::metadata(&job.input) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) if meta.is_dir() => Err(Error::Message(format!("'{}' is a directory, not a source file", job.input.display()))),
        Ok(_) => Err(Error::Message(format!("'{}' is not a regular file", job.input.display()))),
        Err(e) => Err(Error::Message(format!("cannot read '{}': {e}", job.input.display()))),
    }
}

/// What the clang runs of one job share (see `limits`): whether spelling correction is still on, and one
/// wall-clock deadline for them all.
struct Budget {
    spelling: Cell<bool>,
    deadline: std::time::Instant,
}

impl Budget {
    fn new() -> Budget {
        Budget {
            spelling: Cell::new(true),
            deadline: std::time::Instant::now() + std::time::Duration::from_secs(limits::WALL_SECONDS),
        }
    }
}

/// Runs clang with `args` under `limits`: the first attempt with spelling correction, again without it when
/// that one used up its CPU time (see `limits`); spelling correction is then off for the job's later clang runs
/// (the plain path after the PCH path, the rewrite's rounds), and so it is after a run that failed slowly
/// (`limits::SLOW_FAILURE`). Every run gets what is left of the job's wall-clock time. `Ok` holds how the last
/// attempt ended (its limits too).
fn run_limited(
    clang: &std::path::Path,
    args: &[OsString],
    job: &Job,
    budget: &Budget,
) -> Result<(limits::Finished, limits::Attempt), Error> {
    use std::io::IsTerminal;
    let colour = std::io::stderr().is_terminal();
    let attempts = [(limits::SPELLING_CPU_SECONDS, None), (limits::CPU_SECONDS, Some("-fno-spell-checking"))];
    let mut index = if budget.spelling.get() { 0 } else { 1 };
    let mut fatal_errors = false;
    loop {
        let (cpu_seconds, extra) = attempts[index];
        let started = std::time::Instant::now();
        let wall = budget.deadline.saturating_duration_since(started);
        if wall.is_zero() {
            return Err(Error::Message(format!(
                "clang ran for more than {} s on {} and was stopped (cmc's limit, for all of a job's clang runs)",
                limits::WALL_SECONDS,
                input_name(job)
            )));
        }
        let attempt = limits::Attempt { cpu_seconds, wall };
        let mut command = Command::new(clang);
        command.args(args).args(extra);
        if fatal_errors {
            command.arg("-Wfatal-errors");
        }
        if colour {
            // What clang decides itself when its stderr is a terminal.
            command.arg("-fcolor-diagnostics");
        }
        let mut finished = limits::run(&mut command, job.source.as_deref(), attempt)
            .map_err(|e| Error::Message(format!("cannot run {}: {e}", clang.display())))?;
        // clang 14 can crash going on after an error (an object past the size limit whose static_assert failed
        // still has its member templates instantiated, and laying out a vector of 2^31 elements crashes it):
        // compiled again to stop at the first error, the user gets that error, at their line, instead of a crash.
        let crashed_after_error = finished.crashed()
            && !finished.timed_out
            && !finished.out_of_cpu()
            && !finished.out_of_memory()
            && String::from_utf8_lossy(&finished.stderr).contains("error: ");
        if crashed_after_error && !fatal_errors {
            fatal_errors = true;
            continue;
        }
        if fatal_errors && !finished.crashed() {
            finished.stderr.extend_from_slice(
                b"cmc: note: clang 14 crashed after this error (a clang bug); the source was compiled again to stop at the \
                  first error, so later errors, if any, are not shown\n",
            );
        }
        if finished.out_of_cpu() && index + 1 < attempts.len() {
            index += 1;
            budget.spelling.set(false);
            continue;
        }
        if !finished.status.success() && started.elapsed() > limits::SLOW_FAILURE {
            budget.spelling.set(false);
        }
        return Ok((finished, attempt));
    }
}

/// Runs `clang` with `args` and passes its diagnostics on; a limit or crash is a sentence naming it. Returns
/// stdout on success.
fn run(
    clang: &std::path::Path,
    args: &[OsString],
    job: &Job,
    budget: &Budget,
    embedded: &Materialised,
) -> Result<Vec<u8>, Error> {
    use std::io::Write;
    let (finished, attempt) = run_limited(clang, args, job, budget)?;
    let _ = std::io::stderr().write_all(&relocate::relocate(&finished.diagnostics(), &embedded.include_dir));
    if let Some(message) = finished.limit_message(clang, &input_name(job), attempt) {
        return Err(Error::Message(message));
    }
    if finished.status.success() {
        Ok(finished.stdout)
    } else {
        Err(Error::Reported)
    }
}

/// Runs `clang` with `args` quietly: on success the captured diagnostics (warnings) go to our stderr and the
/// result is true; on failure nothing is printed (the caller compiles again the plain way), and `pch` is removed
/// when clang rejected it. A limit hit is an error at once: the plain path would hit it too.
fn run_quiet(
    clang: &std::path::Path,
    args: &[OsString],
    job: &Job,
    budget: &Budget,
    pch: &std::path::Path,
) -> Result<bool, Error> {
    use std::io::Write;
    let Ok((finished, attempt)) = run_limited(clang, args, job, budget) else {
        return Ok(false);
    };
    if finished.status.success() {
        let _ = std::io::stderr().write_all(&finished.stderr);
        return Ok(true);
    }
    if finished.timed_out || finished.out_of_cpu() || finished.out_of_memory() {
        let _ = std::io::stderr().write_all(&finished.diagnostics());
        let message = finished.limit_message(clang, &input_name(job), attempt);
        return Err(Error::Message(message.unwrap_or_default()));
    }
    if pch::rejected(&finished.stderr, pch) {
        let _ = std::fs::remove_file(pch);
    }
    Ok(false)
}

pub fn preprocess(job: &Job) -> Result<Vec<u8>, Error> {
    check_input(job)?;
    let embedded = embed::materialise().map_err(Error::Message)?;
    let mut args = common_args(job, &embedded, Headers::Include);
    args.push("-E".into());
    args.push(input_arg(job));
    run(&clang()?, &args, job, &Budget::new(), &embedded)
}

/// A temporary file removed on drop.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `clang` with `args` under the limits, its stderr captured: `Ok(Ok(warnings))` when it succeeded,
/// `Ok(Err(diagnostics))` when it failed on the source; a limit hit or a crash is an error naming it (compiled
/// again, the source would hit it too).
fn run_captured(
    clang: &std::path::Path,
    args: &[OsString],
    job: &Job,
    budget: &Budget,
) -> Result<Result<Vec<u8>, Vec<u8>>, Error> {
    use std::io::Write;
    let (finished, attempt) = run_limited(clang, args, job, budget)?;
    if finished.status.success() {
        return Ok(Ok(finished.stderr));
    }
    if let Some(message) = finished.limit_message(clang, &input_name(job), attempt) {
        let _ = std::io::stderr().write_all(&finished.diagnostics());
        return Err(Error::Message(message));
    }
    Ok(Err(finished.diagnostics()))
}

/// clang's bitcode for the job, and the rewrite (see `rewrite`) when the source needed one (its debug columns
/// are the rewritten files' until `Rewrite::map_debug_columns`).
pub fn compile_to_bitcode(job: &Job) -> Result<(Vec<u8>, Option<rewrite::Rewrite>), Error> {
    use std::io::Write;
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    check_input(job)?;
    let embedded = embed::materialise().map_err(Error::Message)?;
    let temp = TempFile(std::env::temp_dir().join(format!(
        "cm-frontend-{}-{}.bc",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )));
    let clang = clang()?;
    let output = |headers: Headers| -> Vec<OsString> {
        let mut args = common_args(job, &embedded, headers);
        args.extend(["-Xclang", "-disable-O0-optnone", "-emit-llvm", "-c", "-o"].map(OsString::from));
        args.push(temp.0.clone().into());
        args.push(input_arg(job));
        args
    };
    let read =
        || std::fs::read(&temp.0).map_err(|e| Error::Message(format!("cannot read clang's output {}: {e}", temp.0.display())));
    // Diagnostics reach the user at their own lines (see `relocate`).
    let report = |diagnostics: &[u8]| {
        let _ = std::io::stderr().write_all(&relocate::relocate(diagnostics, &embedded.include_dir));
    };
    // With the PCH first; any failure is compiled again without it, so diagnostics always come from the plain
    // path (see `pch`).
    let budget = Budget::new();
    let pch = precompiled_header(job, &embedded, &clang);
    if let Some(pch) = &pch {
        if run_quiet(&clang, &output(Headers::Precompiled(pch)), job, &budget, pch)? {
            pch::USES.fetch_add(1, Ordering::Relaxed);
            return Ok((read()?, None));
        }
    }
    let failure = match run_captured(&clang, &output(Headers::Include), job, &budget)? {
        Ok(warnings) => {
            report(&warnings);
            return Ok((read()?, None));
        }
        Err(diagnostics) => diagnostics,
    };
    // What cmc accepts and C++ does not (see `rewrite`): only a source that failed is rewritten.
    let Some(mut rewrite) = rewrite::plan(job, &failure) else {
        report(&failure);
        return Err(Error::Reported);
    };
    for round in 0..2 {
        let with_rewrite = |headers: Headers| -> Vec<OsString> {
            let mut args: Vec<OsString> = rewrite.remap_args().into_iter().map(OsString::from).collect();
            args.extend(output(headers));
            args
        };
        // A rewritten in-memory source goes to clang's standard input in place of the original.
        let rewritten_stdin = rewrite.stdin_source().map(|source| Job { source: Some(source), ..job.clone() });
        let job = rewritten_stdin.as_ref().unwrap_or(job);
        if let Some(pch) = pch.as_deref().filter(|p| p.exists()) {
            if let Ok(warnings) = run_captured(&clang, &with_rewrite(Headers::Precompiled(pch)), job, &budget)? {
                pch::USES.fetch_add(1, Ordering::Relaxed);
                report(&rewrite.map_diagnostics(&warnings));
                return Ok((read()?, Some(rewrite)));
            }
        }
        let mapped = match run_captured(&clang, &with_rewrite(Headers::Include), job, &budget)? {
            Ok(warnings) => {
                report(&rewrite.map_diagnostics(&warnings));
                return Ok((read()?, Some(rewrite)));
            }
            Err(diagnostics) => rewrite.map_diagnostics(&diagnostics),
        };
        // Calls that only fail once the first rewrite let clang see them get one more round.
        if round == 1 || !rewrite.extend(&mapped) {
            report(&mapped);
            return Err(Error::Reported);
        }
    }
    Err(Error::Reported)
}
