// A source that needs `template` inserted before CM member templates and still has an error: the diagnostics are
// clang's, at the user's line and column (after the insertions on the same line) with the user's own source line
// in the snippet; no error about the missing keyword.
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s --implicit-check-not=template
// RUN: not test -e %t.ll

template <typename T, int N> void twice(vector<T, N> &in) {
  // CHECK: errors-member-templates.cpp:[[@LINE+4]]:45: error: use of undeclared identifier 'undeclared_count'
  // CHECK-NEXT: {{^}}  in.select<4, 1>(0) = in.select<4, 1>(4) + undeclared_count;{{$}}
  // CHECK-NEXT: {{^}}                                            ^{{$}}
  // CHECK-NOT: error
  in.select<4, 1>(0) = in.select<4, 1>(4) + undeclared_count;
  // A tab before the member: the snippet shows it expanded, as clang does.
  // CHECK: errors-member-templates.cpp:[[@LINE+3]]:22: error: use of undeclared identifier 'missing_factor'
  // CHECK-NEXT: {{^}}        in.replicate<2>() * missing_factor;{{$}}
  // CHECK-NEXT: {{^}}                            ^{{$}}
	in.replicate<2>() * missing_factor;
}

extern "C" _GENX_MAIN_ void k(int *p [[type("svmptr_t")]]) {
  vector<int, 8> v;
  cm_svm_block_read(p, v);
  twice(v);
  cm_svm_block_write(p, v);
}
