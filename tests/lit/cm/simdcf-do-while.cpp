// SIMD_DO_WHILE with SIMD_BREAK: the loop's condition is a goto whose backward leg is a scalar branch in a
// block of its own; the break parks its channels at the loop exit.
// RUN: %cmc -emit-llvm -S %s -o - | FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @simd_loop(
// CHECK: call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(
// CHECK: backward:
// CHECK-NEXT: br label
// CHECK: call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(
// CHECK-NOT: simdcf.any
extern "C" _GENX_MAIN_ void simd_loop(SurfaceIndex in, SurfaceIndex out) {
  vector<unsigned, 8> n, i = 0, acc = 0;
  read(in, 0, n);
  SIMD_DO_WHILE_BEGIN
    i += 1;
    SIMD_IF_BEGIN(i > 20)
      SIMD_BREAK;
    SIMD_IF_END
    acc += i;
  SIMD_DO_WHILE_END(i < n)
  write(out, 0, acc);
}
