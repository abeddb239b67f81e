//! Driving clang-14 over a CM source: the command line, the predefined macros, and the temporary output.
//!
//! clang runs as a subprocess (`clang::find`) with `-target spir64 -x c++ -std=c++17 -O0 -Xclang
//! -disable-O0-optnone -emit-llvm`: the CM headers are the only system headers (`-nostdinc -nostdinc++`, the
//! materialised header directory as the first `-isystem`, `cm/cm.h` implicitly, as cmc does), then the job's
//! `-D/-U` in order, `-I`, `-isystem`, `-include`, and `-fplugin=` for `[[type("...")]]`. `cm/cm.h` comes in
//! as the cached precompiled header (`-include-pch`, see `pch`) when the job allows it, else as `-include
//! cm/cm.h`; both give the same IR. clang's stderr is the user's stderr (its diagnostics are already
//! `file:line:col: error:`), so a failed clang is `Error::Reported`; with the PCH, a failure is compiled again
//! without it, so the diagnostics the user sees are always the plain path's. The bitcode goes to a temporary
//! file that is removed whatever happens.
//!
//! Measured and left as is (clang 14, best of 9, CPU): the driver runs cc1 in its own process, so calling
//! `clang -cc1` with the arguments `-###` prints would save about 1 ms of argument handling for a copy of the
//! driver's logic; writing the bitcode to a pipe instead of the temporary file saves nothing measurable;
//! `-disable-llvm-passes` (about 4 ms on linear_filter) changes clang's IR (lifetime markers, attribute
//! groups). What remains is clang's start-up (22 ms: the dynamic loader relocating libclang-cpp and libLLVM)
//! and the work on the user's kernel.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::{embed, pch, rewrite, Error, Job, MacroArg, DEFAULT_STD};

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
    has("DP4A", platform.family >= Family::XeLP, &mut macros);
    has("LSC", platform.family >= Family::XeHPG, &mut macros);
    has("DPAS", platform.family >= Family::XeHPG, &mut macros);
    has("BF16", platform.family >= Family::XeHPG, &mut macros);
    has("TF32", platform.family >= Family::XeHPC, &mut macros);
    has("LSC_UNTYPED_2D", platform.family >= Family::XeHPC, &mut macros);
    macros
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
fn base_args(job: &Job) -> Result<Vec<String>, Error> {
    let embedded = embed::materialise().map_err(Error::Message)?;
    let mut args: Vec<String> = vec![
        "-target".into(),
        // -m32: 32-bit pointers (`svmptr_t` follows CM_PTRSIZE).
        if job.pointer_size == 32 { "spir" } else { "spir64" }.into(),
        "-x".into(),
        "c++".into(),
        format!("-std={}", job.std.as_deref().unwrap_or(DEFAULT_STD)),
        "-nostdinc".into(),
        "-nostdinc++".into(),
        "-ffreestanding".into(),
        "-fno-exceptions".into(),
        "-fno-rtti".into(),
        // Keep source names (kernel parameters, locals) in the IR, as cmc does: the IR is read by people.
        "-fno-discard-value-names".into(),
        "-isystem".into(),
        embedded.include_dir.display().to_string(),
        format!("-fplugin={}", embedded.plugin.display()),
        "-O0".into(),
    ];
    for define in predefined_macros(job) {
        args.push(format!("-D{define}"));
    }
    // Line tables always, so that genx-cm-lower's errors on CM source are located (`file:line:col`); without
    // -g, compile() strips them once the lowering pipeline has run.
    args.push(if job.debug_info { "-g" } else { "-gline-tables-only" }.into());
    Ok(args)
}

