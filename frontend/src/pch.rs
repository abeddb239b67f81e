//! The precompiled header: `cm/cm.h` parsed once per configuration, not at every compilation.
//!
//! Why: parsing the header library is most of clang's fixed cost on a CM source (measured, CPU: 26 of the 54 ms
//! an empty source costs; clang's own start-up, the dynamic loader relocating libclang-cpp and libLLVM, is
//! another 22). With `-include-pch` instead of `-include cm/cm.h`, clang reads what it needs of the parsed
//! headers from the PCH: the empty source takes 28 ms, linear_filter.cpp 57 instead of 80.
//!
//! The cache: `<materialised dir>/pch/cm-<key>.pch`, next to the headers it was built from (so the header
//! content hash is part of its path). The key is an FNV-1a hash of the clang binary's identity (canonical path,
//! size, modification time) and of every argument of the PCH build: target (`spir`/`spir64`), `-std`, the
//! language flags, the plugin, the predefined macros of the platform (`CM_GENX`, `CM_HAS_*`, `CM_PTRSIZE`, ...)
//! and `-g`/`-gline-tables-only`. A PCH is built (stderr discarded) into a private temporary file that is
//! renamed into place, so concurrent compilers never see a partial file; the race loser's rename replaces an
//! equivalent file, which readers that have it open keep reading.
//!
//! When the PCH is not used (`Job::precompiled_header` off, `-E`, any `-Xclang` argument, or a job that could
//! give the headers another meaning), the compilation is exactly the plain `-include cm/cm.h` one. A job could
//! change the headers' meaning by
//! - a `-D`/`-U` of a name the headers spell (any identifier outside comments, keywords included), of a name with
//!   the `__cm` prefix (the headers' token pastes only form `__cm...` names, which a unit test checks), or of a
//!   predefined macro (clang would also reject the PCH: a macro's command-line value must match the PCH's);
//!   other `-D`/`-U` are applied by clang after the PCH, before the source (for a name the headers never spell,
//!   before or after them is the same);
//! - an `-I` directory holding a file of the header library's name (`-I` is searched before our `-isystem`), or
//!   a `cm/cm.h` in the working directory (searched first for `-include`).
//!
//! A user `#include <cm/cm.h>` resolves to the file the PCH was built from, which `#pragma once` and the
//! include guards skip, as after the plain `-include`.
//!
//! Fallback: when the PCH cannot be built, the plain path is used. A compilation with the PCH runs with clang's
//! stderr captured (`-fcolor-diagnostics` when ours is a terminal, which is what clang would decide); on
//! success the captured text (warnings) is passed on; on failure the job is compiled again the plain way with
//! stderr inherited, so every diagnostic the user sees comes from the plain path, and a PCH that clang rejected
//! (its message names the PCH or "precompiled header") is removed so that the next compilation rebuilds it.
//!
//! Not handled: the cache is never pruned (one PCH of about 0.8 MB per platform and option set in use).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::embed::{self, Materialised};
use crate::{cache, MacroArg};

/// Compilations of this process that clang finished with the PCH (see `crate::precompiled_header_uses`).
pub static USES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// FNV-1a, as `embed` hashes the headers.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf29ce484222325;
    for part in parts {
        for &b in *part {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x100000001b3);
        }
        hash ^= 0xff;
        hash = hash.wrapping_mul(0x100000001b3);
    }
    hash
}

/// `text` without `//` and `/* */` comments (string and character literals are kept whole, so a `//` inside one
/// is not taken for a comment).
fn strip_comments(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i < bytes.len() && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i += 2;
                out.push(' ');
            }
            quote @ (b'"' | b'\'') => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                out.push_str(&text[start..i]);
            }
            _ => {
                // Copy up to the next byte that may start a comment or a literal (all ASCII: char boundaries).
                let start = i;
                i += 1;
                while i < bytes.len() && !matches!(bytes[i], b'/' | b'"' | b'\'') {
                    i += 1;
                }
                out.push_str(&text[start..i]);
            }
        }
    }
    out
}

fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// Every identifier the header library spells outside comments.
fn header_identifiers() -> &'static std::collections::HashSet<String> {
    static SET: OnceLock<std::collections::HashSet<String>> = OnceLock::new();
    SET.get_or_init(|| {
        let mut set = std::collections::HashSet::new();
        for (_, contents) in embed::HEADERS {
            let text = strip_comments(&String::from_utf8_lossy(contents));
            set.extend(identifiers(&text).map(String::from));
        }
        set
    })
}

/// The name a `-D`/`-U` argument defines or undefines (`NAME`, `NAME=VALUE`, `NAME(args)=VALUE`).
fn macro_name(arg: &MacroArg) -> &str {
    let text = match arg {
        MacroArg::Define(text) | MacroArg::Undefine(text) => text.as_str(),
    };
    let end = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(text.len());
    &text[..end]
}

/// Whether `-D`/`-U` of `name` could change what the headers mean (see the module note), given the names of
/// the predefined macros.
fn macro_touches_headers(name: &str, predefined: &[String]) -> bool {
    name.starts_with("__cm")
        || header_identifiers().contains(name)
        || predefined.iter().any(|define| define.split('=').next() == Some(name))
}

