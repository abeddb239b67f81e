; Predicate baling happens in code-generation baling only (legalization wants to split predicate operations on their
; own): a wrregion or select predicate bales a rdpredregion and a predicate not; a branch bales all/any, and those
; bale a not or a rdpredregion below them; a branch bales goto/join through the extract of its !any result.
; wrpredregion baling its cmp is not predicate baling: both kinds do it.
; RUN: %opt -passes='print<genx-baling>' -S %s -o %t.ll 2>%t.bales
; RUN: FileCheck %s < %t.bales
; RUN: %validate %s %t.ll
; RUN: %cmc -passes='print<genx-baling>' -S %s 2>&1 >/dev/null | diff %t.bales -
; RUN: %opt -passes='print<genx-baling-codegen>' -S %s -o %t.cg.ll 2>%t.cg.bales
; RUN: FileCheck %s --check-prefix=CG < %t.cg.bales
; RUN: %validate %s %t.cg.ll

; A predicated write takes part of a wider predicate (rdpredregion), directly or through a not.
; CHECK-LABEL: bales of 'wrregion_predicate' (legalization, icllp):
; CHECK-NEXT: bale %mp: %mp = RDPREDREGION
; CHECK-NEXT: bale %w1: %w1 = WRREGION{1} (%r = RDREGION)
; CHECK-NEXT: bale %mq: %mq = RDPREDREGION
; CHECK-NEXT: bale %nq: %nq = MAININST
; CHECK-NEXT: bale %w2: %w2 = WRREGION{1} (%s = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'wrregion_predicate' (codegen, icllp):
; CG-NEXT: bale %w1: %w1 = WRREGION{1,7} (%r = RDREGION, %mp = RDPREDREGION)
; CG-NEXT: bale %w2: %w2 = WRREGION{1,7} (%s = RDREGION, %nq = NOTP{0} (%mq = RDPREDREGION))
; CG-EMPTY:
define <16 x i32> @wrregion_predicate(<16 x i32> %a, <16 x i32> %b, <16 x i1> %p) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %mp = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32> %b, <8 x i32> %r, i32 0, i32 8, i32 1, i16 32, i32 undef, <8 x i1> %mp)
  %s = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %mq = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 0)
  %nq = xor <8 x i1> %mq, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32> %w1, <8 x i32> %s, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %nq)
  ret <16 x i32> %w2
}

; A select's condition bales like a predicate (after its values: here reads).
; CHECK-LABEL: bales of 'select_condition' (legalization, icllp):
; CHECK-NEXT: bale %m: %m = RDPREDREGION
; CHECK-NEXT: bale %s: %s = MAININST{1,2} (%ra = RDREGION, %rb = RDREGION)
; CHECK-EMPTY:
; CG-LABEL: bales of 'select_condition' (codegen, icllp):
; CG-NEXT: bale %s: %s = MAININST{0,1,2} (%m = RDPREDREGION, %ra = RDREGION, %rb = RDREGION)
; CG-EMPTY:
define <8 x i32> @select_condition(<16 x i32> %a, <16 x i32> %b, <16 x i1> %p) {
entry:
  %m = call <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1> %p, i32 8)
  %ra = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %rb = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %s = select <8 x i1> %m, <8 x i32> %ra, <8 x i32> %rb
  ret <8 x i32> %s
}

