; Element-wise instructions pass liveness through lane by lane (binary operators, compares, casts, fneg);
; shufflevector and insert/extractelement with constant indices map lanes; `select` with a constant
; condition needs each arm only where it may be chosen; `and` with a constant that is zero in every live
; lane kills its other operand; a divisor stays wholly live (a dead lane must not become a zero divisor).
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; Lanes 0..1 of a chain of element-wise operations are read: the constants' other lanes are dead.
; CHECK-LABEL: define <2 x float> @chain(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = add <4 x i32> %a, <i32 1, i32 2, i32 undef, i32 undef>
; CHECK-NEXT: %f = sitofp <4 x i32> %s to <4 x float>
; CHECK-NEXT: %n = fneg <4 x float> %f
; CHECK-NEXT: %m = fmul <4 x float> %n, <float 5.000000e-01, float 2.500000e-01, float undef, float undef>
; CHECK-NEXT: %lo = shufflevector <4 x float> %m, <4 x float> undef, <2 x i32> <i32 0, i32 1>
define <2 x float> @chain(<4 x i32> %a) {
entry:
  %s = add <4 x i32> %a, <i32 1, i32 2, i32 3, i32 4>
  %f = sitofp <4 x i32> %s to <4 x float>
  %n = fneg <4 x float> %f
  %m = fmul <4 x float> %n, <float 0.5, float 0.25, float 0.125, float 0.0625>
  %lo = shufflevector <4 x float> %m, <4 x float> undef, <2 x i32> <i32 0, i32 1>
  ret <2 x float> %lo
}

; A shuffle that takes nothing from its second operand: that operand is dead (and its computation too).
; CHECK-LABEL: define <4 x i16> @shuffle_drops_operand(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = shufflevector <4 x i16> %a, <4 x i16> undef, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
define <4 x i16> @shuffle_drops_operand(<4 x i16> %a, <4 x i16> %b) {
entry:
  %b2 = mul <4 x i16> %b, %b
  %r = shufflevector <4 x i16> %a, <4 x i16> %b2, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i16> %r
}

; insertelement/extractelement with constant indices: the element inserted at 2 is dead (lane 1 is
; extracted), so the insertion goes, and only lane 1 of the constant vector it went into is live.
; CHECK-LABEL: define i32 @insert_extract(
; CHECK-NEXT: entry:
; CHECK-NEXT: %e = extractelement <4 x i32> <i32 undef, i32 20, i32 undef, i32 undef>, i32 1
define i32 @insert_extract(i32 %x) {
entry:
  %x2 = add i32 %x, 1
  %v = insertelement <4 x i32> <i32 10, i32 20, i32 30, i32 40>, i32 %x2, i32 2
  %e = extractelement <4 x i32> %v, i32 1
  ret i32 %e
}

; select on a constant condition: each arm is needed only in the lanes that pick it; the arm picked by no
; lane is dead, and a select with an undef arm is the other arm.
; CHECK-LABEL: define <4 x i32> @select_constant_condition(
; CHECK-NEXT: entry:
; CHECK-NEXT: %mixed = select <4 x i1> <i1 true, i1 false, i1 true, i1 false>, <4 x i32> <i32 1, i32 undef, i32 3, i32 undef>, <4 x i32> %b
; CHECK-NEXT: %sum = add <4 x i32> %mixed, %a
; CHECK-NEXT: ret <4 x i32> %sum
define <4 x i32> @select_constant_condition(<4 x i32> %a, <4 x i32> %b) {
entry:
  %mixed = select <4 x i1> <i1 true, i1 false, i1 true, i1 false>, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> %b
  %only.a = select i1 true, <4 x i32> %a, <4 x i32> %b
  %sum = add <4 x i32> %mixed, %only.a
  ret <4 x i32> %sum
}

; `and` with zero lanes: the live lanes 1 and 3 are zero in the constant, and lanes 0 and 2 are not read, so
; %x is dead and the `and` is its constant (zeros where live).
; CHECK-LABEL: define <2 x i32> @and_with_zero(
; CHECK-NEXT: entry:
; CHECK-NEXT: %odd = shufflevector <4 x i32> <i32 undef, i32 0, i32 undef, i32 0>, <4 x i32> undef, <2 x i32> <i32 1, i32 3>
define <2 x i32> @and_with_zero(<4 x i32> %a) {
entry:
  %x = mul <4 x i32> %a, %a
  %masked = and <4 x i32> %x, <i32 255, i32 0, i32 255, i32 0>
  %odd = shufflevector <4 x i32> %masked, <4 x i32> undef, <2 x i32> <i32 1, i32 3>
  ret <2 x i32> %odd
}

; Negative: only some live lanes of the constant are zero, so %x stays wholly live. (IGC would kill lane 1
; of %x alone; here that lane could then become undef upstream, and `and undef, 0` — 0 to LLVM — is undef to
; the executor's lane-by-lane model of undef, so translation validation could no longer check the result.)
; CHECK-LABEL: define <2 x i32> @no_change_and_partly_zero(
; CHECK-NEXT: entry:
; CHECK-NEXT: %x = mul <4 x i32> %a, <i32 3, i32 3, i32 undef, i32 undef>
; CHECK-NEXT: %masked = and <4 x i32> %x, <i32 255, i32 0, i32 undef, i32 undef>
define <2 x i32> @no_change_and_partly_zero(<4 x i32> %a) {
entry:
  %x = mul <4 x i32> %a, <i32 3, i32 3, i32 3, i32 3>
  %masked = and <4 x i32> %x, <i32 255, i32 0, i32 255, i32 0>
  %low = shufflevector <4 x i32> %masked, <4 x i32> undef, <2 x i32> <i32 0, i32 1>
  ret <2 x i32> %low
}

; Negative: `and` of two constants: neither kills the other (they would both become undef, and the zeros
; of the result with them). Folding it is genx-const-fold's business.
; CHECK-LABEL: define <2 x i32> @no_change_and_of_constants(
; CHECK-NEXT: entry:
; CHECK-NEXT: %zero = and <2 x i32> <i32 0, i32 5>, zeroinitializer
; CHECK-NEXT: ret <2 x i32> %zero
define <2 x i32> @no_change_and_of_constants() {
entry:
  %zero = and <2 x i32> <i32 0, i32 5>, <i32 0, i32 0>
  ret <2 x i32> %zero
}

; Negative: a divisor keeps all its lanes (lane 1 of the result is dead, but an undef divisor lane could be
; zero: undefined behaviour). The dividend's dead lane may go.
; CHECK-LABEL: define i32 @divisor_stays(
; CHECK-NEXT: entry:
; CHECK-NEXT: %q = udiv <2 x i32> <i32 100, i32 undef>, <i32 7, i32 9>
define i32 @divisor_stays() {
entry:
  %q = udiv <2 x i32> <i32 100, i32 200>, <i32 7, i32 9>
  %e = extractelement <2 x i32> %q, i32 0
  ret i32 %e
}

; Negative: a variable index reads or writes any lane: everything stays.
; CHECK-LABEL: define i32 @no_change_variable_index(
; CHECK-NEXT: entry:
; CHECK-NEXT: %v = insertelement <4 x i32> <i32 10, i32 20, i32 30, i32 40>, i32 %x, i32 %j
; CHECK-NEXT: %e = extractelement <4 x i32> %v, i32 %i
define i32 @no_change_variable_index(i32 %x, i32 %i, i32 %j) {
entry:
  %v = insertelement <4 x i32> <i32 10, i32 20, i32 30, i32 40>, i32 %x, i32 %j
  %e = extractelement <4 x i32> %v, i32 %i
  ret i32 %e
}
