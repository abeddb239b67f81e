// A SIMD condition of a width the hardware has no execution mask for is a clang error at the user's line.
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll

#include <cm/cm.h>

extern "C" _GENX_MAIN_ void k(SurfaceIndex in, SurfaceIndex out) {
  vector<int, 16> v;
  read(in, 0, v);
  // CHECK: error: static_assert failed{{.*}}SIMD control flow: the condition must have 2, 4, 8, 16 or 32 elements
  // CHECK: simdcf-width.cpp:[[@LINE+1]]:3: note: in instantiation of function template specialization
  SIMD_IF_BEGIN(v.select<6, 1>(0) > 0)
    v = 0;
  SIMD_IF_END
  write(out, 0, v);
}
