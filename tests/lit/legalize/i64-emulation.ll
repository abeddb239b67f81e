; 64-bit integers where the platform has none (icllp, tgllp, dg1, acm-g10: emulate_i64): after splitting (SIMD8
; for i64 on a 32-byte GRF), each operation is done on 32-bit halves read with stride-2 regions from the value
; bitcast to <2N x i32> — add with addc and the carry into the high half, sub with subb and the borrow, logic
; per half, mul as lo*lo, umulh(lo, lo) + lo*hi + hi*lo — and the halves written back with stride-2 regions.
; 64-bit moves become 32-bit moves of twice the elements. On skl and pvc (native i64) nothing is emulated.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: i64 add emulated on 32-bit halves
; REMARK: remark: {{.*}}: i64 sub emulated on 32-bit halves
; REMARK: remark: {{.*}}: i64 mul emulated on 32-bit halves
; REMARK: remark: {{.*}}: i64 xor emulated on 32-bit halves

; CHECK-LABEL: define <8 x i64> @add_icllp(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a.halves = bitcast <8 x i64> %a to <16 x i32>
; CHECK-NEXT: %a.lo = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a.halves, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK-NEXT: %a.hi = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %a.halves, i32 0, i32 8, i32 2, i16 4, i32 undef)
; CHECK-NEXT: %b.halves = bitcast <8 x i64> %b to <16 x i32>
; CHECK-NEXT: %b.lo = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b.halves, i32 0, i32 8, i32 2, i16 0, i32 undef)
; CHECK-NEXT: %b.hi = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %b.halves, i32 0, i32 8, i32 2, i16 4, i32 undef)
; CHECK-NEXT: %s.lo.carry = call { <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32(<8 x i32> %a.lo, <8 x i32> %b.lo)
; CHECK-NEXT: %s.carry = extractvalue { <8 x i32>, <8 x i32> } %s.lo.carry, 0
; CHECK-NEXT: %s.lo = extractvalue { <8 x i32>, <8 x i32> } %s.lo.carry, 1
; CHECK-NEXT: %s.hi.sum = add <8 x i32> %a.hi, %b.hi
; CHECK-NEXT: %s.hi = add <8 x i32> %s.hi.sum, %s.carry
; CHECK-NEXT: %s.joinlo = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %s.lo, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
; CHECK-NEXT: %s.joinhi = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %s.joinlo, <8 x i32> %s.hi, i32 0, i32 8, i32 2, i16 4, i32 undef, i1 true)
; CHECK-NEXT: %s.join = bitcast <16 x i32> %s.joinhi to <8 x i64>
; CHECK-NEXT: ret <8 x i64> %s.join
define <8 x i64> @add_icllp(<8 x i64> %a, <8 x i64> %b) #0 {
entry:
  %s = add <8 x i64> %a, %b
  ret <8 x i64> %s
}

; sub, mul and xor on tgllp.
; CHECK-LABEL: define <8 x i64> @sub_mul_xor_tgllp(
; CHECK: %d.lo.borrow = call { <8 x i32>, <8 x i32> } @llvm.genx.subb.v8i32.v8i32(<8 x i32> %a.lo, <8 x i32> %b.lo)
; CHECK: %d.hi = sub <8 x i32> %d.hi.diff, %d.borrow
; CHECK: %m.lo = mul <8 x i32> %d.join.lo, %b.lo{{[0-9]*}}
; CHECK: %m.lo.high = call <8 x i32> @llvm.genx.umulh.v8i32.v8i32(<8 x i32> %d.join.lo{{[0-9]*}}, <8 x i32> %b.lo{{[0-9]*}})
; CHECK: %m.cross1 = mul <8 x i32> %d.join.lo{{[0-9]*}}, %b.hi{{[0-9]*}}
; CHECK: %m.cross2 = mul <8 x i32> %d.join.hi, %b.lo{{[0-9]*}}
; CHECK: %x.lo = xor <8 x i32> %m.join.lo, %a.lo{{[0-9]*}}
; CHECK: %x.hi = xor <8 x i32> %m.join.hi, %a.hi{{[0-9]*}}
; CHECK-NOT: {{(add|sub|mul|xor) <8 x i64>}}
define <8 x i64> @sub_mul_xor_tgllp(<8 x i64> %a, <8 x i64> %b) #1 {
entry:
  %d = sub <8 x i64> %a, %b
  %m = mul <8 x i64> %d, %b
  %x = xor <8 x i64> %m, %a
  ret <8 x i64> %x
}

