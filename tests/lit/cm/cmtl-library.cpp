// #include <cm/cmtl.h>: the cm_vector / cm_matrix declare-and-initialise macros (V(i) = I + i * S), the
// cmtl::cm_vector_assign sequence (also through a select and with explicit <T, N>), cmtl::cm_floor / cm_ceil,
// cmtl::cm_fmod, cmtl::cm_atan2, cmtl::cm_tanh and the CM_CONST_* constants. (Their values are checked on the CPU by
// frontend/tests/exec_cmtl.rs.)
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel library

#include <cm/cmtl.h>

// CHECK-LABEL: define {{.*}}@library(
// The constant sequences fold: 2, 5, 8, ... and 10, 15, 20, ...
// CHECK-DAG: <16 x i16> <i16 2, i16 5, i16 8, i16 11,
// CHECK-DAG: <32 x i16> <i16 10, i16 15, i16 20, i16 25,
// CHECK-DAG: @llvm.genx.rndd.v16f32(
// CHECK-DAG: @llvm.genx.rndu.v16f32(
// CHECK-DAG: @llvm.genx.rndz.v16f32(
// cmtl::cm_tanh: the math unit's exp.
// CHECK-DAG: @llvm.genx.exp.v16f32(
extern "C" _GENX_MAIN_ void library(SurfaceIndex in, SurfaceIndex out, int start) {
  cm_vector(v, ushort, 16, 2, 3);
  cm_matrix(m, ushort, 4, 8, 10, 5);
  vector<int, 16> w;
  cmtl::cm_vector_assign(w.select<8, 1>(8), start, 2);
  cmtl::cm_vector_assign<int, 8>(w.select<8, 1>(0), 0, 1);
  vector<float, 16> x, y;
  read(in, 0, x);
  read(in, 64, y);
  vector<int, 16> f = cmtl::cm_floor<int>(x) + cmtl::cm_ceil<int>(y);
  vector<float, 16> r = cmtl::cm_fmod(x, y) + cmtl::cm_atan2(y, x) * (CM_CONST_PI / CM_CONST_2PI);
  write(out, 0, v);
  write(out, 32, m);
  write(out, 96, w + f);
  write(out, 160, r + cmtl::cm_tanh(x));
}
