//! `%`-substitutions in `RUN:` lines, applied exactly in lit's order and manner.
//!
//! lit (14) applies an ordered list of `(pattern, replacement)` pairs **one after another over
//! the whole line**: first the suite's own substitutions (`config.substitutions`), then the
//! built-ins (`%s`, `%S`, `%p`, `%{pathsep}`, `%t`, `%basename_t`, `%T`, then the `%/x`,
//! `%{/x:regex_replacement}` and `%:x` families). Before each pair, `%%` is hidden behind a
//! marker so it is never part of a match; at the end the marker becomes `%`. Because the pairs
//! are applied in sequence, a suite substitution's value may itself use built-ins (`%s`, `%t`).
//!
//! Our suite substitutions come from `lit.toml` and are literal strings. Both rlit and
//! `lit.cfg.py` order them **longest key first** (ties by key), so `%plugin` is replaced before
//! any shorter key that is its prefix, and every suite key is replaced before lit's built-in
//! `%p`. [`check_suite_keys`] rejects suite keys that would capture a built-in (`%b` would eat
//! `%basename_t`) or redefine one, so that order can never matter in a surprising way.
//!
//! Invariant: [`apply`] is a pure function of the line and the pair list; it reports which
//! keys matched so the runner can refuse a test that uses a substitution whose tool is missing.

use std::path::Path;

/// lit's hiding place for `%%` while the other substitutions run.
const MARKER: &str = "#_MARKER_#";

/// Why a substitution has no value: a tool (or param) it needs is missing.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Missing {
    /// The tool or param.
    pub name: String,
    /// The sentence saying what to build or install.
    pub why: String,
}

/// A substitution whose value may be unavailable (a tool it needs was not found).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subst {
    pub key: String,
    pub value: Result<String, Vec<Missing>>,
}

impl Subst {
    pub fn new(key: &str, value: impl Into<String>) -> Subst {
        Subst {
            key: key.to_string(),
            value: Ok(value.into()),
        }
    }
}

/// The result of substituting one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    /// Why the line cannot run: what its unavailable substitutions need (deduplicated).
    pub missing: Vec<Missing>,
}

/// Stands in for an unavailable substitution in reports. rlit never runs it (the test is
/// UNRESOLVED first), but `lit.cfg.py` puts the same text into scripts that lit does run, so it
/// is one harmless shell word (a path that does not exist: running it or opening it fails) and
/// holds no `%`, so later substitutions leave it alone.
pub fn missing_placeholder(key: &str) -> String {
    format!("/MISSING-TOOL/{}", key.trim_start_matches('%'))
}

/// Applies `pairs` to `line` in order, the way lit's `applySubstitutions` does (without
/// recursion), then trims the line.
pub fn apply(line: &str, pairs: &[Subst]) -> Applied {
    let mut ln = line.to_string();
    let mut missing: Vec<Missing> = Vec::new();
    for s in pairs {
        ln = ln.replace("%%", MARKER);
        if s.key.is_empty() || !ln.contains(s.key.as_str()) {
            continue;
        }
        match &s.value {
            Ok(v) => ln = ln.replace(s.key.as_str(), v),
            Err(why) => {
                for w in why {
                    if !missing.contains(w) {
                        missing.push(w.clone());
                    }
                }
                ln = ln.replace(s.key.as_str(), &missing_placeholder(&s.key));
            }
        }
    }
    Applied {
        text: ln.trim().replace(MARKER, "%"),
        missing,
    }
}

/// Keys of lit's built-in substitutions, plus the `%dbg(` prefix lit puts on every RUN line.
pub const BUILTIN_KEYS: &[&str] = &[
    "%s",
    "%S",
    "%p",
    "%{pathsep}",
    "%t",
    "%basename_t",
    "%T",
    "%/s",
    "%/S",
    "%/p",
    "%/t",
    "%/T",
    "%{/s:regex_replacement}",
    "%{/S:regex_replacement}",
    "%{/p:regex_replacement}",
    "%{/t:regex_replacement}",
    "%{/T:regex_replacement}",
    "%:s",
    "%:S",
    "%:p",
    "%:t",
    "%:T",
    "%dbg(",
    "%(line",
    "%%",
];

/// Rejects suite substitution keys that are empty, redefine a built-in, or are a proper
/// prefix of a built-in (and would therefore replace part of it first).
pub fn check_suite_keys<'a>(keys: impl IntoIterator<Item = &'a str>) -> Result<(), String> {
    for k in keys {
        if k.is_empty() {
            return Err("a substitution key is empty".into());
        }
        for b in BUILTIN_KEYS {
            if k == *b {
                return Err(format!("substitution `{k}` redefines lit's built-in `{b}`"));
            }
            if b.starts_with(k) {
                return Err(format!(
                    "substitution `{k}` would capture lit's built-in `{b}` (it is a prefix of it)"
                ));
            }
        }
    }
    Ok(())
}

/// Orders suite substitutions the way both runners do: longest key first, ties by key.
pub fn sort_suite_keys(pairs: &mut [Subst]) {
    pairs.sort_by(|a, b| {
        b.key
            .len()
            .cmp(&a.key.len())
            .then_with(|| a.key.cmp(&b.key))
    });
}

fn colon_normalize(p: &str) -> String {
    p.strip_prefix('/').unwrap_or(p).to_string()
}

fn regex_escape(p: &str) -> String {
    p.replace('@', "\\@").replace('&', "\\&")
}

