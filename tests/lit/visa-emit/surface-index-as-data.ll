; A surface or sampler argument used as data (CM's SurfaceIndex/SamplerIndex get_index(): the argument's i32
; value) is read out of its state variable with movs into a dword (vISA's MOVS with a general destination),
; each time it is used as data; as a message's surface it stays the state variable. GenX_IR accepts the kernel
; for icllp and tgllp and it agrees with the IR on the vISA executor.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> k.visaasm
; RUN: FileCheck %s < k.visaasm
; RUN: GenX_IR k.visaasm -platform ICLLP -output && %validate %s k.visaasm
; RUN: sed -e 's/"icllp"/"tgllp"/' %s > tgl.ll && %opt -passes='print<genx-visa-emit>' -disable-output tgl.ll 2> t.visaasm
; RUN: GenX_IR t.visaasm -platform TGLLP -output && %validate tgl.ll t.visaasm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[T:T[0-9]+]] v_type=T num_elts=1 // %buf
; CHECK-DAG: .decl [[S:S[0-9]+]] v_type=S num_elts=1 // %smp
; CHECK: movs (M1_NM, 1) [[TI:V[0-9]+]](0,0)<1> [[T]](0)
; CHECK-NEXT: movs (M1_NM, 1) [[SI:V[0-9]+]](0,0)<1> [[S]](0)
; CHECK-NEXT: add (M1, 1) [[A:V[0-9]+]](0,0)<1> {{V[0-9]+}}(0,0)<0;1,0> {{V[0-9]+}}(0,0)<0;1,0>
; CHECK: oword_st (2) [[T]] 0x0:ud

define void @indices(i32 %buf, i32 %smp, i32 %n) #0 {
  %add = add i32 %buf, %smp
  %s = add i32 %add, %n
  %v = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> zeroinitializer, i32 %s, i32 0, i32 1, i32 0, i16 4, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %v)
  ret void
}

declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @indices, !"indices", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 1, i32 0}
!2 = !{i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !""}
