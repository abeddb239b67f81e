// kernels: prefix_sum
// march: icllp tgllp
// Inclusive prefix sum of 64 unsigned values per thread, plus the group's running offset: a Hillis-Steele scan in
// registers (log2(64) = 6 shifted adds, each a select of the vector against itself), the thread totals exchanged
// through shared local memory, and a serial scan of them by every thread after a barrier.
#include <cm/cm.h>

#define THREADS 8

extern "C" _GENX_MAIN_ void prefix_sum(SurfaceIndex in, SurfaceIndex out) {
  cm_slm_init(THREADS * 4 * 4);
  unsigned totals = cm_slm_alloc(THREADS * 4 * 4);
  unsigned lid = cm_linear_local_id();
  unsigned gid = cm_linear_global_id();

  vector<unsigned, 64> v;
  read(in, gid * 256, v.select<32, 1>(0));
  read(in, gid * 256 + 128, v.select<32, 1>(32));
  v.select<63, 1>(1) += v.select<63, 1>(0);
  v.select<62, 1>(2) += v.select<62, 1>(0);
  v.select<60, 1>(4) += v.select<60, 1>(0);
  v.select<56, 1>(8) += v.select<56, 1>(0);
  v.select<48, 1>(16) += v.select<48, 1>(0);
  v.select<32, 1>(32) += v.select<32, 1>(0);

  vector<unsigned, 4> mine = v(63);
  cm_slm_block_write(totals, lid * 16, mine);
  cm_barrier();
  vector<unsigned, THREADS * 4> all;
  cm_slm_block_read(totals, 0, all);
  unsigned offset = 0;
  for (unsigned t = 0; t < lid; t++)
    offset += all(t * 4);
  v += offset;
  write(out, gid * 256, v.select<32, 1>(0));
  write(out, gid * 256 + 128, v.select<32, 1>(32));
}
