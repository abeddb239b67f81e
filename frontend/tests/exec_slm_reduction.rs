//! A per-group sum through shared local memory: every thread of a group stores its 16 values in SLM
//! (`cm_slm_block_write`) and adds their sum to an SLM counter (`cm_slm_atomic`); after barriers, thread 0 gathers
//! the group's values back (`cm_slm_read`), sums them with cm_sum, reads the counter (`cm_slm_block_read`) and
//! writes both totals (scalar scattered writes). Groups run with fresh SLM, and the barrier interleaves the threads.

mod support;

use genx_exec::grid::Grid;
use support::{assert_same, bytes_u32, compile, u32_bytes, Arg, Rng};

const SOURCE: &str = r#"
#include <cm/cm.h>

#define THREADS 8

extern "C" _GENX_MAIN_ void slm_sum(SurfaceIndex in, SurfaceIndex out) {
  cm_slm_init(THREADS * 64 + 16);
  unsigned values = cm_slm_alloc(THREADS * 64);
  unsigned counter = cm_slm_alloc(16);
  unsigned lid = cm_linear_local_id();
  unsigned gid = cm_linear_group_id();

  vector<unsigned, 16> v;
  read(in, (gid * THREADS + lid) * 64, v);
  cm_slm_block_write(values, lid * 64, v);
  if (lid == 0) {
    vector<unsigned, 4> zero = 0;
    cm_slm_block_write(counter, 0, zero);
  }
  cm_barrier();

  vector<unsigned short, 8> at = 0;
  vector<unsigned, 8> part = 0;
  part(0) = cm_sum<unsigned>(v);
  cm_slm_atomic(counter, ATOMIC_ADD, at, 0, part);
  cm_barrier();

  if (lid == 0) {
    const unsigned short first[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    vector<unsigned short, 16> index(first);
    unsigned total = 0;
    for (int t = 0; t < THREADS; t++) {
      vector<unsigned, 16> w;
      cm_slm_read(values, index, w);
      total += cm_sum<unsigned>(w);
      index += 16;
    }
    vector<unsigned, 4> c;
    cm_slm_block_read(counter, 0, c);
    write(out, gid * 2, 0u, total);
    write(out, gid * 2 + 1, 0u, c(0));
  }
}
"#;

#[test]
fn slm_reduction_with_barriers() {
    let seed = 0x51a0_0001;
    let (groups, threads) = (5usize, 8usize);
    let input = Rng::new(seed).u32s(groups * threads * 16);
    let compiled = compile("slm_sum", SOURCE, &[]);
    let mut run = compiled.run();
    run.buffer(0, u32_bytes(&input));
    run.buffer(1, vec![0; groups * 8]);
    let report = run.dispatch("slm_sum", Grid::linear(groups as u32, threads as u32), &[Arg::Surface(0), Arg::Surface(1)]);
    assert_eq!(report.barriers as usize, 2 * groups, "two barriers per group");
    let expected: Vec<u32> = input
        .chunks(threads * 16)
        .flat_map(|group| {
            let total = group.iter().fold(0u32, |a, &b| a.wrapping_add(b));
            [total, total]
        })
        .collect();
    assert_same("group totals (gathered, atomic)", seed, &bytes_u32(&run.surface_bytes(1)), &expected);
}
