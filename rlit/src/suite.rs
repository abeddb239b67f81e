//! `lit.toml`: the one description of a test suite, shared by rlit and `lit.cfg.py`.
//!
//! The file is data only; this module parses and validates it into a [`Suite`]. Resolving the
//! tools, features and environment it describes is [`crate::setup`]'s job. `tests/lit/lit.cfg.py`
//! reads the same file with Python's `tomllib` and implements the same rules, so the schema
//! below is a contract between the two (change both together):
//!
//! ```toml
//! [suite]
//! name = "cm"                        # test names are "<name> :: <path in suite>"
//! suffixes = [".ll", ".test"]        # a file is a test when its last extension is listed
//! excludes = ["Inputs"]              # file/directory names that are never tests nor searched
//! path = ["{llvm_bindir}"]           # templates prepended to the tests' PATH, first wins
//! pass_env = ["RUST_BACKTRACE"]      # passed to tests on top of lit's own list
//! artifact_dirs = ["../../target/release"]  # where `artifact` tools are searched when the
//!                                    # runner is not itself running from a cargo target dir
//! [params]                           # defaults for `--param k=v`
//! llvm_major = "14"
//! [tools.<name>]                     # resolved in this order; the first hit wins:
//! #   --param <name>=PATH, then env = "VAR", then artifact = "file" (cargo target dir),
//! #   then query = [argv…] (its trimmed stdout), then find = [candidates…]
//! #   (a candidate with a `/` must exist, otherwise it is looked up on PATH).
//! hint = "what to build or install"  # the sentence shown when nothing was found
//! [substitutions]
//! "%opt" = "{opt} -load-pass-plugin={plugin}"   # templates over tools (then params)
//! [features]
//! ocloc = { which = "ocloc" }        # available when found on the tests' PATH
//! llvm14 = { param = "llvm_major", equals = "14" }
//! ```
//!
//! Templates use `{name}` for a tool (or, failing that, a param); `{{` and `}}` are literal
//! braces. Invariant: a [`Suite`] that loaded is internally consistent: every `{name}` in it
//! refers to a declared tool or param, no tool depends on itself, and no substitution key can
//! capture one of lit's built-ins. Unknown keys are errors, so typos are not silently ignored.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::subst;

/// The file that marks a suite root.
pub const CONFIG_FILE: &str = "lit.toml";

/// How to find one tool (see the module doc for the order).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolSpec {
    pub env: Option<String>,
    pub artifact: Option<String>,
    pub query: Vec<String>,
    pub find: Vec<String>,
    pub hint: Option<String>,
}

/// When a feature is available.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeatureRule {
    /// An executable of this name is on the tests' PATH.
    Which(String),
    /// A param has exactly this value.
    ParamEquals { param: String, value: String },
}

/// A parsed and validated `lit.toml`.
#[derive(Debug, Clone)]
pub struct Suite {
    /// The directory holding `lit.toml` (canonical).
    pub root: PathBuf,
    pub name: String,
    pub suffixes: Vec<String>,
    pub excludes: Vec<String>,
    pub path: Vec<String>,
    pub pass_env: Vec<String>,
    pub artifact_dirs: Vec<PathBuf>,
    pub params: BTreeMap<String, String>,
    pub tools: BTreeMap<String, ToolSpec>,
    /// Key and template, in application order (longest key first).
    pub substitutions: Vec<(String, String)>,
    pub features: BTreeMap<String, FeatureRule>,
}

/// One piece of a `{name}` template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Ref(String),
}

