//! Build script of the CM front end.
//!
//! 1. Embeds the CM header library: every file under `include/` becomes an entry of a generated table
//!    (`OUT_DIR/headers.rs`: relative path and `include_bytes!`), which `materialise` writes out at run time.
//! 2. Builds the clang plugin `plugin/cm_attrs.cpp` (the `[[type("...")]]` attribute) as a shared object against
//!    libclang-14-dev's headers, to be embedded the same way (`OUT_DIR/cm_attrs.so`). The plugin links nothing:
//!    clang, which loads it, provides every symbol.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

fn collect(dir: &Path, root: &Path, out: &mut Vec<(String, PathBuf)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", dir.display())))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, root, out);
        } else {
            let relative = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            out.push((relative, path));
        }
    }
}

fn llvm_includedir() -> PathBuf {
    let tool = env::var("LLVM_CONFIG").unwrap_or_else(|_| "llvm-config-14".to_string());
    match Command::new(&tool).arg("--includedir").output() {
        Ok(out) if out.status.success() => PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()),
        _ => fail(&format!("`{tool} --includedir` failed; install llvm-14-dev (scripts/setup.sh)")),
    }
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap());

    // 1. Headers.
    let include = manifest.join("include");
    println!("cargo:rerun-if-changed={}", include.display());
    let mut files = Vec::new();
    collect(&include, &include, &mut files);
    let mut table = String::from("/// The CM header library: (path under the include directory, contents).\n");
    table.push_str("pub static HEADERS: &[(&str, &[u8])] = &[\n");
    for (relative, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        table.push_str(&format!("    ({relative:?}, include_bytes!({:?})),\n", path.display().to_string()));
    }
    table.push_str("];\n");
    std::fs::write(out_dir.join("headers.rs"), table).unwrap_or_else(|e| fail(&format!("cannot write headers.rs: {e}")));

    // 2. The clang plugin.
    let source = manifest.join("plugin/cm_attrs.cpp");
    println!("cargo:rerun-if-changed={}", source.display());
    let includedir = llvm_includedir();
    if !includedir.join("clang/Sema/ParsedAttr.h").is_file() {
        fail(&format!(
            "clang's headers are missing from {} (clang/Sema/ParsedAttr.h); install libclang-14-dev (scripts/setup.sh)",
            includedir.display()
        ));
    }
    let compiler = cc::Build::new().cpp(true).get_compiler();
    let plugin = out_dir.join("cm_attrs.so");
    let status = Command::new(compiler.path())
        .args(["-std=c++17", "-fno-rtti", "-fPIC", "-shared", "-O2", "-w"])
        .arg(format!("-I{}", includedir.display()))
        .arg(&source)
        .arg("-o")
        .arg(&plugin)
        .status()
        .unwrap_or_else(|e| fail(&format!("cannot run {}: {e}", compiler.path().display())));
    if !status.success() {
        fail(&format!("building the clang plugin {} failed", source.display()));
    }
}
