; Reads with bitcasts between them (`format<T>()`): both regions are brought to one element size, preferring the
; inner read's type, and the original vector is bitcast instead.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; `v.select<4,1>(2).format<char>().select<4,4>(0)`: the low byte of ints 2..5 = bytes 8,12,16,20.
; CHECK-LABEL: define <4 x i8> @i32_to_i8(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %v to <64 x i8>
; CHECK-NEXT: %lo = call <4 x i8> @llvm.genx.rdregioni.v4i8.v64i8.i16(<64 x i8> %[[IN]], i32 0, i32 4, i32 4, i16 8, i32 undef)
; CHECK-NEXT: ret <4 x i8> %lo
define <4 x i8> @i32_to_i8(<16 x i32> %v) {
entry:
  %a = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 8, i32 undef)
  %b = bitcast <4 x i32> %a to <16 x i8>
  %lo = call <4 x i8> @llvm.genx.rdregioni.v4i8.v16i8.i16(<16 x i8> %b, i32 0, i32 4, i32 4, i16 0, i32 undef)
  ret <4 x i8> %lo
}

; Bytes 16..31 viewed as four ints, ints 0 and 2 of those: the byte region becomes an int region.
; CHECK-LABEL: define <2 x i32> @i8_to_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <64 x i8> %v to <16 x i32>
; CHECK-NEXT: %c = call <2 x i32> @llvm.genx.rdregioni.v2i32.v16i32.i16(<16 x i32> %[[IN]], i32 0, i32 2, i32 2, i16 16, i32 undef)
; CHECK-NEXT: ret <2 x i32> %c
define <2 x i32> @i8_to_i32(<64 x i8> %v) {
entry:
  %a = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %v, i32 0, i32 16, i32 1, i16 16, i32 undef)
  %b = bitcast <16 x i8> %a to <4 x i32>
  %c = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %b, i32 0, i32 2, i32 2, i16 0, i32 undef)
  ret <2 x i32> %c
}

; The even bytes cannot be read as ints, so the inner read goes to bytes instead (<8;4,1>) and the result is
; bitcast back: bytes 0,2,4,6 and 16,18,20,22 of %v.
; CHECK-LABEL: define <2 x i32> @i8_to_i32_via_bytes(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[RD:.+]] = call <8 x i8> @llvm.genx.rdregioni.v8i8.v64i8.i16(<64 x i8> %v, i32 16, i32 4, i32 2, i16 0, i32 undef)
; CHECK-NEXT: %c = bitcast <8 x i8> %[[RD]] to <2 x i32>
; CHECK-NEXT: ret <2 x i32> %c
define <2 x i32> @i8_to_i32_via_bytes(<64 x i8> %v) {
entry:
  %a = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %v, i32 0, i32 16, i32 2, i16 0, i32 undef)
  %b = bitcast <16 x i8> %a to <4 x i32>
  %c = call <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32> %b, i32 0, i32 2, i32 2, i16 0, i32 undef)
  ret <2 x i32> %c
}

; Same element size, different types: the float vector is read as ints.
; CHECK-LABEL: define <4 x i32> @float_as_int(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x float> %v to <16 x i32>
; CHECK-NEXT: %bits = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %[[IN]], i32 0, i32 4, i32 2, i16 36, i32 undef)
; CHECK-NEXT: ret <4 x i32> %bits
define <4 x i32> @float_as_int(<16 x float> %v) {
entry:
  %a = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %v, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %b = bitcast <8 x float> %a to <8 x i32>
  %bits = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %b, i32 0, i32 4, i32 2, i16 4, i32 undef)
  ret <4 x i32> %bits
}

; A scalar i64 element seen as two i32 halves: the high half of element 1 is i32 element 3.
; CHECK-LABEL: define i32 @high_half_of_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <8 x i64> %v to <16 x i32>
; CHECK-NEXT: %hi = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %[[IN]], i32 0, i32 1, i32 1, i16 12, i32 undef)
; CHECK-NEXT: ret i32 %hi
define i32 @high_half_of_scalar(<8 x i64> %v) {
entry:
  %a = call i64 @llvm.genx.rdregioni.i64.v8i64.i16(<8 x i64> %v, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %b = bitcast i64 %a to <2 x i32>
  %hi = call i32 @llvm.genx.rdregioni.i32.v2i32.i16(<2 x i32> %b, i32 0, i32 1, i32 1, i16 4, i32 undef)
  ret i32 %hi
}

; Several bitcasts in a row (int -> float -> short) are looked through at once.
; CHECK-LABEL: define <4 x i16> @bitcast_chain(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %v to <32 x i16>
; CHECK-NEXT: %s = call <4 x i16> @llvm.genx.rdregioni.v4i16.v32i16.i16(<32 x i16> %[[IN]], i32 0, i32 4, i32 2, i16 34, i32 undef)
; CHECK-NEXT: ret <4 x i16> %s
define <4 x i16> @bitcast_chain(<16 x i32> %v) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %f = bitcast <8 x i32> %a to <8 x float>
  %h = bitcast <8 x float> %f to <16 x i16>
  %s = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %h, i32 0, i32 4, i32 2, i16 2, i32 undef)
  ret <4 x i16> %s
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i8> @llvm.genx.rdregioni.v4i8.v16i8.i16(<16 x i8>, i32, i32, i32, i16, i32)
declare <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare i64 @llvm.genx.rdregioni.i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v2i32.i16(<2 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
