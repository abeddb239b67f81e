//! Executor throughput: element operations per second on a synthetic kernel mix.
//!
//! `cargo bench -p genx-exec --bench throughput` prints one line per kernel and a total. An element operation is
//! one lane of one instruction (a `<16 x i32>` add is 16); the counts are computed from the generated kernels'
//! shapes, not measured, so they do not depend on the interpreter's internals. The target is 10 M element-ops/s
//! on the project's 2-core machine (the interpreter is single-threaded).

use std::time::Instant;

use genx_exec::decode::decode_str;
use genx_exec::interp::Machine;
use genx_exec::machine::ThreadIds;
use genx_exec::value::{Elem, Lanes, Value};

/// A kernel of the mix: IR text, the function, and the element operations one call performs for `n` iterations.
struct Kernel {
    name: &'static str,
    ir: String,
    ops_per_iteration: u64,
}

fn integer_regions() -> Kernel {
    // Per iteration: 2 rdregions (8 lanes each), add, mul, xor (8 lanes), wrregion (8), 2 scalar adds + icmp.
    let ir = r#"
define <16 x i32> @k(<16 x i32> %v, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <16 x i32> [ %v, %entry ], [ %w, %loop ]
  %even = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %acc, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %odd = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %acc, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %s = add <8 x i32> %even, %odd
  %m = mul <8 x i32> %s, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %x = xor <8 x i32> %m, %odd
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %acc, <8 x i32> %x, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret <16 x i32> %w
}
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
"#;
    Kernel { name: "integer regions (SIMD8 of 16)", ir: ir.to_string(), ops_per_iteration: 8 * 6 + 3 }
}

fn float_math() -> Kernel {
    // Per iteration: fmul, fadd, fcmp, select on 16 floats, plus 2 scalar adds + icmp.
    let ir = r#"
define <16 x float> @k(<16 x float> %v, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi <16 x float> [ %v, %entry ], [ %r, %loop ]
  %m = fmul <16 x float> %acc, <float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5, float 0.5>
  %a = fadd <16 x float> %m, %v
  %c = fcmp olt <16 x float> %a, %acc
  %r = select <16 x i1> %c, <16 x float> %a, <16 x float> %acc
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret <16 x float> %r
}
"#;
    Kernel { name: "float math (SIMD16)", ir: ir.to_string(), ops_per_iteration: 16 * 4 + 3 }
}

fn memory_traffic() -> Kernel {
    // Per iteration: load and store of <16 x i32> through a GEP, an add; 2 scalar adds + icmp + and.
    let ir = r#"
define i32 @k(<16 x i32> %v, i32 %n) {
entry:
  %buf = alloca [64 x <16 x i32>]
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %slot = and i32 %i, 63
  %p = getelementptr [64 x <16 x i32>], [64 x <16 x i32>]* %buf, i32 0, i32 %slot
  store <16 x i32> %v, <16 x i32>* %p
  %l = load <16 x i32>, <16 x i32>* %p
  %s = add <16 x i32> %l, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %n
}
"#;
    Kernel { name: "memory (SIMD16 load/store)", ir: ir.to_string(), ops_per_iteration: 16 * 3 + 4 + 1 }
}

fn main() {
    let iterations: u32 = std::env::var("GENX_BENCH_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(200_000);
    let mut total_ops = 0u64;
    let mut total_seconds = 0f64;
    println!("genx-exec throughput ({iterations} iterations per kernel)");
    for kernel in [integer_regions(), float_math(), memory_traffic()] {
        let program = decode_str(&kernel.ir, kernel.name).expect("benchmark IR parses");
        let (id, function) = program.function("k").expect("kernel k");
        let vector = match &function.params[0] {
            genx_exec::value::Ty::Vector(elem, n) => {
                let bits = (0..*n as u64).map(|i| match elem {
                    Elem::Float => (i as f32 + 0.25).to_bits() as u64,
                    _ => i * 7 + 1,
                });
                Value::Lanes(Lanes::new(*elem, bits.collect()))
            }
            other => panic!("unexpected parameter {other}"),
        };
        let mut machine = Machine::new(&program);
        machine.step_limit = u64::MAX;
        let start = Instant::now();
        let result = machine.run(id, vec![vector, Value::scalar(Elem::Int(32), iterations as u64)], ThreadIds::single(), None);
        let seconds = start.elapsed().as_secs_f64();
        result.expect("benchmark kernel runs");
        let ops = kernel.ops_per_iteration * iterations as u64;
        total_ops += ops;
        total_seconds += seconds;
        println!("  {:<32} {:>8.2} M element-ops/s  ({ops} ops in {seconds:.3} s)", kernel.name, ops as f64 / seconds / 1e6);
    }
    println!(
        "  {:<32} {:>8.2} M element-ops/s  (target >= 10)",
        "total",
        total_ops as f64 / total_seconds / 1e6
    );
}
