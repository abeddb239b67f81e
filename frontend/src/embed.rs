//! The embedded header library and clang plugin, materialised in the user's cache and verified at every use.
//!
//! The binary carries `include/**` and the `[[type]]` plugin (see build.rs). They are written to
//! `<cache>/cm-frontend-<hash>/` (`<cache>` is the per-user directory of `cache`; the hash covers every
//! embedded byte, so binaries with other headers use other directories). First creation is atomic: the files go
//! to a private staging directory that is renamed into place; when another process wins the race, its directory
//! is used and ours is removed.
//!
//! Verification: clang loads the plugin and reads the headers from this directory, so nothing in it is trusted
//! for being there. At every [`materialise`] (once per compilation) each directory passes `cache`'s ownership
//! and mode checks, and each header and the plugin is compared byte for byte with the embedded copy (a regular
//! file, ours, writable by nobody else, same size, same bytes: about 0.1 ms for the 170 KB). A file that
//! differs is rewritten (a temporary file renamed over it, so a concurrent compiler reads the old or the new
//! file, never a partial one); an entry of the include tree that is not ours is removed; a directory that fails
//! the checks is moved aside and the whole tree written again. An edited cached header therefore never reaches
//! clang. The PCHs under `pch/` are not embedded: `pch` checks their ownership and mode, and clang itself
//! rejects a PCH whose headers changed size or modification time since it was built (it records both), which
//! is what a repaired header looks like; `pch` then removes and rebuilds it.

use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use crate::cache;

include!(concat!(env!("OUT_DIR"), "/headers.rs"));

/// The `[[type("...")]]` clang plugin (plugin/cm_attrs.cpp).
static PLUGIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cm_attrs.so"));
const PLUGIN_NAME: &str = "cm_attrs.so";

/// Where the headers and plugin were materialised (and verified).
#[derive(Clone, Debug)]
pub struct Materialised {
    /// The `-isystem` directory (holds `cm/cm.h`).
    pub include_dir: PathBuf,
    pub plugin: PathBuf,
    /// The directory holding both (and `pch/`).
    pub root: PathBuf,
}

/// FNV-1a over names and contents: stable across builds and platforms.
fn content_hash() -> u64 {
    let mut hash: u64 = 0xcbf29ce484222325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x100000001b3);
        }
        hash ^= 0xff;
        hash = hash.wrapping_mul(0x100000001b3);
    };
    for (name, contents) in HEADERS {
        eat(name.as_bytes());
        eat(contents);
    }
    eat(PLUGIN_NAME.as_bytes());
    eat(PLUGIN);
    hash
}

/// Every file of the tree: (path relative to the materialised directory, contents, executable).
fn files() -> impl Iterator<Item = (String, &'static [u8], bool)> {
    HEADERS
        .iter()
        .map(|(name, contents)| (format!("include/{name}"), *contents, false))
        .chain(std::iter::once((PLUGIN_NAME.to_string(), PLUGIN, true)))
}

