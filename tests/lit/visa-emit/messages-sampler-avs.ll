; The adaptive video scaler: llvm.genx.avs is vISA's `avs.<channels> T S u v delta_u delta_v u2d group_id
; vertical_block <format> v2d <mode> ief_bypass dst` (AVS.md; the surface before the sampler, as IGC's VC
; backend prints it), the channel mask, output format and mode constants as names, the scalar coordinates and
; steps registers or `:f` immediates, group id and vertical block `:ud`, the IEF bypass a byte (an immediate `:uw`, vISA having no byte immediates). Two calls: all
; four channels, 16-bit full, 16x4 (4 x 64 words, the CM kernel's matrix<ushort, 4, 64>), and red only, 8-bit
; full, 16x8 (128 bytes) with run-time group id, block number and bypass. GenX_IR accepts it for icllp and
; tgllp. Both executors run the scaler through the CPU sampler model (docs/run.md "Samplers"): the vISA agrees
; with the IR. Negative: the vISA with the second call's u2d dropped, or in 16x4 instead of 16x8, must mismatch
; (exit 1: the model reads u2d and lays out both deliveries of 16x8).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; RUN: sed -e 's/0x3a83126f:f/0x0:f/' %t.visaasm > %t.no-u2d.visaasm
; RUN: not %validate %s %t.no-u2d.visaasm 2>&1 | FileCheck %s --check-prefix=MISMATCH
; RUN: sed -e 's/AVS_16x8/AVS_16x4/' %t.visaasm > %t.16x4.visaasm
; RUN: not %validate %s %t.16x4.visaasm 2>&1 | FileCheck %s --check-prefix=MISMATCH
; Negative, the vISA reader (exit 2, located): a second surface where the sampler goes, a mode the text form
; does not name.
; RUN: sed -E 's/avs\.RGBA (T[0-9]+) (S[0-9]+)/avs.RGBA \1 \1/' %t.visaasm > %t.two.visaasm
; RUN: not %validate %s %t.two.visaasm 2>&1 | FileCheck %s --check-prefix=TWO
; TWO: .visaasm:{{[0-9]+}}:{{[0-9]+}}: error: avs takes one surface and one sampler
; RUN: sed -e 's/AVS_16x8/AVS_8x4/' %t.visaasm > %t.8x4.visaasm
; RUN: not %validate %s %t.8x4.visaasm 2>&1 | FileCheck %s --check-prefix=MODE
; MODE: error: expected an avs mode (AVS_16x4, AVS_16x8), found 'AVS_8x4'
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[SMP:S[0-9]+]] v_type=S num_elts=1 // %smp
; CHECK-DAG: .decl [[IMG:T[0-9]+]] v_type=T num_elts=1 // %img
; CHECK-DAG: .decl [[U:V[0-9]+]] v_type=G type=f num_elts=1 align=dword // %u
; CHECK-DAG: .decl [[V:V[0-9]+]] v_type=G type=f num_elts=1 align=dword // %v
; CHECK-DAG: .decl [[RGBA:V[0-9]+]] v_type=G type=w num_elts=256 align=GRF // %rgba
; CHECK-DAG: .decl [[RED:V[0-9]+]] v_type=G type=b num_elts=128 align=GRF // %red
; CHECK: avs.RGBA [[IMG]] [[SMP]] [[U]](0,0)<0;1,0> [[V]](0,0)<0;1,0> 0x3c23d70a:f 0x3c23d70a:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw [[RGBA]].0
; CHECK: avs.R [[IMG]] [[SMP]] [[U]](0,0)<0;1,0> [[V]](0,0)<0;1,0> 0x3c23d70a:f 0x0:f 0x3a83126f:f {{V[0-9]+}}(0,0)<0;1,0> {{V[0-9]+}}(0,0)<0;1,0> AVS_8_FULL 0x0:f AVS_16x8 {{V[0-9]+}}(0,0)<0;1,0> [[RED]].0
; MISMATCH: mismatch in function 'scaled'


define void @scaled(i32 %img, i32 %smp, i32 %buf, float %u, float %v, i32 %group, i32 %block, i8 %bypass) #0 {
  %rgba = call <256 x i16> @llvm.genx.avs.v256i16(i32 15, i32 %smp, i32 %img, float %u, float %v, float 0x3F847AE140000000, float 0x3F847AE140000000, float 0.000000e+00, i32 0, i32 0, i32 0, float 0.000000e+00, i32 0, i8 0)
  %row = call <64 x i16> @llvm.genx.rdregioni.v64i16.v256i16.i16(<256 x i16> %rgba, i32 64, i32 64, i32 1, i16 384, i32 undef)
  call void @llvm.genx.oword.st.v64i16(i32 %buf, i32 0, <64 x i16> %row)
  %red = call <128 x i8> @llvm.genx.avs.v128i8(i32 1, i32 %smp, i32 %img, float %u, float %v, float 0x3F847AE140000000, float 0.000000e+00, float 0x3F50624DE0000000, i32 %group, i32 %block, i32 2, float 0.000000e+00, i32 2, i8 %bypass)
  call void @llvm.genx.oword.st.v128i8(i32 %buf, i32 8, <128 x i8> %red)
  ret void
}

declare <256 x i16> @llvm.genx.avs.v256i16(i32, i32, i32, float, float, float, float, float, i32, i32, i32, float, i32, i8)
declare <128 x i8> @llvm.genx.avs.v128i8(i32, i32, i32, float, float, float, float, float, i32, i32, i32, float, i32, i8)
declare <64 x i16> @llvm.genx.rdregioni.v64i16.v256i16.i16(<256 x i16>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v64i16(i32, i32, <64 x i16>)
declare void @llvm.genx.oword.st.v128i8(i32, i32, <128 x i8>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, float, float, i32, i32, i8)* @scaled, !"scaled", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 1, i32 2, i32 0, i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"image2d_t read_only", !"sampler_t", !"buffer_t", !"", !"", !"", !"", !""}
