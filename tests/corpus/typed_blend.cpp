// kernels: blend_typed count_hits
// Alpha blending on a typed RGBA float image: each thread reads 8 texels of two images with read_typed
// (four channels, one row of 8 per channel), blends them with the alpha of the first, writes the result with
// write_typed; a second kernel counts hits per texel with write_typed_atomic<ATOMIC_INC>.
// Constructs: read_typed / write_typed with (u, v) coordinates, write_typed_atomic, matrix rows as channels,
// two kernels in one file.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void blend_typed(SurfaceIndex front [[type("image2d_t read_only")]],
                                        SurfaceIndex back [[type("image2d_t read_write")]]) {
  vector<uint, 8> u, v = get_thread_origin_y();
  for (int i = 0; i < 8; i++)
    u(i) = get_thread_origin_x() * 8 + i;
  matrix<float, 4, 8> f, b;
  read_typed(front, CM_ABGR_ENABLE, f, u, v);
  read_typed(back, CM_ABGR_ENABLE, b, u, v);
  vector<float, 8> alpha = f.row(3);
#pragma unroll
  for (int c = 0; c < 3; c++)
    b.row(c) = f.row(c) * alpha + b.row(c) * (1.0f - alpha);
  write_typed(back, CM_ABGR_ENABLE, b, u, v);
}

extern "C" _GENX_MAIN_ void count_hits(SurfaceIndex hits [[type("image2d_t read_write")]], SurfaceIndex coords) {
  vector<uint, 8> u, v, before;
  read(coords, cm_linear_global_id() * 64, u);
  read(coords, cm_linear_global_id() * 64 + 32, v);
  write_typed_atomic<ATOMIC_INC>(hits, before, u, v);
}
