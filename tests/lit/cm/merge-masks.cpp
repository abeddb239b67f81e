// merge(x, mask) writes x where the mask is set; merge(x, y, mask) takes x where set and y elsewhere. A vector
// mask counts its non-zero elements (`!= 0`), an integer mask its bits (bit k for element k); both are a
// wrregion under an <N x i1> mask.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @merge_masks(
extern "C" _GENX_MAIN_ void merge_masks(int *out [[type("svmptr_t")]], int bits) {
  vector<int, 8> v, x;
  cm_svm_block_read(out, v);
  cm_svm_block_read(out + 8, x);
  // CHECK: %[[C:[^ ]+]] = icmp sgt <8 x i32> %[[V:[^ ,]+]], %[[X:[^ ,]+]]
  // CHECK: %[[M:[^ ]+]] = icmp ne <8 x i16> %{{[^ ,]+}}, zeroinitializer
  // CHECK: %[[V1:[^ ]+]] = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %[[V]], <8 x i32> %[[X]], i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %[[M]])
  v.merge(x, v > x);
  // An integer mask: lane k tests bit k.
  // CHECK: lshr <8 x i32> %{{[^ ,]+}}, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  // CHECK: call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %[[X]], <8 x i32> %[[V1]], i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %{{[^ ,]+}})
  vector<int, 8> z;
  z.merge(v, x, bits);
  // A scalar source is broadcast.
  // CHECK: call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %{{[^ ,]+}}, <8 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>)
  z.merge(7, 5);
  cm_svm_block_write(out, z);
}
