// A CM kernel for the end-to-end test: each thread adds a scalar to its 8 dwords of a buffer.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void vadd(SurfaceIndex in [[type("buffer_t read_only")]],
                                 SurfaceIndex out [[type("buffer_t write_only")]], int n) {
  vector<int, 8> v;
  unsigned offset = cm_group_id(0) * 32;
  read(in, offset, v);
  v += n;
  write(out, offset, v);
}