/// The clang arguments shared by `-E` and compilation (everything but the action and output).
fn common_args(job: &Job, headers: Headers) -> Result<Vec<String>, Error> {
    let mut args = base_args(job)?;
    for arg in &job.macros {
        match arg {
            MacroArg::Define(text) => args.push(format!("-D{text}")),
            MacroArg::Undefine(name) => args.push(format!("-U{name}")),
        }
    }
    for dir in &job.include_dirs {
        args.push(format!("-I{}", dir.display()));
    }
    for dir in &job.system_include_dirs {
        args.push("-isystem".into());
        args.push(dir.display().to_string());
    }
    match headers {
        Headers::Include => args.extend(["-include".to_string(), "cm/cm.h".to_string()]),
        Headers::Precompiled(pch) => args.extend(["-include-pch".to_string(), pch.display().to_string()]),
    }
    for file in &job.pre_includes {
        args.push("-include".into());
        args.push(file.display().to_string());
    }
    for extra in &job.clang_args {
        args.push("-Xclang".into());
        args.push(extra.clone());
    }
    Ok(args)
}

/// Whether the job may use the PCH (see `pch` for when not).
fn pch_allowed(job: &Job) -> bool {
    job.precompiled_header
        && pch::obstacle(&job.macros, &predefined_macros(job), &job.include_dirs, &job.clang_args).is_none()
}

/// The PCH this job can use (built now if needed), or `None`.
fn precompiled_header(job: &Job, clang: &std::path::Path) -> Result<Option<PathBuf>, Error> {
    if !pch_allowed(job) {
        return Ok(None);
    }
    Ok(pch::get_or_build(clang, &base_args(job)?))
}

/// Where the PCH this job would use is cached (whether or not it exists yet), or `None` when the job is
/// compiled without one.
pub fn precompiled_header_path(job: &Job) -> Result<Option<PathBuf>, Error> {
    if !pch_allowed(job) {
        return Ok(None);
    }
    pch::path(&clang()?, &base_args(job)?).map(Some).map_err(Error::Message)
}

fn clang() -> Result<PathBuf, Error> {
    let major: u32 = genx_passes::LLVM_VERSION.split('.').next().and_then(|m| m.parse().ok()).unwrap_or(14);
    crate::clang::find(major, std::path::Path::new(genx_passes::LLVM_BINDIR)).map_err(Error::Message)
}

fn check_input(job: &Job) -> Result<(), Error> {
    match std::fs::metadata(&job.input) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(_) => Err(Error::Message(format!("'{}' is not a file", job.input.display()))),
        Err(e) => Err(Error::Message(format!("cannot read '{}': {e}", job.input.display()))),
    }
}

/// Runs `clang` with `args`; its stderr passes through. Returns stdout on success.
fn run(clang: &std::path::Path, args: &[String]) -> Result<Vec<u8>, Error> {
    let output = Command::new(clang)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| Error::Message(format!("cannot run {}: {e}", clang.display())))?;
    if output.status.success() {
        Ok(output.stdout)
    } else if output.status.code().is_some() {
        Err(Error::Reported)
    } else {
        Err(Error::Message(format!("{} was killed ({})", clang.display(), output.status)))
    }
}

/// Runs `clang` with `args` and its stderr captured: on success the captured text goes to our stderr; on
/// failure nothing is printed, `pch` is removed when clang rejected it, and otherwise clang's stderr is returned.
fn run_quiet(clang: &std::path::Path, args: &[String], pch: &std::path::Path) -> Result<(), Option<Vec<u8>>> {
    use std::io::{IsTerminal, Write};
    let mut command = Command::new(clang);
    command.args(args).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    if std::io::stderr().is_terminal() {
        // What clang decides itself when its stderr is a terminal.
        command.arg("-fcolor-diagnostics");
    }
    match command.output() {
        Ok(output) if output.status.success() => {
            let _ = std::io::stderr().write_all(&output.stderr);
            Ok(())
        }
        Ok(output) => {
            if pch::rejected(&output.stderr, pch) {
                let _ = std::fs::remove_file(pch);
                return Err(None);
            }
            Err(output.status.code().is_some().then_some(output.stderr))
        }
        Err(_) => Err(None),
    }
}

pub fn preprocess(job: &Job) -> Result<Vec<u8>, Error> {
    check_input(job)?;
    let mut args = common_args(job, Headers::Include)?;
    args.push("-E".into());
    args.push(job.input.display().to_string());
    run(&clang()?, &args)
}

