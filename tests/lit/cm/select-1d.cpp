// 1D select: an rvalue select is an rdregion (vstride 0, width S, stride St, byte offset i*sizeof(T)); an
// lvalue select is a wrregion into its vector; a run-time start is the region's offset operand; element
// access is a one-element region.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @select_1d(
extern "C" _GENX_MAIN_ void select_1d(int *out [[type("svmptr_t")]], int i) {
  vector<int, 16> v;
  cm_svm_block_read(out, v);
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %[[V:[^ ,]+]], i32 0, i32 8, i32 2, i16 4, i32 undef)
  vector<int, 8> odd = v.select<8, 2>(1);
  // CHECK: %[[B:[^ ]+]] = trunc i32 %{{.*}} to i16
  // CHECK: call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %[[V]], i32 0, i32 4, i32 1, i16 %[[B]], i32 undef)
  vector<int, 4> window = v.select<4, 1>(i);
  // CHECK: %[[W:[^ ]+]] = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %[[V]], <8 x i32> %{{.*}}, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  v.select<8, 2>(0) = odd + 1;
  // CHECK: call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %[[W]], <4 x i32> %{{.*}}, i32 0, i32 4, i32 1, i16 48, i32 undef, i1 true)
  v.select<4, 1>(12) = window;
  cm_svm_block_write(out, v);
}

// A select of a select is one region of the vector (the offsets compose).
// CHECK-LABEL: define dso_local spir_func void @select_of_select(
// CHECK: call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %{{.*}}, i32 0, i32 2, i32 4, i16 8, i32 undef)
extern "C" _GENX_MAIN_ void select_of_select(int *out [[type("svmptr_t")]]) {
  vector<int, 16> v;
  cm_svm_block_read(out, v);
  vector<int, 2> r = v.select<7, 2>(2).select<2, 2>(0);
  cm_svm_block_write(out, r.replicate<8>());
}

// n_elems() is a constant.
// CHECK-LABEL: define dso_local spir_func void @elements(
// CHECK: store i32 16, i32* %out
extern "C" _GENX_MAIN_ void elements(int *out [[type("svmptr_t")]]) {
  vector<char, 16> v;
  *out = v.n_elems();
}
