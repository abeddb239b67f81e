; Refusals name the construct, not just "this": an fcmp whose predicate has no single vISA compare names the
; predicate (vISA's float compares are false on NaN except ne), a compare baled into a predicate operation
; (a wrpredregion of its result, met in cmtl-math-wide-objects' wide_math) names itself and its user. Each is a
; located error naming the function, block and instruction; nothing is printed.
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-visa-emit: in function 'unordered', block 'entry': %c = fcmp uno <8 x float> %a, %b: the compare predicate 'fcmp uno' is not lowered yet: vISA's float compares are false on NaN except `ne`, so only oeq, une, ogt, oge, olt and ole map to one compare
; CHECK-DAG: error: genx-visa-emit: in function 'baled', block 'entry': %c = fcmp oeq <16 x float> %a, %b: the instruction 'fcmp' computing a predicate operand (of the intrinsic llvm.genx.wrpredregion) inside a predicate operation's bale is not lowered yet
; CHECK-NOT: .kernel

define void @unordered(<8 x float> %a, <8 x float> %b) #0 {
entry:
  %c = fcmp uno <8 x float> %a, %b
  %s = select <8 x i1> %c, <8 x float> %a, <8 x float> %b
  call void @llvm.genx.oword.st.v8f32(i32 1, i32 0, <8 x float> %s)
  ret void
}

define void @baled(<16 x float> %a, <16 x float> %b, <32 x float> %x) #0 {
entry:
  %c = fcmp oeq <16 x float> %a, %b
  %w = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> zeroinitializer, <16 x i1> %c, i32 0)
  %s = select <32 x i1> %w, <32 x float> %x, <32 x float> zeroinitializer
  call void @llvm.genx.oword.st.v32f32(i32 1, i32 0, <32 x float> %s)
  ret void
}

declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !3}
!0 = !{void (<8 x float>, <8 x float>)* @unordered, !"unordered", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{!"", !""}
!3 = !{void (<16 x float>, <16 x float>, <32 x float>)* @baled, !"baled", !4, i32 0, !4, !4, !5, i32 0}
!4 = !{i32 0, i32 0, i32 0}
!5 = !{!"", !"", !""}
