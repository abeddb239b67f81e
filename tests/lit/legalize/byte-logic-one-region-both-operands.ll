; A bitwise byte operation whose two operands are one rdregion (`x | x`) is done on dwords like any other
; (legalize/logic_width.rs): the operand is viewed as dwords once, and the byte region read, left unused, is
; erased once (erasing it per operand freed it twice and crashed genx-legalize: found by `fuzz_visa_route
; --conditions --seed 2288` at d6aba67's generator). The rewrite validates against the input, in IR and through the vISA route.
; RUN: %opt -passes=genx-legalize -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: %validate %s %t.visaasm

; CHECK-LABEL: define void @same(
; CHECK:        %data.i32 = bitcast <32 x i8> %data to <8 x i32>
; CHECK-NOT:    bitcast <32 x i8>
; CHECK:        call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %data.i32, i32 0, i32 4, i32 1, i16 12, i32 undef)
; CHECK-NOT:    rdregioni.v16i8
; CHECK:        %self.i32 = or <4 x i32>
; CHECK-NEXT:   %self = bitcast <4 x i32> %self.i32 to <16 x i8>
define void @same(i32 %buf) #0 {
  %data = call <32 x i8> @llvm.genx.oword.ld.v32i8(i32 0, i32 %buf, i32 0)
  %part = call <16 x i8> @llvm.genx.rdregioni.v16i8.v32i8.i16(<32 x i8> %data, i32 0, i32 16, i32 1, i16 12, i32 undef)
  %self = or <16 x i8> %part, %part
  call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 2, <16 x i8> %self)
  ret void
}

declare <32 x i8> @llvm.genx.oword.ld.v32i8(i32, i32, i32)
declare <16 x i8> @llvm.genx.rdregioni.v16i8.v32i8.i16(<32 x i8>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v16i8(i32, i32, <16 x i8>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @same, !"same", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
