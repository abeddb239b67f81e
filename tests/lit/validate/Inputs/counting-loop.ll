; A loop of 3,000 iterations of 4 steps (phis take none): 12,000 steps, under the tests' 15,000-step limit.
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %n, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %i
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 3000
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}
