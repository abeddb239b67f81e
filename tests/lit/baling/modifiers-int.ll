; Integer source modifiers: negate (sub 0, x), not (xor x, -1), abs (genx.absi), and extensions, with the
; operands that accept them (arithmetic, logic, none) and the combinations that are refused.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; An and takes a logic modifier: the not (and its read) bales into it.
; CHECK-LABEL: bales of 'and_not'
; CHECK-NEXT: bale %r: %r = MAININST{0,1} (%n = NOTMOD{0} (%ra = RDREGION), %rb = RDREGION)
; CHECK-EMPTY:
define <8 x i32> @and_not(<16 x i32> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = xor <8 x i32> %ra, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %r = and <8 x i32> %n, %rb
  ret <8 x i32> %r
}

; An add takes arithmetic modifiers only: the not stays a bale of its own (with its read).
; CHECK-LABEL: bales of 'add_not_refused'
; CHECK-NEXT: bale %n: %n = NOTMOD{0} (%ra = RDREGION)
; CHECK-NEXT: bale %s: %s = MAININST{1} (%rb = RDREGION)
; CHECK-EMPTY:
define <8 x i32> @add_not_refused(<16 x i32> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = xor <8 x i32> %ra, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %s = add <8 x i32> %n, %rb
  ret <8 x i32> %s
}

; An add takes a negate and an abs, each with its read.
; CHECK-LABEL: bales of 'add_neg_abs'
; CHECK-NEXT: bale %s: %s = MAININST{0,1} (%n = NEGMOD{1} (%ra = RDREGION), %abs = ABSMOD{0} (%rb = RDREGION))
; CHECK-EMPTY:
define <8 x i32> @add_neg_abs(<16 x i32> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %n = sub <8 x i32> zeroinitializer, %ra
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %abs = call <8 x i32> @llvm.genx.absi.v8i32(<8 x i32> %rb)
  %s = add <8 x i32> %n, %abs
  ret <8 x i32> %s
}

; A logic operation takes no arithmetic modifier: the negate is not baled into the or.
; CHECK-LABEL: bales of 'or_neg_refused'
; CHECK-NEXT: bale %n: %n = NEGMOD{1} (%ra = RDREGION)
; CHECK-NEXT: bale %r: %r = MAININST
; CHECK-EMPTY:
define <8 x i32> @or_neg_refused(<16 x i32> %a, <8 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = sub <8 x i32> zeroinitializer, %ra
  %r = or <8 x i32> %n, %b
  ret <8 x i32> %r
}

; Shifts take no source modifier (it would change the precision shifted) but do take reads.
; CHECK-LABEL: bales of 'shift_no_modifier'
; CHECK-NEXT: bale %n: %n = NEGMOD{1} (%ra = RDREGION)
; CHECK-NEXT: bale %not: %not = NOTMOD{0} (%rb = RDREGION)
; CHECK-NEXT: bale %l: %l = MAININST
; CHECK-NEXT: bale %r: %r = MAININST{0,1} (%rc = RDREGION, %rd = RDREGION)
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-EMPTY:
define <8 x i32> @shift_no_modifier(<16 x i32> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = sub <8 x i32> zeroinitializer, %ra
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %not = xor <8 x i32> %rb, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %l = shl <8 x i32> %n, %not
  %rc = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %rd = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %r = ashr <8 x i32> %rc, %rd
  %x = add <8 x i32> %l, %r
  ret <8 x i32> %x
}

; abs(-x) is not one source: the modifiers would combine to -(abs), which means -|x|; so the negate stays out of
; the abs (which itself bales into the add). The reverse, -|x|, is one source and bales whole.
; CHECK-LABEL: bales of 'abs_neg'
; CHECK-NEXT: bale %n: %n = NEGMOD{1} (%ra = RDREGION)
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%abs = ABSMOD, %negabs = NEGMOD{1} (%abs2 = ABSMOD{0} (%rb = RDREGION)))
; CHECK-EMPTY:
define <8 x i32> @abs_neg(<16 x i32> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = sub <8 x i32> zeroinitializer, %ra
  %abs = call <8 x i32> @llvm.genx.absi.v8i32(<8 x i32> %n)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %abs2 = call <8 x i32> @llvm.genx.absi.v8i32(<8 x i32> %rb)
  %negabs = sub <8 x i32> zeroinitializer, %abs2
  %x = add <8 x i32> %abs, %negabs
  ret <8 x i32> %x
}

; An extension bales an abs (the cm_abs pattern: abs in the narrow type, then extend) but not another extension.
; CHECK-LABEL: bales of 'ext_of_abs_and_ext'
; CHECK-NEXT: bale %w8: %w8 = SEXT{0} (%rb = RDREGION)
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%e = ZEXT{0} (%abs = ABSMOD{0} (%ra = RDREGION)), %w16 = SEXT)
; CHECK-EMPTY:
define <8 x i32> @ext_of_abs_and_ext(<16 x i16> %a, <16 x i8> %b) {
entry:
  %ra = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %abs = call <8 x i16> @llvm.genx.absi.v8i16(<8 x i16> %ra)
  %e = zext <8 x i16> %abs to <8 x i32>
  %rb = call <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8> %b, i32 0, i32 8, i32 2, i16 1, i32 undef)
  %w8 = sext <8 x i8> %rb to <8 x i16>
  %w16 = sext <8 x i16> %w8 to <8 x i32>
  %x = add <8 x i32> %e, %w16
  ret <8 x i32> %x
}

; Operands of different extensions bale into one add in legalization baling (legalization then gives both the same
; width; the final baling keeps the vISA rule).
; CHECK-LABEL: bales of 'mixed_extensions'
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%za = ZEXT{0} (%ra = RDREGION), %sb = SEXT{0} (%rb = RDREGION))
; CHECK-EMPTY:
define <8 x i32> @mixed_extensions(<16 x i16> %a, <16 x i16> %b) {
entry:
  %ra = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %za = zext <8 x i16> %ra to <8 x i32>
  %rb = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %b, i32 0, i32 8, i32 1, i16 16, i32 undef)
  %sb = sext <8 x i16> %rb to <8 x i32>
  %x = add <8 x i32> %za, %sb
  ret <8 x i32> %x
}

; A subtraction from 0 whose result is converted as unsigned is not a negate (a negate modifier on an unsigned value
; misbehaves); neither is a subtraction from another constant.
; CHECK-LABEL: bales of 'not_negations'
; CHECK-NEXT: bale %n: %n = MAININST{1} (%ra = RDREGION)
; CHECK-NEXT: bale %f: %f = MAININST
; CHECK-NEXT: bale %m: %m = MAININST{1} (%rb = RDREGION)
; CHECK-NEXT: bale %mf: %mf = MAININST
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-EMPTY:
define <8 x float> @not_negations(<16 x i32> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = sub <8 x i32> zeroinitializer, %ra
  %f = uitofp <8 x i32> %n to <8 x float>
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %m = sub <8 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, %rb
  %mf = sitofp <8 x i32> %m to <8 x float>
  %x = fadd <8 x float> %f, %mf
  ret <8 x float> %x
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.i16(<16 x i8>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.absi.v8i32(<8 x i32>)
declare <8 x i16> @llvm.genx.absi.v8i16(<8 x i16>)
