; Predicates: a vISA predicate has at most 32 bits and a power-of-two size. A compare or select of odd width is
; split into the predicate's parts — 32-bit parts, then descending powers of two: 9 → 8,1; 13 → 8,4,1;
; 37 → 32,4,1 — and no piece crosses a part; predicate phis are split into one phi per part. The pieces of a split compare are joined with wrpredregion and the
; joined predicate then disappears: each select piece reads its compare piece directly (or a slice of a 32-bit
; part). `any` of 64 bits is done per 32-bit part; a masked write splits its mask with rdpredregion.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; 9 lanes: 8 + 1. No <9 x i1> is left.
; REMARK: remark: {{.*}}: split 9-wide select into 8+1: execution size must be a power of two (9 elements); predicate parts 8,1
; REMARK-NEXT: remark: {{.*}}: split 9-wide fcmp into 8+1: execution size must be a power of two (9 elements); predicate parts 8,1
; CHECK-LABEL: define <9 x float> @max9(
; CHECK: %c.split0{{[0-9]*}} = fcmp ogt <8 x float>
; CHECK: %c.split8{{[0-9]*}} = fcmp ogt <1 x float>
; CHECK: %s.split0 = select <8 x i1> %c.split0{{[0-9]*}}, <8 x float>
; CHECK: %s.split8 = select <1 x i1> %c.split8{{[0-9]*}}, <1 x float>
; CHECK-NOT: <9 x i1>
; CHECK: ret <9 x float> %s.join8
define <9 x float> @max9(<9 x float> %a, <9 x float> %b) #0 {
entry:
  %c = fcmp ogt <9 x float> %a, %b
  %s = select <9 x i1> %c, <9 x float> %a, <9 x float> %b
  ret <9 x float> %s
}

; 13 lanes: 8 + 4 + 1.
; REMARK-NEXT: remark: {{.*}}: split 13-wide select into 8+4+1: execution size must be a power of two (13 elements); predicate parts 8,4,1
; REMARK-NEXT: remark: {{.*}}: split 13-wide icmp into 8+4+1: execution size must be a power of two (13 elements); predicate parts 8,4,1
; CHECK-LABEL: define <13 x i32> @min13(
; CHECK: %c.split0{{[0-9]*}} = icmp slt <8 x i32>
; CHECK: %c.split8{{[0-9]*}} = icmp slt <4 x i32>
; CHECK: %c.split12{{[0-9]*}} = icmp slt <1 x i32>
; CHECK: %s.split0 = select <8 x i1> %c.split0{{[0-9]*}},
; CHECK: %s.split8 = select <4 x i1> %c.split8{{[0-9]*}},
; CHECK: %s.split12 = select <1 x i1> %c.split12{{[0-9]*}},
; CHECK-NOT: <13 x i1>
; CHECK: ret <13 x i32> %s.join12
define <13 x i32> @min13(<13 x i32> %a, <13 x i32> %b) #0 {
entry:
  %c = icmp slt <13 x i32> %a, %b
  %s = select <13 x i1> %c, <13 x i32> %a, <13 x i32> %b
  ret <13 x i32> %s
}

; 37 lanes of i32: SIMD16 (two-GRF rule) inside the 32-bit part, then 4 and 1. The two SIMD16 compares are the
; halves of one 32-bit predicate; each select half reads its half of it.
; REMARK-NEXT: remark: {{.*}}: split 37-wide select into 16+16+4+1: two-GRF rule (37 × 4 bytes > 64)
; REMARK-NEXT: remark: {{.*}}: split 37-wide icmp into 16+16+4+1: two-GRF rule (37 × 4 bytes > 64)
; CHECK-LABEL: define <37 x i32> @min37(
; CHECK: %c.split0{{[0-9]*}} = icmp ult <16 x i32>
; CHECK-NEXT: %c.join0{{[0-9]*}} = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> undef, <16 x i1> %c.split0{{[0-9]*}}, i32 0)
; CHECK: %c.split16{{[0-9]*}} = icmp ult <16 x i32>
; CHECK-NEXT: %c.join16{{[0-9]*}} = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v16i1(<32 x i1> %c.join0{{[0-9]*}}, <16 x i1> %c.split16{{[0-9]*}}, i32 16)
; CHECK: %c.split32{{[0-9]*}} = icmp ult <4 x i32>
; CHECK: %c.split36{{[0-9]*}} = icmp ult <1 x i32>
; CHECK: %c.split0{{[0-9]*}} = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %c.join16{{[0-9]*}}, i32 0)
; CHECK: %s.split0 = select <16 x i1>
; CHECK: = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %c.join16{{[0-9]*}}, i32 16)
; CHECK: %s.split16 = select <16 x i1>
; CHECK: %s.split32 = select <4 x i1> %c.split32{{[0-9]*}},
; CHECK: %s.split36 = select <1 x i1> %c.split36{{[0-9]*}},
; CHECK-NOT: <37 x i1>
; CHECK: ret <37 x i32> %s.join36
define <37 x i32> @min37(<37 x i32> %a, <37 x i32> %b) #0 {
entry:
  %c = icmp ult <37 x i32> %a, %b
  %s = select <37 x i1> %c, <37 x i32> %b, <37 x i32> %a
  ret <37 x i32> %s
}

