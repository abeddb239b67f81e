//! Gives the `cmc` binary an rpath to the libLLVM it links (Debian keeps it outside the default search path).
fn main() {
    if let Ok(libdir) = std::env::var("DEP_GENX_LLVM_GLUE_LIBDIR") {
        println!("cargo:rustc-link-arg-bins=-Wl,-rpath,{libdir}");
    }
}
