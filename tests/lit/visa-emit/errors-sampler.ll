; Sampler messages the emitter refuses, each a located error naming the function, the instruction and the
; reason, with nothing printed for the kernel: a constant sampler index (only a SamplerIndex kernel argument is
; a sampler variable), a load of 4 lanes (vISA's LOAD is SIMD8 or SIMD16), half-precision coordinates; avs in
; 8x4 mode (vISA's text form names only 16x4 and 16x8) and an avs result smaller than what the message writes
; (four channels of 64 words in 16x4 mode are 512 bytes, not 256).
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-visa-emit: in function 'constant_sampler', block 'bb0': %s = call <16 x float> @llvm.genx.sample{{.*}}: a constant sampler index is not lowered yet: pass the sampler as a SamplerIndex kernel argument
; CHECK-DAG: error: genx-visa-emit: in function 'four_lanes', block 'bb0': %l = call <4 x float> @llvm.genx.load{{.*}}: a load message of 4 lanes (8 or 16 allowed)
; CHECK-DAG: error: genx-visa-emit: in function 'half_coordinates', block 'bb0': %s = call <16 x float> @llvm.genx.sample{{.*}}: sample coordinates of 16 bits are not lowered yet
; CHECK-DAG: error: genx-visa-emit: in function 'avs_8x4', block 'bb0': %a = call <128 x i16> @llvm.genx.avs{{.*}}: avs in 8x4 mode is not lowered: vISA's text form, which GenX_IR assembles, names only the 16x4 and 16x8 modes
; CHECK-DAG: error: genx-visa-emit: in function 'avs_small', block 'bb0': %a = call <128 x i16> @llvm.genx.avs{{.*}}: avs's result of 256 bytes is smaller than the 512 bytes the message writes
; CHECK-NOT: .kernel

define void @constant_sampler(i32 %img, <16 x float> %u) #0 {
  %s = call <16 x float> @llvm.genx.sample.v16f32.v16f32(i32 1, i32 0, i32 %img, <16 x float> %u, <16 x float> zeroinitializer, <16 x float> zeroinitializer)
  ret void
}

define void @four_lanes(i32 %img, <4 x i32> %u) #0 {
  %l = call <4 x float> @llvm.genx.load.v4f32.v4i32(i32 1, i32 %img, <4 x i32> %u, <4 x i32> zeroinitializer, <4 x i32> zeroinitializer)
  ret void
}

define void @half_coordinates(i32 %smp, i32 %img, <16 x half> %u) #0 {
  %s = call <16 x float> @llvm.genx.sample.v16f32.v16f16(i32 1, i32 %smp, i32 %img, <16 x half> %u, <16 x half> zeroinitializer, <16 x half> zeroinitializer)
  ret void
}

define void @avs_8x4(i32 %smp, i32 %img) #0 {
  %a = call <128 x i16> @llvm.genx.avs.v128i16(i32 15, i32 %smp, i32 %img, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, i32 0, i32 0, i32 0, float 0.0, i32 1, i8 0)
  ret void
}

define void @avs_small(i32 %smp, i32 %img) #0 {
  %a = call <128 x i16> @llvm.genx.avs.v128i16(i32 15, i32 %smp, i32 %img, float 0.0, float 0.0, float 0.0, float 0.0, float 0.0, i32 0, i32 0, i32 0, float 0.0, i32 0, i8 0)
  ret void
}

declare <128 x i16> @llvm.genx.avs.v128i16(i32, i32, i32, float, float, float, float, float, i32, i32, i32, float, i32, i8)
declare <16 x float> @llvm.genx.sample.v16f32.v16f32(i32, i32, i32, <16 x float>, <16 x float>, <16 x float>)
declare <16 x float> @llvm.genx.sample.v16f32.v16f16(i32, i32, i32, <16 x half>, <16 x half>, <16 x half>)
declare <4 x float> @llvm.genx.load.v4f32.v4i32(i32, i32, <4 x i32>, <4 x i32>, <4 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0, !4, !7, !11, !12}
!0 = !{void (i32, <16 x float>)* @constant_sampler, !"constant_sampler", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"image2d_t read_only", !""}
!4 = !{void (i32, <4 x i32>)* @four_lanes, !"four_lanes", !1, i32 0, !2, !2, !3, i32 0}
!7 = !{void (i32, i32, <16 x half>)* @half_coordinates, !"half_coordinates", !8, i32 0, !9, !9, !10, i32 0}
!8 = !{i32 1, i32 2, i32 0}
!9 = !{i32 0, i32 0, i32 0}
!10 = !{!"sampler_t", !"image2d_t read_only", !""}
!11 = !{void (i32, i32)* @avs_8x4, !"avs_8x4", !13, i32 0, !14, !14, !15, i32 0}
!12 = !{void (i32, i32)* @avs_small, !"avs_small", !13, i32 0, !14, !14, !15, i32 0}
!13 = !{i32 1, i32 2}
!14 = !{i32 0, i32 0}
!15 = !{!"sampler_t", !"image2d_t read_only"}
