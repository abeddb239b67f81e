; Integer division and remainder by a constant ±2^k (every lane the same) become shifts with the sign fix-up
; (legalize/expand.rs): udiv a shift, urem a mask, sdiv (x + bias) >>a k with bias = (x >>a (w-1)) >> (w-k),
; negated for a negative divisor, srem x - ((x + bias) & -2^k). Divisors 1, -1, 2, -2, 8, 2^30, INT_MIN,
; on i32, i16 and i64 (i64 then emulated on halves on icllp). Division by another value is left for vISA's
; div/mod. Translation validation draws negative values, INT_MIN, -1 and 0 among the lanes.
; RUN: %opt -passes=genx-legalize -pass-remarks=genx-legalize -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-legalize -S %s | diff %t.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.ll

; REMARK: remark: {{.*}}: sdiv by a power of two done with shifts
; REMARK: remark: {{.*}}: srem by a power of two done with shifts
; REMARK: remark: {{.*}}: udiv by a power of two done with shifts
; REMARK: remark: {{.*}}: urem by a power of two done with shifts

; CHECK-LABEL: define <8 x i32> @signed_by_8(
; CHECK-NEXT: entry:
; CHECK-NEXT: [[SIGN:%.*]] = ashr <8 x i32> %x, <i32 31,
; CHECK-NEXT: [[BIAS:%.*]] = lshr <8 x i32> [[SIGN]], <i32 29,
; CHECK-NEXT: [[BIASED:%.*]] = add <8 x i32> %x, [[BIAS]]
; CHECK-NEXT: %q = ashr <8 x i32> [[BIASED]], <i32 3,
; CHECK-NEXT: [[SIGN2:%.*]] = ashr <8 x i32> %x, <i32 31,
; CHECK-NEXT: [[BIAS2:%.*]] = lshr <8 x i32> [[SIGN2]], <i32 29,
; CHECK-NEXT: [[BIASED2:%.*]] = add <8 x i32> %x, [[BIAS2]]
; CHECK-NEXT: [[MULTIPLE:%.*]] = and <8 x i32> [[BIASED2]], <i32 -8,
; CHECK-NEXT: %r = sub <8 x i32> %x, [[MULTIPLE]]
define <8 x i32> @signed_by_8(<8 x i32> %x) #0 {
entry:
  %q = sdiv <8 x i32> %x, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %r = srem <8 x i32> %x, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %s = xor <8 x i32> %q, %r
  ret <8 x i32> %s
}

