// The float builtins map one to one on genx.inv/sqrt/rsqrt/pow/exp/log/sin/cos, genx.rndd/rndu/rnde/rndz and
// genx.frc; SAT adds genx.sat on the result, an integer result type converts after the operation.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @transcendental(
// CHECK: [[F:%.*]] = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 0)
// CHECK: [[INV:%.*]] = call <8 x float> @llvm.genx.inv.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 2, <8 x float> [[INV]])
// CHECK: [[SQRT:%.*]] = call <8 x float> @llvm.genx.sqrt.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> [[SQRT]])
// CHECK: [[RSQRT:%.*]] = call <8 x float> @llvm.genx.rsqrt.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 6, <8 x float> [[RSQRT]])
// CHECK: [[POW:%.*]] = call <8 x float> @llvm.genx.pow.v8f32(<8 x float> [[F]], <8 x float> <float 2.500000e+00,
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 8, <8 x float> [[POW]])
// CHECK: [[EXP:%.*]] = call <8 x float> @llvm.genx.exp.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 10, <8 x float> [[EXP]])
// CHECK: [[LOG:%.*]] = call <8 x float> @llvm.genx.log.v8f32(<8 x float> [[F]])
// CHECK: [[LOGSAT:%.*]] = call <8 x float> @llvm.genx.sat.v8f32(<8 x float> [[LOG]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 12, <8 x float> [[LOGSAT]])
// CHECK: [[SIN:%.*]] = call <8 x float> @llvm.genx.sin.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 14, <8 x float> [[SIN]])
// CHECK: [[COS:%.*]] = call <8 x float> @llvm.genx.cos.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 16, <8 x float> [[COS]])
extern "C" _GENX_MAIN_ void transcendental(SurfaceIndex buf) {
  vector<float, 8> f;
  read(buf, 0, f);
  write(buf, 32, cm_inv(f));
  write(buf, 64, cm_sqrt(f));
  write(buf, 96, cm_rsqrt(f));
  write(buf, 128, cm_pow(f, 2.5f));
  write(buf, 160, cm_exp(f));
  write(buf, 192, cm_log(f, SAT));
  write(buf, 224, cm_sin(f));
  write(buf, 256, cm_cos(f));
}

// CHECK-LABEL: define spir_func void @rounding(
// CHECK: [[F:%.*]] = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 0)
// CHECK: [[D:%.*]] = call <8 x float> @llvm.genx.rndd.v8f32(<8 x float> [[F]])
// CHECK: [[DI:%.*]] = fptosi <8 x float> [[D]] to <8 x i32>
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 2, <8 x i32> [[DI]])
// CHECK: [[U:%.*]] = call <8 x float> @llvm.genx.rndu.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> [[U]])
// CHECK: [[E:%.*]] = call <8 x float> @llvm.genx.rnde.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 6, <8 x float> [[E]])
// CHECK: [[Z:%.*]] = call <8 x float> @llvm.genx.rndz.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 8, <8 x float> [[Z]])
// CHECK: [[FRC:%.*]] = call <8 x float> @llvm.genx.frc.v8f32(<8 x float> [[F]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 10, <8 x float> [[FRC]])
extern "C" _GENX_MAIN_ void rounding(SurfaceIndex buf) {
  vector<float, 8> f;
  read(buf, 0, f);
  vector<int, 8> d = cm_rndd<int>(f);
  write(buf, 32, d);
  write(buf, 64, cm_rndu(f));
  write(buf, 96, cm_rnde(f));
  write(buf, 128, cm_rndz(f));
  write(buf, 160, cm_frc(f));
}

// A scalar operand gives a scalar intrinsic; an int operand computes in float.
// CHECK-LABEL: define spir_func void @scalar_sqrt(
// CHECK: [[X:%.*]] = sitofp i32 %x to float
// CHECK: [[R:%.*]] = call float @llvm.genx.sqrt.f32(float [[X]])
extern "C" _GENX_MAIN_ void scalar_sqrt(SurfaceIndex buf, int x) {
  float r = cm_sqrt(x);
  write(buf, 0, 0u, r);
}
