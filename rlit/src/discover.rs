//! Finding suites and the tests in them.
//!
//! A suite is the nearest ancestor directory of a path that holds `lit.toml` (lit looks for
//! `lit.cfg.py` the same way). Inside it, a directory is searched recursively, skipping names
//! that start with `.`, `Output` (the runners' scratch directories) and the suite's `excludes`
//! (`Inputs`); a file is a test when its last extension is one of the suite's `suffixes`.
//! A file named explicitly on the command line is a test whatever its name, as in lit.
//!
//! Invariants: the result is sorted by (suite root, path in suite) and has no duplicates, so a
//! run's order and its report are deterministic; every test path is absolute and canonical
//! (`%s` is the same string whichever relative path the user typed).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::suite::{self, Suite};

/// A test file and the suite it belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestFile {
    /// Index into the suite list returned with it.
    pub suite: usize,
    /// Absolute path of the test file.
    pub path: PathBuf,
    /// Path inside the suite, `/`-separated (lit's `path_in_suite`).
    pub rel: String,
}

/// The nearest ancestor of `path` (itself included when it is a directory) holding `lit.toml`.
pub fn find_suite_root(path: &Path) -> Option<PathBuf> {
    let start = if path.is_dir() { path } else { path.parent()? };
    start
        .ancestors()
        .find(|d| d.join(suite::CONFIG_FILE).is_file())
        .map(Path::to_path_buf)
}

fn walk(suite: &Suite, dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let mut entries: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    entries.sort();
    for (name, path) in entries {
        if suite.is_excluded_name(&name) {
            continue;
        }
        if path.is_dir() {
            walk(suite, &path, out)?;
        } else if suite.is_test_name(&name) {
            out.push(path);
        }
    }
    Ok(())
}

/// Loads the suites containing `paths` and lists their tests.
pub fn discover(paths: &[PathBuf]) -> Result<(Vec<Suite>, Vec<TestFile>), String> {
    let mut suites: Vec<Suite> = Vec::new();
    let mut by_root: BTreeMap<PathBuf, usize> = BTreeMap::new();
    let mut tests: BTreeMap<(usize, String), PathBuf> = BTreeMap::new();
    for given in paths {
        let path = given
            .canonicalize()
            .map_err(|e| format!("{}: {e}", given.display()))?;
        let root = find_suite_root(&path).ok_or_else(|| {
            format!(
                "{} is not inside a test suite (no {} in it or above it)",
                given.display(),
                suite::CONFIG_FILE
            )
        })?;
        let root = root
            .canonicalize()
            .map_err(|e| format!("{}: {e}", root.display()))?;
        let idx = match by_root.get(&root) {
            Some(i) => *i,
            None => {
                suites.push(suite::load(&root)?);
                by_root.insert(root.clone(), suites.len() - 1);
                suites.len() - 1
            }
        };
        let mut found = Vec::new();
        if path.is_dir() {
            walk(&suites[idx], &path, &mut found)?;
        } else {
            found.push(path);
        }
        for f in found {
            let rel = f.strip_prefix(&root).unwrap_or(&f);
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            tests.insert((idx, rel), f);
        }
    }
    let tests = tests
        .into_iter()
        .map(|((suite, rel), path)| TestFile { suite, path, rel })
        .collect();
    Ok((suites, tests))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_respecting_excludes_and_suffixes() {
        let root = std::env::temp_dir().join(format!("rlit-discover-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for d in ["a/Inputs", "a/Output", "b", ".hidden"] {
            std::fs::create_dir_all(root.join(d)).unwrap();
        }
        std::fs::write(
            root.join("lit.toml"),
            "[suite]\nsuffixes = [\".ll\", \".test\"]\nexcludes = [\"Inputs\"]\n",
        )
        .unwrap();
        for f in [
            "a/x.ll",
            "a/y.txt",
            "a/Inputs/i.ll",
            "a/Output/o.ll",
            "b/z.test",
            ".hidden/h.ll",
            "lit.cfg.py",
        ] {
            std::fs::write(root.join(f), "RUN: true\n").unwrap();
        }
        let (suites, tests) = discover(std::slice::from_ref(&root)).unwrap();
        assert_eq!(suites.len(), 1);
        let rels: Vec<&str> = tests.iter().map(|t| t.rel.as_str()).collect();
        assert_eq!(rels, vec!["a/x.ll", "b/z.test"]);

        // Explicit files are tests whatever their name; duplicates collapse.
        let (_, tests) =
            discover(&[root.join("a/y.txt"), root.join("a"), root.join("a/x.ll")]).unwrap();
        let rels: Vec<&str> = tests.iter().map(|t| t.rel.as_str()).collect();
        assert_eq!(rels, vec!["a/x.ll", "a/y.txt"]);

        assert!(
            discover(&[std::env::temp_dir()]).is_err()
                || find_suite_root(&std::env::temp_dir()).is_some()
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
