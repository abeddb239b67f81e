// sample16 / load16 with the trailing coordinates omitted (v and r default to 0, as in the spec), for one and for
// several channels; a constant channel mask that enables no channel (which IGC rejects without a message) or a
// matrix with fewer rows than enabled channels is refused at the user's call. IGC accepts the valid forms for
// icllp and tgllp.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel coordinates
// RUN: not %cmc -emit-llvm -S -DBAD %s -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:

// CHECK-LABEL: define {{.*}}@coordinates(
// CHECK: call <16 x float> @llvm.genx.sample.v16f32.v16f32(i32 1, i32 %smp, i32 %img, <16 x float> %{{[^,]+}}, <16 x float> zeroinitializer, <16 x float> zeroinitializer)
// CHECK: call <48 x float> @llvm.genx.sample.v48f32.v16f32(i32 7, i32 %smp, i32 %img, <16 x float> %{{[^,]+}}, <16 x float> %{{[^,]+}}, <16 x float> zeroinitializer)
// CHECK: call <16 x float> @llvm.genx.load.v16f32.v16i32(i32 8, i32 %img, <16 x i32> %{{[^,]+}}, <16 x i32> zeroinitializer, <16 x i32> zeroinitializer)
// CHECK: call <32 x float> @llvm.genx.load.v32f32.v16i32(i32 12, i32 %img, <16 x i32> %{{[^,]+}}, <16 x i32> %{{[^,]+}}, <16 x i32> zeroinitializer)
extern "C" _GENX_MAIN_ void coordinates(SurfaceIndex img [[type("image2d_t read_only")]], SamplerIndex smp,
                                        SurfaceIndex out) {
  vector<float, 16> u, v;
  read(out, 0, u);
  read(out, 64, v);
  matrix<float, 1, 16> red;
  sample16(red, CM_R_ENABLE, img, smp, u);
  matrix<float, 3, 16> rgb;
  sample16(rgb, CM_BGR_ENABLE, img, smp, u, v);
  vector<uint, 16> iu = u * 64.0f, iv = v * 64.0f;
  matrix<float, 1, 16> alpha;
  load16(alpha, CM_A_ENABLE, img, iu);
  matrix<float, 2, 16> ab;
  load16(ab, CM_AB_ENABLE, img, iu, iv);
  write(out, 128, red.row(0) + rgb.row(2) + alpha.row(0) + ab.row(1));
#ifdef BAD
  // BAD: sampler-mask-and-coordinates.cpp:[[@LINE+1]]:{{[0-9]+}}: error: sample16: the channel mask must enable at least one channel (CM_R_ENABLE ... CM_ABGR_ENABLE)
  sample16(rgb, (ChannelMaskType)0, img, smp, u);
  // BAD: sampler-mask-and-coordinates.cpp:[[@LINE+1]]:{{[0-9]+}}: error: load16: the matrix has fewer rows than the channel mask enables channels
  load16(ab, CM_BGR_ENABLE, img, iu);
  // BAD: sampler-mask-and-coordinates.cpp:[[@LINE+1]]:{{[0-9]+}}: error: sample16: the matrix has fewer rows than the channel mask enables channels
  sample16(red, CM_GR_ENABLE, img, smp, u);
#endif
}
