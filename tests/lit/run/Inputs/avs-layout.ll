; cmc run of llvm.genx.avs in the modes and formats vISA's text form cannot carry (tests/lit/run/avs-modes.test):
; a: channels R, G, 8x4, 8-bit full, vertical block 1 (rows 4-7); b: R, G, 16x8, 16-bit full (two deliveries);
; c: R, 4x4, 16-bit full, v2d = 1/8 (rows 0, 0, 1, 3). Every call is at u = 1/8 (texel 0's centre on a 4-wide
; image), v = 1/16 (row 0's centre on an 8-high image), one texel per pixel across and (a, b) down.
define void @layout(i32 %img, i32 %smp, i32 %out) #0 {
  %a = call <64 x i8> @llvm.genx.avs.v64i8(i32 3, i32 %smp, i32 %img, float 0.125, float 0.0625, float 0.25, float 0.125, float 0.0, i32 0, i32 1, i32 2, float 0.0, i32 1, i8 0)
  call void @llvm.genx.oword.st.v64i8(i32 %out, i32 0, <64 x i8> %a)
  %b = call <256 x i16> @llvm.genx.avs.v256i16(i32 3, i32 %smp, i32 %img, float 0.125, float 0.0625, float 0.25, float 0.125, float 0.0, i32 0, i32 0, i32 0, float 0.0, i32 2, i8 0)
  %b0 = call <64 x i16> @llvm.genx.rdregioni.v64i16.v256i16.i16(<256 x i16> %b, i32 64, i32 64, i32 1, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v64i16(i32 %out, i32 4, <64 x i16> %b0)
  %b1 = call <64 x i16> @llvm.genx.rdregioni.v64i16.v256i16.i16(<256 x i16> %b, i32 64, i32 64, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v64i16(i32 %out, i32 12, <64 x i16> %b1)
  %b2 = call <64 x i16> @llvm.genx.rdregioni.v64i16.v256i16.i16(<256 x i16> %b, i32 64, i32 64, i32 1, i16 256, i32 undef)
  call void @llvm.genx.oword.st.v64i16(i32 %out, i32 20, <64 x i16> %b2)
  %b3 = call <64 x i16> @llvm.genx.rdregioni.v64i16.v256i16.i16(<256 x i16> %b, i32 64, i32 64, i32 1, i16 384, i32 undef)
  call void @llvm.genx.oword.st.v64i16(i32 %out, i32 28, <64 x i16> %b3)
  %c = call <16 x i16> @llvm.genx.avs.v16i16(i32 1, i32 %smp, i32 %img, float 0.125, float 0.0625, float 0.25, float 0.0, float 0.0, i32 0, i32 0, i32 0, float 0.125, i32 3, i8 0)
  call void @llvm.genx.oword.st.v16i16(i32 %out, i32 36, <16 x i16> %c)
  ret void
}

declare <64 x i8> @llvm.genx.avs.v64i8(i32, i32, i32, float, float, float, float, float, i32, i32, i32, float, i32, i8)
declare <256 x i16> @llvm.genx.avs.v256i16(i32, i32, i32, float, float, float, float, float, i32, i32, i32, float, i32, i8)
declare <16 x i16> @llvm.genx.avs.v16i16(i32, i32, i32, float, float, float, float, float, i32, i32, i32, float, i32, i8)
declare <64 x i16> @llvm.genx.rdregioni.v64i16.v256i16.i16(<256 x i16>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v64i8(i32, i32, <64 x i8>)
declare void @llvm.genx.oword.st.v64i16(i32, i32, <64 x i16>)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @layout, !"layout", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 1, i32 2}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"image2d_t read_only", !"sampler_t", !"buffer_t"}
