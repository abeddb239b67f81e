; Typed messages: gather4.typed / scatter4.typed are gather4_typed / scatter4_typed with the enabled channels as
; letters (mask 15 is .RGBA, 3 .RG), the coordinates u, v as ud payloads, a constant zero r and the absent lod as
; %null (vISA's "not used by this surface type"); 8 lanes of a channel fill one GRF, so the intrinsic's packed
; channels are vISA's layout. typed.atomic.* are typed_atomic.<op> (sources and result ud). GenX_IR accepts
; it for tgllp and icllp. Validation must agree (exit 0) once the vISA executor runs typed messages; until then
; it says it cannot validate (exit 3, naming the instruction); a mismatch (1) or bad input (2) fails.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm || test $? -eq 3
; REQUIRES: genx-ir

; CHECK: .decl [[IMG:T[0-9]+]] v_type=T num_elts=1 // %img
; CHECK: gather4_typed.RGBA (M1, 8) [[IMG]] [[U:V[0-9]+]].0 [[V:V[0-9]+]].0 %null.0 %null.0 {{V[0-9]+}}.0
; CHECK: scatter4_typed.RG (M1, 8) [[IMG]] [[U]].0 [[V]].0 %null.0 %null.0 {{V[0-9]+}}.0
; CHECK: typed_atomic.add (M1, 8) [[IMG]] [[U]].0 [[V]].0 %null.0 %null.0 {{V[0-9]+}}.0 %null.0 {{V[0-9]+}}.0

define void @typed(i32 %img, i32 %buf) #0 {
  %u = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
  %d = call <32 x float> @llvm.genx.gather4.typed.v32f32.v8i1.v8i32(i32 15, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %img, <8 x i32> %u, <8 x i32> %v, <8 x i32> zeroinitializer, <32 x float> undef)
  %rg = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %d, i32 16, i32 16, i32 1, i16 0, i32 undef)
  call void @llvm.genx.scatter4.typed.v8i1.v8i32.v16f32(i32 3, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %img, <8 x i32> %u, <8 x i32> %v, <8 x i32> zeroinitializer, <16 x float> %rg)
  %old = call <8 x i32> @llvm.genx.typed.atomic.add.v8i32.v8i1.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %img, <8 x i32> %v, <8 x i32> %u, <8 x i32> %v, <8 x i32> zeroinitializer, <8 x i32> zeroinitializer)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %old)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.typed.atomic.add.v8i32.v8i1.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <32 x float> @llvm.genx.gather4.typed.v32f32.v8i1.v8i32(i32, <8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <32 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare void @llvm.genx.scatter4.typed.v8i1.v8i32.v16f32(i32, <8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @typed, !"typed", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 0, i32 0}
!3 = !{!"image2d_t read_write", !"buffer_t"}
