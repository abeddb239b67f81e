; Two things the emitter leaves out. (1) An undef lane of a constant may hold anything: it repeats the defined
; lane before it, so @undef_lanes's <undef, -1, undef, -1 ...> select operand is the immediate -1 (one sel, no
; per-lane moves), and <7, undef, 7, undef ...> is the immediate 7. (2) A wrregion that writes elements back
; where they are (New a rdregion of a vector of the result's type, same elements, Old undef or that vector's
; variable; what genx-legalize leaves when it splits a region copy) emits nothing: @write_back's six-by-six
; select copied back in 4 + 2 pieces per row is the media block read's own variable, stored as it is (no move);
; -stats counts the six writes. Negative case @moved: the same pieces written at other columns are moves. The
; vISA validates against the IR on the executor, and GenX_IR assembles it.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output -stats %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: FileCheck %s --check-prefix=STATS < %t.out
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && csplit -s -z -f %t.d/k -b '%%d.visaasm' %t.visaasm '/^\.version/' '{*}'
; RUN: %validate %s %t.d/k0.visaasm
; RUN: %validate %s %t.d/k1.visaasm
; RUN: %validate %s %t.d/k2.visaasm
; RUN: cd %t.d && GenX_IR k0.visaasm -platform ICLLP -output && GenX_IR k1.visaasm -platform ICLLP -output && GenX_IR k2.visaasm -platform ICLLP -output
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "undef_lanes"
; CHECK: undef_lanes_BB_0:
; CHECK-NEXT: oword_ld
; CHECK-NEXT: oword_ld
; CHECK-NEXT: cmp.gt (M1, 8) [[P:P[0-9]+]]
; CHECK-NEXT: ([[P]]) sel (M1, 8) [[S:V[0-9]+]](0,0)<1> 0xffffffff:d 0x0:d
; CHECK-NEXT: setp (M1_NM, 8) [[Q:P[0-9]+]] 0x5:ud
; CHECK-NEXT: ([[Q]]) mov (M1, 8) [[S]](0,0)<1> 0x7:d
; CHECK-NEXT: oword_st (2) {{T[0-9]+}} 0x4:ud [[S]].0

; CHECK-LABEL: .kernel "write_back"
; CHECK: .decl [[M:V[0-9]+]] v_type=G type=b num_elts=192 align=GRF // %m
; CHECK: .decl [[R:V[0-9]+]] v_type=G type=b num_elts=192 alias=<[[M]], 0> // %r
; CHECK: write_back_BB_0:
; CHECK-NEXT: media_ld.nomod (24,6) {{T[0-9]+}} 0 0x0:ud 0x0:ud [[M]].0
; CHECK-NEXT: media_st.nomod (24,6) {{T[0-9]+}} 0 0x0:ud 0x0:ud [[R]].0
; CHECK-NEXT: ret

; CHECK-LABEL: .kernel "moved"
; CHECK: moved_BB_0:
; CHECK-NEXT: media_ld
; CHECK-NEXT: mov (M1, 4)
; CHECK-NEXT: mov (M1, 2)

; STATS: 6 print<genx-visa-emit> - wrregions writing elements back where they are (no move)

define void @undef_lanes(i32 %buf) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %b = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
  %c = icmp sgt <8 x i32> %a, %b
  %s = select <8 x i1> %c, <8 x i32> <i32 undef, i32 -1, i32 undef, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>, <8 x i32> <i32 undef, i32 0, i32 undef, i32 0, i32 0, i32 0, i32 0, i32 0>
  %o = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %s, <8 x i32> <i32 7, i32 undef, i32 7, i32 undef, i32 undef, i32 undef, i32 undef, i32 undef>, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> <i1 true, i1 false, i1 true, i1 false, i1 false, i1 false, i1 false, i1 false>)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %o)
  ret void
}

