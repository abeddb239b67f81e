; A 1D read of a 1D read becomes one read: `v.select<8,2>(1).select<4,1>(2)` and longer chains.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -pass-remarks=genx-region-collapse -disable-output %s 2>&1 | FileCheck %s --check-prefix=PASSED

; PASSED: remark: <unknown>:0:0: combined %b with the read %a into <0;4,2>(20) N=4 EB=4

; Elements 1,3,...,15 of %v, then elements 2..5 of those: 5,7,9,11 = <0;4,2> at byte 20.
; CHECK-LABEL: define <4 x i32> @stride_of_contiguous(
; CHECK-NEXT: entry:
; CHECK-NEXT: %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 20, i32 undef)
; CHECK-NEXT: ret <4 x i32> %b
define <4 x i32> @stride_of_contiguous(<16 x i32> %v) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 1, i16 8, i32 undef)
  ret <4 x i32> %b
}

; Strides multiply: stride 2 of stride 3 is stride 6.
; CHECK-LABEL: define <4 x float> @strides_multiply(
; CHECK-NEXT: entry:
; CHECK-NEXT: %b = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v, i32 0, i32 4, i32 6, i16 12, i32 undef)
; CHECK-NEXT: ret <4 x float> %b
define <4 x float> @strides_multiply(<32 x float> %v) {
entry:
  %a = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v, i32 0, i32 8, i32 3, i16 0, i32 undef)
  %b = call <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float> %a, i32 0, i32 4, i32 2, i16 4, i32 undef)
  ret <4 x float> %b
}

; A chain of three reads collapses from the last one back: elements 16 and 20.
; CHECK-LABEL: define <2 x i16> @chain_of_three(
; CHECK-NEXT: entry:
; CHECK-NEXT: %c = call <2 x i16> @llvm.genx.rdregioni.v2i16.v64i16.i16(<64 x i16> %v, i32 0, i32 2, i32 4, i16 32, i32 undef)
; CHECK-NEXT: ret <2 x i16> %c
define <2 x i16> @chain_of_three(<64 x i16> %v) {
entry:
  %a = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %v, i32 0, i32 16, i32 2, i16 16, i32 undef)
  %b = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %a, i32 0, i32 8, i32 1, i16 4, i32 undef)
  %c = call <2 x i16> @llvm.genx.rdregioni.v2i16.v8i16.i16(<8 x i16> %b, i32 0, i32 2, i32 2, i16 4, i32 undef)
  ret <2 x i16> %c
}

; A scalar read of a read (`v.select<8,2>(0)(3)`) stays scalar: element 6.
; CHECK-LABEL: define i32 @scalar_of_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %e = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v, i32 0, i32 1, i32 1, i16 24, i32 undef)
; CHECK-NEXT: ret i32 %e
define i32 @scalar_of_1d(<16 x i32> %v) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %a, i32 0, i32 1, i32 1, i16 12, i32 undef)
  ret i32 %e
}

; A splat of one element of a read (`replicate<8>` of an element) is a splat of the original element.
; CHECK-LABEL: define <8 x i32> @splat_of_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 1, i32 0, i16 28, i32 undef)
; CHECK-NEXT: ret <8 x i32> %s
define <8 x i32> @splat_of_1d(<16 x i32> %v) {
entry:
  %a = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 3, i16 4, i32 undef)
  %s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v4i32.i16(<4 x i32> %a, i32 0, i32 1, i32 0, i16 8, i32 undef)
  ret <8 x i32> %s
}

; A reversed selection of a strided one is one region: stride -1 of stride 2 is stride -2 from element 6.
; CHECK-LABEL: define <4 x i32> @negative_inner_stride(
; CHECK-NEXT: entry:
; CHECK-NEXT: %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 -2, i16 24, i32 undef)
; CHECK-NEXT: ret <4 x i32> %b
define <4 x i32> @negative_inner_stride(<16 x i32> %v) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %b = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 -1, i16 12, i32 undef)
  ret <4 x i32> %b
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <2 x i16> @llvm.genx.rdregioni.v2i16.v8i16.i16(<8 x i16>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
