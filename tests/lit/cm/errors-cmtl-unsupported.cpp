// The CM template library's functions refuse arguments of the wrong shape or type at the user's call, naming the
// function and what it needs (never an error inside the headers).
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s
#include <cm/cmtl.h>

extern "C" _GENX_MAIN_ void shapes(SurfaceIndex s, int x) {
  matrix<float, 8, 16> a, b;
  matrix<long long, 2, 2> wide;
  vector<int, 4> row;
  vector<short, 8> p1, p2, packed;
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::Transpose_16x16: in and out must be 16x16 matrices (or matrix_refs) of the same element type T
  cmtl::Transpose_16x16(a, b);
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::ReadBlock<T, HEIGHT, WIDTH>: the block must be a matrix or matrix_ref of HEIGHT x WIDTH elements of T
  cmtl::ReadBlock<int, 4, 4>(s, x, 0, a);
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::ReadLinear<T, WIDTH>: the destination must be a vector or vector_ref
  cmtl::ReadLinear(s, x, a);
  // 8-byte pixels: scattered messages move 1, 2 or 4 bytes.
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::WriteLinear<T, WIDTH>: the source must be a vector or vector_ref of WIDTH elements of T, T of 1, 2 or 4 bytes
  cmtl::WriteLinear(s, x, wide.format<long long>());
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::ReadBlock(idx, attribute, ...): a media block read takes GENX_NONE
  cmtl::ReadBlock(s, GENX_DWALIGNED, x, 0, a);
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::Pack<Tpackd, Tcompst, WD>: the vectors must hold WD elements of Tpackd (the halves) and Tcompst (the packed)
  cmtl::Pack<short, int, 8>(p1, p2, packed);
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::map<T, W>(in, out, mapping): in and out must be W x W matrices
  cmtl::map(a, b, row);
  // A cache row of 20 uints is not a whole number of 128-byte blocks.
  matrix<short, 2, 16> context;
  matrix<int, 2, 16> context_ii;
  matrix<uint, 16, 20> stack;
  vector<uint, 16> element = 1;
  // CHECK: errors-cmtl-unsupported.cpp:[[@LINE+1]]:9: error: cmtl::CachedStackPush<T, W, CACHESIZE, STACKCOUNT>: context must be matrix<short, 2, W*STACKCOUNT>, context_ii matrix<int, 2, W>, stack matrix<T, W, CACHESIZE*STACKCOUNT> (or references), CACHESIZE*sizeof(T) a multiple of 128
  cmtl::CachedStackPush<uint, 16, 20>(s, context, context_ii, stack, element);
}
