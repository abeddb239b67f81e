; Size limits: one promoted alloca holds at most 3072 bytes (96 GRFs of 32 bytes), and a function's promoted
; allocas at most 8192 bytes together, taken smallest first.
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -
; RUN: %opt -passes=genx-promote-array -pass-remarks-missed=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; Not promoted: 1024 ints are 4096 bytes, over the per-array limit. The 3072-byte array next to it is promoted.
; REMARK: remark: <unknown>:0:0: alloca %big not promoted: it has 4096 bytes, more than the 3072 a promoted array may have
; CHECK-LABEL: define i32 @too_large(
; CHECK-NEXT: entry:
; CHECK-NEXT: %big = alloca [1024 x i32], align 4
; CHECK-NEXT: %limit.vec = alloca <768 x i32>, align 4
define i32 @too_large(i32 %x, i32 %i) {
entry:
  %big = alloca [1024 x i32], align 4
  %limit = alloca [768 x i32], align 4
  %i.m = and i32 %i, 511
  %p = getelementptr [1024 x i32], [1024 x i32]* %big, i32 0, i32 %i.m
  store i32 %x, i32* %p
  %q = getelementptr [768 x i32], [768 x i32]* %limit, i32 0, i32 %i.m
  store i32 %x, i32* %q
  %a = load i32, i32* %p
  %b = load i32, i32* %q
  %r = add i32 %a, %b
  ret i32 %r
}

; The budget: 1024 + 2048 + 3072 bytes fit in 8192, the second 3072-byte array would make 9216: it is the one
; refused, though it comes first in the function.
; REMARK: remark: <unknown>:0:0: alloca %c3 not promoted: its 3072 bytes would take the function's promoted arrays past 8192 bytes (6144 already promoted)
; CHECK-LABEL: define i32 @budget(
; CHECK-NEXT: entry:
; CHECK-NEXT: %c1.vec = alloca <768 x i32>, align 4
; CHECK-NEXT: %c2.vec = alloca <512 x i32>, align 4
; CHECK-NEXT: %c3 = alloca [768 x i32], align 4
; CHECK-NEXT: %c4.vec = alloca <256 x i32>, align 4
define i32 @budget(i32 %x) {
entry:
  %c1 = alloca [768 x i32], align 4
  %c2 = alloca [512 x i32], align 4
  %c3 = alloca [768 x i32], align 4
  %c4 = alloca [256 x i32], align 4
  %p1 = getelementptr [768 x i32], [768 x i32]* %c1, i32 0, i32 7
  store i32 %x, i32* %p1
  %p2 = getelementptr [512 x i32], [512 x i32]* %c2, i32 0, i32 7
  store i32 %x, i32* %p2
  %p3 = getelementptr [768 x i32], [768 x i32]* %c3, i32 0, i32 7
  store i32 %x, i32* %p3
  %p4 = getelementptr [256 x i32], [256 x i32]* %c4, i32 0, i32 7
  store i32 %x, i32* %p4
  %v1 = load i32, i32* %p1
  %v2 = load i32, i32* %p2
  %v3 = load i32, i32* %p3
  %v4 = load i32, i32* %p4
  %s12 = add i32 %v1, %v2
  %s34 = add i32 %v3, %v4
  %r = add i32 %s12, %s34
  ret i32 %r
}

; Allocas joined by a copy are one budget decision: %small (2052 bytes) is promoted first; %a and %b, copied
; into one another, would need 6144 bytes together, past the 8192, so neither is promoted (promoting one alone
; would leave the copy half in memory).
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its 3072 bytes (with the alloca it is copied with, 6144 bytes in all) would take the function's promoted arrays past 8192 bytes (2052 already promoted)
; REMARK: remark: <unknown>:0:0: alloca %b not promoted: its 3072 bytes (with the alloca it is copied with, 6144 bytes in all) would take the function's promoted arrays past 8192 bytes (2052 already promoted)
; CHECK-LABEL: define i32 @copied_group_budget(
; CHECK-NEXT: entry:
; CHECK-NEXT: %small.vec = alloca <513 x i32>, align 4
; CHECK-NEXT: %a = alloca [768 x i32], align 4
; CHECK-NEXT: %b = alloca [768 x i32], align 4
; CHECK: call void @llvm.memcpy.p0i8.p0i8.i64(i8* %b.i8, i8* %a.i8, i64 3072, i1 false)
define i32 @copied_group_budget(i32 %x) {
entry:
  %small = alloca [513 x i32], align 4
  %a = alloca [768 x i32], align 4
  %b = alloca [768 x i32], align 4
  %s0 = getelementptr [513 x i32], [513 x i32]* %small, i32 0, i32 0
  store i32 %x, i32* %s0
  %a0 = getelementptr [768 x i32], [768 x i32]* %a, i32 0, i32 0
  store i32 %x, i32* %a0
  %a.i8 = bitcast [768 x i32]* %a to i8*
  %b.i8 = bitcast [768 x i32]* %b to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %b.i8, i8* %a.i8, i64 3072, i1 false)
  %b0 = getelementptr [768 x i32], [768 x i32]* %b, i32 0, i32 0
  %r0 = load i32, i32* %b0
  %r1 = load i32, i32* %s0
  %r = add i32 %r0, %r1
  ret i32 %r
}

declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
