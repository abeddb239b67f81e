; Two kernels sharing a subroutine, with C++-mangled function names whose !genx.kernels names are the source
; names, a SurfaceIndex argument without a descriptor (a read-write buffer), a 2D image read with a media block
; read, and a sampler argument.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define internal spir_func <8 x i32> @_Z6helperu2CMvb8_i(<8 x i32> %v, i32 %k) #3 {
entry:
  %k.ins = insertelement <8 x i32> undef, i32 %k, i32 0
  %k.splat = shufflevector <8 x i32> %k.ins, <8 x i32> undef, <8 x i32> zeroinitializer
  %r = mul <8 x i32> %v, %k.splat
  ret <8 x i32> %r
}

define dllexport void @_Z5k_mulj15cm_surface_indexj(i32 %buf, i32 %k) #0 {
entry:
  %gid = call i32 @llvm.genx.group.id.x()
  %off = shl i32 %gid, 1
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 %off)
  %r = call spir_func <8 x i32> @_Z6helperu2CMvb8_i(<8 x i32> %v, i32 %k)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %off, <8 x i32> %r)
  ret void
}

define dllexport void @_Z7k_image15cm_surface_indexS_14cm_sampler_index(i32 %image, i32 %out, i32 %sampler) #0 {
entry:
  %gid = call i32 @llvm.genx.group.id.x()
  %x = shl i32 %gid, 5
  %block = call <8 x i32> @llvm.genx.media.ld.v8i32(i32 0, i32 %image, i32 0, i32 32, i32 %x, i32 0)
  %r = call spir_func <8 x i32> @_Z6helperu2CMvb8_i(<8 x i32> %block, i32 3)
  %off = shl i32 %gid, 1
  call void @llvm.genx.oword.st.v8i32(i32 %out, i32 %off, <8 x i32> %r)
  ret void
}

declare i32 @llvm.genx.group.id.x() #1
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32) #2
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.media.ld.v8i32(i32, i32, i32, i32, i32, i32) #2

attributes #0 = { noinline nounwind "CMGenxMain" }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }
attributes #3 = { noinline nounwind }

!genx.kernels = !{!0, !5}
!0 = !{void (i32, i32)* @_Z5k_mulj15cm_surface_indexj, !"k_mul", !1, i32 0, !2, !2, !3, i32 0, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"", !""}
!5 = !{void (i32, i32, i32)* @_Z7k_image15cm_surface_indexS_14cm_sampler_index, !"k_image", !6, i32 0, !7, !7, !8, i32 0, i32 0}
!6 = !{i32 2, i32 2, i32 1}
!7 = !{i32 0, i32 0, i32 0}
!8 = !{!"image2d_t read_only", !"buffer_t", !"sampler_t"}
