; An indirect read of a row of a matrix (a direct, contiguous rdregion that only indirect reads of its block
; read) addresses the matrix in place from the row's first byte (`addr_add ... &M[64]`) instead of copying the row
; out first, as IGC does (cmtl's Rotate90/180 of a 16x16 float matrix: rows reversed through constant offsets).
; Negative case (@row_then_write): the matrix is rewritten in place (a wrregion with it as the Old value) between
; the row and its reader, so the row is copied out first (reading the matrix later would keep its old value
; alive across the write).
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.out
; RUN: FileCheck %s < %t.out
; RUN: rm -rf %t.d && mkdir -p %t.d && sed -n '/^\.version/,/^ *ret /p' %t.out | sed -n '1,/^ *ret /p' > %t.d/k.visaasm
; RUN: cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/k.visaasm
; RUN: awk '/^\.version/ { n++ } n == 2' %t.out | sed -n '1,/^ *ret /p' > %t.d/w.visaasm
; RUN: cd %t.d && GenX_IR w.visaasm -platform ICLLP -output
; RUN: %validate %s %t.d/w.visaasm
; REQUIRES: genx-ir

; CHECK-LABEL: .kernel "row_reversed"
; CHECK-DAG: .input [[M:V[0-9]+]] offset=32 size=256
; CHECK-NOT: mov (M1, 16)
; CHECK: addr_add (M1_NM, 16) [[A:A[0-9]+]](0)<1> &[[M]][64] {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: mov (M1, 8) [[R:V[0-9]+]](0,0)<1> r[[[A]](0),0]<1,0>:d
; CHECK-NEXT: mov (M1, 8) [[R]](1,0)<1> r[[[A]](8),0]<1,0>:d
; CHECK-NEXT: oword_st
define void @row_reversed(i32 %buf, <64 x i32> %m) #0 {
  %row = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 16, i32 16, i32 1, i16 64, i32 undef)
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.v16i16(<16 x i32> %row, i32 0, i32 1, i32 0, <16 x i16> <i16 60, i16 56, i16 52, i16 48, i16 44, i16 40, i16 36, i16 32, i16 28, i16 24, i16 20, i16 16, i16 12, i16 8, i16 4, i16 0>, i32 undef)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %r)
  ret void
}

; CHECK-LABEL: .kernel "row_then_write"
; CHECK: mov (M1, 16) [[ROW:V[0-9]+]](0,0)<1> {{V[0-9]+}}(2,0)<1;1,0>
; CHECK: addr_add (M1_NM, 16) {{A[0-9]+}}(0)<1> &[[ROW]] {{V[0-9]+}}(0,0)<1;1,0>
define void @row_then_write(i32 %buf, <64 x i32> %m, <16 x i32> %x) #0 {
  %row = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m, i32 16, i32 16, i32 1, i16 64, i32 undef)
  %m2 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %m, <16 x i32> %x, i32 16, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %r = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.v16i16(<16 x i32> %row, i32 0, i32 1, i32 0, <16 x i16> <i16 60, i16 56, i16 52, i16 48, i16 44, i16 40, i16 36, i16 32, i16 28, i16 24, i16 20, i16 16, i16 12, i16 8, i16 4, i16 0>, i32 undef)
  %back = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %m2, i32 16, i32 16, i32 1, i16 64, i32 undef)
  %sum = add <16 x i32> %r, %back
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 0, <16 x i32> %sum)
  ret void
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.v16i16(<16 x i32>, i32, i32, i32, <16 x i16>, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32, <64 x i32>)* @row_reversed, !"row_reversed", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
!4 = !{void (i32, <64 x i32>, <16 x i32>)* @row_then_write, !"row_then_write", !5, i32 0, !6, !6, !7, i32 0}
!5 = !{i32 2, i32 0, i32 0}
!6 = !{i32 0, i32 0, i32 0}
!7 = !{!"buffer_t", !"", !""}
