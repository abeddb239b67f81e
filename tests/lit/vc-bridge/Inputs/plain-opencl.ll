; An ordinary OpenCL kernel (not vector compute): its SPIR-V has no VectorComputeINTEL capability.
target triple = "spir64-unknown-unknown"

define spir_kernel void @plain(i32 addrspace(1)* %out) {
entry:
  store i32 1, i32 addrspace(1)* %out
  ret void
}
