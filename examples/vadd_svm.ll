; A GenX IR kernel: for its thread's 8-dword block of an SVM buffer, add `n` to the even elements.
; Written by hand in the form the middle end hands to the vc-bridge: spir_kernel + "VCFunction", an SVM pointer
; argument, a stride-2 region read and write. `bash scripts/example.sh` verifies it with genx-verify (through
; opt-14's plugin and through cmc), compiles it with IGC for icllp, and prints its Gen ISA summary.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @vadd_svm(i8 addrspace(1)* %buf, i32 %n) #0 {
entry:
  %base = ptrtoint i8 addrspace(1)* %buf to i64
  %gid = call i32 @llvm.genx.group.id.x()
  %gid64 = zext i32 %gid to i64
  %off = shl i64 %gid64, 5
  %addr = add i64 %base, %off
  %v = call <8 x i32> @llvm.genx.svm.block.ld.unaligned.v8i32.i64(i64 %addr)
  %even = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 2, i16 0, i32 undef)
  %n.ins = insertelement <4 x i32> undef, i32 %n, i32 0
  %n.splat = shufflevector <4 x i32> %n.ins, <4 x i32> undef, <4 x i32> zeroinitializer
  %sum = add <4 x i32> %even, %n.splat
  %w = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> %v, <4 x i32> %sum, i32 0, i32 4, i32 2, i16 0, i32 undef, i1 true)
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %w)
  ret void
}

declare i32 @llvm.genx.group.id.x() #1
declare <8 x i32> @llvm.genx.svm.block.ld.unaligned.v8i32.i64(i64) #2
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32) #1
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1) #1
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)

attributes #0 = { noinline nounwind "VCFunction" "VCSLMSize"="0" }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }
