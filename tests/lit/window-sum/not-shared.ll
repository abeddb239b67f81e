; Window sums the pass leaves alone, each with its reason as a missed remark: offsets that are not every
; combination of the row and column shifts (a plus-shaped stencil), one row shift only (a 1D window), terms
; from two vectors, and a window too small to gain from sharing (a 2x2 window of one row).
; RUN: %opt -passes=genx-window-sum -pass-remarks-missed=genx-window-sum -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-window-sum -S %s | diff %t.ll -

; REMARK: remark: {{.*}}the offsets are not every combination of two or more row and column shifts
; CHECK-LABEL: define <16 x i16> @plus(
; CHECK: %s1 = add <16 x i16> %r0, %r1
define <16 x i16> @plus(<64 x i16> %m) {
entry:
  %r0 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 18, i32 undef)
  %r1 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 2, i32 undef)
  %r2 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 16, i32 undef)
  %r3 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 20, i32 undef)
  %r4 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 34, i32 undef)
  %s1 = add <16 x i16> %r0, %r1
  %s2 = add <16 x i16> %s1, %r2
  %s3 = add <16 x i16> %s2, %r3
  %s4 = add <16 x i16> %s3, %r4
  ret <16 x i16> %s4
}

; REMARK: remark: {{.*}}the offsets are not every combination of two or more row and column shifts
; CHECK-LABEL: define <16 x i16> @one_row_shift(
; CHECK: %s1 = add <16 x i16> %r0, %r1
define <16 x i16> @one_row_shift(<64 x i16> %m) {
entry:
  %r0 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
  %r1 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 2, i32 undef)
  %r2 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 4, i32 undef)
  %s1 = add <16 x i16> %r0, %r1
  %s2 = add <16 x i16> %s1, %r2
  ret <16 x i16> %s2
}

; REMARK: remark: {{.*}}the terms read different vectors, extend differently or have different shapes
; CHECK-LABEL: define <16 x i16> @two_vectors(
; CHECK: %s1 = add <16 x i16> %r0, %r1
define <16 x i16> @two_vectors(<64 x i16> %m, <64 x i16> %n) {
entry:
  %r0 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
  %r1 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 2, i32 undef)
  %r2 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %n, i32 8, i32 4, i32 1, i16 16, i32 undef)
  %r3 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %n, i32 8, i32 4, i32 1, i16 18, i32 undef)
  %s1 = add <16 x i16> %r0, %r1
  %s2 = add <16 x i16> %s1, %r2
  %s3 = add <16 x i16> %s2, %r3
  ret <16 x i16> %s3
}

; REMARK: remark: {{.*}}sharing the row sums would add as many lanes as the sum does
; CHECK-LABEL: define <4 x i16> @too_small(
; CHECK: %s1 = add <4 x i16> %r0, %r1
define <4 x i16> @too_small(<64 x i16> %m) {
entry:
  %r0 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
  %r1 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 2, i32 undef)
  %r2 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 16, i32 undef)
  %r3 = call <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16> %m, i32 8, i32 4, i32 1, i16 18, i32 undef)
  %s1 = add <4 x i16> %r0, %r1
  %s2 = add <4 x i16> %s1, %r2
  %s3 = add <4 x i16> %s2, %r3
  ret <4 x i16> %s3
}

declare <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
