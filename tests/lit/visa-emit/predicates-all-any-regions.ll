; Predicates that are not compares go through a general register where vISA cannot address them: all/any
; compare the predicate's bits (masked to its width) with all ones / zero into a scalar predicate, and a branch
; on one is a predicated jmp; rdpredregion shifts the bits and sets a predicate of the part with setp;
; wrpredregion clears the field, or's the shifted part in, and sets the result; and/or/xor of predicates are
; vISA's logic on predicate operands (xor with true is not); a predicate extended to an integer is a
; predicated sel of 1 (or -1) and 0; a predicate bitcast to an integer is its bits.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: preds_BB_0:
; CHECK: cmp.gt (M1, 16) [[GT:P[0-9]+]]
; CHECK: cmp.lt (M1, 16) [[LT:P[0-9]+]]
; CHECK: and (M1_NM, 16) [[BOTH:P[0-9]+]] [[GT]] [[LT]]
; CHECK: not (M1_NM, 16) [[NOT:P[0-9]+]] [[BOTH]]
; CHECK: mov (M1_NM, 1) [[B:V[0-9]+]](0,0)<1> [[GT]]
; CHECK-NEXT: and (M1_NM, 1) [[B]](0,0)<1> [[B]](0,0)<0;1,0> 0xffff:ud
; CHECK-NEXT: shr (M1_NM, 1) [[B]](0,0)<1> [[B]](0,0)<0;1,0> 0x8:ud
; CHECK-NEXT: setp (M1_NM, 8) [[HI:P[0-9]+]] [[B]](0,0)<0;1,0>
; CHECK: (P{{[0-9]+}}) sel (M1, 16) {{V[0-9]+}}(0,0)<1> 0x1:d 0x0:d
; CHECK: cmp.ne (M1_NM, 1) [[ANY:P[0-9]+]] {{V[0-9]+}}(0,0)<0;1,0> 0x0:ud
; CHECK: ([[ANY]]) jmp (M1, 1) preds_BB_2

define void @preds(i32 %buf, <16 x i32> %a, <16 x i32> %b) #0 {
entry:
  %gt = icmp sgt <16 x i32> %a, %b
  %lt = icmp slt <16 x i32> %a, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %both = and <16 x i1> %gt, %lt
  %not = xor <16 x i1> %both, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %hi = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %gt, i32 8)
  %mixed = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1> %not, <8 x i1> %hi, i32 0)
  %ext = zext <16 x i1> %mixed to <16 x i32>
  %bits = bitcast <16 x i1> %both to i16
  %bits32 = zext i16 %bits to i32
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %ext, i32 %bits32, i32 0, i32 1, i32 1, i16 60, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %w)
  %any = call i1 @llvm.genx.any.v16i1(<16 x i1> %both)
  br i1 %any, label %some, label %none
none:
  %all = call i1 @llvm.genx.all.v16i1(<16 x i1> %gt)
  %allw = zext i1 %all to i32
  %v = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> zeroinitializer, i32 %allw, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v4i32(i32 %buf, i32 4, <4 x i32> %v)
  br label %some
some:
  ret void
}

declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)
declare <16 x i1> @llvm.genx.wrpredregion.v16i1.v8i1(<16 x i1>, <8 x i1>, i32)
declare i1 @llvm.genx.any.v16i1(<16 x i1>)
declare i1 @llvm.genx.all.v16i1(<16 x i1>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x i32>, <16 x i32>)* @preds, !"preds", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
