; A file-scope CM vector declared _GENX_VOLATILE_ (global attribute "genx_volatile"), read and written with
; vload/vstore, next to an ordinary global: both become vector-compute variables, the first one volatile.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@acc = internal global <8 x i32> zeroinitializer, align 32 #1
@plain = internal global <8 x i32> zeroinitializer, align 32

define dllexport void @accumulate(i32 %buf) #0 {
entry:
  %gid = call i32 @llvm.genx.group.id.x()
  %off = shl i32 %gid, 1
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 %off)
  %a = call <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>* @acc)
  %s = add <8 x i32> %a, %v
  call void @llvm.genx.vstore.v8i32.p0v8i32(<8 x i32> %s, <8 x i32>* @acc)
  store <8 x i32> %v, <8 x i32>* @plain
  %b = call <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>* @acc)
  %p = load <8 x i32>, <8 x i32>* @plain
  %r = add <8 x i32> %b, %p
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %off, <8 x i32> %r)
  ret void
}

declare i32 @llvm.genx.group.id.x()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.vload.v8i32.p0v8i32(<8 x i32>*)
declare void @llvm.genx.vstore.v8i32.p0v8i32(<8 x i32>, <8 x i32>*)

attributes #0 = { noinline nounwind "CMGenxMain" }
attributes #1 = { "genx_volatile" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @accumulate, !"accumulate", !1, i32 0, !2, !2, !3, i32 0, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
