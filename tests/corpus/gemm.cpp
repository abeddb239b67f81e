// kernels: sgemm_8x16
// march: icllp tgllp
// C = A * B in single precision, one thread per 8x16 tile of C. A (M x K) and B (K x N) are 2D surfaces of floats;
// each step of the K loop reads an 8x8 block of A and an 8x16 block of B with media block reads (32- and 64-byte
// rows) and accumulates eight rank-1 updates: row r of C += A(r, k) * B(k, :) for k in the block.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void sgemm_8x16(SurfaceIndex a [[type("image2d_t read_only")]],
                                       SurfaceIndex b [[type("image2d_t read_only")]],
                                       SurfaceIndex c [[type("image2d_t write_only")]], int k_total) {
  int col = get_thread_origin_x() * 16;
  int row = get_thread_origin_y() * 8;
  matrix<float, 8, 16> acc = 0.0f;
  for (int k = 0; k < k_total; k += 8) {
    matrix<float, 8, 8> ablk;
    matrix<float, 8, 16> bblk;
    read(a, k * 4, row, ablk);
    read(b, col * 4, k, bblk.select<8, 1, 8, 1>(0, 0));
    read(b, col * 4 + 32, k, bblk.select<8, 1, 8, 1>(0, 8));
#pragma unroll
    for (int kk = 0; kk < 8; kk++) {
#pragma unroll
      for (int r = 0; r < 8; r++)
        acc.row(r) += ablk(r, kk) * bblk.row(kk);
    }
  }
  write(c, col * 4, row, acc.select<8, 1, 8, 1>(0, 0));
  write(c, col * 4 + 32, row, acc.select<8, 1, 8, 1>(0, 8));
}
