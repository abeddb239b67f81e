; genx-constant-branches makes a loop whose body runs exactly once straight-line (the CM template library's
; `for (s = 0; s < STACKCOUNT; s++)` with STACKCOUNT 1, `for (j = 0; j < N; j++)` over one 128-byte block): the
; header branches into the body, the latch out to the exit; inside the loop a header phi is its value on entry,
; after it (a use, an exit phi) its latch value. The inner loop of @nested runs once per outer trip; the outer
; loop runs twice and stays, as do a loop of two trips (@twice) and one of a run-time bound (@variable).
; RUN: %opt -passes=genx-constant-branches -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-constant-branches -S %s -o %t.cmc.ll && diff %t.ll %t.cmc.ll

; CHECK-LABEL: define void @nested(
; CHECK: outer:
; CHECK-NEXT: %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
; CHECK-NEXT: %acc = phi <8 x i32> [ %v, %entry ], [ %acc.out, %outer.latch ]
; CHECK-NEXT: %more = icmp slt i32 %o, 2
; CHECK-NEXT: br i1 %more, label %pre, label %done
; CHECK: head:
; CHECK-NEXT: br label %body
; CHECK: body:
; CHECK-NEXT: %a.next = add <8 x i32> %acc, %v
; CHECK-NEXT: %off = add i32 %o, 0
; CHECK-NEXT: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %off, <8 x i32> %a.next)
; CHECK-NEXT: %s.next = add i32 0, 1
; CHECK-NEXT: br label %after
; CHECK: after:
; CHECK-NEXT: %x = phi i32 [ %s.next, %body ]
; CHECK-NEXT: %acc.out = add <8 x i32> %a.next, %v
define void @nested(i32 %buf, <8 x i32> %v) #0 {
entry:
  br label %outer

outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
  %acc = phi <8 x i32> [ %v, %entry ], [ %acc.out, %outer.latch ]
  %more = icmp slt i32 %o, 2
  br i1 %more, label %pre, label %done

pre:
  br label %head

head:
  %s = phi i32 [ 0, %pre ], [ %s.next, %body ]
  %a = phi <8 x i32> [ %acc, %pre ], [ %a.next, %body ]
  %cmp = icmp slt i32 %s, 1
  br i1 %cmp, label %body, label %after

body:
  %a.next = add <8 x i32> %a, %v
  %off = add i32 %o, %s
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %off, <8 x i32> %a.next)
  %s.next = add i32 %s, 1
  br label %head

after:
  %x = phi i32 [ %s, %head ]
  %acc.out = add <8 x i32> %a, %v
  %at = add i32 %x, 4
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %at, <8 x i32> %acc.out)
  br label %outer.latch

outer.latch:
  %o.next = add i32 %o, 1
  br label %outer

done:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 8, <8 x i32> %acc)
  ret void
}

; CHECK-LABEL: define void @twice(
; CHECK: %cmp = icmp slt i32 %s, 2
; CHECK-NEXT: br i1 %cmp, label %body, label %after
define void @twice(i32 %buf, <8 x i32> %v) #0 {
entry:
  br label %head

head:
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
  %cmp = icmp slt i32 %s, 2
  br i1 %cmp, label %body, label %after

body:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %s, <8 x i32> %v)
  %s.next = add i32 %s, 1
  br label %head

after:
  ret void
}

; CHECK-LABEL: define void @variable(
; CHECK: %cmp = icmp slt i32 %s, %n
; CHECK-NEXT: br i1 %cmp, label %body, label %after
define void @variable(i32 %buf, <8 x i32> %v, i32 %n) #0 {
entry:
  br label %head

head:
  %s = phi i32 [ 0, %entry ], [ %s.next, %body ]
  %cmp = icmp slt i32 %s, %n
  br i1 %cmp, label %body, label %after

body:
  %at = and i32 %s, 7
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %at, <8 x i32> %v)
  %s.next = add i32 %s, 1
  br label %head

after:
  ret void
}

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !5}
!0 = !{void (i32, <8 x i32>)* @nested, !"nested", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
!4 = !{void (i32, <8 x i32>)* @twice, !"twice", !1, i32 0, !2, !2, !3, i32 0}
!5 = !{void (i32, <8 x i32>, i32)* @variable, !"variable", !6, i32 0, !7, !7, !8, i32 0}
!6 = !{i32 2, i32 0, i32 0}
!7 = !{i32 0, i32 0, i32 0}
!8 = !{!"buffer_t", !"", !""}
