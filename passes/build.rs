//! Build script of the pass crate.
//!
//! 1. Finds the one LLVM this build targets (`llvm-config-<major>`, or `$LLVM_CONFIG`) and refuses, with a plain
//!    sentence, a missing tool or a wrong major version.
//! 2. Compiles the C++ new-PM glue (`cpp/glue.cpp`) against that LLVM and links the shared `libLLVM-<major>.so`
//!    (never static: the plugin must share opt's and IGC's copy of LLVM).
//! 3. Generates the Rust intrinsic table from `../intrinsics.td` through `llvm-tblgen-<major> --dump-json`.

#[path = "build/intrinsics.rs"]
mod intrinsics;

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn llvm_major() -> u32 {
    let enabled: Vec<u32> = [(14, "CARGO_FEATURE_LLVM14")]
        .iter()
        .filter(|(_, feature)| env::var_os(feature).is_some())
        .map(|(major, _)| *major)
        .collect();
    match enabled.as_slice() {
        [major] => *major,
        [] => fail("no LLVM major selected: enable exactly one of the features `llvm14`"),
        several => fail(&format!("LLVM majors are mutually exclusive, but features for {several:?} are all enabled")),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}

/// Runs `tool args` and returns its trimmed stdout, or stops the build with a sentence naming the tool.
fn capture(tool: &Path, args: &[&str]) -> String {
    match Command::new(tool).args(args).output() {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim().to_string(),
        Ok(out) => fail(&format!(
            "`{} {}` failed: {}",
            tool.display(),
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(err) => fail(&format!(
            "cannot run `{}` ({err}); install the LLVM development packages with `sudo bash scripts/setup.sh`",
            tool.display()
        )),
    }
}

fn main() {
    let major = llvm_major();
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG");
    let llvm_config = env::var_os("LLVM_CONFIG")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(format!("llvm-config-{major}")));
    let version = capture(&llvm_config, &["--version"]);
    if version.split('.').next() != Some(&major.to_string()) {
        fail(&format!(
            "{} reports LLVM {version}, but this build is for LLVM {major}; point LLVM_CONFIG at llvm-config-{major}",
            llvm_config.display()
        ));
    }
    let include_dir = capture(&llvm_config, &["--includedir"]);
    let lib_dir = capture(&llvm_config, &["--libdir"]);
    let bin_dir = PathBuf::from(capture(&llvm_config, &["--bindir"]));

    println!("cargo:rerun-if-changed=cpp/glue.cpp");
    cc::Build::new()
        .cpp(true)
        .file("cpp/glue.cpp")
        .include(&include_dir)
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag_if_supported("-Wno-unused-parameter")
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .compile("genx_llvm_glue");
    println!("cargo:rustc-link-search=native={lib_dir}");
    println!("cargo:rustc-link-lib=dylib=LLVM-{major}");
    // Let binaries find libLLVM without LD_LIBRARY_PATH (Debian's lives outside the default search path).
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,{lib_dir}");
    println!("cargo:rustc-env=GENX_LLVM_MAJOR={major}");
    println!("cargo:rustc-env=GENX_LLVM_VERSION={version}");
    println!("cargo:rustc-env=GENX_LLVM_BINDIR={}", bin_dir.display());
    // Exported to dependants (DEP_GENX_LLVM_GLUE_LIBDIR) so that cmc can set the same rpath.
    println!("cargo:libdir={lib_dir}");
    println!("cargo:bindir={}", bin_dir.display());

    let tblgen = bin_dir.join("llvm-tblgen");
    let td = Path::new(env!("CARGO_MANIFEST_DIR")).join("../intrinsics.td");
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    if let Err(message) = intrinsics::generate(&tblgen, &td, &out_dir) {
        fail(&message);
    }
}
