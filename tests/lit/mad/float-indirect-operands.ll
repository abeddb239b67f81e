; IGC's limit on indirect regions in a float mad (GenXPatternMatch's MadMatcher: at most one of the three sources
; and the destination indirect): a multiply of an indirect read fuses; a multiply of two indirect reads does not,
; nor does a multiply of one indirect read whose sum goes to an indirect write. Through genx-legalize and the
; emitter the one fused pair is one mad reading through an address register; GenX_IR takes it, and the vISA
; validates against this IR (indices masked into range).
; RUN: %opt -passes=genx-mad -S %s | FileCheck %s
; RUN: %opt -passes='genx-mad,genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s --check-prefix=VISA < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: define void @indirect_mads(
; CHECK:       %one = call <8 x float> @llvm.fma.v8f32(<8 x float> %r, <8 x float> %b, <8 x float> %c)
; CHECK:       %two = fadd <8 x float> %m2, %c
; CHECK:       %to = fadd <8 x float> %m3, %c
; CHECK-NOT:   call <8 x float> @llvm.fma

; VISA-COUNT-1: mad (M1, 8)
; VISA-NOT:     mad (M1, 8)

define void @indirect_mads(i32 %buf, i32 %k, <8 x float> %b, <8 x float> %c) #0 {
  %data = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %buf, i32 0)
  %t = trunc i32 %k to i16
  %m = and i16 %t, 7
  %i = shl i16 %m, 2
  %r = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %data, i32 0, i32 8, i32 1, i16 %i, i32 undef)
  %m1 = fmul <8 x float> %r, %b
  %one = fadd <8 x float> %m1, %c
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> %one)
  %j = add i16 %i, 4
  %r2 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %data, i32 0, i32 8, i32 1, i16 %j, i32 undef)
  %m2 = fmul <8 x float> %r, %r2
  %two = fadd <8 x float> %m2, %c
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 6, <8 x float> %two)
  %m3 = fmul <8 x float> %r, %b
  %to = fadd <8 x float> %m3, %c
  %w = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %data, <8 x float> %to, i32 0, i32 8, i32 1, i16 %i, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 8, <16 x float> %w)
  ret void
}

declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, <8 x float>, <8 x float>)* @indirect_mads, !"indirect_mads", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !""}
