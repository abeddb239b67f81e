; Emission order (visa_emit/schedule.rs): six 256-lane float values (1 KB each; 6 KB live at once as written,
; over icllp's 4 KB register file) are split by genx-legalize operation by operation (every piece of %y1, then
; every piece of %y2, ...). Their joins are read only piece by piece, so each piece is its own value
; (visa_emit/pieces.rs), and the block, needing more than the register file, is emitted depth-first from its
; uses: piece 0 of %y1 and %y2, their sum, piece 0 of %y3 and the next sum, ..., then piece 1. The message
; anchors keep their order (the oword_ld first, the stores last, in order). -stats counts what moved.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: FileCheck %s --check-prefix=STATS < %t.out
; RUN: sed -n '/^\.version/,/^ *ret/p' %t.out > %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: wide_BB_0:
; CHECK-NEXT: oword_ld (8) [[T:T[0-9]+]] 0x0:ud [[X:V[0-9]+]].0
; CHECK-NEXT: add (M1, 16) [[Y1:V[0-9]+]](0,0)<1> [[X]](0,0)<1;1,0> [[X]](0,0)<1;1,0>
; CHECK-NEXT: mul (M1, 16) [[Y2:V[0-9]+]](0,0)<1> [[X]](0,0)<1;1,0> [[X]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) [[S1:V[0-9]+]](0,0)<1> [[Y1]](0,0)<1;1,0> [[Y2]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) [[Y3:V[0-9]+]](0,0)<1> [[X]](0,0)<1;1,0> (-)[[X]](2,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) {{V[0-9]+}}(0,0)<1> [[S1]](0,0)<1;1,0> [[Y3]](0,0)<1;1,0>
; CHECK-COUNT-6: {{^ *(add|mul|div) }}
; CHECK-NEXT: add (M1, 16) [[Y1B:V[0-9]+]](0,0)<1> [[X]](2,0)<1;1,0> [[X]](2,0)<1;1,0>
; CHECK-NEXT: mul (M1, 16) {{V[0-9]+}}(0,0)<1> [[X]](2,0)<1;1,0> [[X]](2,0)<1;1,0>
; CHECK: oword_st (8) [[T]] 0x0:ud
; CHECK-COUNT-7: oword_st (8) [[T]]
; CHECK-NEXT: ret
; STATS: print<genx-visa-emit> - instructions placed elsewhere, each just before its first use

define void @wide(i32 %buf) #0 {
entry:
  %x = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %buf, i32 0)
  %big = call <256 x float> @llvm.genx.rdregionf.v256f32.v32f32.i16(<32 x float> %x, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %c = call <256 x float> @llvm.genx.rdregionf.v256f32.v32f32.i16(<32 x float> %x, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %y1 = fadd <256 x float> %big, %big
  %y2 = fmul <256 x float> %big, %big
  %y3 = fsub <256 x float> %big, %c
  %y4 = fmul <256 x float> %big, %c
  %y5 = fadd <256 x float> %big, %c
  %y6 = fdiv <256 x float> %big, %c
  %s1 = fadd <256 x float> %y1, %y2
  %s2 = fadd <256 x float> %s1, %y3
  %s3 = fadd <256 x float> %s2, %y4
  %s4 = fadd <256 x float> %s3, %y5
  %s5 = fadd <256 x float> %s4, %y6
  %r0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 0, <32 x float> %r0)
  %r1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 8, <32 x float> %r1)
  %r2 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 256, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 16, <32 x float> %r2)
  %r3 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 384, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 24, <32 x float> %r3)
  %r4 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 512, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 32, <32 x float> %r4)
  %r5 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 640, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 40, <32 x float> %r5)
  %r6 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 768, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 48, <32 x float> %r6)
  %r7 = call <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float> %s5, i32 32, i32 32, i32 1, i16 896, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %buf, i32 56, <32 x float> %r7)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <256 x float> @llvm.genx.rdregionf.v256f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v256f32.i16(<256 x float>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @wide, !"wide", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
