; Bitwise logic on whole byte and word vectors is done on their dword view (bits are independent; Gen writes
; bytes at half rate), and `-1 - x` on bytes is `x ^ -1` there (int-narrow's form of CM's `255 - v`).
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll

; CHECK-LABEL: define <32 x i8> @invert_bytes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %n.dw0 = bitcast <32 x i8> %v to <8 x i32>
; CHECK-NEXT:   %n.dw = xor <8 x i32> %n.dw0, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
; CHECK-NEXT:   %n = bitcast <8 x i32> %n.dw to <32 x i8>
; CHECK-NEXT:   ret <32 x i8> %n
define <32 x i8> @invert_bytes(<32 x i8> %v) {
entry:
  %n = sub <32 x i8> <i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1>, %v
  ret <32 x i8> %n
}

; Word `and`/`or` of two values: both operands are viewed as dwords.
; CHECK-LABEL: define <8 x i16> @mask_words(
; CHECK:   %m.dw = and <4 x i32> %m.dw0, %m.dw1
; CHECK:   %o.dw = or <4 x i32>
; CHECK-NOT: and <8 x i16>
; CHECK-NOT: or <8 x i16>
define <8 x i16> @mask_words(<8 x i16> %a, <8 x i16> %b) {
entry:
  %m = and <8 x i16> %a, %b
  %o = or <8 x i16> %m, <i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8>
  ret <8 x i16> %o
}

; Not widened: a `sub` of any other constant carries between bits; 6 bytes are no whole number of dwords;
; a rdregion operand is baled into the byte operation; a dword operation is already wide.
; CHECK-LABEL: define <32 x i8> @left_alone(
; CHECK:   %s = sub <32 x i8> <i8 -2,
; CHECK:   %x = xor <6 x i8> %six, %six
; CHECK:   %r = xor <16 x i8> %rd, %rd
; CHECK:   %d = xor <4 x i32> %w, %w
define <32 x i8> @left_alone(<32 x i8> %v, <6 x i8> %six, <4 x i32> %w) {
entry:
  %s = sub <32 x i8> <i8 -2, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1, i8 -1>, %v
  %x = xor <6 x i8> %six, %six
  %rd = call <16 x i8> @llvm.genx.rdregioni.v16i8.v32i8.i16(<32 x i8> %s, i32 0, i32 16, i32 2, i16 0, i32 undef)
  %r = xor <16 x i8> %rd, %rd
  %d = xor <4 x i32> %w, %w
  ret <32 x i8> %s
}

declare <16 x i8> @llvm.genx.rdregioni.v16i8.v32i8.i16(<32 x i8>, i32, i32, i32, i16, i32)
