// Assignment and arithmetic between objects of different element counts are compile-time errors located at
// the statement (clang's static_assert, with the instantiation note pointing at the user's line).
// RUN: not %cmc -emit-llvm -S %s -o - 2>&1 | FileCheck %s

extern "C" _GENX_MAIN_ void counts(int *out [[type("svmptr_t")]]) {
  vector<int, 8> v = 0;
  vector<int, 4> w = 1;
  // CHECK-DAG: error: static_assert failed{{.*}}"element counts do not match"
  // CHECK-DAG: errors-count-mismatch.cpp:[[@LINE+1]]:5: note: in instantiation
  v = w;
  // CHECK-DAG: error: static_assert failed{{.*}}"operands have different element counts"
  // CHECK-DAG: errors-count-mismatch.cpp:[[@LINE+1]]:24: note: in instantiation
  vector<int, 8> s = v + w;
  cm_svm_block_write(out, s);
}
