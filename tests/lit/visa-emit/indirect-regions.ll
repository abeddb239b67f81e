; Indirect regions: a rdregion or wrregion whose byte offset is a runtime value goes through an address
; variable: a NoMask addr_add sets it to the variable's address plus the index (read as uw), and the operand is
; r[A(0),C]<region>:type, C the constant addend split off the index (`add %i, 16` gives 16). A read is an
; operand of the instruction its bale makes (here an add); a write moves its value through the address. A
; multi-indirect read (one offset per row of 4) sets one address element per row with a 2-wide addr_add and reads
; r[A(0),0]<4,1>. The vISA validates against the IR on the executor (indices masked into range).
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: sed -e 's/"tgllp"/"icllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[DATA:V[0-9]+]] v_type=G type=d num_elts=16 align=GRF // %data
; CHECK-DAG: .decl [[A:A[0-9]+]] v_type=A num_elts=1
; CHECK-DAG: .decl [[B:A[0-9]+]] v_type=A num_elts=1
; CHECK-DAG: .decl {{A[0-9]+}} v_type=A num_elts=2
; CHECK: addr_add (M1_NM, 2) [[M:A[0-9]+]](0)<1> &[[DATA]] {{V[0-9]+}}(0,0)<1;1,0>
; CHECK-NEXT: add (M1, 8) {{V[0-9]+}}(0,0)<1> {{r\[}}[[M]](0),0]<4,1>:d 0x2:d
; CHECK: addr_add (M1_NM, 1) [[A]](0)<1> &[[DATA]] [[IU:V[0-9]+]](0,0)<0;1,0>
; CHECK-NEXT: add (M1, 4) {{V[0-9]+}}(0,0)<1> {{r\[}}[[A]](0),0]<1;1,0>:d 0x1:d
; CHECK: addr_add (M1_NM, 1) [[B]](0)<1> &[[DATA]] [[JU:V[0-9]+]](0,0)<0;1,0>
; CHECK-NEXT: mov (M1, 4) {{r\[}}[[B]](0),16]<1>:d {{V[0-9]+}}(0,0)<1;1,0>

define void @indirect(i32 %buf, i32 %k) #0 {
  %data = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 0)
  %t = trunc i32 %k to i16
  %m = and i16 %t, 7
  %i = shl i16 %m, 2
  %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %data, i32 0, i32 4, i32 1, i16 %i, i32 undef)
  %s = add <4 x i32> %r, <i32 1, i32 1, i32 1, i32 1>
  %kv = bitcast i32 %k to <2 x i16>
  %km = and <2 x i16> %kv, <i16 7, i16 7>
  %mi = shl <2 x i16> %km, <i16 2, i16 2>
  %r2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.v2i16(<16 x i32> %data, i32 0, i32 4, i32 1, <2 x i16> %mi, i32 undef)
  %s2 = add <8 x i32> %r2, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 8, <8 x i32> %s2)
  %u = lshr i32 %k, 8
  %ut = trunc i32 %u to i16
  %um = and i16 %ut, 7
  %j = shl i16 %um, 2
  %j16 = add i16 %j, 16
  %w = call <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32> %data, <4 x i32> %s, i32 0, i32 4, i32 1, i16 %j16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 4, <16 x i32> %w)
  ret void
}

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.v2i16(<16 x i32>, i32, i32, i32, <2 x i16>, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v4i32.i16.i1(<16 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @indirect, !"indirect", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
