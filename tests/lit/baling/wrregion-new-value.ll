; A wrregion's New value with other uses: when every other use comes later in the block (with no write into the
; written vector before it), those uses read the value back from the write (rdregion of the wrregion) and the
; value bales into the write alone. Otherwise the value still bales (and is cloned for the write) unless its bale's
; main instruction is a select or a memory access, or it is in another block.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; The later multiply reads the sum back from the write.
; CHECK-LABEL: bales of 'redirected'
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%x = MAININST{0,1} (%ra = RDREGION, %rb = RDREGION))
; CHECK-NEXT: bale %y: %y = MAININST{0} (%x.split = RDREGION)
; CHECK-EMPTY:
; IR-LABEL: define <8 x i32> @redirected(
; IR: %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 2, i16 4, i32 undef, i1 true)
; IR-NEXT: %x.split = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %w, i32 0, i32 8, i32 2, i16 4, i32 undef)
; IR-NEXT: %y = mul <8 x i32> %x.split, %b
define <8 x i32> @redirected(<16 x i32> %a, <16 x i32> %c, <8 x i32> %b, <16 x i32>* %out) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %x = add <8 x i32> %ra, %rb
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 2, i16 4, i32 undef, i1 true)
  %y = mul <8 x i32> %x, %b
  store <16 x i32> %w, <16 x i32>* %out
  ret <8 x i32> %y
}

; A scalar New value is read back as a scalar.
; CHECK-LABEL: bales of 'redirected_scalar'
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%s = MAININST)
; CHECK-NEXT: bale %t: %t = MAININST{0} (%s.split = RDREGION)
; CHECK-EMPTY:
; IR-LABEL: define i32 @redirected_scalar(
; IR: %s.split = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %w, i32 0, i32 1, i32 1, i16 8, i32 undef)
; IR-NEXT: %t = shl i32 %s.split, 3
define i32 @redirected_scalar(<16 x i32> %c, i32 %p, i32 %q, <16 x i32>* %out) {
entry:
  %s = add i32 %p, %q
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %c, i32 %s, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %t = shl i32 %s, 3
  store <16 x i32> %w, <16 x i32>* %out
  ret i32 %t
}

; A use before the write: nothing is redirected; the sum bales into the write through a clone (its reads cloned too).
; CHECK-LABEL: bales of 'use_before_write'
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%ra = RDREGION, %rb = RDREGION)
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%x1 = MAININST{0,1} (%ra3 = RDREGION, %rb2 = RDREGION))
; CHECK-EMPTY:
; IR-LABEL: define <8 x i32> @use_before_write(
; IR-NOT: split
; IR: ret
define <8 x i32> @use_before_write(<16 x i32> %a, <16 x i32> %c, <8 x i32> %b, <16 x i32>* %out) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %x = add <8 x i32> %ra, %rb
  %y = mul <8 x i32> %x, %b
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* %out
  ret <8 x i32> %y
}

; Not redirected when the write is dead before the other use (reading it back would keep it alive): the sum bales
; through a clone.
; CHECK-LABEL: bales of 'write_dead_first'
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%x1 = MAININST)
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-EMPTY:
define <8 x i32> @write_dead_first(<16 x i32> %c, <8 x i32> %a, <8 x i32> %b, <16 x i32>* %out) {
entry:
  %x = add <8 x i32> %a, %b
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* %out
  %y = mul <8 x i32> %x, %b
  ret <8 x i32> %y
}

; Not redirected: another use in a later block; the value still bales into the write of its own block (cloned).
; CHECK-LABEL: bales of 'use_in_other_block'
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %w: %w = WRREGION{1} (%x1 = MAININST)
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-EMPTY:
define <8 x i32> @use_in_other_block(<16 x i32> %c, <8 x i32> %a, <8 x i32> %b, <16 x i32>* %out) {
entry:
  %x = add <8 x i32> %a, %b
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* %out
  br label %next
next:
  %y = mul <8 x i32> %x, %b
  ret <8 x i32> %y
}

; A New value with other uses, defined in another block than the write: neither redirected nor baled.
; CHECK-LABEL: bales of 'value_from_other_block'
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %z: %z = MAININST
; CHECK-NEXT: bale %w: %w = WRREGION
; CHECK-EMPTY:
define <8 x i32> @value_from_other_block(<16 x i32> %c, <8 x i32> %a, <8 x i32> %b, <16 x i32>* %out) {
entry:
  %x = add <8 x i32> %a, %b
  %z = mul <8 x i32> %x, %b
  br label %next
next:
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* %out
  ret <8 x i32> %z
}

; Not redirected: a predicated write, an indirect write, and a use after a second write into the written vector
; (the old and the new vector would both be live). Each value bales through a clone.
; CHECK-LABEL: bales of 'not_redirected'
; CHECK-NEXT: bale %x2: %x2 = MAININST
; CHECK-NEXT: bale %w2: %w2 = WRREGION{1} (%x23 = MAININST)
; CHECK-NEXT: bale %x3: %x3 = MAININST
; CHECK-NEXT: bale %w3: %w3 = WRREGION{1} (%x32 = MAININST)
; CHECK-NEXT: bale %x4: %x4 = MAININST
; CHECK-NEXT: bale %w4: %w4 = WRREGION{1} (%x41 = MAININST)
; CHECK-NEXT: bale %w5: %w5 = WRREGION
; CHECK-NEXT: bale %r1: %r1 = MAININST
; CHECK-NEXT: bale %r2: %r2 = MAININST
; CHECK-EMPTY:
; IR-LABEL: define <8 x i32> @not_redirected(
; IR-NOT: split
; IR: ret
define <8 x i32> @not_redirected(<16 x i32> %c, <8 x i32> %a, <8 x i32> %b, <8 x i1> %m, i16 %i, <16 x i32>* %out) {
entry:
  %x2 = sub <8 x i32> %a, %b
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32> %c, <8 x i32> %x2, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %m)
  %x3 = mul <8 x i32> %a, %a
  %w3 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %w2, <8 x i32> %x3, i32 0, i32 8, i32 1, i16 %i, i32 undef, i1 true)
  %x4 = or <8 x i32> %a, %b
  %w4 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %w3, <8 x i32> %x4, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %w5 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %w4, <8 x i32> %b, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %r1 = add <8 x i32> %x2, %x3
  %r2 = add <8 x i32> %r1, %x4
  store <16 x i32> %w5, <16 x i32>* %out
  ret <8 x i32> %r2
}

; A select New value with other uses is not baled (it makes worse code), nor is it redirected here (its other use
; comes first).
; CHECK-LABEL: bales of 'select_value'
; CHECK-NEXT: bale %s: %s = MAININST
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-NEXT: bale %w: %w = WRREGION
; CHECK-EMPTY:
define <8 x i32> @select_value(<16 x i32> %c, <8 x i32> %a, <8 x i32> %b, <8 x i1> %m, <16 x i32>* %out) {
entry:
  %s = select <8 x i1> %m, <8 x i32> %a, <8 x i32> %b
  %y = mul <8 x i32> %s, %b
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %s, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  store <16 x i32> %w, <16 x i32>* %out
  ret <8 x i32> %y
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
