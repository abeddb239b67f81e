; A compare baled into a wrpredregion (genx-legalize's split of a compare wider than the execution size) is a
; cmp into its own predicate, whose bits then go into the wider predicate like any wrpredregion part; the
; constant operand's undef lanes (left by genx-legalize's split of a constant) read as zero.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: wide_BB_0:
; CHECK: cmp.eq (M1, 16) [[LO:P[0-9]+]]
; CHECK: mov (M1_NM, 1) {{V[0-9]+}}(0,0)<1> [[LO]]
; CHECK: cmp.eq (M1, 16) [[HI:P[0-9]+]]
; CHECK: mov (M1_NM, 1) [[B:V[0-9]+]](0,0)<1> [[HI]]
; CHECK: shl (M1_NM, 1) [[B]](0,0)<1> [[B]](0,0)<0;1,0> 0x10:ud
; CHECK: setp (M1_NM, 32) [[P:P[0-9]+]]
; CHECK: shr (M1_NM, 1) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<0;1,0> 0x8:ud
; CHECK: setp (M1_NM, 16)

define void @wide(i32 %buf, <16 x float> %a, <16 x float> %b) #0 {
entry:
  %lo = fcmp oeq <16 x float> %a, <float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>
  %p0 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> undef, <16 x i1> %lo, i32 0)
  %hi = fcmp oeq <16 x float> %b, %a
  %p1 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> %p0, <16 x i1> %hi, i32 16)
  %mid = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %p1, i32 8)
  %v = zext <16 x i1> %mid to <16 x i32>
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %v)
  ret void
}

declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x float>, <16 x float>)* @wide, !"wide", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
