// What SIMD control flow cannot hold is an error at the user's line: an OWord block write (no per-channel
// predicate) inside SIMD_IF, and an 8-wide statement inside SIMD16 control flow whose value is used after it.
// Errors of every kernel are reported; no output is written.
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll

#include <cm/cm.h>

extern "C" _GENX_MAIN_ void block_write(SurfaceIndex in, SurfaceIndex out) {
  vector<int, 16> v;
  read(in, 0, v);
  SIMD_IF_BEGIN(v > 0)
    // CHECK-DAG: simdcf-errors.cpp:[[@LINE+1]]:5: error: genx-simdcf-lower: in function 'block_write'{{.*}}'llvm.genx.oword.st' writes memory and has no predicate operand
    write(out, 0, v);
  SIMD_IF_END
}

extern "C" _GENX_MAIN_ void narrow(SurfaceIndex in, SurfaceIndex out) {
  vector<int, 16> v;
  read(in, 0, v);
  vector<int, 8> w = 0;
  SIMD_IF_BEGIN(v > 0)
    // CHECK-DAG: simdcf-errors.cpp:[[@LINE+1]]:27: error: genx-simdcf-lower: in function 'narrow'{{.*}}mixing SIMD widths: a value used in another block has 8 elements inside SIMD16 control flow
    w = v.select<8, 1>(0) + 1;
  SIMD_IF_END
  write(out, 0, w);
}
