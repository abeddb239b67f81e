; SIMD_IF / SIMD_ELSE: the true leg runs with the channels whose condition holds, the else leg with the others;
; the phi at the join becomes a slot written under EM in each leg. The unlowered program (which runs a whole
; leg for every channel) disagrees with the lowered one; the per-lane reference agrees.
; RUN: %opt -passes=genx-simdcf-lower -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes='genx-simdcf-lower<reference>' -S %s -o %t.ref.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.ll
; RUN: not %validate %s %t.ll
; RUN: %cmc -passes=genx-simdcf-lower -S %s | diff %t.ll -
; RUN: %cmc -passes=genx-simdcf-lower,mem2reg -S %s -o %t.m2r.ll
; RUN: %validate --trials 1000 %t.ref.ll %t.m2r.ll

; CHECK-LABEL: define <8 x i32> @if_else(
; CHECK: entry:
; CHECK-NEXT: %r.slot = alloca <8 x i32>
; CHECK-NEXT: store <8 x i32> zeroinitializer, <8 x i32>* %r.slot
; CHECK: %RM.else.join = alloca <8 x i1>
; CHECK: %RM.end.join = alloca <8 x i1>
; CHECK: %EM = alloca <32 x i1>
; CHECK-NEXT: store <32 x i1> <i1 true,
; The channels where %c holds stay (fall through to %then); the others are parked in the else join's RM.
; CHECK: %goto = call { <32 x i1>, <8 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> %em{{[0-9]*}}, <8 x i1> %rm, <8 x i1> %c)
; CHECK: store <8 x i1> %goto.rm, <8 x i1>* %RM.else.join
; CHECK: br i1 %goto.branch, label %else.join, label %then
; CHECK: then:
; CHECK: %em.slice = shufflevector <32 x i1> %em{{[0-9]*}}, <32 x i1> undef, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: %a.old = load <8 x i32>, <8 x i32>* %r.slot
; CHECK-NEXT: %a.simdcf = select <8 x i1> %em.slice, <8 x i32> %a, <8 x i32> %a.old
; CHECK-NEXT: store <8 x i32> %a.simdcf, <8 x i32>* %r.slot
; The end of the true leg parks every channel in the end join and goes on to the else join (its JIP).
; CHECK: @llvm.genx.simdcf.goto.v32i1.v8i1(<32 x i1> %em{{[0-9]*}}, <8 x i1> %rm{{[0-9]*}}, <8 x i1> zeroinitializer)
; CHECK: else.join:
; CHECK: %join = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(
; CHECK: store <8 x i1> zeroinitializer, <8 x i1>* %RM.else.join
; CHECK-NEXT: br i1 %join.branch, label %end.join, label %else
; CHECK: else:
; CHECK: %b.simdcf = select <8 x i1> %em.slice{{[0-9]*}}, <8 x i32> %b, <8 x i32> %b.old
; CHECK: end.join:
; CHECK: call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v8i1(
; CHECK: end:
; CHECK-NEXT: %r = load <8 x i32>, <8 x i32>* %r.slot
; CHECK-NOT: simdcf.any
define <8 x i32> @if_else(<8 x i32> %x, <8 x i32> %y) {
entry:
  %c = icmp sgt <8 x i32> %x, %y
  %any = call i1 @llvm.genx.simdcf.any.v8i1(<8 x i1> %c)
  br i1 %any, label %then, label %else

then:
  %a = sub <8 x i32> %x, %y
  br label %end

else:
  %b = mul <8 x i32> %x, %y
  br label %end

end:
  %r = phi <8 x i32> [ %a, %then ], [ %b, %else ]
  ret <8 x i32> %r
}

; SIMD_IF without else, 16 channels, a store to memory inside: load, select under EM, store.
; CHECK-LABEL: define void @if_store(
; CHECK: %goto = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1(<32 x i1> %em{{[0-9]*}}, <16 x i1> %rm, <16 x i1> %c)
; CHECK: br i1 %goto.branch, label %end.join, label %then
; CHECK: then:
; CHECK-NEXT: %n = fsub <16 x float> zeroinitializer, %x
; CHECK: %n.old = load <16 x float>, <16 x float>* %p
; CHECK-NEXT: %n.simdcf = select <16 x i1> %em.slice, <16 x float> %n, <16 x float> %n.old
; CHECK-NEXT: store <16 x float> %n.simdcf, <16 x float>* %p
define void @if_store(<16 x float> %x, <16 x float>* %p) {
entry:
  %c = fcmp olt <16 x float> %x, zeroinitializer
  %any = call i1 @llvm.genx.simdcf.any.v16i1(<16 x i1> %c)
  br i1 %any, label %then, label %end

then:
  %n = fsub <16 x float> zeroinitializer, %x
  store <16 x float> %n, <16 x float>* %p
  br label %end

end:
  ret void
}

; A negated condition (what `if (!any)` or a bool round trip leaves) is normalised by swapping the legs.
; 32 channels: EM is used whole, no slice.
; CHECK-LABEL: define <32 x i16> @negated_condition(
; CHECK: %goto = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1(<32 x i1> %em{{[0-9]*}}, <32 x i1> %rm, <32 x i1> %c)
; CHECK: %v.simdcf = select <32 x i1> %em{{[0-9]*}}, <32 x i16> %v, <32 x i16> %v.old
define <32 x i16> @negated_condition(<32 x i16> %x) {
entry:
  %c = icmp ugt <32 x i16> %x, <i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100, i16 100>
  %any = call i1 @llvm.genx.simdcf.any.v32i1(<32 x i1> %c)
  %any.byte = zext i1 %any to i8
  %none = icmp eq i8 %any.byte, 0
  br i1 %none, label %end, label %then

then:
  %v = lshr <32 x i16> %x, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  br label %end

end:
  %r = phi <32 x i16> [ %x, %entry ], [ %v, %then ]
  ret <32 x i16> %r
}

declare i1 @llvm.genx.simdcf.any.v8i1(<8 x i1>)
declare i1 @llvm.genx.simdcf.any.v16i1(<16 x i1>)
declare i1 @llvm.genx.simdcf.any.v32i1(<32 x i1>)
