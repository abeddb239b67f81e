// format<U>() views the same bytes as elements of U (a bitcast of the whole object, then a region of it);
// format<U,R,C>() as a matrix; writes through a format go back into the original object.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @format_views(
extern "C" _GENX_MAIN_ void format_views(int *out [[type("svmptr_t")]]) {
  vector<int, 8> v;
  cm_svm_block_read(out, v);
  // The low bytes of every int: a byte view, stride 4.
  // CHECK: %[[B:[^ ]+]] = bitcast <8 x i32> %[[V:[^ ]+]] to <32 x i8>
  // CHECK: call <8 x i8> @llvm.genx.rdregioni.v8i8.v32i8.i16(<32 x i8> %[[B]], i32 0, i32 8, i32 4, i16 0, i32 undef)
  vector<uchar, 8> low = v.format<uchar>().select<8, 4>(0);
  // A 4x4 short matrix view, column 1, written: a wrregion of the short view, bitcast back to ints.
  // CHECK: %[[S:[^ ]+]] = bitcast <8 x i32> %[[V]] to <16 x i16>
  // CHECK: %[[W:[^ ]+]] = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %[[S]], <4 x i16> %{{[^ ,]+}}, i32 0, i32 4, i32 4, i16 2, i32 undef, i1 true)
  // CHECK: bitcast <16 x i16> %[[W]] to <8 x i32>
  v.format<short, 4, 4>().column(1) = low.select<4, 2>(0);
  cm_svm_block_write(out, v);
}

// A format of a strided reference keeps each new element inside one old element: the bytes of ints 0, 2, 4
// and 6 are a 2D byte region (rows of 4 bytes, 8 bytes apart).
// CHECK-LABEL: define dso_local spir_func void @format_of_strided(
// CHECK: call <16 x i8> @llvm.genx.rdregioni.v16i8.v32i8.i16(<32 x i8> %{{[^ ,]+}}, i32 8, i32 4, i32 1, i16 0, i32 undef)
extern "C" _GENX_MAIN_ void format_of_strided(int *out [[type("svmptr_t")]]) {
  vector<int, 8> v;
  cm_svm_block_read(out, v);
  vector<char, 16> bytes = v.select<4, 2>(0).format<char>();
  vector<char, 4> second = bytes.select<4, 4>(1);
  vector<int, 4> wide = second;
  cm_svm_block_write(out, wide);
}
