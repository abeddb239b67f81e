; A compare of a predicate's own materialisation is the predicate: the front end's mask of v > 0 in a merge is
; icmp sgt -> select -1/0 (a sext after genx-lowering) -> trunc to words -> and 1 -> icmp ne 0 -> sext -> icmp
; ne 0 (as before a SIMD_IF goto); genx-legalize folds the chain back into the first compare before it splits
; anything (the emitter would too, visa_emit/truth.rs), so the select's flag is one
; `cmp.gt` into a predicate and nothing of the chain is emitted. @kept: the mask's words are also stored, so
; the chain stays, its trunc as C's materialisation in words (truth.rs), then the `and`; the compares still fold. The vISA
; validates against the IR on the executor, and GenX_IR assembles it.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: FileCheck %s --check-prefix=STATS < %t.out
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && csplit -s -z -f %t.d/k -b '%%d.visaasm' %t.visaasm '/^\.version/' '{*}'
; RUN: %validate %s %t.d/k0.visaasm
; RUN: %validate %s %t.d/k1.visaasm
; RUN: cd %t.d && GenX_IR k0.visaasm -platform ICLLP -output && GenX_IR k1.visaasm -platform ICLLP -output
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "mask_select"
; CHECK: oword_ld (4) {{T[0-9]+}} 0x0:ud [[V:V[0-9]+]].0
; CHECK-NEXT: cmp.gt (M1, 16) [[P:P[0-9]+]] [[V]](0,0)<1;1,0> 0x0:d
; CHECK-NOT: and
; CHECK: ([[P]]) sel

; CHECK-LABEL: .kernel "kept"
; CHECK: cmp.gt (M1, 16) [[Q:P[0-9]+]]
; CHECK-NEXT: ([[Q]]) sel (M1, 16) [[M:V[0-9]+]](0,0)<1> 0xffff:w 0x0:w
; CHECK-NEXT: and (M1, 16) [[W:V[0-9]+]](0,0)<1> [[M]](0,0)<1;1,0> 0x1:w
; CHECK: oword_st (2) {{T[0-9]+}} 0x8:ud [[W]].0

; STATS: {{[0-9]+}} genx-legalize - compares of a predicate's own materialisation folded into the predicate, and chains over one made one select

define void @mask_select(i32 %buf) #0 {
entry:
  %v = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 0)
  %c = icmp sgt <16 x i32> %v, zeroinitializer
  %s = select <16 x i1> %c, <16 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <16 x i32> zeroinitializer
  %t = trunc <16 x i32> %s to <16 x i16>
  %a = and <16 x i16> %t, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %n = icmp ne <16 x i16> %a, zeroinitializer
  %e = sext <16 x i1> %n to <16 x i16>
  %m = icmp ne <16 x i16> %e, zeroinitializer
  %r = select <16 x i1> %m, <16 x i32> %v, <16 x i32> zeroinitializer
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 4, <16 x i32> %r)
  ret void
}

define void @kept(i32 %buf) #0 {
entry:
  %v = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 0)
  %c = icmp sgt <16 x i32> %v, zeroinitializer
  %s = select <16 x i1> %c, <16 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <16 x i32> zeroinitializer
  %t = trunc <16 x i32> %s to <16 x i16>
  %a = and <16 x i16> %t, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %n = icmp ne <16 x i16> %a, zeroinitializer
  %r = select <16 x i1> %n, <16 x i32> %v, <16 x i32> zeroinitializer
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 4, <16 x i32> %r)
  call void @llvm.genx.oword.st.v16i16(i32 %buf, i32 8, <16 x i16> %a)
  ret void
}

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32)* @mask_select, !"mask_select", !1, i32 0, !2, !2, !3, i32 0}
!4 = !{void (i32)* @kept, !"kept", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
