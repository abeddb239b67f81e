// Counted loops whose counter indexes a matrix's rows and diagonal, and a vector's 16-element selects
// (tests/lit/region-unroll/visa-route-direct-regions.test).
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void rows(SurfaceIndex buf [[type("buffer_t")]], float alpha) {
  matrix<float, 4, 8> f, b;
  read(buf, 0, f);
  read(buf, 128, b);
  for (int c = 0; c < 3; c++)
    b.row(c) = f.row(c) * alpha + b.row(c) * (1.0f - alpha);
  for (int k = 0; k < 4; k++)
    b(k, k) += f(k, 7 - k);
  vector<uchar, 64> p;
  read(buf, 256, p);
  vector<uint, 16> sum = 0;
  for (int k = 0; k < 64; k += 16)
    sum += p.select<16, 1>(k);
  write(buf, 320, sum);
  write(buf, 128, b);
}
