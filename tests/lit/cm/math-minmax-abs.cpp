// cm_max / cm_min pick genx.smax/umax/fmax (smin/umin/fmin) by the computation type (C++ conversions of the
// operands); a narrower result type with SAT clamps after the operation. cm_abs computes the exact absolute value
// in the promoted type: with SAT it saturates from the unsigned reading (abs(-128) as char is 127), without SAT
// it truncates (abs(-128) stays -128, as the spec says).
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @minmax(
// CHECK: [[A:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
// CHECK: [[B:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
// CHECK: [[U:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 4)
// CHECK: [[F:%.*]] = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 6)
// CHECK: [[MAX:%.*]] = call <8 x i32> @llvm.genx.smax.v8i32.v8i32(<8 x i32> [[A]], <8 x i32> [[B]])
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 8, <8 x i32> [[MAX]])
// CHECK: [[MIN:%.*]] = call <8 x i32> @llvm.genx.umin.v8i32.v8i32(<8 x i32> [[U]], <8 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>)
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 10, <8 x i32> [[MIN]])
// CHECK: [[FMAX:%.*]] = call <8 x float> @llvm.genx.fmax.v8f32.v8f32(<8 x float> [[F]], <8 x float> <float 5.000000e-01,
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 12, <8 x float> [[FMAX]])
// CHECK: [[SMIN:%.*]] = call <16 x i32> @llvm.genx.smin.v16i32.v16i32(<16 x i32> {{%.*}}, <16 x i32> <i32 300,
// CHECK: [[CLAMP:%.*]] = call <16 x i8> @llvm.genx.ustrunc.sat.v16i8.v16i32(<16 x i32> [[SMIN]])
// CHECK: call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 14, <16 x i8> [[CLAMP]])
extern "C" _GENX_MAIN_ void minmax(SurfaceIndex buf) {
  vector<int, 8> a, b;
  vector<uint, 8> u;
  vector<float, 8> f;
  read(buf, 0, a);
  read(buf, 32, b);
  read(buf, 64, u);
  read(buf, 96, f);
  write(buf, 128, cm_max(a, b));
  write(buf, 160, cm_min(u, 7u));
  write(buf, 192, cm_max(f, 0.5f));
  vector<uchar, 16> c = cm_min<uchar>(a.replicate<2>(), 300, SAT);
  write(buf, 224, c);
}

// CHECK-LABEL: define spir_func void @abs_sat(
// CHECK: [[C:%.*]] = call <16 x i8> @llvm.genx.oword.ld.v16i8(i32 0, i32 %buf, i32 0)
// CHECK: [[WIDE:%.*]] = sext <16 x i8> [[C]] to <16 x i32>
// CHECK: [[ABS:%.*]] = call <16 x i32> @llvm.genx.absi.v16i32(<16 x i32> [[WIDE]])
// CHECK-DAG: [[SAT:%.*]] = call <16 x i8> @llvm.genx.sutrunc.sat.v16i8.v16i32(<16 x i32> [[ABS]])
// CHECK-DAG: [[WRAP:%.*]] = trunc <16 x i32> [[ABS]] to <16 x i8>
// CHECK: call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 2, <16 x i8> [[SAT]])
// CHECK: call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 3, <16 x i8> [[WRAP]])
// CHECK: [[FABS:%.*]] = call <8 x float> @llvm.genx.absf.v8f32(<8 x float>
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> [[FABS]])
extern "C" _GENX_MAIN_ void abs_sat(SurfaceIndex buf) {
  vector<char, 16> c;
  vector<float, 8> f;
  read(buf, 0, c);
  read(buf, 16, f);
  vector<char, 16> r = cm_abs(c, SAT);
  vector<char, 16> w = cm_abs(c);
  write(buf, 32, r);
  write(buf, 48, w);
  write(buf, 64, cm_abs(f));
}
