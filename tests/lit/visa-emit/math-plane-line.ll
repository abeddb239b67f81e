; llvm.genx.pln is vISA `plane`, llvm.genx.line is `line` (as IGC's VC backend emits them on Gen11 and Xe-LP):
; the coefficient vector is src0 as a scalar region at a GRF start (p, q, r at its elements 0, 1 and 3; a baled
; region of another vector is moved into a GRF-aligned variable of its own), plane's src1 the u/v block read whole from a GRF start
; (8 u then 8 v per group of 8 channels, the intrinsic's layout), line's src1 an ordinary region. GenX_IR
; accepts it for tgllp and icllp, and it agrees with the IR on the vISA executor (exit 0).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: oword_ld (4) {{T[0-9]+}} 0x0:ud [[A:V[0-9]+]].0
; CHECK: mov (M1, 4) [[C:V[0-9]+]](0,0)<1> [[A]](0,4)<1;1,0>
; CHECK: plane (M1, 16) {{V[0-9]+}}(0,0)<1> [[C]](0,0)<0;1,0> [[UV:V[0-9]+]](0,0)<1;1,0>
; CHECK: mov (M1, 4) [[D:V[0-9]+]](0,0)<1> [[A]](0,0)<1;1,0>
; CHECK: line (M1, 16) {{V[0-9]+}}(0,0)<1> [[D]](0,0)<0;1,0> [[UV]](0,0)<1;1,0>

define void @planes(i32 %buf) #0 {
  %a = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %buf, i32 0)
  %uv = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %buf, i32 4)
  %c = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %a, i32 4, i32 4, i32 1, i16 16, i32 undef)
  %p = call <16 x float> @llvm.genx.pln.v16f32.v32f32(<4 x float> %c, <32 x float> %uv)
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 12, <16 x float> %p)
  %a4 = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %a, i32 4, i32 4, i32 1, i16 0, i32 undef)
  %x = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %uv, i32 16, i32 16, i32 1, i16 0, i32 undef)
  %l = call <16 x float> @llvm.genx.line.v16f32(<4 x float> %a4, <16 x float> %x)
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 16, <16 x float> %l)
  ret void
}

declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.pln.v16f32.v32f32(<4 x float>, <32 x float>)
declare <16 x float> @llvm.genx.line.v16f32(<4 x float>, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @planes, !"planes", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
