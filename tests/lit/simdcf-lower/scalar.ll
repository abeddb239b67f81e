; Scalars under SIMD control flow run unpredicated, once per thread while any channel is enabled (as in cmc).
; A scalar assigned in one leg only: the other legs' phi entries pass the value from before the SIMD_IF
; along; that value is stored once before the region, not in the legs, so the assignment stands when both
; legs run. Not per-lane (a scalar is the thread's), hence checked against the unlowered program with a
; uniform condition (every channel goes the same way), and by exec_simdcf.rs against cmc's meaning.
; RUN: %opt -passes=genx-simdcf-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate --trials 500 %s %t.ll
; RUN: %cmc -passes=genx-simdcf-lower -S %s | diff %t.ll -

; CHECK-LABEL: define i32 @assigned_in_one_leg(
; CHECK: entry:
; CHECK: store i32 -1, i32* %total.slot
; CHECK-NEXT: %em{{[0-9]*}} = load <32 x i1>
; CHECK: then:
; CHECK: store i32 %s, i32* %total.slot
; CHECK: else:
; CHECK-NOT: store i32 -1, i32* %total.slot
; CHECK: end:
; CHECK: %total = load i32, i32* %total.slot
define i32 @assigned_in_one_leg(<8 x i32> %x, i1 %go) {
entry:
  %go.v = insertelement <8 x i1> undef, i1 %go, i32 0
  %c = shufflevector <8 x i1> %go.v, <8 x i1> undef, <8 x i32> zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %else

then:
  %s = extractelement <8 x i32> %x, i32 3
  br label %end

else:
  br label %end

end:
  %total = phi i32 [ %s, %then ], [ -1, %else ]
  ret i32 %total
}

declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)
