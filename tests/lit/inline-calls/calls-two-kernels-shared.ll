; Calls of user functions on the vISA route: genx-inline-calls marks every called function alwaysinline and
; LLVM's always-inline copies it into each caller, before the middle end. Two kernels share @scale (noinline
; here, as IGC-shaped GenX IR has it); @scale calls @clamp twice (a diamond: two copies of @clamp in each
; kernel), @clamp branches. No call is left, each kernel's .visaasm is accepted by GenX_IR for icllp and tgllp
; and agrees with the IR (with its calls) on the vISA executor.
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %cmc -march=icllp -passes='genx-inline-calls,always-inline,genx-lowering,genx-legalize' -S %s -o inlined.ll
; RUN: FileCheck %s --check-prefix=IR < inlined.ll
; RUN: %cmc -march=icllp -passes='genx-inline-calls,always-inline' -S %s -o c.ll && %opt -passes='genx-inline-calls,always-inline' -S %s -o o.ll && diff c.ll o.ll
; RUN: %cmc -march=icllp -passes='print<genx-visa-emit>' inlined.ll -o /dev/null 2> both.visaasm
; RUN: FileCheck %s < both.visaasm
; RUN: awk '/^\.version/{n++} {print > ("k" n ".visaasm")}' both.visaasm
; RUN: GenX_IR k1.visaasm -platform ICLLP -output && GenX_IR k2.visaasm -platform ICLLP -output
; RUN: %validate %s k1.visaasm && %validate %s k2.visaasm
; RUN: sed -e 's/"icllp"/"tgllp"/' %s > tgl.ll
; RUN: %cmc -march=tgllp -passes='genx-inline-calls,always-inline,genx-lowering,genx-legalize,print<genx-visa-emit>' tgl.ll -o /dev/null 2> tgl.visaasm
; RUN: awk '/^\.version/{n++} {print > ("t" n ".visaasm")}' tgl.visaasm
; RUN: GenX_IR t1.visaasm -platform TGLLP -output && GenX_IR t2.visaasm -platform TGLLP -output
; RUN: %validate tgl.ll t1.visaasm && %validate tgl.ll t2.visaasm
; The driver does the same on the vISA route, both kernels in one CISA object:
; RUN: %cmc -backend=visa -march=icllp %s -o both.isa -mdump_asm
; RUN: FileCheck %s --check-prefix=ONE < k_add.visaasm
; RUN: FileCheck %s --check-prefix=ONE-MUL < k_mul.visaasm
; RUN: %cmc inspect both.isa | FileCheck %s --check-prefix=BOTH
; REQUIRES: genx-ir

; IR-NOT: call {{.*}}@scale
; IR-NOT: call {{.*}}@clamp
; IR-NOT: define {{.*}}@clamp
; The limit is a run-time value in k_add: @clamp's branch stays (a jmp over the inlined block); in k_mul the
; constant 3 reaches @clamp, and the inliner drops the branch it decides.
; CHECK: .kernel "k_add"
; CHECK-NOT: call
; CHECK: cmp.gt (M1, 1) [[P:P[0-9]+]] {{V[0-9]+}}(0,0)<0;1,0> 0x64:d
; CHECK-NEXT: (![[P]]) jmp (M1, 1) k_add_BB_2
; CHECK: .kernel "k_mul"
; CHECK-NOT: call
; CHECK-NOT: jmp
; CHECK: mul (M1, 8) {{V[0-9]+}}(0,0)<1> {{V[0-9]+}}(0,0)<1;1,0> 0x3:d
; CHECK: ret (M1, 1)
; ONE: .kernel "k_add"
; ONE-NOT: call (
; ONE-MUL: .kernel "k_mul"
; ONE-MUL-NOT: call (
; BOTH: CMRT vISA object, 2 kernel(s)
; BOTH-NEXT: kernel k_add (
; BOTH-NEXT: kernel k_mul (
; ONE: ret (M1, 1)

define internal <8 x i32> @clamp(<8 x i32> %v, i32 %limit) #1 {
entry:
  %big = icmp sgt i32 %limit, 100
  br i1 %big, label %cut, label %done
cut:
  %l.ins = insertelement <8 x i32> undef, i32 %limit, i32 0
  %l.splat = shufflevector <8 x i32> %l.ins, <8 x i32> undef, <8 x i32> zeroinitializer
  %lt = icmp slt <8 x i32> %v, %l.splat
  %min = select <8 x i1> %lt, <8 x i32> %v, <8 x i32> %l.splat
  br label %done
done:
  %r = phi <8 x i32> [ %v, %entry ], [ %min, %cut ]
  ret <8 x i32> %r
}

define internal <8 x i32> @scale(<8 x i32> %v, i32 %k) #1 {
entry:
  %k.ins = insertelement <8 x i32> undef, i32 %k, i32 0
  %k.splat = shufflevector <8 x i32> %k.ins, <8 x i32> undef, <8 x i32> zeroinitializer
  %m = mul <8 x i32> %v, %k.splat
  %a = call <8 x i32> @clamp(<8 x i32> %m, i32 %k)
  %b = call <8 x i32> @clamp(<8 x i32> %a, i32 200)
  ret <8 x i32> %b
}

define dllexport void @k_add(i32 %buf, i32 %k) #0 {
entry:
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
  %r = call <8 x i32> @scale(<8 x i32> %v, i32 %k)
  %s = add <8 x i32> %r, %v
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %s)
  ret void
}

define dllexport void @k_mul(i32 %buf) #0 {
entry:
  %v = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
  %r = call <8 x i32> @scale(<8 x i32> %v, i32 3)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %r)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { noinline nounwind "CMGenxMain" "target-cpu"="icllp" }
attributes #1 = { noinline nounwind "target-cpu"="icllp" }

!genx.kernels = !{!0, !4}
!0 = !{void (i32, i32)* @k_add, !"k_add", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 0, i32 0}
!3 = !{!"buffer_t", !""}
!4 = !{void (i32)* @k_mul, !"k_mul", !5, i32 0, !6, !6, !7, i32 0}
!5 = !{i32 2}
!6 = !{i32 0}
!7 = !{!"buffer_t"}
