// The parts of the CM template library this compiler does not implement are refused at the user's line with the
// reason (cmlangspec §6: cached stacks, matrix transforms, the any-size block and linear I/O helpers, the SLM dump).
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

extern "C" _GENX_MAIN_ void io_helpers(SurfaceIndex s, int x) {
  matrix<int, 4, 4> block;
  vector<int, 4> row;
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: ReadBlock is not supported by this compiler: the cmtl any-size block I/O helpers are not implemented
  cmtl::ReadBlock(s, x, 0, block.select_all());
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: WriteLinear is not supported by this compiler: the cmtl any-size linear I/O helpers are not implemented
  cmtl::WriteLinear(s, x, row.select_all());
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: DumpSLM is not supported by this compiler: the cmtl SLM dump is not implemented
  cmtl::DumpSLM(0, s, 64);
}
