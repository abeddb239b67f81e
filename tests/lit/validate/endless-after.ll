; A rewrite that makes the loop endless is still caught (at 16 times `before`'s step limit): exit 1, the trial
; stops in `after`.
; RUN: bash -c '%validate --step-limit=15000 %S/Inputs/counting-loop.ll %s; test $? -eq 1' 2>&1 | FileCheck %s
; CHECK: cmc validate: mismatch in function 'f' on trial 0
; CHECK: at: execution
; CHECK-NEXT: before: runs to completion
; CHECK-NEXT: after: stops: in function 'f', at {{.*}}: step limit of 240000 instructions exceeded
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %n, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %i
  %i.next = add i32 %i, 2
  %done = icmp eq i32 %i.next, 3001
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}
