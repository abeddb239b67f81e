// A SIMD do-while whose break follows an update of the value the loop stores: when every channel breaks in
// the same iteration, the join after the break finds no channel and the hardware goes straight to the loop's
// exit; the exit's phi must already hold the updated value (simdcf-join-exit-moves.test).
#include <cm/cm.h>

extern "C" _GENX_MAIN_ void break_after_update(SurfaceIndex in, SurfaceIndex out) {
  vector<unsigned, 8> n, i = 0, acc = 0;
  read(in, 0, n);
  SIMD_DO_WHILE_BEGIN
    i += 1;
    acc += i;
    SIMD_IF_BEGIN(i > 3)
      SIMD_BREAK;
    SIMD_IF_END
    acc += 100;
  SIMD_DO_WHILE_END(i < n)
  write(out, 0, acc);
}
