// cmc run of one sampler state per run (tests/lit/run/sampler-modes.test): sample16 on a float image, sample32
// and cm_avs_sampler on a unorm image, at the same eight positions along a row of four texels.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void modes(SurfaceIndex unorm [[type("image2d_t read_only")]],
                                  SurfaceIndex floats [[type("image2d_t read_only")]], SamplerIndex smp,
                                  SurfaceIndex out [[type("buffer_t")]], float u2d) {
  // Position x (0..7) is at u = (x - 1) / 4: texel x - 1 for the nearest filter, the mean of texels x - 2 and
  // x - 1 for the linear one.
  vector<float, 16> u, v = 0.5f;
  for (int i = 0; i < 16; i++)
    u(i) = ((i & 7) - 1) * 0.25f;
  matrix<float, 1, 16> r;
  sample16(r, CM_R_ENABLE, floats, smp, u, v);
  matrix<ushort, 1, 32> block;
  sample32(block, CM_R_ENABLE, unorm, smp, -0.25f, 0.5f, 0.25f, 0.0f);
  matrix<ushort, 1, 64> scaled;
  cm_avs_sampler(scaled, CM_R_ENABLE, unorm, smp, -0.25f, 0.5f, 0.25f, 0.0f, u2d, 0, 0, CM_16_FULL, 0.0f,
                 CM_AVS_16x4, false);
  write(out, 0, r.row(0).select<8, 1>(0));
  write(out, 32, block.row(0).select<8, 1>(0));
  write(out, 48, scaled.row(0).select<8, 1>(0));
}