/// lit's built-in substitutions for a test at `source`, with temporaries under `tmp_dir`
/// and `tmp_base` (= `<tmp_dir>/<file name>`), in lit's order.
pub fn builtins(source: &Path, tmp_dir: &Path, tmp_base: &Path) -> Vec<Subst> {
    let s = source.display().to_string();
    let sdir = source
        .parent()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let tdir = tmp_dir.display().to_string();
    let tbase = tmp_base.display().to_string();
    let tname = format!("{tbase}.tmp");
    let base_name = tmp_base
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let pairs: Vec<(&str, String)> = vec![
        ("%s", s.clone()),
        ("%S", sdir.clone()),
        ("%p", sdir.clone()),
        ("%{pathsep}", ":".into()),
        ("%t", tname.clone()),
        ("%basename_t", base_name),
        ("%T", tdir.clone()),
        ("%/s", s.clone()),
        ("%/S", sdir.clone()),
        ("%/p", sdir.clone()),
        ("%/t", tname.clone()),
        ("%/T", tdir.clone()),
        ("%{/s:regex_replacement}", regex_escape(&s)),
        ("%{/S:regex_replacement}", regex_escape(&sdir)),
        ("%{/p:regex_replacement}", regex_escape(&sdir)),
        ("%{/t:regex_replacement}", regex_escape(&tbase) + ".tmp"),
        ("%{/T:regex_replacement}", regex_escape(&tdir)),
        ("%:s", colon_normalize(&s)),
        ("%:S", colon_normalize(&sdir)),
        ("%:p", colon_normalize(&sdir)),
        ("%:t", colon_normalize(&tname)),
        ("%:T", colon_normalize(&tdir)),
    ];
    pairs.into_iter().map(|(k, v)| Subst::new(k, v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn pairs() -> Vec<Subst> {
        let mut suite = vec![
            Subst::new(
                "%opt",
                "/usr/bin/opt-14 -load-pass-plugin=/t/libgenx_passes.so",
            ),
            Subst::new("%plugin", "/t/libgenx_passes.so"),
            Subst::new("%FileCheck", "/llvm/FileCheck"),
            Subst::new("%check", "FileCheck %s"),
        ];
        sort_suite_keys(&mut suite);
        let src = PathBuf::from("/w/tests/lit/x/a.ll");
        suite.extend(builtins(
            &src,
            Path::new("/w/tests/lit/x/Output"),
            Path::new("/w/tests/lit/x/Output/a.ll"),
        ));
        suite
    }

    fn run(line: &str) -> String {
        apply(line, &pairs()).text
    }

    #[test]
    fn longest_first_keeps_plugin_whole() {
        assert_eq!(
            run("echo %plugin %p"),
            "echo /t/libgenx_passes.so /w/tests/lit/x"
        );
        assert_eq!(
            run("%opt -passes=verify %s"),
            "/usr/bin/opt-14 -load-pass-plugin=/t/libgenx_passes.so -passes=verify /w/tests/lit/x/a.ll"
        );
        let keys: Vec<String> = pairs().into_iter().take(4).map(|s| s.key).collect();
        assert_eq!(keys, vec!["%FileCheck", "%plugin", "%check", "%opt"]);
    }

    #[test]
    fn builtins_and_temporaries() {
        assert_eq!(
            run("  %s %S %t %T %basename_t %{pathsep}  "),
            "/w/tests/lit/x/a.ll /w/tests/lit/x /w/tests/lit/x/Output/a.ll.tmp /w/tests/lit/x/Output a.ll :"
        );
        assert_eq!(
            run("%/t %:s"),
            "/w/tests/lit/x/Output/a.ll.tmp w/tests/lit/x/a.ll"
        );
    }

    #[test]
    fn percent_percent_is_a_literal_percent() {
        assert_eq!(
            run("printf '%%s %%p %%%%' %s"),
            "printf '%s %p %%' /w/tests/lit/x/a.ll"
        );
    }

    #[test]
    fn suite_values_may_use_builtins() {
        assert_eq!(
            run("cat %t | %check"),
            "cat /w/tests/lit/x/Output/a.ll.tmp | FileCheck /w/tests/lit/x/a.ll"
        );
    }

    #[test]
    fn missing_values_are_reported_only_when_used() {
        let mut p = pairs();
        let gone = Missing {
            name: "plugin".into(),
            why: "plugin not built".into(),
        };
        p[1] = Subst {
            key: "%plugin".into(),
            value: Err(vec![gone.clone()]),
        };
        let a = apply("echo %s", &p);
        assert!(a.missing.is_empty());
        let a = apply("echo %plugin && echo %plugin", &p);
        assert_eq!(a.missing, vec![gone]);
        assert_eq!(
            a.text,
            "echo /MISSING-TOOL/plugin && echo /MISSING-TOOL/plugin"
        );
    }

    #[test]
    fn suite_keys_may_not_capture_builtins() {
        assert!(check_suite_keys(["%opt", "%plugin", "%cmc", "%FileCheck"]).is_ok());
        assert!(check_suite_keys(["%b"])
            .unwrap_err()
            .contains("%basename_t"));
        assert!(check_suite_keys(["%s"]).unwrap_err().contains("redefines"));
        assert!(check_suite_keys(["%d"]).unwrap_err().contains("%dbg("));
        assert!(check_suite_keys(["%"]).is_err());
    }
}
