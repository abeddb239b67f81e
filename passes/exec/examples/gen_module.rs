//! Prints a generated module of region programs, the benchmarks' input, for profiling one pass at a time:
//! `cargo run --release -p genx-exec --example gen_module -- [instructions] [seed] > m.ll`
//! (defaults: 100,000 instructions, seed 7, which is the module `benches/pipeline.rs` times).

fn main() {
    let mut args = std::env::args().skip(1);
    let instructions = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(7);
    print!("{}", genx_exec::generate::module(seed, instructions));
}
