; A function using a construct without executable semantics cannot be validated: exit 3, naming the construct.
; RUN: bash -c '%validate %s %s; test $? -eq 3' 2>&1 | FileCheck %s
; CHECK: cmc validate: cannot validate function 'h': {{.*}}'llvm.genx.no.such.semantics.i32'
define i32 @h(i32 %x) {
entry:
  %r = call i32 @llvm.genx.no.such.semantics.i32(i32 %x)
  ret i32 %r
}
declare i32 @llvm.genx.no.such.semantics.i32(i32)
