; An SVM pointer argument (`svmptr_t`) is its 64-bit address: an 8-byte .input, a q variable; ptrtoint is that
; variable (no instruction); svm.block.ld/st are svm_block_ld/st of the data's owords (32 bytes: 2) with the
; address read as uq. A getelementptr with a constant index is the address plus its bytes: on tgllp (64-bit
; integers emulated) an addc of the low halves and an add of the carry into the high half; on skl (native) one
; 64-bit add.
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: sed -e 's/"tgllp"/"skl"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2>&1 | FileCheck %s --check-prefix=SKL
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[P:V[0-9]+]] v_type=G type=q num_elts=1 align=qword // %p
; CHECK-DAG: .decl [[PU:V[0-9]+]] v_type=G type=uq num_elts=1 alias=<[[P]], 0>
; CHECK: .input [[P]] offset=32 size=8
; CHECK: svm_block_ld (2) [[PU]](0,0)<0;1,0> [[V:V[0-9]+]].0
; CHECK-NEXT: add (M1, 8) [[W:V[0-9]+]](0,0)<1> [[V]](0,0)<1;1,0> 0x1:d
; CHECK-NEXT: svm_block_st (2) [[PU]](0,0)<0;1,0> [[W]].0
; CHECK-NEXT: addc (M1, 1) [[H:V[0-9]+]](0,0)<1> [[C:V[0-9]+]](0,0)<1> [[PD:V[0-9]+]](0,0)<0;1,0> 0x20:ud
; CHECK-NEXT: add (M1, 1) [[H]](0,1)<1> [[PD]](0,1)<0;1,0> [[C]](0,0)<0;1,0>
; CHECK-NEXT: svm_block_st (2) {{V[0-9]+}}(0,0)<0;1,0> [[W]].0
; SKL: add (M1, 1) [[Q:V[0-9]+]](0,0)<1> [[P:V[0-9]+]](0,0)<0;1,0> 0x20:q
; SKL-NEXT: svm_block_st (2) {{V[0-9]+}}(0,0)<0;1,0>

define void @svm(i32* %p) #0 {
  %a = ptrtoint i32* %p to i64
  %v = call <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64 %a)
  %w = add <8 x i32> %v, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %a, <8 x i32> %w)
  %next = getelementptr i32, i32* %p, i64 8
  %b = ptrtoint i32* %next to i64
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %b, <8 x i32> %w)
  ret void
}

declare <8 x i32> @llvm.genx.svm.block.ld.v8i32.i64(i64)
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="tgllp" }

!genx.kernels = !{!0}
!0 = !{void (i32*)* @svm, !"svm", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0}
!2 = !{!"svmptr_t"}
