// kernels: sobel
// A Sobel edge detector as a media-walker kernel: each thread reads a 10x16 block around its 8x8 tile of an 8-bit
// image (media block read), computes the gradient magnitude |gx| + |gy| in short through helper function
// templates that take matrix references, saturates to uchar and writes the 8x8 tile back.
// Constructs: get_thread_origin_x/y, media block read/write, matrix_ref helpers with explicit template
// arguments, select on references, cm_abs, cm_add with SAT, macros for the tile size.
#include <cm/cm.h>

#define TILE_W 8
#define TILE_H 8

template <typename T, int R, int C>
_GENX_ inline void horizontal(matrix_ref<uchar, R + 2, C + 8> in, matrix_ref<T, R, C> gx) {
  // gx = (in[r-1][c+1] + 2 in[r][c+1] + in[r+1][c+1]) - (same at c-1)
  matrix<T, R, C> right = in.template select<R, 1, C, 1>(0, 2) + in.template select<R, 1, C, 1>(1, 2) * 2 +
                          in.template select<R, 1, C, 1>(2, 2);
  matrix<T, R, C> left = in.template select<R, 1, C, 1>(0, 0) + in.template select<R, 1, C, 1>(1, 0) * 2 +
                         in.template select<R, 1, C, 1>(2, 0);
  gx = right - left;
}

template <typename T, int R, int C>
_GENX_ inline void vertical(matrix_ref<uchar, R + 2, C + 8> in, matrix_ref<T, R, C> gy) {
  matrix<T, R, C> below = in.template select<R, 1, C, 1>(2, 0) + in.template select<R, 1, C, 1>(2, 1) * 2 +
                          in.template select<R, 1, C, 1>(2, 2);
  matrix<T, R, C> above = in.template select<R, 1, C, 1>(0, 0) + in.template select<R, 1, C, 1>(0, 1) * 2 +
                          in.template select<R, 1, C, 1>(0, 2);
  gy = below - above;
}

extern "C" _GENX_MAIN_ void sobel(SurfaceIndex src [[type("image2d_t read_only")]],
                                  SurfaceIndex dst [[type("image2d_t write_only")]]) {
  int x = get_thread_origin_x() * TILE_W;
  int y = get_thread_origin_y() * TILE_H;
  matrix<uchar, TILE_H + 2, TILE_W + 8> in;
  read(src, x - 1, y - 1, in);
  matrix<short, TILE_H, TILE_W> gx, gy;
  horizontal<short, TILE_H, TILE_W>(in, gx);
  vertical<short, TILE_H, TILE_W>(in, gy);
  matrix<uchar, TILE_H, TILE_W> edge = cm_add<uchar>(cm_abs<short>(gx), cm_abs<short>(gy), SAT);
  write(dst, x, y, edge);
}
