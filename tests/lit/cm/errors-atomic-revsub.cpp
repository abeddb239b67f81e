// ATOMIC_REVSUB (new = src0 - old, in cmlangspec §4.4's table) has no vISA atomic operation, so IGC's
// vector-compute backend cannot take it: every use -- the legacy write form, write_atomic, the SLM atomic -- is
// refused at the user's line with the reason, and nothing else is reported.
// RUN: not %cmc -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.ll

extern "C" _GENX_MAIN_ void revsub(SurfaceIndex bins) {
  vector<uint, 8> off(0), src(5), old;
  // CHECK: errors-atomic-revsub.cpp:[[@LINE+1]]:15: error: ATOMIC_REVSUB is not supported by this compiler: vISA has no reverse-subtract atomic operation (compute src0 - old with an ATOMIC_CMPXCHG loop)
  write(bins, ATOMIC_REVSUB, 0, off, src, old);
  // CHECK: errors-atomic-revsub.cpp:[[@LINE+1]]:16: error: ATOMIC_REVSUB is not supported by this compiler
  write_atomic<ATOMIC_REVSUB>(bins, off, src, old);
  write(bins, 64, old);
}
