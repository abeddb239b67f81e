// printf's refusals, at the user's line: a format that is not a string literal (IGC reads it when it compiles
// the kernel), a vector argument (printf prints scalars), a %s argument that is not a literal; and clang's own
// format checking.
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s

_GENX_ const char *pick(int n) { return n ? "a %d\n" : "b %d\n"; }

extern "C" _GENX_MAIN_ void bad(SurfaceIndex in, int n) {
  vector<int, 4> v;
  read(in, 0, v);
  // CHECK-DAG: printf-errors.cpp:[[@LINE+1]]:3: error: {{.*}}printf: the format must be a string literal
  printf(pick(n), n);
  // CHECK-DAG: printf-errors.cpp:[[@LINE+1]]:3: error: {{.*}}printf: argument 1 is a pointer that is not a string literal
  printf("%s\n", pick(n));
}

extern "C" _GENX_MAIN_ void vec(SurfaceIndex in) {
  vector<int, 4> v;
  read(in, 0, v);
  // CHECK-DAG: printf-errors.cpp:[[@LINE+2]]:18: warning: format specifies type 'int' but the argument has type 'vector<int, 4>'
  // CHECK-DAG: printf-errors.cpp:[[@LINE+1]]:3: error: {{.*}}printf: argument 1 is an object (a vector or matrix); printf prints scalars
  printf("%d\n", v);
}
