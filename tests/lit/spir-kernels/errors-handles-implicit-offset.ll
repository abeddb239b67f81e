; What genx-spir-kernels does not take is a located error (the vISA route then writes nothing), never a kernel
; silently dropped: a surface handle argument (its uses go through llvm.genx.address.convert, which the emitter
; does not lower), an argument with "VCArgumentKind" (an implicit argument), and SPIR-V builtin variables the
; route does not compute (GlobalOffset: the route has no global-offset input).
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: bash -c '%cmc -march=icllp -passes=genx-spir-kernels -S %s -o out.ll; test $? -eq 1' 2>&1 | FileCheck %s
; CHECK-DAG: error: genx-spir-kernels: in function 'image_arg': kernel 'image_arg': argument 0 (%img) is a surface handle (opencl.image2d_ro_t); the vISA route does not lower SPIR-V-ready surface and sampler arguments (llvm.genx.address.convert)
; CHECK-DAG: error: genx-spir-kernels: in function 'implicit_arg': kernel 'implicit_arg': argument 0 (%lid) has a "VCArgumentKind" attribute
; CHECK-DAG: error: genx-spir-kernels: in function 'offset', block 'entry': {{.*}}@__spirv_BuiltInGlobalOffset{{.*}}: SPIR-V builtin variable @__spirv_BuiltInGlobalOffset is not computed by the vISA route
; RUN: bash -c '%cmc -backend=visa -march=icllp %s -o k.isa; test $? -eq 1' 2>&1 | FileCheck %s --check-prefix=ROUTE
; RUN: test ! -e k.isa
; ROUTE: error: genx-spir-kernels: in function 'image_arg'
target triple = "spir64-unknown-unknown"

%opencl.image2d_ro_t = type opaque

@__spirv_BuiltInGlobalOffset = external addrspace(1) constant <3 x i64>, align 32

define spir_kernel void @image_arg(%opencl.image2d_ro_t addrspace(1)* %img) #0 {
entry:
  %i = call i32 @llvm.genx.address.convert.i32.p1opencl.image2d_ro_t(%opencl.image2d_ro_t addrspace(1)* %img)
  ret void
}

define spir_kernel void @implicit_arg(<3 x i32> "VCArgumentKind"="24" %lid) #0 {
entry:
  ret void
}

define spir_kernel void @offset(i64 addrspace(1)* %out) #0 {
entry:
  %o = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInGlobalOffset
  %x = extractelement <3 x i64> %o, i32 0
  store i64 %x, i64 addrspace(1)* %out
  ret void
}

declare i32 @llvm.genx.address.convert.i32.p1opencl.image2d_ro_t(%opencl.image2d_ro_t addrspace(1)*)

attributes #0 = { "VCFunction" }
