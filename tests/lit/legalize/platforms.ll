; One kernel legalized for each platform (genx-target<NAME> sets "target-cpu"): a SIMD32 float add, a byte read
; that starts 8 bytes into a 32-byte GRF, and a SIMD16 i64 add.
;   skl:              32-byte GRF, native i64      → 2×16 float, bytes whole, 2×8 i64 adds
;   icllp/tgllp/dg1/acm-g10: 32-byte GRF, emulated i64 → 2×16 float, bytes whole, 2×8 adds on 32-bit halves
;   pvc:              64-byte GRF, native i64, byte regions in one GRF → float whole, bytes 16+8+8, i64 whole
; RUN: %opt -passes='genx-target<skl>,genx-legalize' -S %s -o %t.skl.ll
; RUN: FileCheck %s --check-prefixes=CHECK,GRF32,NATIVE8 < %t.skl.ll
; RUN: %validate %s %t.skl.ll
; RUN: %cmc -passes='genx-target<skl>,genx-legalize' -S %s | diff %t.skl.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.skl.ll
; RUN: %opt -passes='genx-target<icllp>,genx-legalize' -S %s -o %t.icllp.ll
; RUN: FileCheck %s --check-prefixes=CHECK,GRF32,EMULATED < %t.icllp.ll
; RUN: %validate %s %t.icllp.ll
; RUN: %cmc -passes='genx-target<icllp>,genx-legalize' -S %s | diff %t.icllp.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.icllp.ll
; RUN: %opt -passes='genx-target<tgllp>,genx-legalize' -S %s -o %t.tgllp.ll
; RUN: FileCheck %s --check-prefixes=CHECK,GRF32,EMULATED < %t.tgllp.ll
; RUN: %validate %s %t.tgllp.ll
; RUN: %cmc -passes='genx-target<tgllp>,genx-legalize' -S %s | diff %t.tgllp.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.tgllp.ll
; RUN: %opt -passes='genx-target<dg1>,genx-legalize' -S %s -o %t.dg1.ll
; RUN: FileCheck %s --check-prefixes=CHECK,GRF32,EMULATED < %t.dg1.ll
; RUN: %validate %s %t.dg1.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.dg1.ll
; RUN: %opt -passes='genx-target<acm-g10>,genx-legalize' -S %s -o %t.acm.ll
; RUN: FileCheck %s --check-prefixes=CHECK,GRF32,EMULATED < %t.acm.ll
; RUN: %validate %s %t.acm.ll
; RUN: %opt -passes=genx-verify-legal -disable-output %t.acm.ll
; RUN: %opt -passes='genx-target<pvc>,genx-legalize' -S %s -o %t.pvc.ll
; RUN: FileCheck %s --check-prefixes=CHECK,GRF64 < %t.pvc.ll
; RUN: %validate %s %t.pvc.ll
; RUN: %cmc -passes='genx-target<pvc>,genx-legalize' -S %s | diff %t.pvc.ll -
; RUN: %opt -passes=genx-verify-legal -disable-output %t.pvc.ll

; CHECK-LABEL: define <32 x float> @float_add(
; GRF32: %s.split0 = fadd <16 x float>
; GRF32: %s.split16 = fadd <16 x float>
; GRF64: %s = fadd <32 x float> %a, %b
define <32 x float> @float_add(<32 x float> %a, <32 x float> %b) {
entry:
  %s = fadd <32 x float> %a, %b
  ret <32 x float> %s
}

; CHECK-LABEL: define <32 x i8> @byte_read(
; GRF32: %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v256i8.i16(<256 x i8> %v, i32 0, i32 32, i32 1, i16 40, i32 undef)
; GRF64: %r.split0 = call <16 x i8> @llvm.genx.rdregioni.v16i8.v256i8.i16(<256 x i8> %v, i32 0, i32 16, i32 1, i16 40, i32 undef)
; GRF64: %r.split16 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v256i8.i16(<256 x i8> %v, i32 0, i32 8, i32 1, i16 56, i32 undef)
; GRF64: %r.split24 = call <8 x i8> @llvm.genx.rdregioni.v8i8.v256i8.i16(<256 x i8> %v, i32 0, i32 8, i32 1, i16 64, i32 undef)
define <32 x i8> @byte_read(<256 x i8> %v, <32 x i8> %b) {
entry:
  %r = call <32 x i8> @llvm.genx.rdregioni.v32i8.v256i8.i16(<256 x i8> %v, i32 0, i32 32, i32 1, i16 40, i32 undef)
  %s = add <32 x i8> %r, %b
  ret <32 x i8> %s
}

; CHECK-LABEL: define <16 x i64> @long_add(
; NATIVE8: %s.split0 = add <8 x i64>
; NATIVE8: %s.split8 = add <8 x i64>
; EMULATED-COUNT-2: @llvm.genx.addc.v8i32.v8i32(
; EMULATED-NOT: add <8 x i64>
; GRF64: %s = add <16 x i64> %a, %b
define <16 x i64> @long_add(<16 x i64> %a, <16 x i64> %b) {
entry:
  %s = add <16 x i64> %a, %b
  ret <16 x i64> %s
}

declare <32 x i8> @llvm.genx.rdregioni.v32i8.v256i8.i16(<256 x i8>, i32, i32, i32, i16, i32)
