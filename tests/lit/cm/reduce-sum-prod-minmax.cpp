// Reductions: the input passes genx.simdcf.predicate with the operation's identity (so that SIMD control flow can
// mask disabled channels), then a log tree of rdregion halves combined element-wise down to two elements, then the
// last combination, saturating with SAT. Sums and products compute in the promoted type (uchar in int), min and
// max in the element type; a non-power-of-two count is split into a power of two and the rest.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @sums(
// CHECK: [[A:%.*]] = call <16 x i8> @llvm.genx.oword.ld.v16i8(i32 0, i32 %buf, i32 0)
// CHECK: [[P:%.*]] = call <16 x i8> @llvm.genx.simdcf.predicate.v16i8(<16 x i8> [[A]], <16 x i8> zeroinitializer)
// CHECK: [[W:%.*]] = zext <16 x i8> [[P]] to <16 x i32>
// CHECK: [[L8:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> [[W]], i32 0, i32 8, i32 1, i16 0, i32 16)
// CHECK: [[H8:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> [[W]], i32 0, i32 8, i32 1, i16 32, i32 16)
// CHECK: [[S8:%.*]] = add <8 x i32> [[L8]], [[H8]]
// CHECK: [[S4:%.*]] = add <4 x i32>
// CHECK: [[S2:%.*]] = add <2 x i32>
// CHECK: [[E0:%.*]] = extractelement <2 x i32> [[S2]], i32 0
// CHECK: [[E1:%.*]] = extractelement <2 x i32> [[S2]], i32 1
// CHECK: [[SUM:%.*]] = add i32 [[E0]], [[E1]]
// CHECK: insertelement <4 x i32> poison, i32 [[SUM]], i32 0
extern "C" _GENX_MAIN_ void sums(SurfaceIndex buf) {
  vector<uchar, 16> a;
  read(buf, 0, a);
  vector<int, 4> r = cm_sum<int>(a);
  write(buf, 64, r);
}

// With SAT the last addition is the saturating one, into the result type.
// CHECK-LABEL: define spir_func void @sum_sat(
// CHECK: [[S2:%.*]] = add <2 x i32>
// CHECK: [[E0:%.*]] = extractelement <2 x i32> [[S2]], i32 0
// CHECK: [[E1:%.*]] = extractelement <2 x i32> [[S2]], i32 1
// CHECK: [[SAT:%.*]] = call i8 @llvm.genx.usadd.sat.i8.i32(i32 [[E0]], i32 [[E1]])
// CHECK: insertelement <16 x i8> poison, i8 [[SAT]], i32 0
extern "C" _GENX_MAIN_ void sum_sat(SurfaceIndex buf) {
  vector<uchar, 16> a;
  read(buf, 0, a);
  vector<uchar, 16> r = cm_sum<uchar>(a, SAT);
  write(buf, 64, r);
}

// Max of int starts from INT_MIN in disabled channels, min of float from +inf.
// CHECK-LABEL: define spir_func void @minmax(
// CHECK: call <8 x i32> @llvm.genx.simdcf.predicate.v8i32(<8 x i32> {{%.*}}, <8 x i32> <i32 -2147483648,
// CHECK: call <4 x i32> @llvm.genx.smax.v4i32.v4i32(
// CHECK: call <2 x i32> @llvm.genx.smax.v2i32.v2i32(
// CHECK: call i32 @llvm.genx.smax.i32.i32(
// CHECK: call <8 x float> @llvm.genx.simdcf.predicate.v8f32(<8 x float> {{%.*}}, <8 x float> <float 0x7FF0000000000000,
// CHECK: call <4 x float> @llvm.genx.fmin.v4f32.v4f32(
// CHECK: call <2 x float> @llvm.genx.fmin.v2f32.v2f32(
// CHECK: call float @llvm.genx.fmin.f32.f32(
extern "C" _GENX_MAIN_ void minmax(SurfaceIndex buf) {
  vector<int, 8> b;
  matrix<float, 2, 4> f;
  read(buf, 16, b);
  read(buf, 48, f);
  vector<int, 4> r = cm_reduced_max(b);
  vector<float, 4> g = cm_reduced_min<float>(f);
  write(buf, 64, r);
  write(buf, 128, g);
}

// A product of shorts computes in int from 1 in disabled channels; 6 elements reduce as 4 + 2.
// CHECK-LABEL: define spir_func void @prod(
// CHECK: [[P:%.*]] = call <8 x i16> @llvm.genx.simdcf.predicate.v8i16(<8 x i16> {{%.*}}, <8 x i16> <i16 1,
// CHECK: sext <8 x i16> [[P]] to <8 x i32>
// CHECK: mul <4 x i32>
// CHECK: mul <2 x i32>
// CHECK: mul i32
// CHECK: [[SIX:%.*]] = call <6 x i32> @llvm.genx.simdcf.predicate.v6i32(<6 x i32> {{%.*}}, <6 x i32> zeroinitializer)
// CHECK: [[FOUR:%.*]] = call <4 x i32> @llvm.genx.rdregioni.v4i32.v6i32.i16(<6 x i32> [[SIX]], i32 0, i32 4, i32 1, i16 0, i32 6)
// CHECK: [[TWO:%.*]] = call <2 x i32> @llvm.genx.rdregioni.v2i32.v6i32.i16(<6 x i32> [[SIX]], i32 0, i32 2, i32 1, i16 16, i32 6)
extern "C" _GENX_MAIN_ void prod(SurfaceIndex buf) {
  vector<short, 8> s;
  read(buf, 0, s);
  vector<int, 4> r = cm_prod<int>(s);
  write(buf, 64, r);
  vector<int, 8> q8;
  read(buf, 32, q8);
  vector<int, 6> q = q8.replicate<1, 6>(1);
  vector<int, 4> t = cm_sum<int>(q);
  write(buf, 96, t);
}
