; Reads with a sext/zext between them (a conversion of a selection, `vector<int,8> w = v.select<8,1>(2)`): the
; combined read takes the narrow elements and the extension is re-applied after it. Only one extension, never
; followed by an element-type-changing bitcast, and only under a direct inner read.
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -pass-remarks-missed=genx-region-collapse -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; Elements 1,3,5,7 of shorts 2..9, sign-extended: shorts 3,5,7,9.
; CHECK-LABEL: define <4 x i32> @sext_between(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[RD:.+]] = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %v, i32 0, i32 4, i32 2, i16 6, i32 undef)
; CHECK-NEXT: %c = sext <4 x i16> %[[RD]] to <4 x i32>
; CHECK-NEXT: ret <4 x i32> %c
define <4 x i32> @sext_between(<16 x i16> %v) {
entry:
  %a = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 1, i16 4, i32 undef)
  %e = sext <8 x i16> %a to <8 x i32>
  %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %e, i32 0, i32 4, i32 2, i16 4, i32 undef)
  ret <4 x i32> %c
}

; A bitcast before the extension may change the element type: ints viewed as shorts, zero-extended.
; CHECK-LABEL: define <4 x i32> @bitcast_then_zext(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[IN:.+]] = bitcast <16 x i32> %v to <32 x i16>
; CHECK-NEXT: %[[RD:.+]] = call <4 x i16> @llvm.genx.rdregioni.v4i16.v32i16.i16(<32 x i16> %[[IN]], i32 0, i32 4, i32 2, i16 16, i32 undef)
; CHECK-NEXT: %c = zext <4 x i16> %[[RD]] to <4 x i32>
; CHECK-NEXT: ret <4 x i32> %c
define <4 x i32> @bitcast_then_zext(<16 x i32> %v) {
entry:
  %a = call <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32> %v, i32 0, i32 4, i32 1, i16 16, i32 undef)
  %b = bitcast <4 x i32> %a to <8 x i16>
  %e = zext <8 x i16> %b to <8 x i32>
  %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %e, i32 0, i32 4, i32 2, i16 0, i32 undef)
  ret <4 x i32> %c
}

; A scalar read of an extended selection: one byte, extended.
; CHECK-LABEL: define i32 @scalar_after_sext(
; CHECK-NEXT: entry:
; CHECK-NEXT: %[[RD:.+]] = call i8 @llvm.genx.rdregioni.i8.v32i8.i16(<32 x i8> %v, i32 0, i32 1, i32 1, i16 11, i32 undef)
; CHECK-NEXT: %x = sext i8 %[[RD]] to i32
; CHECK-NEXT: ret i32 %x
define i32 @scalar_after_sext(<32 x i8> %v) {
entry:
  %a = call <8 x i8> @llvm.genx.rdregioni.v8i8.v32i8.i16(<32 x i8> %v, i32 0, i32 8, i32 1, i16 8, i32 undef)
  %e = sext <8 x i8> %a to <8 x i32>
  %x = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %e, i32 0, i32 1, i32 1, i16 12, i32 undef)
  ret i32 %x
}

; Not combined: the extended ints are bitcast to shorts before the inner read, so the inner read takes halves
; of extended values, which no read of the narrow source followed by the extension gives.
; CHECK-LABEL: define <4 x i16> @no_combine_bitcast_after_ext(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call <8 x i16>
; CHECK-NEXT: %e = sext <8 x i16> %a to <8 x i32>
; CHECK-NEXT: %b = bitcast <8 x i32> %e to <16 x i16>
; CHECK-NEXT: %c = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %b,
define <4 x i16> @no_combine_bitcast_after_ext(<16 x i16> %v) {
entry:
  %a = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %e = sext <8 x i16> %a to <8 x i32>
  %b = bitcast <8 x i32> %e to <16 x i16>
  %c = call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %b, i32 0, i32 4, i32 4, i16 2, i32 undef)
  ret <4 x i16> %c
}

; Not combined: two extensions between the reads (only one can be re-applied).
; CHECK-LABEL: define <4 x i32> @no_combine_two_extensions(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call <8 x i8>
; CHECK-NEXT: %e1 = sext <8 x i8> %a to <8 x i16>
; CHECK-NEXT: %e2 = zext <8 x i16> %e1 to <8 x i32>
; CHECK-NEXT: %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %e2,
define <4 x i32> @no_combine_two_extensions(<32 x i8> %v) {
entry:
  %a = call <8 x i8> @llvm.genx.rdregioni.v8i8.v32i8.i16(<32 x i8> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %e1 = sext <8 x i8> %a to <8 x i16>
  %e2 = zext <8 x i16> %e1 to <8 x i32>
  %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %e2, i32 0, i32 4, i32 1, i16 0, i32 undef)
  ret <4 x i32> %c
}

; Not combined: an extension under an indirect inner read (its byte index counts wide elements).
; REMARK: remark: <unknown>:0:0: cannot combine %c with the read %a: a sext/zext lies between the reads and the inner read is indirect
; CHECK-LABEL: define <4 x i32> @no_combine_ext_indirect_inner(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call <8 x i16>
; CHECK-NEXT: %e = sext <8 x i16> %a to <8 x i32>
; CHECK-NEXT: %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %e, i32 0, i32 4, i32 1, i16 %j, i32 undef)
define <4 x i32> @no_combine_ext_indirect_inner(<16 x i16> %v, i16 %j) {
entry:
  %a = call <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16> %v, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %e = sext <8 x i16> %a to <8 x i32>
  %c = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %e, i32 0, i32 4, i32 1, i16 %j, i32 undef)
  ret <4 x i32> %c
}

declare <8 x i16> @llvm.genx.rdregioni.v8i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i8> @llvm.genx.rdregioni.v8i8.v32i8.i16(<32 x i8>, i32, i32, i32, i16, i32)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16>, i32, i32, i32, i16, i32)
