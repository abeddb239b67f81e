// A vector or matrix must be smaller than the thread's GRF file (CM spec 2.2.1: 128 registers, 4 KB on tgllp,
// 8 KB on pvc): a larger one is a compile-time error at the user's declaration (the header's static_assert,
// moved there by the front end), found at once (a vector<int, 1048576> used to take clang past 3.5 GB).
// Negative sizes and region widths are errors too, not a clang crash (clang 14 crashed laying out a vector of
// negative size).
// RUN: not %cmc -march=tgllp -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll
// Just under the limit compiles, on each GRF size.
// RUN: %cmc -march=tgllp -DFITS -emit-llvm -S %s -o - | FileCheck %s --check-prefix=FITS
// RUN: %cmc -march=pvc -DFITS -DWIDE -emit-llvm -S %s -o - | FileCheck %s --check-prefix=FITS
// FITS: define {{.*}}@sizes

#ifdef FITS
extern "C" _GENX_MAIN_ void sizes(SurfaceIndex buf) {
#ifdef WIDE
  vector<int, 2047> v = 1;
#else
  vector<int, 1023> v = 1;
#endif
  matrix<short, 4, 8> m = 2;
  write(buf, 0, v.select<8, 1>(0) + m.row(0).format<int>().select<4, 1>(0).replicate<2>());
}
#else
extern "C" _GENX_MAIN_ void sizes(SurfaceIndex buf) {
  // CHECK-DAG: errors-object-size.cpp:[[@LINE+2]]:24: error: static_assert failed{{.*}}CM object too large
  // CHECK-DAG: errors-object-size.cpp:[[@LINE+1]]:24: note: in instantiation of template class 'vector<int, 1048576>'
  vector<int, 1048576> v;
  // CHECK-DAG: errors-object-size.cpp:[[@LINE+1]]:25: error: static_assert failed{{.*}}CM object too large
  matrix<float, 32, 32> m;
  // CHECK-DAG: errors-object-size.cpp:[[@LINE+1]]:29: error: static_assert failed{{.*}}CM object too large
  matrix<int, 65536, 65536> huge;
  // CHECK-DAG: errors-object-size.cpp:[[@LINE+2]]:{{[0-9]+}}: error: {{.*}}select: the sizes must be positive
  matrix<int, 8, 8> ok = 0;
  auto bad = ok.select<6, 1, -1, 1>(0, 3);
  vector<uchar, 4095> fits;
  write(buf, 0, fits.select<16, 1>(0));
}
#endif
