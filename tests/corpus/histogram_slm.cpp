// kernels: histogram_slm
// march: icllp tgllp
// A 256-bin histogram of bytes: each group of 16 threads clears a histogram in shared local memory, each thread
// counts its 256 bytes with SLM atomic increments (16 lanes at a time), and after a barrier each thread adds its
// sixteenth of the group's bins to the global histogram with surface atomic adds.
#include <cm/cm.h>

#define THREADS 16

extern "C" _GENX_MAIN_ void histogram_slm(SurfaceIndex pixels, SurfaceIndex bins) {
  cm_slm_init(256 * 4);
  unsigned hist = cm_slm_alloc(256 * 4);
  unsigned lid = cm_linear_local_id();
  unsigned gid = cm_linear_global_id();

  vector<unsigned, 16> zero = 0;
  cm_slm_block_write(hist, lid * 64, zero);
  cm_barrier();

  for (int chunk = 0; chunk < 4; chunk++) {
    vector<uchar, 64> p;
    read(pixels, gid * 256 + chunk * 64, p);
#pragma unroll
    for (int k = 0; k < 4; k++) {
      vector<unsigned, 16> bin = p.select<16, 1>(16 * k);
      cm_slm_atomic(hist, ATOMIC_INC, bin, nullptr);
    }
  }
  cm_barrier();

  vector<unsigned, 16> mine;
  cm_slm_block_read(hist, lid * 64, mine);
  vector<unsigned, 16> bin;
  for (int i = 0; i < 16; i++)
    bin(i) = lid * 16 + i;
  write_atomic<ATOMIC_ADD>(bins, bin, mine);
}
