// Three kernels in one translation unit, for the vISA route's one CISA object
// (visa-emit/cmc-backend-visa-several-kernels.test): a plain one, a C++ template instance (its kernel name
// "reverse<float, 8>" is no file name) and one with SLM, a barrier and a loop.
extern "C" _GENX_MAIN_ void scale(SurfaceIndex in, SurfaceIndex out, int k) {
  vector<int, 16> v;
  read(in, cm_linear_global_id() * 64, v);
  write(out, cm_linear_global_id() * 64, v * k + 1);
}

template <typename T, int N> _GENX_MAIN_ void reverse(SurfaceIndex buf) {
  vector<T, N> v;
  read(buf, 0, v);
  vector<T, N> r;
  for (int i = 0; i < N; i++)
    r(i) = v(N - 1 - i);
  write(buf, 0, r * 2.0f);
}
template void reverse<float, 8>(SurfaceIndex);

extern "C" _GENX_MAIN_ void slm_sum(SurfaceIndex buf, int n) {
  cm_slm_init(256);
  unsigned slm = cm_slm_alloc(256);
  vector<int, 8> v;
  read(buf, cm_local_id(0) * 32, v);
  vector<int, 8> sum = 0;
  for (int i = 0; i < (n & 7); i++)
    sum += v + i;
  vector<uint, 8> offsets(0, 1);
  cm_slm_write(slm, offsets + cm_local_id(0) * 8, sum);
  cm_barrier();
  vector<int, 8> other;
  cm_slm_read(slm, offsets, other);
  write(buf, cm_local_id(0) * 32, sum + other);
}
