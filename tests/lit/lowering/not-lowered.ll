; Instructions the pass leaves unchanged, each with the reason given as a missed remark: element accesses on
; i1 vectors (predicate bits are not data regions), on vectors of pointers, and at a constant index outside
; the vector or an undef index (the result is poison, there is nothing to compute), and a trunc of integer
; arithmetic (left for IGC to narrow).
; RUN: %opt -passes=genx-lowering,genx-verify -pass-remarks-missed=genx-lowering -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; REMARK: remark: {{.*}}an element of an i1 vector is a predicate bit, not held in a data region
; CHECK-LABEL: define i1 @extract_predicate_bit(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %bit = extractelement <8 x i1> %p, i32 2
; CHECK-NEXT:   ret i1 %bit
; CHECK-NEXT: }
define i1 @extract_predicate_bit(<8 x i1> %p) {
entry:
  %bit = extractelement <8 x i1> %p, i32 2
  ret i1 %bit
}

; REMARK: remark: {{.*}}an element of an i1 vector is a predicate bit, not held in a data region
; CHECK-LABEL: define <8 x i1> @insert_predicate_bit(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = insertelement <8 x i1> %p, i1 %b, i32 %i
; CHECK-NEXT:   ret <8 x i1> %r
; CHECK-NEXT: }
define <8 x i1> @insert_predicate_bit(<8 x i1> %p, i1 %b, i32 %i) {
entry:
  %r = insertelement <8 x i1> %p, i1 %b, i32 %i
  ret <8 x i1> %r
}

; REMARK: remark: {{.*}}the vector holds pointers; data regions take integer or floating-point elements
; CHECK-LABEL: define i32* @extract_pointer(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e = extractelement <4 x i32*> %v, i32 1
; CHECK-NEXT:   ret i32* %e
; CHECK-NEXT: }
define i32* @extract_pointer(<4 x i32*> %v) {
entry:
  %e = extractelement <4 x i32*> %v, i32 1
  ret i32* %e
}

; REMARK: remark: {{.*}}constant index 9 is outside the 8-element vector, so the result is poison
; CHECK-LABEL: define i32 @index_out_of_range(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e = extractelement <8 x i32> %v, i32 9
; CHECK-NEXT:   ret i32 %e
; CHECK-NEXT: }
define i32 @index_out_of_range(<8 x i32> %v) {
entry:
  %e = extractelement <8 x i32> %v, i32 9
  ret i32 %e
}

; REMARK: remark: {{.*}}the index is undef, so the result is poison; nothing to lower
; CHECK-LABEL: define <8 x i32> @undef_index(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = insertelement <8 x i32> %v, i32 %x, i32 undef
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @undef_index(<8 x i32> %v, i32 %x) {
entry:
  %r = insertelement <8 x i32> %v, i32 %x, i32 undef
  ret <8 x i32> %r
}

; REMARK: remark: {{.*}}the source is integer arithmetic that IGC narrows through the trunc; a region would hide it
; CHECK-LABEL: define <8 x i8> @trunc_of_shift(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %s = lshr <8 x i16> %v, <i16 4, i16 4, i16 4, i16 4, i16 4, i16 4, i16 4, i16 4>
; CHECK-NEXT:   %t = trunc <8 x i16> %s to <8 x i8>
define <8 x i8> @trunc_of_shift(<8 x i16> %v) {
entry:
  %s = lshr <8 x i16> %v, <i16 4, i16 4, i16 4, i16 4, i16 4, i16 4, i16 4, i16 4>
  %t = trunc <8 x i16> %s to <8 x i8>
  ret <8 x i8> %t
}

; REMARK: remark: {{.*}}a trunc to i1 is a comparison of the low bit, not a region
; CHECK-LABEL: define <4 x i1> @trunc_to_bool(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = trunc <4 x i16> %v to <4 x i1>
; CHECK-NEXT:   ret <4 x i1> %t
; CHECK-NEXT: }
define <4 x i1> @trunc_to_bool(<4 x i16> %v) {
entry:
  %t = trunc <4 x i16> %v to <4 x i1>
  ret <4 x i1> %t
}
