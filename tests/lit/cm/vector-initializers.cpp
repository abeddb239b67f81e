// Vectors and matrices from C arrays (cmlangspec 3.2.3): an initializer array of any dimensions and element type,
// copied in order up to the smaller of the two sizes (the rest stays undefined); from scalars, other objects and
// shapes with per-element conversion; with SAT, the conversion saturates; select_all() is the whole object.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// Not an array of arithmetic elements: refused at the user's line.
// RUN: not %cmc -emit-llvm -S -DBAD_ARRAY %s -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD

const short two_by_four[2][4] = {1, 9, 17, 25, 33, 41, 49, 57};
const short table[5][16] = {{4, 6, 8}, {0, 1, 1, 0, 0}, {8, 9, 7, 6}, {23}, {45}};
static const ushort four[4] = {7, 8, 9, 10};
const float twelve[12] = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f, 8.5f, 9.5f, 10.5f, 11.5f};

// CHECK-LABEL: define dso_local spir_func void @initializers(
// A two-dimensional array into a vector of the same element count.
// CHECK: call void @llvm.genx.svm.block.st.i64.v8i16(i64 %{{[^ ,]+}}, <8 x i16> <i16 1, i16 9, i16 17, i16 25, i16 33, i16 41, i16 49, i16 57>)
// Into a matrix of another element type: all 80 elements of the array (one load), converted; row 2 at byte 128.
// CHECK: %[[T:[^ ]+]] = load <80 x i16>, <80 x i16>* bitcast ({{.*}}* @{{.*}}table to <80 x i16>*)
// CHECK: %[[W:[^ ]+]] = sext <80 x i16> %[[T]] to <80 x i32>
// CHECK: call <16 x i32> @llvm.genx.rdregioni.v16i32.v80i32.i16(<80 x i32> %[[W]], i32 0, i32 16, i32 1, i16 128, i32 undef)
// A smaller array: the first four elements, then undefined ones.
// CHECK: call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> <i16 7, i16 8, i16 9, i16 10, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef>, i32 0, i32 8, i32 1, i16 0, i32 undef)
// A bigger array: its first eight elements, converted to int.
// CHECK: call void @llvm.genx.svm.block.st.i64.v8i32(i64 %{{[^ ,]+}}, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>)
extern "C" _GENX_MAIN_ void initializers(short *out [[type("svmptr_t")]], int *out32 [[type("svmptr_t")]]) {
  vector<short, 8> v(two_by_four);
  cm_svm_block_write(out, v);
  matrix<uint, 5, 16> m(table);
  cm_svm_block_write((uint *)out32, m.row(2));
  vector<ushort, 16> wide(four);
  cm_svm_block_write((ushort *)out + 64, wide.select<8, 1>(0));
  vector<int, 8> truncated(twelve);
  cm_svm_block_write(out32 + 64, truncated);
#ifdef BAD_ARRAY
  const int *pointers[8] = {};
  // BAD: vector-initializers.cpp:[[@LINE+1]]:{{[0-9]+}}: error: no matching constructor for initialization of 'vector<int, 8>'
  vector<int, 8> from_pointers(pointers);
#endif
}

// CHECK-LABEL: define dso_local spir_func void @conversions(
// CHECK: call <8 x i8> @llvm.genx.sstrunc.sat.v8i8.v8i32(<8 x i32> %{{[^ ,]+}})
// CHECK: trunc <8 x i32> %{{[^ ,]+}} to <8 x i8>
// CHECK: call <8 x float> @llvm.genx.sat.v8f32(<8 x float> %{{[^ ,]+}})
extern "C" _GENX_MAIN_ void conversions(int *io [[type("svmptr_t")]], float *f [[type("svmptr_t")]]) {
  vector<int, 8> w;
  cm_svm_block_read(io, w);
  vector<char, 8> saturated(w, SAT);
  matrix<char, 2, 4> wrapped = matrix<char, 2, 4>(w);
  vector<float, 8> x;
  cm_svm_block_read(f, x);
  vector<float, 8> unit(x, SAT);
  matrix<float, 2, 4> whole = unit;
  whole.select_all() += 1.0f;
  w.select_all().select<4, 1>(0) = saturated.select<4, 1>(0) + wrapped.select_all().format<char>().select<4, 1>(4);
  cm_svm_block_write(io, w);
  cm_svm_block_write(f, whole.format<float>());
}
