// Samplers: sample16 (genx.sample: channel mask, sampler, surface, normalized u, v, r), load16 (genx.load on
// integer coordinates), sample32 (genx.sample.unorm with the output format in bits 4-5 of the channel operand),
// cm_avs_sampler (genx.avs). SamplerIndex arguments are kind 1 of !genx.kernels. IGC accepts all four for icllp
// and tgllp. Our vISA of the kernel agrees with its IR on the CPU sampler model (all four messages, avs in 16x4
// 16-bit full) for icllp and tgllp.
// REQUIRES: ocloc, llvm-spirv, genx-ir
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel sampling
// RUN: rm -rf %t.icl %t.tgl && mkdir -p %t.icl %t.tgl
// RUN: cd %t.icl && %cmc -march=icllp -backend=visa -mdump_asm %s -o k.isa && %validate %t.ll sampling.visaasm
// RUN: cd %t.tgl && %cmc -march=tgllp -backend=visa -mdump_asm %s -o k.isa && %validate %t.ll sampling.visaasm

// CHECK-LABEL: define {{.*}}@sampling(
// CHECK: call <64 x float> @llvm.genx.sample.v64f32.v16f32(i32 15, i32 %smp, i32 %img, <16 x float> %[[U:[^,]+]], <16 x float> %[[V:[^,]+]], <16 x float> zeroinitializer)
// CHECK: call <32 x float> @llvm.genx.load.v32f32.v16i32(i32 3, i32 %img, <16 x i32> %{{[^,]+}}, <16 x i32> %{{[^,]+}}, <16 x i32> zeroinitializer)
// CHECK: call <32 x i16> @llvm.genx.sample.unorm.v32i16(i32 17, i32 %smp, i32 %img, float %{{[^,]+}}, float %{{[^,]+}}, float 0x3F847AE140000000, float 0.000000e+00)
// CHECK: call <256 x i16> @llvm.genx.avs.v256i16(i32 15, i32 %smp, i32 %img, float %{{[^,]+}}, float %{{[^,]+}}, float 0x3F847AE140000000, float 0x3F847AE140000000, float 0.000000e+00, i32 0, i32 0, i32 0, float 0.000000e+00, i32 0, i8 0)
// CHECK: !{i32 2, i32 1, i32 2}
extern "C" _GENX_MAIN_ void sampling(SurfaceIndex img [[type("image2d_t read_only")]], SamplerIndex smp,
                                     SurfaceIndex out) {
  vector<float, 16> u, v;
  read(out, 0, u);
  read(out, 64, v);
  matrix<float, 4, 16> rgba;
  sample16(rgba, CM_ABGR_ENABLE, img, smp, u, v);
  matrix<float, 2, 16> rg;
  vector<uint, 16> iu = u, iv = v;
  load16(rg, CM_GR_ENABLE, img, iu, iv);
  matrix<ushort, 1, 32> red;
  sample32(red, CM_R_ENABLE, img, smp, u(0), v(0), 0.01f, 0.0f, CM_16_DOWN_SAMPLE);
  matrix<ushort, 4, 64> scaled;
  cm_avs_sampler(scaled, CM_ABGR_ENABLE, img, smp, u(0), v(0), 0.01f, 0.01f, 0.0f, 0, 0, CM_16_FULL, 0.0f,
                 CM_AVS_16x4, false);
  write(out, 0, rgba.row(0) + rg.row(1));
  write(out, 64, red.row(0) + scaled.row(3).select<32, 1>(0));
}
