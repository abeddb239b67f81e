// A lane-filling loop inside an inlined helper, its vector an alloca until genx-promote-array
// (tests/lit/lane-loop/visa-route-before-promote-array.test).
#include <cm/cm.h>
inline vector<ushort, 16> lanes(ushort x) {
  vector<ushort, 16> j;
  for (int i = 0; i < 16; i++)
    j(i) = i * 3 + x;
  return j;
}
extern "C" _GENX_MAIN_ void fill(SurfaceIndex buf [[type("buffer_t")]], ushort x) {
  vector<ushort, 16> v;
  read(buf, 0, v);
  write(buf, 0, v + lanes(x));
}
