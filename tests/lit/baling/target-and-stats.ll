; The platform comes from "target-cpu" (genx-target<NAME> sets it); an unknown name is an error naming the
; attribute, and no output is written. The rewrites are counted in LLVM's statistics (-stats).
; RUN: %opt -passes='genx-target<dg2>,print<genx-baling-codegen>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DG2
; RUN: sed -e 's/"target-cpu"="icllp"/"target-cpu"="gen42"/' %s > %t.bad.ll
; RUN: not %opt -passes='print<genx-baling>' -S %t.bad.ll -o %t.out.ll 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not test -e %t.out.ll
; RUN: %opt -passes='print<genx-baling>' -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %cmc -passes='print<genx-baling>' -stats -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>/dev/null
; RUN: %validate %s %t.ll

; DG2: bales of 'k' (codegen, acm-g10):
; UNKNOWN: error: print<genx-baling>: in function 'k': unknown platform 'gen42'; supported: skl {{.*}} (from the "target-cpu" attribute)
; STATS-DAG: 1 print<genx-baling> - baled instructions cloned to have a single use
; STATS-DAG: 1 print<genx-baling> - wrregion New values whose other uses now read the wrregion
; STATS-DAG: 1 print<genx-baling> - modifiers with constant operands folded
; STATS-DAG: 1 print<genx-baling> - selects turned into predicated wrregions

define <8 x i32> @k(<16 x i32> %a, <16 x i32> %c, <8 x i32> %b, <8 x i1> %m, <16 x i32>* %out) #0 {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %x = add <8 x i32> %r, %b
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %c, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %y = mul <8 x i32> %x, %r
  store <16 x i32> %w, <16 x i32>* %out
  %n = sub <8 x i32> zeroinitializer, <i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8>
  %z = add <8 x i32> %y, %n
  %s = select <8 x i1> %m, <8 x i32> %z, <8 x i32> %b
  ret <8 x i32> %s
}

attributes #0 = { "target-cpu"="icllp" }

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
