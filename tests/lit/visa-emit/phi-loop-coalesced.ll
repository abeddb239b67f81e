; Phis of a loop: each phi gets a variable, its incoming values reach it by copies at the end of the
; predecessors, and coalescing (liveness on the machine IR) removes every copy whose two variables do not
; interfere. Here the accumulator and the counter live in one variable each across the loop: the constant
; incoming values are moves before the loop, the back edge needs no instruction, and the loop's bottom test is
; one predicated jump back (the lowering's jump out and jump back, around the back edge's copies, become one
; when coalescing leaves no copy there).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: rm -rf %t.d && mkdir -p %t.d && sed -n '/^\.version/,/^ *ret /p' %t.out > %t.d/k.visaasm
; RUN: cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.d/k.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[I:V[0-9]+]] v_type=G type=d num_elts=1 align=dword // %i
; CHECK-DAG: .decl [[ACC:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %acc
; CHECK: loop_BB_0:
; CHECK-NEXT: mov (M1, 1) [[I]](0,0)<1> 0x0:d
; CHECK-NEXT: mov (M1, 8) [[ACC]](0,0)<1> 0x0:d
; CHECK-EMPTY:
; CHECK-NEXT: loop_BB_1:
; CHECK-NEXT: add (M1, 8) [[ACC]](0,0)<1> [[ACC]](0,0)<1;1,0> [[A:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 1) [[I]](0,0)<1> [[I]](0,0)<0;1,0> 0x1:d
; CHECK-NEXT: cmp.lt (M1, 1) [[P:P[0-9]+]] [[I]](0,0)<0;1,0> [[N:V[0-9]+]](0,0)<0;1,0>
; CHECK-NEXT: ([[P]]) jmp (M1, 1) loop_BB_1
; CHECK-EMPTY:
; CHECK-NEXT: loop_BB_2:
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x0:ud [[ACC]].0
; CHECK-NEXT: ret (M1, 1)
; CHECK: 2 print<genx-visa-emit> - copies removed by coalescing
; CHECK-NOT: copies kept

define void @loop(i32 %buf, <8 x i32> %a, i32 %n) #0 {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %acc = phi <8 x i32> [ zeroinitializer, %entry ], [ %acc.next, %head ]
  %acc.next = add <8 x i32> %acc, %a
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %head, label %exit

exit:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %acc.next)
  ret void
}

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, i32)* @loop, !"loop", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
