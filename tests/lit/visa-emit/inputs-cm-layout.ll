; Kernel arguments become .inputs placed as IGC lays out CM kernel arguments: from r1 (one GRF: r0 is the thread
; header), largest first (argument order among equal sizes), each at the lowest free offset aligned to its
; element size, or to a GRF when larger than one, never crossing a GRF boundary unless it starts one.
; icllp (32-byte GRF): <16 x float> (64 bytes) at 32; <8 x i32> (32) at 96; i64 (8) at 128; then the 4-byte
; ones in argument order: the surface at 136, the i32 at 140, the sampler at 144; the <2 x i16> (4 bytes, word
; aligned) at 148; the i16 at 152.
; pvc (64-byte GRF): <16 x float> at 64; <8 x i32> at 128 (32 bytes, dword aligned, inside r2); i64 at 160; ...
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ICL
; RUN: sed -e 's/"icllp"/"pvc"/' %s | %opt -passes='print<genx-visa-emit>' -disable-output 2>&1 | FileCheck %s --check-prefix=PVC
; RUN: %opt -passes='print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; REQUIRES: genx-ir

; ICL-DAG: .decl [[V:V[0-9]+]] v_type=G type=f num_elts=16 align=GRF // %v16f
; ICL-DAG: .decl [[W:V[0-9]+]] v_type=G type=d num_elts=8 align=GRF // %v8i
; ICL-DAG: .decl [[Q:V[0-9]+]] v_type=G type=q num_elts=1 align=qword // %q
; ICL-DAG: .decl [[S:T[0-9]+]] v_type=T num_elts=1 // %surf
; ICL-DAG: .decl [[I:V[0-9]+]] v_type=G type=d num_elts=1 align=dword // %i
; ICL-DAG: .decl [[SM:S[0-9]+]] v_type=S num_elts=1 // %smp
; ICL-DAG: .decl [[H2:V[0-9]+]] v_type=G type=w num_elts=2 align=word // %h2
; ICL-DAG: .decl [[H:V[0-9]+]] v_type=G type=w num_elts=1 align=word // %h
; The .inputs are listed in argument order.
; ICL: .input [[H]] offset=152 size=2
; ICL-NEXT: .input [[S]] offset=136 size=4
; ICL-NEXT: .input [[W]] offset=96 size=32
; ICL-NEXT: .input [[I]] offset=140 size=4
; ICL-NEXT: .input [[Q]] offset=128 size=8
; ICL-NEXT: .input [[V]] offset=32 size=64
; ICL-NEXT: .input [[SM]] offset=144 size=4
; ICL-NEXT: .input [[H2]] offset=148 size=4

; PVC: .input {{T[0-9]+}} offset=168 size=4
; PVC-NEXT: .input {{V[0-9]+}} offset=128 size=32
; PVC-NEXT: .input {{V[0-9]+}} offset={{[0-9]+}} size=4
; PVC-NEXT: .input {{V[0-9]+}} offset=160 size=8
; PVC-NEXT: .input {{V[0-9]+}} offset=64 size=64

define void @args(i16 %h, i32 %surf, <8 x i32> %v8i, i32 %i, i64 %q, <16 x float> %v16f, i32 %smp, <2 x i16> %h2) #0 {
  ret void
}

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i16, i32, <8 x i32>, i32, i64, <16 x float>, i32, <2 x i16>)* @args, !"args", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 0, i32 2, i32 0, i32 0, i32 0, i32 0, i32 1, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"", !"buffer_t", !"", !"", !"", !"", !"sampler_t", !""}
