; SVM gather/scatter of one dword per lane (svm_gather.4.1 / svm_scatter.4.1; qwords are .8.1; addresses uq),
; SVM atomics (svm_atomic.<op>: addresses, result, sources), barrier, and fences: the mask's bit 5 makes a
; local fence, bit 7 a software-only one, the cache bits become the letters (E = commit). On skl (native
; 64-bit integers) and icllp alike, the eight lanes address the argument's buffer (the same dword: the atomic
; serialises them). The vISA validates against the IR on the executor.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform SKL -output
; RUN: sed -e 's/"skl"/"icllp"/' %s | %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output 2> %t.icl.visaasm
; RUN: rm -rf %t.i && mkdir -p %t.i && cp %t.icl.visaasm %t.i/k.visaasm && cd %t.i && GenX_IR k.visaasm -platform ICLLP -output
; RUN: %validate %s %t.visaasm
; REQUIRES: genx-ir

; CHECK: .decl [[OLD:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF {{ *}}// %old
; CHECK: .decl [[OLDU:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[OLD]], 0>
; CHECK: svm_gather.4.1 (M1, 8) [[ADDR:V[0-9]+]].0 [[V:V[0-9]+]].0
; CHECK: svm_atomic.add (M1, 8) [[ADDR]].0 [[OLDU]].0 {{V[0-9]+}}.0 %null.0
; CHECK: barrier
; CHECK-NEXT: fence_global.E
; CHECK-NEXT: fence_local.E
; CHECK-NEXT: fence_sw
; CHECK: svm_scatter.4.1 (M1, 8) [[ADDR]].0 [[OLD]].0

define void @svm(i64 %base) #0 {
  %b = bitcast i64 %base to <1 x i64>
  %addr = call <8 x i64> @llvm.genx.rdregioni.v8i64.v1i64.i16(<1 x i64> %b, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v = call <8 x i32> @llvm.genx.svm.gather.v8i32.v8i1.v8i64(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <8 x i64> %addr, <8 x i32> undef)
  %old = call <8 x i32> @llvm.genx.svm.atomic.add.v8i32.v8i1.v8i64(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <8 x i64> %addr, <8 x i32> %v, <8 x i32> undef)
  call void @llvm.genx.barrier()
  call void @llvm.genx.fence(i8 1)
  call void @llvm.genx.fence(i8 33)
  call void @llvm.genx.fence(i8 -128)
  call void @llvm.genx.svm.scatter.v8i1.v8i64.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <8 x i64> %addr, <8 x i32> %old)
  ret void
}

declare <8 x i64> @llvm.genx.rdregioni.v8i64.v1i64.i16(<1 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.svm.gather.v8i32.v8i1.v8i64(<8 x i1>, i32, <8 x i64>, <8 x i32>)
declare <8 x i32> @llvm.genx.svm.atomic.add.v8i32.v8i1.v8i64(<8 x i1>, <8 x i64>, <8 x i32>, <8 x i32>)
declare void @llvm.genx.svm.scatter.v8i1.v8i64.v8i32(<8 x i1>, i32, <8 x i64>, <8 x i32>)
declare void @llvm.genx.barrier()
declare void @llvm.genx.fence(i8)

attributes #0 = { "CMGenxMain" "target-cpu"="skl" }

!genx.kernels = !{!0}
!0 = !{void (i64)* @svm, !"svm", !1, i32 0, !1, !1, !2, i32 0}
!1 = !{i32 0}
!2 = !{!"svmptr_t"}
