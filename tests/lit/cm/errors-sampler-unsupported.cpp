// Sampler functions this compiler does not implement are refused at the user's line with the reason:
// cm_3d_sample / cm_3d_load (IGC 1.0.12504's vector-compute backend aborts on them for icllp and tgllp), the
// video-analytics functions, read_transpose.
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s

extern "C" _GENX_MAIN_ void refused(SurfaceIndex img, SamplerIndex smp) {
  vector<float, 16> u = 0, v = 0;
  vector<float, 64> px;
  // CHECK: errors-sampler-unsupported.cpp:[[@LINE+1]]:3: error: cm_3d_sample is not supported by this compiler: IGC 1.0.12504's vector-compute backend aborts on the 3D sampler messages
  cm_3d_sample<CM_3D_SAMPLE, CM_ABGR_ENABLE>(px, 0, smp, img, u, v);
  matrix<short, 4, 16> m;
  // CHECK: errors-sampler-unsupported.cpp:[[@LINE+1]]:3: error: cm_va_2d_convolve is not supported by this compiler: the video-analytics sampler functions are not implemented
  cm_va_2d_convolve(m, img, smp, 0.0f, 0.0f);
  matrix<int, 8, 8> t;
  // CHECK: errors-sampler-unsupported.cpp:[[@LINE+1]]:3: error: read_transpose is not supported by this compiler
  read_transpose(img, 3, 3, 0, 0, t);
}
