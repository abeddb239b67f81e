// Reductions: a log tree of rdregion halves combined element-wise down to two elements, then the last
// combination, saturating with SAT. Sums and products compute in the promoted type (uchar in int), min and max in
// the element type; a non-power-of-two count is split into a power of two and the rest. The input first passes
// genx.simdcf.predicate with the operation's identity: genx-simdcf-lower removes it outside SIMD control flow and
// turns it into a select on the execution mask inside, so that disabled channels contribute the identity.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @sums(
// CHECK-NOT: simdcf.predicate
// CHECK: [[A:%.*]] = call <16 x i8> @llvm.genx.oword.ld.v16i8(i32 0, i32 %buf, i32 0)
// CHECK: [[W:%.*]] = zext <16 x i8> [[A]] to <16 x i32>
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

// CHECK-LABEL: define spir_func void @minmax(
// CHECK: call <4 x i32> @llvm.genx.smax.v4i32.v4i32(
// CHECK: call <2 x i32> @llvm.genx.smax.v2i32.v2i32(
// CHECK: call i32 @llvm.genx.smax.i32.i32(
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

// A product of shorts computes in int; 6 elements reduce as 4 + 2.
// CHECK-LABEL: define spir_func void @prod(
// CHECK: sext <8 x i16> {{%.*}} to <8 x i32>
// CHECK: mul <4 x i32>
// CHECK: mul <2 x i32>
// CHECK: mul i32
// CHECK: [[SIX:%.*]] = call <6 x i32> @llvm.genx.rdregioni.v6i32.v8i32.i16(
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

// Inside SIMD control flow the disabled channels read as the identity: 0 for a sum, INT_MIN for a maximum.
// CHECK-LABEL: define spir_func void @masked(
// CHECK: [[V:%.*]] = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 0)
// CHECK: call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto
// CHECK: [[EM:%.*]] = shufflevector <32 x i1>
// CHECK: [[IN:%.*]] = select <16 x i1> [[EM]], <16 x i32> [[V]], <16 x i32> zeroinitializer
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> [[IN]], i32 0, i32 8, i32 1, i16 0, i32 16)
// CHECK: select <16 x i1> [[EM]], <16 x i32> [[V]], <16 x i32> <i32 -2147483648,
// CHECK: call <8 x i32> @llvm.genx.smax.v8i32.v8i32(
// CHECK: call { <32 x i1>, i1 } @llvm.genx.simdcf.join
extern "C" _GENX_MAIN_ void masked(SurfaceIndex buf) {
  vector<int, 16> v, sum = 0, max = 0;
  read(buf, 0, v);
  SIMD_IF_BEGIN(v > 0) {
    sum = cm_sum<int>(v);
    max = cm_reduced_max(v);
  }
  SIMD_IF_END;
  write(buf, 64, sum);
  write(buf, 128, max);
}
