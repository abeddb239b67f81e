; Each malformed region parameter is one located error; all of them are reported, not just the first.
; RUN: not %opt -passes=genx-verify -disable-output %s 2>&1 | FileCheck %s
; RUN: not %cmc -passes=genx-verify -disable-verify -S %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: in function 'width_does_not_divide', block 'entry': %r = {{.*}}: region width 3 does not divide the 4 elements of the region (rows must be whole)
define <4 x i32> @width_does_not_divide(<16 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 4, i32 3, i32 1, i16 0, i32 undef)
  ret <4 x i32> %r
}

; CHECK: in function 'zero_width'{{.*}}: region width must be positive, but it is 0
define <4 x i32> @zero_width(<16 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 4, i32 0, i32 1, i16 0, i32 undef)
  ret <4 x i32> %r
}

; CHECK: in function 'misaligned_offset'{{.*}}: region offset 6 bytes is not a multiple of the element size (4 bytes)
define <4 x i32> @misaligned_offset(<16 x i32> %v) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 6, i32 undef)
  ret <4 x i32> %r
}

; CHECK: in function 'variable_width'{{.*}}: operand 2 ('width') must be a constant, but it is the run-time value '%w'
define <4 x i32> @variable_width(<16 x i32> %v, i32 %w) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 %w, i32 1, i16 0, i32 undef)
  ret <4 x i32> %r
}

; A 2D region whose second row runs past the end: rows start at 0 and 8, elements 8..11 don't exist in 8.
; CHECK: in function 'second_row_outside'{{.*}}: region <8;4,1> at byte offset 0 reaches element 8 (region element 4), outside the 8-element vector
define <8 x i32> @second_row_outside(<8 x i32> %v) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v, i32 8, i32 4, i32 1, i16 0, i32 undef)
  ret <8 x i32> %r
}

; CHECK: in function 'wrong_offset_rows'{{.*}}: the vector offset has 4 entries, but the region has 2 rows (one offset per row)
define <4 x i32> @wrong_offset_rows(<16 x i32> %v, <4 x i16> %rows) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.v4i16(<16 x i32> %v, i32 0, i32 2, i32 1, <4 x i16> %rows, i32 undef)
  ret <4 x i32> %r
}

; A destination region that writes element 0 twice (stride 0) is undefined.
; CHECK: in function 'write_twice'{{.*}}: region <0;4,0> at byte offset 0 writes element 0 more than once; a destination region must not overlap itself
define <16 x i32> @write_twice(<16 x i32> %v, <4 x i32> %n) {
entry:
  %r = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %v, <4 x i32> %n, i32 0, i32 4, i32 0, i16 0, i32 undef, i1 true)
  ret <16 x i32> %r
}

; CHECK: in function 'mask_width'{{.*}}: the mask must be i1 or <4 x i1> (one bit per written element), but it is <8 x i1>
define <16 x i32> @mask_width(<16 x i32> %v, <4 x i32> %n, <8 x i1> %m) {
entry:
  %r = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v8i1(<16 x i32> %v, <4 x i32> %n, i32 0, i32 4, i32 1, i16 0, i32 undef, <8 x i1> %m)
  ret <16 x i32> %r
}

; CHECK: in function 'predicate_outside'{{.*}}: predicate region of 16 elements at offset 24 lies outside the 32-element predicate
define <16 x i1> @predicate_outside(<32 x i1> %p) {
entry:
  %r = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %p, i32 24)
  ret <16 x i1> %r
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.v4i16(<16 x i32>, i32, i32, i32, <4 x i16>, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.v8i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
