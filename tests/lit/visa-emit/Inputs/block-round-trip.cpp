#include <cm/cmtl.h>

extern "C" _GENX_MAIN_ void round_trip(SurfaceIndex in, SurfaceIndex out, int h, int v) {
  matrix<ushort, 3, 5> c;
  cmtl::ReadBlock(in, h, v, c);
  cmtl::WriteBlock(out, 64, v, c);
  matrix<int, 5, 11> b;
  cmtl::ReadBlock(in, h, v, b);
  cmtl::WriteBlock<int, 5, 11>(out, 0, 20, b.select_all());
}
