//! The per-user cache directory that holds the materialised headers, the clang plugin and the PCHs.
//!
//! Why: clang loads the plugin (`cm_attrs.so`) into its own process and reads the headers and PCHs from this
//! directory, so whoever can write to it can run code as the user and change what every compilation means. A
//! predictable directory in a shared `/tmp` would let another local user plant a plugin there first.
//!
//! Where (the first candidate that passes the checks is used, for the whole process):
//! 1. `$CMC_CACHE_DIR` when set (tests, packagers), else `$XDG_CACHE_HOME/cmc` (an absolute `XDG_CACHE_HOME`
//!    only, as the XDG spec says), else `$HOME/.cache/cmc`;
//! 2. the private fallback `<temp dir>/cmc-<uid>`, for a home that is missing, read-only, full, or fails the
//!    checks.
//!
//! A candidate is created with mode `0700` (its parents with the default mode) and then checked, never trusted
//! for having been created: it must be a real directory (not a symlink), owned by the effective user, writable
//! by nobody else (no group/other write bit), and its parent must be owned by the user or root and either
//! writable by nobody else or sticky (as `/tmp` is: others cannot rename our entry away). When no candidate
//! passes, the error names each candidate and why it was refused, so the user can point `XDG_CACHE_HOME` at a
//! directory of their own; a per-process directory would be left behind at every run.
//!
//! Every directory made below the chosen one goes through [`private_subdir`] (mode `0700`, same checks), so a
//! subdirectory someone else made, or a symlink planted in place of one, is refused, never followed.
//!
//! Not handled: a directory the user's own processes make unsafe after the check (the same user can run any code
//! anyway); ACLs (only the mode bits are read).

use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The effective user id of this process.
pub fn effective_uid() -> u32 {
    // SAFETY: geteuid takes no arguments, reads no memory of ours, has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

/// Why `dir` (already existing) may not hold the cache, or `None` when it is safe.
pub fn unsafe_reason(dir: &Path) -> Option<String> {
    let meta = match std::fs::symlink_metadata(dir) {
        Ok(meta) => meta,
        Err(e) => return Some(e.to_string()),
    };
    if meta.file_type().is_symlink() {
        return Some("it is a symbolic link".into());
    }
    if !meta.is_dir() {
        return Some("it is not a directory".into());
    }
    let uid = effective_uid();
    if meta.uid() != uid {
        return Some(format!("it is owned by uid {}, not by this user (uid {uid})", meta.uid()));
    }
    if meta.mode() & 0o022 != 0 {
        return Some(format!("it is writable by other users (mode {:o})", meta.mode() & 0o7777));
    }
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match std::fs::metadata(parent) {
        Ok(up) if up.uid() != uid && up.uid() != 0 => {
            Some(format!("its parent {} is owned by uid {}", parent.display(), up.uid()))
        }
        Ok(up) if up.mode() & 0o022 != 0 && up.mode() & 0o1000 == 0 => Some(format!(
            "its parent {} is writable by other users and not sticky (mode {:o})",
            parent.display(),
            up.mode() & 0o7777
        )),
        Ok(_) => None,
        Err(e) => Some(format!("its parent {}: {e}", parent.display())),
    }
}

/// Creates `dir` (mode `0700`) when missing, then checks it (see the module note).
pub fn private_dir(dir: &Path) -> Result<(), String> {
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(format!("cannot create it: {e}")),
    }
    match unsafe_reason(dir) {
        None => Ok(()),
        Some(reason) => Err(reason),
    }
}

/// `parent/name`, a private directory made by [`private_dir`]'s rules; the error is a sentence naming it.
pub fn private_subdir(parent: &Path, name: &str) -> Result<PathBuf, String> {
    let dir = parent.join(name);
    private_dir(&dir).map_err(|reason| format!("refusing the cache directory {}: {reason}", dir.display()))?;
    Ok(dir)
}

/// The candidates, in order (see the module note).
fn candidates() -> Vec<PathBuf> {
    let mut list = Vec::new();
    let absolute = |var: &str| std::env::var_os(var).map(PathBuf::from).filter(|p| p.is_absolute());
    if let Some(dir) = std::env::var_os("CMC_CACHE_DIR").filter(|v| !v.is_empty()) {
        list.push(PathBuf::from(dir));
    } else if let Some(xdg) = absolute("XDG_CACHE_HOME") {
        list.push(xdg.join("cmc"));
    } else if let Some(home) = absolute("HOME") {
        list.push(home.join(".cache").join("cmc"));
    }
    list.push(std::env::temp_dir().join(format!("cmc-{}", effective_uid())));
    list
}

/// Whether files can be created in `dir` (a full or read-only disk fails here, not halfway through the headers).
fn writable(dir: &Path) -> Result<(), String> {
    let probe = dir.join(format!(".probe-{}", std::process::id()));
    let result = std::fs::write(&probe, b"probe").map_err(|e| format!("cannot write in it: {e}"));
    let _ = std::fs::remove_file(&probe);
    result
}

/// The cache directory of this user (see the module note), created and checked.
pub fn root() -> Result<PathBuf, String> {
    let mut refused = Vec::new();
    for dir in candidates() {
        match private_dir(&dir).and_then(|()| writable(&dir)) {
            Ok(()) => return Ok(dir),
            Err(reason) => refused.push(format!("{}: {reason}", dir.display())),
        }
    }
    Err(format!(
        "no safe cache directory for the CM headers ({}); set XDG_CACHE_HOME to a directory of your own",
        refused.join("; ")
    ))
}

/// Makes a file we wrote private (`0600` for data, `0700` for the plugin), whatever the umask allowed.
pub fn set_private_mode(path: &Path, executable: bool) -> std::io::Result<()> {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(if executable { 0o700 } else { 0o600 }))
}
