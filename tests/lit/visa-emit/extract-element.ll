; extractelement (what genx-lowering leaves: elements of local.size/local.id, and everything at -O0): a constant
; index is an alias of the vector's variable at the element's byte offset (no instruction); a variable index is
; the byte offset (index << log2 of the element size) in a word, an addr_add, and a move through the address.
; The kernel agrees with the IR on the vISA executor; GenX_IR accepts it for icllp and tgllp.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s k.visaasm
; RUN: sed -e 's/"icllp"/"tgllp"/' %s > tgl.ll && %opt -passes='print<genx-visa-emit>' -disable-output tgl.ll 2> t.visaasm
; RUN: GenX_IR t.visaasm -platform TGLLP -output && %validate tgl.ll t.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[V:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF
; CHECK-DAG: .decl [[A:V[0-9]+]] v_type=G type=d num_elts=1 alias=<[[V]], 12> // %a
; CHECK-DAG: .decl [[Y:V[0-9]+]] v_type=G type=d num_elts=1 alias=<{{V[0-9]+}}, 4> // %y
; CHECK: shl (M1_NM, 1) [[O:V[0-9]+]](0,0)<1> {{V[0-9]+}}(0,0)<0;1,0> 0x2:uw
; CHECK-NEXT: addr_add (M1_NM, 1) [[AD:A[0-9]+]](0)<1> &[[V]] [[O]](0,0)<0;1,0>
; CHECK-NEXT: mov (M1, 1) [[B:V[0-9]+]](0,0)<1> r{{\[}}[[AD]](0),0]<0;1,0>:d
; CHECK-NEXT: add (M1, 1) {{V[0-9]+}}(0,0)<1> [[A]](0,0)<0;1,0> [[B]](0,0)<0;1,0>
; CHECK: shl (M1_NM, 1) [[O2:V[0-9]+]](0,0)<1> {{V[0-9]+}}(0,0)<0;1,0> 0x1:uw
; CHECK: mov (M1, 1) {{V[0-9]+}}(0,0)<1> r{{\[}}{{A[0-9]+}}(0),0]<0;1,0>:w

define void @extract(i32 %buf, i32 %i) #0 {
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %a = extractelement <8 x i32> %v, i32 3
  %j = and i32 %i, 7
  %b = extractelement <8 x i32> %v, i32 %j
  %s = add i32 %a, %b
  %h16 = bitcast <8 x i32> %v to <16 x i16>
  %k = and i32 %i, 15
  %h = extractelement <16 x i16> %h16, i32 %k
  %hs = sext i16 %h to i32
  %sz = call <3 x i32> @llvm.genx.local.size.v3i32()
  %y = extractelement <3 x i32> %sz, i32 1
  %t = add i32 %s, %hs
  %u = add i32 %t, %y
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v, i32 %u, i32 0, i32 1, i32 0, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %w)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <3 x i32> @llvm.genx.local.size.v3i32()
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @extract, !"extract", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
