// Errors found by genx-cm-lower (after inlining) point at the user's line, not at the header library's,
// with or without -g.
// RUN: not %cmc -emit-llvm -S %s -o - 2>&1 | FileCheck %s
// RUN: not %cmc -emit-llvm -S -g %s -o - 2>&1 | FileCheck %s

extern "C" _GENX_MAIN_ void slm(int n) {
  // CHECK: errors-lowering.cpp:[[@LINE+1]]:3: error: genx-cm-lower: in function 'slm'{{.*}}cm_slm_init needs a constant size
  cm_slm_init(n);
}
