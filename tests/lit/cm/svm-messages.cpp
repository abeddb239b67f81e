// SVM: block read/write are genx.svm.block.ld[.unaligned] / svm.block.st on an i64 address, which may come from an
// svmptr_t or a pointer (ptrtoint, after pointer arithmetic); scattered access is genx.svm.gather / svm.scatter
// with one block per lane; cm_svm_atomic is genx.svm.atomic.<op> with its sources and a zero `old`.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: void @svm(i64 {{.*}}%p, float* {{.*}}%q, i32* {{.*}}%c)
// CHECK: [[V:%.*]] = call <16 x float> @llvm.genx.svm.block.ld.v16f32.i64(i64 %p)
// CHECK: [[Q16:%.*]] = getelementptr inbounds float, float* %q, i64 16
// CHECK: [[A16:%.*]] = ptrtoint float* [[Q16]] to i64
// CHECK: call void @llvm.genx.svm.block.st.i64.v16f32(i64 [[A16]], <16 x float> [[V]])
// CHECK: [[Q1:%.*]] = getelementptr inbounds float, float* %q, i64 1
// CHECK: [[A1:%.*]] = ptrtoint float* [[Q1]] to i64
// CHECK: [[U:%.*]] = call <16 x float> @llvm.genx.svm.block.ld.unaligned.v16f32.i64(i64 [[A1]])
// CHECK: [[P64:%.*]] = add i64 %p, 64
// CHECK: call void @llvm.genx.svm.block.st.i64.v16f32(i64 [[P64]], <16 x float> [[U]])
// CHECK: [[G:%.*]] = call <8 x float> @llvm.genx.svm.gather.v8f32.v8i1.v8i64(<8 x i1> <i1 true, {{.*}}>, i32 0, <8 x i64> [[ADDR:%.*]], <8 x float> zeroinitializer)
// CHECK: call void @llvm.genx.svm.scatter.v8i1.v8i64.v8f32(<8 x i1> <i1 true, {{.*}}>, i32 0, <8 x i64> [[ADDR]], <8 x float> [[G]])
// CHECK: call <8 x i32> @llvm.genx.svm.atomic.add.v8i32.v8i1.v8i64(<8 x i1> <i1 true, {{.*}}>, <8 x i64> [[CA:%.*]], <8 x i32> <i32 1, {{.*}}>, <8 x i32> zeroinitializer)
// CHECK: [[OLD:%.*]] = call <8 x i32> @llvm.genx.svm.atomic.inc.v8i32.v8i1.v8i64(<8 x i1> <i1 true, {{.*}}>, <8 x i64> [[CA]], <8 x i32> zeroinitializer)
// CHECK: call void @llvm.genx.svm.block.st.i64.v8i32(i64 {{%.*}}, <8 x i32> [[OLD]])
extern "C" _GENX_MAIN_ void svm(svmptr_t p, float *q, int *c) {
  vector<float, 16> v;
  cm_svm_block_read(p, v);
  cm_svm_block_write(q + 16, v);
  vector<float, 16> u;
  cm_svm_block_read_unaligned(q + 1, u);
  cm_svm_block_write(p + 64, u);
  vector<svmptr_t, 8> addr = p;
  vector<float, 8> g;
  cm_svm_scatter_read(addr, g);
  cm_svm_scatter_write(addr, g);
  vector<svmptr_t, 8> ca = (svmptr_t)c;
  vector<int, 8> one = 1, old;
  cm_svm_atomic(ATOMIC_ADD, ca, old, one);
  cm_svm_atomic(ATOMIC_INC, ca, old);
  cm_svm_block_write(c, old);
}
