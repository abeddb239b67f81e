; A saturating multiply of 32-bit operands reaching the emitter is refused with the reason: vISA's mul.sat saturates
; a 32-bit intermediate product, so it is not the exact saturating product the intrinsic means (IGC widens it to
; 64 bits first; on the route genx-legalize expands it first, mul-sat-32-bit-operands.ll); with 16-bit sources
; (math-intrinsics.ll) it is exact and lowered.
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK: error: genx-visa-emit: in function 'wide_mul_sat', block 'bb0': %mul = call <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32> %x, <8 x i32> %y): the intrinsic llvm.genx.ssmul.sat with 32-bit operands is not lowered yet: vISA's mul.sat saturates a 32-bit intermediate product, which is exact only for operands of at most 16 bits
; CHECK-NOT: .kernel

define void @wide_mul_sat(<8 x i32> %x, <8 x i32> %y) #0 {
  %mul = call <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32> %x, <8 x i32> %y)
  ret void
}

declare <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32>, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (<8 x i32>, <8 x i32>)* @wide_mul_sat, !"wide_mul_sat", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{!"", !""}
