// An atomic operation given the wrong number of sources is a compile-time error at the call (ATOMIC_ADD takes
// one source; the two vectors here would be read as source and result, the three as too many).
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: error: static_assert failed{{.*}}write_atomic: wrong number of sources for this operation
// CHECK: atomic-wrong-sources.cpp:[[@LINE+6]]:{{[0-9]+}}: note: in instantiation of function template specialization 'write_atomic<ATOMIC_ADD

#include <cm/cm.h>

extern "C" _GENX_MAIN_ void too_many(SurfaceIndex buf) {
  vector<uint, 8> off = 0, a = 1, b = 2, c;
  write_atomic<ATOMIC_ADD>(buf, off, a, b, c);
}
