; Aggregates are tracked per member: extractvalue needs one member, insertvalue passes the others through.
; A member that is itself an aggregate is one all-or-nothing element. CM: results of intrinsics returning
; structs (`cm_addc`, `cm_imul`), and small structs passed around after inlining.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; Only lanes 0..1 of member 0 are read: member 1's insertion is dead (and the multiply computing it), and
; the constant in member 0 keeps lanes 0..1 only.
; CHECK-LABEL: define <2 x i32> @member_lanes(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s0 = insertvalue { <4 x i32>, <4 x i32> } undef, <4 x i32> <i32 1, i32 2, i32 undef, i32 undef>, 0
; CHECK-NEXT: %m0 = extractvalue { <4 x i32>, <4 x i32> } %s0, 0
define <2 x i32> @member_lanes(<4 x i32> %x) {
entry:
  %x2 = mul <4 x i32> %x, %x
  %s0 = insertvalue { <4 x i32>, <4 x i32> } undef, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, 0
  %s1 = insertvalue { <4 x i32>, <4 x i32> } %s0, <4 x i32> %x2, 1
  %m0 = extractvalue { <4 x i32>, <4 x i32> } %s1, 0
  %lo = shufflevector <4 x i32> %m0, <4 x i32> undef, <2 x i32> <i32 0, i32 1>
  ret <2 x i32> %lo
}

; The carry of an addc is not used: its extraction goes. The intrinsic itself is opaque to the analysis:
; with its sum member live, its operands stay wholly live.
; CHECK-LABEL: define <4 x i32> @addc_sum_only(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call { <4 x i32>, <4 x i32> } @llvm.genx.addc.v4i32.v4i32(<4 x i32> %a, <4 x i32> <i32 1, i32 2, i32 3, i32 4>)
; CHECK-NEXT: %sum = extractvalue { <4 x i32>, <4 x i32> } %r, 1
define <4 x i32> @addc_sum_only(<4 x i32> %a) {
entry:
  %r = call { <4 x i32>, <4 x i32> } @llvm.genx.addc.v4i32.v4i32(<4 x i32> %a, <4 x i32> <i32 1, i32 2, i32 3, i32 4>)
  %carry = extractvalue { <4 x i32>, <4 x i32> } %r, 0
  %sum = extractvalue { <4 x i32>, <4 x i32> } %r, 1
  ret <4 x i32> %sum
}

; A nested aggregate member is one element: reading one of its fields keeps it whole.
; CHECK-LABEL: define i32 @nested_member(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = insertvalue { [2 x i32], <2 x i32> } undef, [2 x i32] [i32 7, i32 8], 0
; CHECK-NEXT: %inner = extractvalue { [2 x i32], <2 x i32> } %s, 0
; CHECK-NEXT: %e = extractvalue [2 x i32] %inner, 1
define i32 @nested_member(<2 x i32> %v) {
entry:
  %s = insertvalue { [2 x i32], <2 x i32> } undef, [2 x i32] [i32 7, i32 8], 0
  %s2 = insertvalue { [2 x i32], <2 x i32> } %s, <2 x i32> %v, 1
  %inner = extractvalue { [2 x i32], <2 x i32> } %s2, 0
  %e = extractvalue [2 x i32] %inner, 1
  ret i32 %e
}

; Negative: a returned struct is wholly live.
; CHECK-LABEL: define { <2 x i32>, i32 } @no_change_returned(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s0 = insertvalue { <2 x i32>, i32 } undef, <2 x i32> <i32 1, i32 2>, 0
; CHECK-NEXT: %s1 = insertvalue { <2 x i32>, i32 } %s0, i32 %x, 1
define { <2 x i32>, i32 } @no_change_returned(i32 %x) {
entry:
  %s0 = insertvalue { <2 x i32>, i32 } undef, <2 x i32> <i32 1, i32 2>, 0
  %s1 = insertvalue { <2 x i32>, i32 } %s0, i32 %x, 1
  ret { <2 x i32>, i32 } %s1
}

declare { <4 x i32>, <4 x i32> } @llvm.genx.addc.v4i32.v4i32(<4 x i32>, <4 x i32>)
