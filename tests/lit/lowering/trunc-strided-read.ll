; A vector trunc becomes a bitcast to the narrow type and a strided rdregion of the low parts: stride =
; source bits / destination bits, starting at element 0 (little endian: the low part comes first).
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <16 x i8> @i32_to_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t.parts = bitcast <16 x i32> %v to <64 x i8>
; CHECK-NEXT:   %t = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %t.parts, i32 0, i32 16, i32 4, i16 0, i32 undef)
; CHECK-NEXT:   ret <16 x i8> %t
; CHECK-NEXT: }
define <16 x i8> @i32_to_i8(<16 x i32> %v) {
entry:
  %t = trunc <16 x i32> %v to <16 x i8>
  ret <16 x i8> %t
}

; CHECK-LABEL: define <8 x i32> @i64_to_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t.parts = bitcast <8 x i64> %v to <16 x i32>
; CHECK-NEXT:   %t = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %t.parts, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK-NEXT:   ret <8 x i32> %t
; CHECK-NEXT: }
define <8 x i32> @i64_to_i32(<8 x i64> %v) {
entry:
  %t = trunc <8 x i64> %v to <8 x i32>
  ret <8 x i32> %t
}

; CHECK-LABEL: define <8 x i16> @i64_to_i16(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t.parts = bitcast <8 x i64> %v to <32 x i16>
; CHECK-NEXT:   %t = call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %t.parts, i32 0, i32 8, i32 4, i16 0, i32 undef)
; CHECK-NEXT:   ret <8 x i16> %t
; CHECK-NEXT: }
define <8 x i16> @i64_to_i16(<8 x i64> %v) {
entry:
  %t = trunc <8 x i64> %v to <8 x i16>
  ret <8 x i16> %t
}

; CHECK-LABEL: define <16 x i8> @i16_to_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t.parts = bitcast <16 x i16> %v to <32 x i8>
; CHECK-NEXT:   %t = call <16 x i8> @llvm.genx.rdregioni.v16i8.v32i8.i16(<32 x i8> %t.parts, i32 0, i32 16, i32 2, i16 0, i32 undef)
; CHECK-NEXT:   ret <16 x i8> %t
; CHECK-NEXT: }
define <16 x i8> @i16_to_i8(<16 x i16> %v) {
entry:
  %t = trunc <16 x i16> %v to <16 x i8>
  ret <16 x i8> %t
}

; One element: the region is the single low part.
; CHECK-LABEL: define <1 x i16> @one_element(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t.parts = bitcast <1 x i32> %v to <2 x i16>
; CHECK-NEXT:   %t = call <1 x i16> @llvm.genx.rdregioni.v1i16.v2i16.i16(<2 x i16> %t.parts, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   ret <1 x i16> %t
; CHECK-NEXT: }
define <1 x i16> @one_element(<1 x i32> %v) {
entry:
  %t = trunc <1 x i32> %v to <1 x i16>
  ret <1 x i16> %t
}

; A trunc of a constant is the truncated constant (no region needed; 70000 keeps its low 16 bits, 4464).
; CHECK-LABEL: define <4 x i16> @constant(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = add <4 x i16> <i16 4464, i16 -1, i16 3, i16 0>, %x
; CHECK-NEXT:   ret <4 x i16> %r
; CHECK-NEXT: }
define <4 x i16> @constant(<4 x i16> %x) {
entry:
  %t = trunc <4 x i32> <i32 70000, i32 -1, i32 3, i32 65536> to <4 x i16>
  %r = add <4 x i16> %t, %x
  ret <4 x i16> %r
}

; Negative: a trunc to i1 is a test of the low bit (a comparison), not a region: unchanged.
; CHECK-LABEL: define <8 x i1> @to_i1(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = trunc <8 x i32> %v to <8 x i1>
; CHECK-NEXT:   ret <8 x i1> %t
; CHECK-NEXT: }
define <8 x i1> @to_i1(<8 x i32> %v) {
entry:
  %t = trunc <8 x i32> %v to <8 x i1>
  ret <8 x i1> %t
}

; Negative: scalar truncs stay (only vector truncs are lowered).
; CHECK-LABEL: define i8 @scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = trunc i32 %x to i8
; CHECK-NEXT:   ret i8 %t
; CHECK-NEXT: }
define i8 @scalar(i32 %x) {
entry:
  %t = trunc i32 %x to i8
  ret i8 %t
}

; Negative: i32 to i24 has no region form (i24 is not a region element type).
; CHECK-LABEL: define <4 x i24> @odd_width(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %t = trunc <4 x i32> %v to <4 x i24>
; CHECK-NEXT:   ret <4 x i24> %t
; CHECK-NEXT: }
define <4 x i24> @odd_width(<4 x i32> %v) {
entry:
  %t = trunc <4 x i32> %v to <4 x i24>
  ret <4 x i24> %t
}

; Negative: a trunc of integer arithmetic stays a trunc for IGC, whose InstCombine computes the arithmetic in
; the narrow type through it (here an i16 add of the bytes); a region read would keep the add in i32.
; CHECK-LABEL: define <16 x i16> @of_arithmetic(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %wa = zext <16 x i8> %a to <16 x i32>
; CHECK-NEXT:   %wb = zext <16 x i8> %b to <16 x i32>
; CHECK-NEXT:   %sum = add <16 x i32> %wa, %wb
; CHECK-NEXT:   %t = trunc <16 x i32> %sum to <16 x i16>
; CHECK-NEXT:   %half = lshr <16 x i32> %sum, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
; CHECK-NEXT:   %h = trunc <16 x i32> %half to <16 x i16>
define <16 x i16> @of_arithmetic(<16 x i8> %a, <16 x i8> %b) {
entry:
  %wa = zext <16 x i8> %a to <16 x i32>
  %wb = zext <16 x i8> %b to <16 x i32>
  %sum = add <16 x i32> %wa, %wb
  %t = trunc <16 x i32> %sum to <16 x i16>
  %half = lshr <16 x i32> %sum, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %h = trunc <16 x i32> %half to <16 x i16>
  %r = xor <16 x i16> %t, %h
  ret <16 x i16> %r
}

; A trunc of a value that is not integer arithmetic (a conversion from float) is still a region read.
; CHECK-LABEL: define <8 x i16> @of_conversion(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %i = fptosi <8 x float> %f to <8 x i32>
; CHECK-NEXT:   %t.parts = bitcast <8 x i32> %i to <16 x i16>
; CHECK-NEXT:   %t = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %t.parts, i32 0, i32 8, i32 2, i16 0, i32 undef)
define <8 x i16> @of_conversion(<8 x float> %f) {
entry:
  %i = fptosi <8 x float> %f to <8 x i32>
  %t = trunc <8 x i32> %i to <8 x i16>
  ret <8 x i16> %t
}
