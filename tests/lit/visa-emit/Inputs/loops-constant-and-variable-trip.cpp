// A loop of a constant trip count over a matrix diagonal and one of a runtime count (tests/lit/visa-emit/loops-constant-and-variable-trip.test).
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void loops(SurfaceIndex buf [[type("buffer_t")]], int n) {
  vector<int, 8> d;
  read(buf, 0, d);
  matrix<int, 8, 8> m = 1;
  for (int k = 0; k < 8; k++)
    m(k, k) += d(k);
  vector<int, 8> s = 0;
  for (int k = 0; k < n; k++)
    s += m.row(k & 7);
  write(buf, 0, s + m.row(3));
}
