; A reference's read and write (`__cm_builtin_ref_read/write(root, base, offsets[, value])`) become a load of
; the root vector and a region: direct when the constant offsets fit a 1D or 2D region (offset operand = base +
; first offset), indirect otherwise; a view of another element type (format) bitcasts the root; a write stores
; the wrregion back.
; RUN: %opt -passes=genx-cm-lower,genx-verify -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %S/Inputs/references.ref.ll %t.ll
; RUN: %cmc -passes=genx-cm-lower,genx-verify -S %s | diff %t.ll -

; select<4,2>(1) of a vector<int,8> at a run-time base: 1D region, stride 2.
; CHECK-LABEL: define <4 x i32> @read_1d(
; CHECK:        %[[B:.*]] = trunc i32 %base to i16
; CHECK-NEXT:   %[[O:.*]] = add i16 %[[B]], 4
; CHECK-NEXT:   %[[V:.*]] = load <8 x i32>, <8 x i32>* %root
; CHECK-NEXT:   %r = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %[[V]], i32 0, i32 4, i32 2, i16 %[[O]], i32 undef)
define <4 x i32> @read_1d(<8 x i32> %init, i32 %base) {
entry:
  %root = alloca <8 x i32>
  store <8 x i32> %init, <8 x i32>* %root
  %p = bitcast <8 x i32>* %root to i8*
  %r = call <4 x i32> @_ZN7details21__cm_builtin_ref_readIDv4_iDv4_tEET_PviT0_(i8* %p, i32 %base, <4 x i16> <i16 4, i16 12, i16 20, i16 28>)
  ret <4 x i32> %r
}

; select<2,2,2,1>(1,2) of a matrix<short,4,8>: 2D region, vstride 16, width 2.
; CHECK-LABEL: define <4 x i16> @read_2d(
; CHECK:        call <4 x i16> @llvm.genx.rdregioni.v4i16.v32i16.i16(<32 x i16> %{{.*}}, i32 16, i32 2, i32 1, i16 20, i32 undef)
define <4 x i16> @read_2d(<32 x i16> %init) {
entry:
  %root = alloca <32 x i16>
  store <32 x i16> %init, <32 x i16>* %root
  %p = bitcast <32 x i16>* %root to i8*
  %r = call <4 x i16> @_ZN7details21__cm_builtin_ref_readIDv4_sDv4_tEET_PviT0_(i8* %p, i32 0, <4 x i16> <i16 20, i16 22, i16 52, i16 54>)
  ret <4 x i16> %r
}

; Offsets that are no region: one offset per element.
; CHECK-LABEL: define <4 x i32> @read_gather(
; CHECK:        call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.v4i16(<8 x i32> %{{.*}}, i32 0, i32 1, i32 0, <4 x i16> <i16 28, i16 0, i16 8, i16 4>, i32 undef)
define <4 x i32> @read_gather(<8 x i32> %init) {
entry:
  %root = alloca <8 x i32>
  store <8 x i32> %init, <8 x i32>* %root
  %p = bitcast <8 x i32>* %root to i8*
  %r = call <4 x i32> @_ZN7details21__cm_builtin_ref_readIDv4_iDv4_tEET_PviT0_(i8* %p, i32 0, <4 x i16> <i16 28, i16 0, i16 8, i16 4>)
  ret <4 x i32> %r
}

; format<char>() of an int vector, then a write of bytes 1 and 5: the root is bitcast to <32 x i8> and back.
; CHECK-LABEL: define <8 x i32> @write_format(
; CHECK:        %[[W:.*]] = call <32 x i8> @llvm.genx.wrregioni.v32i8.v2i8.i16.i1(<32 x i8> %{{.*}}, <2 x i8> %x, i32 0, i32 2, i32 4, i16 1, i32 undef, i1 true)
; CHECK-NEXT:   %[[C:.*]] = bitcast <32 x i8> %[[W]] to <8 x i32>
; CHECK-NEXT:   store <8 x i32> %[[C]], <8 x i32>* %root
define <8 x i32> @write_format(<8 x i32> %init, <2 x i8> %x) {
entry:
  %root = alloca <8 x i32>
  store <8 x i32> %init, <8 x i32>* %root
  %p = bitcast <8 x i32>* %root to i8*
  call void @_ZN7details22__cm_builtin_ref_writeIDv2_tDv2_cEEvPviT_T0_(i8* %p, i32 0, <2 x i16> <i16 1, i16 5>, <2 x i8> %x)
  %r = load <8 x i32>, <8 x i32>* %root
  ret <8 x i32> %r
}

declare <4 x i32> @_ZN7details21__cm_builtin_ref_readIDv4_iDv4_tEET_PviT0_(i8*, i32, <4 x i16>)
declare <4 x i16> @_ZN7details21__cm_builtin_ref_readIDv4_sDv4_tEET_PviT0_(i8*, i32, <4 x i16>)
declare void @_ZN7details22__cm_builtin_ref_writeIDv2_tDv2_cEEvPviT_T0_(i8*, i32, <2 x i16>, <2 x i8>)
