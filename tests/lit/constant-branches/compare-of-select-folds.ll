; genx-constant-branches folds a compare of a select of two constants with a constant: to the select's
; condition when only the first arm passes (@first), to a constant when both arms compare alike (@alike), and,
; when only the second arm passes and the compare only decides branches, to the condition with the branch's
; successors swapped (@second: `which ? CMRT_LOC_SECOND : CMRT_LOC_FIRST` tested for FIRST again, as
; cmtl::UnpackSingle does). Negative case (@kept): a compare that something else than a branch reads, where only
; the second arm passes, stays.
; RUN: %opt -passes=genx-constant-branches -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-constant-branches -S %s -o %t.cmc.ll && diff %t.ll %t.cmc.ll

; CHECK-LABEL: define void @second(
; CHECK: %c = icmp ne i32 %which, 0
; CHECK-NEXT: %loc = select i1 %c, i32 1, i32 0
; CHECK-NEXT: br i1 %c, label %other, label %low
define void @second(i32 %buf, <8 x i32> %v, i32 %which) #0 {
entry:
  %c = icmp ne i32 %which, 0
  %loc = select i1 %c, i32 1, i32 0
  %is.first = icmp eq i32 %loc, 0
  br i1 %is.first, label %low, label %other

low:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %v)
  ret void

other:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %v)
  ret void
}

; CHECK-LABEL: define void @first(
; CHECK: br i1 %c, label %low, label %other
define void @first(i32 %buf, <8 x i32> %v, i32 %which) #0 {
entry:
  %c = icmp sgt i32 %which, 5
  %loc = select i1 %c, i32 7, i32 3
  %big = icmp ugt i32 %loc, 4
  br i1 %big, label %low, label %other

low:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %v)
  ret void

other:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %v)
  ret void
}

; CHECK-LABEL: define void @alike(
; CHECK: entry:
; CHECK-NEXT: %c = icmp sgt i32 %which, 5
; CHECK-NEXT: %loc = select i1 %c, i32 7, i32 3
; CHECK-NEXT: br label %low
define void @alike(i32 %buf, <8 x i32> %v, i32 %which) #0 {
entry:
  %c = icmp sgt i32 %which, 5
  %loc = select i1 %c, i32 7, i32 3
  %pos = icmp sgt i32 %loc, 0
  br i1 %pos, label %low, label %other

low:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %v)
  ret void

other:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %v)
  ret void
}

; CHECK-LABEL: define void @kept(
; CHECK: %is.first = icmp eq i32 %loc, 0
; CHECK-NEXT: %flag = zext i1 %is.first to i32
define void @kept(i32 %buf, <8 x i32> %v, i32 %which) #0 {
entry:
  %c = icmp ne i32 %which, 0
  %loc = select i1 %c, i32 1, i32 0
  %is.first = icmp eq i32 %loc, 0
  %flag = zext i1 %is.first to i32
  %w = insertelement <8 x i32> %v, i32 %flag, i32 0
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %w)
  ret void
}

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !5, !6}
!0 = !{void (i32, <8 x i32>, i32)* @second, !"second", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
!4 = !{void (i32, <8 x i32>, i32)* @first, !"first", !1, i32 0, !2, !2, !3, i32 0}
!5 = !{void (i32, <8 x i32>, i32)* @alike, !"alike", !1, i32 0, !2, !2, !3, i32 0}
!6 = !{void (i32, <8 x i32>, i32)* @kept, !"kept", !1, i32 0, !2, !2, !3, i32 0}
