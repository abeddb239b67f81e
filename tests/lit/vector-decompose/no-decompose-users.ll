; Webs that cannot be cut are left exactly as they are, with a missed remark naming the instruction and reason:
; indirect accesses (the part they touch is only known at run time), a wrconstregion into the web, a join in
; unreachable code. An indirect read of a *source* of the web does not matter: it keeps reading the source.
; RUN: %opt -passes=genx-vector-decompose -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -
; RUN: %opt -passes=genx-vector-decompose -pass-remarks-missed=genx-vector-decompose -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %cmc -passes=genx-vector-decompose -pass-remarks-missed=genx-vector-decompose -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

; Not decomposed: the read's offset %i is a run-time value.
; REMARK: remark: <unknown>:0:0: web of %w (1 joins, 2 values) not decomposed: an rdregion of the web is indirect: the part it reads is only known at run time
; CHECK-LABEL: define <4 x i32> @indirect_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w, i32 0, i32 4, i32 1, i16 %i, i32 undef)
define <4 x i32> @indirect_read(<16 x i32> %v, <8 x i32> %x, i16 %i) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  ret <4 x i32> %r
}

; Not decomposed: the write's offset is a run-time value (CM `v.select<4,1>(i) = x`).
; REMARK: remark: <unknown>:0:0: web of %w (1 joins, 2 values) not decomposed: a wrregion of the web is indirect: the part it writes is only known at run time
; CHECK-LABEL: define <4 x i32> @indirect_write(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 %i, i32 undef, i1 true)
define <4 x i32> @indirect_write(<16 x i32> %v, <4 x i32> %x, i16 %i) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 %i, i32 undef, i1 true)
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w, i32 0, i32 4, i32 1, i16 48, i32 undef)
  ret <4 x i32> %r
}

; Not decomposed: a wrconstregion (constant loading) writes into the web, and keeps its form.
; REMARK: remark: <unknown>:0:0: web of %w (1 joins, 2 values) not decomposed: a wrconstregion writes into the web (constant loading keeps its form)
; CHECK-LABEL: define <16 x i32> @wrconstregion_user(
; CHECK-NEXT: entry:
; CHECK-NEXT: %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(
define <16 x i32> @wrconstregion_user(<16 x i32> %v, <4 x i32> %x) {
entry:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %k = call <16 x i32> @llvm.genx.wrconstregion.v16i32.v4i32.i16.i1(<16 x i32> %w, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x i32> %k
}

; Not decomposed: the join is in a block no path reaches.
; REMARK: remark: <unknown>:0:0: web of %dead.w (1 joins, 2 values) not decomposed: it has a join in unreachable code
; CHECK-LABEL: define <4 x i32> @unreachable_join(
; CHECK: dead:
; CHECK-NEXT: %dead.w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(
define <4 x i32> @unreachable_join(<16 x i32> %v, <4 x i32> %x) {
entry:
  ret <4 x i32> %x
dead:
  %dead.w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v, <4 x i32> %x, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %dead.r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %dead.w, i32 0, i32 4, i32 1, i16 48, i32 undef)
  ret <4 x i32> %dead.r
}

; Decomposed: the indirect read is of the argument %v, a source of the web, which stays whole and is read as
; before; the direct reads of the join take their parts.
; CHECK-LABEL: define <4 x i32> @indirect_read_of_source(
; CHECK-NEXT: entry:
; CHECK-NEXT: %v.part1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 32, i32 undef)
; CHECK-NEXT: %any = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
; CHECK-NEXT: %hi = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v.part1, i32 0, i32 4, i32 1, i16 16, i32 undef)
; CHECK-NEXT: %r = add <4 x i32> %any, %hi
define <4 x i32> @indirect_read_of_source(<16 x i32> %v, <8 x i32> %x, i16 %i) {
entry:
  %any = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %hi = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %w, i32 0, i32 4, i32 1, i16 48, i32 undef)
  %r = add <4 x i32> %any, %hi
  ret <4 x i32> %r
}

declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrconstregion.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
