; Memory the front end leaves as plain LLVM: an SVM pointer argument and its getelementptr/bitcast/addrspacecast
; are one 64-bit variable (a cast is no instruction); a scalar store or load is a one-lane SVM scatter or gather
; (4- and 8-byte elements one block of their size, a 2-byte element two byte blocks in a dword); a vector of
; 1-8 owords aligned to 16 bytes is an SVM block message; a load of a constant global (a packed table) at a
; constant offset is its initializer's lanes, written by moves (words in pairs, as dwords). GenX_IR accepts the kernel for icllp and tgllp
; and it agrees with the IR on the vISA executor.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s k.visaasm
; RUN: sed -e 's/"icllp"/"tgllp"/' %s > tgl.ll && %opt -passes='print<genx-visa-emit>' -disable-output tgl.ll 2> t.visaasm
; RUN: GenX_IR t.visaasm -platform TGLLP -output && %validate tgl.ll t.visaasm
; REQUIRES: genx-ir

; CHECK: svm_block_ld (2) {{V[0-9]+}}(0,0)<0;1,0> [[V:V[0-9]+]].0
; On icllp a constant getelementptr is an addc of the low halves and an add of the carry:
; CHECK-NEXT: addc (M1, 1) [[P8:V[0-9]+]](0,0)<1> [[C:V[0-9]+]](0,0)<1> [[PD:V[0-9]+]](0,0)<0;1,0> 0x20:ud
; CHECK-NEXT: add (M1, 1) [[P8]](0,1)<1> [[PD]](0,1)<0;1,0> [[C]](0,0)<0;1,0>
; CHECK-NEXT: svm_gather.4.1 (M1, 1) {{V[0-9]+}}.0 [[G:V[0-9]+]].0
; CHECK: svm_scatter.4.1 (M1, 1) {{V[0-9]+}}.0 {{V[0-9]+}}.0
; CHECK: addc (M1, 1) {{.*}} 0x2:ud
; CHECK-NEXT: add (M1, 1)
; The word travels in a dword of its own (declared ud, GRF-aligned), written by a move just before:
; CHECK: mov (M1, 1) [[W:V[0-9]+]](0,0)<1> {{V[0-9]+}}(0,0)<0;1,0>
; CHECK-NEXT: svm_scatter.1.2 (M1, 1) {{V[0-9]+}}.0 [[W]].0
; The table's bytes 4..19 (words 8, 9, 7, 0, 23, 0, 45, 99) as four dwords, read as words by the add:
; CHECK-NEXT: mov (M1, 1) [[TD:V[0-9]+]](0,0)<1> 0x90008:ud
; CHECK-NEXT: mov (M1, 1) [[TD]](0,1)<1> 0x7:ud
; CHECK-NEXT: mov (M1, 1) [[TD]](0,2)<1> 0x17:ud
; CHECK-NEXT: mov (M1, 1) [[TD]](0,3)<1> 0x63002d:ud
; CHECK-NEXT: add (M1, 8) [[S:V[0-9]+]](0,0)<1> [[V]](0,0)<1;1,0> {{V[0-9]+}}(0,0)<1;1,0>
; CHECK: svm_block_st (2) {{V[0-9]+}}(0,0)<0;1,0> [[S]].0

@table = internal constant <{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }> <{ i16 4, i16 6, <{ i16, i16, i16 }> <{ i16 8, i16 9, i16 7 }>, [3 x i16] [i16 0, i16 23, i16 0], i16 45, i16 99 }>, align 2

define void @memory(i32* %p, float* %q) #0 {
  %pv = bitcast i32* %p to <8 x i32>*
  %v = load <8 x i32>, <8 x i32>* %pv, align 32
  %p8 = getelementptr i32, i32* %p, i64 8
  %g = load i32, i32* %p8, align 4
  %s = add i32 %g, 5
  %p9 = getelementptr i32, i32* %p, i64 9
  %p9g = addrspacecast i32* %p9 to i32 addrspace(1)*
  store i32 %s, i32 addrspace(1)* %p9g, align 4
  %qh = bitcast float* %q to i16*
  %h = trunc i32 %g to i16
  %qh1 = getelementptr i16, i16* %qh, i64 1
  store i16 %h, i16* %qh1, align 2
  %t = load <8 x i16>, <8 x i16>* bitcast (<{ i16, i16, i16 }>* getelementptr (<{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }>, <{ i16, i16, <{ i16, i16, i16 }>, [3 x i16], i16, i16 }>* @table, i32 0, i32 2) to <8 x i16>*), align 2
  %t32 = sext <8 x i16> %t to <8 x i32>
  %w = add <8 x i32> %v, %t32
  %pw = getelementptr i32, i32* %p, i64 16
  %pwv = bitcast i32* %pw to <8 x i32>*
  store <8 x i32> %w, <8 x i32>* %pwv, align 32
  ret void
}

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32*, float*)* @memory, !"memory", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{!"svmptr_t", !"svmptr_t"}
