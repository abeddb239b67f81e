; Allocas whose address escapes, or whose accesses cannot be regions, are left alone: each function below keeps
; its alloca, and the missed remark says why (located at the instruction that decided it).
; RUN: %opt -passes=genx-promote-array -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-promote-array -S %s | diff %t.ll -
; RUN: %opt -passes=genx-promote-array -pass-remarks-missed=genx-promote-array -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %cmc -passes=genx-promote-array -pass-remarks-missed=genx-promote-array -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

; Not promoted: the address becomes an integer, which could be used for any memory access.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its address escapes through ptrtoint
; CHECK-LABEL: define i64 @ptrtoint(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i64 @ptrtoint(i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a0 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 0
  store i32 %x, i32* %a0
  %int = ptrtoint [4 x i32]* %a to i64
  %low = and i64 %int, 3
  ret i64 %low
}

; Not promoted: the callee may read or write the array through the pointer.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its address escapes: it is passed to a call of @fill
; CHECK-LABEL: define i32 @call_argument(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i32 @call_argument(i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a1 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 1
  call void @fill(i32* %a1, i32 %x)
  %r = load i32, i32* %a1
  ret i32 %r
}

; Not promoted: the address itself is stored to memory.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its address escapes: it is stored to memory
; CHECK-LABEL: define i32 @address_stored(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i32 @address_stored(i32** %slot, i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a2 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 2
  store i32 %x, i32* %a2
  store i32* %a2, i32** %slot
  ret i32 %x
}

; Not promoted: a volatile access must stay a memory access.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: it has a volatile access
; CHECK-LABEL: define i32 @volatile(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i32 @volatile(i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a3 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 3
  store volatile i32 %x, i32* %a3
  %r = load i32, i32* %a3
  ret i32 %r
}

; Not promoted: an atomic access has ordering semantics a register does not.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: it has an atomic access
; CHECK-LABEL: define i32 @atomic(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i32 @atomic(i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a0 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 0
  store i32 %x, i32* %a0
  %r = load atomic i32, i32* %a0 seq_cst, align 4
  ret i32 %r
}

; Not promoted: addresses are compared.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: its address is compared
; CHECK-LABEL: define i1 @compared(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i1 @compared(i32 %i) {
entry:
  %a = alloca [4 x i32], align 4
  %i.m = and i32 %i, 3
  %p = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 %i.m
  %q = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 2
  %same = icmp eq i32* %p, %q
  ret i1 %same
}

; Not promoted: a constant access outside the array is undefined behaviour in the source; leave it to the program.
; REMARK: remark: <unknown>:0:0: alloca %a not promoted: it loads bytes 20..24 outside the 16-byte alloca
; CHECK-LABEL: define i32 @constant_out_of_bounds(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = alloca [4 x i32], align 4
define i32 @constant_out_of_bounds(i1 %c, i32 %x) {
entry:
  %a = alloca [4 x i32], align 4
  %a0 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 0
  store i32 %x, i32* %a0
  br i1 %c, label %oob, label %ok
oob:
  %a5 = getelementptr [4 x i32], [4 x i32]* %a, i32 0, i32 5
  %bad = load i32, i32* %a5
  ret i32 %bad
ok:
  %r = load i32, i32* %a0
  ret i32 %r
}

; Not promoted: the element type is a pointer, a bool, or the count is only known at run time.
; REMARK: remark: <unknown>:0:0: alloca %ptrs not promoted: its elements are pointers
; REMARK: remark: <unknown>:0:0: alloca %bools not promoted: its base type i1 is not a region element type
; REMARK: remark: <unknown>:0:0: alloca %dyn not promoted: its element count is not a constant
; CHECK-LABEL: define i32 @element_types(
; CHECK-NEXT: entry:
; CHECK-NEXT: %n.m = and i32 %n, 7
; CHECK-NEXT: %ptrs = alloca [2 x i32*], align 8
; CHECK-NEXT: %bools = alloca [8 x i1], align 1
; CHECK-NEXT: %dyn = alloca i32, i32 %n.m, align 4
define i32 @element_types(i32 %x, i1 %b, i32 %n) {
entry:
  %n.m = and i32 %n, 7
  %ptrs = alloca [2 x i32*], align 8
  %bools = alloca [8 x i1], align 1
  %dyn = alloca i32, i32 %n.m, align 4
  %p0 = getelementptr [2 x i32*], [2 x i32*]* %ptrs, i32 0, i32 0
  store i32* %dyn, i32** %p0
  %b0 = getelementptr [8 x i1], [8 x i1]* %bools, i32 0, i32 0
  store i1 %b, i1* %b0
  store i32 %x, i32* %dyn
  %r = load i32, i32* %dyn
  ret i32 %r
}

; Not a candidate, and no remark: one scalar is mem2reg's business, it needs no vector.
; REMARK-NOT: alloca %one
; CHECK-LABEL: define i32 @scalar_alloca(
; CHECK-NEXT: entry:
; CHECK-NEXT: %one = alloca i32, align 4
define i32 @scalar_alloca(i32 %x) {
entry:
  %one = alloca i32, align 4
  store i32 %x, i32* %one
  %r = load i32, i32* %one
  ret i32 %r
}

define void @fill(i32* %p, i32 %x) {
entry:
  store i32 %x, i32* %p
  ret void
}

