; An integer sum of a 2D window of shifted regions of one vector (a 3x3 box filter over an 8x8 block of bytes,
; widened to words) shares its row sums: the three column shifts are added once over all eight rows, then
; the three row shifts of that, 4 additions of 64 or fewer lanes instead of 8 of 36. Integer addition is
; associative, so the result is the same on every input.
; RUN: %opt -passes=genx-window-sum -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-window-sum -S %s | diff %t.ll -

; CHECK-LABEL: define <36 x i16> @box3x3(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = call <48 x i8> @llvm.genx.rdregioni.v48i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %1 = zext <48 x i8> %0 to <48 x i16>
; CHECK-NEXT:   %2 = call <48 x i8> @llvm.genx.rdregioni.v48i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 1, i32 undef)
; CHECK-NEXT:   %3 = zext <48 x i8> %2 to <48 x i16>
; CHECK-NEXT:   %4 = add <48 x i16> %1, %3
; CHECK-NEXT:   %5 = call <48 x i8> @llvm.genx.rdregioni.v48i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 2, i32 undef)
; CHECK-NEXT:   %6 = zext <48 x i8> %5 to <48 x i16>
; CHECK-NEXT:   %7 = add <48 x i16> %4, %6
; CHECK-NEXT:   %8 = call <36 x i16> @llvm.genx.rdregioni.v36i16.v48i16.i16(<48 x i16> %7, i32 0, i32 36, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %9 = call <36 x i16> @llvm.genx.rdregioni.v36i16.v48i16.i16(<48 x i16> %7, i32 0, i32 36, i32 1, i16 12, i32 undef)
; CHECK-NEXT:   %10 = add <36 x i16> %8, %9
; CHECK-NEXT:   %11 = call <36 x i16> @llvm.genx.rdregioni.v36i16.v48i16.i16(<48 x i16> %7, i32 0, i32 36, i32 1, i16 24, i32 undef)
; CHECK-NEXT:   %s8 = add <36 x i16> %10, %11
; CHECK-NEXT:   ret <36 x i16> %s8
define <36 x i16> @box3x3(<64 x i8> %m) {
entry:
  %r0 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 9, i32 undef)
  %w0 = zext <36 x i8> %r0 to <36 x i16>
  %r1 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 0, i32 undef)
  %w1 = zext <36 x i8> %r1 to <36 x i16>
  %r2 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 1, i32 undef)
  %w2 = zext <36 x i8> %r2 to <36 x i16>
  %r3 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 2, i32 undef)
  %w3 = zext <36 x i8> %r3 to <36 x i16>
  %r4 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 8, i32 undef)
  %w4 = zext <36 x i8> %r4 to <36 x i16>
  %r5 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 10, i32 undef)
  %w5 = zext <36 x i8> %r5 to <36 x i16>
  %r6 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 16, i32 undef)
  %w6 = zext <36 x i8> %r6 to <36 x i16>
  %r7 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 17, i32 undef)
  %w7 = zext <36 x i8> %r7 to <36 x i16>
  %r8 = call <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8> %m, i32 8, i32 6, i32 1, i16 18, i32 undef)
  %w8 = zext <36 x i8> %r8 to <36 x i16>
  %s1 = add <36 x i16> %w0, %w1
  %s2 = add <36 x i16> %s1, %w2
  %s3 = add <36 x i16> %s2, %w3
  %s4 = add <36 x i16> %s3, %w4
  %s5 = add <36 x i16> %s4, %w5
  %s6 = add <36 x i16> %s5, %w6
  %s7 = add <36 x i16> %s6, %w7
  %s8 = add <36 x i16> %s7, %w8
  ret <36 x i16> %s8
}

; Without an extension, on dwords, a 2x3 window (two row shifts, three column shifts) of 4x4 regions.
; CHECK-LABEL: define <16 x i32> @dwords2x3(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = call <20 x i32> @llvm.genx.rdregioni.v20i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 4, i32 undef)
; CHECK-NEXT:   %1 = call <20 x i32> @llvm.genx.rdregioni.v20i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 8, i32 undef)
; CHECK-NEXT:   %2 = add <20 x i32> %0, %1
; CHECK-NEXT:   %3 = call <20 x i32> @llvm.genx.rdregioni.v20i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 16, i32 undef)
; CHECK-NEXT:   %4 = add <20 x i32> %2, %3
; CHECK-NEXT:   %5 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v20i32.i16(<20 x i32> %4, i32 0, i32 16, i32 1, i16 0, i32 undef)
; CHECK-NEXT:   %6 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v20i32.i16(<20 x i32> %4, i32 0, i32 16, i32 1, i16 16, i32 undef)
; CHECK-NEXT:   %s5 = add <16 x i32> %5, %6
define <16 x i32> @dwords2x3(<48 x i32> %m) {
entry:
  %r0 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 4, i32 undef)
  %r1 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 8, i32 undef)
  %r2 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 16, i32 undef)
  %r3 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 36, i32 undef)
  %r4 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 40, i32 undef)
  %r5 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %m, i32 8, i32 4, i32 1, i16 48, i32 undef)
  %s1 = add <16 x i32> %r0, %r1
  %s2 = add <16 x i32> %s1, %r2
  %s3 = add <16 x i32> %s2, %r3
  %s4 = add <16 x i32> %s3, %r4
  %s5 = add <16 x i32> %s4, %r5
  ret <16 x i32> %s5
}

declare <36 x i8> @llvm.genx.rdregioni.v36i8.v64i8.i16(<64 x i8>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32>, i32, i32, i32, i16, i32)
