; genx-mad fuses a float multiply and the add or subtract that takes it into llvm.fma, as IGC's back end does
; (GenXPatternMatch's MadMatcher): `a*b + c` and `c + a*b` are fma(a, b, c), `a*b - c` negates c, `c - a*b` negates
; b; a multiply with another use stays for it (IGC fuses anyway); a multiply in another block fuses too. A zero
; addend (either sign, every lane: LLVM's isZeroValue) does not fuse (IGC: x*y +/- 0.0), nor does anything under genx-mad<fp-contract=off> (cmc
; -ffp-contract=off, IGC's strict fusion mode). Through genx-legalize and the emitter each fused pair is one
; vISA mad, which GenX_IR takes on icllp and tgllp; the vISA validates against this IR (fmul then fadd): the
; validator reruns a trial that differs with mad rounded twice, and the wrong sign or the wrong addend is caught.
; RUN: %opt -passes=genx-mad -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %cmc -passes=genx-mad -S %s | diff %t.ll -
; RUN: %opt -passes='genx-mad<fp-contract=off>' -S %s | FileCheck %s --check-prefix=STRICT
; RUN: not %opt -passes='genx-mad<fast>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=PARAM
; RUN: %opt -passes='genx-mad,genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s --check-prefix=VISA < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='genx-mad,genx-legalize,print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; The negated addend of `a*b - c` dropped, and the negated multiplicand of `c - a*b` dropped, must be caught:
; RUN: sed -e '/^    mad /s/ (-)V/ V/' %t.visaasm > %t.sign.visaasm
; RUN: not %validate %s %t.sign.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: define void @mads(
; CHECK:      %sum = call <8 x float> @llvm.fma.v8f32(<8 x float> %a, <8 x float> %b, <8 x float> %c)
; CHECK:      [[NC:%.*]] = fneg <8 x float> %c
; CHECK-NEXT: %diff = call <8 x float> @llvm.fma.v8f32(<8 x float> %b, <8 x float> %c, <8 x float> [[NC]])
; CHECK:      [[NB:%.*]] = fneg <8 x float> %b
; CHECK-NEXT: %rdiff = call <8 x float> @llvm.fma.v8f32(<8 x float> %a, <8 x float> [[NB]], <8 x float> %c)
; CHECK:      %ca = call <8 x float> @llvm.fma.v8f32(<8 x float> %c, <8 x float> %a, <8 x float> %b)
; CHECK:      %kept = fmul <8 x float> %a, %a
; CHECK:      %twice = call <8 x float> @llvm.fma.v8f32(<8 x float> %a, <8 x float> %a, <8 x float> %b)
; CHECK:      %zero = fadd <8 x float> %z, <float -0.000000e+00,
; CHECK:      later:
; CHECK-NEXT: %far = call <8 x float> @llvm.fma.v8f32(<8 x float> %b, <8 x float> %b, <8 x float> %a)
; CHECK-NOT:  fadd <8 x float> %m
; CHECK-NOT:  fsub

; STRICT-NOT: llvm.fma
; STRICT:     %sum = fadd <8 x float> %m1, %c
; STRICT-NOT: llvm.fma

; PARAM: genx-mad takes no parameter or 'fp-contract=off', not 'fast'

; VISA-LABEL: .kernel "mads"
; VISA:       mad (M1, 8) [[SUM:V[0-9]+]](0,0)<1> [[A:V[0-9]+]](0,0)<1;1,0> [[B:V[0-9]+]](0,0)<1;1,0> [[C:V[0-9]+]](0,0)<1;1,0>
; VISA:       mad (M1, 8) {{V[0-9]+}}(0,0)<1> [[B]](0,0)<1;1,0> [[C]](0,0)<1;1,0> (-)[[C]](0,0)<1;1,0>
; VISA:       mad (M1, 8) {{V[0-9]+}}(0,0)<1> [[A]](0,0)<1;1,0> (-)[[B]](0,0)<1;1,0> [[C]](0,0)<1;1,0>
; VISA:       mul (M1, 8)
; VISA:       mad (M1, 8)
; VISA:       add (M1, 8)
; VISA:       mad (M1, 8) {{V[0-9]+}}(0,0)<1> [[B]](0,0)<1;1,0> [[B]](0,0)<1;1,0> [[A]](0,0)<1;1,0>

define void @mads(i32 %buf, <8 x float> %a, <8 x float> %b, <8 x float> %c, i32 %n) #0 {
entry:
  %m1 = fmul <8 x float> %a, %b
  %sum = fadd <8 x float> %m1, %c
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 0, <8 x float> %sum)
  %m2 = fmul <8 x float> %b, %c
  %diff = fsub <8 x float> %m2, %c
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 2, <8 x float> %diff)
  %m3 = fmul <8 x float> %a, %b
  %rdiff = fsub <8 x float> %c, %m3
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> %rdiff)
  %m4 = fmul <8 x float> %c, %a
  %ca = fadd <8 x float> %b, %m4
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 6, <8 x float> %ca)
  %kept = fmul <8 x float> %a, %a
  %twice = fadd <8 x float> %kept, %b
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 8, <8 x float> %twice)
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 10, <8 x float> %kept)
  %z = fmul <8 x float> %b, %c
  %zero = fadd <8 x float> %z, <float -0.0, float -0.0, float -0.0, float -0.0, float -0.0, float -0.0, float -0.0, float -0.0>
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 12, <8 x float> %zero)
  %m5 = fmul <8 x float> %b, %b
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %later, label %done

later:
  %far = fadd <8 x float> %m5, %a
  call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 14, <8 x float> %far)
  br label %done

done:
  ret void
}

declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x float>, <8 x float>, <8 x float>, i32)* @mads, !"mads", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !"", !"", !""}
