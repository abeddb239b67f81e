; Integer division and remainder by a run-time value are vISA's div and mod (IGC's route emits the same for
; 32-bit integers, divrem32): sdiv/srem read signed sources, udiv/urem unsigned views of them (:ud). GenX_IR
; takes it for icllp and tgllp; validation against the IR compares quotients and remainders of negative,
; INT_MIN and small operands (a trial dividing by zero is discarded: undefined in the IR).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "divide"
; CHECK-DAG: .decl [[A:V[0-9]+]] v_type=G type=d num_elts=8
; CHECK-DAG: .decl [[B:V[0-9]+]] v_type=G type=d num_elts=8
; CHECK-DAG: .decl [[UA:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[A]], 0>
; CHECK-DAG: .decl [[UB:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[B]], 0>
; CHECK: div (M1, 8) {{V[0-9]+}}(0,0)<1> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK-NEXT: div (M1, 8) {{V[0-9]+}}(0,0)<1> [[UA]](0,0)<1;1,0> [[UB]](0,0)<1;1,0>
; CHECK-NEXT: mod (M1, 8) {{V[0-9]+}}(0,0)<1> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK-NEXT: mod (M1, 8) {{V[0-9]+}}(0,0)<1> [[UA]](0,0)<1;1,0> [[UB]](0,0)<1;1,0>

define void @divide(i32 %buf, <8 x i32> %a, <8 x i32> %b) #0 {
  %q = sdiv <8 x i32> %a, %b
  %u = udiv <8 x i32> %a, %b
  %r = srem <8 x i32> %a, %b
  %m = urem <8 x i32> %a, %b
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %q)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %u)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %r)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> %m)
  ret void
}

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, <8 x i32>)* @divide, !"divide", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
