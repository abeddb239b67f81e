; Loops the pass must leave, each with its reason as a missed remark: a store every other element (a strided
; fill needs a region write), a body that loads, a store filling lanes in descending order, two stores writing
; the same bytes (their order matters), a counter used after the loop, a trip count above the most lanes, a
; store through a pointer argument (it may alias), a division (undefined for a zero divisor, so never computed
; on lanes), and a volatile store; without a remark, loops not counted from 0 by 1 to a constant.
; RUN: %opt -passes=genx-lane-loop -pass-remarks-missed=genx-lane-loop -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lane-loop -S %s | diff %t.ll -

; REMARK: remark: {{.*}}a store does not write consecutive elements
; CHECK-LABEL: define <16 x i32> @strided(
; CHECK:        %i = phi
define <16 x i32> @strided(i32 %x) {
entry:
  %a = alloca <16 x i32>, align 64
  store <16 x i32> zeroinitializer, <16 x i32>* %a
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %v = add i32 %x, %i
  %j = shl i32 %i, 1
  %p = getelementptr inbounds <16 x i32>, <16 x i32>* %a, i32 0, i32 %j
  store i32 %v, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <16 x i32>, <16 x i32>* %a, align 64
  ret <16 x i32> %r
}

; REMARK: remark: {{.*}}the body has an instruction with effects
; CHECK-LABEL: define <8 x i32> @loads(
; CHECK:        %i = phi
define <8 x i32> @loads(i32* %src) {
entry:
  %a = alloca <8 x i32>, align 32
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %x = load i32, i32* %src, align 4
  %v = add i32 %x, %i
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store i32 %v, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}a store does not write consecutive elements
; CHECK-LABEL: define <8 x i32> @same_bytes(
; CHECK:        %i = phi
define <8 x i32> @same_bytes(i32 %x) {
entry:
  %a = alloca <8 x i32>, align 32
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store i32 %i, i32* %p, align 4
  %j = sub i32 7, %i
  %q = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %j
  store i32 %x, i32* %q, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}two stores write the same bytes
; CHECK-LABEL: define <8 x i32> @overlap(
; CHECK:        %i = phi
define <8 x i32> @overlap(i32 %x) {
entry:
  %a = alloca <8 x i32>, align 32
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 6
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store i32 %i, i32* %p, align 4
  %j = add i32 %i, 2
  %q = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %j
  store i32 %x, i32* %q, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}a value of the loop is used after it
; CHECK-LABEL: define i32 @counter_after(
; CHECK:        %i = phi
define i32 @counter_after(i32 %x, <8 x i32>* %out) {
entry:
  %a = alloca <8 x i32>, align 32
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store i32 %x, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  store <8 x i32> %r, <8 x i32>* %out
  ret i32 %i
}

; REMARK: remark: {{.*}}the trip count is not between 1 and the most lanes
; CHECK-LABEL: define <64 x i16> @too_many(
; CHECK:        %i = phi
define <64 x i16> @too_many(i16 %x) {
entry:
  %a = alloca <64 x i16>, align 128
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 64
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <64 x i16>, <64 x i16>* %a, i32 0, i32 %i
  store i16 %x, i16* %p, align 2
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <64 x i16>, <64 x i16>* %a, align 128
  ret <64 x i16> %r
}

; REMARK: remark: {{.*}}a store's address is not an alloca
; CHECK-LABEL: define void @argument(
; CHECK:        %i = phi
define void @argument(<8 x i32>* %out) {
entry:
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %out, i32 0, i32 %i
  store i32 %i, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  ret void
}

; REMARK: remark: {{.*}}a value depending on the counter is not computed lane by lane
; CHECK-LABEL: define <8 x i32> @division(
; CHECK:        %i = phi
define <8 x i32> @division(i32 %x) {
entry:
  %a = alloca <8 x i32>, align 32
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %d = add i32 %i, 1
  %v = udiv i32 %x, %d
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store i32 %v, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}a store is volatile or atomic
; CHECK-LABEL: define <8 x i32> @volatile(
; CHECK:        %i = phi
define <8 x i32> @volatile(i32 %x) {
entry:
  %a = alloca <8 x i32>, align 32
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store volatile i32 %x, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  ret <8 x i32> %r
}

; CHECK-LABEL: define <8 x i32> @from_one(
; CHECK:        %i = phi
define <8 x i32> @from_one(i32 %x) {
entry:
  %a = alloca <8 x i32>, align 32
  store <8 x i32> zeroinitializer, <8 x i32>* %a
  br label %head

head:
  %i = phi i32 [ 1, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, 8
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store i32 %x, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  ret <8 x i32> %r
}

; CHECK-LABEL: define <8 x i32> @variable_count(
; CHECK:        %i = phi
define <8 x i32> @variable_count(i32 %x, i32 %n) {
entry:
  %a = alloca <8 x i32>, align 32
  store <8 x i32> zeroinitializer, <8 x i32>* %a
  %m = and i32 %n, 7
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %c = icmp slt i32 %i, %m
  br i1 %c, label %body, label %exit

body:
  %p = getelementptr inbounds <8 x i32>, <8 x i32>* %a, i32 0, i32 %i
  store i32 %x, i32* %p, align 4
  %i1 = add i32 %i, 1
  br label %head

exit:
  %r = load <8 x i32>, <8 x i32>* %a, align 32
  ret <8 x i32> %r
}
