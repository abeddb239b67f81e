//! `cargo test` entry for the workspace's lit suite (`<workspace>/tests/lit`).
//!
//! A `harness = false` target: cargo runs this `main` with libtest-style arguments, which
//! [`rlit::cli::cargo_test_main`] understands (name filters, `--list`, `--exact`, …). Tools
//! such as the pass plugin and `cmc` are taken from this build's cargo target directory, so
//! build them first in the same profile (`cargo test` at the workspace root does).

fn main() {
    let suite = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/lit");
    std::process::exit(rlit::cli::cargo_test_main(&suite));
}
