; An rdregion needs exactly the input elements its live result elements map to: src(i) for each live i.
; CM: `v.select<4, 2>(1)` of a vector built from constants or writes; several reads of one vector.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; A 1D strided read of a constant: only the odd elements are live; the even ones become undef.
; CHECK-LABEL: define <4 x i32> @constant_1d_strided(
; CHECK-NEXT: entry:
; CHECK-NEXT: %odd = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> <i32 undef, i32 1, i32 undef, i32 3, i32 undef, i32 5, i32 undef, i32 7>, i32 0, i32 4, i32 2, i16 4, i32 undef)
define <4 x i32> @constant_1d_strided(<4 x i32> %n) {
entry:
  %odd = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>, i32 0, i32 4, i32 2, i16 4, i32 undef)
  %sum = add <4 x i32> %odd, %n
  ret <4 x i32> %sum
}

; A 2D read <8;2,1> at element 1 of a 4x8 matrix (columns 1..2 of rows 0 and 1): writes elsewhere are dead,
; and so is the matrix the block was written into.
; CHECK-LABEL: define <4 x float> @matrix_2d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %in.block = call <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float> undef, <4 x float> %x, i32 8, i32 2, i32 1, i16 4, i32 undef, i1 true)
; CHECK-NEXT: %block = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %in.block, i32 8, i32 2, i32 1, i16 4, i32 undef)
define <4 x float> @matrix_2d(<32 x float> %m, <4 x float> %x, <4 x float> %y) {
entry:
  %in.block = call <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float> %m, <4 x float> %x, i32 8, i32 2, i32 1, i16 4, i32 undef, i1 true)
  ; Row 2, columns 1..4: not read.
  %row2 = call <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float> %in.block, <4 x float> %y, i32 0, i32 4, i32 1, i16 68, i32 undef, i1 true)
  %block = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %row2, i32 8, i32 2, i32 1, i16 4, i32 undef)
  ret <4 x float> %block
}

; Two reads of one vector: the union of their elements is live (lanes 0..1 and 6..7 of the constant),
; and the write into the middle is dead.
; CHECK-LABEL: define <4 x i16> @multiple_uses(
; CHECK-NEXT: entry:
; CHECK-NEXT: %lo = call <2 x i16> @llvm.genx.rdregioni.v2i16.v8i16.i16(<8 x i16> <i16 10, i16 11, i16 undef, i16 undef, i16 undef, i16 undef, i16 16, i16 17>, i32 0, i32 2, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %hi = call <2 x i16> @llvm.genx.rdregioni.v2i16.v8i16.i16(<8 x i16> <i16 10, i16 11, i16 undef, i16 undef, i16 undef, i16 undef, i16 16, i16 17>, i32 0, i32 2, i32 1, i16 12, i32 undef)
define <4 x i16> @multiple_uses(<4 x i16> %x) {
entry:
  %v = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> <i16 10, i16 11, i16 12, i16 13, i16 14, i16 15, i16 16, i16 17>, <4 x i16> %x, i32 0, i32 4, i32 1, i16 4, i32 undef, i1 true)
  %lo = call <2 x i16> @llvm.genx.rdregioni.v2i16.v8i16.i16(<8 x i16> %v, i32 0, i32 2, i32 1, i16 0, i32 undef)
  %hi = call <2 x i16> @llvm.genx.rdregioni.v2i16.v8i16.i16(<8 x i16> %v, i32 0, i32 2, i32 1, i16 12, i32 undef)
  %both = shufflevector <2 x i16> %lo, <2 x i16> %hi, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  ret <4 x i16> %both
}

; A scalar read (what GenXLowering makes of `extractelement`): one element live.
; CHECK-LABEL: define i8 @scalar_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: %b = call i8 @llvm.genx.rdregioni.i8.v4i8.i16(<4 x i8> <i8 undef, i8 undef, i8 3, i8 undef>, i32 0, i32 1, i32 1, i16 2, i32 undef)
define i8 @scalar_read() {
entry:
  %b = call i8 @llvm.genx.rdregioni.i8.v4i8.i16(<4 x i8> <i8 1, i8 2, i8 3, i8 4>, i32 0, i32 1, i32 1, i16 2, i32 undef)
  ret i8 %b
}

; An unused read is deleted, and so is the write only it used.
; CHECK-LABEL: define <4 x i32> @unused_read(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i32> %n
define <4 x i32> @unused_read(<8 x i32> %v, <4 x i32> %n) {
entry:
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %n, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %unused = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %w, i32 0, i32 4, i32 1, i16 16, i32 undef)
  ret <4 x i32> %n
}

; Liveness is per use of a constant: the replicating read <0;4,0> needs only element 0 of its copy, while
; the same constant added to the (widened) read keeps every element.
; CHECK-LABEL: define <8 x i32> @constant_per_use(
; CHECK-NEXT: entry:
; CHECK-NEXT: %first = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> <i32 1, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 0, i32 4, i32 0, i16 0, i32 undef)
; CHECK-NEXT: %first8 = shufflevector <4 x i32> %first, <4 x i32> %first, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: %wide = add <8 x i32> %first8, <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>
define <8 x i32> @constant_per_use() {
entry:
  %first = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, i32 0, i32 4, i32 0, i16 0, i32 undef)
  %first8 = shufflevector <4 x i32> %first, <4 x i32> %first, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %wide = add <8 x i32> %first8, <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>
  ret <8 x i32> %wide
}

; Negative: the 2D read <1;4,2> of 8 elements reads 0,2,4,6 then 1,3,5,7 — every element of the constant —
; and its whole result is returned: nothing is dead.
; CHECK-LABEL: define <8 x i32> @no_change_read_covers_all(
; CHECK-NEXT: entry:
; CHECK-NEXT: %shuffled = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, i32 1, i32 4, i32 2, i16 0, i32 undef)
; CHECK-NEXT: ret <8 x i32> %shuffled
define <8 x i32> @no_change_read_covers_all() {
entry:
  %shuffled = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>, i32 1, i32 4, i32 2, i16 0, i32 undef)
  ret <8 x i32> %shuffled
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <2 x i16> @llvm.genx.rdregioni.v2i16.v8i16.i16(<8 x i16>, i32, i32, i32, i16, i32)
declare i8 @llvm.genx.rdregioni.i8.v4i8.i16(<4 x i8>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
