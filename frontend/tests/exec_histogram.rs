//! A 256-bin histogram of a byte image with DWORD atomics: each thread reads 64 pixels and increments their bins
//! with `write_atomic<ATOMIC_INC>` (16 lanes per message, lanes hitting one bin included), and counts its bright
//! pixels (>= 128) with a masked `write_atomic<ATOMIC_ADD>` into bin 256, keeping the returned old values.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void histogram(SurfaceIndex pixels, SurfaceIndex bins) {
  unsigned base = cm_linear_global_id() * 64;
  vector<unsigned char, 64> p;
  read(pixels, base, p);
  vector<unsigned, 16> ones = 1, old, bright_bin = 256;
#define CHUNK(k)                                                                                                   \
  {                                                                                                                \
    vector<unsigned, 16> bin = p.select<16, 1>(16 * k);                                                            \
    write_atomic<ATOMIC_INC>(bins, bin);                                                                           \
    vector<unsigned short, 16> bright = p.select<16, 1>(16 * k) >= 128;                                            \
    write_atomic<ATOMIC_ADD>(bright, bins, bright_bin, ones, old);                                                 \
  }
  CHUNK(0) CHUNK(1) CHUNK(2) CHUNK(3)
}
"#;

#[test]
fn histogram_by_atomic_increments() {
    let seed = 0x4157_0001;
    let threads = 16usize;
    let mut rng = Rng::new(seed);
    // Skewed values, so that lanes of one message often hit the same bin.
    let pixels: Vec<u8> = (0..threads * 64).map(|_| if rng.below(4) == 0 { 200 } else { rng.below(256) as u8 }).collect();
    let compiled = compile("histogram", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, pixels.clone());
    run.buffer(1, vec![0; 257 * 4]);
    run.dispatch("histogram", Grid::linear(threads as u32, 1), &[Arg::Surface(0), Arg::Surface(1)]);
    let mut expected = vec![0u32; 257];
    for &p in &pixels {
        expected[p as usize] += 1;
        expected[256] += (p >= 128) as u32;
    }
    assert_same("histogram", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}
