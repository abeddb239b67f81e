// cm_quot / cm_mod / cm_div are the C++ division and remainder in the computation type (sdiv/srem for int);
// cm_rol / cm_ror are genx.rol / ror at the element's own width; cm_sqrt_ieee / cm_div_ieee are genx.ieee.sqrt /
// ieee.div; cm_dph is genx.dph and cm_line genx.line with its 4 coefficients; cm_sincos computes genx.sin and
// genx.cos of the same operand.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @division(
// CHECK: [[A:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
// CHECK: [[B:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
// CHECK: [[Q:%.*]] = sdiv <8 x i32> [[A]], [[B]]
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> [[Q]])
// CHECK: [[R:%.*]] = srem <8 x i32> [[A]], [[B]]
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> [[R]])
// CHECK-DAG: [[UQ:%.*]] = udiv <8 x i32> [[A]], <i32 3,
// CHECK-DAG: [[UR:%.*]] = urem <8 x i32> [[A]], <i32 3,
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 8, <8 x i32> [[UQ]])
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 10, <8 x i32> [[UR]])
extern "C" _GENX_MAIN_ void division(SurfaceIndex buf) {
  vector<int, 8> a, b;
  read(buf, 0, a);
  read(buf, 32, b);
  write(buf, 64, cm_quot(a, b));
  write(buf, 96, cm_mod(a, b));
  vector<uint, 8> rem;
  vector<uint, 8> q = cm_div(rem, a, 3u);
  write(buf, 128, q);
  write(buf, 160, rem);
}

// CHECK-LABEL: define spir_func void @rotate(
// CHECK: [[S:%.*]] = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %buf, i32 0)
// CHECK: [[L:%.*]] = call <16 x i16> @llvm.genx.rol.v16i16.v16i16(<16 x i16> [[S]], <16 x i16> <i16 3,
// CHECK: call void @llvm.genx.oword.st.v16i16(i32 %buf, i32 2, <16 x i16> [[L]])
// CHECK: [[R:%.*]] = call <16 x i16> @llvm.genx.ror.v16i16.v16i16(<16 x i16> [[S]], <16 x i16> [[S]])
// CHECK: call void @llvm.genx.oword.st.v16i16(i32 %buf, i32 4, <16 x i16> [[R]])
extern "C" _GENX_MAIN_ void rotate(SurfaceIndex buf) {
  vector<ushort, 16> s;
  read(buf, 0, s);
  write(buf, 32, cm_rol(s, 3));
  write(buf, 64, cm_ror(s, s));
}

// CHECK-LABEL: define spir_func void @ieee(
// CHECK: [[F:%.*]] = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 0)
// CHECK: [[G:%.*]] = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 2)
// CHECK: [[SQ:%.*]] = call <8 x float> @llvm.genx.ieee.sqrt.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> [[SQ]])
// CHECK: [[DIV:%.*]] = call <8 x float> @llvm.genx.ieee.div.v8f32(<8 x float> [[F]], <8 x float> [[G]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 6, <8 x float> [[DIV]])
// CHECK: [[DPH:%.*]] = call <8 x float> @llvm.genx.dph.v8f32(<8 x float> [[F]], <8 x float> [[G]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 8, <8 x float> [[DPH]])
// CHECK: [[LINE:%.*]] = call <8 x float> @llvm.genx.line.v8f32(<4 x float> {{%.*}}, <8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 10, <8 x float> [[LINE]])
// CHECK-DAG: [[COS:%.*]] = call <8 x float> @llvm.genx.cos.v8f32(<8 x float> [[F]])
// CHECK-DAG: [[SIN:%.*]] = call <8 x float> @llvm.genx.sin.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 12, <8 x float> [[SIN]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 14, <8 x float> [[COS]])
extern "C" _GENX_MAIN_ void ieee(SurfaceIndex buf) {
  vector<float, 8> f, g;
  vector<float, 4> p;
  read(buf, 0, f);
  read(buf, 32, g);
  read(buf, 64, p);
  write(buf, 64, cm_sqrt_ieee(f));
  write(buf, 96, cm_div_ieee(f, g));
  write(buf, 128, cm_dph(f, g));
  write(buf, 160, cm_line(p, f));
  vector<float, 8> c;
  vector<float, 8> s = cm_sincos(c, f);
  write(buf, 192, s);
  write(buf, 224, c);
}
