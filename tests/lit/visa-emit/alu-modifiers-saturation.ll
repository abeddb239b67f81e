; ALU bales: a sub is an add with a negated source; a baled abs, negate and extension become source modifiers
; and the source's type (zext reads unsigned); llvm.genx.sat is .sat; lshr reads and writes unsigned; fptoui
; writes unsigned; uniform constants are immediates (bytes as words), a non-uniform constant vector is
; materialised by moves of its runs; a max from the intrinsic table (Visa = "alu-unsigned max") reads unsigned.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "alu"
; CHECK-DAG: .decl [[A:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %a
; CHECK-DAG: .decl [[B:V[0-9]+]] v_type=G type=w num_elts=8 align=word // %b
; CHECK-DAG: .decl [[BU:V[0-9]+]] v_type=G type=uw num_elts=8 alias=<[[B]], 0>
; CHECK-DAG: .decl [[AU:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[A]], 0>
; CHECK-DAG: .decl [[UB:V[0-9]+]] v_type=G type=ub num_elts=8 alias=<{{V[0-9]+}}, 0>
; CHECK: [[ENTRY:alu_BB_0]]:
; sub %a, %b(zext) -> add with the negated, unsigned word source
; CHECK-NEXT: add (M1, 8) [[SUB:V[0-9]+]](0,0)<1> [[A]](0,0)<1;1,0> (-)[[BU]](0,0)<1;1,0>
; sat(fadd(abs(x), -y))
; CHECK-NEXT: add.sat (M1, 8) [[S:V[0-9]+]](0,0)<1> (abs)[[F:V[0-9]+]](0,0)<1;1,0> (-)[[F]](0,0)<1;1,0>
; CHECK-NEXT: shr (M1, 8) [[SHRU:V[0-9]+]](0,0)<1> [[AU]](0,0)<1;1,0> 0x3:ud
; CHECK-NEXT: max (M1, 8) [[MAXU:V[0-9]+]](0,0)<1> [[AU]](0,0)<1;1,0> 0x7:ud
; the constant <0,0,0,0,5,5,5,9>: one move of a packed immediate (its runs would be four moves)
; CHECK-NEXT: mov (M1, 8) [[C:V[0-9]+]](0,0)<1> 0x95550000:uv
; CHECK-NEXT: mul (M1, 8) {{V[0-9]+}}(0,0)<1> [[A]](0,0)<1;1,0> [[C]](0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[UB]](0,0)<1> [[S]](0,0)<1;1,0>
; CHECK-NEXT: and (M1, 8) {{V[0-9]+}}(0,0)<1> [[B]](0,0)<1;1,0> 0xff:w
; CHECK-NEXT: ret (M1, 1)

define void @alu(<8 x i32> %a, <8 x i16> %b, <8 x float> %f) #0 {
  %bz = zext <8 x i16> %b to <8 x i32>
  %sub = sub <8 x i32> %a, %bz
  %abs = call <8 x float> @llvm.fabs.v8f32(<8 x float> %f)
  %d = fsub <8 x float> %abs, %f
  %s = call <8 x float> @llvm.genx.sat.v8f32.v8f32(<8 x float> %d)
  %shr = lshr <8 x i32> %a, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %max = call <8 x i32> @llvm.genx.umax.v8i32.v8i32(<8 x i32> %a, <8 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
  %mul = mul <8 x i32> %a, <i32 0, i32 0, i32 0, i32 0, i32 5, i32 5, i32 5, i32 9>
  %ub = fptoui <8 x float> %s to <8 x i8>
  %and = and <8 x i16> %b, <i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255>
  ret void
}

declare <8 x float> @llvm.fabs.v8f32(<8 x float>)
declare <8 x float> @llvm.genx.sat.v8f32.v8f32(<8 x float>)
declare <8 x i32> @llvm.genx.umax.v8i32.v8i32(<8 x i32>, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (<8 x i32>, <8 x i16>, <8 x float>)* @alu, !"alu", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"", !"", !""}
