; The basic bale shapes: reads, a main instruction and a write in one bale; a bale without a main instruction (a
; move, possibly with a modifier); saturation between the main instruction and the write.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; Two strided reads, an add and a write of the sum: one bale headed by the write, members in operand order.
; CHECK-LABEL: bales of 'rd_add_wr' (legalization, icllp):
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%sum = MAININST{0,1} (%ra = RDREGION, %rb = RDREGION))
; CHECK-EMPTY:
define <16 x i32> @rd_add_wr(<16 x i32> %a, <16 x i32> %b, <16 x i32> %c) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %sum = add <8 x i32> %ra, %rb
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %sum, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w
}

; A 2D source region and a splat (a scalar broadcast, <0;1,0>): the region shape does not matter to an fmul.
; CHECK-LABEL: bales of 'rd_2d_mul_splat' (legalization, icllp):
; CHECK-NEXT: bale %p: %p = MAININST{0,1} (%rows = RDREGION, %splat = RDREGION)
; CHECK-EMPTY:
define <8 x float> @rd_2d_mul_splat(<32 x float> %m, <8 x float> %v) {
entry:
  %rows = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %m, i32 8, i32 4, i32 1, i16 0, i32 undef)
  %splat = call <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float> %v, i32 0, i32 1, i32 0, i16 12, i32 undef)
  %p = fmul <8 x float> %rows, %splat
  ret <8 x float> %p
}

; A read written elsewhere is a move: rdregion -> wrregion, no main instruction.
; CHECK-LABEL: bales of 'move' (legalization, icllp):
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%r = RDREGION)
; CHECK-EMPTY:
define <16 x i16> @move(<16 x i16> %a, <16 x i16> %b) {
entry:
  %r = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %a, i32 0, i32 4, i32 4, i16 2, i32 undef)
  %w = call <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16> %b, <4 x i16> %r, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
  ret <16 x i16> %w
}

; A move with a modifier: rdregion -> negate -> wrregion (a mov with a negated source).
; CHECK-LABEL: bales of 'move_negated' (legalization, icllp):
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%n = NEGMOD{1} (%r = RDREGION))
; CHECK-EMPTY:
define <16 x i32> @move_negated(<16 x i32> %a, <16 x i32> %b) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %n = sub <8 x i32> zeroinitializer, %r
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %b, <8 x i32> %n, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  ret <16 x i32> %w
}

; The full shape: wrregion <- sat <- main <- rdregion.
; CHECK-LABEL: bales of 'saturated_sum' (legalization, icllp):
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%sat = SATURATE{0} (%sum = MAININST{0,1} (%ra = RDREGION, %rb = RDREGION)))
; CHECK-EMPTY:
define <16 x float> @saturated_sum(<16 x float> %a, <16 x float> %b, <16 x float> %c) {
entry:
  %ra = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %sum = fadd <8 x float> %ra, %rb
  %sat = call <8 x float> @llvm.genx.sat.v8f32(<8 x float> %sum)
  %w = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %c, <8 x float> %sat, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  ret <16 x float> %w
}

; Main instructions with no region around them are bales of one instruction each (the xor is not a modifier: its
; constant is not all ones; a shift's operands take no modifier anyway).
; CHECK-LABEL: bales of 'alone' (legalization, icllp):
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-EMPTY:
define <8 x i32> @alone(<8 x i32> %a, <8 x i32> %b) {
entry:
  %x = xor <8 x i32> %a, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 0>
  %y = shl <8 x i32> %x, %b
  ret <8 x i32> %y
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <16 x i16> @llvm.genx.wrregioni.v16i16.v4i16.i16.i1(<16 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.sat.v8f32(<8 x float>)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
