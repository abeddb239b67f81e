; Saturating conversions from the intrinsic table (`sat-XY mov`): an integer one folds into the main instruction
; (ustrunc.sat of an add is add.sat into unsigned bytes); a float-to-integer one does not (vISA's float
; arithmetic takes one type for all operands, and .sat on a float destination clamps to [0, 1]): the mul is
; computed in float, then moved with .sat into signed words. `select(cmp, -1, 0)` with the compare baled in is a
; compare into a general register; a constant write mask is a predicate set by setp (lanes 0 and 2: 0x5).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[B:V[0-9]+]] v_type=G type=ub num_elts=8 alias=<{{V[0-9]+}}, 0>
; CHECK-DAG: .decl [[W:V[0-9]+]] v_type=G type=w num_elts=8 align=word // %w
; CHECK: add.sat (M1, 8) [[B]](0,0)<1> [[A:V[0-9]+]](0,0)<1;1,0> 0x7:d
; CHECK-NEXT: mul (M1, 8) [[T:V[0-9]+]](0,0)<1> [[F:V[0-9]+]](0,0)<1;1,0> 0x43960000:f
; CHECK-NEXT: mov.sat (M1, 8) [[W]](0,0)<1> [[T]](0,0)<1;1,0>
; CHECK-NEXT: cmp.gt (M1, 8) [[M:V[0-9]+]](0,0)<1> [[A]](0,0)<1;1,0> 0x0:d
; CHECK-NEXT: setp (M1_NM, 8) [[P:P[0-9]+]] 0x5:ud
; CHECK-NEXT: ([[P]]) mov (M1, 8) [[M]](0,0)<1> 0x9:d
; CHECK-NEXT: ret (M1, 1)

define void @sat(<8 x i32> %a, <8 x float> %f) #0 {
  %s = add <8 x i32> %a, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %b = call <8 x i8> @llvm.genx.ustrunc.sat.v8i8.v8i32(<8 x i32> %s)
  %m = fmul <8 x float> %f, <float 300.0, float 300.0, float 300.0, float 300.0, float 300.0, float 300.0, float 300.0, float 300.0>
  %w = call <8 x i16> @llvm.genx.fptosi.sat.v8i16.v8f32(<8 x float> %m)
  %gt = icmp sgt <8 x i32> %a, zeroinitializer
  %mask = select <8 x i1> %gt, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> zeroinitializer
  %nine = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %mask, <8 x i32> <i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9, i32 9>, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>)
  ret void
}

declare <8 x i8> @llvm.genx.ustrunc.sat.v8i8.v8i32(<8 x i32>)
declare <8 x i16> @llvm.genx.fptosi.sat.v8i16.v8f32(<8 x float>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (<8 x i32>, <8 x float>)* @sat, !"sat", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{!"", !""}
