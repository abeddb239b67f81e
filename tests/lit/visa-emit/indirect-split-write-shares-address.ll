; The pieces of an indirect write genx-legalize split (a 28-byte row at `x - (x & -4)`, in [0, 3], cut into
; 16 + 8 + 4 bytes per row) share one address: after coalescing, an `addr_add` that repeats the previous one's
; address is removed and its users read the first one with their own immediate offsets (genx_visa::address,
; IGC's address commoning). Each piece moves straight from its direct source region (no copy of it first).
; Negative case (@two_vectors): a write into another vector in between sets another address, so the third
; write sets its own again (one address live at a time), even with the same index.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: rm -rf %t.d && mkdir -p %t.d && sed -n '/^\.version/,/^ *ret /p' %t.out | sed -n '1,/^ *ret /p' > %t.d/k.visaasm
; RUN: cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/k.visaasm
; RUN: awk '/^\.version/ { n++ } n == 2' %t.out | sed -n '1,/^ *ret /p' > %t.d/t.visaasm
; RUN: cd %t.d && GenX_IR t.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/t.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "dword_write"
; CHECK: .input [[OLD:V[0-9]+]] offset=32 size=64
; CHECK-NEXT: .input [[ROWS:V[0-9]+]] offset=96 size=56
; CHECK: addr_add (M1_NM, 1) [[A:A[0-9]+]](0)<1> &[[OLD]] {{V[0-9]+}}(0,0)<0;1,0>
; CHECK-NEXT: mov (M1, 16) r[[[A]](0),0]<1>:b [[ROWS]](0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) r[[[A]](0),16]<1>:b [[ROWS]](0,16)<1;1,0>
; CHECK-NEXT: mov (M1, 4) r[[[A]](0),24]<1>:b [[ROWS]](0,24)<1;1,0>
; CHECK-NEXT: mov (M1, 16) r[[[A]](0),32]<1>:b [[ROWS]](0,28)<1;1,0>
; CHECK-NEXT: mov (M1, 8) r[[[A]](0),48]<1>:b [[ROWS]](1,12)<1;1,0>
; CHECK-NEXT: mov (M1, 4) r[[[A]](0),56]<1>:b [[ROWS]](1,20)<1;1,0>
; CHECK-NEXT: oword_st (4)
define void @dword_write(i32 %buf, <64 x i8> %old, <56 x i8> %rows, i32 %x) #0 {
  %down = and i32 %x, -4
  %in_dword = sub i32 %x, %down
  %i = trunc i32 %in_dword to i16
  %w = call <64 x i8> @llvm.genx.wrregioni.v64i8.v56i8.i16.i1(<64 x i8> %old, <56 x i8> %rows, i32 32, i32 28, i32 1, i16 %i, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v64i8(i32 %buf, i32 0, <64 x i8> %w)
  ret void
}

; CHECK-LABEL: .kernel "two_vectors"
; CHECK: addr_add (M1_NM, 1) [[A0:A[0-9]+]](0)<1> &[[VA:V[0-9]+]] [[I:V[0-9]+]](0,0)<0;1,0>
; CHECK-NEXT: mov (M1, 16) r[[[A0]](0),0]<1>:b
; CHECK-NEXT: addr_add (M1_NM, 1) [[A1:A[0-9]+]](0)<1> &{{V[0-9]+}} [[I]](0,0)<0;1,0>
; CHECK-NEXT: mov (M1, 16) r[[[A1]](0),0]<1>:b
; CHECK-NEXT: addr_add (M1_NM, 1) [[A2:A[0-9]+]](0)<1> &[[VA]] [[I]](0,0)<0;1,0>
; CHECK-NEXT: mov (M1, 16) r[[[A2]](0),32]<1>:b
define void @two_vectors(i32 %buf, <64 x i8> %a, <64 x i8> %b, <16 x i8> %v, i32 %x) #0 {
  %m = and i32 %x, 3
  %i = trunc i32 %m to i16
  %a0 = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %a, <16 x i8> %v, i32 0, i32 16, i32 1, i16 %i, i32 undef, i1 true)
  %b0 = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %b, <16 x i8> %v, i32 0, i32 16, i32 1, i16 %i, i32 undef, i1 true)
  %i32 = add i16 %i, 32
  %a1 = call <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8> %a0, <16 x i8> %v, i32 0, i32 16, i32 1, i16 %i32, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v64i8(i32 %buf, i32 0, <64 x i8> %a1)
  call void @llvm.genx.oword.st.v64i8(i32 %buf, i32 4, <64 x i8> %b0)
  ret void
}

declare <64 x i8> @llvm.genx.wrregioni.v64i8.v56i8.i16.i1(<64 x i8>, <56 x i8>, i32, i32, i32, i16, i32, i1)
declare <64 x i8> @llvm.genx.wrregioni.v64i8.v16i8.i16.i1(<64 x i8>, <16 x i8>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v64i8(i32, i32, <64 x i8>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32, <64 x i8>, <56 x i8>, i32)* @dword_write, !"dword_write", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !""}
!4 = !{void (i32, <64 x i8>, <64 x i8>, <16 x i8>, i32)* @two_vectors, !"two_vectors", !5, i32 0, !6, !6, !7, i32 0}
!5 = !{i32 2, i32 0, i32 0, i32 0, i32 0}
!6 = !{i32 0, i32 0, i32 0, i32 0, i32 0}
!7 = !{!"buffer_t", !"", !"", !"", !""}
