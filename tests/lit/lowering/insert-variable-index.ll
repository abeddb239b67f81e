; insertelement with a variable index becomes an indirect one-element wrregion whose offset is the index as
; i16 times the element size.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x i32> @insert_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r.idx = trunc i32 %i to i16
; CHECK-NEXT:   %r.offset = mul i16 %r.idx, 4
; CHECK-NEXT:   %r = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v, i32 %x, i32 0, i32 1, i32 1, i16 %r.offset, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @insert_i32(<8 x i32> %v, i32 %x, i32 %i) {
entry:
  %r = insertelement <8 x i32> %v, i32 %x, i32 %i
  ret <8 x i32> %r
}

; CHECK-LABEL: define <16 x float> @insert_float(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r.idx = trunc i64 %i to i16
; CHECK-NEXT:   %r.offset = mul i16 %r.idx, 4
; CHECK-NEXT:   %r = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> %v, float %x, i32 0, i32 1, i32 1, i16 %r.offset, i32 undef, i1 true)
; CHECK-NEXT:   ret <16 x float> %r
; CHECK-NEXT: }
define <16 x float> @insert_float(<16 x float> %v, float %x, i64 %i) {
entry:
  %r = insertelement <16 x float> %v, float %x, i64 %i
  ret <16 x float> %r
}

; CHECK-LABEL: define <8 x half> @insert_half(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r.offset = mul i16 %i, 2
; CHECK-NEXT:   %r = call <8 x half> @llvm.genx.wrregionf.v8f16.f16.i16.i1(<8 x half> %v, half %x, i32 0, i32 1, i32 1, i16 %r.offset, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x half> %r
; CHECK-NEXT: }
define <8 x half> @insert_half(<8 x half> %v, half %x, i16 %i) {
entry:
  %r = insertelement <8 x half> %v, half %x, i16 %i
  ret <8 x half> %r
}

; CHECK-LABEL: define <4 x i64> @insert_i64(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r.idx = zext i8 %i to i16
; CHECK-NEXT:   %r.offset = mul i16 %r.idx, 8
; CHECK-NEXT:   %r = call <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64> %v, i64 %x, i32 0, i32 1, i32 1, i16 %r.offset, i32 undef, i1 true)
; CHECK-NEXT:   ret <4 x i64> %r
; CHECK-NEXT: }
define <4 x i64> @insert_i64(<4 x i64> %v, i64 %x, i8 %i) {
entry:
  %r = insertelement <4 x i64> %v, i64 %x, i8 %i
  ret <4 x i64> %r
}

; Read-modify-write of one element at a variable position: both accesses are indirect with the same offset.
; CHECK-LABEL: define <8 x i32> @increment(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %old.idx = trunc i32 %i to i16
; CHECK-NEXT:   %old.offset = mul i16 %old.idx, 4
; CHECK-NEXT:   %old = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 %old.offset, i32 undef)
; CHECK-NEXT:   %new = add i32 %old, 1
; CHECK-NEXT:   %r.idx = trunc i32 %i to i16
; CHECK-NEXT:   %r.offset = mul i16 %r.idx, 4
; CHECK-NEXT:   %r = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v, i32 %new, i32 0, i32 1, i32 1, i16 %r.offset, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @increment(<8 x i32> %v, i32 %i) {
entry:
  %old = extractelement <8 x i32> %v, i32 %i
  %new = add i32 %old, 1
  %r = insertelement <8 x i32> %v, i32 %new, i32 %i
  ret <8 x i32> %r
}
