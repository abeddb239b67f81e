; A GenX IR kernel that multiplies and adds in two LLVM instructions (fmul, then fadd: two roundings): its
; thread's SVM buffer holds a, b and c (8 floats each) and a * b + c replaces a.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @fmad_svm(i8 addrspace(1)* %buf) #0 {
entry:
  %base = ptrtoint i8 addrspace(1)* %buf to i64
  %b.addr = add i64 %base, 32
  %c.addr = add i64 %base, 64
  %a = call <8 x float> @llvm.genx.svm.block.ld.unaligned.v8f32.i64(i64 %base)
  %b = call <8 x float> @llvm.genx.svm.block.ld.unaligned.v8f32.i64(i64 %b.addr)
  %c = call <8 x float> @llvm.genx.svm.block.ld.unaligned.v8f32.i64(i64 %c.addr)
  %p = fmul <8 x float> %a, %b
  %s = fadd <8 x float> %p, %c
  call void @llvm.genx.svm.block.st.i64.v8f32(i64 %base, <8 x float> %s)
  ret void
}

declare <8 x float> @llvm.genx.svm.block.ld.unaligned.v8f32.i64(i64) #1
declare void @llvm.genx.svm.block.st.i64.v8f32(i64, <8 x float>)

attributes #0 = { noinline nounwind "VCFunction" "VCSLMSize"="0" }
attributes #1 = { nounwind readonly }
