; Copies and fills genx-promote-array does not take: each function below keeps its allocas and its call, and
; the missed remark, located at the call, names the construct and why. An alloca joined by a copy to one
; that is refused is refused too (they are promoted together or not at all).
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -
; RUN: %opt -passes=genx-promote-array -pass-remarks-missed=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
declare void @llvm.memset.p0i8.i64(i8*, i8, i64, i1)

; Not promoted: 8 bytes written at byte 2 of an int array straddle its elements; and so its partner is not.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its @llvm.memcpy.p0i8.p0i8.i64 writes 4-byte elements at an offset that may not be a multiple of 4
; REMARK: remark: <unknown>:0:0: alloca %b not promoted: its @llvm.memcpy.p0i8.p0i8.i64 copies between it and alloca %a, which is not promoted
; CHECK-LABEL: define i32 @misaligned_offset(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
; CHECK-NEXT: %b = alloca [4 x i16], align 2
; CHECK: call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a.2, i8* %b.i8, i64 8, i1 false)
define i32 @misaligned_offset(i16 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i16], align 2
  %b0 = getelementptr [4 x i16], [4 x i16]* %b, i32 0, i32 0
  store i16 %x, i16* %b0
  %a.i8 = bitcast [4 x i32]* %a to i8*
  %a.2 = getelementptr i8, i8* %a.i8, i32 2
  %b.i8 = bitcast [4 x i16]* %b to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a.2, i8* %b.i8, i64 8, i1 false)
  %a1 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 1
  %r = load i32, i32* %a1
  ret i32 %r
}

; Not promoted: 6 bytes are one and a half ints.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its @llvm.memset.p0i8.i64 fills 6 bytes, not a whole number of the alloca's 4-byte elements
; CHECK-LABEL: define i32 @length_not_whole_elements(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
; CHECK: call void @llvm.memset.p0i8.i64(i8* %a.i8, i8 0, i64 6, i1 false)
define i32 @length_not_whole_elements(i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a.i8 = bitcast [4 x i32]* %a to i8*
  call void @llvm.memset.p0i8.i64(i8* %a.i8, i8 0, i64 6, i1 false)
  %a1 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 1
  %r = load i32, i32* %a1
  ret i32 %r
}

; Not promoted: a fill of run-time length has no region (the constant-length fill before it alone would be one).
; REMARK: remark: <unknown>:0:0: alloca %z not promoted: its @llvm.memset.p0i8.i64 has a length that is not a constant
; CHECK-LABEL: define i32 @variable_length(
; CHECK-NEXT: entry:
; CHECK-NEXT: %z = alloca [4 x i32], align 4
; CHECK: call void @llvm.memset.p0i8.i64(i8* %z.i8, i8 1, i64 %n.m, i1 false)
define i32 @variable_length(i64 %n) {
entry:
  %z = alloca [4 x i32], align 4
  %z.i8 = bitcast [4 x i32]* %z to i8*
  %n.m = and i64 %n, 12
  call void @llvm.memset.p0i8.i64(i8* %z.i8, i8 0, i64 16, i1 false)
  call void @llvm.memset.p0i8.i64(i8* %z.i8, i8 1, i64 %n.m, i1 false)
  %z0 = getelementptr [4 x i32], [4 x i32]* %z, i32 0, i32 0
  %r = load i32, i32* %z0
  ret i32 %r
}

; Not promoted: a volatile copy must stay a memory access (both sides).
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its @llvm.memcpy.p0i8.p0i8.i64 is volatile
; REMARK: remark: <unknown>:0:0: alloca %b not promoted: its @llvm.memcpy.p0i8.p0i8.i64 is volatile
; CHECK-LABEL: define i32 @volatile_copy(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
; CHECK-NEXT: %b = alloca [4 x i32], align 4
define i32 @volatile_copy(i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  %b0 = getelementptr [4 x i32], [4 x i32]* %b, i32 0, i32 0
  store i32 %x, i32* %b0
  %a.i8 = bitcast [4 x i32]* %a to i8*
  %b.i8 = bitcast [4 x i32]* %b to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a.i8, i8* %b.i8, i64 16, i1 true)
  %a0 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 0
  %r = load i32, i32* %a0
  ret i32 %r
}

; Not promoted: the source is memory behind a pointer argument, neither an alloca nor a global variable.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its @llvm.memcpy.p0i8.p0i8.i64 copies from memory that is neither another local array nor a global variable (i8* %src), so the alloca would stay in memory
; CHECK-LABEL: define i32 @from_argument(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i32 @from_argument(i8* %src) {
entry:
  %a = alloca [4 x i32], align 4
  %a.i8 = bitcast [4 x i32]* %a to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a.i8, i8* %src, i64 16, i1 false)
  %a2 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 2
  %r = load i32, i32* %a2
  ret i32 %r
}

; Not promoted: %b escapes to a call, so %a, copied from it, stays in memory with it.
; REMARK: remark: <unknown>:0:0: alloca %b not promoted: its address escapes: it is passed to a call of @fill
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its @llvm.memcpy.p0i8.p0i8.i64 copies between it and alloca %b, which is not promoted
; CHECK-LABEL: define i32 @partner_escapes(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
; CHECK-NEXT: %b = alloca [4 x i32], align 4
define i32 @partner_escapes(i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca [4 x i32], align 4
  %b0 = getelementptr [4 x i32], [4 x i32]* %b, i32 0, i32 0
  call void @fill(i32* %b0, i32 %x)
  %a.i8 = bitcast [4 x i32]* %a to i8*
  %b.i8 = bitcast [4 x i32]* %b to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %a.i8, i8* %b.i8, i64 16, i1 false)
  %a0 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 0
  %r = load i32, i32* %a0
  ret i32 %r
}

define void @fill(i32* %p, i32 %x) {
entry:
  store i32 %x, i32* %p
  ret void
}
