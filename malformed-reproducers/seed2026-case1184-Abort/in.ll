; GenX IR as the CM front end writes it: a kernel in !genx.kernels with two binding-table buffers (read-only in,
; write-only out, i32 BTIs) and a float scalar. Each thread scales its 32-byte block.
target datalayout = "e-p:\64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define dllexport void @scale(i32 %in, i32 %out, float %factor) #0 {
entry:
  %gid = call i32 @llvm.genx.group.id.x()
  %off = shl i32 %gid, 1
  %v = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %in, i32 %off)
  %f.ins = insertelement <8 x float> undef, float %factor, i32 0
  %f = shufflevector <8 x float> %f.ins, <8 x float> undef, <8 x i32> zeroinitializer
  %r = fmul <8 x float> %v, %f
  call void @llvm.genx.oword.st.v8f32(i32 %out, i32 %off, <8 x float> %r)
  ret void
}

declare i32 @llvm.genx.group.id.x() #1
declare <8 x float> @llvm.genx.oword.ld.v8f32(i32, i32, i32) #2
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)

attributes #0 = { noinline nounwind "CMGenxMain" }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, float)* @scale, !"scale", !1, i32 0, !2, !3, !4, i32 0, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !""}
