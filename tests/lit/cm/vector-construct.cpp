// Constructors: scalar broadcast, from a constant array, from another vector with per-element conversion,
// from a matrix of the same element count (row-major); half and double elements.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @construct(
extern "C" _GENX_MAIN_ void construct(float *out [[type("svmptr_t")]], int k) {
  const int init[8] = {1, -2, 3, -4, 5, -6, 7, -8};
  vector<int, 8> a(init);
  vector<int, 8> b = k;
  // CHECK: sitofp <8 x i32> %{{[^ ,]+}} to <8 x float>
  vector<float, 8> f = a + b;
  matrix<float, 2, 4> m = f;
  // CHECK: fptrunc <8 x float> %{{[^ ,]+}} to <8 x half>
  vector<half, 8> h = m;
  // CHECK: fpext <8 x half> %{{[^ ,]+}} to <8 x double>
  vector<double, 8> d = h;
  vector<float, 8> back = d;
  cm_svm_block_write(out, back);
}

// The array constructor's values become a constant vector.
// CHECK-LABEL: define dso_local spir_func void @constant_init(
// CHECK: call void @llvm.genx.svm.block.st.i64.v4i32(i64 %{{[^ ,]+}}, <4 x i32> <i32 10, i32 20, i32 30, i32 40>)
extern "C" _GENX_MAIN_ void constant_init(int *out [[type("svmptr_t")]]) {
  const int init[4] = {10, 20, 30, 40};
  vector<int, 4> v(init);
  cm_svm_block_write(out, v);
}
