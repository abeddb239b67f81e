// A Gen11 kernel whose binary IGC 1.0.12504 cannot decode back to asm (the dp4 instruction).
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void dot4(SurfaceIndex in, SurfaceIndex out) {
  vector<float, 16> a, b;
  read(in, 0, a);
  read(in, 64, b);
  write(out, 0, cm_dp4(a, b));
}
