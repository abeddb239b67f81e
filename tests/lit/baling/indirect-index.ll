; Variable-index regions bale the constant addition that computes their index (ADDRADD; the constant becomes the
; address immediate, which holds -512..511), or a disjoint or (ADDROR), on reads and writes, single- and
; multi-indirect. A shared index addition is cloned for each region.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; Index additions and subtractions bale into the read, and the read into the add.
; CHECK-LABEL: bales of 'read_index_add'
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%r = RDREGION{4} (%idx = ADDRADD), %s = RDREGION{4} (%idx2 = ADDRADD))
; CHECK-EMPTY:
define <4 x i32> @read_index_add(<16 x i32> %a, i16 %i) {
entry:
  %idx = add i16 %i, 8
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 1, i16 %idx, i32 undef)
  %idx2 = sub i16 %i, -16
  %s = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 1, i16 %idx2, i32 undef)
  %x = add <4 x i32> %r, %s
  ret <4 x i32> %x
}

; 512 does not fit the address immediate: the addition stays an instruction of its own.
; CHECK-LABEL: bales of 'index_add_out_of_range'
; CHECK-NEXT: bale %idx: %idx = MAININST
; CHECK-NEXT: bale %x: %x = MAININST{0} (%r = RDREGION)
; CHECK-EMPTY:
define <4 x i32> @index_add_out_of_range(<256 x i32> %a, i16 %i, <4 x i32> %b) {
entry:
  %idx = add i16 %i, 512
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v256i32.i16(<256 x i32> %a, i32 0, i32 4, i32 1, i16 %idx, i32 undef)
  %x = add <4 x i32> %r, %b
  ret <4 x i32> %x
}

; An or adds when its constant's bits are known clear in the other operand (here a multiple of 32, from the and);
; otherwise it is not an index addition.
; CHECK-LABEL: bales of 'index_or'
; CHECK-NEXT: bale %base: %base = MAININST
; CHECK-NEXT: bale %idx2: %idx2 = MAININST
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%r = RDREGION{4} (%idx = ADDROR), %s = RDREGION)
; CHECK-EMPTY:
define <4 x i32> @index_or(<32 x i32> %a, i16 %i) {
entry:
  %base = and i16 %i, 96
  %idx = or i16 %base, 16
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %a, i32 0, i32 4, i32 1, i16 %idx, i32 undef)
  %idx2 = or i16 %i, 16
  %s = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %a, i32 0, i32 4, i32 1, i16 %idx2, i32 undef)
  %x = add <4 x i32> %r, %s
  ret <4 x i32> %x
}

; A write bales its index addition too, and its New value.
; CHECK-LABEL: bales of 'write_index_add'
; CHECK-NEXT: bale %w: %w = WRREGION{1,5} (%x = MAININST{0} (%r = RDREGION), %idx = ADDRADD)
; CHECK-EMPTY:
define <16 x i32> @write_index_add(<16 x i32> %a, <16 x i32> %c, i16 %i, <4 x i32> %b) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %x = add <4 x i32> %r, %b
  %idx = add i16 %i, 4
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %c, <4 x i32> %x, i32 0, i32 4, i32 1, i16 %idx, i32 undef, i1 true)
  ret <16 x i32> %w
}

; A multi-indirect read (one index per row) bales a splat addition of its index vector.
; CHECK-LABEL: bales of 'multi_indirect_index_add'
; CHECK-NEXT: bale %x: %x = MAININST{0} (%r = RDREGION{4} (%idx = ADDRADD))
; CHECK-EMPTY:
define <4 x i32> @multi_indirect_index_add(<16 x i32> %a, <2 x i16> %v, <4 x i32> %b) {
entry:
  %idx = add <2 x i16> %v, <i16 8, i16 8>
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.v2i16(<16 x i32> %a, i32 0, i32 2, i32 1, <2 x i16> %idx, i32 undef)
  %x = add <4 x i32> %r, %b
  ret <4 x i32> %x
}

; One index addition for two reads: it is cloned so that each read bales its own.
; CHECK-LABEL: bales of 'shared_index_add'
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%r = RDREGION{4} (%idx = ADDRADD), %s = RDREGION{4} (%idx1 = ADDRADD))
; CHECK-EMPTY:
; IR-LABEL: define <4 x float> @shared_index_add(
; IR-NEXT: entry:
; IR-NEXT: %idx = add i16 %i, 16
; IR-NEXT: %idx1 = add i16 %i, 16
; IR-NEXT: %r = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %a, i32 0, i32 4, i32 1, i16 %idx, i32 undef)
; IR-NEXT: %s = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %b, i32 0, i32 4, i32 1, i16 %idx1, i32 undef)
define <4 x float> @shared_index_add(<16 x float> %a, <16 x float> %b, i16 %i) {
entry:
  %idx = add i16 %i, 16
  %r = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %a, i32 0, i32 4, i32 1, i16 %idx, i32 undef)
  %s = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %b, i32 0, i32 4, i32 1, i16 %idx, i32 undef)
  %x = fadd <4 x float> %r, %s
  ret <4 x float> %x
}

declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v256i32.i16(<256 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.v2i16(<16 x i32>, i32, i32, i32, <2 x i16>, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
