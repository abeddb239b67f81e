; Memory accesses the emitter does not lower are located errors naming the construct, and no .visaasm is
; printed: a vector store aligned to less than an oword (an SVM block needs 16 bytes), private memory left
; after promotion (an alloca: the route sets up no stack), a volatile store, a load of part of a global that
; is not constant (a whole one is a register, globals.rs).
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-visa-emit: in function 'unaligned', block 'bb0': store <8 x i32> %v, <8 x i32>* %pv, align 4: a 32-byte vector access aligned to 4 bytes through a pointer is not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'private', block 'bb0': %a = alloca [4 x i32*], align 8: private memory (an alloca genx-promote-array could not turn into a register vector) is not lowered
; CHECK-DAG: error: genx-visa-emit: in function 'volatile', block 'bb0': store volatile i32 1, i32* %p, align 4: a volatile or atomic memory access is not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'mutable', block 'bb0': %x = load i32, i32* getelementptr inbounds ([4 x i32], [4 x i32]* @counter, i64 0, i64 1), align 4: a load of @counter, a global that is not a constant, is not lowered
; CHECK-NOT: .kernel

@counter = internal global [4 x i32] zeroinitializer

define void @unaligned(i32* %p) #0 {
  %pv = bitcast i32* %p to <8 x i32>*
  %v = load <8 x i32>, <8 x i32>* %pv, align 32
  store <8 x i32> %v, <8 x i32>* %pv, align 4
  ret void
}

define void @private(i32* %p) #0 {
  %a = alloca [4 x i32*], align 8
  ret void
}

define void @volatile(i32* %p) #0 {
  store volatile i32 1, i32* %p, align 4
  ret void
}

define void @mutable(i32* %p) #0 {
  %x = load i32, i32* getelementptr inbounds ([4 x i32], [4 x i32]* @counter, i64 0, i64 1), align 4
  store i32 %x, i32* %p, align 4
  ret void
}

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !3, !4, !5}
!0 = !{void (i32*)* @unaligned, !"unaligned", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0}
!2 = !{!"svmptr_t"}
!3 = !{void (i32*)* @private, !"private", !1, i32 0, !1, !1, !2, i32 0}
!4 = !{void (i32*)* @volatile, !"volatile", !1, i32 0, !1, !1, !2, i32 0}
!5 = !{void (i32*)* @mutable, !"mutable", !1, i32 0, !1, !1, !2, i32 0}