/// A name no other process or call uses, for temporary entries in the cache.
fn unique(what: &str) -> String {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    format!(".{what}-{}-{nanos}-{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed))
}

/// Creates (or checks) every directory on the way from `root` to `relative`'s parent.
fn private_parents(root: &Path, relative: &str) -> Result<PathBuf, String> {
    let mut dir = root.to_path_buf();
    let components: Vec<&str> = relative.split('/').collect();
    for component in &components[..components.len() - 1] {
        dir = cache::private_subdir(&dir, component)?;
    }
    Ok(dir)
}

/// Writes `contents` to `path` through a private temporary file in `temp_dir` renamed over it.
fn write_atomically(temp_dir: &Path, path: &Path, contents: &[u8], executable: bool) -> Result<(), String> {
    let temp = temp_dir.join(unique("write"));
    let result = (|| {
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temp)?;
        file.write_all(contents)?;
        file.sync_data()?;
        drop(file);
        cache::set_private_mode(&temp, executable)?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result.map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Whether `path` is a regular file of ours, writable by nobody else, holding exactly `contents`.
fn verified(path: &Path, contents: &[u8]) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(path) else { return false };
    if !meta.file_type().is_file()
        || meta.uid() != cache::effective_uid()
        || meta.mode() & 0o022 != 0
        || meta.len() != contents.len() as u64
    {
        return false;
    }
    std::fs::read(path).is_ok_and(|bytes| bytes == contents)
}

/// Removes every entry under `dir` (relative name `prefix`) that is not a file or directory of the tree.
fn remove_strangers(dir: &Path, prefix: &str, expected: &std::collections::HashSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.filter_map(Result::ok) {
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if !expected.contains(&name) {
            let _ = if is_dir { std::fs::remove_dir_all(entry.path()) } else { std::fs::remove_file(entry.path()) };
        } else if is_dir {
            remove_strangers(&entry.path(), &format!("{name}/"), expected);
        }
    }
}

/// Files are compared and rewritten where they differ (see the module note); `Err` when a directory is unsafe
/// (the caller moves the tree aside) or a file cannot be written.
fn verify_tree(dir: &Path) -> Result<(), String> {
    if let Some(reason) = cache::unsafe_reason(dir) {
        return Err(format!("refusing the cache directory {}: {reason}", dir.display()));
    }
    let mut expected = std::collections::HashSet::new();
    for (relative, contents, executable) in files() {
        let mut prefix = String::new();
        for component in relative.split('/') {
            prefix.push_str(component);
            expected.insert(prefix.clone());
            prefix.push('/');
        }
        private_parents(dir, &relative)?;
        let path = dir.join(&relative);
        if !verified(&path, contents) {
            // A directory in the way of a file is removed first (rename cannot replace it).
            if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir()) {
                let _ = std::fs::remove_dir_all(&path);
            }
            // The temporary file is made outside `include/`, where a concurrent remove_strangers would take it.
            write_atomically(dir, &path, contents, executable)?;
        }
    }
    remove_strangers(&dir.join("include"), "include/", &expected);
    Ok(())
}

/// Writes the whole tree into a fresh staging directory under `root` and renames it to `dir`.
fn create_tree(root: &Path, dir: &Path) -> Result<(), String> {
    let staging = cache::private_subdir(root, &unique("staging"))?;
    let result = files().try_for_each(|(relative, contents, executable)| {
        private_parents(&staging, &relative)?;
        write_atomically(&staging, &staging.join(&relative), contents, executable)
    });
    let result = result.and_then(|()| match std::fs::rename(&staging, dir) {
        Ok(()) => Ok(()),
        // Another process materialised the same contents first (verify_tree checks them).
        Err(_) if dir.is_dir() => Ok(()),
        Err(e) => Err(format!("cannot create {}: {e}", dir.display())),
    });
    let _ = std::fs::remove_dir_all(&staging);
    result
}

/// Materialises into the cache directory `root` and verifies (see the module note).
pub fn materialise_in(root: &Path) -> Result<Materialised, String> {
    let dir = root.join(format!("cm-frontend-{:016x}", content_hash()));
    if std::fs::symlink_metadata(&dir).is_err() {
        create_tree(root, &dir)?;
    }
    if let Err(first) = verify_tree(&dir) {
        // Move the unsafe tree aside (a rename, so a concurrent reader keeps its open files) and start again.
        let aside = root.join(unique("stale"));
        if std::fs::rename(&dir, &aside).is_ok() {
            let _ = std::fs::remove_dir_all(&aside);
        }
        create_tree(root, &dir).map_err(|e| format!("{first}; {e}"))?;
        verify_tree(&dir)?;
    }
    Ok(Materialised { include_dir: dir.join("include"), plugin: dir.join(PLUGIN_NAME), root: dir })
}

/// The materialised headers and plugin, verified now: the cache directory is chosen once per process, the
/// contents are checked at every call.
pub fn materialise() -> Result<Materialised, String> {
    static ROOT: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let root = ROOT.get_or_init(cache::root).as_ref().map_err(Clone::clone)?;
    materialise_in(root)
}
