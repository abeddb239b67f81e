; Memory written through pointer arguments is compared byte by byte; bytes the original leaves alone must stay.
; RUN: %validate %s %s
; RUN: bash -c '%validate %s %S/Inputs/store-extra.ll; test $? -eq 1' 2>&1 | FileCheck %s
; CHECK: at: buffer of argument 0 ('%p'), byte 4
define void @g(i32* %p, i32 %x) {
entry:
  store i32 %x, i32* %p
  ret void
}
