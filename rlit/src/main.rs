//! The `rlit` command: run lit tests from a shell (`rlit tests/lit -v`).
//!
//! A thin wrapper over [`rlit::cli::rlit_main`]; the exit code is 0 when every selected test
//! passed (or was unsupported or expectedly failed), 1 when any failed, 2 on a usage or
//! configuration error.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(rlit::cli::rlit_main(&args));
}