/// Splits a template into literal text and `{name}` references.
pub fn parse_template(t: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut chars = t.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '{' if t[i + 1..].starts_with('{') => {
                chars.next();
                text.push('{');
            }
            '}' if t[i + 1..].starts_with('}') => {
                chars.next();
                text.push('}');
            }
            '{' => {
                let end = t[i..]
                    .find('}')
                    .ok_or_else(|| format!("unclosed `{{` in template `{t}`"))?
                    + i;
                let name = &t[i + 1..end];
                if name.is_empty()
                    || !name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
                {
                    return Err(format!(
                        "bad reference `{{{name}}}` in template `{t}` (use `{{{{` for a brace)"
                    ));
                }
                if !text.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut text)));
                }
                out.push(Piece::Ref(name.to_string()));
                while chars.peek().is_some_and(|&(j, _)| j <= end) {
                    chars.next();
                }
            }
            c => text.push(c),
        }
    }
    if !text.is_empty() {
        out.push(Piece::Text(text));
    }
    Ok(out)
}

fn template_refs(t: &str) -> Result<Vec<String>, String> {
    Ok(parse_template(t)?
        .into_iter()
        .filter_map(|p| match p {
            Piece::Ref(r) => Some(r),
            Piece::Text(_) => None,
        })
        .collect())
}

type Table = toml::Table;

fn check_keys(t: &Table, what: &str, allowed: &[&str]) -> Result<(), String> {
    for k in t.keys() {
        if !allowed.contains(&k.as_str()) {
            return Err(format!(
                "unknown key `{k}` in {what} (allowed: {})",
                allowed.join(", ")
            ));
        }
    }
    Ok(())
}

fn get_str(t: &Table, key: &str, what: &str) -> Result<Option<String>, String> {
    match t.get(key) {
        None => Ok(None),
        Some(toml::Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("`{key}` in {what} must be a string")),
    }
}

fn get_list(t: &Table, key: &str, what: &str) -> Result<Vec<String>, String> {
    match t.get(key) {
        None => Ok(Vec::new()),
        Some(toml::Value::Array(a)) => a
            .iter()
            .map(|v| {
                v.as_str()
                    .map(String::from)
                    .ok_or_else(|| format!("`{key}` in {what} must list strings"))
            })
            .collect(),
        Some(_) => Err(format!("`{key}` in {what} must be an array of strings")),
    }
}

fn get_table<'t>(t: &'t Table, key: &str) -> Result<Option<&'t Table>, String> {
    match t.get(key) {
        None => Ok(None),
        Some(toml::Value::Table(x)) => Ok(Some(x)),
        Some(_) => Err(format!("`{key}` must be a table")),
    }
}

/// Loads `<root>/lit.toml`.
pub fn load(root: &Path) -> Result<Suite, String> {
    let file = root.join(CONFIG_FILE);
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let root = root
        .canonicalize()
        .map_err(|e| format!("{}: {e}", root.display()))?;
    parse_config(&text, &root).map_err(|e| format!("{}: {e}", file.display()))
}

