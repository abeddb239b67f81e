// kernels: radix_count radix_scatter
// march: icllp tgllp
// One 4-bit pass of an LSD radix sort over 32-bit keys, 64 keys per thread. radix_count: each thread counts the
// digits of its keys into a 16-bin histogram in shared local memory (SLM atomic adds), then thread 0 of the group
// writes the group's counts. radix_scatter: given each thread's exclusive digit offsets (computed by a scan
// between the passes), each key goes to offset[digit] + its rank among the earlier keys of the same digit in the
// thread, computed with a running per-digit counter; keys are written with scattered writes.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void radix_count(SurfaceIndex keys, SurfaceIndex counts, unsigned shift) {
  cm_slm_init(64);
  unsigned hist = cm_slm_alloc(64);
  unsigned lid = cm_linear_local_id();
  unsigned gid = cm_linear_global_id();
  if (lid == 0) {
    vector<unsigned, 16> zero = 0;
    cm_slm_block_write(hist, 0, zero);
  }
  cm_barrier();

  vector<unsigned, 64> k;
  read(keys, gid * 256, k.select<32, 1>(0));
  read(keys, gid * 256 + 128, k.select<32, 1>(32));
  vector<unsigned, 64> digit = (k >> shift) & 15;
  vector<unsigned, 16> one = 1;
#pragma unroll
  for (int i = 0; i < 4; i++) {
    vector<unsigned, 16> d = digit.select<16, 1>(16 * i);
    cm_slm_atomic(hist, ATOMIC_ADD, d, nullptr, one);
  }
  cm_barrier();
  if (lid == 0) {
    vector<unsigned, 16> c;
    cm_slm_block_read(hist, 0, c);
    write(counts, cm_linear_group_id() * 64, c);
  }
}

extern "C" _GENX_MAIN_ void radix_scatter(SurfaceIndex keys, SurfaceIndex offsets, SurfaceIndex out,
                                          unsigned shift) {
  unsigned gid = cm_linear_global_id();
  vector<unsigned, 32> k;
  read(keys, gid * 128, k);
  vector<unsigned, 16> base;
  read(offsets, gid * 64, base);
  vector<unsigned, 32> digit = (k >> shift) & 15;
  vector<unsigned, 32> dest;
  for (int i = 0; i < 32; i++) {
    unsigned d = digit(i);
    dest(i) = base(d);
    base(d) += 1;
  }
  write(out, 0, dest.select<16, 1>(0), k.select<16, 1>(0));
  write(out, 0, dest.select<16, 1>(16), k.select<16, 1>(16));
}
