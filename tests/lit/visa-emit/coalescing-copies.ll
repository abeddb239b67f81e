; Register decisions, counted by -stats: the lowering writes a wrregion into a fresh variable that starts as a
; copy of its Old value's, and coalescing (liveness on the machine IR) removes the copy when Old dies there:
; @chain's two writes into an existing value share the first one's variable, no copy;
; when Old is used after the write, the copy stays (@old_live: one copy, one SIMD16 move of its 16 dwords, two
; 32-byte GRFs); a constant Old is written by moves (@constant_old: counted as a wrregion onto a constant); a
; bitcast is an alias (no instruction).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: FileCheck %s --check-prefix=STATS < %t.out

; CHECK-LABEL: .kernel "chain"
; CHECK: .decl [[W:V[0-9]+]] v_type=G type=d num_elts=16 align=GRF // %w0
; CHECK: .decl [[WF:V[0-9]+]] v_type=G type=f num_elts=16 alias=<[[W]], 0> // %cast
; CHECK: chain_BB_0:
; CHECK-NEXT: add (M1, 8) [[W]](0,0)<1> [[A:V[0-9]+]](0,0)<1;1,0> 0x1:d
; CHECK-NEXT: add (M1, 8) [[W]](1,0)<1> [[A]](0,0)<1;1,0> 0x2:d
; CHECK-NEXT: mov (M1, 4) [[W]](0,0)<2> [[A]](0,0)<1;1,0>
; CHECK-NEXT: oword_st (4) {{T[0-9]+}} 0x0:ud [[W]].0
; CHECK-NEXT: oword_st (4) {{T[0-9]+}} 0x4:ud [[WF]].0
; CHECK-NEXT: ret

; CHECK-LABEL: .kernel "old_live"
; CHECK: old_live_BB_0:
; CHECK-NEXT: mov (M1, 16) [[C:V[0-9]+]](0,0)<1> [[OLD:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[C]](0,0)<1> [[A2:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: oword_st (4) {{T[0-9]+}} 0x0:ud [[C]].0
; CHECK-NEXT: oword_st (4) {{T[0-9]+}} 0x4:ud [[OLD]].0

; CHECK-LABEL: .kernel "constant_old"
; CHECK: constant_old_BB_0:
; CHECK-NEXT: mov (M1, 16) [[K:V[0-9]+]](0,0)<1> 0x0:d
; CHECK-NEXT: mov (M1, 8) [[K]](0,0)<1>

; STATS-DAG: 2 print<genx-visa-emit> - copies removed by coalescing (the two variables became one)
; STATS-DAG: 1 print<genx-visa-emit> - copies kept: a wrregion's old value still used after it
; STATS-DAG: 1 print<genx-visa-emit> - moves the kept copies became
; STATS-DAG: 1 print<genx-visa-emit> - wrregions and predicated loads onto a constant old value
; STATS-DAG: 1 print<genx-visa-emit> - bitcasts emitted as vISA aliases

define void @chain(i32 %buf, <8 x i32> %a) #0 {
  %x = add <8 x i32> %a, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %w0 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %x, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %y = add <8 x i32> %a, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %w1 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %w0, <8 x i32> %y, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %lo = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %a, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %w2 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %w1, <4 x i32> %lo, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %w2)
  %cast = bitcast <16 x i32> %w2 to <16 x float>
  call void @llvm.genx.oword.st.v16f32(i32 %buf, i32 4, <16 x float> %cast)
  ret void
}

define void @old_live(i32 %buf, <16 x i32> %old, <8 x i32> %a) #0 {
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %old, <8 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %w)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 4, <16 x i32> %old)
  ret void
}

define void @constant_old(i32 %buf, <8 x i32> %a) #0 {
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> zeroinitializer, <8 x i32> %a, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %w)
  ret void
}

declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !5}
!0 = !{void (i32, <8 x i32>)* @chain, !"chain", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
!4 = !{void (i32, <16 x i32>, <8 x i32>)* @old_live, !"old_live", !6, i32 0, !7, !7, !8, i32 0}
!5 = !{void (i32, <8 x i32>)* @constant_old, !"constant_old", !1, i32 0, !2, !2, !3, i32 0}
!6 = !{i32 2, i32 0, i32 0}
!7 = !{i32 0, i32 0, i32 0}
!8 = !{!"buffer_t", !"", !""}
