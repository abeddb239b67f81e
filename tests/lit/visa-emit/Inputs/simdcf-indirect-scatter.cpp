// SIMD control flow around an indirect region write and a scatter (simdcf-messages-indirect.test).
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void simd_indirect(SurfaceIndex buf [[type("buffer_t")]]) {
  vector<int, 16> v;
  read(buf, 0, v);
  vector<int, 32> out = 7;
  vector<uint, 16> offsets(v);
  offsets = offsets & 0xf;
  int k = v[0] & 15;
  SIMD_IF_BEGIN (v > 0) {
    out.select<16, 1>(k) = v + 1;
    write(buf, 256, offsets, v * 3);
  } SIMD_IF_END;
  write(buf, 128, out);
}
