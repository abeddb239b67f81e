; A kernel calling an LLVM intrinsic that llvm-spirv-14 cannot translate.
target triple = "spir64-unknown-unknown"

define spir_kernel void @cycles(i64 addrspace(1)* %out) #0 {
entry:
  %t = call i64 @llvm.readcyclecounter()
  store i64 %t, i64 addrspace(1)* %out
  ret void
}

declare i64 @llvm.readcyclecounter()

attributes #0 = { noinline nounwind "VCFunction" }
