// kernels: hello_world
// Hello world with device printf: thread 0 greets, every thread prints its id and the first element it read
// (a float, printed with %f) with cm_printf, and a %s argument names the stage.
// Constructs: printf, cm_printf, %d/%u/%f/%s, a scalar extracted from a vector.
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void hello_world(SurfaceIndex in, int frame) {
  uint id = cm_linear_global_id();
  vector<float, 8> v;
  read(in, id * 32, v);
  if (id == 0)
    printf("Hello, world! frame %d\n", frame);
  cm_printf("thread %u of %u: %f (%s)\n", id, cm_linear_global_size(), v(0), "after read");
}
