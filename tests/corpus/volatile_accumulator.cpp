// kernels: block_stats
// Per-thread running statistics kept in register variables declared _GENX_VOLATILE_ at file scope: each thread
// reads `blocks` 4x8 int blocks from a buffer; helper subroutines add every block into a volatile matrix (whole
// and row-wise updates, an element written at a run-time position), keep a per-column maximum in a volatile
// vector bound with _GENX_VOLATILE_BINDING_ (merge under a mask), and clamp it under SIMD control flow.
// Constructs: _GENX_VOLATILE_ / _GENX_VOLATILE_BINDING_ globals read and written in the kernel and in
// subroutines, matrix_ref parameters, row(), merge, cm_max, SIMD_IF_BEGIN on a volatile vector, oword reads
// and writes of matrices.
#include <cm/cm.h>

#define ROWS 4
#define COLS 8
#define PEAK_LIMIT 900

_GENX_VOLATILE_ matrix<int, ROWS, COLS> acc;
_GENX_VOLATILE_BINDING_(2048) vector<int, COLS> peak;

_GENX_ void reset_stats() {
  acc = 0;
  peak = -100000;
}

_GENX_ void accumulate(matrix_ref<int, ROWS, COLS> block, int b) {
  acc += block;
  vector<int, COLS> colmax = block.row(0);
#pragma unroll
  for (int r = 1; r < ROWS; r++)
    colmax = cm_max<int>(colmax, block.row(r));
  peak.merge(colmax, colmax > peak);
  // Which block last touched a row: a run-time element of the volatile matrix.
  acc(b & (ROWS - 1), COLS - 1) = b;
}

_GENX_ void clamp_peak() {
  SIMD_IF_BEGIN(peak > PEAK_LIMIT) {
    peak = PEAK_LIMIT;
  }
  SIMD_IF_END;
}

extern "C" _GENX_MAIN_ void block_stats(SurfaceIndex src [[type("buffer_t")]], SurfaceIndex dst [[type("buffer_t")]],
                                        int blocks) {
  uint t = cm_linear_global_id();
  reset_stats();
  for (int b = 0; b < blocks; b++) {
    matrix<int, ROWS, COLS> m;
    read(src, (t * blocks + b) * ROWS * COLS * sizeof(int), m);
    accumulate(m, b);
  }
  clamp_peak();
  uint out = t * (ROWS * COLS + COLS) * sizeof(int);
  write(dst, out, acc);
  write(dst, out + ROWS * COLS * sizeof(int), peak);
}
