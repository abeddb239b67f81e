// A select with a constant start outside its object is a located compile-time error, as in cmc; so is a region
// that cannot fit whatever the start (at the user's line, never inside the headers).
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s --implicit-check-not=static_assert
// RUN: not test -e %t.ll

extern "C" _GENX_MAIN_ void bounds(int *out [[type("svmptr_t")]]) {
  vector<int, 8> v = 0;
  matrix<int, 4, 4> m = 0;
  // CHECK: errors-select-bounds.cpp:[[@LINE+1]]:{{[0-9]+}}: error: select is out of bounds
  v.select<4, 2>(2) = 1;
  // CHECK: errors-select-bounds.cpp:[[@LINE+1]]:{{[0-9]+}}: error: select is out of bounds
  m.select<2, 2, 2, 1>(3, 0) = 1;
  // CHECK: errors-select-bounds.cpp:[[@LINE+1]]:{{[0-9]+}}: error: element index is out of bounds
  v(8) = 1;
  // CHECK: errors-select-bounds.cpp:[[@LINE+1]]:{{[0-9]+}}: error: row is out of bounds
  m.row(4) = 0;
  // CHECK: errors-select-bounds.cpp:[[@LINE+1]]:5: error: select: the region does not fit in the vector
  v.select<5, 2>(0) = 2;
  cm_svm_block_write(out, v);
}

extern "C" _GENX_MAIN_ void replicate_bounds(int *out [[type("svmptr_t")]]) {
  vector<int, 8> v = 0;
  // CHECK: errors-select-bounds.cpp:[[@LINE+1]]:{{[0-9]+}}: error: replicate: the region does not fit in the object
  cm_svm_block_write(out, v.replicate<4, 3, 2>(1));
  // CHECK: errors-select-bounds.cpp:[[@LINE+1]]:{{[0-9]+}}: error: replicate is out of bounds
  cm_svm_block_write(out, v.replicate<2, 2, 2>(5));
}