; A branch on any(cmp) and on all(not(rdpredregion)): all/any bale into the branch, and a not and a rdpredregion
; into the all (a cmp is not a predicate operation: it stays out). The read also feeds a phi: the cmp gets a clone.
; CHECK-LABEL: bales of 'branch_any_all' (legalization, icllp):
; CHECK-NEXT: bale %r: %r = RDREGION
; CHECK-NEXT: bale %c: %c = MAININST{0} (%r1 = RDREGION)
; CHECK-NEXT: bale %any: %any = MAININST
; CHECK-NEXT: bale %q: %q = RDPREDREGION
; CHECK-NEXT: bale %nq: %nq = MAININST
; CHECK-NEXT: bale %all: %all = MAININST
; CHECK-NEXT: bale %sum: %sum = MAININST
; CHECK-EMPTY:
; CG-LABEL: bales of 'branch_any_all' (codegen, icllp):
; CG-NEXT: bale %r: %r = RDREGION
; CG-NEXT: bale %c: %c = MAININST{0} (%r1 = RDREGION)
; CG-NEXT: bale br@entry#4: br@entry#4 = MAININST{0} (%any = ALLANY)
; CG-NEXT: bale br@more#3: br@more#3 = MAININST{0} (%all = ALLANY{0} (%nq = NOTP{0} (%q = RDPREDREGION)))
; CG-NEXT: bale %sum: %sum = MAININST
; CG-EMPTY:
define <8 x i32> @branch_any_all(<16 x i32> %a, <8 x i32> %b, <32 x i1> %p) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %c = icmp sgt <8 x i32> %r, %b
  %any = call i1 @llvm.genx.any.v8i1(<8 x i1> %c)
  br i1 %any, label %more, label %done
more:
  %q = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %p, i32 16)
  %nq = xor <16 x i1> %q, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %all = call i1 @llvm.genx.all.v16i1(<16 x i1> %nq)
  br i1 %all, label %done, label %twice
twice:
  %sum = add <8 x i32> %b, %b
  br label %done
done:
  %res = phi <8 x i32> [ %b, %entry ], [ %r, %more ], [ %sum, %twice ]
  ret <8 x i32> %res
}

; goto -> extract of its !any result -> branch is one bale in code-generation baling (the goto keeps its other uses).
; CHECK-LABEL: bales of 'goto_branch' (legalization, icllp):
; CHECK-NEXT: bale %g: %g = MAININST
; CHECK-NEXT: bale %y: %y = MAININST
; CHECK-EMPTY:
; CG-LABEL: bales of 'goto_branch' (codegen, icllp):
; CG-NEXT: bale br@entry#4: br@entry#4 = MAININST{0} (%g.any = MAININST{0} (%g = MAININST))
; CG-NEXT: bale %y: %y = MAININST
; CG-EMPTY:
define <16 x i32> @goto_branch(<32 x i1> %em, <16 x i1> %rm, <16 x i1> %c, <16 x i32> %x) {
entry:
  %g = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em, <16 x i1> %rm, <16 x i1> %c)
  %g.em = extractvalue { <32 x i1>, <16 x i1>, i1 } %g, 0
  %g.rm = extractvalue { <32 x i1>, <16 x i1>, i1 } %g, 1
  %g.any = extractvalue { <32 x i1>, <16 x i1>, i1 } %g, 2
  br i1 %g.any, label %skip, label %then
then:
  %y = mul <16 x i32> %x, %x
  br label %skip
skip:
  %res = phi <16 x i32> [ %x, %entry ], [ %y, %then ]
  ret <16 x i32> %res
}

; A wrpredregion bales the cmp it writes in both kinds.
; CHECK-LABEL: bales of 'wrpredregion_cmp' (legalization, icllp):
; CHECK-NEXT: bale %w: %w = WRPREDREGION{1} (%c = MAININST{0} (%r = RDREGION))
; CHECK-EMPTY:
; CG-LABEL: bales of 'wrpredregion_cmp' (codegen, icllp):
; CG-NEXT: bale %w: %w = WRPREDREGION{1} (%c = MAININST{0} (%r = RDREGION))
; CG-EMPTY:
define <32 x i1> @wrpredregion_cmp(<16 x i32> %a, <8 x i32> %b, <32 x i1> %p) {
entry:
  %r = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a, i32 0, i32 8, i32 2, i16 0, i32 undef)
  %c = icmp eq <8 x i32> %r, %b
  %w = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v8i1(<32 x i1> %p, <8 x i1> %c, i32 8)
  ret <32 x i1> %w
}

declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.v8i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <8 x i1> @llvm.genx.rdpredregion.v8i1.v16i1(<16 x i1>, i32)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare i1 @llvm.genx.any.v8i1(<8 x i1>)
declare i1 @llvm.genx.all.v16i1(<16 x i1>)
declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v8i1(<32 x i1>, <8 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
