//! The embedded header library and clang plugin, materialised once per content.
//!
//! The binary carries `include/**` and the `[[type]]` plugin (see build.rs). On first use they are written to
//! `<tmp>/cm-frontend-<hash>/`, where the hash covers every embedded byte: a directory of that name holds exactly
//! these contents, so it is reused by every later run (and by other cmc binaries with the same headers) and
//! never rewritten. Creation is atomic: the files go to a private sibling directory that is renamed into
//! place; when another process wins the race, its directory is used and ours is removed. The one thing added to
//! the directory later is `pch/`, the precompiled headers built from it (see `pch`), each also renamed into place.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/headers.rs"));

/// The `[[type("...")]]` clang plugin (plugin/cm_attrs.cpp).
static PLUGIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cm_attrs.so"));
const PLUGIN_NAME: &str = "cm_attrs.so";

/// Where the headers and plugin were materialised.
pub struct Materialised {
    /// The `-isystem` directory (holds `cm/cm.h`).
    pub include_dir: PathBuf,
    pub plugin: PathBuf,
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

fn write_tree(root: &Path) -> std::io::Result<()> {
    for (name, contents) in HEADERS {
        let path = root.join("include").join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, contents)?;
    }
    std::fs::write(root.join(PLUGIN_NAME), PLUGIN)?;
    Ok(())
}

fn materialise_uncached() -> Result<Materialised, String> {
    let base = std::env::var_os("CMC_CACHE_DIR").map(PathBuf::from).unwrap_or_else(std::env::temp_dir);
    let dir = base.join(format!("cm-frontend-{:016x}", content_hash()));
    let done = |dir: &Path| Materialised { include_dir: dir.join("include"), plugin: dir.join(PLUGIN_NAME) };
    if dir.join(PLUGIN_NAME).is_file() {
        return Ok(done(&dir));
    }
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    let staging = base.join(format!(".cm-frontend-staging-{}-{nanos}", std::process::id()));
    let result = std::fs::create_dir_all(&staging).and_then(|()| write_tree(&staging));
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(format!("cannot write the CM headers to {}: {e}", staging.display()));
    }
    match std::fs::rename(&staging, &dir) {
        Ok(()) => Ok(done(&dir)),
        Err(_) if dir.join(PLUGIN_NAME).is_file() => {
            // Another process materialised the same contents first.
            let _ = std::fs::remove_dir_all(&staging);
            Ok(done(&dir))
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staging);
            Err(format!("cannot create {}: {e}", dir.display()))
        }
    }
}

/// The materialised headers and plugin (written at most once per process).
pub fn materialise() -> Result<&'static Materialised, String> {
    static CELL: OnceLock<Result<Materialised, String>> = OnceLock::new();
    CELL.get_or_init(materialise_uncached).as_ref().map_err(Clone::clone)
}
