; GenX intrinsic operands, as IGC's operand table (cisa_gen_intrinsics.json) describes them: region restrictions
; (stride 1 with width >= 4, scalar-or-contiguous, contiguous, direct only, only a legal unsplit region), oword
; alignment, and the modifiers each operand takes. Code-generation baling checks them all; legalization baling
; waives them when legalization can split the instruction (not umadw/smadw/dpas).
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -
; RUN: %opt -passes='print<genx-baling-codegen>' -S %s -o %t.cg.ll 2>%t.cg.bales
; RUN: FileCheck %s --check-prefix=CG < %t.cg.bales
; RUN: %validate %s %t.cg.ll

; dp4 sources need horizontal stride 1 (and width >= 4): a stride-2 read is refused.
; CHECK-LABEL: bales of 'dp4_stride'
; CHECK-NEXT: bale %d: %d = MAININST{0,1} (%x = RDREGION, %y = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'dp4_stride'
; CG-NEXT: bale %x: %x = RDREGION
; CG-NEXT: bale %d: %d = MAININST{1} (%y = RDREGION)
; CG-EMPTY:
define <8 x float> @dp4_stride(<16 x float> %a, <16 x float> %b) {
entry:
  %x = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %y = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %d = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> %x, <8 x float> %y)
  ret <8 x float> %d
}

; lrp sources are scalar or contiguous, and oword aligned: a splat at byte 16 and a contiguous read bale; a stride-2
; read and a contiguous read at byte 8 do not. Its result must be written contiguously.
; CHECK-LABEL: bales of 'lrp_operands'
; CHECK-NEXT: bale %l1: %l1 = MAININST{0,1,2} (%u = RDREGION, %v = RDREGION, %w = RDREGION)
; CHECK-NEXT: bale %l2: %l2 = MAININST{0,1} (%s2 = RDREGION, %o8 = RDREGION)
; CHECK-NEXT: bale %out: %out = WRREGION{1} (%l3 = MAININST)
; CHECK-NEXT: bale %t: %t = MAININST
; CHECK-NEXT: bale %sum: %sum = MAININST{1} (%lo = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'lrp_operands'
; CG-NEXT: bale %l1: %l1 = MAININST{0,1,2} (%u = RDREGION, %v = RDREGION, %w = RDREGION)
; CG-NEXT: bale %s2: %s2 = RDREGION
; CG-NEXT: bale %o8: %o8 = RDREGION
; CG-NEXT: bale %l2: %l2 = MAININST
; CG-NEXT: bale %l3: %l3 = MAININST
; CG-NEXT: bale %out: %out = WRREGION
; CG-NEXT: bale %t: %t = MAININST
; CG-NEXT: bale %sum: %sum = MAININST{1} (%lo = RDREGION)
; CG-EMPTY:
define <8 x float> @lrp_operands(<16 x float> %a, <16 x float> %b, <8 x float> %c, <16 x float> %d) {
entry:
  %u = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 1, i32 0, i16 16, i32 undef)
  %v = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %w = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %l1 = call <8 x float> @llvm.genx.lrp.v8f32(<8 x float> %u, <8 x float> %v, <8 x float> %w)
  %s2 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %o8 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 8, i32 undef)
  %l2 = call <8 x float> @llvm.genx.lrp.v8f32(<8 x float> %s2, <8 x float> %o8, <8 x float> %c)
  %l3 = call <8 x float> @llvm.genx.lrp.v8f32(<8 x float> %c, <8 x float> %c, <8 x float> %c)
  %out = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %d, <8 x float> %l3, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  %lo = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %out, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %t = fadd <8 x float> %l1, %l2
  %sum = fadd <8 x float> %t, %lo
  ret <8 x float> %sum
}

; umadw cannot be split, so even legalization baling refuses a region legalization would have to split (here
; stride 2); a contiguous one-row read bales.
; CHECK-LABEL: bales of 'umadw_legal_only'
; CHECK-NEXT: bale %s: %s = RDREGION
; CHECK-NEXT: bale %m: %m = MAININST{0,2} (%c = RDREGION, %n = RDREGION)
; CHECK-EMPTY:
define <16 x i32> @umadw_legal_only(<16 x i32> %a, <8 x i32> %b) {
entry:
  %c = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %n = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %m = call <16 x i32> @llvm.genx.umadw.v16i32.v8i32(<8 x i32> %c, <8 x i32> %s, <8 x i32> %n)
  ret <16 x i32> %m
}

; bf.cvt takes only direct regions: an indirect read is refused in code-generation baling.
; CHECK-LABEL: bales of 'bf_cvt_direct_only'
; CHECK-NEXT: bale %f: %f = MAININST{0} (%h = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'bf_cvt_direct_only'
; CG-NEXT: bale %h: %h = RDREGION
; CG-NEXT: bale %f: %f = MAININST
; CG-EMPTY:
define <8 x float> @bf_cvt_direct_only(<32 x half> %a, i16 %i) {
entry:
  %h = call <8 x half> @llvm.genx.rdregionf.v8f16.v32f16.i16(<32 x half> %a, i32 0, i32 8, i32 1, i16 %i, i32 undef)
  %f = call <8 x float> @llvm.genx.bf.cvt.v8f32.v8f16(<8 x half> %h)
  ret <8 x float> %f
}

; ieee.div operands take no source modifier: the negate stays out, the read bales.
; CHECK-LABEL: bales of 'no_modifier_operand'
; CHECK-NEXT: bale %n: %n = NEGMOD
; CHECK-NEXT: bale %q: %q = MAININST{1} (%r = RDREGION)
; CHECK-EMPTY:
define <8 x float> @no_modifier_operand(<8 x float> %a, <16 x float> %b) {
entry:
  %n = fneg <8 x float> %a
  %r = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %q = call <8 x float> @llvm.genx.ieee.div.v8f32(<8 x float> %n, <8 x float> %r)
  ret <8 x float> %q
}

declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <8 x half> @llvm.genx.rdregionf.v8f16.v32f16.i16(<32 x half>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.dp4.v8f32(<8 x float>, <8 x float>)
declare <8 x float> @llvm.genx.lrp.v8f32(<8 x float>, <8 x float>, <8 x float>)
declare <16 x i32> @llvm.genx.umadw.v16i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x float> @llvm.genx.bf.cvt.v8f32.v8f16(<8 x half>)
declare <8 x float> @llvm.genx.ieee.div.v8f32(<8 x float>, <8 x float>)
