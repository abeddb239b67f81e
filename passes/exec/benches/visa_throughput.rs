//! vISA executor throughput: vISA instructions (and element operations) executed per second on one core.
//!
//! `cargo bench -p genx-exec --bench visa_throughput` runs a loop of ten vISA instructions (integer regions,
//! float arithmetic, a compare into a predicate, a predicated `sel`, a uniform `jmp`) for a fixed number of
//! iterations and prints instructions/s and element-ops/s (an element operation is one channel of one
//! instruction). The IR executor's figure on a comparable mix is `cargo bench -p genx-exec --bench throughput`.

use std::time::Instant;

use genx_exec::machine::{BoundsPolicy, Surfaces, ThreadIds};
use genx_exec::memory::Memory;
use genx_exec::visa::exec::Thread;
use genx_exec::visa::reader;

const ITERATIONS: u32 = 200_000;

const KERNEL: &str = r#"
.version 4.1
.kernel "bench"
.decl A v_type=G type=d num_elts=16 align=GRF
.decl T v_type=G type=d num_elts=8 align=GRF
.decl F v_type=G type=f num_elts=16 align=GRF
.decl G v_type=G type=f num_elts=16 align=GRF
.decl I v_type=G type=d num_elts=1 align=dword
.decl N v_type=G type=d num_elts=1 align=dword
.decl P1 v_type=P num_elts=1
.decl P2 v_type=P num_elts=16
.input N offset=64 size=4
.function "bench_BB"
bench_BB:
    mov (M1, 16) A(0,0)<1> 0x1:d
    mov (M1, 16) F(0,0)<1> 0x3f800000:f
    mov (M1, 16) G(0,0)<1> 0x40000000:f
    mov (M1, 1) I(0,0)<1> 0x0:d
loop:
    add (M1, 8) T(0,0)<1> A(0,0)<2;1,0> A(0,1)<2;1,0>
    mul (M1, 8) T(0,0)<1> T(0,0)<1;1,0> 0x3:d
    xor (M1, 8) A(0,0)<2> T(0,0)<1;1,0> A(0,1)<2;1,0>
    mul (M1, 16) F(0,0)<1> F(0,0)<1;1,0> 0x3f000000:f
    add (M1, 16) F(0,0)<1> F(0,0)<1;1,0> G(0,0)<1;1,0>
    cmp.lt (M1, 16) P2 F(0,0)<1;1,0> G(0,0)<1;1,0>
    (P2) sel (M1, 16) F(0,0)<1> F(0,0)<1;1,0> G(0,0)<1;1,0>
    add (M1, 1) I(0,0)<1> I(0,0)<0;1,0> 0x1:d
    cmp.lt (M1, 1) P1 I(0,0)<0;1,0> N(0,0)<0;1,0>
    (P1) jmp (M1, 1) loop
    ret (M1, 1)
"#;

/// Channels of the loop body's instructions, in order.
const LOOP_CHANNELS: [u64; 10] = [8, 8, 8, 16, 16, 16, 16, 1, 1, 1];

fn main() {
    let kernel = reader::read(KERNEL).expect("the benchmark kernel reads");
    let mut best = f64::MAX;
    let mut steps = 0;
    for _ in 0..3 {
        let mut memory = Memory::new();
        let surfaces = Surfaces::new();
        let mut thread = Thread::new(&kernel, ThreadIds::single());
        thread.set_input(kernel.inputs[0].var, &ITERATIONS.to_le_bytes(), &[true; 4]);
        thread.step_limit = u64::MAX;
        let start = Instant::now();
        thread.resume(&mut memory, &surfaces, None, BoundsPolicy::Report).expect("the benchmark kernel runs");
        best = best.min(start.elapsed().as_secs_f64());
        steps = thread.steps;
    }
    let element_ops = ITERATIONS as u64 * LOOP_CHANNELS.iter().sum::<u64>();
    println!(
        "vISA executor: {steps} instructions in {:.3} s (best of 3): {:.2} M instructions/s, {:.1} M element-ops/s",
        best,
        steps as f64 / best / 1e6,
        element_ops as f64 / best / 1e6
    );
}
