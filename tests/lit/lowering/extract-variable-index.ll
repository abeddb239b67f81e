; extractelement with a variable index becomes an indirect one-element rdregion: the index is converted to
; i16 (trunc from wider, zext from narrower, unchanged when already i16) and scaled by the element size;
; byte elements need no scaling.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define i32 @extract_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e.idx = trunc i32 %i to i16
; CHECK-NEXT:   %e.offset = mul i16 %e.idx, 4
; CHECK-NEXT:   %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 %e.offset, i32 undef)
; CHECK-NEXT:   ret i32 %e
; CHECK-NEXT: }
define i32 @extract_i32(<8 x i32> %v, i32 %i) {
entry:
  %e = extractelement <8 x i32> %v, i32 %i
  ret i32 %e
}

; CHECK-LABEL: define float @extract_float(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e.idx = trunc i64 %i to i16
; CHECK-NEXT:   %e.offset = mul i16 %e.idx, 4
; CHECK-NEXT:   %e = call float @llvm.genx.rdregionf.f32.v16f32.i16(<16 x float> %v, i32 0, i32 1, i32 1, i16 %e.offset, i32 undef)
; CHECK-NEXT:   ret float %e
; CHECK-NEXT: }
define float @extract_float(<16 x float> %v, i64 %i) {
entry:
  %e = extractelement <16 x float> %v, i64 %i
  ret float %e
}

; CHECK-LABEL: define half @extract_half(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e.idx = zext i8 %i to i16
; CHECK-NEXT:   %e.offset = mul i16 %e.idx, 2
; CHECK-NEXT:   %e = call half @llvm.genx.rdregionf.f16.v8f16.i16(<8 x half> %v, i32 0, i32 1, i32 1, i16 %e.offset, i32 undef)
; CHECK-NEXT:   ret half %e
; CHECK-NEXT: }
define half @extract_half(<8 x half> %v, i8 %i) {
entry:
  %e = extractelement <8 x half> %v, i8 %i
  ret half %e
}

; CHECK-LABEL: define i64 @extract_i64(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e.offset = mul i16 %i, 8
; CHECK-NEXT:   %e = call i64 @llvm.genx.rdregioni.i64.v4i64.i16(<4 x i64> %v, i32 0, i32 1, i32 1, i16 %e.offset, i32 undef)
; CHECK-NEXT:   ret i64 %e
; CHECK-NEXT: }
define i64 @extract_i64(<4 x i64> %v, i16 %i) {
entry:
  %e = extractelement <4 x i64> %v, i16 %i
  ret i64 %e
}

; CHECK-LABEL: define i8 @extract_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %e = call i8 @llvm.genx.rdregioni.i8.v32i8.i16(<32 x i8> %v, i32 0, i32 1, i32 1, i16 %i, i32 undef)
; CHECK-NEXT:   ret i8 %e
; CHECK-NEXT: }
define i8 @extract_i8(<32 x i8> %v, i16 %i) {
entry:
  %e = extractelement <32 x i8> %v, i16 %i
  ret i8 %e
}
