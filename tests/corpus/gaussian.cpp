// kernels: gaussian3x3
// march: icllp tgllp
// A 3x3 Gaussian blur (weights 1 2 1 / 2 4 2 / 1 2 1, divided by 16 with rounding) of a grey image, one thread
// per 16x6-pixel block: one 8x24-byte media block read (the block and its one-pixel border), a separable weighted
// sum in 16-bit integers, a rounding shift and one 16x6 media block write.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void gaussian3x3(SurfaceIndex src [[type("image2d_t read_only")]],
                                        SurfaceIndex dst [[type("image2d_t write_only")]]) {
  int x = get_thread_origin_x() * 16;
  int y = get_thread_origin_y() * 6;
  matrix<uchar, 8, 24> in;
  read(src, x - 1, y - 1, in);

  // Horizontal pass on all eight rows, vertical pass on the six output rows.
  matrix<ushort, 8, 16> h = in.select<8, 1, 16, 1>(0, 0) + in.select<8, 1, 16, 1>(0, 2);
  h += in.select<8, 1, 16, 1>(0, 1) * 2;
  matrix<ushort, 6, 16> v = h.select<6, 1, 16, 1>(0, 0) + h.select<6, 1, 16, 1>(2, 0);
  v += h.select<6, 1, 16, 1>(1, 0) * 2;
  matrix<uchar, 6, 16> out = (v + 8) >> 4;
  write(dst, x, y, out);
}
