//! `cmc --version`: the versions of cmc and of every component it uses.
//!
//! LLVM's comes from the build; the others are asked of the installed tools, since cmc hands work to them at
//! run time. A component that is missing is reported as such, not guessed.

use std::fmt::Write;

pub fn report() -> String {
    let mut text = String::new();
    let _ = writeln!(text, "cmc {} (GenX middle end in Rust)", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(text, "  LLVM:           {}", genx_passes::LLVM_VERSION);
    for component in vc_bridge::tools::component_versions() {
        let _ = writeln!(text, "  {:<15} {}", format!("{}:", component.name), component.version);
    }
    text
}
