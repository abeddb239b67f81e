// cm_sqrt_ieee and cm_div_ieee over 16 floats read from a buffer, for the vISA route on platforms without fp64.
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void ieee(SurfaceIndex buf) {
  vector<float, 16> f, g;
  read(buf, 0, f);
  read(buf, 64, g);
  write(buf, 128, cm_sqrt_ieee(f));
  write(buf, 192, cm_div_ieee(f, g));
}
