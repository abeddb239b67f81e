//! Turning a [`Suite`] into what tests run with: tools, features, substitutions, environment.
//!
//! Everything here is computed once per run, before any test starts, and is then read-only
//! (shared by the worker threads). `lit.cfg.py` performs the same steps in Python.
//!
//! * **Tools** are found in the order `--param <tool>=…`, `$<env>`, `artifact` (newest of
//!   `<dir>/<file>` and `<dir>/deps/<file>` over the artifact dirs: the running cargo profile's
//!   target dir, else the suite's `artifact_dirs`), `query`, then `find`. A tool that is not
//!   found is not an error by itself: it becomes a sentence (what to build or install), and
//!   only tests whose RUN lines use a substitution needing it fail, as UNRESOLVED, with that
//!   sentence. Nothing is skipped silently.
//! * **Environment**, like lit's: the process environment is *not* inherited wholesale. Tests
//!   see `PATH` (the suite's `path` entries first), `LLVM_DISABLE_CRASH_REPORT=1`, lit's own
//!   pass-through list and the suite's `pass_env`. A `path` entry whose tool is missing is a
//!   suite-level error (every test would fail the same way).
//! * **Features** come from `[features]`: `which` looks on the tests' PATH; `param`/`equals`
//!   compares a param (defaults from `[params]`, overridden by `--param`).

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::subst::{Missing, Subst};
use crate::suite::{parse_template, FeatureRule, Piece, Suite, ToolSpec};

/// Variables lit 14 passes from its own environment to tests (`TestingConfig.fromdefaults`).
pub const LIT_PASS_VARS: &[&str] = &[
    "LIBRARY_PATH",
    "LD_LIBRARY_PATH",
    "SYSTEMROOT",
    "TERM",
    "CLANG",
    "LLDB",
    "LD_PRELOAD",
    "ASAN_OPTIONS",
    "UBSAN_OPTIONS",
    "LSAN_OPTIONS",
    "ADB",
    "ANDROID_SERIAL",
    "SSH_AUTH_SOCK",
    "SANITIZER_IGNORE_CVE_2016_2143",
    "TMPDIR",
    "TMP",
    "TEMP",
    "TEMPDIR",
    "AVRLIT_BOARD",
    "AVRLIT_PORT",
    "FILECHECK_OPTS",
    "VCINSTALLDIR",
    "VCToolsinstallDir",
    "VSINSTALLDIR",
    "WindowsSdkDir",
    "WindowsSDKLibVersion",
    "SOURCE_DATE_EPOCH",
];

/// A suite made ready to run.
#[derive(Debug, Clone)]
pub struct Setup {
    /// Each tool's path, or the sentence saying why it is missing.
    pub tools: BTreeMap<String, Result<PathBuf, String>>,
    pub features: BTreeSet<String>,
    /// Suite substitutions in application order (lit's built-ins are added per test).
    pub substitutions: Vec<Subst>,
    /// The complete environment of a test process.
    pub env: Vec<(String, String)>,
    /// The shell that runs test scripts.
    pub bash: Option<PathBuf>,
    /// Problems that make every test of the suite unrunnable.
    pub errors: Vec<String>,
}

/// `which`: an executable file named `name` (or at `name` when it contains a `/`).
pub fn which(name: &str, path: &std::ffi::OsStr) -> Option<PathBuf> {
    fn is_exe(p: &Path) -> bool {
        use std::os::unix::fs::PermissionsExt;
        p.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    }
    if name.contains('/') {
        let p = PathBuf::from(name);
        return is_exe(&p).then_some(p);
    }
    std::env::split_paths(path)
        .map(|d| d.join(name))
        .find(|p| is_exe(p))
}

struct Resolver<'a> {
    suite: &'a Suite,
    params: &'a BTreeMap<String, String>,
    artifact_dirs: &'a [PathBuf],
    process_path: OsString,
    tools: BTreeMap<String, Result<PathBuf, String>>,
}

