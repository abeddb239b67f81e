; A <64 x i32> web (256 bytes, 8 GRFs) is cut at every GRF boundary no access crosses. Written by two 32-element
; halves and read by halves, only the boundary at byte 128 survives: two 4-GRF parts, matching the accesses (the
; finest cut that keeps every access whole; legalization splits the halves further anyway). Whole-part writes
; and reads vanish: the halves are the values written.
; RUN: %opt -passes=genx-vector-decompose -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -
; RUN: %opt -passes=genx-vector-decompose -pass-remarks=genx-vector-decompose -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=genx-vector-decompose -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

; REMARK: remark: <unknown>:0:0: web of %w1 (2 joins, 2 values) cut into 2 parts of its 256 bytes: 0..128, 128..256
; REMARK: remark: <unknown>:0:0: web of %g0 (8 joins, 9 values) cut into 8 parts of its 256 bytes: 0..32, 32..64, 64..96, 96..128, 128..160, 160..192, 192..224, 224..256
; STATS: 10 genx-vector-decompose - parts the decomposed webs were cut into
; STATS: 2 genx-vector-decompose - vector webs decomposed into parts

; CHECK-LABEL: define <32 x i32> @halves(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = add <32 x i32> %a, %b
; CHECK-NEXT: ret <32 x i32> %s
define <32 x i32> @halves(<32 x i32> %a, <32 x i32> %b) {
entry:
  %w1 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> undef, <32 x i32> %a, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %w2 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %w1, <32 x i32> %b, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %lo = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %w2, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %hi = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %w2, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %s = add <32 x i32> %lo, %hi
  ret <32 x i32> %s
}

; One-GRF accesses (8 x i32) leave every boundary: eight 1-GRF parts. The web starts from an argument, whose
; parts are rdregions of it; each 8-element write replaces one part (the argument's parts it replaces are not
; even read, so only part 7 is left), and the reads of parts 2 and 7 become the
; value written there (%x2) and the argument's part (%init.part7). A 4-element write inside part 5 (bytes
; 164..180) is a wrregion of that part, and the 4-element read at byte 168 a region of it, offsets rebased.
; CHECK-LABEL: define <8 x i32> @one_grf_parts(
; CHECK-NEXT: entry:
; CHECK-NEXT: %init.part7 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %init, i32 0, i32 8, i32 1, i16 224, i32 undef)
; CHECK-NEXT: %g7.part5 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %x1, <4 x i32> %q, i32 0, i32 4, i32 1, i16 4, i32 undef, i1 true)
; CHECK-NEXT: %quarter = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %g7.part5, i32 0, i32 4, i32 1, i16 8, i32 undef)
; CHECK-NEXT: %wide = shufflevector <4 x i32> %quarter, <4 x i32> %quarter, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT: %t = add <8 x i32> %x2, %init.part7
; CHECK-NEXT: %r = add <8 x i32> %t, %wide
define <8 x i32> @one_grf_parts(<64 x i32> %init, <8 x i32> %x0, <8 x i32> %x1, <8 x i32> %x2, <8 x i32> %x3, <4 x i32> %q) {
entry:
  %g0 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %init, <8 x i32> %x0, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %g1 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %g0, <8 x i32> %x1, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %g2 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %g1, <8 x i32> %x2, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %g3 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %g2, <8 x i32> %x3, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  %g4 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %g3, <8 x i32> %x0, i32 0, i32 8, i32 1, i16 128, i32 undef, i1 true)
  %g5 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %g4, <8 x i32> %x1, i32 0, i32 8, i32 1, i16 160, i32 undef, i1 true)
  %g6 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32> %g5, <8 x i32> %x2, i32 0, i32 8, i32 1, i16 192, i32 undef, i1 true)
  %g7 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v4i32.i16.i1(<64 x i32> %g6, <4 x i32> %q, i32 0, i32 4, i32 1, i16 164, i32 undef, i1 true)
  %two = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %g7, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %seven = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %g7, i32 0, i32 8, i32 1, i16 224, i32 undef)
  %quarter = call <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32> %g7, i32 0, i32 4, i32 1, i16 168, i32 undef)
  %wide = shufflevector <4 x i32> %quarter, <4 x i32> %quarter, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %t = add <8 x i32> %two, %seven
  %r = add <8 x i32> %t, %wide
  ret <8 x i32> %r
}

declare <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v8i32.i16.i1(<64 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v4i32.i16.i1(<64 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
