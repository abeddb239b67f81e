// #include <cm/cmtl.h>: the cached stacks of cmlangspec §6.5 in the form of the spec's example (CachedStackInit,
// Push, Pop with a mask, Top, Empty; 16 channels, a 32-element cache row of uint). A push spills full cache rows
// to the stack surface in 128-byte OWord blocks, a pop reads them back. (Values: frontend/tests/exec_cmtl.rs.)
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel CachedStackExample

#include <cm/cm.h>
#include <cm/cmtl.h>

#define CACHESIZE 32
#define SIMD_SZ 16
#define ALIGN_CACHELINE_SHORT(x) (((x) + 64 - 1) & (~(64 - 1)))

// CHECK-LABEL: define {{.*}}@CachedStackExample(
// Each channel's area starts at (thread origin x * 16 + channel) * MaxSize * sizeof(uint).
// CHECK: @llvm.genx.thread.x
// The spill and the refill of a cache row: 128-byte OWord blocks.
// CHECK-DAG: @llvm.genx.oword.st.v32i32(i32 %stack_surf,
// CHECK-DAG: @llvm.genx.oword.ld.v32i32(i32 0, i32 %stack_surf,
// CHECK-LABEL: }
extern "C" _GENX_MAIN_ void CachedStackExample(SurfaceIndex stack_surf, SurfaceIndex out, int ImageHeight) {
  matrix<short, 2, SIMD_SZ> stack_context;
  matrix<int, 2, SIMD_SZ> stack_context_ii;
  matrix<uint, SIMD_SZ, CACHESIZE> stack;
  vector<uint, 16> element = 1;
  vector<short, 16> mask = 1;
  int aligned_image_height = ALIGN_CACHELINE_SHORT(ImageHeight);

  cmtl::CachedStackInit<uint, 16, CACHESIZE>(stack_context, stack_context_ii, aligned_image_height);
  cmtl::CachedStackPush<uint, 16, CACHESIZE>(stack_surf, stack_context, stack_context_ii, stack, element);
  vector<short, 16> isEmpty;
  cmtl::CachedStackEmpty<16>(stack_context, stack_context_ii, isEmpty);
  mask &= 1 - isEmpty;
  cmtl::CachedStackPop<uint, SIMD_SZ, CACHESIZE>(stack_surf, stack_context, stack_context_ii, stack, element, mask);
  cmtl::CachedStackTop<uint, SIMD_SZ, CACHESIZE>(stack_surf, stack_context, stack_context_ii, stack, element);
  write(out, 0, element);
}
