; Filtered sampling: llvm.genx.sample is vISA's legacy `sample.<channels> (n) S T u v r dst` (the SamplerIndex
; argument is a sampler variable S, an .input of 4 bytes bound at entry to its sampler index, 0 for the first
; sampler, as IGC's route binds it), llvm.genx.sample.unorm is `sample_unorm.<channels>.
; <format>` with the format from bits 4-5 of the channel operand (0x11: R, 16-bit downsampled) and the scalar
; origin and steps as operands (constants as immediates), as IGC's VC backend emits them. GenX_IR accepts it for
; tgllp and icllp. The vISA executor has no model of a sampler state (filter, addressing, border colour), so
; validation cannot run these: it must say so (exit 3, naming `sample`); a mismatch (1) or bad input (2) fails.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm 2> %t.err || test $? -eq 3
; RUN: FileCheck %s --check-prefix=CANNOT < %t.err
; REQUIRES: genx-ir

; CHECK: .decl [[SMP:S[0-9]+]] v_type=S num_elts=1 // %smp
; CHECK: .decl [[IMG:T[0-9]+]] v_type=T num_elts=1 // %img
; CHECK: .input [[SMP]] offset={{[0-9]+}} size=4
; CHECK: sample.RGBA (16) [[SMP]] [[IMG]] [[U:V[0-9]+]].0 [[V:V[0-9]+]].0 {{V[0-9]+}}.0 {{V[0-9]+}}.0
; CHECK: sample_unorm.R.16-downsampled [[SMP]] [[IMG]] {{V[0-9]+}}(0,0)<0;1,0> {{V[0-9]+}}(0,0)<0;1,0> 0x3c23d70a:f 0x0:f {{V[0-9]+}}.0
; CANNOT: instruction 'sample' (filtered sampling) is not supported by the vISA executor

define void @filtered(i32 %smp, i32 %img, i32 %buf) #0 {
  %u = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %buf, i32 0)
  %v = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %buf, i32 4)
  %rgba = call <64 x float> @llvm.genx.sample.v64f32.v16f32(i32 15, i32 %smp, i32 %img, <16 x float> %u, <16 x float> %v, <16 x float> zeroinitializer)
  %rg = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %rgba, i32 32, i32 32, i32 1, i16 0, i32 undef)
  %ba = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %rgba, i32 32, i32 32, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 8, <32 x float> %rg)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 16, <32 x float> %ba)
  %u0 = extractelement <16 x float> %u, i32 0
  %v1 = extractelement <16 x float> %u, i32 1
  %red = call <32 x i16> @llvm.genx.sample.unorm.v32i16(i32 17, i32 %smp, i32 %img, float %u0, float %v1, float 0x3F847AE140000000, float 0.000000e+00)
  call void @llvm.genx.oword.st.v32i16(i32 %buf, i32 24, <32 x i16> %red)
  ret void
}

declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare <64 x float> @llvm.genx.sample.v64f32.v16f32(i32, i32, i32, <16 x float>, <16 x float>, <16 x float>)
declare <32 x i16> @llvm.genx.sample.unorm.v32i16(i32, i32, i32, float, float, float, float)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @filtered, !"filtered", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 1, i32 2, i32 2}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"sampler_t", !"image2d_t read_only", !"buffer_t"}
