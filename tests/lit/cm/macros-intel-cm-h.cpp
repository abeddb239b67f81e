// The public macros of Intel's cm.h that real CM code uses: CM_INLINE / CM_NOINLINE / CM_NODEBUG on helpers,
// _GENX_ and _GENX_STACKCALL_ functions (all inlined, as cmc does by default), CM_STATIC_ERROR, the CM version
// macros, the U8/U16/U32 typedefs and the float-control enumerators.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel helpers

CM_NODEBUG CM_INLINE int twice(int x) { return 2 * x; }
CM_NOINLINE _GENX_ int thrice(int x) { return 3 * x; }
_GENX_STACKCALL_ int four(int x) { return 4 * x; }

template <typename T, int N> CM_INLINE void add_version(vector_ref<T, N> v) {
  CM_STATIC_ERROR(N % 8 == 0, "a multiple of 8 elements");
  v += (T)(__INTEL_CM >= CM_7_0) + (T)(CmFloatControl)CM_RTE;
}

// No helper survives: everything but the kernel is inlined.
// CHECK-NOT: define {{.*}}twice
// CHECK-NOT: define {{.*}}thrice
// CHECK-NOT: define {{.*}}four
// CHECK-LABEL: define {{.*}}@helpers(
// CHECK: %[[V:[^ ]+]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %s, i32 0)
// CHECK: add <8 x i32> %{{[^,]+}}, <i32 1, i32 1,
// CHECK: @llvm.genx.oword.st.v8i32(i32 %s, i32 2,
extern "C" _GENX_MAIN_ void helpers(SurfaceIndex s) {
  vector<U32, 8> v;
  read(s, 0, v);
  add_version<U32, 8>(v);
  v(0) = twice(v(0)) + thrice(v(1)) + four(v(2));
  write(s, 32, v);
}
