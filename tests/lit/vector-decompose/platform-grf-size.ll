; The part size follows the platform's GRF: 32 bytes up to Xe-HPG, 64 bytes on Xe-HPC (pvc). A <32 x i32> web
; read in 8-element (32-byte) pieces is cut into four parts on icllp and into two on pvc, where 32-byte reads
; sharing a 64-byte GRF keep it whole.
; RUN: %opt -passes=genx-vector-decompose -pass-remarks=genx-vector-decompose -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-vector-decompose -S %s | diff %t.ll -

; Remarks come in function order: @on_icllp, then @on_pvc.
; CHECK: remark: {{.*}}web of %w {{.*}} cut into 4 parts of its 128 bytes: 0..32, 32..64, 64..96, 96..128
; CHECK-NEXT: remark: {{.*}}web of %w {{.*}} cut into 2 parts of its 128 bytes: 0..64, 64..128
define <8 x i32> @on_icllp(<32 x i32> %v, <8 x i32> %a, <8 x i32> %b) #0 {
entry:
  %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v, <8 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %r0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %r1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %r2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %r3 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 96, i32 undef)
  %s0 = add <8 x i32> %r0, %r1
  %s1 = add <8 x i32> %r2, %r3
  %s = add <8 x i32> %s0, %s1
  ret <8 x i32> %s
}

define <8 x i32> @on_pvc(<32 x i32> %v, <8 x i32> %a, <8 x i32> %b) #1 {
entry:
  %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32> %v, <8 x i32> %a, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %r0 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %r1 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %r2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %r3 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %w, i32 0, i32 8, i32 1, i16 96, i32 undef)
  %s0 = add <8 x i32> %r0, %r1
  %s1 = add <8 x i32> %r2, %r3
  %s = add <8 x i32> %s0, %s1
  ret <8 x i32> %s
}

declare <32 x i32> @llvm.genx.wrregioni.v32i32.v8i32.i16.i1(<32 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="pvc" }
