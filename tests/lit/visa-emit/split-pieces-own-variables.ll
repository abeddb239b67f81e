; genx-legalize's join of split pieces (a wrregion chain onto undef) read back only piece by piece is taken
; apart before emission (visa_emit/pieces.rs): each read is its piece's value, so each piece has a variable of
; its own (the finalizer allocates and spills them one by one) and the 32-lane join has none. %t0/%t1's reads
; describe the pieces differently (<8;8,1> for a written <0;16,1>) but read the same elements. Negative: the
; join of %u0/%u1 is also read across its pieces (elements 8..23, %mid), so it stays one 32-lane variable the
; pieces are written into. -stats counts the joins taken apart.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: FileCheck %s --check-prefix=STATS < %t.out
; RUN: sed -n '/^\.version/,/^ *ret/p' %t.out > %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[T0:V[0-9]+]] v_type=G type=f num_elts=16 align=GRF {{ *}}// %t0
; CHECK-DAG: .decl [[T1:V[0-9]+]] v_type=G type=f num_elts=16 align=GRF {{ *}}// %t1
; CHECK-DAG: .decl [[U:V[0-9]+]] v_type=G type=f num_elts=32 align=GRF {{ *}}// %u
; CHECK-NOT: num_elts=32
; CHECK: pieces_BB_0:
; CHECK-NEXT: add (M1, 16) [[T0]](0,0)<1> [[A:V[0-9]+]](0,0)<1;1,0> [[B:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: mul (M1, 16) [[T1]](0,0)<1> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) [[S:V[0-9]+]](0,0)<1> [[T0]](0,0)<1;1,0> (-)[[T1]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) [[U]](0,0)<1> [[A]](0,0)<1;1,0> [[S]](0,0)<1;1,0>
; CHECK-NEXT: mul (M1, 16) [[U]](2,0)<1> [[B]](0,0)<1;1,0> [[S]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) {{V[0-9]+}}(0,0)<1> [[U]](0,0)<1;1,0> (-)[[U]](1,0)<1;1,0>
; STATS: 1 print<genx-visa-emit> - joins of split pieces read only piece by piece, taken apart

define void @pieces(i32 %buf, <16 x float> %a, <16 x float> %b) #0 {
entry:
  %t0 = fadd <16 x float> %a, %b
  %j0 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %t0, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %t1 = fmul <16 x float> %a, %b
  %j1 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %j0, <16 x float> %t1, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %r0 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %j1, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %r1 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %j1, i32 16, i32 16, i32 1, i16 64, i32 undef)
  %s = fsub <16 x float> %r0, %r1
  %u0 = fadd <16 x float> %a, %s
  %u = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %u0, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %u1 = fmul <16 x float> %b, %s
  %k1 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %u, <16 x float> %u1, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %lo = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %k1, i32 16, i32 16, i32 1, i16 0, i32 undef)
  %mid = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %k1, i32 16, i32 16, i32 1, i16 32, i32 undef)
  %d = fsub <16 x float> %lo, %mid
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 0, <16 x float> %d)
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 4, <16 x float> %r1)
  ret void
}

declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x float>, <16 x float>)* @pieces, !"pieces", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