; `any` of 64 bits: per 32-bit part, combined through an i16.
; REMARK-NEXT: remark: {{.*}}: any of a 64-bit predicate done per part 32,32
; REMARK-NEXT: remark: {{.*}}: split 64-wide icmp into 2×32: two-GRF rule (64 × 2 bytes > 64); predicate parts 32,32
; CHECK-LABEL: define i1 @any64(
; CHECK: %c.split0{{[0-9]*}} = icmp eq <32 x i16>
; CHECK: %c.split32{{[0-9]*}} = icmp eq <32 x i16>
; CHECK: %r.part0 = call i1 @llvm.genx.any.v32i1(<32 x i1> %c.split0{{[0-9]*}})
; CHECK-NEXT: %r.join0 = select i1 %r.part0, i16 1, i16 0
; CHECK-NEXT: %r.part32 = call i1 @llvm.genx.any.v32i1(<32 x i1> %c.split32{{[0-9]*}})
; CHECK-NEXT: %r.join32 = select i1 %r.part32, i16 1, i16 %r.join0
; CHECK-NEXT: %r.joincmp = icmp ne i16 %r.join32, 0
; CHECK-NEXT: ret i1 %r.joincmp
define i1 @any64(<64 x i16> %a, <64 x i16> %b) #0 {
entry:
  %c = icmp eq <64 x i16> %a, %b
  %r = call i1 @llvm.genx.any.v64i1(<64 x i1> %c)
  ret i1 %r
}

; A masked 32-lane write of i32: two SIMD16 writes, each predicated by its half of the mask.
; REMARK-NEXT: remark: {{.*}}: split 32-wide move into 2×16: GRF crossing rule (destination <32;32,1> at byte 0 of %w)
; CHECK-LABEL: define <32 x i32> @masked_write(
; CHECK: %m.split0 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %m, i32 0)
; CHECK: %w.join0 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.v16i1(<32 x i32> %old, <16 x i32> %new.split0, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %m.split0)
; CHECK: %m.split16 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %m, i32 16)
; CHECK: %w.join16 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.v16i1(<32 x i32> %w.join0, <16 x i32> %new.split16, i32 0, i32 16, i32 1, i16 64, i32 undef, <16 x i1> %m.split16)
define <32 x i32> @masked_write(<32 x i32> %old, <32 x i32> %new, <32 x i1> %m) #0 {
entry:
  %w = call <32 x i32> @llvm.genx.wrregioni.v32i32.v32i32.i16.v32i1(<32 x i32> %old, <32 x i32> %new, i32 0, i32 32, i32 1, i16 0, i32 undef, <32 x i1> %m)
  ret <32 x i32> %w
}

; A 64-bit mask as a predicate: the integer is read as two 32-bit halves, each bitcast to a 32-bit predicate;
; the selects (SIMD16 each) read quarters of those.
; REMARK-NEXT: remark: {{.*}}: split 64-wide select into 4×16: two-GRF rule (64 × 4 bytes > 64)
; CHECK-LABEL: define <64 x i32> @mask_from_i64(
; CHECK: %p.cast = bitcast i64 %bits to <2 x i32>
; CHECK-NEXT: %p.rdsplit0 = call i32 @llvm.genx.rdregioni.i32.v2i32.i16(<2 x i32> %p.cast, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %p.part0 = bitcast i32 %p.rdsplit0 to <32 x i1>
; CHECK: %p.part1 = bitcast i32 %p.rdsplit1 to <32 x i1>
; CHECK: [[Q0:%.*]] = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %p.part0, i32 0)
; CHECK: %s.split0 = select <16 x i1> [[Q0]], <16 x i32> %a.split0, <16 x i32> %b.split0
; CHECK-NOT: <64 x i1>
; CHECK: ret <64 x i32>
define <64 x i32> @mask_from_i64(i64 %bits, <64 x i32> %a, <64 x i32> %b) #0 {
entry:
  %p = bitcast i64 %bits to <64 x i1>
  %s = select <64 x i1> %p, <64 x i32> %a, <64 x i32> %b
  ret <64 x i32> %s
}

; A 13-bit predicate phi: one phi per part (8, 4, 1), each fed by the matching compare pieces.
; REMARK-NEXT: remark: {{.*}}: split 13-wide select into 8+4+1: execution size must be a power of two (13 elements); predicate parts 8,4,1
; REMARK-NEXT: remark: {{.*}}: split 13-wide icmp into 8+4+1: execution size must be a power of two (13 elements); predicate parts 8,4,1
; REMARK-NEXT: remark: {{.*}}: split 13-wide icmp into 8+4+1: execution size must be a power of two (13 elements); predicate parts 8,4,1
; CHECK-LABEL: define <13 x i32> @phi13(
; CHECK: join:
; CHECK-NEXT: %m.split0{{[0-9]*}} = phi <8 x i1> [ %p.split0, %entry ], [ %q.split0, %then ]
; CHECK-NEXT: %m.split8{{[0-9]*}} = phi <4 x i1> [ %p.split8, %entry ], [ %q.split8, %then ]
; CHECK-NEXT: %m.split12{{[0-9]*}} = phi <1 x i1> [ %p.split12, %entry ], [ %q.split12, %then ]
; CHECK-NOT: <13 x i1>
; CHECK: ret <13 x i32> %s.join12
define <13 x i32> @phi13(<13 x i32> %a, <13 x i32> %b, i1 %c) #0 {
entry:
  %p = icmp slt <13 x i32> %a, %b
  br i1 %c, label %then, label %join
then:
  %q = icmp sgt <13 x i32> %a, %b
  br label %join
join:
  %m = phi <13 x i1> [ %p, %entry ], [ %q, %then ]
  %s = select <13 x i1> %m, <13 x i32> %a, <13 x i32> %b
  ret <13 x i32> %s
}

declare i1 @llvm.genx.any.v64i1(<64 x i1>)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v32i32.i16.v32i1(<32 x i32>, <32 x i32>, i32, i32, i32, i16, i32, <32 x i1>)

attributes #0 = { "target-cpu"="icllp" }
