; llvm.genx.addc / subb return { carry, sum } / { borrow, difference }: one vISA addc/subb with two
; destinations, each field in a variable of its own; an extractvalue is that variable (no instruction). Both
; fields reach memory, so validation compares sums, carries, differences and borrows. GenX_IR takes it for
; icllp and tgllp.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "carries"
; CHECK: carries_BB_0:
; CHECK-NEXT: addc (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: subb (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: add (M1, 8) [[HI:V[0-9]+]](0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x0:ud {{V[0-9]+}}.0
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x2:ud [[HI]].0
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x4:ud {{V[0-9]+}}.0
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x6:ud {{V[0-9]+}}.0

define void @carries(i32 %buf, <8 x i32> %a, <8 x i32> %b) #0 {
  %ac = call { <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
  %carry = extractvalue { <8 x i32>, <8 x i32> } %ac, 0
  %sum = extractvalue { <8 x i32>, <8 x i32> } %ac, 1
  %sb = call { <8 x i32>, <8 x i32> } @llvm.genx.subb.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
  %borrow = extractvalue { <8 x i32>, <8 x i32> } %sb, 0
  %diff = extractvalue { <8 x i32>, <8 x i32> } %sb, 1
  %hi = add <8 x i32> %carry, %b
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %sum)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %hi)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %diff)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> %borrow)
  ret void
}

declare { <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare { <8 x i32>, <8 x i32> } @llvm.genx.subb.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, <8 x i32>)* @carries, !"carries", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
