; A 16-row multi-indirect read (a byte vector reversed by constant offsets, as cmtl's Rotate90/180 do) is split
; by genx-legalize into two 8-row reads, each reading its offsets through a `rdregion` of the offset vector.
; The emitter addresses both halves from one `addr_add` of all 16 offsets (the second half reads A(8)), as IGC's
; address commoning does, and the pieces of the offset vector need no instruction of their own.
; A vector of more offsets than an address variable holds (@long_offsets: 32) gives each piece an address of
; its own rows of the whole vector, still without a copy of them.
; Negative case (@piece_used): a piece that something else reads too (here a store) keeps its move; the two
; halves still share the address.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: rm -rf %t.d && mkdir -p %t.d && sed -n '/^\.version/,/^ *ret /p' %t.out | sed -n '1,/^ *ret /p' > %t.d/k.visaasm
; RUN: cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/k.visaasm
; RUN: awk '/^\.version/ { n++ } n == 2' %t.out | sed -n '1,/^ *ret /p' > %t.d/p.visaasm
; RUN: cd %t.d && GenX_IR p.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/p.visaasm
; RUN: awk '/^\.version/ { n++ } n == 3' %t.out | sed -n '1,/^ *ret /p' > %t.d/l.visaasm
; RUN: cd %t.d && GenX_IR l.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/l.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "reverse"
; CHECK: reverse_BB_0:
; CHECK-NEXT: mov (M1, 8) [[OFF:V[0-9]+]](0,0)<1> 0x89abcdef:uv
; CHECK-NEXT: add (M1, 8) [[OFF]](0,8)<1> [[OFF]](0,0)<1;1,0> 0xfff8:w
; CHECK-NEXT: addr_add (M1_NM, 16) [[A:A[0-9]+]](0)<1> &{{V[0-9]+}} {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[R:V[0-9]+]](0,0)<1> r[[[A]](0),0]<1,0>:b
; CHECK-NEXT: mov (M1, 8) [[R]](0,8)<1> r[[[A]](8),0]<1,0>:b
; CHECK-NEXT: oword_st

define void @reverse(i32 %buf, <16 x i8> %v) #0 {
  %r = call <16 x i8> @llvm.genx.rdregioni.v16i8.v16i8.v16i16(<16 x i8> %v, i32 0, i32 1, i32 0, <16 x i16> <i16 15, i16 14, i16 13, i16 12, i16 11, i16 10, i16 9, i16 8, i16 7, i16 6, i16 5, i16 4, i16 3, i16 2, i16 1, i16 0>, i32 undef)
  call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 0, <16 x i8> %r)
  ret void
}

; CHECK-LABEL: .kernel "piece_used"
; CHECK: and (M1, 16)
; CHECK-NEXT: mov (M1, 8) [[HIGH:V[0-9]+]](0,0)<1> [[ROWS:V[0-9]+]](0,8)<1;1,0>
; CHECK-NEXT: addr_add (M1_NM, 16) [[A0:A[0-9]+]](0)<1> &{{V[0-9]+}} {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[R:V[0-9]+]](0,0)<1> r[[[A0]](0),0]<1,0>:b
; CHECK-NEXT: mov (M1, 8) [[R]](0,8)<1> r[[[A0]](8),0]<1,0>:b
; CHECK-NEXT: oword_st (1) {{T[0-9]+}} 0x0:ud [[R]].0
; CHECK-NEXT: oword_st (1) {{T[0-9]+}} 0x1:ud [[HIGH]].0
define void @piece_used(i32 %buf, <16 x i8> %v, <16 x i16> %r) #0 {
  %rows = and <16 x i16> %r, <i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15, i16 15>
  %low = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %rows, i32 8, i32 8, i32 1, i16 0, i32 undef)
  %r0 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.v8i16(<16 x i8> %v, i32 0, i32 1, i32 0, <8 x i16> %low, i32 undef)
  %high = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %rows, i32 8, i32 8, i32 1, i16 16, i32 undef)
  %r1 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.v8i16(<16 x i8> %v, i32 0, i32 1, i32 0, <8 x i16> %high, i32 undef)
  %j0 = call <16 x i8> @llvm.genx.wrregioni.v16i8.v8i8.i16.i1(<16 x i8> undef, <8 x i8> %r0, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %j1 = call <16 x i8> @llvm.genx.wrregioni.v16i8.v8i8.i16.i1(<16 x i8> %j0, <8 x i8> %r1, i32 0, i32 8, i32 1, i16 8, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 0, <16 x i8> %j1)
  call void @llvm.genx.oword.st.v8i16(i32 %buf, i32 1, <8 x i16> %high)
  ret void
}

