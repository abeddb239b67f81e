//! The paper's 2x2 transpose idiom (`replicate<2,1,2,0>` + `merge`) scaled to 8x8 matrices.
//!
//! Each thread transposes one 8x8 int matrix in registers, recursively: level 1 transposes every 2x2 block of
//! elements with the paper's idiom (two `replicate`s of a row pair merged under an alternating mask); levels 2 and
//! 4 transpose the 2x2 arrangements of 2x2 and then 4x4 blocks by swapping their off-diagonal blocks (2D selects as
//! lvalues). All in 32-bit elements, so the kernel also compiles for Gen11 and later (which lack 64-bit moves).

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
// Levels 2 and 4 apply the same 2x2 transpose to blocks: after the lower levels every block is transposed, so
// swapping the two off-diagonal blocks of each 2x2 arrangement of blocks transposes the arrangement.
#define SWAP(B, r0, c0, r1, c1)                                                                                    \
  {                                                                                                                \
    matrix<int, B, B> t = m.select<B, 1, B, 1>(r0, c0);                                                            \
    m.select<B, 1, B, 1>(r0, c0) = m.select<B, 1, B, 1>(r1, c1);                                                   \
    m.select<B, 1, B, 1>(r1, c1) = t;                                                                              \
  }
#define LEVEL2(r, c) SWAP(2, r, c + 2, r + 2, c)
#define LEVEL4() SWAP(4, 0, 4, 4, 0)

extern "C" _GENX_MAIN_ void transpose8(SurfaceIndex in, SurfaceIndex out) {
  unsigned base = cm_linear_global_id() * 256;
  matrix<int, 8, 8> m;
  read(in, base, m.select<4, 1, 8, 1>(0, 0));
  read(in, base + 128, m.select<4, 1, 8, 1>(4, 0));
  LEVEL1(0) LEVEL1(2) LEVEL1(4) LEVEL1(6)
  LEVEL2(0, 0) LEVEL2(0, 4) LEVEL2(4, 0) LEVEL2(4, 4)
  LEVEL4()
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
