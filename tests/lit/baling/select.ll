; Selects: select(icmp, -1, 0) with the cmp's only use bales into the cmp (CMPDST); a select that bales nothing
; becomes a predicated wrregion when an arm can bale into the write; otherwise it is a main instruction that bales
; reads as its values.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; The -1/0 select is the cmp's destination.
; CHECK-LABEL: bales of 'cmp_dst'
; CHECK-NEXT: bale %s: %s = CMPDST{0} (%c = MAININST{0,1} (%ra = RDREGION, %rb = RDREGION))
; CHECK-EMPTY:
define <8 x i32> @cmp_dst(<16 x i32> %a, <16 x i32> %b) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %c = icmp sgt <8 x i32> %ra, %rb
  %s = select <8 x i1> %c, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> zeroinitializer
  ret <8 x i32> %s
}

; Not a cmp destination: a floating-point cmp (vISA writes only hf/f there), a cmp with another use, other values.
; CHECK-LABEL: bales of 'not_cmp_dst'
; CHECK-NEXT: bale %fc: %fc = MAININST
; CHECK-NEXT: bale %s1: %s1 = MAININST
; CHECK-NEXT: bale %c: %c = MAININST
; CHECK-NEXT: bale %s2: %s2 = MAININST
; CHECK-NEXT: bale %s3: %s3 = MAININST
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-EMPTY:
define <8 x i32> @not_cmp_dst(<8 x float> %f, <8 x float> %g, <8 x i32> %a, <8 x i32> %b) {
entry:
  %fc = fcmp olt <8 x float> %f, %g
  %s1 = select <8 x i1> %fc, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> zeroinitializer
  %c = icmp ult <8 x i32> %a, %b
  %s2 = select <8 x i1> %c, <8 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> zeroinitializer
  %s3 = select <8 x i1> %c, <8 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <8 x i32> zeroinitializer
  %x = add <8 x i32> %s1, %s2
  %y = add <8 x i32> %x, %s3
  ret <8 x i32> %y
}

; A select whose chosen value is computed for it becomes a write of that value under the condition, and the
; computation bales into the write.
; CHECK-LABEL: bales of 'select_to_wrregion'
; CHECK-NEXT: bale %s: %s = WRREGION{1} (%x = MAININST{0,1} (%ra = RDREGION, %rb = RDREGION))
; CHECK-EMPTY:
; IR-LABEL: define <8 x i32> @select_to_wrregion(
; IR: %s = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %y, <8 x i32> %x, i32 8, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %m)
; IR-NEXT: ret <8 x i32> %s
define <8 x i32> @select_to_wrregion(<16 x i32> %a, <16 x i32> %b, <8 x i1> %m, <8 x i32> %y) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %x = add <8 x i32> %ra, %rb
  %s = select <8 x i1> %m, <8 x i32> %x, <8 x i32> %y
  ret <8 x i32> %s
}

; The computed value is the false arm: the condition is inverted (a new not at the top of the block for an
; argument; made after its block was analysed, it is not listed).
; CHECK-LABEL: bales of 'select_false_arm_to_wrregion'
; CHECK-NEXT: bale %s: %s = WRREGION{1} (%x = MAININST)
; CHECK-EMPTY:
; IR-LABEL: define <8 x float> @select_false_arm_to_wrregion(
; IR-NEXT: entry:
; IR-NEXT: %m.inv = xor <8 x i1> %m, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
; IR-NEXT: %x = fmul <8 x float> %f, %g
; IR-NEXT: %s = call <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float> %y, <8 x float> %x, i32 8, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %m.inv)
define <8 x float> @select_false_arm_to_wrregion(<8 x float> %f, <8 x float> %g, <8 x i1> %m, <8 x float> %y) {
entry:
  %x = fmul <8 x float> %f, %g
  %s = select <8 x i1> %m, <8 x float> %y, <8 x float> %x
  ret <8 x float> %s
}

; Kept as selects: an arm that is a constant, arms with other uses, a scalar condition, and reads that bale into
; the select itself.
; CHECK-LABEL: bales of 'selects_kept'
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %s1: %s1 = MAININST
; CHECK-NEXT: bale %s2: %s2 = MAININST
; CHECK-NEXT: bale %s3: %s3 = MAININST
; CHECK-NEXT: bale %s4: %s4 = MAININST{1,2} (%ra = RDREGION, %rb = RDREGION)
; CHECK-NEXT: bale %r1: %r1 = MAININST
; CHECK-NEXT: bale %r2: %r2 = MAININST
; CHECK-NEXT: bale %r3: %r3 = MAININST
; CHECK-NEXT: bale %r4: %r4 = MAININST
; CHECK-EMPTY:
; IR-LABEL: define <8 x i32> @selects_kept(
; IR: %s1 = select
; IR: %s2 = select
; IR: %s3 = select
; IR: %s4 = select
define <8 x i32> @selects_kept(<16 x i32> %a, <16 x i32> %b, <8 x i1> %m, i1 %c, <8 x i32> %y) {
entry:
  %x = mul <8 x i32> %y, %y
  %s1 = select <8 x i1> %m, <8 x i32> %x, <8 x i32> <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>
  %s2 = select <8 x i1> %m, <8 x i32> %x, <8 x i32> %y
  %s3 = select i1 %c, <8 x i32> %y, <8 x i32> %x
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %s4 = select <8 x i1> %m, <8 x i32> %ra, <8 x i32> %rb
  %r1 = add <8 x i32> %s1, %s2
  %r2 = add <8 x i32> %r1, %s3
  %r3 = add <8 x i32> %r2, %s4
  %r4 = add <8 x i32> %r3, %x
  ret <8 x i32> %r4
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
