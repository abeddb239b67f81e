; Neutral calls of the CM header library become GenX intrinsics: the name is __cm_genx_<name> with '_' as '.',
; overloads are bound from the call's types, -1 for a constant-or-undef operand (parent_width) becomes undef,
; an integer mask becomes `!= 0`, and an i1 result is zero-extended to the integer the call returns.
; RUN: %opt -passes=genx-cm-lower,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %S/Inputs/neutral-calls.ref.ll %t.ll
; RUN: %cmc -passes=genx-cm-lower,genx-verify -S %s | diff %t.ll -

; CHECK-LABEL: define <4 x i32> @rd_strided(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %v, i32 0, i32 4, i32 2, i16 4, i32 undef)
; CHECK-NEXT:   ret <4 x i32> %r
define <4 x i32> @rd_strided(<8 x i32> %v) {
entry:
  %r = call <4 x i32> @_ZN7details19__cm_genx_rdregioniIDv4_iJDv8_iiiisiEEET_DpT0_(<8 x i32> %v, i32 0, i32 4, i32 2, i16 4, i32 -1)
  ret <4 x i32> %r
}

; CHECK-LABEL: define <8 x float> @wr_masked(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = icmp ne <8 x i16> %mask, zeroinitializer
; CHECK-NEXT:   %r = call <8 x float> @llvm.genx.wrregionf.v8f32.v8f32.i16.v8i1(<8 x float> %old, <8 x float> %new, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %0)
; CHECK-NEXT:   ret <8 x float> %r
define <8 x float> @wr_masked(<8 x float> %old, <8 x float> %new, <8 x i16> %mask) {
entry:
  %r = call <8 x float> @_ZN7details19__cm_genx_wrregionfIDv8_fJS1_S1_iiisiDv8_tEEET_DpT0_(<8 x float> %old, <8 x float> %new, i32 0, i32 8, i32 1, i16 0, i32 -1, <8 x i16> %mask)
  ret <8 x float> %r
}

; CHECK-LABEL: define i16 @any_lane(
; CHECK-NEXT: entry:
; CHECK-NEXT:   %0 = icmp ne <8 x i16> %v, zeroinitializer
; CHECK-NEXT:   %1 = call i1 @llvm.genx.any.v8i1(<8 x i1> %0)
; CHECK-NEXT:   %r = zext i1 %1 to i16
; CHECK-NEXT:   ret i16 %r
define i16 @any_lane(<8 x i16> %v) {
entry:
  %r = call i16 @_ZN7details13__cm_genx_anyItJDv8_sEEET_DpT0_(<8 x i16> %v)
  ret i16 %r
}

; A region read of constants folds to a constant (how the header gathers the offsets of a reference's
; elements); a dead call of a readnone intrinsic disappears.
; CHECK-LABEL: define <4 x i16> @folded(
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret <4 x i16> <i16 14, i16 10, i16 6, i16 2>
define <4 x i16> @folded(<8 x i32> %v) {
entry:
  %dead = call <4 x i32> @_ZN7details19__cm_genx_rdregioniIDv4_iJDv8_iiiisiEEET_DpT0_(<8 x i32> %v, i32 0, i32 4, i32 2, i16 4, i32 -1)
  %r = call <4 x i16> @_ZN7details19__cm_genx_rdregioniIDv4_tJDv8_tiiiDv4_siEEET_DpT0_(<8 x i16> <i16 0, i16 2, i16 4, i16 6, i16 8, i16 10, i16 12, i16 14>, i32 0, i32 1, i32 0, <4 x i16> <i16 14, i16 10, i16 6, i16 2>, i32 -1)
  ret <4 x i16> %r
}

; CHECK-NOT: __cm_genx
declare <4 x i32> @_ZN7details19__cm_genx_rdregioniIDv4_iJDv8_iiiisiEEET_DpT0_(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x float> @_ZN7details19__cm_genx_wrregionfIDv8_fJS1_S1_iiisiDv8_tEEET_DpT0_(<8 x float>, <8 x float>, i32, i32, i32, i16, i32, <8 x i16>)
declare i16 @_ZN7details13__cm_genx_anyItJDv8_sEEET_DpT0_(<8 x i16>)
declare <4 x i16> @_ZN7details19__cm_genx_rdregioniIDv4_tJDv8_tiiiDv4_siEEET_DpT0_(<8 x i16>, i32, i32, i32, <4 x i16>, i32)
