// kernels: histogram256
// A 256-bin histogram of a byte buffer with the legacy DWORD atomic form: each thread reads 64 bytes and, 16 at
// a time, increments their bins with write(idx, ATOMIC_INC, 0, bins, NULL); it also accumulates the byte sum of
// its block with write(idx, ATOMIC_ADD, 256, zero, sum, NULL) into bin 256.
// Constructs: the pre-write_atomic atomic form with a NULL result, cm_sum, select in an unrolled loop.
#include <cm/cm.h>

#define BLOCK 64

extern "C" _GENX_MAIN_ void histogram256(SurfaceIndex pixels, SurfaceIndex bins) {
  vector<uchar, BLOCK> p;
  read(pixels, cm_linear_global_id() * BLOCK, p);
#pragma unroll
  for (int k = 0; k < BLOCK; k += 16) {
    vector<uint, 16> bin = p.select<16, 1>(k);
    write(bins, ATOMIC_INC, 0, bin, NULL);
  }
  // Lane 0 carries the block's sum, the other lanes add 0 to the same bin.
  vector<uint, 8> zero = 0, sum = 0;
  sum(0) = cm_sum<uint>(p);
  write(bins, ATOMIC_ADD, 256, zero, sum, NULL);
}
