//! One stride-2 compare-exchange step of a bitonic network on 32 keys per thread: elements i and i+2 of every
//! group of four are ordered, ascending or descending as the pair's bit of the direction mask says.
//!
//! Exercises a matrix view of a vector (`format<uint, 8, 4>`), 2D selects as rvalues and as lvalues (`merge` on a
//! select), cm_min/cm_max, and OWord block read/write.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void bitonic_stride2(SurfaceIndex data, unsigned descending) {
  unsigned base = cm_linear_global_id() * 128;
  vector<unsigned, 32> keys;
  read(data, base, keys);
  matrix_ref<unsigned, 8, 4> m = keys.format<unsigned, 8, 4>();
  vector<unsigned, 16> lo = m.select<8, 1, 2, 1>(0, 0);
  vector<unsigned, 16> hi = m.select<8, 1, 2, 1>(0, 2);
  vector<unsigned, 16> small = cm_min<unsigned>(lo, hi);
  vector<unsigned, 16> large = cm_max<unsigned>(lo, hi);
  m.select<8, 1, 2, 1>(0, 0).merge(large, small, descending);
  m.select<8, 1, 2, 1>(0, 2).merge(small, large, descending);
  write(data, base, keys);
}
"#;

fn reference(keys: &mut [u32], descending: u32) {
    for block in keys.chunks_mut(32) {
        for pair in 0..16 {
            let (lo, hi) = (pair / 2 * 4 + pair % 2, pair / 2 * 4 + pair % 2 + 2);
            let (small, large) = (block[lo].min(block[hi]), block[lo].max(block[hi]));
            let down = descending >> pair & 1 == 1;
            (block[lo], block[hi]) = if down { (large, small) } else { (small, large) };
        }
    }
}

#[test]
fn bitonic_compare_exchange_at_stride_2() {
    let compiled = compile("bitonic_stride2", SOURCE, &[]);
    for seed in [0xb170_0001u64, 0xb170_0002] {
        let mut rng = Rng::new(seed);
        let threads = 4usize;
        let keys = rng.u32s(threads * 32);
        let descending = rng.next_u32() & 0xffff;
        let mut run = compiled.run();
        run.buffer(0, u32_bytes(&keys));
        run.dispatch("bitonic_stride2", Grid::linear(threads as u32, 1), &[Arg::Surface(0), Arg::U32(descending)]);
        let mut expected = keys.clone();
        reference(&mut expected, descending);
        assert_same("keys after the step", seed, &bytes_u32(&run.surface_bytes(0)), &expected);
    }
}