impl Resolver<'_> {
    /// Expands a template; `Err` lists what is missing.
    fn expand(&mut self, t: &str) -> Result<String, Vec<Missing>> {
        let pieces = parse_template(t).map_err(|e| {
            vec![Missing {
                name: t.to_string(),
                why: e,
            }]
        })?;
        let mut out = String::new();
        let mut why = Vec::new();
        for p in pieces {
            match p {
                Piece::Text(s) => out.push_str(&s),
                Piece::Ref(r) if self.suite.tools.contains_key(&r) => match self.tool(&r) {
                    Ok(path) => out.push_str(&path.display().to_string()),
                    Err(e) => why.push(Missing { name: r, why: e }),
                },
                Piece::Ref(r) => match self.params.get(&r) {
                    Some(v) => out.push_str(v),
                    None => why.push(Missing {
                        why: format!("param `{r}` is not set"),
                        name: r,
                    }),
                },
            }
        }
        if why.is_empty() {
            Ok(out)
        } else {
            Err(why)
        }
    }

    fn tool(&mut self, name: &str) -> Result<PathBuf, String> {
        if let Some(r) = self.tools.get(name) {
            return r.clone();
        }
        let spec = self.suite.tools[name].clone();
        let r = self.find_tool(name, &spec);
        self.tools.insert(name.to_string(), r.clone());
        r
    }

    fn existing(&self, candidate: &str) -> Option<PathBuf> {
        if candidate.contains('/') {
            // Tests run in their own directory: a relative override must not change meaning.
            let p = normalize(&std::path::absolute(candidate).ok()?);
            p.exists().then_some(p)
        } else {
            which(candidate, &self.process_path)
        }
    }

    fn find_tool(&mut self, name: &str, spec: &ToolSpec) -> Result<PathBuf, String> {
        let hint = spec
            .hint
            .clone()
            .unwrap_or_else(|| format!("install `{name}`"));
        // Explicit choices must work; a wrong one is an error, never a silent fallback.
        if let Some(v) = self.params.get(name).filter(|v| !v.is_empty()) {
            return self
                .existing(v)
                .ok_or_else(|| format!("tool `{name}`: --param {name}={v} does not exist"));
        }
        if let Some(var) = &spec.env {
            if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
                let v = v.to_string_lossy().into_owned();
                return self
                    .existing(&v)
                    .ok_or_else(|| format!("tool `{name}`: {var}={v} does not exist"));
            }
        }
        let mut tried: Vec<String> = vec![format!("--param {name}=PATH")];
        if let Some(var) = &spec.env {
            tried.push(format!("${var}"));
        }
        if let Some(file) = &spec.artifact {
            let candidates: Vec<PathBuf> = self
                .artifact_dirs
                .iter()
                .flat_map(|d| [d.join(file), d.join("deps").join(file)])
                .collect();
            let newest = candidates
                .iter()
                .filter_map(|p| Some((p.metadata().ok()?.modified().ok()?, p)))
                .max_by_key(|(t, _)| *t)
                .map(|(_, p)| p.clone());
            if let Some(p) = newest {
                return Ok(p);
            }
            if self.artifact_dirs.is_empty() {
                tried.push(format!("{file} (no cargo target directory known)"));
            } else {
                tried.extend(candidates.iter().map(|p| p.display().to_string()));
            }
        }
        if !spec.query.is_empty() {
            let argv: Result<Vec<String>, _> = spec.query.iter().map(|a| self.expand(a)).collect();
            tried.push(format!("`{}`", spec.query.join(" ")));
            if let Ok(argv) = argv {
                if let Some(exe) = self.existing(&argv[0]) {
                    let out = Command::new(exe)
                        .args(&argv[1..])
                        .stdin(Stdio::null())
                        .stderr(Stdio::null())
                        .output();
                    if let Ok(out) = out
                        .as_ref()
                        .map(|o| (o.status.success(), String::from_utf8_lossy(&o.stdout)))
                    {
                        if out.0 {
                            if let Some(p) = self.existing(out.1.trim()) {
                                return Ok(p);
                            }
                        }
                    }
                }
            }
        }
        for c in &spec.find {
            match self.expand(c) {
                Ok(c) => {
                    if let Some(p) = self.existing(&c) {
                        return Ok(p);
                    }
                    tried.push(c);
                }
                Err(_) => tried.push(c.clone()),
            }
        }
        Err(format!(
            "tool `{name}` was not found: {hint} (tried {})",
            tried.join(", ")
        ))
    }
}

/// Resolves everything a suite needs, given the run's params (already merged over the
/// suite's defaults) and the cargo artifact dirs of the running profile (may be empty).
pub fn prepare(
    suite: &Suite,
    params: &BTreeMap<String, String>,
    artifact_dirs: &[PathBuf],
) -> Setup {
    let artifact_dirs = if artifact_dirs.is_empty() {
        &suite.artifact_dirs[..]
    } else {
        artifact_dirs
    };
    let mut r = Resolver {
        suite,
        params,
        artifact_dirs,
        process_path: std::env::var_os("PATH").unwrap_or_default(),
        tools: BTreeMap::new(),
    };
    let mut errors = Vec::new();

    // PATH of the tests.
    let mut path: Vec<PathBuf> = Vec::new();
    for entry in &suite.path {
        match r.expand(entry) {
            Ok(p) => path.push(PathBuf::from(p)),
            Err(why) => errors.extend(
                why.into_iter()
                    .map(|w| format!("[suite] path entry `{entry}`: {}", w.why)),
            ),
        }
    }
    path.extend(std::env::split_paths(&r.process_path));
    let test_path = std::env::join_paths(&path).unwrap_or_else(|_| r.process_path.clone());

    let mut env: BTreeMap<String, String> = BTreeMap::new();
    env.insert("PATH".into(), test_path.to_string_lossy().into_owned());
    env.insert("LLVM_DISABLE_CRASH_REPORT".into(), "1".into());
    for var in LIT_PASS_VARS
        .iter()
        .copied()
        .chain(suite.pass_env.iter().map(String::as_str))
    {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            env.insert(var.to_string(), v.to_string_lossy().into_owned());
        }
    }

    let substitutions: Vec<Subst> = suite
        .substitutions
        .iter()
        .map(|(k, t)| Subst {
            key: k.clone(),
            value: r.expand(t),
        })
        .collect();

    let mut features = BTreeSet::new();
    for (name, rule) in &suite.features {
        let on = match rule {
            FeatureRule::Which(exe) => which(exe, &test_path).is_some(),
            FeatureRule::ParamEquals { param, value } => params.get(param) == Some(value),
        };
        if on {
            features.insert(name.clone());
        }
    }

    // Resolve the remaining tools too, so reports can list them.
    for name in suite.tools.keys() {
        let _ = r.tool(name);
    }

    let bash = which("bash", &test_path);
    if bash.is_none() {
        errors.push(
            "`bash` was not found on PATH; rlit runs RUN lines with bash, as lit does".into(),
        );
    }
    Setup {
        tools: r.tools,
        features,
        substitutions,
        env: env.into_iter().collect(),
        bash,
        errors,
    }
}

