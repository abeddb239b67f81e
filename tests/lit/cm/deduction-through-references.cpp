// A function template's vector_ref/matrix_ref parameter deduces its element type and sizes from a vector or
// matrix argument (and a vector parameter from a select), as cmc does: the argument is passed as a reference to
// the caller's object, so the template's writes reach it (one wrregion of the caller's vector, no copy back).
// Sizes declared `uint` in the template (the spec's own example) deduce too.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// A real mismatch is still clang's error at the user's call, with the user's text in the snippet.
// RUN: not %cmc -emit-llvm -S -DMISMATCH %s -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=__cm_as

template <typename T, int N> void scale(vector_ref<T, N> v, T k) { v *= k; }
template <typename T, int N> void add_diagonal(matrix_ref<T, N, N> m, vector<T, N> d) {
  for (int k = 0; k < N; k++)
    m(k, k) += d(k);
}
template <typename T, int N> void accumulate(vector<T, N> &sum, vector_ref<T, N> x) { sum += x; }
template <typename T, uint R, unsigned short C> void mult3(matrix_ref<T, R, C> par) { par = par * 3; }

// CHECK-LABEL: define dso_local spir_func void @deduce(
extern "C" _GENX_MAIN_ void deduce(int *io [[type("svmptr_t")]]) {
  vector<int, 8> v;
  cm_svm_block_read(io, v);
  matrix<int, 8, 8> m = 1;
  // scale(v, 3): v itself is multiplied.
  // CHECK: %[[S:[^ ]+]] = mul <8 x i32> %{{[^ ,]+}}, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  scale(v, 3);
  // A select still deduces as before, and a select is a vector<T, N> argument.
  scale(m.row(1), 2);
  add_diagonal(m, v.select<8, 1>(0));
  // A vector by reference and a vector as a reference in the same call.
  vector<int, 8> sum = 0;
  accumulate(sum, v);
  // The whole of m times 3 (after the diagonal): rows 1 and 2 become 6 and 3 plus the diagonal.
  // CHECK: mul <64 x i32> %{{[^ ,]+}}, <i32 3,
  mult3(m);
  // CHECK: call void @llvm.genx.svm.block.st.i64.v8i32(i64 %{{[^ ,]+}}, <8 x i32> %{{[^ ,]+}})
  cm_svm_block_write(io, sum + m.row(1) + m.row(2));
#ifdef MISMATCH
  vector<int, 4> four = 0;
  // BAD: deduction-through-references.cpp:[[@LINE+4]]:3: error: no matching function for call to 'add_diagonal'
  // BAD-NEXT: {{^}}  add_diagonal(m, four);{{$}}
  // BAD-NEXT: {{^}}  ^~~~~~~~~~~~{{$}}
  // BAD: note: candidate template ignored: deduced conflicting values for parameter '{{_?N}}' (8 vs. 4)
  add_diagonal(m, four);
#endif
}
