; Pointers joined by select or phi inside one alloca are simple: their offsets become i16 selects and phis of the
; incoming offsets (materialised at the end of each predecessor). A join with a pointer outside the alloca is
; refused.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -
; RUN: %opt -passes=genx-promote-array -pass-remarks-missed=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-LABEL: define i32 @select_of_elements(
; CHECK: %a.vec = alloca <8 x i32>, align 4
; CHECK: %i.m.i16 = trunc i32 %i.m to i16
; CHECK-NEXT: %pi.scaled = mul i16 %i.m.i16, 4
; CHECK-NEXT: %p.offset = select i1 %c, i16 %pi.scaled, i16 28
; CHECK: %r = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %a.v, i32 0, i32 1, i32 1, i16 %p.offset, i32 undef)
define i32 @select_of_elements(<8 x i32> %v, i1 %c, i32 %i) {
entry:
  %a = alloca [8 x i32], align 4
  %all = bitcast [8 x i32]* %a to <8 x i32>*
  store <8 x i32> %v, <8 x i32>* %all
  %i.m = and i32 %i, 7
  %pi = getelementptr [8 x i32], [8 x i32]* %a, i32 0, i32 %i.m
  %p7 = getelementptr [8 x i32], [8 x i32]* %a, i32 0, i32 7
  %p = select i1 %c, i32* %pi, i32* %p7
  %r = load i32, i32* %p
  ret i32 %r
}

; A pointer walking the array in a loop (`for (p = a; p != a + n; ++p) sum += *p`): the pointer phi becomes an
; i16 phi of byte offsets, stepped by 4.
; CHECK-LABEL: define i32 @pointer_walk(
; CHECK: loop:
; CHECK-NEXT: %p.offset = phi i16 [ 0, %entry ], [ %p.next.offset, %loop ]
; CHECK: %x = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %a.v{{[0-9]*}}, i32 0, i32 1, i32 1, i16 %p.offset, i32 undef)
; CHECK: %p.next.offset = add i16 %p.offset, 4
define i32 @pointer_walk(<8 x i32> %v, i32 %n) {
entry:
  %a = alloca [8 x i32], align 4
  %all = bitcast [8 x i32]* %a to <8 x i32>*
  store <8 x i32> %v, <8 x i32>* %all
  %first = getelementptr [8 x i32], [8 x i32]* %a, i32 0, i32 0
  %n.m = and i32 %n, 7
  %count = add i32 %n.m, 1
  br label %loop
loop:
  %p = phi i32* [ %first, %entry ], [ %p.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %loop ]
  %x = load i32, i32* %p
  %sum.next = add i32 %sum, %x
  %p.next = getelementptr i32, i32* %p, i32 1
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, %count
  br i1 %more, label %loop, label %exit
exit:
  ret i32 %sum.next
}

; Not promoted: the phi joins the alloca's address with a pointer argument, so which memory a load reads is only
; known at run time.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: it joins the alloca's address with another pointer (i32* %other)
; CHECK-LABEL: define i32 @phi_with_outside_pointer(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i32 @phi_with_outside_pointer(i32* %other, i1 %c, i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a0 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 0
  store i32 %x, i32* %a0
  br i1 %c, label %use.other, label %join
use.other:
  br label %join
join:
  %p = phi i32* [ %a0, %entry ], [ %other, %use.other ]
  %r = load i32, i32* %p
  ret i32 %r
}
