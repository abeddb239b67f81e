; genx-constant-loads leaves a load that reads past the end of the constant's initializer alone (undefined
; behaviour in the source; the emitter reports it as a located error).
; RUN: %opt -passes=genx-constant-loads -S %s | FileCheck %s
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EMIT

@table = internal constant [3 x i16] [i16 1, i16 2, i16 3]

; CHECK-LABEL: define void @past(
; CHECK-NEXT: %past = load <8 x i32>, <8 x i32>* bitcast ([3 x i16]* @table to <8 x i32>*), align 4
define void @past(i32 %buf) #0 {
  %past = load <8 x i32>, <8 x i32>* bitcast ([3 x i16]* @table to <8 x i32>*), align 4
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %past)
  ret void
}

; EMIT: error: genx-visa-emit: in function 'past', block 'bb0': %past = load <8 x i32>, {{.*}}: a load of 32 bytes at offset 0 of @table, outside its initializer

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @past, !"past", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
