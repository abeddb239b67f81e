; Two kernels, the second (a template instance: its function's name is mangled) not lowered by the vISA route:
; a scaled gather with a non-zero scale (visa-emit/cmc-backend-visa-several-kernels.test).
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define dllexport void @first(i32 %buf) #0 {
entry:
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %w = add <8 x i32> %v, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %w)
  ret void
}

define dllexport void @_Z6secondIiEvj(i32 %buf) #0 {
entry:
  %g = call <8 x i32> @llvm.genx.gather.scaled2.v8i32.v8i32(i32 2, i16 1, i32 %buf, i32 0, <8 x i32> zeroinitializer)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %g)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32) #1
declare <8 x i32> @llvm.genx.gather.scaled2.v8i32.v8i32(i32, i16, i32, i32, <8 x i32>) #1
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { noinline nounwind "CMGenxMain" }
attributes #1 = { nounwind readonly }

!genx.kernels = !{!0, !5}
!0 = !{void (i32)* @first, !"first", !1, i32 0, !2, !2, !3, i32 0, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
!5 = !{void (i32)* @_Z6secondIiEvj, !"second<int>", !1, i32 0, !2, !2, !3, i32 0, i32 0}
