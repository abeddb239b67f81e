// Two matrices of 16 rows of 32 floats (2 KB each), both whole live at once: GenX_IR cannot fit them even with
// spill code and fails (spill-warning.test).
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void rows_beyond_the_grf(SurfaceIndex in, SurfaceIndex out) {
  vector<float, 32> v;
  read(in, 0, v);
  matrix<float, 16, 32> a, b;
#pragma unroll
  for (int i = 0; i < 16; i++) {
    a.row(i) = v * (float)(i + 1);
    b.row(i) = v + (float)i;
  }
#pragma unroll
  for (int i = 0; i < 16; i++)
    write(out, i * 128, a.row(i) * b.row(15 - i));
}
