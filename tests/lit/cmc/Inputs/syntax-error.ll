; Not valid IR: used by bad-input.ll.
define void @f() {
entry:
  ret i33x void
}
