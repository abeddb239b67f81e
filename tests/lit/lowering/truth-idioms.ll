; genx-lowering's first step (lowering/truth_idioms.rs): integer idioms over truth values (an integer that is a
; constant where an i1 is true and 0 elsewhere) become selects: clang's vector ?: blends under a sext-of-i1 mask
; (or and xor forms), a masked value alone, compares that only test a truth value, add/sub of a truth value
; (count += (x > 0)) and materialised truth values. Negative cases with a reason at the end.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; clang's vector ?: on floats: the mask's sign tested, the blend in i32 between bitcasts: one float select.
; CHECK-LABEL: define <8 x float> @blend_or_float(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = fcmp olt <8 x float> %x, zeroinitializer
; CHECK-NEXT:   %r = select <8 x i1> %cmp, <8 x float> %a, <8 x float> %b
; CHECK-NEXT:   ret <8 x float> %r
; CHECK-NEXT: }
define <8 x float> @blend_or_float(<8 x float> %a, <8 x float> %b, <8 x float> %x) {
entry:
  %cmp = fcmp olt <8 x float> %x, zeroinitializer
  %sext = sext <8 x i1> %cmp to <8 x i32>
  %msb = icmp slt <8 x i32> %sext, zeroinitializer
  %mask = sext <8 x i1> %msb to <8 x i32>
  %not = xor <8 x i32> %mask, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %ai = bitcast <8 x float> %a to <8 x i32>
  %bi = bitcast <8 x float> %b to <8 x i32>
  %keep = and <8 x i32> %bi, %not
  %take = and <8 x i32> %ai, %mask
  %blend = or <8 x i32> %keep, %take
  %r = bitcast <8 x i32> %blend to <8 x float>
  ret <8 x float> %r
}

; The xor form of the blend, in integers: a ^ ((a ^ b) & m) is m ? b : a.
; CHECK-LABEL: define <8 x i32> @blend_xor(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp sgt <8 x i32> %x, %y
; CHECK-NEXT:   %blend = select <8 x i1> %cmp, <8 x i32> %b, <8 x i32> %a
; CHECK-NEXT:   ret <8 x i32> %blend
; CHECK-NEXT: }
define <8 x i32> @blend_xor(<8 x i32> %a, <8 x i32> %b, <8 x i32> %x, <8 x i32> %y) {
entry:
  %cmp = icmp sgt <8 x i32> %x, %y
  %mask = sext <8 x i1> %cmp to <8 x i32>
  %diff = xor <8 x i32> %b, %a
  %pick = and <8 x i32> %mask, %diff
  %blend = xor <8 x i32> %pick, %a
  ret <8 x i32> %blend
}

; The mask already a select of -1 and 0 (after an earlier lowering), the inverted mask on the left, scalar.
; CHECK-LABEL: define i16 @blend_or_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp ult i16 %x, 100
; CHECK-NEXT:   %blend = select i1 %cmp, i16 %b, i16 %a
; CHECK-NEXT:   ret i16 %blend
; CHECK-NEXT: }
define i16 @blend_or_scalar(i16 %a, i16 %b, i16 %x) {
entry:
  %cmp = icmp ult i16 %x, 100
  %mask = select i1 %cmp, i16 -1, i16 0
  %not = xor i16 -1, %mask
  %keep = and i16 %not, %a
  %take = and i16 %mask, %b
  %blend = or i16 %take, %keep
  ret i16 %blend
}

; A masked value alone is a select against zero; under the inverted mask, zero on the true side. The float
; constant masked by the sign test is clang's `c ? 1.0f : 0.0f`.
; CHECK-LABEL: define <8 x i32> @masked_and(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp eq <8 x i32> %x, zeroinitializer
; CHECK-NEXT:   %kept = select <8 x i1> %cmp, <8 x i32> zeroinitializer, <8 x i32> %a
; CHECK-NEXT:   ret <8 x i32> %kept
; CHECK-NEXT: }
define <8 x i32> @masked_and(<8 x i32> %a, <8 x i32> %x) {
entry:
  %cmp = icmp eq <8 x i32> %x, zeroinitializer
  %mask = sext <8 x i1> %cmp to <8 x i32>
  %not = xor <8 x i32> %mask, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %kept = and <8 x i32> %a, %not
  ret <8 x i32> %kept
}

