// cmc run of filtered sampling through the CPU sampler model (tests/lit/run/sampler-bilinear.test).
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void bilinear(SurfaceIndex img [[type("image2d_t read_only")]], SamplerIndex smp,
                                     SurfaceIndex out [[type("buffer_t")]]) {
  vector<float, 16> u, v;
  for (int i = 0; i < 16; i++) {
    u(i) = i * 0.125f - 0.5f;
    v(i) = (i & 3) * 0.25f + 0.1f;
  }
  matrix<float, 4, 16> rgba;
  sample16(rgba, CM_ABGR_ENABLE, img, smp, u, v);
  write(out, 0, rgba.row(0));
  write(out, 64, rgba.row(1));
  write(out, 128, rgba.row(2));
  write(out, 192, rgba.row(3));
  matrix<ushort, 1, 32> red;
  sample32(red, CM_R_ENABLE, img, smp, 0.0f, 0.0f, 0.25f, 0.5f);
  write(out, 256, red.row(0));
}
