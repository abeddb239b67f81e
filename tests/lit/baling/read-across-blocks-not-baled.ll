; A rdregion whose only user is in a later block does not bale into it when its source vector is also updated in
; place (the Old value of a wrregion, or a phi's incoming value): emitted at the user, the read would keep the
; old vector alive across the update, and coalescing would have to keep a copy of the whole vector (a 512-dword
; cmtl cache became two, 128 GRFs, and GenX_IR refused the kernel). Here the loop-carried %v is read at the top
; of the loop, its first row rewritten in a conditional block, and the read used after the join: the read is a
; move in its own block, and the loop keeps %v in one variable without a copy.
; Negative case (@same_block): a read used in its own block still bales into its user.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: rm -rf %t.d && mkdir -p %t.d && sed -n '/^\.version/,/^ *ret /p' %t.out | sed -n '1,/^ *ret /p' > %t.d/k.visaasm
; RUN: cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/k.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "across"
; CHECK-DAG: .input [[V:V[0-9]+]] offset=32 size=256
; CHECK-DAG: .decl [[TOP:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %top
; CHECK: across_BB_1:
; CHECK-NEXT: mov (M1, 8) [[TOP]](0,0)<1> [[V]](0,0)<1;1,0>
; CHECK: across_BB_2:
; CHECK-NEXT: mov (M1, 8) [[V]](0,0)<1> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK: across_BB_3:
; CHECK-NEXT: add (M1, 8) {{V[0-9]+}}(0,0)<1> [[TOP]](0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-LABEL: .kernel "same_block"
; CHECK: add (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(1,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NOT: copies kept

define void @across(i32 %buf, <64 x i32> %init, <8 x i32> %a, i32 %n, i32 %c) #0 {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %v = phi <64 x i32> [ %init, %entry ], [ %v.next, %join ]
  %top = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %cond = icmp slt i32 %i, %c
  br i1 %cond, label %update, label %join

update:
  %w = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %v, <8 x i32> %a, i32 8, i32 8, i32 1, i16 0, i32 undef, i1 true)
  br label %join

join:
  %v.next = phi <64 x i32> [ %w, %update ], [ %v, %head ]
  %sum = add <8 x i32> %top, %a
  %at = shl i32 %i, 1
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %at, <8 x i32> %sum)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %head, label %exit

exit:
  %last = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v.next, i32 8, i32 8, i32 1, i16 0, i32 undef)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 64, <8 x i32> %last)
  ret void
}

define void @same_block(i32 %buf, <64 x i32> %v, <8 x i32> %a) #0 {
  %row = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v, i32 8, i32 8, i32 1, i16 32, i32 undef)
  %sum = add <8 x i32> %row, %a
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %sum)
  ret void
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32, <64 x i32>, <8 x i32>, i32, i32)* @across, !"across", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !"", !""}
!4 = !{void (i32, <64 x i32>, <8 x i32>)* @same_block, !"same_block", !5, i32 0, !6, !6, !7, i32 0}
!5 = !{i32 2, i32 0, i32 0}
!6 = !{i32 0, i32 0, i32 0}
!7 = !{!"buffer_t", !"", !""}
