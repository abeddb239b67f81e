; A function that never finishes within the step limit is not validated (exit 3) after 4 trials ran out,
; instead of spending the whole budget on every one of its 64 trials.
; RUN: bash -c '%validate --step-limit=1000 %s %s; test $? -eq 3' 2>&1 | FileCheck %s
; CHECK: cmc validate: cannot validate function 'spin': 4 trials ran past the step limit before any finished; the last: {{.*}}step limit of 1000 instructions exceeded
define i32 @spin(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %i.next = or i32 %i, 1
  %done = icmp eq i32 %i.next, 0
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %i
}
