; A vector conversion of float to bytes becomes the conversion to dwords and a strided read of their low
; bytes (IGC converts to bytes in two moves per GRF, to dwords in one). The conversion is defined only where
; the value fits the byte; there the dword's low byte is the same value.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <16 x i8> @to_uchar(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %b.dw = fptoui <16 x float> %f to <16 x i32>
; CHECK-NEXT:   %b.parts = bitcast <16 x i32> %b.dw to <64 x i8>
; CHECK-NEXT:   %b = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %b.parts, i32 0, i32 16, i32 4, i16 0, i32 undef)
define <16 x i8> @to_uchar(<16 x float> %f) {
entry:
  %b = fptoui <16 x float> %f to <16 x i8>
  ret <16 x i8> %b
}

; Signed bytes: fptosi to dwords, whose low byte is the two's complement byte.
; CHECK-LABEL: define <8 x i8> @to_char(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %b.dw = fptosi <8 x float> %f to <8 x i32>
; CHECK-NEXT:   %b.parts = bitcast <8 x i32> %b.dw to <32 x i8>
; CHECK-NEXT:   %b = call <8 x i8> @llvm.genx.rdregioni.v8i8.v32i8.i16(<32 x i8> %b.parts, i32 0, i32 8, i32 4, i16 0, i32 undef)
define <8 x i8> @to_char(<8 x float> %f) {
entry:
  %b = fptosi <8 x float> %f to <8 x i8>
  ret <8 x i8> %b
}

; Negative: a scalar conversion, a conversion to words, and one from double stay as they are.
; CHECK-LABEL: define i8 @others(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %s = fptoui float %x to i8
; CHECK-NEXT:   %w = fptoui <8 x float> %f to <8 x i16>
; CHECK-NEXT:   %d = fptoui <4 x double> %g to <4 x i8>
define i8 @others(float %x, <8 x float> %f, <4 x double> %g, <8 x i16>* %pw, <4 x i8>* %pd) {
entry:
  %s = fptoui float %x to i8
  %w = fptoui <8 x float> %f to <8 x i16>
  %d = fptoui <4 x double> %g to <4 x i8>
  store <8 x i16> %w, <8 x i16>* %pw
  store <4 x i8> %d, <4 x i8>* %pd
  ret i8 %s
}
