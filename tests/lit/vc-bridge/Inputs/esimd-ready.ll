; SPIR-V-ready IR as DPC++ ESIMD writes it: a spir_kernel with "VCFunction", typed global pointers, and the
; SPIR-V builtin variable __spirv_BuiltInGlobalInvocationId for the work-item id.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external dso_local local_unnamed_addr addrspace(1) constant <3 x i64>, align 32

define dso_local spir_kernel void @esimd_add(i32 addrspace(1)* %a, i32 addrspace(1)* %b) #0 !sycl_explicit_simd !0 {
entry:
  %gid3 = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInGlobalInvocationId, align 32
  %gid = extractelement <3 x i64> %gid3, i64 0
  %off = shl i64 %gid, 5
  %pa = ptrtoint i32 addrspace(1)* %a to i64
  %pb = ptrtoint i32 addrspace(1)* %b to i64
  %aa = add i64 %pa, %off
  %ab = add i64 %pb, %off
  %v = call <8 x i32> @llvm.genx.svm.block.ld.unaligned.v8i32.i64(i64 %aa)
  %w = call <8 x i32> @llvm.genx.svm.block.ld.unaligned.v8i32.i64(i64 %ab)
  %s = add <8 x i32> %v, %w
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %ab, <8 x i32> %s)
  ret void
}
declare <8 x i32> @llvm.genx.svm.block.ld.unaligned.v8i32.i64(i64)
declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)
attributes #0 = { "VCFunction" "VCSLMSize"="0" }
!0 = !{}
