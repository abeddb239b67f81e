; Floating-point source modifiers (fneg, fsub -0.0, genx.absf, llvm.fabs) and saturation (genx.sat, and the
; integer saturation intrinsics), with where they may and may not bale.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -

; fneg and fsub -0.0 are negations; fsub +0.0 is not (+0.0 - +0.0 is +0.0, not -0.0), so that one stays a
; subtraction of its own.
; CHECK-LABEL: bales of 'negations'
; CHECK-NEXT: bale %s: %s = MAININST{0,1} (%n1 = NEGMOD{0} (%ra = RDREGION), %n2 = NEGMOD{1} (%rb = RDREGION))
; CHECK-NEXT: bale %sub: %sub = MAININST{1} (%rc = RDREGION)
; CHECK-NEXT: bale %m: %m = MAININST
; CHECK-EMPTY:
define <8 x float> @negations(<16 x float> %a, <16 x float> %b) {
entry:
  %ra = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n1 = fneg <8 x float> %ra
  %rb = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n2 = fsub <8 x float> <float -0.0, float -0.0, float -0.0, float -0.0, float -0.0, float -0.0, float -0.0, float -0.0>, %rb
  %s = fadd <8 x float> %n1, %n2
  %rc = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %sub = fsub <8 x float> zeroinitializer, %rc
  %m = fmul <8 x float> %s, %sub
  ret <8 x float> %m
}

; genx.absf and llvm.fabs are abs modifiers on an arithmetic operand.
; CHECK-LABEL: bales of 'abs_forms'
; CHECK-NEXT: bale %m: %m = MAININST{0,1} (%x = ABSMOD{0} (%ra = RDREGION), %y = ABSMOD{0} (%rb = RDREGION))
; CHECK-EMPTY:
define <8 x float> @abs_forms(<16 x float> %a, <16 x float> %b) {
entry:
  %ra = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %x = call <8 x float> @llvm.genx.absf.v8f32(<8 x float> %ra)
  %rb = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %y = call <8 x float> @llvm.fabs.v8f32(<8 x float> %rb)
  %m = fmul <8 x float> %x, %y
  ret <8 x float> %m
}

; A modifier alone between a read and a write is a move with a source modifier; a saturation of a negation is a
; saturated move.
; CHECK-LABEL: bales of 'modifier_moves'
; CHECK-NEXT: bale %w1: %w1 = WRREGION{1} (%n = NEGMOD{0} (%ra = RDREGION))
; CHECK-NEXT: bale %w2: %w2 = WRREGION{1} (%abs = ABSMOD{0} (%rb = RDREGION))
; CHECK-NEXT: bale %w3: %w3 = WRREGION{1} (%sat = SATURATE{0} (%n3 = NEGMOD{0} (%rc = RDREGION)))
; CHECK-EMPTY:
define <16 x float> @modifier_moves(<16 x float> %a, <16 x float> %c) {
entry:
  %ra = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = fneg <8 x float> %ra
  %w1 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %c, <8 x float> %n, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %rb = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %abs = call <8 x float> @llvm.genx.absf.v8f32(<8 x float> %rb)
  %w2 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %w1, <8 x float> %abs, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %rc = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %a, i32 0, i32 4, i32 4, i16 0, i32 undef)
  %n3 = fneg <4 x float> %rc
  %sat = call <4 x float> @llvm.genx.sat.v4f32(<4 x float> %n3)
  %w3 = call <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float> %w2, <4 x float> %sat, i32 0, i32 4, i32 4, i16 4, i32 undef, i1 true)
  ret <16 x float> %w3
}

; Saturation bales a single-use main instruction whose result may be saturated: not frc (its result refuses
; saturation), and not an fadd with another use.
; CHECK-LABEL: bales of 'saturation_refused'
; CHECK-NEXT: bale %f: %f = MAININST{0} (%ra = RDREGION)
; CHECK-NEXT: bale %sf: %sf = SATURATE
; CHECK-NEXT: bale %s: %s = MAININST{0,1} (%rb = RDREGION, %rc = RDREGION)
; CHECK-NEXT: bale %ss: %ss = SATURATE
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-EMPTY:
define <8 x float> @saturation_refused(<16 x float> %a, <16 x float> %b) {
entry:
  %ra = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %f = call <8 x float> @llvm.genx.frc.v8f32(<8 x float> %ra)
  %sf = call <8 x float> @llvm.genx.sat.v8f32(<8 x float> %f)
  %rb = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %rc = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %s = fadd <8 x float> %rb, %rc
  %ss = call <8 x float> @llvm.genx.sat.v8f32(<8 x float> %s)
  %x = fmul <8 x float> %sf, %ss
  %y = fadd <8 x float> %x, %s
  ret <8 x float> %y
}

; The integer saturations are saturation bales too: a truncating saturation of an add, a saturating conversion of a
; read.
; CHECK-LABEL: bales of 'integer_saturation'
; CHECK-NEXT: bale %t: %t = SATURATE{0} (%s = MAININST{0,1} (%ra = RDREGION, %rb = RDREGION))
; CHECK-NEXT: bale %c: %c = SATURATE{0} (%rf = RDREGION)
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-EMPTY:
define <8 x i16> @integer_saturation(<16 x i32> %a, <16 x float> %f) {
entry:
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %s = add <8 x i32> %ra, %rb
  %t = call <8 x i16> @llvm.genx.sstrunc.sat.v8i16.v8i32(<8 x i32> %s)
  %rf = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %f, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %c = call <8 x i16> @llvm.genx.fptosi.sat.v8i16.v8f32(<8 x float> %rf)
  %x = add <8 x i16> %t, %c
  ret <8 x i16> %x
}

declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.absf.v8f32(<8 x float>)
declare <8 x float> @llvm.fabs.v8f32(<8 x float>)
declare <8 x float> @llvm.genx.sat.v8f32(<8 x float>)
declare <4 x float> @llvm.genx.sat.v4f32(<4 x float>)
declare <8 x float> @llvm.genx.frc.v8f32(<8 x float>)
declare <8 x i16> @llvm.genx.sstrunc.sat.v8i16.v8i32(<8 x i32>)
declare <8 x i16> @llvm.genx.fptosi.sat.v8i16.v8f32(<8 x float>)
