//! SVM through pointers: kernel arguments that are pointers (and an svmptr_t), SVM block reads and writes at
//! pointer offsets, a scattered SVM gather/scatter at computed addresses, an SVM atomic on a counter, and a
//! plain store through a pointer.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_f32, bytes_u32, compile, f32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void svm_axpy(float *x [[type("svmptr_t")]], float *y [[type("svmptr_t")]], svmptr_t out,
                                     unsigned *counts [[type("svmptr_t")]], float a) {
  unsigned t = cm_linear_global_id();
  vector<float, 16> vx, vy;
  cm_svm_block_read(x + t * 16, vx);
  cm_svm_block_read(y + t * 16, vy);
  vector<float, 16> r = vx * a;
  r += vy;
  cm_svm_block_write(out + t * 64, r);

  // The even elements of this thread's x, in reverse order, doubled, into y's block.
  const unsigned lane[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  vector<unsigned, 8> i(lane);
  vector<svmptr_t, 8> from = (svmptr_t)(x + t * 16);
  from += (14 - 2 * i) * 4;
  vector<svmptr_t, 8> to = (svmptr_t)(y + t * 16);
  to += i * 4;
  vector<float, 8> g;
  cm_svm_scatter_read(from, g);
  g *= 2.0f;
  cm_svm_scatter_write(to, g);

  vector<svmptr_t, 8> counter = (svmptr_t)counts;
  vector<unsigned, 8> one = 1, old;
  cm_svm_atomic(ATOMIC_ADD, counter, old, one);
  counts[1 + t] = t * 3 + 1;
}
"#;

#[test]
fn svm_pointers_blocks_scatter_and_atomics() {
    let seed = 0x5f00_0001;
    let threads = 4usize;
    let mut rng = Rng::new(seed);
    let x: Vec<f32> = (0..threads * 16).map(|_| rng.below(2000) as f32 / 8.0 - 100.0).collect();
    let y: Vec<f32> = (0..threads * 16).map(|_| rng.below(2000) as f32 / 16.0).collect();
    let a = 1.75f32;
    let compiled = compile("svm_axpy", SOURCE, &[]);
    let mut run = compiled.run();
    let (px, py) = (run.svm(f32_bytes(&x)), run.svm(f32_bytes(&y)));
    let pout = run.svm(vec![0; threads * 64]);
    let pcounts = run.svm(vec![0; (threads + 1) * 4]);
    run.dispatch(
        "svm_axpy",
        Grid::linear(threads as u32, 1),
        &[Arg::Svm(px), Arg::Svm(py), Arg::Svm(pout), Arg::Svm(pcounts), Arg::F32(a)],
    );
    let axpy: Vec<f32> = x.iter().zip(&y).map(|(&x, &y)| x * a + y).collect();
    assert_same("a*x + y", seed, &bytes_f32(&run.svm_bytes(pout)), &axpy);
    let mut y_after = y.clone();
    for t in 0..threads {
        for i in 0..8 {
            y_after[t * 16 + i] = x[t * 16 + 14 - 2 * i] * 2.0;
        }
    }
    assert_same("y after the scatter", seed, &bytes_f32(&run.svm_bytes(py)), &y_after);
    let counts: Vec<u32> = std::iter::once(8 * threads as u32).chain((0..threads as u32).map(|t| t * 3 + 1)).collect();
    assert_same("counter and per-thread stores", seed, &bytes_u32(&run.svm_bytes(pcounts)), &counts);
}
