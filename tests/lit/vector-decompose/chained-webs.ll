; Decomposing one web rewrites the reads of its joins, and such a read may be where another web starts (its
; source): webs are found again after each decomposition, so the second web is cut too, starting from the
; first one's part.
; RUN: %opt -passes=genx-vector-decompose -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -
; RUN: %opt -passes=genx-vector-decompose -pass-remarks=genx-vector-decompose -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; Web A (<32 x i32>, %wa) is cut into 0..32, 32..64, 64..128: %r reads its whole last part, so %r becomes that
; part, an rdregion of %a. Web B (<16 x i32>, %wb, written at byte 32 and read by halves) starts from it.
; REMARK: remark: <unknown>:0:0: web of %wa (1 joins, 2 values) cut into 3 parts of its 128 bytes: 0..32, 32..64, 64..128
; REMARK: remark: <unknown>:0:0: web of %wb (1 joins, 2 values) cut into 2 parts of its 64 bytes: 0..32, 32..64
; CHECK-LABEL: define <8 x i32> @chained_webs(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.part2 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %a, i32 0, i32 16, i32 1, i16 64, i32 undef)
; CHECK-NEXT: %a.part2.part0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a.part2, i32 0, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %s = add <8 x i32> %a.part2.part0, %y
; CHECK-NEXT: %s2 = add <8 x i32> %s, %x
; CHECK-NEXT: ret <8 x i32> %s2
define <8 x i32> @chained_webs(<32 x i32> %a, <8 x i32> %x, <8 x i32> %y) {
entry:
  %wa = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %a, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %wa, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %first = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %wa, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %wb = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %r, <8 x i32> %y, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %lo = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %wb, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %hi = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %wb, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %s = add <8 x i32> %lo, %hi
  %s2 = add <8 x i32> %s, %first
  ret <8 x i32> %s2
}

declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