define void @write_back(i32 %in, i32 %out) #0 {
  %m = call <192 x i8> @llvm.genx.media.ld.v192i8(i32 0, i32 %in, i32 0, i32 24, i32 0, i32 0)
  %v = bitcast <192 x i8> %m to <48 x i32>
  %s0 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v48i32.i16(<48 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %w0 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v4i32.i16.i1(<48 x i32> undef, <4 x i32> %s0, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %s1 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v48i32.i16(<48 x i32> %v, i32 0, i32 2, i32 1, i16 16, i32 undef)
  %w1 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v2i32.i16.i1(<48 x i32> %w0, <2 x i32> %s1, i32 0, i32 2, i32 1, i16 16, i32 undef, i1 true)
  %s2 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v48i32.i16(<48 x i32> %v, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %w2 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v4i32.i16.i1(<48 x i32> %w1, <4 x i32> %s2, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  %s3 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v48i32.i16(<48 x i32> %v, i32 0, i32 2, i32 1, i16 48, i32 undef)
  %w3 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v2i32.i16.i1(<48 x i32> %w2, <2 x i32> %s3, i32 0, i32 2, i32 1, i16 48, i32 undef, i1 true)
  %s4 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v48i32.i16(<48 x i32> %v, i32 0, i32 4, i32 1, i16 64, i32 undef)
  %w4 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v4i32.i16.i1(<48 x i32> %w3, <4 x i32> %s4, i32 0, i32 4, i32 1, i16 64, i32 undef, i1 true)
  %s5 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v48i32.i16(<48 x i32> %v, i32 0, i32 2, i32 1, i16 80, i32 undef)
  %w5 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v2i32.i16.i1(<48 x i32> %w4, <2 x i32> %s5, i32 0, i32 2, i32 1, i16 80, i32 undef, i1 true)
  %r = bitcast <48 x i32> %w5 to <192 x i8>
  call void @llvm.genx.media.st.v192i8(i32 0, i32 %out, i32 0, i32 24, i32 0, i32 0, <192 x i8> %r)
  ret void
}

define void @moved(i32 %in, i32 %out) #0 {
  %m = call <192 x i8> @llvm.genx.media.ld.v192i8(i32 0, i32 %in, i32 0, i32 24, i32 0, i32 0)
  %v = bitcast <192 x i8> %m to <48 x i32>
  %s0 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v48i32.i16(<48 x i32> %v, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %w0 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v4i32.i16.i1(<48 x i32> undef, <4 x i32> %s0, i32 0, i32 4, i32 1, i16 4, i32 undef, i1 true)
  %s1 = call <2 x i32> @llvm.genx.rdregioni.v2i32.v48i32.i16(<48 x i32> %v, i32 0, i32 2, i32 1, i16 16, i32 undef)
  %w1 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v2i32.i16.i1(<48 x i32> %w0, <2 x i32> %s1, i32 0, i32 2, i32 1, i16 20, i32 undef, i1 true)
  %r = bitcast <48 x i32> %w1 to <192 x i8>
  call void @llvm.genx.media.st.v192i8(i32 0, i32 %out, i32 0, i32 24, i32 0, i32 0, <192 x i8> %r)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)
declare <192 x i8> @llvm.genx.media.ld.v192i8(i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.media.st.v192i8(i32, i32, i32, i32, i32, i32, <192 x i8>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v48i32.i16(<48 x i32>, i32, i32, i32, i16, i32)
declare <2 x i32> @llvm.genx.rdregioni.v2i32.v48i32.i16(<48 x i32>, i32, i32, i32, i16, i32)
declare <48 x i32> @llvm.genx.wrregioni.v48i32.v4i32.i16.i1(<48 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <48 x i32> @llvm.genx.wrregioni.v48i32.v2i32.i16.i1(<48 x i32>, <2 x i32>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !5}
!0 = !{void (i32)* @undef_lanes, !"undef_lanes", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2}
!2 = !{i32 0}
!3 = !{!"buffer_t"}
!4 = !{void (i32, i32)* @write_back, !"write_back", !6, i32 0, !7, !7, !8, i32 0}
!5 = !{void (i32, i32)* @moved, !"moved", !6, i32 0, !7, !7, !8, i32 0}
!6 = !{i32 2, i32 2}
!7 = !{i32 0, i32 0}
!8 = !{!"image2d_t read_only", !"image2d_t write_only"}
