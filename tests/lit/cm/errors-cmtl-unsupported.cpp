// The parts of the CM template library this compiler does not implement are refused at the user's line with the
// reason (cmlangspec §6: cached stacks, matrix transforms).
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s
#include <cm/cmtl.h>

extern "C" _GENX_MAIN_ void transforms(SurfaceIndex s) {
  matrix<float, 16, 16> a, b;
  read(s, 0, 0, a);
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: Transpose_16x16 is not supported by this compiler: the cmtl matrix transforms are not implemented
  cmtl::Transpose_16x16(a, b);
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: MirrorVertical is not supported by this compiler
  cmtl::MirrorVertical<float, 16, 16>(a, b);
}
