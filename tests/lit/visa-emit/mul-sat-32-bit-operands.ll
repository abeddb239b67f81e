; Saturating multiplies of 32-bit operands (legalize/expand.rs): the 64-bit product's halves (mul, mulh), a
; compare saying whether it fits the result's 32-bit range, a select of the bound on the product's side, and
; for a 16-bit result sstrunc.sat/uutrunc.sat of that clamp (baled: sel.sat into the word). All four signedness variants; random
; operands with the edge values (INT_MIN, -1, 2^31 - 1) overflow both ways. GenX_IR accepts the kernel for
; icllp and tgllp and it agrees with the IR on the vISA executor.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s k.visaasm
; RUN: sed -e 's/"icllp"/"tgllp"/' %s > tgl.ll && %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output tgl.ll 2> t.visaasm
; RUN: GenX_IR t.visaasm -platform TGLLP -output && %validate tgl.ll t.visaasm
; RUN: %opt -passes=genx-legalize -S %s -o %t.ll && %validate %s %t.ll
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "saturating"
; CHECK: mulh (M1, 8)
; CHECK: mul (M1, 8)
; CHECK-NOT: mul.sat
; CHECK: sel.sat (M1, 8)

define void @saturating(i32 %buf, <8 x i32> %a, <8 x i32> %b) #0 {
  %ss = call <8 x i32> @llvm.genx.ssmul.sat.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
  %su = call <8 x i32> @llvm.genx.sumul.sat.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
  %us = call <8 x i32> @llvm.genx.usmul.sat.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
  %uu = call <8 x i32> @llvm.genx.uumul.sat.v8i32.v8i32(<8 x i32> %a, <8 x i32> %b)
  %sh = call <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32> %a, <8 x i32> %b)
  %uh = call <8 x i16> @llvm.genx.uumul.sat.v8i16.v8i32(<8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %ss)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %su)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %us)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> %uu)
  call void @llvm.genx.oword.st.v8i16(i32 %buf, i32 8, <8 x i16> %sh)
  call void @llvm.genx.oword.st.v8i16(i32 %buf, i32 9, <8 x i16> %uh)
  ret void
}

declare <8 x i32> @llvm.genx.ssmul.sat.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.sumul.sat.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.usmul.sat.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.uumul.sat.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i16> @llvm.genx.uumul.sat.v8i16.v8i32(<8 x i32>, <8 x i32>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare void @llvm.genx.oword.st.v8i16(i32, i32, <8 x i16>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, <8 x i32>)* @saturating, !"saturating", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
