; Math intrinsics whose vISA lowering is a row of intrinsics.td's Visa field: lrp (src0 * src1 + (1 - src0) *
; src2, the intrinsic's u, v, w), dp2/dp4/dph, llvm.fma and llvm.fmuladd as mad, a saturating multiply of
; 16-bit values (the baled sext reads the words, so mul.sat's 32-bit intermediate is the exact product), a
; saturating shift (shl.sat, unsigned), sbfe/ubfe as bfe (signed or unsigned sources) and bfi, and timestamp
; as a read of %tsc (undefined on both levels, so the difference validates as anything). GenX_IR takes the
; kernel for icllp and tgllp (it expands dp4/lrp for Gen12 itself); the vISA validates against the IR.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "math"
; CHECK-DAG: .decl [[A:V[0-9]+]] v_type=G type=f num_elts=8 align=GRF // %a
; CHECK-DAG: .decl [[B:V[0-9]+]] v_type=G type=f num_elts=8 align=GRF // %b
; CHECK-DAG: .decl [[C:V[0-9]+]] v_type=G type=f num_elts=8 align=GRF // %c
; CHECK-DAG: .decl [[S:V[0-9]+]] v_type=G type=w num_elts=8 align=word // %s
; CHECK-DAG: .decl [[T:V[0-9]+]] v_type=G type=w num_elts=8 align=word // %t
; CHECK: math_BB_0:
; CHECK-NEXT: lrp (M1, 8) [[LRP:V[0-9]+]](0,0)<1> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0> [[C]](0,0)<1;1,0>
; CHECK-NEXT: dp4 (M1, 8) [[DP4:V[0-9]+]](0,0)<1> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK-NEXT: dp2 (M1, 8) {{V[0-9]+}}(0,0)<1> [[A]](0,0)<1;1,0> [[C]](0,0)<1;1,0>
; CHECK-NEXT: dph (M1, 8) {{V[0-9]+}}(0,0)<1> [[B]](0,0)<1;1,0> [[C]](0,0)<1;1,0>
; CHECK-NEXT: mad (M1, 8) [[FMA:V[0-9]+]](0,0)<1> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0> [[C]](0,0)<1;1,0>
; CHECK-NEXT: mad (M1, 8) {{V[0-9]+}}(0,0)<1> [[LRP]](0,0)<1;1,0> [[DP4]](0,0)<1;1,0> [[FMA]](0,0)<1;1,0>
; CHECK: mul.sat (M1, 8) {{V[0-9]+}}(0,0)<1> [[S]](0,0)<1;1,0> [[T]](0,0)<1;1,0>
; CHECK: shl.sat (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> 0x3:ud
; CHECK: bfe (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> 0x4:d {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: bfe (M1, 8) {{V[0-9]+}}(0,0)<1> 0x5:ud {{V[0-9]+}}(0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: bfi (M1, 8)
; CHECK: mov (M1, 4) [[TS0:V[0-9]+]](0,0)<1> %tsc(0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 4) [[TS1:V[0-9]+]](0,0)<1> %tsc(0,0)<1;1,0>
; CHECK-NEXT: add (M1, 4) {{V[0-9]+}}(0,0)<1> [[TS1]](0,0)<1;1,0> (-)[[TS0]](0,0)<1;1,0>

define void @math(i32 %buf, <8 x float> %a, <8 x float> %b, <8 x float> %c, <8 x i16> %s, <8 x i16> %t, <8 x i32> %x, <8 x i32> %n) #0 {
  %lrp = call <8 x float> @llvm.genx.lrp.v8f32(<8 x float> %a, <8 x float> %b, <8 x float> %c)
  %dp4 = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> %a, <8 x float> %b)
  %dp2 = call <8 x float> @llvm.genx.dp2.v8f32(<8 x float> %a, <8 x float> %c)
  %dph = call <8 x float> @llvm.genx.dph.v8f32(<8 x float> %b, <8 x float> %c)
  %fma = call <8 x float> @llvm.fma.v8f32(<8 x float> %a, <8 x float> %b, <8 x float> %c)
  %fmuladd = call <8 x float> @llvm.fmuladd.v8f32(<8 x float> %lrp, <8 x float> %dp4, <8 x float> %fma)
  %f1 = fadd <8 x float> %fmuladd, %dp2
  %f = fadd <8 x float> %f1, %dph
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 0, <8 x float> %f)
  %sw = sext <8 x i16> %s to <8 x i32>
  %tw = sext <8 x i16> %t to <8 x i32>
  %mul = call <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32> %sw, <8 x i32> %tw)
  call void @llvm.genx.oword.st.v8i16(i32 %buf, i32 2, <8 x i16> %mul)
  %shl = call <8 x i16> @llvm.genx.uushl.sat.v8i16.v8i32(<8 x i32> %x, <8 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>)
  call void @llvm.genx.oword.st.v8i16(i32 %buf, i32 3, <8 x i16> %shl)
  %sbfe = call <8 x i32> @llvm.genx.sbfe.v8i32(<8 x i32> %n, <8 x i32> <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>, <8 x i32> %x)
  %ubfe = call <8 x i32> @llvm.genx.ubfe.v8i32(<8 x i32> <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>, <8 x i32> %n, <8 x i32> %x)
  %bfi = call <8 x i32> @llvm.genx.bfi.v8i32(<8 x i32> %n, <8 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>, <8 x i32> %sbfe, <8 x i32> %ubfe)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %bfi)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> %sbfe)
  %ts0 = call <4 x i32> @llvm.genx.timestamp.v4i32()
  %ts1 = call <4 x i32> @llvm.genx.timestamp.v4i32()
  %dt = sub <4 x i32> %ts1, %ts0
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 8, <4 x i32> %dt)
  ret void
}

declare <8 x float> @llvm.genx.lrp.v8f32(<8 x float>, <8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.dp4.v8f32(<8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.dp2.v8f32(<8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.dph.v8f32(<8 x float>, <8 x float>)
declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>)
declare <8 x float> @llvm.fmuladd.v8f32(<8 x float>, <8 x float>, <8 x float>)
declare <8 x i16> @llvm.genx.ssmul.sat.v8i16.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i16> @llvm.genx.uushl.sat.v8i16.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.sbfe.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.ubfe.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.bfi.v8i32(<8 x i32>, <8 x i32>, <8 x i32>, <8 x i32>)
declare <4 x i32> @llvm.genx.timestamp.v4i32()
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare void @llvm.genx.oword.st.v8i16(i32, i32, <8 x i16>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x float>, <8 x float>, <8 x float>, <8 x i16>, <8 x i16>, <8 x i32>, <8 x i32>)* @math, !"math", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !"", !"", !"", !"", !""}
