; What genx-legalize leaves alone, and why. Legal bales are unchanged. Bitcasts are not instructions (the
; coalescer makes them free), so their size does not matter; loads, stores, calls of functions, intrinsics whose
; result is not a register region (messages), dpas and inline assembly are never split (their operands are
; legalized as bales of their own); scalar operations and phis have nothing to split. (Inline assembly and
; messages are left alone the same way; they are not in this file because validation cannot run them without
; surfaces.)
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -pass-remarks-missed=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; The only remark is the helper's split.
; REMARK: remark: {{.*}}: split 64-wide add into 4×16: two-GRF rule (64 × 4 bytes > 64)
; REMARK-NOT: remark

; CHECK-LABEL: define <16 x i32> @legal_add(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = add <16 x i32> %a, %b
; CHECK-NEXT: ret <16 x i32> %s
define <16 x i32> @legal_add(<16 x i32> %a, <16 x i32> %b) #0 {
entry:
  %s = add <16 x i32> %a, %b
  ret <16 x i32> %s
}

; A 256-byte bitcast: no code, no split.
; CHECK-LABEL: define <128 x i16> @wide_bitcast(
; CHECK-NEXT: entry:
; CHECK-NEXT: %c = bitcast <64 x i32> %a to <128 x i16>
; CHECK-NEXT: ret <128 x i16> %c
define <128 x i16> @wide_bitcast(<64 x i32> %a) #0 {
entry:
  %c = bitcast <64 x i32> %a to <128 x i16>
  ret <128 x i16> %c
}

; A wide load and store of a private vector and a call: not vISA ALU instructions. (The callee's own add is
; legalized in its own function.)
; CHECK-LABEL: define <64 x i32> @memory_and_calls(
; CHECK-NEXT: entry:
; CHECK-NEXT: %p = alloca <64 x i32>
; CHECK-NEXT: store <64 x i32> %a, <64 x i32>* %p
; CHECK-NEXT: %v = load <64 x i32>, <64 x i32>* %p
; CHECK-NEXT: %r = call <64 x i32> @helper(<64 x i32> %v)
; CHECK-NEXT: ret <64 x i32> %r
define <64 x i32> @memory_and_calls(<64 x i32> %a) #0 {
entry:
  %p = alloca <64 x i32>
  store <64 x i32> %a, <64 x i32>* %p
  %v = load <64 x i32>, <64 x i32>* %p
  %r = call <64 x i32> @helper(<64 x i32> %v)
  ret <64 x i32> %r
}

; CHECK-LABEL: define internal <64 x i32> @helper(
; CHECK-COUNT-4: add <16 x i32>
define internal <64 x i32> @helper(<64 x i32> %v) #0 {
entry:
  %s = add <64 x i32> %v, %v
  ret <64 x i32> %s
}

; Scalars and phis: nothing to split.
; CHECK-LABEL: define i32 @scalars(
; CHECK: %s = add i32 %a, %b
; CHECK: %v = phi <64 x i32>
define i32 @scalars(i32 %a, i32 %b, <64 x i32> %x, i1 %c) #0 {
entry:
  %s = add i32 %a, %b
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %v = phi <64 x i32> [ %x, %entry ], [ zeroinitializer, %then ]
  ret i32 %s
}


attributes #0 = { "target-cpu"="icllp" }
