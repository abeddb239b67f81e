//! The paper's 2x2 transpose idiom (`replicate<2,1,2,0>` + `merge`) scaled to 8x8 matrices.
//!
//! Each thread transposes one 8x8 int matrix in registers by the recursive block swap: at level b (1, 2, 4) the
//! rows r and r+b exchange their b x b blocks. Level 1 is the paper's idiom on int elements (each row pair is a
//! run of 2x2 matrices); level 2 is the same idiom on 8-byte units (`format<long long>`); level 4 merges with a
//! `replicate<2,0,2,1>` copy of the other row's half.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

#define LEVEL1(r)                                                                                                  \
  {                                                                                                                \
    vector<int, 8> a = m.row(r), b = m.row(r + 1), x, y;                                                           \
    x.merge(a.replicate<4, 2, 2, 0>(0), b.replicate<4, 2, 2, 0>(0), 0x55);                                         \
    y.merge(a.replicate<4, 2, 2, 0>(1), b.replicate<4, 2, 2, 0>(1), 0x55);                                         \
    m.row(r) = x;                                                                                                  \
    m.row(r + 1) = y;                                                                                              \
  }
#define LEVEL2(r)                                                                                                  \
  {                                                                                                                \
    vector<long long, 4> a = m.row(r).format<long long>(), b = m.row(r + 2).format<long long>(), x, y;            \
    x.merge(a.replicate<2, 2, 2, 0>(0), b.replicate<2, 2, 2, 0>(0), 0x5);                                          \
    y.merge(a.replicate<2, 2, 2, 0>(1), b.replicate<2, 2, 2, 0>(1), 0x5);                                          \
    m.row(r) = x.format<int>();                                                                                    \
    m.row(r + 2) = y.format<int>();                                                                                \
  }
#define LEVEL4(r)                                                                                                  \
  {                                                                                                                \
    vector<long long, 4> a = m.row(r).format<long long>(), b = m.row(r + 4).format<long long>(), x, y;            \
    x.merge(a, b.replicate<2, 0, 2, 1>(0), 0x3);                                                                   \
    y.merge(a.replicate<2, 0, 2, 1>(2), b, 0x3);                                                                   \
    m.row(r) = x.format<int>();                                                                                    \
    m.row(r + 4) = y.format<int>();                                                                                \
  }

extern "C" _GENX_MAIN_ void transpose8(SurfaceIndex in, SurfaceIndex out) {
  unsigned base = cm_linear_global_id() * 256;
  matrix<int, 8, 8> m;
  read(in, base, m.select<4, 1, 8, 1>(0, 0));
  read(in, base + 128, m.select<4, 1, 8, 1>(4, 0));
  LEVEL1(0) LEVEL1(2) LEVEL1(4) LEVEL1(6)
  LEVEL2(0) LEVEL2(1) LEVEL2(4) LEVEL2(5)
  LEVEL4(0) LEVEL4(1) LEVEL4(2) LEVEL4(3)
  write(out, base, m.select<4, 1, 8, 1>(0, 0));
  write(out, base + 128, m.select<4, 1, 8, 1>(4, 0));
}
"#;

#[test]
fn transpose_8x8_by_replicate_and_merge() {
    let seed = 0x7a5e_0001;
    let threads = 6usize;
    let input = Rng::new(seed).u32s(threads * 64);
    let compiled = compile("transpose8", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&input));
    run.buffer(1, vec![0; threads * 256]);
    run.dispatch("transpose8", Grid::linear(threads as u32, 1), &[Arg::Surface(0), Arg::Surface(1)]);
    let expected: Vec<u32> = (0..threads * 64)
        .map(|i| {
            let (t, r, c) = (i / 64, i % 64 / 8, i % 8);
            input[t * 64 + c * 8 + r]
        })
        .collect();
    assert_same("transposed matrices", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}
