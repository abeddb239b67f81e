; A getelementptr with a run-time index into an SVM buffer (legalize/expand.rs): the address is
; ptrtoint(p) + sext(i) * sizeof(T), a shift for a power-of-two size, a multiply otherwise; on icllp and tgllp
; the 64-bit add, shift and multiply are then emulated on 32-bit halves (addc into the high half), and the
; result is the pointer of the scalar gather and scatter. A negative index (-8..7 around a constant offset of
; 64 bytes) checks the sign extension and the borrow across the halves. GenX_IR accepts the kernel for icllp
; and tgllp and it agrees with the IR on the vISA executor.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s k.visaasm
; RUN: sed -e 's/"icllp"/"tgllp"/' %s > tgl.ll && %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output tgl.ll 2> t.visaasm
; RUN: GenX_IR t.visaasm -platform TGLLP -output && %validate tgl.ll t.visaasm
; RUN: sed -e 's/"icllp"/"skl"/' %s > skl.ll && %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output skl.ll 2> s.visaasm
; RUN: GenX_IR s.visaasm -platform SKL -output && %validate skl.ll s.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "indexed"
; CHECK: addc (M1, 1)
; CHECK: svm_gather.4.1 (M1, 1)
; CHECK: addc (M1, 1)
; CHECK: svm_scatter.4.1 (M1, 1)
; CHECK: svm_gather.4.1 (M1, 1)

define void @indexed(i32* %p, i32 %n, <3 x float>* %q) #0 {
  %i = and i32 %n, 15
  %j = sub i32 %i, 8
  %pi = getelementptr i32, i32* %p, i32 %i
  %g = load i32, i32* %pi, align 4
  %base = getelementptr i32, i32* %p, i64 16
  %pj = getelementptr i32, i32* %base, i32 %j
  store i32 %g, i32* %pj, align 4
  %k = zext i32 %i to i64
  %qk = getelementptr <3 x float>, <3 x float>* %q, i64 %k
  %qf = bitcast <3 x float>* %qk to float*
  %f = load float, float* %qf, align 4
  %fi = bitcast float %f to i32
  %p40 = getelementptr i32, i32* %p, i64 40
  store i32 %fi, i32* %p40, align 4
  ret void
}

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32*, i32, <3 x float>*)* @indexed, !"indexed", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{!"svmptr_t", !"", !"svmptr_t"}
