; SPIR-V whose kernel lacks the VectorComputeFunctionINTEL decoration (its helper has it, so the module is a vector-compute
; one): IGC says "Build succeeded" and emits no kernel (docs/vc-backend.md §5); cmc must refuse the empty binary.
target datalayout = "e-p:64:64-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define internal spir_func i32 @helper(i32 %x) #0 {
entry:
  %y = add i32 %x, 1
  ret i32 %y
}

define spir_kernel void @lost(i8 addrspace(1)* %buf, i32 %n) {
entry:
  %base = ptrtoint i8 addrspace(1)* %buf to i64
  %m = call spir_func i32 @helper(i32 %n)
  %v = insertelement <8 x i32> undef, i32 %m, i32 0
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %base, <8 x i32> %v)
  ret void
}
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)
attributes #0 = { noinline nounwind "VCFunction" }
