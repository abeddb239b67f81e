; Copies that must stay, counted with their reason: a loop that swaps two values each iteration (the parallel
; copy of the back edge is a cycle, broken through a fresh variable), and a counter whose old value is
; still read after the loop (the lost-copy case: %i and %i.next are both live at the increment, so they
; cannot share a variable, and the back edge's copy runs only on the back edge, after the exit test).
; A branch whose two edges both carry copies jumps to a block of its own for the taken edge (laid out just
; before that successor, which nothing else jumps to: the two become one block). Kept: the swap's
; three (the saved value and two) and the lost copy's one.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: rm -rf %t.d && mkdir -p %t.d && cd %t.d
; RUN: awk '/^\.version/{k++; n=1} n{print > ("k" k ".visaasm")} /^ *ret /{n=0}' %t.out
; RUN: cd %t.d && GenX_IR k1.visaasm -platform ICLLP -output && GenX_IR k2.visaasm -platform ICLLP -output && GenX_IR k3.visaasm -platform ICLLP -output
; RUN: cd %t.d && GenX_IR k1.visaasm -platform TGLLP -output && GenX_IR k2.visaasm -platform TGLLP -output && GenX_IR k3.visaasm -platform TGLLP -output
; RUN: %validate %s %t.d/k1.visaasm
; RUN: %validate %s %t.d/k2.visaasm
; RUN: %validate %s %t.d/k3.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "swap"
; CHECK: swap_BB_1:
; CHECK: (!{{P[0-9]+}}) jmp (M1, 1) swap_BB_2
; CHECK-NEXT: mov (M1, 8) [[T:V[0-9]+]](0,0)<1> [[X:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[X]](0,0)<1> [[Y:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[Y]](0,0)<1> [[T]](0,0)<1;1,0>
; CHECK-NEXT: jmp (M1, 1) swap_BB_1

; CHECK-LABEL: .kernel "lost_copy"
; CHECK: lost_copy_BB_1:
; CHECK-NEXT: add (M1, 1) [[NEXT:V[0-9]+]](0,0)<1> [[I:V[0-9]+]](0,0)<0;1,0> 0x1:d
; CHECK-NEXT: cmp.lt (M1, 1) [[P:P[0-9]+]] [[NEXT]](0,0)<0;1,0>
; CHECK-NEXT: (![[P]]) jmp (M1, 1) lost_copy_BB_2
; CHECK-NEXT: mov (M1, 1) [[I]](0,0)<1> [[NEXT]](0,0)<0;1,0>
; CHECK-NEXT: jmp (M1, 1) lost_copy_BB_1

; CHECK-LABEL: .kernel "both_edges"
; CHECK: both_edges_BB_0:
; CHECK: ([[C:P[0-9]+]]) jmp (M1, 1) [[EDGE:both_edges_BB_1_edge[0-9]+]]
; CHECK-NEXT: mov (M1, 1) [[R:V[0-9]+]](0,0)<1> 0x7:d
; CHECK-NEXT: jmp (M1, 1) both_edges_BB_2
; CHECK-EMPTY:
; CHECK-NEXT: [[EDGE]]:
; CHECK-NEXT: mov (M1, 1) [[Q:V[0-9]+]](0,0)<1> 0x5:d
; CHECK-NEXT: add (M1, 1) [[R]](0,0)<1> [[Q]](0,0)<0;1,0>

; CHECK-DAG: 4 print<genx-visa-emit> - copies kept: a phi's incoming value still live where the phi is written
; CHECK-DAG: 4 print<genx-visa-emit> - moves the kept copies became

define void @swap(i32 %buf, <8 x i32> %a, <8 x i32> %b, i32 %n) #0 {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %x = phi <8 x i32> [ %a, %entry ], [ %y, %head ]
  %y = phi <8 x i32> [ %b, %entry ], [ %x, %head ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %head, label %exit

exit:
  %d = sub <8 x i32> %x, %y
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %d)
  ret void
}

define void @lost_copy(i32 %buf, i32 %n) #0 {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %head, label %exit

exit:
  %w = call <4 x i32> @llvm.genx.wrregioni.v4i32.v1i32.i16.i1(<4 x i32> zeroinitializer, <1 x i32> <i32 0>, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %s = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %w, i32 %i, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %t = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %s, i32 %i.next, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 0, <4 x i32> %t)
  ret void
}

define void @both_edges(i32 %buf, i32 %x) #0 {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %left, label %right

left:
  %q = phi i32 [ 5, %entry ]
  %lq = add i32 %q, %x
  br label %right

right:
  %r = phi i32 [ 7, %entry ], [ %lq, %left ]
  %v = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> zeroinitializer, i32 %r, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 0, <4 x i32> %v)
  ret void
}

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.v1i32.i16.i1(<4 x i32>, <1 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32>, i32, i32, i32, i32, i16, i32, i1)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !7}
!0 = !{void (i32, <8 x i32>, <8 x i32>, i32)* @swap, !"swap", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !""}
!4 = !{void (i32, i32)* @lost_copy, !"lost_copy", !5, i32 0, !6, !6, !8, i32 0}
!5 = !{i32 2, i32 0}
!6 = !{i32 0, i32 0}
!8 = !{!"buffer_t", !""}
!7 = !{void (i32, i32)* @both_edges, !"both_edges", !5, i32 0, !6, !6, !8, i32 0}
