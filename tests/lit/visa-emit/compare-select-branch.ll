; Compares write predicate variables (unsigned relations read unsigned sources); a select on one is a
; predicated sel; a masked wrregion is a predicated move into the old value's variable; a branch on a scalar
; compare is a predicated jmp (a fall-through to the next block needs none); thread and group ids are moves
; from vISA's predefined variables.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[P:P[0-9]+]] v_type=P num_elts=8 // %lt
; CHECK-DAG: .decl [[Q:P[0-9]+]] v_type=P num_elts=1 // %big
; CHECK: sel_BB_0:
; CHECK-NEXT: cmp.lt (M1, 8) [[P]] [[AU:V[0-9]+]](0,0)<1;1,0> [[BU:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: (P{{[0-9]+}}) sel (M1, 8) [[M:V[0-9]+]](0,0)<1> [[A:V[0-9]+]](0,0)<1;1,0> [[B:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: ([[P]]) mov (M1, 8) [[A]](0,0)<1> 0x0:d
; CHECK-NEXT: mov (M1, 1) [[TX:V[0-9]+]](0,0)<1> %thread_x(0,0)<0;1,0>
; CHECK-NEXT: mov (M1, 1) [[G:V[0-9]+]](0,0)<1> %group_id_y(0,0)<0;1,0>
; CHECK-NEXT: cmp.gt (M1, 1) [[Q]] [[G]](0,0)<0;1,0> 0x10:d
; CHECK-NEXT: ([[Q]]) jmp (M1, 1) sel_BB_2
; CHECK-EMPTY:
; CHECK-NEXT: sel_BB_1:
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x0:ud [[M]].0
; CHECK-NEXT: jmp (M1, 1) sel_BB_3
; CHECK: sel_BB_2:
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x2:ud [[A]].0
; CHECK: sel_BB_3:
; CHECK-NEXT: ret (M1, 1)

define void @sel(i32 %buf, <8 x i32> %a, <8 x i32> %b) #0 {
entry:
  %lt = icmp ult <8 x i32> %a, %b
  %min = select <8 x i1> %lt, <8 x i32> %a, <8 x i32> %b
  %zeroed = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %a, <8 x i32> zeroinitializer, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %lt)
  %tx = call i16 @llvm.genx.thread.x()
  %gy = call i32 @llvm.genx.group.id.y()
  %big = icmp sgt i32 %gy, 16
  br i1 %big, label %then, label %else
else:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %min)
  br label %done
then:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %zeroed)
  br label %done
done:
  ret void
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare i16 @llvm.genx.thread.x()
declare i32 @llvm.genx.group.id.y()
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, <8 x i32>)* @sel, !"sel", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
