; extractelement with a constant index becomes a one-element rdregion with a scalar result, at byte offset
; index*EB, for every element type a region holds (i32, float, half, i64, i8).
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define i32 @extract_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 20, i32 undef)
; CHECK-NEXT:   ret i32 %e
; CHECK-NEXT: }
define i32 @extract_i32(<8 x i32> %v) {
entry:
  %e = extractelement <8 x i32> %v, i32 5
  ret i32 %e
}

; CHECK-LABEL: define float @extract_float(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e = call float @llvm.genx.rdregionf.f32.v16f32.i16(<16 x float> %v, i32 0, i32 1, i32 1, i16 60, i32 undef)
; CHECK-NEXT:   ret float %e
; CHECK-NEXT: }
define float @extract_float(<16 x float> %v) {
entry:
  %e = extractelement <16 x float> %v, i64 15
  ret float %e
}

; CHECK-LABEL: define half @extract_half(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e = call half @llvm.genx.rdregionf.f16.v8f16.i16(<8 x half> %v, i32 0, i32 1, i32 1, i16 6, i32 undef)
; CHECK-NEXT:   ret half %e
; CHECK-NEXT: }
define half @extract_half(<8 x half> %v) {
entry:
  %e = extractelement <8 x half> %v, i16 3
  ret half %e
}

; CHECK-LABEL: define i64 @extract_i64(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e = call i64 @llvm.genx.rdregioni.i64.v4i64.i16(<4 x i64> %v, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   ret i64 %e
; CHECK-NEXT: }
define i64 @extract_i64(<4 x i64> %v) {
entry:
  %e = extractelement <4 x i64> %v, i32 0
  ret i64 %e
}

; Several reads of one vector, used together.
; CHECK-LABEL: define i8 @extract_bytes(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %first = call i8 @llvm.genx.rdregioni.i8.v32i8.i16(<32 x i8> %v, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %last = call i8 @llvm.genx.rdregioni.i8.v32i8.i16(<32 x i8> %v, i32 0, i32 1, i32 1, i16 31, i32 undef)
; CHECK-NEXT:   %sum = add i8 %first, %last
; CHECK-NEXT:   ret i8 %sum
; CHECK-NEXT: }
define i8 @extract_bytes(<32 x i8> %v) {
entry:
  %first = extractelement <32 x i8> %v, i32 0
  %last = extractelement <32 x i8> %v, i32 31
  %sum = add i8 %first, %last
  ret i8 %sum
}
