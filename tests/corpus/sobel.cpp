// kernels: sobel
// march: icllp tgllp
// Sobel edge magnitude on a grey image, one thread per 16x6-pixel block: an 8x24-byte media block read (the block
// and a one-pixel border; 256 bytes, the most one read returns), the horizontal and vertical 3x3 gradients in 16-bit integers,
// |gx| + |gy| saturated to a byte, one 16x6 media block write.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void sobel(SurfaceIndex src [[type("image2d_t read_only")]],
                                  SurfaceIndex dst [[type("image2d_t write_only")]]) {
  int x = get_thread_origin_x() * 16;
  int y = get_thread_origin_y() * 6;
  matrix<uchar, 8, 24> in;
  read(src, x - 1, y - 1, in);

  matrix<short, 6, 16> gx, gy;
  gx = in.select<6, 1, 16, 1>(0, 2) - in.select<6, 1, 16, 1>(0, 0);
  gx += 2 * (in.select<6, 1, 16, 1>(1, 2) - in.select<6, 1, 16, 1>(1, 0));
  gx += in.select<6, 1, 16, 1>(2, 2) - in.select<6, 1, 16, 1>(2, 0);
  gy = in.select<6, 1, 16, 1>(2, 0) - in.select<6, 1, 16, 1>(0, 0);
  gy += 2 * (in.select<6, 1, 16, 1>(2, 1) - in.select<6, 1, 16, 1>(0, 1));
  gy += in.select<6, 1, 16, 1>(2, 2) - in.select<6, 1, 16, 1>(0, 2);

  matrix<short, 6, 16> ax = gx, ay = gy;
  ax.merge(-gx, gx < 0);
  ay.merge(-gy, gy < 0);
  matrix<uchar, 6, 16> out = cm_add<uchar>(ax, ay, SAT);
  write(dst, x, y, out);
}
