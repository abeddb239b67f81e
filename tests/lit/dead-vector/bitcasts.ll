; Liveness crosses bitcasts by bit ranges: an element of the source is live when a live element of the
; result shares a bit with it (little-endian lane order, as LLVM lays vectors out). CM: `v.format<char>()`,
; `v.format<int>()`, `m.format<uint>()` of a predicate packed into an integer.
; RUN: %opt -passes=genx-dead-vector -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-dead-vector -S %s | diff %t.ll -

; i32 lanes to i8 lanes: bytes 4..7 are int 1; the other ints of the constant are dead.
; CHECK-LABEL: define <4 x i8> @dwords_to_bytes(
; CHECK-NEXT: entry:
; CHECK-NEXT: %bytes = bitcast <4 x i32> <i32 undef, i32 305419896, i32 undef, i32 undef> to <16 x i8>
define <4 x i8> @dwords_to_bytes() {
entry:
  %bytes = bitcast <4 x i32> <i32 1, i32 305419896, i32 3, i32 4> to <16 x i8>
  %int1 = call <4 x i8> @llvm.genx.rdregioni.v4i8.v16i8.i16(<16 x i8> %bytes, i32 0, i32 4, i32 1, i16 4, i32 undef)
  ret <4 x i8> %int1
}

; A byte read that straddles two ints keeps both: bytes 3..4 are in ints 0 and 1.
; CHECK-LABEL: define <2 x i8> @straddle(
; CHECK-NEXT: entry:
; CHECK-NEXT: %bytes = bitcast <4 x i32> <i32 1, i32 2, i32 undef, i32 undef> to <16 x i8>
define <2 x i8> @straddle() {
entry:
  %bytes = bitcast <4 x i32> <i32 1, i32 2, i32 3, i32 4> to <16 x i8>
  %pair = call <2 x i8> @llvm.genx.rdregioni.v2i8.v16i8.i16(<16 x i8> %bytes, i32 0, i32 2, i32 1, i16 3, i32 undef)
  ret <2 x i8> %pair
}

; i8 lanes to i32 lanes: reading int 1 needs bytes 4..7 only, so a write of bytes 8..11 is dead.
; CHECK-LABEL: define i32 @bytes_to_dwords(
; CHECK-NEXT: entry:
; CHECK-NEXT: %ints = bitcast <16 x i8> %v to <4 x i32>
define i32 @bytes_to_dwords(<16 x i8> %v, <4 x i8> %x) {
entry:
  %w = call <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8> %v, <4 x i8> %x, i32 0, i32 4, i32 1, i16 8, i32 undef, i1 true)
  %ints = bitcast <16 x i8> %w to <4 x i32>
  %int1 = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %ints, i32 0, i32 1, i32 1, i16 4, i32 undef)
  ret i32 %int1
}

; Floats to 64-bit integers: i64 lane 1 is floats 2 and 3.
; CHECK-LABEL: define i64 @floats_to_qwords(
; CHECK-NEXT: entry:
; CHECK-NEXT: %q = bitcast <4 x float> <float undef, float undef, float 3.000000e+00, float 4.000000e+00> to <2 x i64>
define i64 @floats_to_qwords() {
entry:
  %q = bitcast <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0> to <2 x i64>
  %hi = extractelement <2 x i64> %q, i32 1
  ret i64 %hi
}

; A predicate packed into bytes: byte 1 is predicate lanes 8..15, so only the upper half of the mask
; computation is live. (i1 constants never get undef lanes; the compare's other operand does.)
; CHECK-LABEL: define i8 @predicate_bytes(
; CHECK-NEXT: entry:
; CHECK-NEXT: %p = icmp eq <16 x i16> %v, <i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 undef, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14, i16 15>
define i8 @predicate_bytes(<16 x i16> %v) {
entry:
  %p = icmp eq <16 x i16> %v, <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14, i16 15>
  %bytes = bitcast <16 x i1> %p to <2 x i8>
  %hi = extractelement <2 x i8> %bytes, i32 1
  ret i8 %hi
}

; Negative: a scalar integer is one element to the analysis (no bit-level liveness), so reading its upper
; byte keeps all 16 predicate lanes live.
; CHECK-LABEL: define i8 @no_change_scalar_is_one_element(
; CHECK-NEXT: entry:
; CHECK-NEXT: %p = icmp eq <16 x i16> %v, <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14, i16 15>
define i8 @no_change_scalar_is_one_element(<16 x i16> %v) {
entry:
  %p = icmp eq <16 x i16> %v, <i16 0, i16 1, i16 2, i16 3, i16 4, i16 5, i16 6, i16 7, i16 8, i16 9, i16 10, i16 11, i16 12, i16 13, i16 14, i16 15>
  %bits = bitcast <16 x i1> %p to i16
  %hi16 = lshr i16 %bits, 8
  %hi = trunc i16 %hi16 to i8
  ret i8 %hi
}

; A whole-vector bitcast used whole: nothing changes.
; CHECK-LABEL: define <8 x i16> @no_change_all_used(
; CHECK-NEXT: entry:
; CHECK-NEXT: %h = bitcast <4 x i32> <i32 1, i32 2, i32 3, i32 4> to <8 x i16>
define <8 x i16> @no_change_all_used() {
entry:
  %h = bitcast <4 x i32> <i32 1, i32 2, i32 3, i32 4> to <8 x i16>
  ret <8 x i16> %h
}

declare <4 x i8> @llvm.genx.rdregioni.v4i8.v16i8.i16(<16 x i8>, i32, i32, i32, i16, i32)
declare <2 x i8> @llvm.genx.rdregioni.v2i8.v16i8.i16(<16 x i8>, i32, i32, i32, i16, i32)
declare <16 x i8> @llvm.genx.wrregioni.v16i8.v4i8.i16.i1(<16 x i8>, <4 x i8>, i32, i32, i32, i16, i32, i1)
declare i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
