; Emission order (visa_emit/schedule.rs), negative: a block whose values fit in the register file is emitted
; as written, though its pieces are computed operation by operation (%x0 and %x1, then %y0 and %y1): the
; finalizer does not need another order, and a reordered block is harder to read against its IR. The
; positive case is order-depth-first-over-register-file.ll.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.out
; RUN: FileCheck %s < %t.out

; CHECK: order_BB_0:
; CHECK-NEXT: oword_ld (4) [[T:T[0-9]+]] 0x0:ud [[L:V[0-9]+]].0
; CHECK-NEXT: add (M1, 16) [[X0:V[0-9]+]](0,0)<1> [[A:V[0-9]+]](0,0)<1;1,0> [[B:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) [[X1:V[0-9]+]](0,0)<1> [[A]](0,0)<1;1,0> (-)[[B]](0,0)<1;1,0>
; CHECK-NEXT: mul (M1, 16) [[Y0:V[0-9]+]](0,0)<1> [[X0]](0,0)<1;1,0> [[X0]](0,0)<1;1,0>
; CHECK-NEXT: mul (M1, 16) [[Y1:V[0-9]+]](0,0)<1> [[X1]](0,0)<1;1,0> [[X1]](0,0)<1;1,0>
; CHECK-NEXT: oword_st (4) [[T]] 0x0:ud [[Y0]].0
; CHECK-NEXT: oword_ld (4) [[T]] 0x0:ud [[L2:V[0-9]+]].0
; CHECK-NEXT: add (M1, 16) [[Z:V[0-9]+]](0,0)<1> [[Y1]](0,0)<1;1,0> [[L]](0,0)<1;1,0>
; CHECK-NEXT: add (M1, 16) [[W:V[0-9]+]](0,0)<1> [[Z]](0,0)<1;1,0> [[L2]](0,0)<1;1,0>
; CHECK-NEXT: oword_st (4) [[T]] 0x4:ud [[W]].0
; CHECK-NEXT: ret

define void @order(i32 %buf, <16 x float> %a, <16 x float> %b) #0 {
entry:
  %l = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %buf, i32 0)
  %x0 = fadd <16 x float> %a, %b
  %x1 = fsub <16 x float> %a, %b
  %y0 = fmul <16 x float> %x0, %x0
  %y1 = fmul <16 x float> %x1, %x1
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 0, <16 x float> %y0)
  %l2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %buf, i32 0)
  %z = fadd <16 x float> %y1, %l
  %w = fadd <16 x float> %z, %l2
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 4, <16 x float> %w)
  ret void
}

declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <16 x float>, <16 x float>)* @order, !"order", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
