; Saturating multiplies whose 32-bit operands are extensions of 16-bit values (the form the CM headers give
; `short` operands): with the extension of the operands' signedness (sext for ss/us, zext for uu/su) genx-legalize
; hands vISA's mul.sat the 16-bit values, whose product its 32-bit intermediate holds exactly, instead of
; expanding it on the 64-bit product (mul, mulh, compare, select); an extension of the other signedness (a zext
; into ssmul.sat) is expanded as for any 32-bit operand. GenX_IR accepts the kernel for icllp and tgllp, and
; genx-legalize and the vISA agree with the IR on random operands.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes=genx-legalize -S %s -o legal.ll
; RUN: FileCheck %s --check-prefix=IR < legal.ll
; RUN: %validate %s legal.ll
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output && %validate %s k.visaasm
; RUN: sed -e 's/"icllp"/"tgllp"/' %s > tgl.ll && %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output tgl.ll 2> t.visaasm
; RUN: GenX_IR t.visaasm -platform TGLLP -output && %validate tgl.ll t.visaasm
; REQUIRES: genx-ir

; IR: call <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i16(<8 x i16> %x, <8 x i16> %y)
; IR: call <8 x i32> @llvm.genx.uumul.sat.v8i32.v8i16(<8 x i16> %x, <8 x i16> %y)
; The zext operands of ssmul.sat are expanded (the only mulh left):
; IR: call <8 x i32> @llvm.genx.smulh
; IR-NOT: call <8 x i32> @llvm.genx.smulh
; IR-NOT: call <8 x i32> @llvm.genx.umulh

; CHECK-LABEL: .kernel "narrow"
; CHECK: mul.sat (M1, 8)
; CHECK: mul.sat (M1, 8)
; CHECK: mulh (M1, 8)

define void @narrow(i32 %buf, <8 x i16> %x, <8 x i16> %y) #0 {
  %sx = sext <8 x i16> %x to <8 x i32>
  %sy = sext <8 x i16> %y to <8 x i32>
  %zx = zext <8 x i16> %x to <8 x i32>
  %zy = zext <8 x i16> %y to <8 x i32>
  %ss = call <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32> %sx, <8 x i32> %sy)
  %uu = call <8 x i32> @llvm.genx.uumul.sat.v8i32.v8i32(<8 x i32> %zx, <8 x i32> %zy)
  %mixed = call <8 x i32> @llvm.genx.ssmul.sat.v8i32.v8i32(<8 x i32> %zx, <8 x i32> %zy)
  call void @llvm.genx.oword.st.v8i16(i32 %buf, i32 0, <8 x i16> %ss)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 1, <8 x i32> %uu)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 3, <8 x i32> %mixed)
  ret void
}

declare <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.uumul.sat.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.ssmul.sat.v8i32.v8i32(<8 x i32>, <8 x i32>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare void @llvm.genx.oword.st.v8i16(i32, i32, <8 x i16>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i16>, <8 x i16>)* @narrow, !"narrow", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
