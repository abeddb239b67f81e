// A kernel that prints: the format and %s strings, an int and a float.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void report(SurfaceIndex in, int n) {
  vector<float, 8> v;
  read(in, 0, v);
  printf("n=%d v=%f %s\n", n, v(0), "ok");
}