; CHECK-LABEL: .kernel "long_offsets"
; CHECK: addr_add (M1_NM, 8) [[L0:A[0-9]+]](0)<1> &[[V:V[0-9]+]] [[OFFS:V[0-9]+]](0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[R:V[0-9]+]](0,0)<1> r[[[L0]](0),0]<1,0>:d
; CHECK-NEXT: addr_add (M1_NM, 8) [[L1:A[0-9]+]](0)<1> &[[V]] [[OFFS]](0,8)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[R]](1,0)<1> r[[[L1]](0),0]<1,0>:d
; CHECK-NEXT: addr_add (M1_NM, 8) [[L2:A[0-9]+]](0)<1> &[[V]] [[OFFS]](1,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[R]](2,0)<1> r[[[L2]](0),0]<1,0>:d
; CHECK-NEXT: addr_add (M1_NM, 8) [[L3:A[0-9]+]](0)<1> &[[V]] [[OFFS]](1,8)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[R]](3,0)<1> r[[[L3]](0),0]<1,0>:d
; CHECK-NEXT: oword_st
define void @long_offsets(i32 %buf, <32 x i32> %v) #0 {
  %r = call <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.v32i16(<32 x i32> %v, i32 0, i32 1, i32 0, <32 x i16> <i16 124, i16 120, i16 116, i16 112, i16 108, i16 104, i16 100, i16 96, i16 92, i16 88, i16 84, i16 80, i16 76, i16 72, i16 68, i16 64, i16 60, i16 56, i16 52, i16 48, i16 44, i16 40, i16 36, i16 32, i16 28, i16 24, i16 20, i16 16, i16 12, i16 8, i16 4, i16 0>, i32 undef)
  %lo = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %r, i32 16, i32 16, i32 1, i16 0, i32 undef)
  %hi = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %r, i32 16, i32 16, i32 1, i16 64, i32 undef)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %lo)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 4, <16 x i32> %hi)
  ret void
}

declare <16 x i8> @llvm.genx.rdregioni.v16i8.v16i8.v16i16(<16 x i8>, i32, i32, i32, <16 x i16>, i32)
declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <8 x i8> @llvm.genx.rdregioni.v8i8.v16i8.v8i16(<16 x i8>, i32, i32, i32, <8 x i16>, i32)
declare <16 x i8> @llvm.genx.wrregioni.v16i8.v8i8.i16.i1(<16 x i8>, <8 x i8>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v16i8(i32, i32, <16 x i8>)
declare void @llvm.genx.oword.st.v8i16(i32, i32, <8 x i16>)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v32i32.v32i16(<32 x i32>, i32, i32, i32, <32 x i16>, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4, !8}
!0 = !{void (i32, <16 x i8>)* @reverse, !"reverse", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
!4 = !{void (i32, <16 x i8>, <16 x i16>)* @piece_used, !"piece_used", !5, i32 0, !6, !6, !7, i32 0}
!5 = !{i32 2, i32 0, i32 0}
!6 = !{i32 0, i32 0, i32 0}
!7 = !{!"buffer_t", !"", !""}
!8 = !{void (i32, <32 x i32>)* @long_offsets, !"long_offsets", !1, i32 0, !2, !2, !3, i32 0}
