; genx-constant-branches: `and X, C` folds by the known-zero low bits of X (a multiple of 16 built by mul, shl,
; sub, zext: `x & 3` is 0, `x & -4` is x), a compare of constants folds, and a branch on a constant becomes
; unconditional; the blocks it no longer reaches are deleted and the phis left with one entry become their value
; (cmtl::WriteBlock's unaligned path on a column `x * 16`, the header's `if (sizeof(T) % 4 == 0 || ...)`).
; Negative cases, kept with their branch: a mask reaching above the known zeros (`x & 7` of a multiple of 4),
; an add of an odd constant (no known zero), a loop phi whose back edge adds 1, and a branch on an argument.
; RUN: %opt -passes=genx-constant-branches -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-constant-branches -S %s -o %t.cmc.ll && diff %t.ll %t.cmc.ll

; CHECK-LABEL: define void @aligned(
; CHECK: entry:
; CHECK-NEXT: %tx = call i16 @llvm.genx.thread.x()
; CHECK-NEXT: %z = zext i16 %tx to i32
; CHECK-NEXT: %s = sub i32 %last, %z
; CHECK-NEXT: %x = mul i32 %s, 16
; CHECK-NEXT: %y = shl i32 %z, 2
; CHECK-NEXT: br label %direct
; CHECK-NOT: unaligned:
; CHECK: direct:
; CHECK-NEXT: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %x, <8 x i32> %v)
; CHECK-NEXT: %m7 = and i32 %y, 7
; CHECK-NEXT: %odd = add i32 %x, 1
; CHECK-NEXT: %o3 = and i32 %odd, 3
; CHECK-NEXT: %keep = icmp eq i32 %m7, %o3
; CHECK-NEXT: br i1 %keep, label %same, label %done
; CHECK: done:
; CHECK-NEXT: %r = phi i32 [ 1, %same ], [ 2, %direct ]
define void @aligned(i32 %buf, <8 x i32> %v, i32 %last) #0 {
entry:
  %tx = call i16 @llvm.genx.thread.x()
  %z = zext i16 %tx to i32
  %s = sub i32 %last, %z
  %x = mul i32 %s, 16
  %y = shl i32 %z, 2
  %low = and i32 %x, 3
  %misaligned = icmp ne i32 %low, 0
  br i1 %misaligned, label %unaligned, label %direct

unaligned:
  %x0 = and i32 %x, -4
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %x0, <8 x i32> zeroinitializer)
  br label %direct

direct:
  %at = phi i32 [ %x, %entry ], [ %x0, %unaligned ]
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %at, <8 x i32> %v)
  %m7 = and i32 %y, 7
  %odd = add i32 %x, 1
  %o3 = and i32 %odd, 3
  %keep = icmp eq i32 %m7, %o3
  br i1 %keep, label %same, label %done

same:
  br label %done

done:
  %r = phi i32 [ 1, %same ], [ 2, %direct ]
  %rv = insertelement <8 x i32> %v, i32 %r, i32 0
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 64, <8 x i32> %rv)
  ret void
}

; `x & -4` of a multiple of 16 is x; a constant `br i1 true` (early-cse's fold of a header test) is folded;
; a loop counter's phi is not known (its back edge adds 1), so its test stays.
; CHECK-LABEL: define void @loop(
; CHECK: entry:
; CHECK-NEXT: %x = shl i32 %a, 4
; CHECK-NEXT: br label %head
; CHECK: head:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %head ]
; CHECK-NEXT: %at = add i32 %x, %i
; CHECK-NEXT: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %at, <8 x i32> %v)
; CHECK-NEXT: %i.next = add i32 %i, 1
; CHECK-NEXT: %b = and i32 %i.next, 1
; CHECK-NEXT: %more = icmp ne i32 %b, 0
; CHECK-NEXT: br i1 %more, label %head, label %exit
define void @loop(i32 %buf, <8 x i32> %v, i32 %a) #0 {
entry:
  %x = shl i32 %a, 4
  %x4 = and i32 %x, -4
  br i1 true, label %head, label %never

never:
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> zeroinitializer)
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %head ], [ 5, %never ]
  %at = add i32 %x4, %i
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 %at, <8 x i32> %v)
  %i.next = add i32 %i, 1
  %b = and i32 %i.next, 1
  %more = icmp ne i32 %b, 0
  br i1 %more, label %head, label %exit

exit:
  ret void
}

declare i16 @llvm.genx.thread.x()
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32, <8 x i32>, i32)* @aligned, !"aligned", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
!4 = !{void (i32, <8 x i32>, i32)* @loop, !"loop", !1, i32 0, !2, !2, !3, i32 0}
