//! Finding clang.
//!
//! The front end must use the clang of the same LLVM major as the middle end (the IR is handed over as LLVM 14
//! bitcode/text). Order: `$CMC_CLANG`, then `<llvm bindir>/clang` for the LLVM the passes were built against,
//! then `clang-<major>` on PATH. A plain `clang` on PATH is never taken: it may be another major.

use std::path::{Path, PathBuf};

/// Resolves the clang binary for LLVM `major` whose tools live in `llvm_bindir`.
pub fn find(major: u32, llvm_bindir: &Path) -> Result<PathBuf, String> {
    if let Some(explicit) = std::env::var_os("CMC_CLANG") {
        let explicit = PathBuf::from(explicit);
        return if explicit.is_file() {
            Ok(explicit)
        } else {
            Err(format!("CMC_CLANG names '{}', which does not exist", explicit.display()))
        };
    }
    let bundled = llvm_bindir.join("clang");
    if bundled.is_file() {
        return Ok(bundled);
    }
    let versioned = format!("clang-{major}");
    if let Some(path) = search_path(&versioned) {
        return Ok(path);
    }
    Err(format!("clang {major} is not installed (looked for {} and {versioned} on PATH); run scripts/setup.sh", bundled.display()))
}

fn search_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|dir| dir.join(name)).find(|path| path.is_file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clang_resolution_order_and_errors() {
        // $CMC_CLANG wins, and a wrong one is a sentence naming it (never a fallback to another clang).
        std::env::set_var("CMC_CLANG", "/nonexistent/clang-99");
        let err = find(14, Path::new("/usr/lib/llvm-14/bin")).unwrap_err();
        assert!(err.contains("CMC_CLANG") && err.contains("/nonexistent/clang-99"), "{err}");
        std::env::remove_var("CMC_CLANG");
        // Without it, the LLVM bin directory's clang comes first when it exists.
        let bindir = std::env::temp_dir().join(format!("cmc-clang-test-{}", std::process::id()));
        std::fs::create_dir_all(&bindir).unwrap();
        std::fs::write(bindir.join("clang"), b"").unwrap();
        assert_eq!(find(14, &bindir).unwrap(), bindir.join("clang"));
        std::fs::remove_dir_all(&bindir).unwrap();
    }
}
