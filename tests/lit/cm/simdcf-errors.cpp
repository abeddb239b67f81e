// An OWord block write (no per-channel predicate) inside SIMD control flow is a located error.
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll

#include <cm/cm.h>

// CHECK: error: genx-simdcf-lower: in function 'k'{{.*}}'llvm.genx.oword.st' writes memory and has no predicate operand
extern "C" _GENX_MAIN_ void k(SurfaceIndex in, SurfaceIndex out) {
  vector<int, 16> v;
  read(in, 0, v);
  SIMD_IF_BEGIN(v > 0)
    write(out, 0, v);
  SIMD_IF_END
}
