// The forms a SIMD condition takes: a matrix row, a ushort mask vector, a 2D select, a whole float matrix
// (16 channels), and a scalar (ordinary control flow, no goto).
// RUN: %cmc -emit-llvm -S %s -o - | FileCheck %s

// CHECK-LABEL: define spir_func void @forms(
// CHECK: @llvm.genx.simdcf.goto.v32i1.v8i1(
// CHECK: @llvm.genx.simdcf.goto.v32i1.v16i1(
// CHECK-NOT: simdcf.any
#include <cm/cm.h>
extern "C" _GENX_MAIN_ void forms(SurfaceIndex in, SurfaceIndex out, int s) {
  matrix<int, 2, 8> m;
  read(in, 0, m);
  vector<int, 8> r = 0;
  vector<ushort, 8> mask = m.row(1) > 3;
  SIMD_IF_BEGIN(m.row(0) > 0)
    r = 1;
  SIMD_ELSEIF(mask)
    r = 2;
  SIMD_IF_END
  SIMD_IF_BEGIN(m.select<1, 1, 8, 1>(1, 0) == 5)
    r += 10;
  SIMD_IF_END
  SIMD_IF_BEGIN(s)
    r += 100;
  SIMD_IF_END
  matrix<float, 4, 4> f = 1.0f;
  SIMD_IF_BEGIN(f < 2.0f)
    f = 3.0f;
  SIMD_IF_END
  r += f.row(0).format<int>().select<4,1>(0).replicate<2>();
  write(out, 0, r);
}