; CHECK-LABEL: define <8 x float> @masked_float_constant(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = fcmp oeq <8 x float> %x, zeroinitializer
; CHECK-NEXT:   %f = select <8 x i1> %cmp, <8 x float> <float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00, float 1.000000e+00>, <8 x float> zeroinitializer
; CHECK-NEXT:   %r = fadd <8 x float> %x, %f
; CHECK-NEXT:   ret <8 x float> %r
; CHECK-NEXT: }
define <8 x float> @masked_float_constant(<8 x float> %x) {
entry:
  %cmp = fcmp oeq <8 x float> %x, zeroinitializer
  %sext = sext <8 x i1> %cmp to <8 x i32>
  %msb = icmp slt <8 x i32> %sext, zeroinitializer
  %mask = sext <8 x i1> %msb to <8 x i32>
  %one = and <8 x i32> <i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216>, %mask
  %f = bitcast <8 x i32> %one to <8 x float>
  %r = fadd <8 x float> %x, %f
  ret <8 x float> %r
}

; CM's vector<ushort, N>(a > b) tested again: the compare is the inner compare (undefined constant lanes, as
; genx-dead-vector leaves them, do not stop it).
; CHECK-LABEL: define <8 x i32> @compare_of_materialised(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp sgt <8 x i32> %a, %b
; CHECK-NEXT:   %r = select <8 x i1> %cmp, <8 x i32> %c, <8 x i32> %a
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @compare_of_materialised(<8 x i32> %a, <8 x i32> %b, <8 x i32> %c) {
entry:
  %cmp = icmp sgt <8 x i32> %a, %b
  %sext = sext <8 x i1> %cmp to <8 x i32>
  %conv = trunc <8 x i32> %sext to <8 x i16>
  %and = and <8 x i16> %conv, <i16 undef, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %ne = icmp ne <8 x i16> %and, <i16 0, i16 undef, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0>
  %r = select <8 x i1> %ne, <8 x i32> %c, <8 x i32> %a
  ret <8 x i32> %r
}

; count += (x > 100) through CM's ushort mask, and count -= sext(c) (adds one): a select of the operation.
; CHECK-LABEL: define <4 x i32> @conditional_add(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp ugt <4 x i32> %x, <i32 100, i32 100, i32 100, i32 100>
; CHECK-NEXT:   %0 = add <4 x i32> %count, <i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT:   %sum = select <4 x i1> %cmp, <4 x i32> %0, <4 x i32> %count
; CHECK-NEXT:   ret <4 x i32> %sum
; CHECK-NEXT: }
define <4 x i32> @conditional_add(<4 x i32> %count, <4 x i32> %x) {
entry:
  %cmp = icmp ugt <4 x i32> %x, <i32 100, i32 100, i32 100, i32 100>
  %sext = sext <4 x i1> %cmp to <4 x i32>
  %conv = trunc <4 x i32> %sext to <4 x i16>
  %and = and <4 x i16> %conv, <i16 1, i16 1, i16 1, i16 1>
  %ext = zext <4 x i16> %and to <4 x i32>
  %sum = add <4 x i32> %ext, %count
  ret <4 x i32> %sum
}

; CHECK-LABEL: define i32 @conditional_sub(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp eq i32 %x, 0
; CHECK-NEXT:   %0 = add i32 %count, 1
; CHECK-NEXT:   %r = select i1 %cmp, i32 %0, i32 %count
; CHECK-NEXT:   ret i32 %r
; CHECK-NEXT: }
define i32 @conditional_sub(i32 %count, i32 %x) {
entry:
  %cmp = icmp eq i32 %x, 0
  %mask = sext i1 %cmp to i32
  %r = sub i32 %count, %mask
  ret i32 %r
}

; A materialised truth value kept as a number: one select of its constant.
; CHECK-LABEL: define <8 x i16> @materialised(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp sgt <8 x i32> %a, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
; CHECK-NEXT:   %and = select <8 x i1> %cmp, <8 x i16> <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>, <8 x i16> zeroinitializer
; CHECK-NEXT:   ret <8 x i16> %and
; CHECK-NEXT: }
define <8 x i16> @materialised(<8 x i32> %a) {
entry:
  %cmp = icmp sgt <8 x i32> %a, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %sext = sext <8 x i1> %cmp to <8 x i32>
  %conv = trunc <8 x i32> %sext to <8 x i16>
  %and = and <8 x i16> %conv, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  ret <8 x i16> %and
}

; Negative: the mask is an arithmetic shift, not a sext of an i1: its lanes may be all ones or zero too, but
; nothing proves it, and no i1 exists to select on.
; CHECK-LABEL: define <8 x i32> @not_a_truth_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %mask = ashr <8 x i32> %x, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
; CHECK-NEXT:   %not = xor <8 x i32> %mask, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
; CHECK-NEXT:   %keep = and <8 x i32> %b, %not
; CHECK-NEXT:   %take = and <8 x i32> %a, %mask
; CHECK-NEXT:   %blend = or <8 x i32> %keep, %take
; CHECK-NEXT:   ret <8 x i32> %blend
; CHECK-NEXT: }
define <8 x i32> @not_a_truth_mask(<8 x i32> %a, <8 x i32> %b, <8 x i32> %x) {
entry:
  %mask = ashr <8 x i32> %x, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %not = xor <8 x i32> %mask, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %keep = and <8 x i32> %b, %not
  %take = and <8 x i32> %a, %mask
  %blend = or <8 x i32> %keep, %take
  ret <8 x i32> %blend
}

