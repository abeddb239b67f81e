; Refusals name the construct, not just "this": an fcmp whose predicate has no single vISA compare names the
; predicate (vISA's float compares are false on NaN except ne). It is a located error naming the function, block
; and instruction; nothing is printed. (A compare baled into a wrpredregion, once refused here, is lowered now:
; visa-emit/compare-into-predicate-region.ll.)
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-visa-emit: in function 'unordered', block 'entry': %c = fcmp uno <8 x float> %a, %b: the compare predicate 'fcmp uno' is not lowered yet: vISA's float compares are false on NaN except `ne`, so only oeq, une, ogt, oge, olt and ole map to one compare
; CHECK-NOT: .kernel

define void @unordered(<8 x float> %a, <8 x float> %b) #0 {
entry:
  %c = fcmp uno <8 x float> %a, %b
  %s = select <8 x i1> %c, <8 x float> %a, <8 x float> %b
  call void @llvm.genx.oword.st.v8f32(i32 1, i32 0, <8 x float> %s)
  ret void
}

declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (<8 x float>, <8 x float>)* @unordered, !"unordered", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{!"", !""}
