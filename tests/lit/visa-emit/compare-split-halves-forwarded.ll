; A compare genx-legalize split into halves, joined with wrpredregions and split again with rdpredregions of
; the same lanes for its (also split) users: each read is the half compare's own predicate, and the join is not
; emitted (no general register, no setp). The high half here compares an argument with an undef constant,
; so its lanes are undefined: the low half's select still validates. A read of other lanes
; (compare-into-predicate-region.ll) keeps the join.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: halves_BB_0:
; CHECK-NOT: setp
; CHECK-NOT: (M1_NM, 1)
; CHECK: cmp.lt (M1, 16) [[LO:P[0-9]+]] [[A:V[0-9]+]](0,0)<1;1,0> [[B:V[0-9]+]](0,0)<1;1,0>
; CHECK-NOT: setp
; CHECK-NOT: (M1_NM, 1)
; CHECK: cmp.lt (M1, 16) [[HI:P[0-9]+]] [[B]](0,0)<1;1,0>
; CHECK-NOT: setp
; CHECK-NOT: (M1_NM, 1)
; CHECK: ([[LO]]) sel (M1, 16)
; CHECK-NOT: setp
; CHECK-NOT: (M1_NM, 1)
; CHECK: ([[HI]]) sel (M1, 16)
; CHECK-NOT: setp

define void @halves(i32 %buf, <16 x float> %a, <16 x float> %b) #0 {
entry:
  %lo = fcmp olt <16 x float> %a, %b
  %p0 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> undef, <16 x i1> %lo, i32 0)
  %hi = fcmp olt <16 x float> %b, undef
  %p1 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> %p0, <16 x i1> %hi, i32 16)
  %r0 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %p1, i32 0)
  %s0 = select <16 x i1> %r0, <16 x float> %a, <16 x float> %b
  %r1 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %p1, i32 16)
  %s1 = select <16 x i1> %r1, <16 x float> %b, <16 x float> %a
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 0, <16 x float> %s0)
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 4, <16 x float> %s1)
  ret void
}

declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x float>, <16 x float>)* @halves, !"halves", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
