; The CM runtime's kernel interface (docs/vc-backend.md, "The CM runtime's kernel interface"): the runtime
; assigns binding-table and sampler indices itself and writes each surface or sampler argument's index into the
; payload, so the vISA route leaves them `.input`s of surface (T) and sampler (S) class at the CM layout's offsets
; and reads them where the messages use them: no `movs` binding at entry (IGC's own -binary-format=cm output
; does the same; IGC's OpenCL output instead replaces them by its own constant indices). Here: a buffer, a
; read-only and a write-only image, an SVM pointer, a sampler and a scalar (the buffer's oword offset). icllp layout: the i64 pointer first
; at 32, then the 4-byte ones in argument order from 40. The vISA validates against the IR on the executor (which
; binds each surface argument by its value) and GenX_IR accepts it; its sends take the index from the payload
; through the address register.
; RUN: %opt -passes='genx-legalize,print<genx-visa-emit>' -disable-output %s 2> %t.visaasm
; RUN: FileCheck %s < %t.visaasm
; RUN: %validate %s %t.visaasm
; RUN: rm -rf %t.d && mkdir -p %t.d && cp %t.visaasm %t.d/k.visaasm && cd %t.d && GenX_IR k.visaasm -platform ICLLP -output
; RUN: FileCheck %s --check-prefix=ASM < %t.d/k.asm
; REQUIRES: genx-ir

; CHECK-DAG: .decl [[BUF:T[0-9]+]] v_type=T num_elts=1 // %buf
; CHECK-DAG: .decl [[IN:T[0-9]+]] v_type=T num_elts=1 // %in
; CHECK-DAG: .decl [[OUT:T[0-9]+]] v_type=T num_elts=1 // %out
; CHECK-DAG: .decl [[P:V[0-9]+]] v_type=G type=q num_elts=1 align=qword // %p
; CHECK-DAG: .decl [[SMP:S[0-9]+]] v_type=S num_elts=1 // %smp
; CHECK-DAG: .decl [[N:V[0-9]+]] v_type=G type=d num_elts=1 align=dword // %n
; CHECK: .input [[BUF]] offset=40 size=4
; CHECK-NEXT: .input [[IN]] offset=44 size=4
; CHECK-NEXT: .input [[P]] offset=32 size=8
; CHECK-NEXT: .input [[OUT]] offset=48 size=4
; CHECK-NEXT: .input [[SMP]] offset=52 size=4
; CHECK-NEXT: .input [[N]] offset=56 size=4
; CHECK-NOT: movs
; CHECK: oword_ld (2) [[BUF]]
; CHECK-NOT: movs
; CHECK: media_ld.nomod (32,1) [[IN]]
; CHECK-NOT: movs
; CHECK: media_st.nomod (32,1) [[OUT]]

; ASM: send

define void @surfaces(i32 %buf, i32 %in, i64 %p, i32 %out, i32 %smp, i32 %n) #0 {
  %a = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 %n)
  %m = call <8 x i32> @llvm.genx.media.ld.v8i32(i32 0, i32 %in, i32 0, i32 32, i32 0, i32 0)
  %s = add <8 x i32> %a, %m
  call void @llvm.genx.media.st.v8i32(i32 0, i32 %out, i32 0, i32 32, i32 0, i32 0, <8 x i32> %s)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare <8 x i32> @llvm.genx.media.ld.v8i32(i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.media.st.v8i32(i32, i32, i32, i32, i32, i32, <8 x i32>)

attributes #0 = { "CMGenxMain" "target-cpu"="icllp" }

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i64, i32, i32, i32)* @surfaces, !"surfaces", !1, i32 0, !2, !2, !3, i32 0}
!1 = !{i32 2, i32 2, i32 0, i32 2, i32 1, i32 0}
!2 = !{i32 0, i32 0, i32 0, i32 0, i32 0, i32 0}
!3 = !{!"buffer_t", !"image2d_t read_only", !"svmptr_t", !"image2d_t write_only", !"sampler_t", !""}
