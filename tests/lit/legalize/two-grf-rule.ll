; The non-region limit: one instruction writes at most two GRFs and reads at most two GRFs per operand,
; `width × max(dst EB, src0 EB) <= 2 × GRF`, rounded down to a power of two. On a 32-byte GRF (icllp) that is
; SIMD16 for i32/float, SIMD8 for i64, SIMD32 for i16; on a 64-byte GRF (pvc) SIMD32 for i32, SIMD16 for i64.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: split 32-wide add into 2×16: two-GRF rule (32 × 4 bytes > 64)
; REMARK-NEXT: remark: {{.*}}: split 64-wide add into 2×32: two-GRF rule (64 × 2 bytes > 64)
; REMARK-NEXT: remark: {{.*}}: split 16-wide add into 2×8: two-GRF rule (16 × 8 bytes > 64)
; REMARK-NEXT: remark: {{.*}}: split 32-wide add into 2×16: two-GRF rule (32 × 8 bytes > 128)
; REMARK-NEXT: remark: {{.*}}: split 32-wide fptrunc into 2×16: two-GRF rule (32 × 4 bytes > 64)
; REMARK-NOT: remark

; A SIMD32 i32 add on a 32-byte GRF: two SIMD16 adds, each source read as two rows of 8 (the two halves of a
; compressed instruction), the results joined into the whole vector.
; CHECK-LABEL: define <32 x i32> @add_i32_icllp(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.split0 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %a, i32 8, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %b.split0 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %b, i32 8, i32 8, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %sum.split0 = add <16 x i32> %a.split0, %b.split0
; CHECK-NEXT: %sum.join0 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %sum.split0, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %a.split16 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %a, i32 8, i32 8, i32 1, i16 64, i32 undef)
; CHECK-NEXT: %b.split16 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %b, i32 8, i32 8, i32 1, i16 64, i32 undef)
; CHECK-NEXT: %sum.split16 = add <16 x i32> %a.split16, %b.split16
; CHECK-NEXT: %sum.join16 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %sum.join0, <16 x i32> %sum.split16, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
; CHECK-NEXT: ret <32 x i32> %sum.join16
define <32 x i32> @add_i32_icllp(<32 x i32> %a, <32 x i32> %b) #0 {
entry:
  %sum = add <32 x i32> %a, %b
  ret <32 x i32> %sum
}

; i16: SIMD32 is exactly two GRFs, so 64 lanes become two SIMD32 adds (each source as two rows of 16, one GRF
; per half).
; CHECK-LABEL: define <64 x i16> @add_i16_icllp(
; CHECK: %a.split0 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %a, i32 16, i32 16, i32 1, i16 0, i32 undef)
; CHECK: %sum.split0 = add <32 x i16>
; CHECK: %sum.split32 = add <32 x i16>
; CHECK: ret <64 x i16> %sum.join32
define <64 x i16> @add_i16_icllp(<64 x i16> %a, <64 x i16> %b) #0 {
entry:
  %sum = add <64 x i16> %a, %b
  ret <64 x i16> %sum
}

; i64 on skl (native 64-bit integers): SIMD8.
; CHECK-LABEL: define <16 x i64> @add_i64_skl(
; CHECK: %sum.split0 = add <8 x i64>
; CHECK: %sum.split8 = add <8 x i64>
; CHECK-NOT: add <16 x i64>
define <16 x i64> @add_i64_skl(<16 x i64> %a, <16 x i64> %b) #1 {
entry:
  %sum = add <16 x i64> %a, %b
  ret <16 x i64> %sum
}

; Negative: a SIMD32 i32 add is legal on pvc (64-byte GRF): nothing changes.
; CHECK-LABEL: define <32 x i32> @add_i32_pvc(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sum = add <32 x i32> %a, %b
; CHECK-NEXT: ret <32 x i32> %sum
define <32 x i32> @add_i32_pvc(<32 x i32> %a, <32 x i32> %b) #2 {
entry:
  %sum = add <32 x i32> %a, %b
  ret <32 x i32> %sum
}

; i64 on pvc: SIMD16 (16 × 8 = 128 bytes, two 64-byte GRFs).
; CHECK-LABEL: define <32 x i64> @add_i64_pvc(
; CHECK: %sum.split0 = add <16 x i64>
; CHECK: %sum.split16 = add <16 x i64>
define <32 x i64> @add_i64_pvc(<32 x i64> %a, <32 x i64> %b) #2 {
entry:
  %sum = add <32 x i64> %a, %b
  ret <32 x i64> %sum
}

; The wider of destination and source counts: float to half on 32 lanes reads 32 × 4 bytes, so SIMD16 although
; the destination is only 32 × 2 bytes.
; CHECK-LABEL: define <32 x half> @narrowing_icllp(
; CHECK: %h.split0 = fptrunc <16 x float> %f.split0 to <16 x half>
; CHECK: %h.split16 = fptrunc <16 x float> %f.split16 to <16 x half>
define <32 x half> @narrowing_icllp(<32 x float> %f) #0 {
entry:
  %h = fptrunc <32 x float> %f to <32 x half>
  ret <32 x half> %h
}

; Negative: SIMD16 float is two GRFs exactly: legal, unchanged.
; CHECK-LABEL: define <16 x float> @fmul_icllp(
; CHECK-NEXT: entry:
; CHECK-NEXT: %p = fmul <16 x float> %a, %b
define <16 x float> @fmul_icllp(<16 x float> %a, <16 x float> %b) #0 {
entry:
  %p = fmul <16 x float> %a, %b
  ret <16 x float> %p
}

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="skl" }
attributes #2 = { "target-cpu"="pvc" }