/// Parses the text of a `lit.toml` whose directory is `root`.
pub fn parse_config(text: &str, root: &Path) -> Result<Suite, String> {
    let doc: Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    check_keys(
        &doc,
        "the file",
        &["suite", "params", "tools", "substitutions", "features"],
    )?;

    let empty = Table::new();
    let s = get_table(&doc, "suite")?.unwrap_or(&empty);
    let w = "[suite]";
    check_keys(
        s,
        w,
        &[
            "name",
            "suffixes",
            "excludes",
            "path",
            "pass_env",
            "artifact_dirs",
        ],
    )?;
    let name = get_str(s, "name", w)?.unwrap_or_else(|| "lit".into());
    let suffixes = get_list(s, "suffixes", w)?;
    if suffixes.is_empty() {
        return Err("[suite] suffixes is empty: no file would be a test".into());
    }
    if let Some(bad) = suffixes
        .iter()
        .find(|x| !x.starts_with('.') || x[1..].contains('.'))
    {
        return Err(format!("suffix `{bad}` must be one extension with its dot, like \".ll\" (lit compares the last extension)"));
    }
    let excludes = get_list(s, "excludes", w)?;
    let path = get_list(s, "path", w)?;
    let pass_env = get_list(s, "pass_env", w)?;
    let artifact_dirs = get_list(s, "artifact_dirs", w)?
        .into_iter()
        .map(|d| crate::setup::normalize(&root.join(d)))
        .collect();

    let mut params = BTreeMap::new();
    for (k, v) in get_table(&doc, "params")?.unwrap_or(&empty) {
        let v = v
            .as_str()
            .ok_or_else(|| format!("[params] {k} must be a string"))?;
        params.insert(k.clone(), v.to_string());
    }

    let mut tools = BTreeMap::new();
    for (name, v) in get_table(&doc, "tools")?.unwrap_or(&empty) {
        let t = v
            .as_table()
            .ok_or_else(|| format!("[tools.{name}] must be a table"))?;
        let w = format!("[tools.{name}]");
        check_keys(t, &w, &["env", "artifact", "query", "find", "hint"])?;
        let spec = ToolSpec {
            env: get_str(t, "env", &w)?,
            artifact: get_str(t, "artifact", &w)?,
            query: get_list(t, "query", &w)?,
            find: get_list(t, "find", &w)?,
            hint: get_str(t, "hint", &w)?,
        };
        if spec.env.is_none()
            && spec.artifact.is_none()
            && spec.query.is_empty()
            && spec.find.is_empty()
        {
            return Err(format!(
                "{w} gives no way to find the tool (env, artifact, query or find)"
            ));
        }
        tools.insert(name.clone(), spec);
    }

    let mut substitutions = Vec::new();
    for (k, v) in get_table(&doc, "substitutions")?.unwrap_or(&empty) {
        let v = v
            .as_str()
            .ok_or_else(|| format!("[substitutions] \"{k}\" must be a string"))?;
        substitutions.push((k.clone(), v.to_string()));
    }
    subst::check_suite_keys(substitutions.iter().map(|(k, _)| k.as_str()))?;
    substitutions.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));

    let mut features = BTreeMap::new();
    for (name, v) in get_table(&doc, "features")?.unwrap_or(&empty) {
        let t = v
            .as_table()
            .ok_or_else(|| format!("[features] {name} must be an inline table"))?;
        let w = format!("feature `{name}`");
        check_keys(t, &w, &["which", "param", "equals"])?;
        let rule = match (
            get_str(t, "which", &w)?,
            get_str(t, "param", &w)?,
            get_str(t, "equals", &w)?,
        ) {
            (Some(exe), None, None) => FeatureRule::Which(exe),
            (None, Some(param), Some(value)) => FeatureRule::ParamEquals { param, value },
            _ => {
                return Err(format!(
                    "{w} needs either `which = \"exe\"` or `param = \"p\", equals = \"v\"`"
                ))
            }
        };
        features.insert(name.clone(), rule);
    }

    let suite = Suite {
        root: root.to_path_buf(),
        name,
        suffixes,
        excludes,
        path,
        pass_env,
        artifact_dirs,
        params,
        tools,
        substitutions,
        features,
    };
    suite.check_references()?;
    Ok(suite)
}

