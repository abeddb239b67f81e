; 64-bit shifts where the platform emulates i64 (icllp, tgllp): on 32-bit halves (legalize/emulate/shifts.rs).
; A run-time amount s: t = s & 31, the bits crossing between the halves shifted by 1 then by 31 - t (never by
; 32), and selects on s <u 32; a constant amount: the shifts of its column (0: the value itself; below 32:
; moved and crossing bits; 32 and above: one half moved into the other). Translation validation draws the
; amounts mostly from 0..63 (0, 1, 31, 32, 33 and 63 among them) and the values with the edge values
; (INT64_MIN, -1), so carries across the halves are exercised; the constant cases pin 0, 1, 31, 32, 33 and 63.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: i64 shl emulated on 32-bit halves
; REMARK: remark: {{.*}}: i64 lshr emulated on 32-bit halves
; REMARK: remark: {{.*}}: i64 ashr emulated on 32-bit halves

; CHECK-LABEL: define <8 x i64> @shl_variable_icllp(
; CHECK: %s.amount = and <8 x i32> %b.lo, <i32 31,
; CHECK: %s.amount.rest = xor <8 x i32> %s.amount, <i32 31,
; CHECK: %s.within.half = icmp ult <8 x i32> %b.lo{{[0-9]*}}, <i32 32,
; CHECK: %s.lo.moved = shl <8 x i32> %a.lo, %s.amount
; CHECK: %s.hi.moved = shl <8 x i32> %a.hi, %s.amount
; CHECK: %s.lo.half = lshr <8 x i32> %a.lo{{[0-9]*}}, <i32 1,
; CHECK: %s.hi.crossing = lshr <8 x i32> %s.lo.half, %s.amount.rest
; CHECK: %s.lo = select <8 x i1> %s.within.half, <8 x i32> %s.lo.moved, <8 x i32> zeroinitializer
; CHECK: %s.hi = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %s.lo.moved, <8 x i32> %s.hi.small, {{.*}}, <8 x i1> %s.within.half)
; CHECK-NOT: shl <8 x i64>
define <8 x i64> @shl_variable_icllp(<8 x i64> %a, <8 x i64> %b) #0 {
entry:
  %s = shl <8 x i64> %a, %b
  ret <8 x i64> %s
}

; CHECK-LABEL: define <8 x i64> @right_variable_tgllp(
; CHECK: %l.lo.crossing = shl <8 x i32> %l.hi.double, %l.amount.rest
; CHECK: %l.hi = select <8 x i1> %l.within.half, <8 x i32> %l.hi.moved, <8 x i32> zeroinitializer
; CHECK: %r.hi.moved = ashr <8 x i32>
; CHECK: %r.sign = ashr <8 x i32> %{{.*}}, <i32 31,
; CHECK-NOT: {{(lshr|ashr) <8 x i64>}}
define <8 x i64> @right_variable_tgllp(<8 x i64> %a, <8 x i64> %b) #1 {
entry:
  %l = lshr <8 x i64> %a, %b
  %r = ashr <8 x i64> %a, %b
  %x = xor <8 x i64> %l, %r
  ret <8 x i64> %x
}

; A 16-lane shift is split to SIMD8 first; a scalar shift (an SVM address) works on <1 x i32> halves.
; CHECK-LABEL: define <16 x i64> @wide_and_scalar_icllp(
; CHECK-NOT: shl <8 x i64>
; CHECK: ret <16 x i64>
define <16 x i64> @wide_and_scalar_icllp(<16 x i64> %a, <16 x i64> %b, i64 %p, i64 %q) #0 {
entry:
  %s = shl <16 x i64> %a, %b
  %sp = lshr i64 %p, %q
  %sp.ins = insertelement <16 x i64> undef, i64 %sp, i32 0
  %sp.splat = shufflevector <16 x i64> %sp.ins, <16 x i64> undef, <16 x i32> zeroinitializer
  %r = add <16 x i64> %s, %sp.splat
  ret <16 x i64> %r
}

; Constant amounts, one per column of the table: 0 is the value, 1 and 31 move and cross, 32 moves one half
; into the other, 33 and 63 also shift it.
; CHECK-LABEL: define <8 x i64> @shl_constants_tgllp(
; CHECK: %s1.hi.crossing = lshr <8 x i32> %a.lo{{[0-9]*}}, <i32 31,
; CHECK: %s31.hi.crossing = lshr <8 x i32> %a.lo{{[0-9]*}}, <i32 1,
; CHECK: %s32.joinlo = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> zeroinitializer,
; CHECK: %s33.hi = shl <8 x i32> %a.lo{{[0-9]*}}, <i32 1,
; CHECK: %s63.hi = shl <8 x i32> %a.lo{{[0-9]*}}, <i32 31,
; CHECK-NOT: shl <8 x i64>
define <8 x i64> @shl_constants_tgllp(<8 x i64> %a) #1 {
entry:
  %s0 = shl <8 x i64> %a, zeroinitializer
  %s1 = shl <8 x i64> %s0, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %s31 = shl <8 x i64> %a, <i64 31, i64 31, i64 31, i64 31, i64 31, i64 31, i64 31, i64 31>
  %s32 = shl <8 x i64> %a, <i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32>
  %s33 = shl <8 x i64> %a, <i64 33, i64 33, i64 33, i64 33, i64 33, i64 33, i64 33, i64 33>
  %s63 = shl <8 x i64> %a, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %x1 = xor <8 x i64> %s1, %s31
  %x2 = xor <8 x i64> %s32, %s33
  %x3 = xor <8 x i64> %x1, %x2
  %x4 = xor <8 x i64> %x3, %s63
  ret <8 x i64> %x4
}

; CHECK-LABEL: define <8 x i64> @right_constants_icllp(
; CHECK: %l5.lo.crossing = shl <8 x i32> %a.hi, <i32 27,
; CHECK: %l40.lo = lshr <8 x i32> %a.hi{{[0-9]*}}, <i32 8,
; CHECK: %r5.hi = ashr <8 x i32> %a.hi{{[0-9]*}}, <i32 5,
; CHECK: %r40.hi = ashr <8 x i32> %a.hi{{[0-9]*}}, <i32 31,
; CHECK: %r32.joinlo = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %a.hi{{[0-9]*}},
define <8 x i64> @right_constants_icllp(<8 x i64> %a) #0 {
entry:
  %l5 = lshr <8 x i64> %a, <i64 5, i64 5, i64 5, i64 5, i64 5, i64 5, i64 5, i64 5>
  %l40 = lshr <8 x i64> %a, <i64 40, i64 40, i64 40, i64 40, i64 40, i64 40, i64 40, i64 40>
  %r5 = ashr <8 x i64> %a, <i64 5, i64 5, i64 5, i64 5, i64 5, i64 5, i64 5, i64 5>
  %r40 = ashr <8 x i64> %a, <i64 40, i64 40, i64 40, i64 40, i64 40, i64 40, i64 40, i64 40>
  %r32 = ashr <8 x i64> %a, <i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32, i64 32>
  %x1 = xor <8 x i64> %l5, %l40
  %x2 = xor <8 x i64> %r5, %r40
  %x3 = xor <8 x i64> %x1, %x2
  %x4 = xor <8 x i64> %x3, %r32
  ret <8 x i64> %x4
}

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="tgllp" }
