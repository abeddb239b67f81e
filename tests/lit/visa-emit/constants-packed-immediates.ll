; Constant vectors of words and dwords are written by chunks of eight lanes, each the cheapest form: @iota's
; 0..15 is one move of the packed immediate 0x76543210:v and one add of 8 for the second chunk (not sixteen
; moves); @signed's <-1, 2, -3, 4, ...> words are one move of a signed packed immediate (:v); @offset's
; 100..107 is 0..7 as :uv plus 100; @runs's <5 x4, 9 x4> stays two moves of its runs. No packed float immediate
; is used: @floats's integral float lanes <1.0 .. 8.0> are the dword constant 1..8 (one packed move) converted by
; one move, while @halves's, with a lane of 1.5, stay a move per lane. A chunk in steps of a common factor is a packed immediate
; of the steps scaled: @stride4's <28, 24, .., 0> is 0x1234567:uv shifted left by 2 (not eight moves), and
; @stride7's <3, 10, .., 52> is 0..7 as :uv times 7 plus 3. The vISA validates against the IR on the executor, and
; GenX_IR assembles it.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && csplit -s -z -f %t.d/k -b '%%d.visaasm' %t.visaasm '/^\.version/' '{*}'
; RUN: %validate %s %t.d/k0.visaasm
; RUN: %validate %s %t.d/k1.visaasm
; RUN: %validate %s %t.d/k2.visaasm
; RUN: %validate %s %t.d/k3.visaasm
; RUN: %validate %s %t.d/k4.visaasm
; RUN: %validate %s %t.d/k5.visaasm
; RUN: %validate %s %t.d/k6.visaasm
; RUN: %validate %s %t.d/k7.visaasm
; RUN: cd %t.d && for k in k0 k1 k2 k3 k4 k5 k6 k7; do GenX_IR $k.visaasm -platform ICLLP -output || exit 1; done
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "iota"
; CHECK: mov (M1, 8) [[C:V[0-9]+]](0,0)<1> 0x76543210:v
; CHECK-NEXT: add (M1, 8) [[C]](1,0)<1> [[C]](0,0)<1;1,0> 0x8:d
; CHECK-NEXT: add (M1, 16)

; CHECK-LABEL: .kernel "signed"
; CHECK: mov (M1, 8) {{V[0-9]+}}(0,0)<1> 0x8c6a4e2f:v

; CHECK-LABEL: .kernel "offset"
; CHECK: mov (M1, 8) [[O:V[0-9]+]](0,0)<1> 0x76543210:uv
; CHECK-NEXT: add (M1, 8) [[O]](0,0)<1> [[O]](0,0)<1;1,0> 0x64:d

; CHECK-LABEL: .kernel "runs"
; CHECK: mov (M1, 4) [[R:V[0-9]+]](0,0)<1> 0x5:d
; CHECK-NEXT: mov (M1, 4) [[R]](0,4)<1> 0x9:d

; CHECK-LABEL: .kernel "floats"
; CHECK: mov (M1, 8) [[I:V[0-9]+]](0,0)<1> 0x87654321:uv
; CHECK-NEXT: mov (M1, 8) {{V[0-9]+}}(0,0)<1> [[I]](0,0)<1;1,0>
; CHECK-NOT: :f

; CHECK-LABEL: .kernel "halves"
; CHECK-NOT: :uv
; CHECK: mov (M1, 1) {{V[0-9]+}}(0,0)<1> 0x3fc00000:f
; CHECK: mov (M1, 1) {{V[0-9]+}}(0,7)<1> 0x41000000:f

; CHECK-LABEL: .kernel "stride4"
; CHECK: mov (M1, 8) [[S:V[0-9]+]](0,0)<1> 0x1234567:uv
; CHECK-NEXT: shl (M1, 8) [[S]](0,0)<1> [[S]](0,0)<1;1,0> 0x2:d
; CHECK-NOT: mov (M1, 1)

; CHECK-LABEL: .kernel "stride7"
; CHECK: mov (M1, 8) [[T:V[0-9]+]](0,0)<1> 0x76543210:uv
; CHECK-NEXT: mul (M1, 8) [[T]](0,0)<1> [[T]](0,0)<1;1,0> 0x7:d
; CHECK-NEXT: add (M1, 8) [[T]](0,0)<1> [[T]](0,0)<1;1,0> 0x3:d

define void @iota(i32 %buf) #0 {
  %a = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 0)
  %s = add <16 x i32> %a, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 4, <16 x i32> %s)
  ret void
}

define void @signed(i32 %buf) #0 {
  %a = call <8 x i16> @llvm.genx.oword.ld.v8i16(i32 0, i32 %buf, i32 0)
  %s = mul <8 x i16> %a, <i16 -1, i16 2, i16 -2, i16 4, i16 -6, i16 6, i16 -4, i16 -8>
  call void @llvm.genx.oword.st.v8i16(i32 %buf, i32 4, <8 x i16> %s)
  ret void
}

define void @offset(i32 %buf) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %s = sub <8 x i32> %a, <i32 100, i32 101, i32 102, i32 103, i32 104, i32 105, i32 106, i32 107>
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %s)
  ret void
}

define void @runs(i32 %buf) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %s = xor <8 x i32> %a, <i32 5, i32 5, i32 5, i32 5, i32 9, i32 9, i32 9, i32 9>
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %s)
  ret void
}

define void @floats(i32 %buf) #0 {
  %a = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 0)
  %s = fmul <8 x float> %a, <float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0>
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> %s)
  ret void
}

define void @halves(i32 %buf) #0 {
  %a = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 0)
  %s = fmul <8 x float> %a, <float 1.5, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0>
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> %s)
  ret void
}

define void @stride4(i32 %buf) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %s = add <8 x i32> %a, <i32 28, i32 24, i32 20, i32 16, i32 12, i32 8, i32 4, i32 0>
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %s)
  ret void
}

define void @stride7(i32 %buf) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %s = xor <8 x i32> %a, <i32 3, i32 10, i32 17, i32 24, i32 31, i32 38, i32 45, i32 52>
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %s)
  ret void
}

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <8 x i16> @llvm.genx.oword.ld.v8i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i16(i32, i32, <8 x i16>)
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x float> @llvm.genx.oword.ld.v8f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !5, !6, !7, !10, !8, !9}
!0 = !{void (i32)* @iota, !"iota", !1, i32 0, !2, !2, !3, i32 0}
!4 = !{void (i32)* @signed, !"signed", !1, i32 0, !2, !2, !3, i32 0}
!5 = !{void (i32)* @offset, !"offset", !1, i32 0, !2, !2, !3, i32 0}
!6 = !{void (i32)* @runs, !"runs", !1, i32 0, !2, !2, !3, i32 0}
!7 = !{void (i32)* @floats, !"floats", !1, i32 0, !2, !2, !3, i32 0}
!10 = !{void (i32)* @halves, !"halves", !1, i32 0, !2, !2, !3, i32 0}
!8 = !{void (i32)* @stride4, !"stride4", !1, i32 0, !2, !2, !3, i32 0}
!9 = !{void (i32)* @stride7, !"stride7", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
