// cm_slm_init belongs in a kernel: SLM is sized per kernel. A call in any other function is an error at the
// user's line (found before that function is inlined into the kernel that calls it), and nothing is written.
// RUN: rm -f %t.ll
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll

void setup() {
  // CHECK: errors-slm-init.cpp:[[@LINE+1]]:3: error: cm_slm_init is called in 'setup', which is not a kernel
  cm_slm_init(1024);
}

template <int N> void setup_n() {
  // CHECK: errors-slm-init.cpp:[[@LINE+1]]:3: error: cm_slm_init is called in 'setup_n<4>', which is not a kernel
  cm_slm_init(N * 256);
}

extern "C" _GENX_MAIN_ void k(SurfaceIndex buf) {
  setup();
  setup_n<4>();
  cm_slm_init(4096);
  vector<int, 8> v = 1;
  write(buf, 0, v);
}
