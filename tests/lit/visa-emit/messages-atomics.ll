; DWORD atomics: the operation is intrinsics.td's data (`imin` is vISA's minsint, `imax` maxsint); inc/dec take
; no source (%null), cmpxchg two; the sources and result are typed as vISA requires (ud, d for minsint/maxsint,
; f for the float operations) through aliases; atomic2 forms have no old value, atomic forms with a variable
; lane enable merge the old value first. The vISA validates against the IR on the executor.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: .decl [[BUF:T[0-9]+]] v_type=T num_elts=1 // %buf
; CHECK: dword_atomic.inc (M1, 8) [[BUF]] [[OFF:V[0-9]+]].0 %null.0 %null.0 {{V[0-9]+}}.0
; CHECK: dword_atomic.add (M1, 8) [[BUF]] [[OFF]].0 {{V[0-9]+}}.0 %null.0 {{V[0-9]+}}.0
; CHECK: dword_atomic.minsint (M1, 8) [[BUF]] [[OFF]].0 [[SD:V[0-9]+]].0 %null.0 {{V[0-9]+}}.0
; CHECK: dword_atomic.cmpxchg (M1, 8) [[BUF]] [[OFF]].0 {{V[0-9]+}}.0 {{V[0-9]+}}.0 {{V[0-9]+}}.0
; CHECK: ([[P:P[0-9]+]]) dword_atomic.max (M1, 8) [[BUF]] [[OFF]].0
; CHECK: dword_atomic.fmax (M1, 8) [[BUF]] [[OFF]].0

define void @atomics(i32 %buf) #0 {
  %raw = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %off = and <8 x i32> %raw, <i32 60, i32 60, i32 60, i32 60, i32 60, i32 60, i32 60, i32 60>
  %src = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
  %a = call <8 x i32> @llvm.genx.dword.atomic2.inc.v8i32.v8i1(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %buf, <8 x i32> %off)
  %b = call <8 x i32> @llvm.genx.dword.atomic2.add.v8i32.v8i1.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %buf, <8 x i32> %off, <8 x i32> %src)
  %c = call <8 x i32> @llvm.genx.dword.atomic2.imin.v8i32.v8i1.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %buf, <8 x i32> %off, <8 x i32> %a)
  %d = call <8 x i32> @llvm.genx.dword.atomic2.cmpxchg.v8i32.v8i1(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %buf, <8 x i32> %off, <8 x i32> %b, <8 x i32> %c)
  %p = icmp ult <8 x i32> %src, <i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000>
  %e = call <8 x i32> @llvm.genx.dword.atomic.max.v8i32.v8i1.v8i32(<8 x i1> %p, i32 %buf, <8 x i32> %off, <8 x i32> %d, <8 x i32> %b)
  %f = bitcast <8 x i32> %e to <8 x float>
  %g = call <8 x float> @llvm.genx.dword.atomic2.fmax.v8f32.v8i1.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 %buf, <8 x i32> %off, <8 x float> %f)
  %h = bitcast <8 x float> %g to <8 x i32>
  %sum = add <8 x i32> %h, %e
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %sum)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic2.inc.v8i32.v8i1(<8 x i1>, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic2.add.v8i32.v8i1.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic2.imin.v8i32.v8i1.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic2.cmpxchg.v8i32.v8i1(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.dword.atomic.max.v8i32.v8i1.v8i32(<8 x i1>, i32, <8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x float> @llvm.genx.dword.atomic2.fmax.v8f32.v8i1.v8i32(<8 x i1>, i32, <8 x i32>, <8 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32)* @atomics, !"atomics", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
