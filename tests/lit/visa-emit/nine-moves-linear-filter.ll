; The paper's linear filter core: a 8x32 byte block read with media_ld, `in.select<6,1,24,1>(1,3)` converted to
; float and scaled, then written back as bytes. genx-legalize cuts the 144-wide conversion into nine SIMD16
; pieces; each piece is one bale (its own variable: the join is read only piece by piece, visa_emit/pieces.rs),
; so the emitted vISA has exactly nine SIMD16 moves reading the byte matrix
; (as unsigned bytes: uitofp), at the byte offsets of the legalize golden test: 35, 51, 75, 99, 115, 139, 163,
; 179, 203 = (row, column) (1,3) (1,19) (2,11) (3,3) (3,19) (4,11) (5,3) (5,19) (6,11) of a 32-byte GRF.
; The surfaces are the first .input at r1 (offset 32), the second right after it (36).
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output -binary
; RUN: FileCheck %s --check-prefix=ASM < %t.d/k.asm
; REQUIRES: genx-ir

; CHECK: .kernel "linear_filter"
; CHECK-DAG: .decl [[IN:T[0-9]+]] v_type=T num_elts=1 // %input
; CHECK-DAG: .decl [[OUT:T[0-9]+]] v_type=T num_elts=1 // %output
; CHECK-DAG: .decl [[M:V[0-9]+]] v_type=G type=b num_elts=256 align=GRF // %m
; CHECK-DAG: .decl [[MU:V[0-9]+]] v_type=G type=ub num_elts=256 alias=<[[M]], 0>
; CHECK-NOT: num_elts=144
; CHECK: .input [[IN]] offset=32 size=4
; CHECK-NEXT: .input [[OUT]] offset=36 size=4
; CHECK: .function "linear_filter_BB_0"
; CHECK: media_ld.nomod (32,8) [[IN]] 0 0x0:ud 0x0:ud [[M]].0
; CHECK-NEXT: mov (M1, 16) [[F:V[0-9]+]](0,0)<1> [[MU]](1,3)<1;1,0>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](1,19)<16;8,1>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](2,11)<1;1,0>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](3,3)<1;1,0>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](3,19)<16;8,1>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](4,11)<1;1,0>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](5,3)<1;1,0>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](5,19)<16;8,1>
; CHECK-NEXT: mov (M1, 16) {{V[0-9]+}}(0,0)<1> [[MU]](6,11)<1;1,0>
; CHECK-NEXT: mul (M1, 16) {{V[0-9]+}}(0,0)<1> [[F]](0,0)<1;1,0> 0x3de38e39:f
; CHECK-COUNT-8: mul (M1, 16) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> 0x3de38e39:f
; CHECK-NOT: mov (M1, 16) [[F]]
; CHECK: media_st.nomod (24,6) [[OUT]] 0 0x0:ud 0x0:ud
; CHECK-NEXT: ret (M1, 1)

; ASM: .kernel linear_filter
; ASM: .instCount

define void @linear_filter(i32 %input, i32 %output) #0 {
entry:
  %m = call <256 x i8> @llvm.genx.media.ld.v256i8(i32 0, i32 %input, i32 0, i32 32, i32 0, i32 0)
  %sel = call <144 x i8> @llvm.genx.rdregioni.v144i8.v256i8.i16(<256 x i8> %m, i32 32, i32 24, i32 1, i16 35, i32 undef)
  %f = uitofp <144 x i8> %sel to <144 x float>
  %s = fmul <144 x float> %f, <float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000, float 0x3FBC71C720000000>
  %b = fptoui <144 x float> %s to <144 x i8>
  %out = call <192 x i8> @llvm.genx.wrregioni.v192i8.v144i8.i16.i1(<192 x i8> zeroinitializer, <144 x i8> %b, i32 24, i32 24, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.media.st.v192i8(i32 0, i32 %output, i32 0, i32 24, i32 0, i32 0, <192 x i8> %out)
  ret void
}

declare <256 x i8> @llvm.genx.media.ld.v256i8(i32, i32, i32, i32, i32, i32)
declare <144 x i8> @llvm.genx.rdregioni.v144i8.v256i8.i16(<256 x i8>, i32, i32, i32, i16, i32)
declare <192 x i8> @llvm.genx.wrregioni.v192i8.v144i8.i16.i1(<192 x i8>, <144 x i8>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.media.st.v192i8(i32, i32, i32, i32, i32, i32, <192 x i8>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @linear_filter, !"linear_filter", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 0, i32 0}
!3 = !{!"image2d_t read_only", !"image2d_t write_only"}
