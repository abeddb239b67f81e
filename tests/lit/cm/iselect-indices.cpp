// iselect reads elements at run-time indices: an indirect region with one byte offset per element
// (index * sizeof(T)); the 2D form indexes rows and columns (offset (r*C + c) * sizeof(T)).
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-LABEL: define dso_local spir_func void @iselect_indices(
extern "C" _GENX_MAIN_ void iselect_indices(float *out [[type("svmptr_t")]]) {
  vector<float, 16> v;
  cm_svm_block_read(out, v);
  vector<ushort, 8> indices;
  cm_svm_block_read((ushort *)(out + 16), indices);
  vector<ushort, 4> idx = indices.select<4, 1>(0);
  // CHECK: %[[I:[^ ]+]] = mul <4 x i16> %{{[^ ,]+}}, <i16 4, i16 4, i16 4, i16 4>
  // CHECK: call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.v4i16(<16 x float> %[[V:[^ ,]+]], i32 0, i32 1, i32 0, <4 x i16> %[[I]], i32 undef)
  vector<float, 4> a = v.iselect(idx);
  matrix<float, 4, 4> m = v;
  // The row term rows*4 is the same value as the 1D offsets above (C = sizeof(float) = 4), so it is shared.
  // CHECK: %[[S:[^ ]+]] = add <4 x i16> %[[I]], %{{[^ ,]+}}
  // CHECK: %[[B:[^ ]+]] = mul <4 x i16> %[[S]], <i16 4, i16 4, i16 4, i16 4>
  // CHECK: call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.v4i16(<16 x float> %[[V]], i32 0, i32 1, i32 0, <4 x i16> %[[B]], i32 undef)
  vector<float, 4> b = m.iselect(idx, idx.replicate<1, 0, 4, 1>(0) ^ 3);
  cm_svm_block_write(out, a + b);
}
