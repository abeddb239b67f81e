// kernels: clamp_scan
// An inclusive prefix sum of 16 ints per thread (log-step shifts through select, one helper instantiation per
// step), then SIMD control flow: lanes whose running sum exceeds a limit are clamped and counted, inside
// SIMD_IF_BEGIN / SIMD_ELSE / SIMD_IF_END; the thread's count goes to a second buffer with a scalar write.
// Constructs: dependent selects in function templates on vector_ref, SIMD_IF_BEGIN/ELSE/END, any(), cm_sum,
// the scalar scattered write.
#include <cm/cm.h>

template <int N, int S> _GENX_ inline void scan_step(vector_ref<int, N> v) {
  vector<int, N> shifted = 0;
  shifted.template select<N - S, 1>(S) = v.template select<N - S, 1>(0);
  v += shifted;
}

extern "C" _GENX_MAIN_ void clamp_scan(SurfaceIndex data, SurfaceIndex out, SurfaceIndex counts, int limit) {
  uint base = cm_linear_global_id() * 64;
  vector<int, 16> v;
  read(data, base, v);
  scan_step<16, 1>(v);
  scan_step<16, 2>(v);
  scan_step<16, 4>(v);
  scan_step<16, 8>(v);
  vector<int, 16> clamped = 0, over = 0;
  SIMD_IF_BEGIN(v > limit) {
    clamped = limit;
    over = 1;
  }
  SIMD_ELSE {
    clamped = v;
  }
  SIMD_IF_END;
  write(out, base, clamped);
  int count = 0;
  if ((over != 0).any())
    count = cm_sum<int>(over);
  write(counts, 0, cm_linear_global_id(), count);
}
