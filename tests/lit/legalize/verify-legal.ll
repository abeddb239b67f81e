; genx-verify-legal, the staged verifier after genx-legalize: every bale genx-legalize would split must already
; be legal for the platform (allowed execution size, source and destination regions, the two-GRF rule,
; predicate sizes), no predicate wider than 32 bits or of odd size may be defined, and no 64-bit arithmetic may
; be left where i64 is emulated. Here the input has not been legalized, so every function is reported; after
; genx-legalize the same input verifies.
; RUN: not %opt -passes=genx-verify-legal -disable-output %s 2>&1 | FileCheck %s
; RUN: not %cmc -passes=genx-verify-legal -S %s -o %t.err.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=genx-legalize -S %s -o %t.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll 2>&1 | count 0

; CHECK: error: genx-verify-legal: in function 'too_wide', block 'entry': %s = add <32 x i32> %a, %b: not legal on icllp: two-GRF rule: %s is 32 × 4 bytes > 64
define <32 x i32> @too_wide(<32 x i32> %a, <32 x i32> %b) #0 {
entry:
  %s = add <32 x i32> %a, %b
  ret <32 x i32> %s
}

; CHECK: error: genx-verify-legal: in function 'odd_size', block 'entry': %s = add <12 x i16> %a, %b: not legal on icllp: execution size 12 is not allowed on icllp
define <12 x i16> @odd_size(<12 x i16> %a, <12 x i16> %b) #0 {
entry:
  %s = add <12 x i16> %a, %b
  ret <12 x i16> %s
}

; CHECK: error: genx-verify-legal: in function 'crossing', block 'entry': %s = add <16 x i32> %r, %b: not legal on icllp: source region of %r allows 8 of its 16 elements (GRF crossing rule)
define <16 x i32> @crossing(<32 x i32> %v, <16 x i32> %b) #0 {
entry:
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v, i32 0, i32 16, i32 1, i16 16, i32 undef)
  %s = add <16 x i32> %r, %b
  ret <16 x i32> %s
}

; CHECK: error: genx-verify-legal: in function 'strided_destination', block 'entry': %w = call <64 x i16> {{.*}}: not legal on icllp: destination region allows 1 of 8 elements (destination stride 8 is above 4)
define <64 x i16> @strided_destination(<64 x i16> %old, <8 x i16> %n) #0 {
entry:
  %w = call <64 x i16> @llvm.genx.wrregioni.v64i16.v8i16.i16.i1(<64 x i16> %old, <8 x i16> %n, i32 0, i32 8, i32 8, i16 0, i32 undef, i1 true)
  ret <64 x i16> %w
}

; CHECK: error: genx-verify-legal: in function 'wide_predicate', block 'entry': %c = icmp slt <13 x i16> %a, %b: not legal on icllp: a 13-bit predicate is not one vISA predicate (at most 32 bits, a power of two)
; CHECK-NEXT: error: genx-verify-legal: in function 'wide_predicate', block 'entry': %c = icmp slt <13 x i16> %a, %b: not legal on icllp: execution size 13 is not allowed on icllp
; CHECK-NEXT: error: genx-verify-legal: in function 'wide_predicate', block 'entry': %s = select <13 x i1> %c, <13 x i16> %a, <13 x i16> %b: not legal on icllp: execution size 13 is not allowed on icllp
define <13 x i16> @wide_predicate(<13 x i16> %a, <13 x i16> %b) #0 {
entry:
  %c = icmp slt <13 x i16> %a, %b
  %s = select <13 x i1> %c, <13 x i16> %a, <13 x i16> %b
  ret <13 x i16> %s
}

; CHECK: error: genx-verify-legal: in function 'long_add', block 'entry': %s = add <4 x i64> %a, %b: not legal on icllp: i64 add is left: 64-bit integer arithmetic must be emulated on icllp
define <4 x i64> @long_add(<4 x i64> %a, <4 x i64> %b) #0 {
entry:
  %s = add <4 x i64> %a, %b
  ret <4 x i64> %s
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <64 x i16> @llvm.genx.wrregioni.v64i16.v8i16.i16.i1(<64 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "target-cpu"="icllp" }
