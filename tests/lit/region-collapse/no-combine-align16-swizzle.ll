; A 64-bit <2;2,0> read feeding an fmul whose result feeds an fadd/fsub is kept apart: IGC keeps that source
; replication for the Align16 swizzle of the mad it becomes. Nothing changes, and no remark is given (a
; deliberate choice, not a missed combination).
; RUN: %opt -passes=genx-region-collapse,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-region-collapse,genx-verify -S %s | diff %t.ll -
; RUN: %opt -passes=genx-region-collapse -pass-remarks-missed=genx-region-collapse -disable-output %s 2>&1 | count 0

; CHECK-LABEL: define <4 x double> @align16_swizzle(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = call <4 x double> @llvm.genx.rdregionf.v4f64.v8f64.i16(<8 x double> %v, i32 0, i32 4, i32 1, i16 16, i32 undef)
; CHECK-NEXT: %s = call <4 x double> @llvm.genx.rdregionf.v4f64.v4f64.i16(<4 x double> %a, i32 2, i32 2, i32 0, i16 0, i32 undef)
; CHECK-NEXT: %m = fmul <4 x double> %s, %x
; CHECK-NEXT: %r = fadd <4 x double> %m, %y
define <4 x double> @align16_swizzle(<8 x double> %v, <4 x double> %x, <4 x double> %y) {
entry:
  %a = call <4 x double> @llvm.genx.rdregionf.v4f64.v8f64.i16(<8 x double> %v, i32 0, i32 4, i32 1, i16 16, i32 undef)
  %s = call <4 x double> @llvm.genx.rdregionf.v4f64.v4f64.i16(<4 x double> %a, i32 2, i32 2, i32 0, i16 0, i32 undef)
  %m = fmul <4 x double> %s, %x
  %r = fadd <4 x double> %m, %y
  ret <4 x double> %r
}

; The same read feeding only an fmul is combined.
; CHECK-LABEL: define <4 x double> @fmul_only(
; CHECK-NEXT: entry:
; CHECK-NEXT: %s = call <4 x double> @llvm.genx.rdregionf.v4f64.v8f64.i16(<8 x double> %v, i32 2, i32 2, i32 0, i16 16, i32 undef)
; CHECK-NEXT: %m = fmul <4 x double> %s, %x
define <4 x double> @fmul_only(<8 x double> %v, <4 x double> %x) {
entry:
  %a = call <4 x double> @llvm.genx.rdregionf.v4f64.v8f64.i16(<8 x double> %v, i32 0, i32 4, i32 1, i16 16, i32 undef)
  %s = call <4 x double> @llvm.genx.rdregionf.v4f64.v4f64.i16(<4 x double> %a, i32 2, i32 2, i32 0, i16 0, i32 undef)
  %m = fmul <4 x double> %s, %x
  ret <4 x double> %m
}

declare <4 x double> @llvm.genx.rdregionf.v4f64.v8f64.i16(<8 x double>, i32, i32, i32, i16, i32)
declare <4 x double> @llvm.genx.rdregionf.v4f64.v4f64.i16(<4 x double>, i32, i32, i32, i16, i32)