; Negative: a sext of an i8 is not a mask.
; CHECK-LABEL: define <8 x i32> @sext_of_byte(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %mask = sext <8 x i8> %m to <8 x i32>
; CHECK-NEXT:   %take = and <8 x i32> %a, %mask
; CHECK-NEXT:   ret <8 x i32> %take
; CHECK-NEXT: }
define <8 x i32> @sext_of_byte(<8 x i32> %a, <8 x i8> %m) {
entry:
  %mask = sext <8 x i8> %m to <8 x i32>
  %take = and <8 x i32> %a, %mask
  ret <8 x i32> %take
}

; Negative: the two masks test different conditions, so the or is no blend (each masked value alone is still
; a select against zero).
; CHECK-LABEL: define <8 x i32> @two_conditions(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %c1 = icmp sgt <8 x i32> %x, %a
; CHECK-NEXT:   %c2 = icmp sgt <8 x i32> %x, %b
; CHECK-NEXT:   %keep = select <8 x i1> %c1, <8 x i32> zeroinitializer, <8 x i32> %b
; CHECK-NEXT:   %take = select <8 x i1> %c2, <8 x i32> %a, <8 x i32> zeroinitializer
; CHECK-NEXT:   %blend = or <8 x i32> %keep, %take
; CHECK-NEXT:   ret <8 x i32> %blend
; CHECK-NEXT: }
define <8 x i32> @two_conditions(<8 x i32> %a, <8 x i32> %b, <8 x i32> %x) {
entry:
  %c1 = icmp sgt <8 x i32> %x, %a
  %c2 = icmp sgt <8 x i32> %x, %b
  %m1 = sext <8 x i1> %c1 to <8 x i32>
  %m2 = sext <8 x i1> %c2 to <8 x i32>
  %not = xor <8 x i32> %m1, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %keep = and <8 x i32> %b, %not
  %take = and <8 x i32> %a, %m2
  %blend = or <8 x i32> %keep, %take
  ret <8 x i32> %blend
}

