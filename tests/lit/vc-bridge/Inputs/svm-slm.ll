; GenX IR with an SVM pointer passed as i64 (`svmptr_t`), a scalar, and 4 KiB of shared local memory (SLM,
; binding-table index 254): each thread adds n to its block, stores it to SLM, waits at the barrier and writes
; the block back reversed.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define dllexport void @slm_reverse(i64 %buf, i32 %n) #0 {
entry:
  %gid = call i32 @llvm.genx.group.id.x()
  %gid64 = zext i32 %gid to i64
  %off = shl i64 %gid64, 5
  %addr = add i64 %buf, %off
  %v = call <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64 %addr)
  %n.ins = insertelement <8 x i32> undef, i32 %n, i32 0
  %n.splat = shufflevector <8 x i32> %n.ins, <8 x i32> undef, <8 x i32> zeroinitializer
  %s = add <8 x i32> %v, %n.splat
  call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 2, i16 0, i32 254, i32 0, <8 x i32> <i32 0, i32 4, i32 8, i32 12, i32 16, i32 20, i32 24, i32 28>, <8 x i32> %s)
  call void @llvm.genx.barrier()
  %g = call <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32 2, i16 0, i32 254, i32 0, <8 x i32> <i32 28, i32 24, i32 20, i32 16, i32 12, i32 8, i32 4, i32 0>, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %g)
  ret void
}

declare i32 @llvm.genx.group.id.x() #1
declare <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64) #2
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)
declare void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1>, i32, i16, i32, i32, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32, i16, i32, i32, <8 x i32>, <8 x i1>) #2
declare void @llvm.genx.barrier()

attributes #0 = { noinline nounwind "CMGenxMain" }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }

!genx.kernels = !{!0}
!0 = !{void (i64, i32)* @slm_reverse, !"slm_reverse", !1, i32 4096, !2, !3, !4, i32 0, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !""}
