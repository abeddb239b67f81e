//! `cmc run`'s speed on a real kernel: the paper's linear filter (examples/linear_filter.cpp) over a 1920x1080 RGB
//! image, one thread per 8x6-pixel block (43,200 threads), on one core and on all cores.
//!
//! `cargo bench -p cmc --bench run_filter` prints kernel threads/s and element operations/s for both, and checks
//! that both runs wrote the same bytes. An element operation is one lane of one executed instruction (a
//! `<144 x float>` add is 144), counted from the decoded kernel, which is straight-line code: every thread executes
//! each of its instructions once. The single-core run is a serial dispatch; the all-core run is the parallel
//! dispatch `cmc run` uses, on rayon's default pool (`RAYON_NUM_THREADS` to change it).

use std::time::Instant;

use genx_exec::format::SurfaceFormat;
use genx_exec::grid::{dispatch, Grid};
use genx_exec::interp::Machine;
use genx_exec::machine::{Surface, SurfaceKind};
use genx_exec::memory::AllocKind;
use genx_exec::program::Program;
use genx_exec::value::{Elem, Value};

const WIDTH: u32 = 1920;
const HEIGHT: u32 = 1080;

fn compile() -> Program {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/linear_filter.cpp");
    let platform = genx_passes::platform::find(genx_passes::platform::DEFAULT).expect("the default platform");
    let job = cm_frontend::Job::new(source, platform);
    let context = inkwell::context::Context::create();
    let module = cm_frontend::compile(&job, &context).expect("the example compiles");
    genx_exec::decode::decode(module.as_mut_ptr())
}

/// Runs the filter; returns (seconds, output bytes).
fn run(program: &Program, input: &[u8], parallel: bool) -> (f64, Vec<u8>) {
    let (kernel, _) = program.function("linear_filter").expect("the kernel");
    let mut machine = Machine::new(program);
    machine.parallel = parallel;
    let row = 3 * WIDTH;
    let kind = SurfaceKind::Image2D { width: row, height: HEIGHT, pitch: row, format: SurfaceFormat::DEFAULT };
    for (bti, bytes) in [(0u32, input.to_vec()), (1, vec![0; input.len()])] {
        let base = machine.memory.allocate_with(format!("surface {bti}"), AllocKind::Buffer, bytes);
        machine.surfaces.insert(bti, Surface { name: format!("surface {bti}"), base, kind: kind.clone() });
    }
    let args = vec![Value::scalar(Elem::Int(32), 0), Value::scalar(Elem::Int(32), 1)];
    let grid = Grid { groups: [WIDTH / 8, HEIGHT / 6, 1], local_size: [1, 1, 1] };
    let start = Instant::now();
    dispatch(&mut machine, kernel, &|_| args.clone(), grid).unwrap_or_else(|trap| panic!("{trap}"));
    let seconds = start.elapsed().as_secs_f64();
    let out = machine.surfaces[&1].base;
    (seconds, machine.memory.allocation(out).unwrap().bytes.clone())
}

fn main() {
    let program = compile();
    let (_, function) = program.function("linear_filter").unwrap();
    assert_eq!(function.blocks.len(), 1, "the count of element operations assumes straight-line code");
    let ops_per_thread: u64 =
        function.blocks[0].insts.iter().map(|inst| inst.ty.lanes().map_or(1, |(_, n)| n as u64)).sum();
    let threads = (WIDTH / 8 * (HEIGHT / 6)) as u64;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let input: Vec<u8> = (0..3 * WIDTH * HEIGHT)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8
        })
        .collect();
    println!(
        "cmc run: linear filter, {WIDTH}x{HEIGHT} RGB, {threads} threads, {ops_per_thread} element ops per thread"
    );
    let mut outputs = Vec::new();
    for (label, parallel) in [("single-core", false), ("all-core", true)] {
        let (seconds, out) = run(&program, &input, parallel);
        let cores = if parallel { rayon::current_num_threads() } else { 1 };
        println!(
            "  {label:<12} ({cores} thread{}) {seconds:>7.2} s  {:>9.0} threads/s  {:>7.2} M element-ops/s",
            if cores == 1 { "" } else { "s" },
            threads as f64 / seconds,
            (threads * ops_per_thread) as f64 / seconds / 1e6
        );
        outputs.push(out);
    }
    assert!(outputs[0] == outputs[1], "the parallel run wrote other bytes than the serial one");
}
