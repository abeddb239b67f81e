; GenX intrinsics whose operands are extended narrow values are done in the narrow type: C++ promotes short and
; char to int, so CM's cm_abs<short> and cm_add<uchar>(short, short, SAT) are an absi of a sign extension
; truncated back to short, and a saturating add of sign-extended shorts. trunc(absi(sext x)) is absi(x) (the
; wide |x| fits, and its truncation wraps |MIN| to MIN as absi does); a saturating add of two extended operands
; (the extension matching the operands' signedness, the second letter of XYadd.sat) computes the same exact sum
; before saturating. The cases where it must not fire follow, each with its reason as a missed remark.
; RUN: %opt -passes=genx-int-narrow -pass-remarks-missed=genx-int-narrow -S %s -o %t.ll 2>%t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-int-narrow -S %s | diff %t.ll -

; The Sobel magnitude: saturate(|gx| + |gy|) to uchar, gx and gy shorts.
; CHECK-LABEL: define <16 x i8> @magnitude(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %ax = call <16 x i16> @llvm.genx.absi.v16i16(<16 x i16> %gx)
; CHECK-NEXT:   %ay = call <16 x i16> @llvm.genx.absi.v16i16(<16 x i16> %gy)
; CHECK-NEXT:   %m = call <16 x i8> @llvm.genx.usadd.sat.v16i8.v16i16(<16 x i16> %ax, <16 x i16> %ay)
; CHECK-NEXT:   ret <16 x i8> %m
define <16 x i8> @magnitude(<16 x i16> %gx, <16 x i16> %gy) {
entry:
  %wx = sext <16 x i16> %gx to <16 x i32>
  %absx = call <16 x i32> @llvm.genx.absi.v16i32(<16 x i32> %wx)
  %ax = trunc <16 x i32> %absx to <16 x i16>
  %wy = sext <16 x i16> %gy to <16 x i32>
  %absy = call <16 x i32> @llvm.genx.absi.v16i32(<16 x i32> %wy)
  %ay = trunc <16 x i32> %absy to <16 x i16>
  %sx = sext <16 x i16> %ax to <16 x i32>
  %sy = sext <16 x i16> %ay to <16 x i32>
  %m = call <16 x i8> @llvm.genx.usadd.sat.v16i8.v16i32(<16 x i32> %sx, <16 x i32> %sy)
  ret <16 x i8> %m
}

; Unsigned operands zero-extended from bytes, saturated to a byte; a signed operand with a constant in range.
; CHECK-LABEL: define <8 x i8> @bytes_and_constant(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %s = call <8 x i8> @llvm.genx.uuadd.sat.v8i8.v8i8(<8 x i8> %a, <8 x i8> %b)
; CHECK-NEXT:   %t = call <8 x i16> @llvm.genx.ssadd.sat.v8i16.v8i16(<8 x i16> %c, <8 x i16> <i16 -300, i16 300,
define <8 x i8> @bytes_and_constant(<8 x i8> %a, <8 x i8> %b, <8 x i16> %c, <8 x i16>* %p) {
entry:
  %wa = zext <8 x i8> %a to <8 x i32>
  %wb = zext <8 x i8> %b to <8 x i32>
  %s = call <8 x i8> @llvm.genx.uuadd.sat.v8i8.v8i32(<8 x i32> %wa, <8 x i32> %wb)
  %wc = sext <8 x i16> %c to <8 x i32>
  %t = call <8 x i16> @llvm.genx.ssadd.sat.v8i16.v8i32(<8 x i32> %wc, <8 x i32> <i32 -300, i32 300, i32 0, i32 1, i32 -32768, i32 32767, i32 7, i32 8>)
  store <8 x i16> %t, <8 x i16>* %p
  ret <8 x i8> %s
}

; REMARK: remark: {{.*}}no operand is an extension of the operands' signedness
; Signed operands (usadd) that are zero-extended: the narrow add would read them as signed.
; CHECK-LABEL: define <8 x i8> @wrong_extension(
; CHECK:        call <8 x i8> @llvm.genx.usadd.sat.v8i8.v8i32(
define <8 x i8> @wrong_extension(<8 x i16> %a, <8 x i16> %b) {
entry:
  %wa = zext <8 x i16> %a to <8 x i32>
  %wb = zext <8 x i16> %b to <8 x i32>
  %s = call <8 x i8> @llvm.genx.usadd.sat.v8i8.v8i32(<8 x i32> %wa, <8 x i32> %wb)
  ret <8 x i8> %s
}

; REMARK: remark: {{.*}}an operand is neither an extension from i16 nor a constant in its range
; A constant lane (40000) outside the signed 16-bit range.
; CHECK-LABEL: define <2 x i16> @constant_out_of_range(
; CHECK:        call <2 x i16> @llvm.genx.ssadd.sat.v2i16.v2i32(
define <2 x i16> @constant_out_of_range(<2 x i16> %a) {
entry:
  %wa = sext <2 x i16> %a to <2 x i32>
  %s = call <2 x i16> @llvm.genx.ssadd.sat.v2i16.v2i32(<2 x i32> %wa, <2 x i32> <i32 1, i32 40000>)
  ret <2 x i16> %s
}

; REMARK: remark: {{.*}}the extended operands have 16 bits, fewer than the 32-bit result
; The result is as wide as the add: nothing narrower to do it in.
; CHECK-LABEL: define i32 @wide_result(
; CHECK:        call i32 @llvm.genx.ssadd.sat.i32.i32(
define i32 @wide_result(i16 %a, i16 %b) {
entry:
  %wa = sext i16 %a to i32
  %wb = sext i16 %b to i32
  %s = call i32 @llvm.genx.ssadd.sat.i32.i32(i32 %wa, i32 %wb)
  ret i32 %s
}

; REMARK: remark: {{.*}}the absi has other users
; REMARK: remark: {{.*}}the absi's operand is not a sign extension
; The wide |x| is also stored (it would be computed twice); |zext x| is not |x| of the signed short.
; CHECK-LABEL: define <4 x i16> @abs_kept(
; CHECK:        %abs = call <4 x i32> @llvm.genx.absi.v4i32(<4 x i32> %w)
; CHECK:        %absz = call <4 x i32> @llvm.genx.absi.v4i32(<4 x i32> %z)
define <4 x i16> @abs_kept(<4 x i16> %x, <4 x i32>* %p) {
entry:
  %w = sext <4 x i16> %x to <4 x i32>
  %abs = call <4 x i32> @llvm.genx.absi.v4i32(<4 x i32> %w)
  store <4 x i32> %abs, <4 x i32>* %p
  %t = trunc <4 x i32> %abs to <4 x i16>
  %z = zext <4 x i16> %x to <4 x i32>
  %absz = call <4 x i32> @llvm.genx.absi.v4i32(<4 x i32> %z)
  %tz = trunc <4 x i32> %absz to <4 x i16>
  %r = add <4 x i16> %t, %tz
  ret <4 x i16> %r
}

declare <16 x i32> @llvm.genx.absi.v16i32(<16 x i32>)
declare <4 x i32> @llvm.genx.absi.v4i32(<4 x i32>)
declare <16 x i8> @llvm.genx.usadd.sat.v16i8.v16i32(<16 x i32>, <16 x i32>)
declare <8 x i8> @llvm.genx.usadd.sat.v8i8.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i8> @llvm.genx.uuadd.sat.v8i8.v8i32(<8 x i32>, <8 x i32>)
declare <8 x i16> @llvm.genx.ssadd.sat.v8i16.v8i32(<8 x i32>, <8 x i32>)
declare <2 x i16> @llvm.genx.ssadd.sat.v2i16.v2i32(<2 x i32>, <2 x i32>)
declare i32 @llvm.genx.ssadd.sat.i32.i32(i32, i32)