/// A temporary file removed on drop.
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Runs `clang` with `args` and its stderr captured: whether it succeeded, and what it printed.
fn run_captured(clang: &std::path::Path, args: &[String]) -> Result<(bool, Vec<u8>), Error> {
    let output = Command::new(clang)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| Error::Message(format!("cannot run {}: {e}", clang.display())))?;
    if output.status.code().is_none() {
        return Err(Error::Message(format!(
            "{} was killed ({})",
            clang.display(),
            output.status
        )));
    }
    Ok((output.status.success(), output.stderr))
}

/// clang's bitcode for the job, and the rewrite of `member_templates` when the source needed it (its debug
/// columns are the rewritten files' until `Rewrite::map_debug_columns`).
pub fn compile_to_bitcode(
    job: &Job,
) -> Result<(Vec<u8>, Option<rewrite::Rewrite>), Error> {
    use std::io::Write;
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    check_input(job)?;
    let temp = TempFile(std::env::temp_dir().join(format!(
        "cm-frontend-{}-{}.bc",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )));
    let clang = clang()?;
    let output = |headers: Headers| -> Result<Vec<String>, Error> {
        let mut args = common_args(job, headers)?;
        args.extend(["-Xclang", "-disable-O0-optnone", "-emit-llvm", "-c", "-o"].map(String::from));
        args.push(temp.0.display().to_string());
        args.push(job.input.display().to_string());
        Ok(args)
    };
    let read = || {
        std::fs::read(&temp.0).map_err(|e| {
            Error::Message(format!(
                "cannot read clang's output {}: {e}",
                temp.0.display()
            ))
        })
    };
    // With the PCH first; any failure is compiled again without it, so diagnostics always come from the plain
    // path (see `pch`).
    let pch = precompiled_header(job, &clang)?;
    let mut failure = None;
    if let Some(pch) = &pch {
        match run_quiet(&clang, &output(Headers::Precompiled(pch))?, pch) {
            Ok(()) => {
                pch::USES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                return Ok((read()?, None));
            }
            Err(stderr) => failure = stderr,
        }
    }
    let failure = match failure {
        Some(stderr) => stderr,
        None => {
            let (ok, stderr) = run_captured(&clang, &output(Headers::Include)?)?;
            let _ = std::io::stderr().write_all(if ok { &stderr } else { b"" });
            if ok {
                return Ok((read()?, None));
            }
            stderr
        }
    };
    // What cmc accepts and C++ does not (see `rewrite`): only a source that failed is rewritten.
    let Some(mut rewrite) = rewrite::plan(job, &failure) else {
        // The plain path's diagnostics (compiled again if the failure was the PCH's).
        if pch.is_some() {
            run(&clang, &output(Headers::Include)?)?;
            return Ok((read()?, None));
        }
        let _ = std::io::stderr().write_all(&failure);
        return Err(Error::Reported);
    };
    for round in 0..2 {
        let with_rewrite = |headers: Headers| -> Result<Vec<String>, Error> {
            let mut args = rewrite.remap_args();
            args.extend(output(headers)?);
            Ok(args)
        };
        if let Some(pch) = pch.as_deref().filter(|p| p.exists()) {
            let (ok, stderr) = run_captured(&clang, &with_rewrite(Headers::Precompiled(pch))?)?;
            if ok {
                pch::USES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let _ = std::io::stderr().write_all(&rewrite.map_diagnostics(&stderr));
                return Ok((read()?, Some(rewrite)));
            }
        }
        let (ok, stderr) = run_captured(&clang, &with_rewrite(Headers::Include)?)?;
        let mapped = rewrite.map_diagnostics(&stderr);
        if ok {
            let _ = std::io::stderr().write_all(&mapped);
            return Ok((read()?, Some(rewrite)));
        }
        // Calls that only fail once the first rewrite let clang see them get one more round.
        if round == 1 || !rewrite.extend(&mapped) {
            let _ = std::io::stderr().write_all(&mapped);
            return Err(Error::Reported);
        }
    }
    Err(Error::Reported)
}
