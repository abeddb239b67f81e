; A width change (trunc, zext, sext) in a chain over a predicate's materialisation (select C, -1, 0, or an
; extension of C, then trunc, and with a constant splat, zext or sext) is C's materialisation in the new width,
; select C, -1, 0, and one `and` with k when k is not all ones (visa_emit/truth.rs, which genx-legalize runs
; first): CM's `vector<ushort> high = v > t` summed as ints is zext(and(trunc(select C, -1, 0), 1)), a compare
; into a register and an and instead of a compare, a move, an and and a move. A sext keeps the sign of k (-1
; through i8 stays -1), a zext does not (255).
; Negative cases: an `and` with a mask that is not a splat, and an `or` (not a lane-wise truth step) stay (their
; operand, trunc(select C, -1, 0), is itself the select of the truncated -1).
; RUN: %opt -passes=genx-legalize -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; CHECK-LABEL: define <8 x i32> @summed_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %c = icmp sgt <8 x i32> %v, <i32 100,
; CHECK-NEXT:   [[S:%.*]] = select <8 x i1> %c, <8 x i32> <i32 -1, {{.*}}>, <8 x i32> zeroinitializer
; CHECK-NEXT:   [[A:%.*]] = and <8 x i32> [[S]], <i32 1,
; CHECK-NEXT:   %r = add <8 x i32> [[A]], %v
; CHECK-NEXT:   ret <8 x i32> %r
define <8 x i32> @summed_mask(<8 x i32> %v) #0 {
entry:
  %c = icmp sgt <8 x i32> %v, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %s = select <8 x i1> %c, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> zeroinitializer
  %t = trunc <8 x i32> %s to <8 x i16>
  %a = and <8 x i16> %t, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %z = zext <8 x i16> %a to <8 x i32>
  %r = add <8 x i32> %z, %v
  ret <8 x i32> %r
}

; CHECK-LABEL: define <8 x i32> @extensions(
; CHECK:        [[NEG:%.*]] = select <8 x i1> %c, <8 x i32> <i32 -1, {{.*}}>, <8 x i32> zeroinitializer
; CHECK:        [[ALL:%.*]] = select <8 x i1> %c, <8 x i32> <i32 -1, {{.*}}>, <8 x i32> zeroinitializer
; CHECK-NEXT:   [[BYTE:%.*]] = and <8 x i32> [[ALL]], <i32 255,
; CHECK:        %r = xor <8 x i32> [[NEG]], [[BYTE]]
define <8 x i32> @extensions(<8 x i16> %v) #0 {
entry:
  %c = icmp ult <8 x i16> %v, <i16 7, i16 7, i16 7, i16 7, i16 7, i16 7, i16 7, i16 7>
  %e = sext <8 x i1> %c to <8 x i16>
  %b = trunc <8 x i16> %e to <8 x i8>
  %s = sext <8 x i8> %b to <8 x i32>
  %z = zext <8 x i8> %b to <8 x i32>
  %r = xor <8 x i32> %s, %z
  ret <8 x i32> %r
}

; CHECK-LABEL: define <8 x i16> @kept(
; CHECK:        [[T:%.*]] = select <8 x i1> %c, <8 x i16> <i16 -1, {{.*}}>, <8 x i16> zeroinitializer
; CHECK:        %a = and <8 x i16> [[T]], <i16 1, i16 2,
; CHECK:        %o = or <8 x i16> [[T]], %v
define <8 x i16> @kept(<8 x i32> %w, <8 x i16> %v) #0 {
entry:
  %c = icmp sgt <8 x i32> %w, zeroinitializer
  %s = select <8 x i1> %c, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> zeroinitializer
  %t = trunc <8 x i32> %s to <8 x i16>
  %a = and <8 x i16> %t, <i16 1, i16 2, i16 1, i16 2, i16 1, i16 2, i16 1, i16 2>
  %o = or <8 x i16> %t, %v
  %r = add <8 x i16> %a, %o
  ret <8 x i16> %r
}

attributes #0 = { "target-cpu"="icllp" }
