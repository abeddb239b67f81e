// kernels: mandelbrot
// march: icllp tgllp
// The Mandelbrot set's escape count for 16 pixels per thread with SIMD control flow: each lane iterates
// z = z^2 + c in a SIMD do-while until it escapes (|z|^2 > 4, SIMD break) or reaches the iteration limit; lanes
// that escape early are coloured by a SIMD if/else on the count's parity; the result is one byte per pixel.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void mandelbrot(SurfaceIndex out [[type("image2d_t write_only")]], float x0, float y0,
                                       float step, int limit) {
  int px = get_thread_origin_x() * 16;
  int py = get_thread_origin_y();
  vector<float, 16> lane;
  for (int i = 0; i < 16; i++)
    lane(i) = i;
  vector<float, 16> cr = x0 + (lane + px) * step;
  vector<float, 16> ci = y0 + py * step;
  vector<float, 16> zr = 0.0f, zi = 0.0f;
  vector<int, 16> count = 0;
  SIMD_DO_WHILE_BEGIN
    vector<float, 16> zr2 = zr * zr, zi2 = zi * zi;
    SIMD_IF_BEGIN(zr2 + zi2 > 4.0f)
      SIMD_BREAK;
    SIMD_IF_END
    zi = 2.0f * zr * zi + ci;
    zr = zr2 - zi2 + cr;
    count += 1;
  SIMD_DO_WHILE_END(count < limit)

  matrix<uchar, 1, 16> colour;
  SIMD_IF_BEGIN(count >= limit)
    colour = 0;
  SIMD_ELSEIF((count & 1) == 0)
    colour.row(0) = cm_min<int>(count * 8, 255);
  SIMD_ELSE
    colour.row(0) = 255 - cm_min<int>(count * 4, 255);
  SIMD_IF_END
  write(out, px, py, colour);
}
