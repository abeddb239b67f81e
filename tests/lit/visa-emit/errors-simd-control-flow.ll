; SIMD control flow the route cannot take is a located error naming the construct, and no .visaasm is printed
; for the kernel: a goto whose resume mask reaches no join (the goto's label would be unknown), a join that
; is not at the start of its block (its label is where waiting channels resume), an execution mask used as a
; value, and simdcf.savemask.
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-visa-emit: in function 'no_join', block 'entry': %g = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto{{.*}}: a goto whose resume mask reaches no join is not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'late_join', block 'end': %j = call { <32 x i1>, i1 } @llvm.genx.simdcf.join{{.*}}: a join that is not the first instruction of its block is not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'em_value', block 'entry': %x = zext <32 x i1> %em to <32 x i16>: an execution or resume mask of SIMD control flow used as a value
; CHECK-DAG: error: genx-visa-emit: in function 'save', block 'entry': %s = call i32 @llvm.genx.simdcf.savemask{{.*}}: the intrinsic llvm.genx.simdcf.savemask is not lowered yet
; CHECK-NOT: .kernel

define void @no_join(<8 x i32> %v) #0 {
entry:
  %c = icmp sgt <8 x i32> %v, zeroinitializer
  %g = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i1> zeroinitializer, <8 x i1> %c)
  %b = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 2
  br i1 %b, label %end, label %then
then:
  br label %end
end:
  ret void
}

define void @late_join(<8 x i32> %v) #0 {
entry:
  %c = icmp sgt <8 x i32> %v, zeroinitializer
  %g = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i1> zeroinitializer, <8 x i1> %c)
  %em = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 0
  %rm = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 1
  %b = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 2
  br i1 %b, label %end, label %then
then:
  br label %end
end:
  %d = add <8 x i32> %v, %v
  %j = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1> %em, <8 x i1> %rm)
  ret void
}

define void @em_value(<8 x i32> %v, i32 %buf) #0 {
entry:
  %c = icmp sgt <8 x i32> %v, zeroinitializer
  %g = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i1> zeroinitializer, <8 x i1> %c)
  %em = extractvalue { <32 x i1>, <8 x i1>, i1 } %g, 0
  %x = zext <32 x i1> %em to <32 x i16>
  call void @llvm.genx.oword.st.v32i16(i32 %buf, i32 0, <32 x i16> %x)
  ret void
}

define void @save(<8 x i32> %v) #0 {
entry:
  %s = call i32 @llvm.genx.simdcf.savemask.v32i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>)
  ret void
}

declare { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1>, <8 x i1>, <8 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(<32 x i1>, <8 x i1>)
declare i32 @llvm.genx.simdcf.savemask.v32i1(<32 x i1>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !3, !4, !6}
!0 = !{void (<8 x i32>)* @no_join, !"no_join", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0}
!2 = !{!""}
!3 = !{void (<8 x i32>)* @late_join, !"late_join", !1, i32 0, !1, !1, !2, i32 0}
!4 = !{void (<8 x i32>, i32)* @em_value, !"em_value", !5, i32 0, !7, !7, !8, i32 0}
!5 = !{i32 0, i32 2}
!7 = !{i32 0, i32 0}
!8 = !{!"", !"buffer_t"}
!6 = !{void (<8 x i32>)* @save, !"save", !1, i32 0, !1, !1, !2, i32 0}
