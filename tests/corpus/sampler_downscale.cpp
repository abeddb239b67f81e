// kernels: downscale
// A 2x bilinear downscale through the sampler: each thread samples 16 output pixels (normalized coordinates of
// the pixel centres, computed from the thread origin and a step argument) with sample16, keeps R, G and B, converts
// to 8 bits with saturation and writes them with a media block write; a 32-pixel sample32 line feeds a luma row.
// Constructs: SamplerIndex, sample16, sample32 with an output format, cmtl::cm_vector_assign, cm_mul SAT,
// matrix rows, media block write, a `#define`d channel mask.
#include <cm/cmtl.h>

#define CHANNELS CM_BGR_ENABLE

extern "C" _GENX_MAIN_ void downscale(SurfaceIndex src [[type("image2d_t read_only")]], SamplerIndex linear,
                                      SurfaceIndex dst [[type("image2d_t write_only")]],
                                      SurfaceIndex luma [[type("image2d_t write_only")]], float step) {
  int tx = get_thread_origin_x(), ty = get_thread_origin_y();
  vector<float, 16> u, v = (ty + 0.5f) * step;
  cmtl::cm_vector_assign(u, tx * 16, 1);
  u = (u + 0.5f) * step;
  matrix<float, 3, 16> rgb;
  sample16(rgb, CHANNELS, src, linear, u, v);
  matrix<uchar, 3, 16> bytes = cm_mul<uchar>(rgb, 255.0f, SAT);
  write(dst, tx * 16, ty * 3, bytes);
  matrix<ushort, 1, 32> y;
  sample32(y, CM_R_ENABLE, src, linear, tx * 32 * step, ty * step, step, 0.0f, CM_16_FULL);
  matrix<uchar, 1, 32> y8 = y >> 8;
  write(luma, tx * 32, ty, y8);
}
