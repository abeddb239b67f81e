; genx-spir-kernels computes DPC++'s SPIR-V builtin variables from GenX's own inputs: each load of
; @__spirv_BuiltIn<Name> (the whole <3 x i64>, or one element through a constant getelementptr) becomes
; group.id.{x,y,z} / local.id / local.size / group.count arithmetic, one scalar per dimension read, and the
; variables go away. The kernel stores every id to SVM; through the vISA route (icllp and tgllp, GenX_IR
; accepts it) it agrees with the IR on the vISA executor, which gives the IR's variables the thread's ids.
; The validator runs one thread per group (local id 0, local size 1), so the ids are also checked on a grid:
; `cmc run` of the vISA on 2x3 groups of 4x2 threads writes, per thread, the values the SPIR-V meanings give
; (computed here by awk, independently of the pass); a vISA that drops the local id from the global id does not.
; REQUIRES: genx-ir
; RUN: rm -rf %t && mkdir -p %t && cd %t
; RUN: %cmc -march=icllp -passes=genx-spir-kernels -S %s -o lowered.ll
; RUN: FileCheck %s --check-prefix=IR < lowered.ll
; IR-NOT: __spirv_BuiltIn
; IR: call i32 @llvm.genx.group.id.x()
; IR: call <3 x i32> @llvm.genx.local.size.v3i32()
; IR: call <3 x i32> @llvm.genx.local.id.v3i32()
; IR: call <3 x i32> @llvm.genx.group.count.v3i32()
; RUN: %cmc -backend=visa -march=icllp %s -o icl.isa -mdump_asm
; RUN: FileCheck %s < ids.visaasm
; CHECK: .implicit_GROUP_COUNT
; CHECK: .implicit_LOCAL_SIZE
; CHECK: .implicit_LOCAL_ID {{V[0-9]+}} offset=64 size=12
; CHECK: %group_id_y
; RUN: %validate -v %s ids.visaasm | FileCheck %s --check-prefix=AGREE
; AGREE: cmc validate: 1 function(s) agree
; RUN: awk 'BEGIN{for(y=0;y<6;y++)for(x=0;x<8;x++) print x, y, x%%4, int(y/2), 4, 2, 6, 0}' > want.txt
; RUN: %cmc run ids.visaasm --groups 2,3 --local 4,2 --arg zeros:1536:grid.bin
; RUN: od -An -v -td4 -w32 grid.bin | awk '{$1=$1; print}' > got.txt && diff want.txt got.txt
; RUN: awk '/^ *add \(M1, 1\)/ && !done {sub(/add/, "mov"); sub(/ [^ ]*$/, ""); done=1} {print}' ids.visaasm > neg.visaasm
; RUN: %cmc run neg.visaasm --groups 2,3 --local 4,2 --arg zeros:1536:neg.bin
; RUN: od -An -v -td4 -w32 neg.bin | awk '{$1=$1; print}' > neg.txt && not diff -q want.txt neg.txt
; RUN: %cmc -backend=visa -march=tgllp %s -o tgl.isa -mdump_asm
; RUN: %validate %s ids.visaasm
; DPC++ ESIMD's own shape (the whole GlobalInvocationId vector, then extractelement) compiles and agrees too.
; RUN: %cmc -backend=visa -march=tgllp %S/../vc-bridge/Inputs/esimd-ready.ll -o e.isa -mdump_asm
; RUN: %validate %S/../vc-bridge/Inputs/esimd-ready.ll esimd_add.visaasm
target datalayout = "e-i64:64-n8:16:32:64"
target triple = "spir64-unknown-unknown"

@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInLocalInvocationId = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInWorkgroupId = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInWorkgroupSize = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInNumWorkgroups = external addrspace(1) constant <3 x i64>, align 32
@__spirv_BuiltInGlobalSize = external addrspace(1) constant <3 x i64>, align 32

; Per thread, 8 dwords at out + 32 * (global linear id): global id x, y (element loads), local id x, group id y,
; local size x, group count x, global size y, and the low half of the whole global-id vector's z.
define spir_kernel void @ids(i32 addrspace(1)* %out) #0 {
entry:
  %gx = load i64, i64 addrspace(1)* getelementptr (<3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInGlobalInvocationId, i64 0, i64 0)
  %gy = load i64, i64 addrspace(1)* getelementptr (<3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInGlobalInvocationId, i64 0, i64 1)
  %gall = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInGlobalInvocationId
  %gz = extractelement <3 x i64> %gall, i32 2
  %lid = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInLocalInvocationId
  %lx = extractelement <3 x i64> %lid, i32 0
  %wid = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInWorkgroupId
  %wy = extractelement <3 x i64> %wid, i32 1
  %wsize = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInWorkgroupSize
  %sx = extractelement <3 x i64> %wsize, i32 0
  %nwg = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInNumWorkgroups
  %nx = extractelement <3 x i64> %nwg, i32 0
  %gsize = load <3 x i64>, <3 x i64> addrspace(1)* @__spirv_BuiltInGlobalSize
  %gsx = extractelement <3 x i64> %gsize, i32 0
  %gsy = extractelement <3 x i64> %gsize, i32 1
  ; linear = gy * global size x + gx
  %row = mul i64 %gy, %gsx
  %linear = add i64 %row, %gx
  %off = shl i64 %linear, 5
  %base = ptrtoint i32 addrspace(1)* %out to i64
  %addr = add i64 %base, %off
  %v0 = trunc i64 %gx to i32
  %v1 = trunc i64 %gy to i32
  %v2 = trunc i64 %lx to i32
  %v3 = trunc i64 %wy to i32
  %v4 = trunc i64 %sx to i32
  %v5 = trunc i64 %nx to i32
  %v6 = trunc i64 %gsy to i32
  %v7 = trunc i64 %gz to i32
  %w0 = insertelement <8 x i32> undef, i32 %v0, i32 0
  %w1 = insertelement <8 x i32> %w0, i32 %v1, i32 1
  %w2 = insertelement <8 x i32> %w1, i32 %v2, i32 2
  %w3 = insertelement <8 x i32> %w2, i32 %v3, i32 3
  %w4 = insertelement <8 x i32> %w3, i32 %v4, i32 4
  %w5 = insertelement <8 x i32> %w4, i32 %v5, i32 5
  %w6 = insertelement <8 x i32> %w5, i32 %v6, i32 6
  %w7 = insertelement <8 x i32> %w6, i32 %v7, i32 7
  call void @llvm.genx.svm.block.st.i64.v8i32(i64 %addr, <8 x i32> %w7)
  ret void
}

declare void @llvm.genx.svm.block.st.i64.v8i32(i64, <8 x i32>)

attributes #0 = { "VCFunction" "VCSLMSize"="0" }
