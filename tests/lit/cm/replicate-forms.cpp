// replicate: REP copies of a region of the value, as one rdregion: <REP>() = (vstride 0, width N, stride 1);
// <REP,W>(i) = (0, W, 1) at i; <REP,VS,W>(i) = (VS, W, 1); <REP,VS,W,HS>(i) = (VS, W, HS).
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @replicate_forms(
extern "C" _GENX_MAIN_ void replicate_forms(int *out [[type("svmptr_t")]], int i) {
  vector<int, 8> v;
  cm_svm_block_read(out, v);
  // CHECK: call <32 x i32> @llvm.genx.rdregioni.v32i32.v8i32.i16(<8 x i32> %[[V:[^ ,]+]], i32 0, i32 8, i32 1, i16 0, i32 undef)
  vector<int, 32> all4 = v.replicate<4>();
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %[[V]], i32 0, i32 2, i32 1, i16 12, i32 undef)
  vector<int, 8> pair = v.replicate<4, 2>(3);
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %[[V]], i32 2, i32 2, i32 1, i16 0, i32 undef)
  vector<int, 8> steps = v.replicate<4, 2, 2>(0);
  // A run-time start is the offset operand.
  // CHECK: %[[O:[^ ]+]] = trunc i32 %{{[^ ]+}} to i16
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %[[V]], i32 1, i32 4, i32 2, i16 %[[O]], i32 undef)
  vector<int, 8> strided = v.replicate<2, 1, 4, 2>(i);
  cm_svm_block_write(out, all4.select<8, 4>(0) + pair + steps + strided);
}
