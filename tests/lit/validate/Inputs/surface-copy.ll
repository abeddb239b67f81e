; A kernel that doubles an oword of surface %in into surface %out (binding-table indices as arguments).
define void @k(i32 %in, i32 %out) {
entry:
  %v = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %in, i32 2)
  %d = add <4 x i32> %v, %v
  call void @llvm.genx.oword.st.v4i32(i32 %out, i32 1, <4 x i32> %d)
  ret void
}
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
