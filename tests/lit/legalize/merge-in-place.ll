; A masked write of a whole vector whose new value reads that same vector whole, `wrregion(g, sub(0, g), m)`
; (CM's `g.merge(-g, g < 0)`), split in pieces: each piece reads its lanes from the previous piece's result, which
; the earlier pieces did not write there, so the old vector dies at the first piece and the emitter writes
; every piece in place (no copy of the 32 words, no second variable). Before the split, the mask's round trip
; through a sign-extended int, a truncation to words and `and 1` is folded back into the compare
; (visa_emit/truth.rs, run by genx-legalize on whole vectors: after the split the chain would be in pieces).
; Negative case @transposed: the write's region visits the old vector in another order (rows of 2 at lanes r and
; r + 4), so a piece may read lanes an earlier piece wrote: every piece reads the original.
; RUN: %opt -passes=genx-legalize -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output -stats %s 2> %t.visaasm
; RUN: FileCheck %s --check-prefix=VISA < %t.visaasm
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.only.visaasm
; RUN: %validate %s %t.only.visaasm

; CHECK-LABEL: define void @magnitude(
; CHECK:        icmp slt <32 x i16> %g.split{{[0-9]+}}, zeroinitializer
; CHECK-NOT:    select
; CHECK-NOT:    and <
; CHECK:        %n.split0 = sub <32 x i16> zeroinitializer, %g.split0
; CHECK-NEXT:   %r.join0 = call <64 x i16> @llvm.genx.wrregioni.v64i16.v32i16.i16.v32i1(<64 x i16> %g, <32 x i16> %n.split0,
; CHECK:        [[REST:%.*]] = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %r.join0, i32 16, i32 16, i32 1, i16 64,
; CHECK-NEXT:   %n.split32 = sub <32 x i16> zeroinitializer, [[REST]]
; VISA-LABEL: .kernel "magnitude"
; VISA:        cmp.lt (M1, 32) [[P:P[0-9]+]] [[G:V[0-9]+]](0,0)<1;1,0> 0x0:w
; VISA:        ([[P]]) mov (M1, 32) [[G]](0,0)<1> (-)[[G]](0,0)<1;1,0>
; VISA:        ([[Q:P[0-9]+]]) mov (M1, 32) [[G]](2,0)<1> (-)[[G]](2,0)<1;1,0>
; VISA:        oword_st (8) {{T[0-9]+}} 0x0:ud [[G]].0
; VISA-NOT:    copies kept: a wrregion's old value
; VISA:        2 print<genx-visa-emit> - copies removed by coalescing
; VISA-NOT:    copies kept: a wrregion's old value
define void @magnitude(i32 %buf) #0 {
entry:
  %g = call <64 x i16> @llvm.genx.oword.ld.v64i16(i32 0, i32 %buf, i32 0)
  %c = icmp slt <64 x i16> %g, zeroinitializer
  %s = select <64 x i1> %c, <64 x i32> <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <64 x i32> zeroinitializer
  %t = trunc <64 x i32> %s to <64 x i16>
  %a = and <64 x i16> %t, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %m = icmp ne <64 x i16> %a, zeroinitializer
  %n = sub <64 x i16> zeroinitializer, %g
  %r = call <64 x i16> @llvm.genx.wrregioni.v64i16.v64i16.i16.v64i1(<64 x i16> %g, <64 x i16> %n, i32 0, i32 64, i32 1, i16 0, i32 undef, <64 x i1> %m)
  call void @llvm.genx.oword.st.v64i16(i32 %buf, i32 0, <64 x i16> %r)
  ret void
}

; CHECK-LABEL: define <8 x i16> @transposed(
; CHECK:        %old.split0 = call <{{[0-9]+}} x i16> @llvm.genx.rdregioni.{{.*}}(<8 x i16> %old,
; CHECK:        %old.split2 = call <{{[0-9]+}} x i16> @llvm.genx.rdregioni.{{.*}}(<8 x i16> %old,
; CHECK-NOT:    rdregioni.{{.*}}(<8 x i16> %r.join
; CHECK:        ret <8 x i16> %r.join
define <8 x i16> @transposed(<8 x i16> %g, <8 x i16> %old) #0 {
entry:
  %x = add <8 x i16> %old, %g
  %r = call <8 x i16> @llvm.genx.wrregioni.v8i16.v8i16.i16.i1(<8 x i16> %old, <8 x i16> %x, i32 1, i32 2, i32 4, i16 0, i32 undef, i1 true)
  ret <8 x i16> %r
}

declare <64 x i16> @llvm.genx.oword.ld.v64i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v64i16(i32, i32, <64 x i16>)
declare <64 x i16> @llvm.genx.wrregioni.v64i16.v64i16.i16.v64i1(<64 x i16>, <64 x i16>, i32, i32, i32, i16, i32, <64 x i1>)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v8i16.i16.i1(<8 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @magnitude, !"magnitude", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
