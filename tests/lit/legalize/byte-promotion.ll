; Byte moves (a lone rdregion, a lone wrregion, or a rdregion baled into a wrregion) are done as i32 moves, or
; i16 moves, when both regions can be retyped: direct, unmasked, offsets and row starts on the wider element, and
; a destination of stride 1. The finalizer then need not split the byte move into even and odd bytes.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; 64 contiguous bytes at byte offsets 0 and 64: 16 ints.
; REMARK: remark: {{.*}}: byte move of 64 x i8 done as 16 x i32
; CHECK-LABEL: define <128 x i8> @as_i32(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.i32 = bitcast <128 x i8> %a to <32 x i32>
; CHECK-NEXT: %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %a.i32, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %b.i32 = bitcast <128 x i8> %b to <32 x i32>
; CHECK-NEXT: %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %b.i32, <16 x i32> %r, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
; CHECK-NEXT: %w.i8 = bitcast <32 x i32> %w to <128 x i8>
; CHECK-NEXT: ret <128 x i8> %w.i8
define <128 x i8> @as_i32(<128 x i8> %a, <128 x i8> %b) #0 {
entry:
  %r = call <64 x i8> @llvm.genx.rdregioni.v64i8.v128i8.i16(<128 x i8> %a, i32 0, i32 64, i32 1, i16 0, i32 undef)
  %w = call <128 x i8> @llvm.genx.wrregioni.v128i8.v64i8.i16.i1(<128 x i8> %b, <64 x i8> %r, i32 0, i32 64, i32 1, i16 64, i32 undef, i1 true)
  ret <128 x i8> %w
}

; Offsets 2 and 6 are not multiples of 4 but of 2: 8 shorts.
; REMARK-NEXT: remark: {{.*}}: byte move of 16 x i8 done as 8 x i16
; CHECK-LABEL: define <64 x i8> @as_i16(
; CHECK: %r = call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %a.i16, i32 0, i32 8, i32 1, i16 2, i32 undef)
; CHECK: %w = call <32 x i16> @llvm.genx.wrregioni.v32i16.v8i16.i16.i1(<32 x i16> %b.i16, <8 x i16> %r, i32 0, i32 8, i32 1, i16 6, i32 undef, i1 true)
define <64 x i8> @as_i16(<64 x i8> %a, <64 x i8> %b) #0 {
entry:
  %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %a, i32 0, i32 16, i32 1, i16 2, i32 undef)
  %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %b, <16 x i8> %r, i32 0, i32 16, i32 1, i16 6, i32 undef, i1 true)
  ret <64 x i8> %w
}

; A lone byte read of 32 bytes (a whole GRF): 8 ints.
; REMARK-NEXT: remark: {{.*}}: byte move of 32 x i8 done as 8 x i32
; CHECK-LABEL: define <32 x i8> @lone_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.i32 = bitcast <64 x i8> %a to <16 x i32>
; CHECK-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a.i32, i32 0, i32 8, i32 1, i16 32, i32 undef)
; CHECK-NEXT: %r.i8 = bitcast <8 x i32> %r to <32 x i8>
define <32 x i8> @lone_read(<64 x i8> %a) #0 {
entry:
  %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v64i8.i16(<64 x i8> %a, i32 0, i32 32, i32 1, i16 32, i32 undef)
  ret <32 x i8> %r
}

; Negative: an odd source offset has no wider element: the byte move stays.
; CHECK-LABEL: define <64 x i8> @odd_offset(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %a, i32 0, i32 16, i32 1, i16 3, i32 undef)
; CHECK-NEXT: %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %b, <16 x i8> %r, i32 0, i32 16, i32 1, i16 8, i32 undef, i1 true)
define <64 x i8> @odd_offset(<64 x i8> %a, <64 x i8> %b) #0 {
entry:
  %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %a, i32 0, i32 16, i32 1, i16 3, i32 undef)
  %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %b, <16 x i8> %r, i32 0, i32 16, i32 1, i16 8, i32 undef, i1 true)
  ret <64 x i8> %w
}

; Negative: a strided destination (every other byte) cannot be written as wider elements.
; CHECK-LABEL: define <64 x i8> @strided_destination(
; CHECK-NEXT: entry:
; CHECK-NEXT: %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %a, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %b, <16 x i8> %r, i32 0, i32 16, i32 2, i16 0, i32 undef, i1 true)
define <64 x i8> @strided_destination(<64 x i8> %a, <64 x i8> %b) #0 {
entry:
  %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8> %a, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %b, <16 x i8> %r, i32 0, i32 16, i32 2, i16 0, i32 undef, i1 true)
  ret <64 x i8> %w
}

; Negative: a masked write keeps its byte lanes (the mask is per byte).
; CHECK-LABEL: define <64 x i8> @masked(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.v16i1(<64 x i8> %b, <16 x i8> %n, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %m)
define <64 x i8> @masked(<64 x i8> %b, <16 x i8> %n, <16 x i1> %m) #0 {
entry:
  %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.v16i1(<64 x i8> %b, <16 x i8> %n, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %m)
  ret <64 x i8> %w
}

; Negative: the written vector has words that mix defined and undefined bytes (lanes 1, 3, 5, ... of %half are
; undef); moving it as i16 would make the defined bytes of those words undefined too.
; REMARK-NOT: remark
; CHECK-LABEL: define <16 x i8> @partly_undefined(
; CHECK: %w = call <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8> %half, <4 x i8> %n, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
define <16 x i8> @partly_undefined(<8 x i8> %a, <4 x i8> %n) #0 {
entry:
  %half = shufflevector <8 x i8> %a, <8 x i8> %a, <16 x i32> <i32 0, i32 undef, i32 1, i32 undef, i32 2, i32 undef, i32 3, i32 undef, i32 4, i32 undef, i32 5, i32 undef, i32 6, i32 undef, i32 7, i32 undef>
  %w = call <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8> %half, <4 x i8> %n, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
  ret <16 x i8> %w
}

declare <64 x i8> @llvm.genx.rdregioni.v64i8.v128i8.i16(<128 x i8>, i32, i32, i32, i16, i32)
declare <128 x i8> @llvm.genx.wrregioni.v128i8.v64i8.i16.i1(<128 x i8>, <64 x i8>, i32, i32, i32, i16, i32, i1)
declare <16 x i8> @llvm.genx.rdregioni.v16i8.v64i8.i16(<64 x i8>, i32, i32, i32, i16, i32)
declare <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8>, <16 x i8>, i32, i32, i32, i16, i32, i1)
declare <32 x i8> @llvm.genx.rdregioni.v32i8.v64i8.i16(<64 x i8>, i32, i32, i32, i16, i32)
declare <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.v16i1(<64 x i8>, <16 x i8>, i32, i32, i32, i16, i32, <16 x i1>)
declare <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8>, <4 x i8>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "target-cpu"="icllp" }
