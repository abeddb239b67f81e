// clang's own diagnostics pass through located, and the driver fails without output.
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll

extern "C" _GENX_MAIN_ void broken(int *out [[type("svmptr_t")]]) {
  // CHECK: errors-syntax.cpp:[[@LINE+1]]:23: error: expected ';' at end of declaration
  vector<int, 8> v = 0
  cm_svm_block_write(out, v);
  // CHECK: errors-syntax.cpp:[[@LINE+1]]:3: error: use of undeclared identifier 'undeclared'
  undeclared = 1;
}
