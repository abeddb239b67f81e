; insertelement with a constant index becomes a one-element wrregion with a scalar New at byte offset
; index*EB; a chain of inserts becomes a chain of wrregions.
; RUN: %opt -passes=genx-lowering,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-lowering,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <8 x i32> @insert_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v, i32 %x, i32 0, i32 1, i32 1, i16 28, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x i32> %r
; CHECK-NEXT: }
define <8 x i32> @insert_i32(<8 x i32> %v, i32 %x) {
entry:
  %r = insertelement <8 x i32> %v, i32 %x, i32 7
  ret <8 x i32> %r
}

; CHECK-LABEL: define <16 x float> @insert_float(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> %v, float %x, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT:   ret <16 x float> %r
; CHECK-NEXT: }
define <16 x float> @insert_float(<16 x float> %v, float %x) {
entry:
  %r = insertelement <16 x float> %v, float %x, i64 2
  ret <16 x float> %r
}

; CHECK-LABEL: define <8 x half> @insert_half(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <8 x half> @llvm.genx.wrregionf.v8f16.f16.i16.i1(<8 x half> %v, half %x, i32 0, i32 1, i32 1, i16 2, i32 undef, i1 true)
; CHECK-NEXT:   ret <8 x half> %r
; CHECK-NEXT: }
define <8 x half> @insert_half(<8 x half> %v, half %x) {
entry:
  %r = insertelement <8 x half> %v, half %x, i32 1
  ret <8 x half> %r
}

; CHECK-LABEL: define <4 x i64> @insert_i64(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64> %v, i64 %x, i32 0, i32 1, i32 1, i16 24, i32 undef, i1 true)
; CHECK-NEXT:   ret <4 x i64> %r
; CHECK-NEXT: }
define <4 x i64> @insert_i64(<4 x i64> %v, i64 %x) {
entry:
  %r = insertelement <4 x i64> %v, i64 %x, i32 3
  ret <4 x i64> %r
}

; Building a vector from scalars: the chain starts from undef.
; CHECK-LABEL: define <4 x i32> @build_vector(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %v0 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> undef, i32 %a, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT:   %v1 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v0, i32 %b, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
; CHECK-NEXT:   %v2 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v1, i32 %c, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
; CHECK-NEXT:   %v3 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v2, i32 %d, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
; CHECK-NEXT:   ret <4 x i32> %v3
; CHECK-NEXT: }
define <4 x i32> @build_vector(i32 %a, i32 %b, i32 %c, i32 %d) {
entry:
  %v0 = insertelement <4 x i32> undef, i32 %a, i32 0
  %v1 = insertelement <4 x i32> %v0, i32 %b, i32 1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 %d, i32 3
  ret <4 x i32> %v3
}
