; vISA's logical-not source modifier (~) is allowed only on logic instructions (and, or, xor, not, ...): a bale
; that moves the complement of a value (`xor x, -1` with nothing else to do: operators-promotion.cpp's
; `~v`, which GenX_IR rejected as "Only logical modifiers should be used with logical instruction" when it was
; written as `mov (~)x`) is a `not` of the plain source. A complement that feeds a logic instruction keeps the
; modifier (@and_not: one `and` with (~)). The vISA validates against the IR on the executor, and GenX_IR
; assembles it.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && csplit -s -z -f %t.d/k -b '%%d.visaasm' %t.visaasm '/^\.version/' '{*}'
; RUN: %validate %s %t.d/k0.visaasm
; RUN: %validate %s %t.d/k1.visaasm
; RUN: cd %t.d && GenX_IR k0.visaasm -platform ICLLP -output && GenX_IR k1.visaasm -platform ICLLP -output
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "complement"
; CHECK: oword_ld (1) {{T[0-9]+}} 0x0:ud [[X:V[0-9]+]].0
; CHECK-NEXT: not (M1, 4) [[Y:V[0-9]+]](0,0)<1> [[X]](0,0)<1;1,0>
; CHECK-NOT: (~)
; CHECK: oword_st (1) {{T[0-9]+}} 0x1:ud [[Y]].0

; CHECK-LABEL: .kernel "and_not"
; CHECK: and (M1, 4) [[Z:V[0-9]+]](0,0)<1> (~){{V[0-9]+}}(0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>

define void @complement(i32 %buf) #0 {
  %x = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %buf, i32 0)
  %y = xor <4 x i32> %x, <i32 -1, i32 -1, i32 -1, i32 -1>
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 1, <4 x i32> %y)
  ret void
}

define void @and_not(i32 %buf) #0 {
  %x = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %buf, i32 0)
  %m = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %buf, i32 1)
  %n = xor <4 x i32> %x, <i32 -1, i32 -1, i32 -1, i32 -1>
  %z = and <4 x i32> %n, %m
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 2, <4 x i32> %z)
  ret void
}

declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32)* @complement, !"complement", !1, i32 0, !2, !2, !3, i32 0}
!4 = !{void (i32)* @and_not, !"and_not", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
