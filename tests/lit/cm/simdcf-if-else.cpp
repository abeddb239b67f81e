// SIMD_IF_BEGIN / SIMD_ELSEIF / SIMD_ELSE from CM source: simdcf.any branches become gotos and joins with
// the execution mask, and the assignments under them are merged under EM.
// RUN: %cmc -emit-llvm -S %s -o - | FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @simd_if(
// CHECK: %goto = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(
// CHECK: call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(
// CHECK: select <16 x i1> %em.slice
// CHECK-NOT: simdcf.any
// CHECK: call void @llvm.genx.oword.st.v16i32(
extern "C" _GENX_MAIN_ void simd_if(SurfaceIndex in, SurfaceIndex out) {
  vector<int, 16> v;
  read(in, 0, v);
  vector<int, 16> r = 0;
  SIMD_IF_BEGIN(v > 0)
    r = v * 2;
  SIMD_ELSEIF(v < -100)
    r = 7;
  SIMD_ELSE
    r = -v;
  SIMD_IF_END
  write(out, 0, r);
}
