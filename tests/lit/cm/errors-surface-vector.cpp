// A vector of surfaces or samplers (spec 2.3, `vector<SurfaceIndex, N>` as a kernel argument, one binding table
// index per element) is not supported: the error is at the user's declaration and names the construct and the
// way out, never a clang error about extended vectors of a class type.
// RUN: not %cmc -march=icllp -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %cmc -march=tgllp -emit-llvm -S -DSAMPLERS %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SAMPLER

#ifndef SAMPLERS
// CHECK: errors-surface-vector.cpp:[[@LINE+1]]:63: error: {{.*}}vector<SurfaceIndex, N> and vector<SamplerIndex, N> (spec 2.3) are not supported: pass each surface or sampler as its own SurfaceIndex or SamplerIndex kernel argument
extern "C" _GENX_MAIN_ void copy_rows(vector<SurfaceIndex, 2> surfaces, uint x, uint y) {
  vector<int, 8> v;
  read(surfaces(0), x * 32, y, v);
  write(surfaces(1), x * 32, y, v);
}
#else
// SAMPLER: errors-surface-vector.cpp:[[@LINE+1]]:84: error: {{.*}}vector<SurfaceIndex, N> and vector<SamplerIndex, N> (spec 2.3) are not supported
extern "C" _GENX_MAIN_ void sample_two(SurfaceIndex image, vector<SamplerIndex, 2> samplers) {}
#endif
// CHECK-NOT: vector elements are arithmetic types
