; The sampler-less LOAD: llvm.genx.load is vISA's legacy `load.<channels> (n) T u v r dst` (as IGC's VC backend
; emits it, not load_3d), SIMD16 and SIMD8 by the coordinates' width, the coordinates as ud payloads (a constant
; zero r materialised: LOAD has no null coordinate), each enabled channel from a GRF of the result. GenX_IR
; accepts it for tgllp and icllp, and the .visaasm agrees with the IR on the vISA executor (a load reads texels
; unfiltered, so validation must succeed: exit 0).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: .decl [[IMG:T[0-9]+]] v_type=T num_elts=1 // %img
; CHECK: load.RG (16) [[IMG]] [[U:V[0-9]+]].0 [[V:V[0-9]+]].0 [[R:V[0-9]+]].0 {{V[0-9]+}}.0
; CHECK: load.A (8) [[IMG]] {{V[0-9]+}}.0 {{V[0-9]+}}.0 {{V[0-9]+}}.0 {{V[0-9]+}}.0

define void @loads(i32 %img, i32 %buf) #0 {
  %c = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 0)
  %u = and <16 x i32> %c, <i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15, i32 15>
  %s = lshr <16 x i32> %c, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %v = and <16 x i32> %s, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %rg = call <32 x float> @llvm.genx.load.v32f32.v16i32(i32 3, i32 %img, <16 x i32> %u, <16 x i32> %v, <16 x i32> zeroinitializer)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 4, <32 x float> %rg)
  %u8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 8, i32 8, i32 1, i16 32, i32 undef)
  %v8 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %u, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %a = call <8 x float> @llvm.genx.load.v8f32.v8i32(i32 8, i32 %img, <8 x i32> %u8, <8 x i32> %v8, <8 x i32> zeroinitializer)
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 12, <8 x float> %a)
  ret void
}

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.load.v32f32.v16i32(i32, i32, <16 x i32>, <16 x i32>, <16 x i32>)
declare <8 x float> @llvm.genx.load.v8f32.v8i32(i32, i32, <8 x i32>, <8 x i32>, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @loads, !"loads", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 0, i32 0}
!3 = !{!"image2d_t read_only", !"buffer_t"}
