// Math builtins with explicit template arguments, as Intel's headers declare them: the element count first
// (cm_sin<16>(x), cm_exp<2, 8>(m) for a matrix, cm_pow<16>(x, y)), the result type then the count
// (cm_rndd<int, 16>(x)), or the result type alone (cm_add<float>(a, b, SAT), cm_mul<int>(a, b)). A scalar operand
// with an explicit count is broadcast.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel sizes

template <int N> _GENX_ void waves(vector_ref<float, N> theta, vector_ref<float, N> out) {
  out = cm_sin<N>(theta) + cm_cos<N>(theta, SAT) + cm_pow<N>(theta, 2.0f) + cm_inv<N>(0.5f);
}

// CHECK-LABEL: define {{.*}}@sizes(
// CHECK: %[[LD:[^ ]+]] = call <16 x float> @llvm.genx.oword.ld.v16f32(
// CHECK-DAG: %[[R:[^ ]+]] = call <16 x float> @llvm.genx.rndd.v16f32(<16 x float> %[[LD:[^)]+]])
// CHECK-DAG: @llvm.genx.sin.v16f32(<16 x float> %[[A:[^)]+]])
// CHECK-DAG: %[[C:[^ ]+]] = call <16 x float> @llvm.genx.cos.v16f32(<16 x float> %[[A]])
// CHECK-DAG: @llvm.genx.sat.v16f32(<16 x float> %[[C]])
// CHECK-DAG: @llvm.genx.pow.v16f32(<16 x float> %[[A]], <16 x float> <float 2.000000e+00,
// CHECK-DAG: @llvm.genx.exp.v16f32(<16 x float> %[[LD]])
// CHECK-DAG: @llvm.genx.inv.v16f32(<16 x float> <float 5.000000e-01,
// CHECK-DAG: fptosi <16 x float> %[[R]] to <16 x i32>
// CHECK-DAG: @llvm.genx.fptosi.sat.v16i32.v16f32(<16 x float>
// CHECK-DAG: mul <16 x i32>
extern "C" _GENX_MAIN_ void sizes(SurfaceIndex s, SurfaceIndex d) {
  vector<float, 16> a, b;
  read(s, 0, a);
  waves<16>(a.select<16, 1>(0), b);
  matrix<float, 2, 8> m = a;
  vector<float, 16> e = cm_exp<2, 8>(m);
  vector<int, 16> r = cm_rndd<int, 16>(a);
  vector<int, 16> sum = cm_add<int>(a, e, SAT);
  vector<int, 16> prod = cm_mul<int>(r, 3);
  write(d, 0, b);
  write(d, 64, sum + prod);
}
