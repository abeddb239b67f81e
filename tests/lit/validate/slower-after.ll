; The same loop with two more instructions per iteration (18,000 steps, over the 15,000 given to `before`):
; `after` may take 16 times the steps `before` is held to, so a rewrite that is correct but slower validates.
; RUN: %validate -v --step-limit=15000 %S/Inputs/counting-loop.ll %s | FileCheck %s
; CHECK: cmc validate: 1 function(s) agree on 64 trial(s) (0 discarded
define i32 @f(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %n, %entry ], [ %acc.next, %loop ]
  %t = xor i32 %i, %n
  %u = xor i32 %t, %n
  %acc.next = add i32 %acc, %u
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 3000
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %acc.next
}
