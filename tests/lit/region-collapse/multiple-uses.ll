; When the outer read, a bitcast or an extension between the reads has other uses, each inner read is still
; combined, and what is still used stays.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; Two selections of one selection, and the selection itself stored: both combine, the selection stays.
; CHECK-LABEL: define <4 x i32> @outer_used_three_times(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
; CHECK-NEXT: store <8 x i32> %a, <8 x i32>* %p
; CHECK-NEXT: %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 16, i32 undef)
; CHECK-NEXT: %hi = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 20, i32 undef)
; CHECK-NEXT: %s = add <4 x i32> %lo, %hi
define <4 x i32> @outer_used_three_times(<16 x i32> %v, <8 x i32>* %p) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
  store <8 x i32> %a, <8 x i32>* %p
  %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 0, i32 undef)
  %hi = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 4, i32 undef)
  %s = add <4 x i32> %lo, %hi
  ret <4 x i32> %s
}

; Two selections of one selection only: both combine and the shared selection disappears.
; CHECK-LABEL: define <4 x i32> @outer_used_twice(
; CHECK-NEXT: entry:
; CHECK-NEXT: %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 16, i32 undef)
; CHECK-NEXT: %hi = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 2, i16 20, i32 undef)
; CHECK-NEXT: %s = add <4 x i32> %lo, %hi
define <4 x i32> @outer_used_twice(<16 x i32> %v) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 16, i32 undef)
  %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 0, i32 undef)
  %hi = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 2, i16 4, i32 undef)
  %s = add <4 x i32> %lo, %hi
  ret <4 x i32> %s
}

; The extended selection is also returned through memory: it stays, the inner read is taken from %v directly.
; CHECK-LABEL: define <4 x i32> @extension_used_elsewhere(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %e = zext <8 x i16> %a to <8 x i32>
; CHECK-NEXT: store <8 x i32> %e, <8 x i32>* %p
; CHECK-NEXT: %[[RD:.+]] = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %v, i32 0, i32 4, i32 1, i16 8, i32 undef)
; CHECK-NEXT: %c = zext <4 x i16> %[[RD]] to <4 x i32>
define <4 x i32> @extension_used_elsewhere(<16 x i16> %v, <8 x i32>* %p) {
entry:
  %a = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %e = zext <8 x i16> %a to <8 x i32>
  store <8 x i32> %e, <8 x i32>* %p
  %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %e, i32 0, i32 4, i32 1, i16 16, i32 undef)
  ret <4 x i32> %c
}

; The bitcast selection is also stored: the inner read is combined (reading %v as i64); then the read feeding the
; bitcast has a single use, so in the next sweep the bitcast moves above it. (The two equal bitcasts of %v are
; left to CSE.)
; CHECK-LABEL: define <2 x i64> @bitcast_used_elsewhere(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %v to <8 x i64>
; CHECK-NEXT: %b = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %[[IN]], i32 0, i32 4, i32 1, i16 0, i32 undef)
; CHECK-NEXT: store <4 x i64> %b, <4 x i64>* %p
; CHECK-NEXT: %[[IN2:.+]] = bitcast <16 x i32> %v to <8 x i64>
; CHECK-NEXT: %c = call <2 x i64> @llvm.genx.rdregioni.v2i64.v8i64.i16(<8 x i64> %[[IN2]], i32 0, i32 2, i32 2, i16 0, i32 undef)
define <2 x i64> @bitcast_used_elsewhere(<16 x i32> %v, <4 x i64>* %p) {
entry:
  %a = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %b = bitcast <8 x i32> %a to <4 x i64>
  store <4 x i64> %b, <4 x i64>* %p
  %c = call <2 x i64> @llvm.genx.rdregioni.v2i64.v4i64.i16(<4 x i64> %b, i32 0, i32 2, i32 2, i16 0, i32 undef)
  ret <2 x i64> %c
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <2 x i64> @llvm.genx.rdregioni.v2i64.v4i64.i16(<4 x i64>, i32, i32, i32, i16, i32)
