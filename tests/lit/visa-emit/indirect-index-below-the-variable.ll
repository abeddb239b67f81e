; An indirect read whose index is a negative variable part plus a positive constant (`v[7 - m]` as
; `mul %m, -4` then `add 28`, the form the middle end makes of a shuffle read at a variable offset): the
; constant is split off as the operand's immediate, as IGC splits any constant addend (GenXBaling::getIndexAdd),
; so the address element (addr_add, 16-bit: &V + (uw)(-4m)) points before the variable and r[A(0),28] brings the
; access back inside. The executor wraps addr_add at 16 bits as the address register does, so the vISA
; validates against the IR (found by `fuzz_visa_route --conditions --seed 1795756050` at d6aba67's generator). Negative: with the
; immediate dropped the access really is before the variable and validation stops there (exit 1).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; RUN: %validate %s %t.icl.visaasm
; RUN: sed -e 's/\(r\[A[0-9]*(0)\),28\]/\1,0]/' %t.visaasm > %t.bad.visaasm
; RUN: bash -c '%validate %s %t.bad.visaasm; test $? -eq 1' 2>&1 | FileCheck --check-prefix=BAD %s
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[DATA:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %data
; CHECK-DAG: .decl [[BACK:V[0-9]+]] v_type=G type=w num_elts=1 align=word // %back
; CHECK-DAG: .decl [[BACKU:V[0-9]+]] v_type=G type=uw num_elts=1 alias=<[[BACK]], 0>
; CHECK: mul (M1, 1) [[BACK]](0,0)<1> {{V[0-9]+}}(0,0)<0;1,0> 0xfffc:w
; CHECK-NEXT: addr_add (M1_NM, 1) [[A:A[0-9]+]](0)<1> &[[DATA]] [[BACKU]](0,0)<0;1,0>
; CHECK-NEXT: add (M1, 1) {{V[0-9]+}}(0,0)<1> {{r\[}}[[A]](0),28]<0;1,0>:d 0x1:d

; BAD: undefined behaviour: access of 4 bytes at byte -{{[0-9]+}} of '{{V[0-9]+}}' (32 bytes) leaves the variable

define void @reverse(i32 %buf, i32 %k) #0 {
  %data = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %t = trunc i32 %k to i16
  %m = and i16 %t, 7
  %back = mul i16 %m, -4
  %i = add i16 %back, 28
  %r = call <1 x i32> @llvm.genx.rdregioni.v1i32.v8i32.i16(<8 x i32> %data, i32 0, i32 1, i32 1, i16 %i, i32 undef)
  %s = add <1 x i32> %r, <i32 1>
  %wide = call <4 x i32> @llvm.genx.rdregioni.v4i32.v1i32.i16(<1 x i32> %s, i32 0, i32 4, i32 0, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 2, <4 x i32> %wide)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare <1 x i32> @llvm.genx.rdregioni.v1i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v1i32.i16(<1 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @reverse, !"reverse", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
