//! The CM corpus (`tests/corpus/*.cpp`, see its README): every program is compiled by the `cmc` binary for each
//! platform it names (`// march:`, default icllp and tgllp) through the whole route to a device binary, and the
//! kernels read back from the binary must be exactly those its `// kernels:` line names.
//!
//! The compilations run on two threads (the machine's cores); a failure lists every program and platform that
//! failed with cmc's message. Without `ocloc` on PATH (no IGC) the test says so and checks only the headers.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What a corpus program's head declares.
#[derive(Debug)]
struct Program {
    path: PathBuf,
    kernels: Vec<String>,
    platforms: Vec<String>,
}

const DEFAULT_PLATFORMS: [&str; 2] = ["icllp", "tgllp"];

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus")
}

/// Reads the `// kernels:` and `// march:` lines at the head of a program (before its first non-comment line).
fn parse(path: &Path) -> Result<Program, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (mut kernels, mut platforms) = (None, None);
    for line in text.lines().take_while(|l| l.starts_with("//")) {
        let body = line.trim_start_matches('/').trim();
        if let Some(list) = body.strip_prefix("kernels:") {
            kernels = Some(list.split_whitespace().map(str::to_string).collect::<Vec<_>>());
        } else if let Some(list) = body.strip_prefix("march:") {
            platforms = Some(list.split_whitespace().map(str::to_string).collect::<Vec<_>>());
        }
    }
    let kernels = kernels
        .filter(|k| !k.is_empty())
        .ok_or_else(|| format!("{}: no `// kernels:` line at its head", path.display()))?;
    let platforms = platforms.unwrap_or_else(|| DEFAULT_PLATFORMS.iter().map(|p| p.to_string()).collect());
    Ok(Program { path: path.to_path_buf(), kernels, platforms })
}

fn programs() -> Vec<Program> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/corpus exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cpp"))
        .collect();
    paths.sort();
    let (programs, errors): (Vec<_>, Vec<_>) = paths.iter().map(|p| parse(p)).partition(Result::is_ok);
    let errors: Vec<String> = errors.into_iter().map(Result::unwrap_err).collect();
    assert!(errors.is_empty(), "corpus programs without a valid head:\n{}", errors.join("\n"));
    programs.into_iter().map(Result::unwrap).collect()
}

/// A fresh directory under the system's temporary directory, removed when dropped.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn new(tag: &str) -> ScratchDir {
        let dir = std::env::temp_dir().join(format!("cmc-corpus-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        ScratchDir(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn have_ocloc() -> bool {
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join("ocloc").is_file()))
}

/// Compiles one program for one platform; the error names both.
fn compile(program: &Program, platform: &str, out_dir: &Path) -> Result<(), String> {
    let stem = program.path.file_stem().unwrap().to_string_lossy();
    let output = out_dir.join(format!("{stem}-{platform}.bin"));
    let what = format!("{} for {platform}", program.path.file_name().unwrap().to_string_lossy());
    let run = Command::new(env!("CARGO_BIN_EXE_cmc"))
        .arg(format!("-march={platform}"))
        .arg(&program.path)
        .arg("-o")
        .arg(&output)
        .output()
        .map_err(|e| format!("{what}: cannot run cmc: {e}"))?;
    if !run.status.success() {
        return Err(format!("{what}: cmc failed:\n{}", String::from_utf8_lossy(&run.stderr)));
    }
    let bytes = std::fs::read(&output).map_err(|e| format!("{what}: no binary: {e}"))?;
    let contents = vc_bridge::binary::read(&bytes).map_err(|e| format!("{what}: unreadable binary: {e}"))?;
    let mut found = contents.kernel_names();
    let mut expected = program.kernels.clone();
    found.sort();
    expected.sort();
    if found != expected {
        return Err(format!("{what}: the binary holds kernels {found:?}, the program's head names {expected:?}"));
    }
    Ok(())
}

#[test]
fn every_corpus_program_compiles_to_its_kernels() {
    let programs = programs();
    assert!(programs.len() >= 8, "the corpus has {} programs", programs.len());
    if !have_ocloc() {
        eprintln!("corpus: ocloc is not on PATH; only the programs' heads were checked");
        return;
    }
    let out_dir = ScratchDir::new("binaries");
    let jobs: Vec<(&Program, &str)> =
        programs.iter().flat_map(|p| p.platforms.iter().map(move |m| (p, m.as_str()))).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((program, platform)) = jobs.get(index) else { break };
                if let Err(message) = compile(program, platform, out_dir.path()) {
                    failures.lock().unwrap().push(message);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} corpus compilations failed:\n{}",
        failures.len(),
        jobs.len(),
        failures.join("\n")
    );
}

#[test]
fn a_program_head_without_kernels_is_refused() {
    let dir = ScratchDir::new("heads");
    let path = dir.path().join("headless.cpp");
    std::fs::write(&path, "// march: icllp\n#include <cm/cm.h>\n").unwrap();
    assert!(parse(&path).unwrap_err().contains("no `// kernels:` line"));
    std::fs::write(&path, "// kernels: a b\n// march: skl\n").unwrap();
    let program = parse(&path).unwrap();
    assert_eq!((program.kernels, program.platforms), (vec!["a".to_string(), "b".to_string()], vec!["skl".to_string()]));
}
