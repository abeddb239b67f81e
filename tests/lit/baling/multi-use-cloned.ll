; A baled operand with several uses is cloned, one copy per bale, recursively (a shared negate of a shared read
; gives two negates of two reads). In legalization baling a shared read is not baled when a user is a bitcast or
; the read is indirect; code-generation baling bales (and clones) it anyway.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -
; RUN: %opt -passes='print<genx-baling-codegen>' -S %s -o %t.cg.ll 2>%t.cg.bales
; RUN: FileCheck %s --check-prefix=CG < %t.cg.bales
; RUN: %validate %s %t.cg.ll

; One read, two adds: the read is cloned next to itself and each add bales its own copy.
; CHECK-LABEL: bales of 'shared_read'
; CHECK-NEXT: bale %x: %x = MAININST{0,1} (%r = RDREGION, %rb = RDREGION)
; CHECK-NEXT: bale %y: %y = MAININST{0,1} (%r1 = RDREGION, %rc = RDREGION)
; CHECK-NEXT: bale %z: %z = MAININST
; CHECK-EMPTY:
; IR-LABEL: define <8 x i32> @shared_read(
; IR-NEXT: entry:
; IR-NEXT: %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 4, i32 undef)
; IR-NEXT: %r1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 4, i32 undef)
; IR: %x = add <8 x i32> %r, %rb
; IR: %y = mul <8 x i32> %r1, %rc
define <8 x i32> @shared_read(<16 x i32> %a, <16 x i32> %b) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %x = add <8 x i32> %r, %rb
  %rc = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %y = mul <8 x i32> %r, %rc
  %z = sub <8 x i32> %x, %y
  ret <8 x i32> %z
}

; A shared negate of a read: the negate is cloned for the second user, then the read for the clone (deepest last;
; LLVM numbers the clones' names per function, hence %n1 and %r2).
; CHECK-LABEL: bales of 'shared_chain'
; CHECK-NEXT: bale %x: %x = MAININST{0} (%n = NEGMOD{0} (%r = RDREGION))
; CHECK-NEXT: bale %y: %y = MAININST{0} (%n1 = NEGMOD{0} (%r2 = RDREGION))
; CHECK-NEXT: bale %z: %z = MAININST
; CHECK-EMPTY:
; IR-LABEL: define <8 x float> @shared_chain(
; IR-NEXT: entry:
; IR-NEXT: %r = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
; IR-NEXT: %r2 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
; IR-NEXT: %n = fneg <8 x float> %r
; IR-NEXT: %n1 = fneg <8 x float> %r2
; IR-NEXT: %x = fadd <8 x float> %n, %b
; IR-NEXT: %y = fmul <8 x float> %n1, %b
define <8 x float> @shared_chain(<16 x float> %a, <8 x float> %b) {
entry:
  %r = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %n = fneg <8 x float> %r
  %x = fadd <8 x float> %n, %b
  %y = fmul <8 x float> %n, %b
  %z = fsub <8 x float> %x, %y
  ret <8 x float> %z
}

; A read that is also bitcast stays unbaled in legalization baling (the bitcast keeps it alive anyway), and is
; neither cloned; code-generation baling bales and clones it.
; CHECK-LABEL: bales of 'bitcast_user'
; CHECK-NEXT: bale %r: %r = RDREGION
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-EMPTY:
; CG-LABEL: bales of 'bitcast_user'
; CG-NEXT: bale %r: %r = RDREGION
; CG-NEXT: bale %x: %x = MAININST{0} (%r1 = RDREGION)
; CG-NEXT: bale %y: %y = MAININST
; CG-EMPTY:
define <8 x float> @bitcast_user(<16 x i32> %a, <8 x i32> %b) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %x = add <8 x i32> %r, %b
  %f = bitcast <8 x i32> %r to <8 x float>
  %xf = bitcast <8 x i32> %x to <8 x float>
  %y = fadd <8 x float> %f, %xf
  ret <8 x float> %y
}

; A shared indirect read stays unbaled in legalization baling (multiple-use indirect reads legalize narrow);
; code-generation baling clones it for both users.
; CHECK-LABEL: bales of 'indirect_shared'
; CHECK-NEXT: bale %r: %r = RDREGION
; CHECK-NEXT: bale %x: %x = MAININST
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-NEXT: bale %z: %z = MAININST
; CHECK-EMPTY:
; CG-LABEL: bales of 'indirect_shared'
; CG-NEXT: bale %x: %x = MAININST{0} (%r = RDREGION)
; CG-NEXT: bale %y: %y = MAININST{0} (%r1 = RDREGION)
; CG-NEXT: bale %z: %z = MAININST
; CG-EMPTY:
define <4 x i32> @indirect_shared(<16 x i32> %a, i16 %i, <4 x i32> %b) {
entry:
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %a, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  %x = add <4 x i32> %r, %b
  %y = mul <4 x i32> %r, %b
  %z = xor <4 x i32> %x, %y
  ret <4 x i32> %z
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
