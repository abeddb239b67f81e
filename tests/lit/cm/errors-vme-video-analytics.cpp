// The VME and video-analytics code blocks of the spec's text (cmlangspec §2.3, §4.5, §4.9-§4.12), which this
// compiler does not implement, are refused at the user's line with the construct and the reason; their modes and
// payload types are declared, so the refusal is the call's (or the VmeIndex's), not an unknown identifier. Also
// §4.6's usage note of cm_slm_block_read, which spells an OWord read() of an SLM buffer.
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

// CHECK: errors-vme-video-analytics.cpp:[[@LINE+1]]:55: error: 'VmeIndex' is unavailable: VmeIndex and the VME functions (cmlangspec 4.12) are not supported by this compiler: it implements no video motion estimation
extern "C" _GENX_MAIN_ void refused(SurfaceIndex img, VmeIndex vme, SamplerIndex smp, SurfaceIndex dst) {
  matrix<uchar, 3, 32> uni = 0;
  matrix<uchar, 4, 32> sic = 0;
  matrix<uchar, 7, 32> out;
  // CHECK: errors-vme-video-analytics.cpp:[[@LINE+1]]:3: error: run_vme_sic is not supported by this compiler: video motion estimation is not implemented
  run_vme_sic(uni, sic, img, out);
  // CHECK: errors-vme-video-analytics.cpp:[[@LINE+1]]:3: error: cm_va_2d_convolve_hdc is not supported by this compiler: the video-analytics sampler functions are not implemented
  cm_va_2d_convolve_hdc(img, smp, 0.0f, 0.0f, false, CM_HDC_FORMAT_16S, dst, 0, 0);
  vector<uint, 8> v;
  // CHECK: errors-vme-video-analytics.cpp:[[@LINE+1]]:3: error: cm_va_erode is not supported by this compiler
  cm_va_erode(v, img, smp, 0.0f, 0.0f, CM_ED_64x4);
  matrix<short, 4, 16> m;
  // CHECK: errors-vme-video-analytics.cpp:[[@LINE+1]]:3: error: cm_va_1d_convolution is not supported by this compiler
  cm_va_1d_convolution(m, img, smp, true, 0.0f, 0.0f, CM_CONV_16x4);
  matrix<int, 8, 2> t;
  // CHECK: errors-vme-video-analytics.cpp:[[@LINE+1]]:3: error: read_transpose is not supported by this compiler: IGC 1.0.12504's vector-compute backend has no lowering for llvm.genx.transpose.ld (vISA TRANSPOSE_LD) (IGC aborts with 'Unsupported intrinsic!')
  read_transpose(img, CM_READ_2, CM_READ_8, 2, 1, t);
  cm_slm_init(1024);
  uint slmBuffer = cm_slm_alloc(1024);
  vector<int, 16> w;
  // CHECK: errors-vme-video-analytics.cpp:[[@LINE+1]]:3: error: read() reads a surface (a SurfaceIndex); an SLM buffer is read with cm_slm_block_read(buffer, [attribute,] offset, v)
  read (DWALIGNED(slmBuffer), 4, w);
  cm_slm_block_read(DWALIGNED(slmBuffer), 4, w);
}
