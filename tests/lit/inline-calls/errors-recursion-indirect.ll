; What genx-inline-calls cannot inline is a located error at the call, and nothing is inlined: recursion
; through two functions (the chain is named), a function calling itself, and a call through a function
; pointer. A call of a declaration (here an external function) is left for the emitter to report.
; RUN: not %cmc -march=icllp -passes='genx-inline-calls' %s -S -o /dev/null 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-inline-calls: in function 'odd', block 'entry': %r = call i32 @even(i32 %n1): recursion (even -> odd -> even) cannot be lowered: the vISA route inlines every call, so the call graph must have no cycle
; CHECK-DAG: error: genx-inline-calls: in function 'self', block 'entry': %r = call i32 @self(i32 %n): recursion (self -> self) cannot be lowered
; CHECK-DAG: error: genx-inline-calls: in function 'k', block 'entry': %i = call i32 %f(i32 1): an indirect call (through a function pointer) cannot be lowered
; CHECK-NOT: external
; CHECK-NOT: error

define internal i32 @even(i32 %n) {
entry:
  %n1 = sub i32 %n, 1
  %r = call i32 @odd(i32 %n1)
  ret i32 %r
}

define internal i32 @odd(i32 %n) {
entry:
  %n1 = sub i32 %n, 1
  %r = call i32 @even(i32 %n1)
  ret i32 %r
}

define internal i32 @self(i32 %n) {
entry:
  %r = call i32 @self(i32 %n)
  ret i32 %r
}

declare i32 @external(i32)

define dllexport void @k(i32 %n, i32 (i32)* %f) #0 {
entry:
  %a = call i32 @even(i32 %n)
  %b = call i32 @self(i32 %a)
  %i = call i32 %f(i32 1)
  %e = call i32 @external(i32 %i)
  ret void
}

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32 (i32)*)* @k, !"k", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{!"", !""}