/// Lexically removes `.` and `..` components (Python's `os.path.normpath`), so paths read the
/// same in both runners' reports.
pub fn normalize(p: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c.as_os_str()),
        }
    }
    out
}

/// The cargo profile directory (`target/<profile>`) holding the running executable, if it is
/// one: `target/<profile>/deps/lit-<hash>` and `target/<profile>/rlit` both give
/// `target/<profile>`. `None` for an executable outside a cargo target directory.
pub fn cargo_profile_dir() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let mut dir = exe.parent()?;
    if matches!(
        dir.file_name().and_then(|n| n.to_str()),
        Some("deps" | "examples")
    ) {
        dir = dir.parent()?;
    }
    dir.join(".fingerprint").is_dir().then(|| dir.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::parse_config;

    #[test]
    fn resolves_tools_features_and_substitutions() {
        let dir = std::env::temp_dir().join(format!("rlit-setup-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("deps")).unwrap();
        // Two copies of an artifact: the newest wins.
        std::fs::write(dir.join("libp.so"), "old").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(dir.join("deps/libp.so"), "new").unwrap();
        let suite = parse_config(
            r#"
            [suite]
            suffixes = [".test"]
            path = ["{shdir}"]
            [params]
            major = "14"
            [tools.shdir]
            find = ["/nonexistent", "/bin"]
            [tools.sh]
            find = ["{shdir}/sh"]
            [tools.p]
            artifact = "libp.so"
            [tools.gone]
            find = ["no-such-tool-rlit"]
            hint = "build it with `make gone`"
            [substitutions]
            "%sh" = "{sh} -e"
            "%p2" = "{p}"
            "%gone" = "{gone} --x"
            "%major" = "llvm{major}"
            [features]
            has-sh = { which = "sh" }
            no-such = { which = "no-such-tool-rlit" }
            llvm14 = { param = "major", equals = "14" }
            llvm15 = { param = "major", equals = "15" }
            "#,
            Path::new("/"),
        )
        .unwrap();
        let params: BTreeMap<String, String> = suite.params.clone();
        let s = prepare(&suite, &params, std::slice::from_ref(&dir));
        assert!(s.errors.is_empty(), "{:?}", s.errors);
        let v: BTreeMap<&str, &Result<String, Vec<Missing>>> = s
            .substitutions
            .iter()
            .map(|x| (x.key.as_str(), &x.value))
            .collect();
        assert_eq!(v["%sh"], &Ok("/bin/sh -e".to_string()));
        assert_eq!(
            v["%p2"],
            &Ok(dir.join("deps/libp.so").display().to_string())
        );
        assert_eq!(v["%major"], &Ok("llvm14".to_string()));
        let gone = v["%gone"].as_ref().unwrap_err();
        assert_eq!(gone[0].name, "gone");
        assert!(
            gone[0].why.contains("build it with `make gone`"),
            "{gone:?}"
        );
        assert_eq!(
            s.features.iter().map(String::as_str).collect::<Vec<_>>(),
            vec!["has-sh", "llvm14"]
        );
        let path = &s.env.iter().find(|(k, _)| k == "PATH").unwrap().1;
        assert!(path.starts_with("/bin:"), "{path}");
        assert!(s
            .env
            .iter()
            .any(|(k, v)| k == "LLVM_DISABLE_CRASH_REPORT" && v == "1"));

        // An explicit param that does not exist is an error, not a fallback.
        let mut params = params;
        params.insert("sh".into(), "/nonexistent/sh".into());
        let s = prepare(&suite, &params, &[]);
        assert!(s.tools["sh"]
            .as_ref()
            .unwrap_err()
            .contains("--param sh=/nonexistent/sh"));
        assert!(s.tools["p"]
            .as_ref()
            .unwrap_err()
            .contains("no cargo target directory"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
