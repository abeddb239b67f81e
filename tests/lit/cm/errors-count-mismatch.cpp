// Assignment, construction, compound assignment and arithmetic between objects of different element counts are
// compile-time errors at the user's line and column, with a sentence naming the construct (never an error
// inside the headers).
// RUN: not %cmc -emit-llvm -S %s -o - 2>&1 | FileCheck %s --implicit-check-not="cm_vector.h:{{[0-9]+}}:{{[0-9]+}}: error"

extern "C" _GENX_MAIN_ void counts(int *out [[type("svmptr_t")]]) {
  vector<int, 8> v = 0;
  vector<int, 4> w = 1;
  // CHECK: errors-count-mismatch.cpp:[[@LINE+1]]:5: error: assignment: the right-hand side has a different number of elements
  v = w;
  // CHECK: errors-count-mismatch.cpp:[[@LINE+1]]:24: error: operator '+': the operands have different numbers of elements
  vector<int, 8> s = v + w;
  // CHECK: errors-count-mismatch.cpp:[[@LINE+1]]:5: error: compound assignment '*=': the operands have different numbers of elements
  s *= w;
  // CHECK: errors-count-mismatch.cpp:[[@LINE+1]]:18: error: no viable conversion from 'vector<[...], 4>' to 'vector<[...], 8>'
  vector<int, 8> c = w;
  // CHECK: errors-count-mismatch.cpp:[[@LINE+1]]:13: error: operator '<': the operands have different numbers of elements
  s.merge(v < w, 1);
  // CHECK: errors-count-mismatch.cpp:[[@LINE+1]]:33: error: format: the new shape has a different size in bytes
  matrix_ref<short, 3, 3> f = v.format<short, 3, 3>();
  cm_svm_block_write(out, s);
}
