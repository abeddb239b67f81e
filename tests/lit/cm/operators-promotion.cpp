// Operators work per element with C++'s usual conversions: char + char is int, int + float is float,
// a scalar operand is broadcast, comparisons give vector<ushort, N> of 1 and 0, shifts take the left
// operand's promoted type, compound assignment converts back to the element type.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @promotion(
extern "C" _GENX_MAIN_ void promotion(char *out [[type("svmptr_t")]], float f) {
  vector<char, 16> a, b;
  cm_svm_block_read(out, a);
  cm_svm_block_read(out + 16, b);
  // CHECK: %[[A32:[^ ]+]] = sext <16 x i8> %[[A:[^ ,]+]] to <16 x i32>
  // CHECK: %[[B32:[^ ]+]] = sext <16 x i8> %[[B:[^ ,]+]] to <16 x i32>
  // CHECK: %[[SUM:[^ ]+]] = add <16 x i32> %[[A32]], %[[B32]]
  vector<int, 16> sum = a + b;
  // CHECK: %[[SF:[^ ]+]] = sitofp <16 x i32> %[[SUM]] to <16 x float>
  // CHECK: fmul <16 x float> %[[SF]], %{{[^ ,]+}}
  vector<float, 16> scaled = sum * f;
  // CHECK: %[[LT:[^ ]+]] = icmp slt <16 x i32> %[[A32]], %[[B32]]
  // CHECK: sext <16 x i1> %[[LT]] to <16 x i32>
  // CHECK: and <16 x i16> %{{[^ ,]+}}, <i16 1,
  vector<ushort, 16> less = a < b;
  // CHECK: shl <16 x i32> %[[A32]], <i32 2,
  vector<int, 16> shifted = a << 2;
  // CHECK: %[[N:[^ ]+]] = sub <16 x i32> zeroinitializer, %[[B32]]
  // CHECK: trunc <16 x i32> %{{[^ ,]+}} to <16 x i8>
  a += -b;
  vector<int, 16> mix = less + shifted + scaled + a;
  cm_svm_block_write((int *)out, mix.select<8, 1>(0));
}

// Unsigned and 64-bit elements, ~ and !.
// CHECK-LABEL: define dso_local spir_func void @unsigned_ops(
extern "C" _GENX_MAIN_ void unsigned_ops(unsigned *out [[type("svmptr_t")]]) {
  vector<uint, 4> u;
  cm_svm_block_read(out, u);
  // CHECK: lshr <4 x i32> %{{[^ ,]+}}, <i32 3,
  vector<uint, 4> q = u >> 3;
  // CHECK: icmp ugt <4 x i32>
  vector<ushort, 4> big = u > 100u;
  // CHECK: xor <4 x i32> %{{[^ ,]+}}, <i32 -1,
  vector<uint, 4> inv = ~u;
  // CHECK: icmp eq <4 x i32>
  vector<ushort, 4> zero = !u;
  // CHECK: mul <4 x i64>
  vector<long long, 4> wide = vector<long long, 4>(u) * 3ll;
  cm_svm_block_write(out, q + big + inv + zero + vector<uint, 4>(wide));
}
