; Filtered sampling: llvm.genx.sample is vISA's legacy `sample.<channels> (n) S T u v r dst` (the SamplerIndex
; argument is a sampler variable S, an .input of 4 bytes bound at entry to its sampler index, 0 for the first
; sampler, as IGC's route binds it), llvm.genx.sample.unorm is `sample_unorm.<channels>.
; <format>` with the format from bits 4-5 of the channel operand (0x01: R, 16-bit full) and the scalar origin
; and steps as operands (constants as immediates), as IGC's VC backend emits them. GenX_IR accepts it for tgllp
; and icllp. The vISA validates against the IR through the executor's CPU sampler model (bilinear, clamp to
; edge, one model for every sampler; passes/exec/src/intrinsics/mem/sampler.rs): the coordinates are made
; from the integer inputs to land inside the validator's 1024x64 trial image and around its edges, so every
; trial reads distinct texels. Negative: the same vISA with u and v swapped in the sample, or with another
; delta_u in the sample_unorm, mismatches (exit 1), so the comparison sees the sampled values.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; RUN: sed -E 's/^(    sample.RGBA \(16\) [^ ]+ [^ ]+) ([^ ]+) ([^ ]+)/\1 \3 \2/' %t.visaasm > %t.swapped.visaasm
; RUN: not cmp -s %t.visaasm %t.swapped.visaasm
; RUN: bash -c '%validate %s %t.swapped.visaasm; test $? -eq 1'
; RUN: sed -E 's/0x3a800000:f 0x0:f/0x3b000000:f 0x0:f/' %t.visaasm > %t.step.visaasm
; RUN: bash -c '%validate %s %t.step.visaasm; test $? -eq 1'
; REQUIRES: genx-ir

; CHECK: .decl [[SMP:S[0-9]+]] v_type=S num_elts=1 // %smp
; CHECK: .decl [[IMG:T[0-9]+]] v_type=T num_elts=1 // %img
; CHECK: .input [[SMP]] offset={{[0-9]+}} size=4
; CHECK: sample.RGBA (16) [[SMP]] [[IMG]] [[U:V[0-9]+]].0 [[V:V[0-9]+]].0 {{V[0-9]+}}.0 {{V[0-9]+}}.0
; CHECK: sample_unorm.R.16-full [[SMP]] [[IMG]] {{V[0-9]+}}(0,0)<0;1,0> {{V[0-9]+}}(0,0)<0;1,0> 0x3a800000:f 0x0:f {{V[0-9]+}}.0

define void @filtered(i32 %smp, i32 %img, i32 %buf, <16 x i32> %x, <16 x i32> %y) #0 {
  ; u = ((x & 1535) - 256) / 1024 and v = ((y & 127) - 32) / 64: inside the 1024x64 image and up to a quarter
  ; of it past each edge (clamped).
  %xm = and <16 x i32> %x, <i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535, i32 1535>
  %ym = and <16 x i32> %y, <i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127, i32 127>
  %xs = sub <16 x i32> %xm, <i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256, i32 256>
  %ys = sub <16 x i32> %ym, <i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32, i32 32>
  %xf = sitofp <16 x i32> %xs to <16 x float>
  %yf = sitofp <16 x i32> %ys to <16 x float>
  %u = fmul <16 x float> %xf, <float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000, float 0x3F50000000000000>
  %v = fmul <16 x float> %yf, <float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000, float 0x3F90000000000000>
  %rgba = call <64 x float> @llvm.genx.sample.v64f32.v16f32(i32 15, i32 %smp, i32 %img, <16 x float> %u, <16 x float> %v, <16 x float> zeroinitializer)
  %rg = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %rgba, i32 32, i32 32, i32 1, i16 0, i32 undef)
  %ba = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %rgba, i32 32, i32 32, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 8, <32 x float> %rg)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 16, <32 x float> %ba)
  %u0 = extractelement <16 x float> %u, i32 0
  %v1 = extractelement <16 x float> %v, i32 1
  %red = call <32 x i16> @llvm.genx.sample.unorm.v32i16(i32 1, i32 %smp, i32 %img, float %u0, float %v1, float 0x3F50000000000000, float 0.000000e+00)
  call void @llvm.genx.oword.st.v32i16(i32 %buf, i32 24, <32 x i16> %red)
  ret void
}

declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare <64 x float> @llvm.genx.sample.v64f32.v16f32(i32, i32, i32, <16 x float>, <16 x float>, <16 x float>)
declare <32 x i16> @llvm.genx.sample.unorm.v32i16(i32, i32, i32, float, float, float, float)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, <16 x i32>, <16 x i32>)* @filtered, !"filtered", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 1, i32 2, i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"sampler_t", !"image2d_t read_only", !"buffer_t", !"", !""}