impl Suite {
    /// Every `{name}` refers to a tool or param, and tools do not depend on themselves.
    fn check_references(&self) -> Result<(), String> {
        let known = |r: &str| self.tools.contains_key(r) || self.params.contains_key(r);
        let mut templates: Vec<(String, &str)> = Vec::new();
        for p in &self.path {
            templates.push(("[suite] path".into(), p));
        }
        for (k, v) in &self.substitutions {
            templates.push((format!("substitution \"{k}\""), v));
        }
        for (name, t) in &self.tools {
            for q in t.query.iter().chain(&t.find) {
                templates.push((format!("[tools.{name}]"), q));
            }
        }
        for (what, t) in templates {
            for r in template_refs(t).map_err(|e| format!("{what}: {e}"))? {
                if !known(&r) {
                    return Err(format!("{what}: `{{{r}}}` is neither a tool nor a param"));
                }
            }
        }
        // Tool dependency cycles (a tool found through another tool's path).
        fn visit<'a>(
            s: &'a Suite,
            n: &'a str,
            stack: &mut Vec<&'a str>,
            done: &mut BTreeSet<&'a str>,
        ) -> Result<(), String> {
            if done.contains(n) {
                return Ok(());
            }
            if stack.contains(&n) {
                return Err(format!(
                    "tools depend on each other in a cycle: {} -> {n}",
                    stack.join(" -> ")
                ));
            }
            stack.push(n);
            let t = &s.tools[n];
            for q in t.query.iter().chain(&t.find) {
                for r in template_refs(q)? {
                    if let Some((k, _)) = s.tools.get_key_value(r.as_str()) {
                        visit(s, k, stack, done)?;
                    }
                }
            }
            stack.pop();
            done.insert(n);
            Ok(())
        }
        let mut done = BTreeSet::new();
        for n in self.tools.keys() {
            visit(self, n, &mut Vec::new(), &mut done)?;
        }
        Ok(())
    }

    /// Whether a directory entry with this name is skipped during discovery.
    pub fn is_excluded_name(&self, name: &str) -> bool {
        name.starts_with('.') || name == "Output" || self.excludes.iter().any(|e| e == name)
    }

    /// Whether a file name has one of the suite's suffixes (lit compares the last extension).
    pub fn is_test_name(&self, name: &str) -> bool {
        match name.rfind('.') {
            Some(i) if i > 0 => self.suffixes.iter().any(|s| *s == name[i..]),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
        [suite]
        name = "cm"
        suffixes = [".ll", ".test"]
        excludes = ["Inputs"]
        path = ["{bindir}"]
        [params]
        major = "14"
        [tools.bindir]
        find = ["/usr/lib/llvm-{major}/bin"]
        [tools.opt]
        find = ["{bindir}/opt"]
        [substitutions]
        "%opt" = "{opt} -x"
        "%optx" = "{opt} -y {{literal}}"
        [features]
        llvm14 = { param = "major", equals = "14" }
        ocloc = { which = "ocloc" }
    "#;

    #[test]
    fn parses_a_full_file() {
        let s = parse_config(GOOD, Path::new("/r")).unwrap();
        assert_eq!(s.name, "cm");
        assert_eq!(s.substitutions[0].0, "%optx", "longest key first");
        assert_eq!(s.features["ocloc"], FeatureRule::Which("ocloc".into()));
        assert!(
            s.is_test_name("a.ll") && s.is_test_name("x.y.test") && !s.is_test_name("a.cfg.py")
        );
        assert!(
            !s.is_test_name(".ll"),
            "a dot file has no extension, as in os.path.splitext"
        );
        assert!(
            s.is_excluded_name("Inputs")
                && s.is_excluded_name("Output")
                && s.is_excluded_name(".git")
        );
    }

    #[test]
    fn templates() {
        assert_eq!(
            parse_template("{a}/x{{y}}").unwrap(),
            vec![Piece::Ref("a".into()), Piece::Text("/x{y}".into())]
        );
        assert!(parse_template("{a").is_err());
        assert!(parse_template("{}").is_err());
        assert!(parse_template("{a b}").is_err());
    }

    #[test]
    fn rejects_mistakes() {
        let bad = |from: &str, to: &str| {
            parse_config(&GOOD.replace(from, to), Path::new("/r")).unwrap_err()
        };
        assert!(bad("excludes", "exclude").contains("unknown key `exclude`"));
        assert!(bad("{opt} -x", "{nope} -x").contains("neither a tool nor a param"));
        assert!(bad("\"%opt\"", "\"%b\"").contains("%basename_t"));
        assert!(bad("[\".ll\", \".test\"]", "[\"ll\"]").contains("one extension"));
        assert!(bad("find = [\"/usr/lib", "find = [\"{opt}/usr/lib").contains("cycle"));
        assert!(bad("equals = \"14\"", "is = \"14\"").contains("unknown key `is`"));
    }
}
