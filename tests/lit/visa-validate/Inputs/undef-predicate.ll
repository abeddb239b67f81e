; The kernel of undefined-predicate-lanes.test: x + 1 where an undefined vector is greater than x, else x.
define dllexport void @undef_pred(i32 %buf) #0 {
entry:
  %x = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %c = icmp sgt <8 x i32> undef, %x
  %inc = add <8 x i32> %x, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %r = select <8 x i1> %c, <8 x i32> %inc, <8 x i32> %x
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %r)
  ret void
}
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
attributes #0 = { "CMGenxMain" }
!genx.kernels = !{!0}
!0 = !{void (i32)* @undef_pred, !"undef_pred", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
