; @g of memory.ll with an extra store: the validator must notice the clobbered byte 4.
define void @g(i32* %p, i32 %x) {
entry:
  store i32 %x, i32* %p
  %q = getelementptr i32, i32* %p, i32 1
  store i32 0, i32* %q
  ret void
}
