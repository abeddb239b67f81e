// Template arguments of select, replicate, format and iselect that describe no region -- a size, number of blocks
// or width that is not positive, a negative stride -- are refused at the user's line with one error naming the
// argument: no crash (clang-14 used to lay out vectors of negative size), no error from inside the headers, and
// no follow-on error about the header's internals (a vector of -8 elements, a member missing from it).
// Each error is a separate compilation, so that one cannot hide another.
// RUN: not %cmc -emit-llvm -S -DCASE=1 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REP1 --implicit-check-not=error:
// RUN: not test -e %t.ll
// RUN: not %cmc -emit-llvm -S -DCASE=2 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REP0 --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=3 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REPBLOCKS --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=4 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REPWIDTH --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=5 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REPSTRIDE --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=6 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=SEL0 --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=7 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=SELSTRIDE --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=8 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=SEL2D --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=9 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=SEL2DSTRIDE --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=10 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=FMT0 --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=11 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=FMTNEG --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=12 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=MREP --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=13 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REFREP --implicit-check-not=error:
// RUN: not %cmc -emit-llvm -S -DCASE=14 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=ISEL --implicit-check-not=error:
// The same forms with valid arguments compile.
// RUN: %cmc -emit-llvm -S -DCASE=0 %s -o %t.ok.ll
// RUN: FileCheck %s --check-prefix=OK < %t.ok.ll
// OK: define {{.*}}@sizes(

extern "C" _GENX_MAIN_ void sizes(SurfaceIndex out) {
  vector<int, 8> v = 1;
  matrix<int, 4, 8> m = 2;
  vector<int, 8> r = 0;
#if CASE == 1
  // REP1: errors-region-sizes.cpp:[[@LINE+1]]:14: error: replicate: the number of copies must be positive
  auto a = v.replicate<-1>();
#elif CASE == 2
  // REP0: errors-region-sizes.cpp:[[@LINE+1]]:21: error: replicate: the number of copies must be positive
  auto a = m.row(0).replicate<0>();
#elif CASE == 3
  // REPBLOCKS: errors-region-sizes.cpp:[[@LINE+1]]:14: error: replicate: the number of blocks must be positive
  auto a = v.replicate<0, 2>(0);
#elif CASE == 4
  // REPWIDTH: errors-region-sizes.cpp:[[@LINE+1]]:14: error: replicate: the block width must be positive
  auto a = v.replicate<2, 1, -4>(0);
#elif CASE == 5
  // REPSTRIDE: errors-region-sizes.cpp:[[@LINE+1]]:14: error: replicate: a stride must not be negative
  auto a = v.replicate<2, 4, 4, -1>(0);
#elif CASE == 6
  // SEL0: errors-region-sizes.cpp:[[@LINE+1]]:5: error: select: the size must be positive
  v.select<0, 1>(0) = 3;
#elif CASE == 7
  // SELSTRIDE: errors-region-sizes.cpp:[[@LINE+1]]:5: error: select: the stride must not be negative
  v.select<4, -1>(4) = 3;
#elif CASE == 8
  // SEL2D: errors-region-sizes.cpp:[[@LINE+1]]:5: error: select: the sizes must be positive
  m.select<-2, 1, 4, 1>(0, 0) = 3;
#elif CASE == 9
  // SEL2DSTRIDE: errors-region-sizes.cpp:[[@LINE+1]]:5: error: select: the strides must not be negative
  m.select<2, -1, 4, 1>(2, 0) = 3;
#elif CASE == 10
  // FMT0: errors-region-sizes.cpp:[[@LINE+1]]:5: error: format: the numbers of rows and columns must be positive
  v.format<int, 0, 4>() = 3;
#elif CASE == 11
  // A negative shape of the right byte count (-4 x -8 chars) is refused too.
  // FMTNEG: errors-region-sizes.cpp:[[@LINE+1]]:5: error: format: the numbers of rows and columns must be positive
  v.format<char, -4, -8>() = 3;
#elif CASE == 12
  // MREP: errors-region-sizes.cpp:[[@LINE+1]]:14: error: replicate: the number of blocks must be positive
  auto a = m.replicate<-1, 8>(1, 0);
#elif CASE == 13
  // The result stands for one element, so using it where 8 are needed is a second error, at the same line.
  // REFREP: errors-region-sizes.cpp:[[@LINE+2]]:25: error: replicate: the number of copies must be positive
  // REFREP: errors-region-sizes.cpp:[[@LINE+1]]:5: error: assignment: the right-hand side has a different number of elements
  r = v.select<4, 1>(0).replicate<-2>();
#elif CASE == 14
  // An index vector of no elements: the error is its declaration's, nothing follows from iselect.
  // ISEL: errors-region-sizes.cpp:[[@LINE+1]]:21: error: static_assert failed due to requirement '0 > 0' "a vector has at least one element"
  vector<ushort, 0> none;
  r.select<1, 1>(0) = v.iselect(none)(0);
#else
  r = v.replicate<2, 4>(0) + v.replicate<2, 1, 4>(0) + v.replicate<2, 4, 4, 1>(0) + m.row(1).select<8, 1>(0);
  r += v.select<4, 2>(0).replicate<2>() + v.format<short, 2, 8>().format<int>() + m.replicate<1, 8>(1, 0);
  vector<ushort, 8> idx = 7;
  r += v.iselect(idx) + m.select<2, 1, 4, 2>(0, 0).format<int>();
  write(out, 0, r);
#endif
}