; Negative divisors, INT_MIN, ±1, 2^30 and a scalar (nv12's `sdiv i32 %v, 2`).
; CHECK-LABEL: define <8 x i32> @signed_edges(
; CHECK: %qm2 = sub <8 x i32> zeroinitializer,
; CHECK: %qm1 = sub <8 x i32> zeroinitializer, %x
; CHECK-NOT: sdiv
; CHECK-NOT: srem
; CHECK: %h = ashr i32
define <8 x i32> @signed_edges(<8 x i32> %x, i32 %y) #1 {
entry:
  %qm2 = sdiv <8 x i32> %x, <i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2>
  %rm2 = srem <8 x i32> %x, <i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2>
  %qmin = sdiv <8 x i32> %x, <i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648>
  %rmin = srem <8 x i32> %x, <i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648>
  %q1 = sdiv <8 x i32> %x, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %r1 = srem <8 x i32> %x, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %qm1 = sdiv <8 x i32> %x, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %q30 = sdiv <8 x i32> %x, <i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824>
  %r30 = srem <8 x i32> %x, <i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824, i32 1073741824>
  %h = sdiv i32 %y, 2
  %hs = insertelement <8 x i32> undef, i32 %h, i32 0
  %a1 = xor <8 x i32> %qm2, %rm2
  %a2 = xor <8 x i32> %qmin, %rmin
  %a3 = xor <8 x i32> %q1, %r1
  %a4 = xor <8 x i32> %qm1, %q30
  %a5 = xor <8 x i32> %a1, %a2
  %a6 = xor <8 x i32> %a3, %a4
  %a7 = xor <8 x i32> %a5, %a6
  %a8 = xor <8 x i32> %a7, %r30
  %a9 = add <8 x i32> %a8, %hs
  ret <8 x i32> %a9
}

; Unsigned: a shift and a mask; i16 and i64 (icllp emulates the i64 shift and mask on halves).
; CHECK-LABEL: define <8 x i16> @unsigned_and_widths(
; CHECK: %u = lshr <8 x i16> %x, <i16 4,
; CHECK: %m = and <8 x i16> %x, <i16 15,
; CHECK: %sw = ashr <8 x i16> {{.*}}, <i16 2,
; CHECK-NOT: {{(u|s)(div|rem)}}
define <8 x i16> @unsigned_and_widths(<8 x i16> %x, <8 x i64> %y) #0 {
entry:
  %u = udiv <8 x i16> %x, <i16 16, i16 16, i16 16, i16 16, i16 16, i16 16, i16 16, i16 16>
  %m = urem <8 x i16> %x, <i16 16, i16 16, i16 16, i16 16, i16 16, i16 16, i16 16, i16 16>
  %sw = sdiv <8 x i16> %x, <i16 4, i16 4, i16 4, i16 4, i16 4, i16 4, i16 4, i16 4>
  %yd = sdiv <8 x i64> %y, <i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096>
  %yr = urem <8 x i64> %y, <i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64, i64 64>
  %ys = add <8 x i64> %yd, %yr
  %yt = trunc <8 x i64> %ys to <8 x i16>
  %a = xor <8 x i16> %u, %m
  %b = xor <8 x i16> %a, %sw
  %c = add <8 x i16> %b, %yt
  ret <8 x i16> %c
}

; A dividend proven non-negative (value ranges, mul_narrow::known_non_negative: a 16-bit id zero-extended, times
; 8) is divided as unsigned: no sign fix-up. A dividend that may be negative (%maybe: times 2^17 can reach the
; sign bit) keeps it; a negative divisor keeps the signed form too.
; CHECK-LABEL: define <8 x i32> @non_negative_dividend(
; CHECK:      %y = mul <8 x i32> %wide{{[0-9]*}}, <i32 8,
; CHECK-NEXT: %q = lshr <8 x i32> %y, <i32 1,
; CHECK-NEXT: %r = and <8 x i32> %y, <i32 3,
; CHECK-NEXT: %big = mul <8 x i32> %wide{{[0-9]*}}, <i32 131072,
; CHECK-NEXT: ashr <8 x i32> %big, <i32 31,
; CHECK:      %qm = sub <8 x i32> zeroinitializer,
define <8 x i32> @non_negative_dividend(<8 x i16> %id) #0 {
entry:
  %wide = zext <8 x i16> %id to <8 x i32>
  %y = mul <8 x i32> %wide, <i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8, i32 8>
  %q = sdiv <8 x i32> %y, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %r = srem <8 x i32> %y, <i32 -4, i32 -4, i32 -4, i32 -4, i32 -4, i32 -4, i32 -4, i32 -4>
  %big = mul <8 x i32> %wide, <i32 131072, i32 131072, i32 131072, i32 131072, i32 131072, i32 131072, i32 131072, i32 131072>
  %maybe = sdiv <8 x i32> %big, <i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4, i32 4>
  %qm = sdiv <8 x i32> %y, <i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2, i32 -2>
  %a = xor <8 x i32> %q, %r
  %b = xor <8 x i32> %a, %maybe
  %c = add <8 x i32> %b, %qm
  ret <8 x i32> %c
}

; Not a power of two, or different divisors per lane: left for vISA's div and mod.
; CHECK-LABEL: define <8 x i32> @left_alone(
; CHECK: sdiv <8 x i32> %x, <i32 3,
; CHECK: urem <8 x i32> %x, <i32 2, i32 4,
define <8 x i32> @left_alone(<8 x i32> %x) #0 {
entry:
  %q = sdiv <8 x i32> %x, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %r = urem <8 x i32> %x, <i32 2, i32 4, i32 2, i32 4, i32 2, i32 4, i32 2, i32 4>
  %s = xor <8 x i32> %q, %r
  ret <8 x i32> %s
}

attributes #0 = { "target-cpu"="icllp" }
attributes #1 = { "target-cpu"="tgllp" }
