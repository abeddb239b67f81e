// Typed reads, writes and atomics, NV12 plane blocks and the sampler-less load16 in one kernel, for validating
// the kernel's IR against IGC's vISA (tests/lit/visa-validate/typed-planar-load-agree.test).
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void surfaces(SurfaceIndex img [[type("image2d_t read_write")]],
                                     SurfaceIndex counts [[type("image2d_t read_write")]],
                                     SurfaceIndex frame [[type("image2d_t read_write")]],
                                     SurfaceIndex tex [[type("image2d_t read_only")]], SurfaceIndex out) {
  vector<uint, 8> u, v;
  read(out, 0, u);
  read(out, 32, v);
  u &= 15;
  v &= 7;
  matrix<float, 4, 8> px;
  read_typed(img, CM_ABGR_ENABLE, px, u, v);
  px = 1.0f - px * 0.5f;
  write_typed(img, CM_ABGR_ENABLE, px, u, v);
  vector<uint, 8> one = 1, before;
  write_typed_atomic<ATOMIC_ADD>(counts, before, one, u, v);
  matrix<uchar, 4, 16> luma, chroma;
  read_plane(frame, GENX_SURFACE_Y_PLANE, u(0), v(0), luma);
  read_plane(frame, GENX_SURFACE_UV_PLANE, u(1), v(1), chroma);
  matrix<uchar, 4, 16> mixed = luma + chroma;
  write_plane(frame, GENX_SURFACE_UV_PLANE, 16, 4, mixed);
  vector<uint, 16> iu, iv;
  iu.select<8, 1>(0) = u;
  iu.select<8, 1>(8) = v;
  iv.select<8, 1>(0) = v;
  iv.select<8, 1>(8) = u;
  matrix<float, 2, 16> rg;
  load16(rg, CM_GR_ENABLE, tex, iu, iv);
  write(out, 64, before);
  vector<float, 8> sum = rg.row(0).select<8, 1>(0) + rg.row(1).select<8, 1>(8);
  write(out, 96, sum);
}
