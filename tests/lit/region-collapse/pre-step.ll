; The pre-step of each sweep: a trunc of an rdregion becomes a bitcast and a strided rdregion (which then
; collapses), an extractelement of a one-element rdregion becomes a scalar rdregion, and the region identities of
; docs/genx-ir.md §1.5 are simplified.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -

; `vector<char,8> c = v.select<8,1>(0)`: the low byte of each int.
; CHECK-LABEL: define <8 x i8> @trunc_of_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %v to <64 x i8>
; CHECK-NEXT: %t = call <8 x i8> @llvm.genx.rdregioni.v8i8.v64i8.i16(<64 x i8> %[[IN]], i32 0, i32 8, i32 4, i16 32, i32 undef)
; CHECK-NEXT: ret <8 x i8> %t
define <8 x i8> @trunc_of_read(<16 x i32> %v) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %t = trunc <8 x i32> %r to <8 x i8>
  ret <8 x i8> %t
}

; The low halves of every other i64: stride 4 in ints.
; CHECK-LABEL: define <4 x i32> @trunc_i64_strided(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i64> %v to <32 x i32>
; CHECK-NEXT: %t = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %[[IN]], i32 0, i32 4, i32 4, i16 8, i32 undef)
; CHECK-NEXT: ret <4 x i32> %t
define <4 x i32> @trunc_i64_strided(<16 x i64> %v) {
entry:
  %r = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v, i32 0, i32 4, i32 2, i16 8, i32 undef)
  %t = trunc <4 x i64> %r to <4 x i32>
  ret <4 x i32> %t
}

; A scalar trunc: the low short of int 3.
; CHECK-LABEL: define i16 @trunc_scalar(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <8 x i32> %v to <16 x i16>
; CHECK-NEXT: %t = call i16 @llvm.genx.rdregioni.i16.v16i16.i16(<16 x i16> %[[IN]], i32 0, i32 1, i32 1, i16 12, i32 undef)
; CHECK-NEXT: ret i16 %t
define i16 @trunc_scalar(<8 x i32> %v) {
entry:
  %r = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %t = trunc i32 %r to i16
  ret i16 %t
}

; Not lowered: the trunc's operand is not a region read.
; CHECK-LABEL: define <8 x i8> @no_lower_trunc_of_add(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = add <8 x i32> %a, %b
; CHECK-NEXT: %t = trunc <8 x i32> %s to <8 x i8>
define <8 x i8> @no_lower_trunc_of_add(<8 x i32> %a, <8 x i32> %b) {
entry:
  %s = add <8 x i32> %a, %b
  %t = trunc <8 x i32> %s to <8 x i8>
  ret <8 x i8> %t
}

; `v[2]` after GenXLowering: a one-element read and an extractelement become one scalar read.
; CHECK-LABEL: define float @extract_of_unit_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %e = call float @llvm.genx.rdregionf.f32.v8f32.i16(<8 x float> %v, i32 0, i32 1, i32 1, i16 8, i32 undef)
; CHECK-NEXT: ret float %e
define float @extract_of_unit_read(<8 x float> %v) {
entry:
  %r = call <1 x float> @llvm.genx.rdregionf.v1f32.v8f32.i16(<8 x float> %v, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %e = extractelement <1 x float> %r, i32 0
  ret float %e
}

; The same at a runtime index: the offset operand (with its constant addend) is kept as it is.
; CHECK-LABEL: define i32 @extract_of_unit_read_indirect(
; CHECK-NEXT: entry:
; CHECK-NEXT: %off = add i16 %i, 4
; CHECK-NEXT: %e = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 %off, i32 undef)
; CHECK-NEXT: ret i32 %e
define i32 @extract_of_unit_read_indirect(<8 x i32> %v, i16 %i) {
entry:
  %off = add i16 %i, 4
  %r = call <1 x i32> @llvm.genx.rdregioni.v1i32.v8i32.i16(<8 x i32> %v, i32 0, i32 1, i32 1, i16 %off, i32 undef)
  %e = extractelement <1 x i32> %r, i32 0
  ret i32 %e
}

; Identities: a read of the whole vector is the vector; a read of a constant splat is the splat.
; CHECK-LABEL: define <8 x i32> @read_identities(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = add <8 x i32> %v, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
; CHECK-NEXT: ret <8 x i32> %s
define <8 x i32> @read_identities(<8 x i32> %v, i16 %i) {
entry:
  %all = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %k = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>, i32 0, i32 8, i32 1, i16 %i, i32 undef)
  %s = add <8 x i32> %all, %k
  ret <8 x i32> %s
}

; Identities: a write of the whole vector is the New value; a write under an all-zero mask is the Old value; a
; write back of what was just read from the same region is the Old value.
; CHECK-LABEL: define <8 x i32> @write_identities(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = add <8 x i32> %x, %a
; CHECK-NEXT: %t = add <8 x i32> %s, %a
; CHECK-NEXT: ret <8 x i32> %t
define <8 x i32> @write_identities(<8 x i32> %a, <8 x i32> %x, <4 x i32> %y, i16 %i) {
entry:
  %whole = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.i1(<8 x i32> %a, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %none = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32> %a, <4 x i32> %y, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> zeroinitializer)
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  %back = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %a, <4 x i32> %r, i32 0, i32 4, i32 1, i16 %i, i32 undef, i1 true)
  %s = add <8 x i32> %whole, %none
  %t = add <8 x i32> %s, %back
  ret <8 x i32> %t
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <1 x float> @llvm.genx.rdregionf.v1f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <1 x i32> @llvm.genx.rdregioni.v1i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.v4i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <4 x i1>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