; A 16-lane add on icllp: split to SIMD8 (16 × 8 bytes > 64), then each half emulated; the 64-bit reads and the
; join into the <16 x i64> result became 32-bit moves.
; REMARK: remark: {{.*}}: split 16-wide add into 2×8: two-GRF rule (16 × 8 bytes > 64)
; REMARK: remark: {{.*}}: 64-bit move of 8 x i64 done as 16 x i32
; CHECK-LABEL: define <16 x i64> @wide_add_icllp(
; CHECK-COUNT-2: @llvm.genx.addc.v8i32.v8i32(
; CHECK-NOT: add <8 x i64>
; CHECK: ret <16 x i64>
define <16 x i64> @wide_add_icllp(<16 x i64> %a, <16 x i64> %b) #0 {
entry:
  %s = add <16 x i64> %a, %b
  ret <16 x i64> %s
}

; Extensions to i64, a compare and a truncation on dg1 and acm-g10.
; CHECK-LABEL: define <8 x i1> @ext_cmp_dg1(
; CHECK: %sa.hi = ashr <8 x i32> %a, <i32 31,
; CHECK: %zb.lo = zext <8 x i16> %b to <8 x i32>
; CHECK: %zb.joinhi = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %zb.joinlo, <8 x i32> zeroinitializer, i32 0, i32 8, i32 2, i16 4, i32 undef, i1 true)
; CHECK: %lt.hi = icmp slt <8 x i32> %sa.join.hi, %zb.join.hi
; CHECK: %lt.hieq = icmp eq <8 x i32>
; CHECK: %lt.lo = icmp ult <8 x i32> %sa.join.lo, %zb.join.lo
; CHECK: %lt.lo.decides = and <8 x i1> %lt.hieq, %lt.lo
; CHECK: %lt.order = or <8 x i1> %lt.hi, %lt.lo.decides
; CHECK-NOT: icmp {{.*}}<8 x i64>
define <8 x i1> @ext_cmp_dg1(<8 x i32> %a, <8 x i16> %b) #2 {
entry:
  %sa = sext <8 x i32> %a to <8 x i64>
  %zb = zext <8 x i16> %b to <8 x i64>
  %lt = icmp slt <8 x i64> %sa, %zb
  ret <8 x i1> %lt
}

; Extensions of a predicate: zext gives 0/1 in the low half and 0 above, sext -1/0 in both halves.
; CHECK-LABEL: define <8 x i64> @ext_predicate_icllp(
; CHECK: %z.lo = zext <8 x i1> %c to <8 x i32>
; CHECK: %s.lo = sext <8 x i1> %c to <8 x i32>
; CHECK: %s.hi = ashr <8 x i32> %s.lo, <i32 31,
define <8 x i64> @ext_predicate_icllp(<8 x i32> %a, <8 x i32> %b) #0 {
entry:
  %c = icmp slt <8 x i32> %a, %b
  %z = zext <8 x i1> %c to <8 x i64>
  %s = sext <8 x i1> %c to <8 x i64>
  %x = xor <8 x i64> %z, %s
  ret <8 x i64> %x
}

; CHECK-LABEL: define i32 @scalar_acm(
; CHECK: %s.lo.carry = call { <1 x i32>, <1 x i32> } @llvm.genx.addc.v1i32.v1i32(
; CHECK: %s.join.lo = call <1 x i32> @llvm.genx.rdregioni.v1i32.v2i32.i16(<2 x i32> %s.joinhi, i32 0, i32 1, i32 1, i16 0, i32 undef)
; CHECK-NEXT: %t.scalar = bitcast <1 x i32> %s.join.lo to i32
; CHECK-NEXT: ret i32 %t.scalar
define i32 @scalar_acm(i64 %a, i64 %b) #3 {
entry:
  %s = add i64 %a, %b
  %t = trunc i64 %s to i32
  ret i32 %t
}

; Native 64-bit integers: skl splits the add to SIMD8, pvc (64-byte GRF) keeps SIMD16; neither emulates.
; CHECK-LABEL: define <16 x i64> @native_skl(
; CHECK: %s.split0 = add <8 x i64>
; CHECK: %s.split8 = add <8 x i64>
; CHECK-NOT: addc
define <16 x i64> @native_skl(<16 x i64> %a, <16 x i64> %b) #4 {
entry:
  %s = add <16 x i64> %a, %b
  ret <16 x i64> %s
}

; CHECK-LABEL: define <16 x i64> @native_pvc(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = add <16 x i64> %a, %b
; CHECK-NEXT: ret <16 x i64> %s
define <16 x i64> @native_pvc(<16 x i64> %a, <16 x i64> %b) #5 {
entry:
  %s = add <16 x i64> %a, %b
  ret <16 x i64> %s
}

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="tgllp" }
attributes #2 = { "target-cpu"="dg1" }
attributes #3 = { "target-cpu"="acm-g10" }
attributes #4 = { "target-cpu"="skl" }
attributes #5 = { "target-cpu"="pvc" }
