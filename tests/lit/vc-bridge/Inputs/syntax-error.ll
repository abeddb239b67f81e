; Not valid LLVM IR: the parser's located message must reach the user.
define spir_kernel void @k() {
entry:
  ret i32
}
