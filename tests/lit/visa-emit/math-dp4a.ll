; The eight byte dot products llvm.genx.{ss,su,us,uu}dp4a[.sat] are vISA's dp4a (DP4A.md: src0 plus the dot
; product of the four bytes of src1 and src2): the first letter types the destination, the second the three
; sources (so the bytes are read signed or unsigned), .sat clamps to the destination's type. GenX_IR takes it for
; tgllp, and the vISA validates against the IR on random accumulators and bytes (the executor's DP4A reads each
; source's bytes with its own type's signedness). icllp has no dp4a: a located error naming the platform.
; RUN: sed -e 's/"icllp"/"tgllp"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform TGLLP -output
; RUN: %validate %s %t.visaasm
; RUN: not %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ICL
; REQUIRES: genx-ir

; ICL: error: genx-visa-emit: in function 'dp4a_forms', block 'entry': %r0 = call <8 x i32> @llvm.genx.ssdp4a.v8i32.v8i32.v8i32.v8i32({{.*}}): icllp has no dp4a instruction (Xe-LP and later have it)

; CHECK-LABEL: .kernel "dp4a_forms"
; CHECK-DAG: .decl [[ACC:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %acc
; CHECK-DAG: .decl [[A:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %a
; CHECK-DAG: .decl [[B:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %b
; CHECK-DAG: .decl [[UACC:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[ACC]], 0>
; CHECK-DAG: .decl [[UA:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[A]], 0>
; CHECK-DAG: .decl [[UB:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[B]], 0>
; CHECK-DAG: .decl [[R2:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %r2
; CHECK-DAG: .decl [[UR2:V[0-9]+]] v_type=G type=ud num_elts=8 alias=<[[R2]], 0>
; CHECK: dp4a_forms_BB_0:
; CHECK-NEXT: dp4a (M1, 8) {{V[0-9]+}}(0,0)<1> [[ACC]](0,0)<1;1,0> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK: dp4a (M1, 8) {{V[0-9]+}}(0,0)<1> [[UACC]](0,0)<1;1,0> [[UA]](0,0)<1;1,0> [[UB]](0,0)<1;1,0>
; CHECK: dp4a (M1, 8) [[UR2]](0,0)<1> [[ACC]](0,0)<1;1,0> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK: dp4a (M1, 8) {{V[0-9]+}}(0,0)<1> [[UACC]](0,0)<1;1,0> [[UA]](0,0)<1;1,0> [[UB]](0,0)<1;1,0>
; CHECK: dp4a.sat (M1, 8) {{V[0-9]+}}(0,0)<1> [[ACC]](0,0)<1;1,0> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK: dp4a.sat (M1, 8) {{V[0-9]+}}(0,0)<1> [[UACC]](0,0)<1;1,0> [[UA]](0,0)<1;1,0> [[UB]](0,0)<1;1,0>
; CHECK: dp4a.sat (M1, 8) {{V[0-9]+}}(0,0)<1> [[ACC]](0,0)<1;1,0> [[A]](0,0)<1;1,0> [[B]](0,0)<1;1,0>
; CHECK: dp4a.sat (M1, 8) {{V[0-9]+}}(0,0)<1> [[UACC]](0,0)<1;1,0> [[UA]](0,0)<1;1,0> [[UB]](0,0)<1;1,0>

define void @dp4a_forms(i32 %buf, <8 x i32> %acc, <8 x i32> %a, <8 x i32> %b) #0 {
entry:
  %r0 = call <8 x i32> @llvm.genx.ssdp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 0, <8 x i32> %r0)
  %r1 = call <8 x i32> @llvm.genx.sudp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> %r1)
  %r2 = call <8 x i32> @llvm.genx.usdp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> %r2)
  %r3 = call <8 x i32> @llvm.genx.uudp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> %r3)
  %r4 = call <8 x i32> @llvm.genx.ssdp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 8, <8 x i32> %r4)
  %r5 = call <8 x i32> @llvm.genx.sudp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 10, <8 x i32> %r5)
  %r6 = call <8 x i32> @llvm.genx.usdp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 12, <8 x i32> %r6)
  %r7 = call <8 x i32> @llvm.genx.uudp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32> %acc, <8 x i32> %a, <8 x i32> %b)
  call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 14, <8 x i32> %r7)
  ret void
}

declare <8 x i32> @llvm.genx.ssdp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.sudp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.usdp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.uudp4a.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.ssdp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.sudp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.usdp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare <8 x i32> @llvm.genx.uudp4a.sat.v8i32.v8i32.v8i32.v8i32(<8 x i32>, <8 x i32>, <8 x i32>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, <8 x i32>, <8 x i32>)* @dp4a_forms, !"dp4a_forms", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 0, i32 0, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"", !"", !""}
