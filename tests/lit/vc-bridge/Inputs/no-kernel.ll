; A module without any kernel: nothing for IGC to compile.
target triple = "spir64-unknown-unknown"

define spir_func i32 @helper(i32 %x) {
entry:
  ret i32 %x
}