/// Why the job cannot use the PCH, or `None` when it can.
pub fn obstacle(
    macros: &[MacroArg],
    predefined: &[String],
    include_dirs: &[PathBuf],
    clang_args: &[String],
) -> Option<String> {
    if !clang_args.is_empty() {
        return Some("-Xclang arguments".into());
    }
    if let Some(arg) = macros.iter().find(|arg| macro_touches_headers(macro_name(arg), predefined)) {
        return Some(format!("-D/-U of '{}', which the CM headers use", macro_name(arg)));
    }
    for dir in include_dirs {
        if let Some((name, _)) = embed::HEADERS.iter().find(|(name, _)| dir.join(name).exists()) {
            return Some(format!("-I {} holds its own {name}", dir.display()));
        }
    }
    if Path::new("cm/cm.h").exists() {
        return Some("cm/cm.h in the working directory".into());
    }
    None
}

/// The clang binary's identity: canonical path, size and modification time.
fn clang_identity(clang: &Path) -> Vec<u8> {
    let canonical = std::fs::canonicalize(clang).unwrap_or_else(|_| clang.to_path_buf());
    let mut identity = canonical.display().to_string().into_bytes();
    if let Ok(meta) = std::fs::metadata(&canonical) {
        let modified = meta
            .modified()
            .ok()
            .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        identity.extend(format!(":{}:{modified}", meta.len()).into_bytes());
    }
    identity
}

/// The cache path of the PCH that `clang` builds with `build_args` (everything but the input and output).
pub fn path(clang: &Path, embedded: &Materialised, build_args: &[OsString]) -> PathBuf {
    let identity = clang_identity(clang);
    let mut parts: Vec<&[u8]> = vec![&identity];
    parts.extend(build_args.iter().map(|arg| arg.as_encoded_bytes()));
    embedded.root.join("pch").join(format!("cm-{:016x}.pch", fnv(&parts)))
}

/// Whether `pch` is a regular file of ours that nobody else can write (see `cache`).
fn ours(pch: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::symlink_metadata(pch).is_ok_and(|meta| {
        meta.file_type().is_file() && meta.uid() == cache::effective_uid() && meta.mode() & 0o022 == 0
    })
}

/// The PCH for `build_args`, built now if the cache lacks it; `None` when it cannot be built. A cached entry
/// that is not a private regular file of ours is removed and built again.
pub fn get_or_build(clang: &Path, embedded: &Materialised, build_args: &[OsString]) -> Option<PathBuf> {
    let pch = path(clang, embedded, build_args);
    if ours(&pch) {
        return Some(pch);
    }
    let dir = cache::private_subdir(&embedded.root, "pch").ok()?;
    if std::fs::symlink_metadata(&pch).is_ok() {
        let _ = std::fs::remove_file(&pch).or_else(|_| std::fs::remove_dir_all(&pch));
    }
    // Private to this process and call: processes differ by id, calls by the counter.
    static BUILDS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let build = BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let stem = pch.file_stem()?.to_string_lossy().into_owned();
    let temp = dir.join(format!(".{stem}-{}-{build}.tmp", std::process::id()));
    let header = embedded.include_dir.join("cm/cm.h");
    let status = Command::new(clang)
        .args(build_args)
        .args(["-x", "c++-header"])
        .arg(&header)
        .arg("-o")
        .arg(&temp)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let built = matches!(status, Ok(status) if status.success())
        && cache::set_private_mode(&temp, false).is_ok()
        && std::fs::rename(&temp, &pch).is_ok();
    let _ = std::fs::remove_file(&temp);
    built.then_some(pch)
}

/// Whether clang's `stderr` says it rejected the PCH at `pch`.
pub fn rejected(stderr: &[u8], pch: &Path) -> bool {
    let text = String::from_utf8_lossy(stderr);
    text.contains(&*pch.display().to_string()) || text.contains("precompiled header") || text.contains("PCH file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_stripped_and_literals_kept() {
        let text = strip_comments("a // b\nc /* d\n e */ f \"g // h\" 'i' j");
        let words: Vec<&str> = identifiers(&text).collect();
        assert_eq!(words, ["a", "c", "f", "g", "h", "i", "j"]);
    }

    #[test]
    fn token_pastes_in_the_headers_form_only_cm_prefixed_names() {
        // macro_touches_headers assumes that a name the headers form by `##` starts with `__cm`: the left
        // operand of every paste must be such a literal. A new paste that breaks this must extend the rule.
        for (name, contents) in embed::HEADERS {
            let text = strip_comments(&String::from_utf8_lossy(contents));
            for (at, _) in text.match_indices("##") {
                let left = text[..at].trim_end();
                let start = left.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
                assert!(left[start..].starts_with("__cm"), "{name}: paste after '{}'", &left[start..]);
            }
        }
    }

    #[test]
    fn macros_the_headers_use_are_obstacles_and_others_are_not() {
        let predefined = vec!["CM_GENX=1200".to_string(), "__CM".to_string()];
        let none: &[PathBuf] = &[];
        let check = |arg: MacroArg| obstacle(&[arg], &predefined, none, &[]);
        // Spelled in the headers (a keyword, a header macro, a class name), predefined, pasted.
        for name in ["int", "SAT", "vector", "CM_GENX", "__cm_genx_foo"] {
            assert!(check(MacroArg::Define(format!("{name}=1"))).is_some(), "{name}");
            assert!(check(MacroArg::Undefine(name.into())).is_some(), "{name}");
        }
        assert!(check(MacroArg::Define("MY_BLOCK_WIDTH=16".into())).is_none());
        assert!(check(MacroArg::Define("MY_FN(x)=x".into())).is_none());
        assert!(obstacle(&[], &predefined, none, &["-fno-builtin".into()]).is_some());
    }
}
