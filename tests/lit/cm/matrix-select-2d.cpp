// 2D regions of a matrix: select<VS,VSt,HS,HSt>(i,j) is one 2D region (vstride VSt*C, width HS, stride HSt,
// byte offset (i*C + j)*sizeof(T)); row(i) and column(j) are regions of one row / one column; m[i][j] and
// m(i,j) are single elements; a matrix assigns from a vector of the same element count (row-major).
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @matrix_2d(
extern "C" _GENX_MAIN_ void matrix_2d(short *out [[type("svmptr_t")]], int i) {
  vector<short, 32> flat;
  cm_svm_block_read(out, flat);
  matrix<short, 4, 8> m = flat;
  // Rows 1 and 3, columns 2..4: vstride 2*8 elements, width 3, byte offset (1*8 + 2)*2.
  // CHECK: call <6 x i16> @llvm.genx.rdregioni.v6i16.v32i16.i16(<32 x i16> %[[M:[^ ,]+]], i32 16, i32 3, i32 1, i16 20, i32 undef)
  vector<short, 6> block = m.select<2, 2, 3, 1>(1, 2);
  // CHECK: call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %[[M]], i32 0, i32 8, i32 1, i16 32, i32 undef)
  vector<short, 8> row2 = m.row(2);
  // CHECK: call <4 x i16> @llvm.genx.rdregioni.v4i16.v32i16.i16(<32 x i16> %[[M]], i32 0, i32 4, i32 8, i16 10, i32 undef)
  vector<short, 4> col5 = m.column(5);
  // A run-time row: the row's byte offset i*16 is the region's offset operand.
  // CHECK: mul nsw i32 %i, 8
  // CHECK: call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %[[M]], i32 0, i32 8, i32 1, i16 %{{[^ ,]+}}, i32 undef)
  vector<short, 8> rowi = m.row(i);
  // An lvalue 2D select writes a 2D region.
  // CHECK: %[[W1:[^ ]+]] = call <32 x i16> @llvm.genx.wrregioni.v32i16.v4i16.i16.i1(<32 x i16> %[[M]], <4 x i16> %{{[^ ,]+}}, i32 8, i32 2, i32 2, i16 2, i32 undef, i1 true)
  m.select<2, 1, 2, 2>(0, 1) = col5;
  // m[3][7] and m(0, 0) are element writes (elements 31 and 0 of the matrix after SROA).
  // CHECK: %[[W2:[^ ]+]] = insertelement <32 x i16> %[[W1]], i16 %{{[^ ,]+}}, i32 31
  m[3][7] = block(5) + row2(0);
  // CHECK: insertelement <32 x i16> %[[W2]], i16 %{{[^ ,]+}}, i32 0
  m(0, 0) = rowi(1);
  cm_svm_block_write(out, m);
  // CHECK: ret void
}

// n_rows / n_cols / n_elems are constants.
// CHECK-LABEL: define dso_local spir_func void @shape(
// CHECK: store i32 357, i32* %out
extern "C" _GENX_MAIN_ void shape(int *out [[type("svmptr_t")]]) {
  matrix<float, 3, 5> m;
  *out = m.n_rows() * 100 + m.n_cols() * 10 + m.n_elems() - 8;
}
