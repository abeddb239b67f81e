// An object far past the size limit (CM spec 2.2.1) passed on to a library function: clang 14 reports the
// header's static_assert, then crashes instantiating the function (it lays out a vector of 2^31 - 1 elements).
// cmc compiles again stopping at the first error, so the user gets that error at their declaration, and a note
// saying why later errors are not shown; never a crash report.
// RUN: not %cmc -march=icllp -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll
// CHECK: errors-object-size-crash.cpp:[[@LINE+6]]:28: fatal error: {{.*}}CM object too large
// CHECK: cmc: note: clang 14 crashed after this error (a clang bug)
// CHECK-NOT: crashed on
extern "C" _GENX_MAIN_ void huge(SurfaceIndex counts [[type("image2d_t read_write")]], SurfaceIndex out) {
  vector<uint, 8> u, v;
  read(out, 0, u);
  vector<uint, 2147483647> one = 1, before;
  write_typed_atomic<ATOMIC_ADD>(counts, before, one, u, v);
  write_typed_atomic<ATOMIC_INC>(counts, before, u);
  write(out, 64, u);
}