; Negative: the truth value added is also used elsewhere, so the add stays (a select would not remove the
; materialisation); and a mask of k = 1 (zext) is not a full mask, so the and stays.
; CHECK-LABEL: define <4 x i32> @shared_truth(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp ugt <4 x i32> %x, %count
; CHECK-NEXT:   %ext = select <4 x i1> %cmp, <4 x i32> <i32 1, i32 1, i32 1, i32 1>, <4 x i32> zeroinitializer
; CHECK-NEXT:   %sum = add <4 x i32> %count, %ext
; CHECK-NEXT:   %low = and <4 x i32> %x, %ext
; CHECK-NEXT:   %r = add <4 x i32> %sum, %low
; CHECK-NEXT:   ret <4 x i32> %r
; CHECK-NEXT: }
define <4 x i32> @shared_truth(<4 x i32> %count, <4 x i32> %x) {
entry:
  %cmp = icmp ugt <4 x i32> %x, %count
  %ext = zext <4 x i1> %cmp to <4 x i32>
  %sum = add <4 x i32> %count, %ext
  %low = and <4 x i32> %x, %ext
  %r = add <4 x i32> %sum, %low
  ret <4 x i32> %r
}

; A blend wider than vISA's widest predicate (64 lanes) is still one select (genx-legalize splits it into
; predicated pieces), as is a masked float constant (cmtl::cm_atan2's `x == 0 ? 1.0f : 0.0f` on a matrix).
; CHECK-LABEL: define <64 x float> @wide_blend(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = fcmp olt <64 x float> %x, zeroinitializer
; CHECK-NEXT:   %r = select <64 x i1> %cmp, <64 x float> %a, <64 x float> %b
; CHECK-NEXT:   %z = fcmp oeq <64 x float> %x, zeroinitializer
; CHECK-NEXT:   [[ONE:%.*]] = select <64 x i1> %z, <64 x float> <float 1.000000e+00,
; CHECK-NEXT:   %sum = fadd <64 x float> %r, [[ONE]]
; CHECK-NEXT:   ret <64 x float> %sum
; CHECK-NEXT: }
define <64 x float> @wide_blend(<64 x float> %a, <64 x float> %b, <64 x float> %x) {
entry:
  %cmp = fcmp olt <64 x float> %x, zeroinitializer
  %sext = sext <64 x i1> %cmp to <64 x i32>
  %msb = icmp slt <64 x i32> %sext, zeroinitializer
  %mask = sext <64 x i1> %msb to <64 x i32>
  %not = xor <64 x i32> %mask, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %ai = bitcast <64 x float> %a to <64 x i32>
  %bi = bitcast <64 x float> %b to <64 x i32>
  %keep = and <64 x i32> %bi, %not
  %take = and <64 x i32> %ai, %mask
  %blend = or <64 x i32> %keep, %take
  %r = bitcast <64 x i32> %blend to <64 x float>
  %z = fcmp oeq <64 x float> %x, zeroinitializer
  %zmask = sext <64 x i1> %z to <64 x i32>
  %onei = and <64 x i32> <i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216, i32 1065353216>, %zmask
  %onef = bitcast <64 x i32> %onei to <64 x float>
  %sum = fadd <64 x float> %r, %onef
  ret <64 x float> %sum
}

; Negative: over 32 lanes only blends and masked values are rewritten: a truth value added (`count += (x > 0)`)
; stays an add of the materialisation (genx-lowering's later select of constants), not a conditional add.
; CHECK-LABEL: define <64 x i32> @wide_conditional_add(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %cmp = icmp sgt <64 x i32> %x, zeroinitializer
; CHECK-NEXT:   %ext = select <64 x i1> %cmp, <64 x i32> <i32 1,
; CHECK-NEXT:   %sum = add <64 x i32> %count, %ext
; CHECK-NEXT:   ret <64 x i32> %sum
; CHECK-NEXT: }
define <64 x i32> @wide_conditional_add(<64 x i32> %count, <64 x i32> %x) {
entry:
  %cmp = icmp sgt <64 x i32> %x, zeroinitializer
  %ext = zext <64 x i1> %cmp to <64 x i32>
  %sum = add <64 x i32> %count, %ext
  ret <64 x i32> %sum
}
