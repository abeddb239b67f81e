; wrregion of constants at a constant offset folds to the constant written; a splat written over the whole
; of an undef vector is the splat (docs/genx-ir.md §1.5). CM: `vector<int, 8> v = 0; v.select<4, 2>(1) = 5;`,
; `matrix<short, 2, 4> m; m = 3;` (lowered to a whole-vector write into undef).
; RUN: %opt -passes=genx-const-fold -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %validate %s %t.ll
; RUN: %cmc -passes=genx-const-fold -S %s | diff %t.ll -
; RUN: %opt -passes=genx-const-fold -stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
; RUN: %opt -passes=genx-const-fold -pass-remarks-missed=genx-const-fold -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; 1D <0;4,2> at element 1 of a zero vector.
; CHECK-LABEL: define <8 x i32> @wr_1d(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sum = add <8 x i32> %n, <i32 0, i32 5, i32 0, i32 6, i32 0, i32 7, i32 0, i32 8>
define <8 x i32> @wr_1d(<8 x i32> %n) {
entry:
  %v = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> <i32 5, i32 6, i32 7, i32 8>, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  %sum = add <8 x i32> %n, %v
  ret <8 x i32> %sum
}

; 2D <4;2,1> at byte 4 of a 2x4 i16 matrix, then a second write of a scalar: the chain folds completely.
; CHECK-LABEL: define <8 x i16> @wr_2d_chain(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sum = add <8 x i16> %n, <i16 -1, i16 -1, i16 1, i16 2, i16 -1, i16 -1, i16 3, i16 9>
define <8 x i16> @wr_2d_chain(<8 x i16> %n) {
entry:
  %m = call <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16> <i16 -1, i16 -1, i16 -1, i16 -1, i16 -1, i16 -1, i16 -1, i16 -1>, <4 x i16> <i16 1, i16 2, i16 3, i16 4>, i32 4, i32 2, i32 1, i16 4, i32 undef, i1 true)
  %m2 = call <8 x i16> @llvm.genx.wrregioni.v8i16.i16.i16.i1(<8 x i16> %m, i16 9, i32 0, i32 1, i32 1, i16 14, i32 undef, i1 true)
  %sum = add <8 x i16> %n, %m2
  ret <8 x i16> %sum
}

; A constant mask: lanes 1 and 2 of New are not written.
; CHECK-LABEL: define <4 x float> @wr_constant_mask(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x float> <float 1.000000e+00, float 0.000000e+00, float 0.000000e+00, float 4.000000e+00>
define <4 x float> @wr_constant_mask() {
entry:
  %v = call <4 x float> @llvm.genx.wrregionf.v4f32.v4f32.i16.v4i1(<4 x float> zeroinitializer, <4 x float> <float 1.0, float 2.0, float 3.0, float 4.0>, i32 0, i32 4, i32 1, i16 0, i32 undef, <4 x i1> <i1 true, i1 false, i1 false, i1 true>)
  ret <4 x float> %v
}

; A partial write into undef leaves the other elements undef.
; CHECK-LABEL: define <4 x i8> @wr_into_undef_partial(
; CHECK-NEXT: entry:
; CHECK-NEXT: ret <4 x i8> <i8 undef, i8 undef, i8 7, i8 8>
define <4 x i8> @wr_into_undef_partial() {
entry:
  %v = call <4 x i8> @llvm.genx.wrregioni.v4i8.v2i8.i16.i1(<4 x i8> undef, <2 x i8> <i8 7, i8 8>, i32 0, i32 2, i32 1, i16 2, i32 undef, i1 true)
  ret <4 x i8> %v
}

; Splat over the whole of undef, 2D <1;4,2> (columns 0,2,4,6 then 1,3,5,7: every element, not in order, so
; not the identity write): the splat constant.
; STATS: 1 genx-const-fold - wrregion of a splat into undef over the whole vector folded to the splat
; CHECK-LABEL: define <8 x i16> @wr_splat_whole(
; CHECK-NEXT: entry:
; CHECK-NEXT: %sum = add <8 x i16> %n, <i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3>
define <8 x i16> @wr_splat_whole(<8 x i16> %n) {
entry:
  %m = call <8 x i16> @llvm.genx.wrregioni.v8i16.v8i16.i16.i1(<8 x i16> undef, <8 x i16> <i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3>, i32 1, i32 4, i32 2, i16 0, i32 undef, i1 true)
  %sum = add <8 x i16> %n, %m
  ret <8 x i16> %sum
}

; A wrregion whose New is a variable is not a constant fold, even into a constant.
; CHECK-LABEL: define <8 x i32> @no_fold_variable_new(
; CHECK: %v = call <8 x i32> @llvm.genx.wrregioni
define <8 x i32> @no_fold_variable_new(<4 x i32> %new) {
entry:
  %v = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> %new, i32 0, i32 4, i32 2, i16 4, i32 undef, i1 true)
  ret <8 x i32> %v
}

; Negative: a variable offset; which elements change is known only at run time.
; CHECK-LABEL: define <8 x i32> @no_fold_variable_offset(
; CHECK: %v = call <8 x i32> @llvm.genx.wrregioni
define <8 x i32> @no_fold_variable_offset(i16 %off) {
entry:
  %v = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> <i32 5, i32 6, i32 7, i32 8>, i32 0, i32 4, i32 1, i16 %off, i32 undef, i1 true)
  ret <8 x i32> %v
}

; Negative: a mask with an undef lane (writing or not is unknown).
; CHECK-LABEL: define <2 x i32> @no_fold_undef_mask_lane(
; CHECK: %v = call <2 x i32> @llvm.genx.wrregioni
define <2 x i32> @no_fold_undef_mask_lane() {
entry:
  %v = call <2 x i32> @llvm.genx.wrregioni.v2i32.v2i32.i16.v2i1(<2 x i32> zeroinitializer, <2 x i32> <i32 1, i32 2>, i32 0, i32 2, i32 1, i16 0, i32 undef, <2 x i1> <i1 true, i1 undef>)
  ret <2 x i32> %v
}

; Negative: a write reaching element 8 of 8 is undefined behaviour: not folded, remarked.
; CHECK-LABEL: define <8 x i32> @no_fold_out_of_range(
; CHECK: %outside = call <8 x i32> @llvm.genx.wrregioni
; REMARK: remark: {{.*}}constant wrregion <0;4,2>(8) N=4 EB=4 into a 8-element vector not folded: element 3 of the region is vector element 8, outside 0..8
define <8 x i32> @no_fold_out_of_range(i1 %never) {
entry:
  br i1 %never, label %bad, label %good
bad:
  %outside = call <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32> zeroinitializer, <4 x i32> <i32 5, i32 6, i32 7, i32 8>, i32 0, i32 4, i32 2, i16 8, i32 undef, i1 true)
  ret <8 x i32> %outside
good:
  ret <8 x i32> zeroinitializer
}

declare <8 x i32> @llvm.genx.wrregioni.v8i32.v4i32.i16.i1(<8 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v4i16.i16.i1(<8 x i16>, <4 x i16>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.i16.i16.i1(<8 x i16>, i16, i32, i32, i32, i16, i32, i1)
declare <4 x float> @llvm.genx.wrregionf.v4f32.v4f32.i16.v4i1(<4 x float>, <4 x float>, i32, i32, i32, i16, i32, <4 x i1>)
declare <4 x i8> @llvm.genx.wrregioni.v4i8.v2i8.i16.i1(<4 x i8>, <2 x i8>, i32, i32, i32, i16, i32, i1)
declare <8 x i16> @llvm.genx.wrregioni.v8i16.v8i16.i16.i1(<8 x i16>, <8 x i16>, i32, i32, i32, i16, i32, i1)
declare <2 x i32> @llvm.genx.wrregioni.v2i32.v2i32.i16.v2i1(<2 x i32>, <2 x i32>, i32, i32, i32, i16, i32, <2 x i1>)
