; A block read baled into the wrregion that places it (IGC's raw destination) writes straight into the written
; vector's variable at the region's byte offset: @owords assembles a 256-byte vector from two oword reads at a
; run-time offset (prefix_sum's and radix_sort's `v.select<32,1>(32 * i) = read`, which the emitter refused as
; "llvm.genx.oword.ld is not lowered yet"), the reads write bytes 0 and 128 of one GRF-aligned variable and the
; stores read it in place with no move; @media does the same with two 64-byte-wide, 4-row media reads (MEDIA_LD's widest
; block, 256 bytes each) into a <128 x float> at bytes 0 and 256; @old_kept writes a read into part of a live
; argument: the variable starts as a copy of the argument (kept: the argument is read again), the read lands at
; byte 64. Negative case @unaligned: a read placed at byte 16 does not start a GRF, so baling leaves it apart
; (its own variable, then a move). The vISA validates against the IR on the executor, and GenX_IR assembles it.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && csplit -s -z -f %t.d/k -b '%%d.visaasm' %t.visaasm '/^\.version/' '{*}'
; RUN: %validate %s %t.d/k0.visaasm
; RUN: %validate %s %t.d/k1.visaasm
; RUN: %validate %s %t.d/k2.visaasm
; RUN: %validate %s %t.d/k3.visaasm
; RUN: cd %t.d && for k in k0 k1 k2 k3; do GenX_IR $k.visaasm -platform ICLLP -output || exit 1; done
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "owords"
; CHECK-DAG: .decl [[V:V[0-9]+]] v_type=G type=d num_elts=64 align=GRF
; CHECK: oword_ld (8) {{T[0-9]+}} [[O0:V[0-9]+]](0,0)<0;1,0> [[V]].0
; CHECK: oword_ld (8) {{T[0-9]+}} {{V[0-9]+}}(0,0)<0;1,0> [[V]].128
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x0:ud {{V[0-9]+}}.0
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x8:ud {{V[0-9]+}}.0
; CHECK-NEXT: ret

; CHECK-LABEL: .kernel "media"
; CHECK-DAG: .decl [[M:V[0-9]+]] v_type=G type=f num_elts=128 align=GRF
; CHECK: media_ld.nomod (64,4) {{T[0-9]+}} 0 {{.*}} [[M]].0
; CHECK: media_ld.nomod (64,4) {{T[0-9]+}} 0 {{.*}} [[M]].256
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x0:ud {{V[0-9]+}}.0
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x8:ud {{V[0-9]+}}.0
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x10:ud {{V[0-9]+}}.0
; CHECK-NEXT: oword_st (8) {{T[0-9]+}} 0x18:ud {{V[0-9]+}}.0
; CHECK-NEXT: ret

; CHECK-LABEL: .kernel "old_kept"
; CHECK-DAG: .decl [[A:V[0-9]+]] v_type=G type=d num_elts=32 align=GRF
; CHECK-DAG: .decl [[W:V[0-9]+]] v_type=G type=d num_elts=32 align=GRF
; CHECK: mov (M1, 16) [[W]](0,0)<1> [[A]](0,0)<1;1,0>
; CHECK: oword_ld (4) {{T[0-9]+}} 0x0:ud [[W]].64
; CHECK: oword_st (8) {{T[0-9]+}} 0x0:ud [[W]].0
; CHECK: oword_st (8) {{T[0-9]+}} 0x8:ud [[A]].0

; CHECK-LABEL: .kernel "unaligned"
; CHECK: oword_ld (2) {{T[0-9]+}} 0x0:ud [[R:V[0-9]+]].0
; CHECK: mov (M1, 8) {{V[0-9]+}}(0,4)<1> [[R]](0,0)<1;1,0>

define void @owords(i32 %in, i32 %out, i32 %at) #0 {
  %o0 = shl i32 %at, 4
  %a = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %in, i32 %o0)
  %w0 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> undef, <32 x i32> %a, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %o1 = add i32 %o0, 8
  %b = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %in, i32 %o1)
  %w1 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %w0, <32 x i32> %b, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %lo = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %w1, i32 32, i32 32, i32 1, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v32i32(i32 %out, i32 0, <32 x i32> %lo)
  %hi = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %w1, i32 32, i32 32, i32 1, i16 32, i32 undef)
  call void @llvm.genx.oword.st.v32i32(i32 %out, i32 8, <32 x i32> %hi)
  ret void
}

define void @media(i32 %img, i32 %out, i32 %x, i32 %y) #0 {
  %a = call <64 x float> @llvm.genx.media.ld.v64f32(i32 0, i32 %img, i32 0, i32 64, i32 %x, i32 %y)
  %w0 = call <128 x float> @llvm.genx.wrregionf.v128f32.v64f32.i16.i1(<128 x float> undef, <64 x float> %a, i32 16, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %y4 = add i32 %y, 4
  %b = call <64 x float> @llvm.genx.media.ld.v64f32(i32 0, i32 %img, i32 0, i32 64, i32 %x, i32 %y4)
  %w1 = call <128 x float> @llvm.genx.wrregionf.v128f32.v64f32.i16.i1(<128 x float> %w0, <64 x float> %b, i32 16, i32 16, i32 1, i16 256, i32 undef, i1 true)
  %q0 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %w1, i32 32, i32 32, i32 1, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %out, i32 0, <32 x float> %q0)
  %q1 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %w1, i32 32, i32 32, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %out, i32 8, <32 x float> %q1)
  %q2 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %w1, i32 32, i32 32, i32 1, i16 256, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %out, i32 16, <32 x float> %q2)
  %q3 = call <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float> %w1, i32 32, i32 32, i32 1, i16 384, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %out, i32 24, <32 x float> %q3)
  ret void
}

define void @old_kept(i32 %in, i32 %out, <32 x i32> %arg) #0 {
  %a = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %in, i32 0)
  %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %arg, <16 x i32> %a, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32i32(i32 %out, i32 0, <32 x i32> %w)
  call void @llvm.genx.oword.st.v32i32(i32 %out, i32 8, <32 x i32> %arg)
  ret void
}

define void @unaligned(i32 %in, i32 %out) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %in, i32 0)
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> zeroinitializer, <8 x i32> %a, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %out, i32 0, <16 x i32> %w)
  ret void
}

declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare <64 x float> @llvm.genx.media.ld.v64f32(i32, i32, i32, i32, i32, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <128 x float> @llvm.genx.wrregionf.v128f32.v64f32.i16.i1(<128 x float>, <64 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v128f32.i16(<128 x float>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !8, !11}
!0 = !{void (i32, i32, i32)* @owords, !"owords", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"buffer_t", !""}
!4 = !{void (i32, i32, i32, i32)* @media, !"media", !5, i32 0, !6, !6, !7, i32 0}
!5 = !{i32 2, i32 2, i32 0, i32 0}
!6 = !{i32 0, i32 0, i32 0, i32 0}
!7 = !{!"image2d_t read_only", !"buffer_t", !"", !""}
!8 = !{void (i32, i32, <32 x i32>)* @old_kept, !"old_kept", !1, i32 0, !2, !2, !9, i32 0}
!9 = !{!"buffer_t", !"buffer_t", !""}
!11 = !{void (i32, i32)* @unaligned, !"unaligned", !12, i32 0, !13, !13, !14, i32 0}
!12 = !{i32 2, i32 2}
!13 = !{i32 0, i32 0}
!14 = !{!"buffer_t", !"buffer_t"}
