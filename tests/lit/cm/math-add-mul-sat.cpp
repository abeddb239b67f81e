// cm_add / cm_mul: C++ promotion of the operands, the optional result type, and SAT. Integer saturation is one
// genx.{xy}add.sat / mul.sat (x: result signedness, y: operands'); a float result saturates with genx.sat; without
// SAT no saturating intrinsic is left (the select on the constant flag folds away).
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @add_promotes(
// CHECK: [[A:%.*]] = zext <16 x i8> {{%.*}} to <16 x i32>
// CHECK: [[B:%.*]] = zext <16 x i8> {{%.*}} to <16 x i32>
// CHECK: add <16 x i32> [[A]], [[B]]
// CHECK-NOT: .sat
// CHECK: ret void
extern "C" _GENX_MAIN_ void add_promotes(SurfaceIndex buf) {
  vector<uchar, 16> a, b;
  read(buf, 0, a);
  read(buf, 16, b);
  vector<int, 16> sum = cm_add(a, b);
  write(buf, 32, sum);
}

// uchar + uchar computes in int (signed): the saturation to uchar is usadd.sat.
// CHECK-LABEL: define spir_func void @add_sat_to_uchar(
// CHECK: [[R:%.*]] = call <16 x i8> @llvm.genx.usadd.sat.v16i8.v16i32(<16 x i32> {{%.*}}, <16 x i32> {{%.*}})
// CHECK: call void @llvm.genx.oword.st.v16i8(i32 %buf, i32 2, <16 x i8> [[R]])
extern "C" _GENX_MAIN_ void add_sat_to_uchar(SurfaceIndex buf) {
  vector<uchar, 16> a, b;
  read(buf, 0, a);
  read(buf, 16, b);
  vector<uchar, 16> r = cm_add<uchar>(a, b, SAT);
  write(buf, 32, r);
}

// A scalar operand is broadcast; unsigned operands saturate unsigned.
// CHECK-LABEL: define spir_func void @add_sat_scalar(
// CHECK: call <8 x i32> @llvm.genx.uuadd.sat.v8i32.v8i32(<8 x i32> {{%.*}}, <8 x i32> <i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000, i32 1000>)
extern "C" _GENX_MAIN_ void add_sat_scalar(SurfaceIndex buf) {
  vector<uint, 8> a;
  read(buf, 0, a);
  write(buf, 32, cm_add(a, 1000u, SAT));
}

// Float: fadd then genx.sat (clamp to [0, 1]).
// CHECK-LABEL: define spir_func void @fadd_sat(
// CHECK: [[S:%.*]] = fadd <8 x float>
// CHECK: call <8 x float> @llvm.genx.sat.v8f32(<8 x float> [[S]])
extern "C" _GENX_MAIN_ void fadd_sat(SurfaceIndex buf) {
  vector<float, 8> a, b;
  read(buf, 0, a);
  read(buf, 32, b);
  write(buf, 64, cm_add(a, b, SAT));
}

// Float to int with SAT: genx.fptosi.sat.
// CHECK-LABEL: define spir_func void @fmul_sat_to_short(
// CHECK: [[P:%.*]] = fmul <8 x float>
// CHECK: call <8 x i16> @llvm.genx.fptosi.sat.v8i16.v8f32(<8 x float> [[P]])
extern "C" _GENX_MAIN_ void fmul_sat_to_short(SurfaceIndex buf) {
  vector<float, 8> a;
  read(buf, 0, a);
  vector<short, 8> r = cm_mul<short>(a, 300.0f, SAT);
  write(buf, 32, r);
}

// short * short computes in int; SAT to short is ssmul.sat.
// CHECK-LABEL: define spir_func void @mul_sat_short(
// CHECK: call <16 x i16> @llvm.genx.ssmul.sat.v16i16.v16i32(<16 x i32> {{%.*}}, <16 x i32> {{%.*}})
extern "C" _GENX_MAIN_ void mul_sat_short(SurfaceIndex buf) {
  vector<short, 16> a, b;
  read(buf, 0, a);
  read(buf, 32, b);
  vector<short, 16> r = cm_mul<short>(a, b, SAT);
  write(buf, 64, r);
}

// Scalars in, scalar out.
// CHECK-LABEL: define spir_func void @scalar_add(
// CHECK: call i8 @llvm.genx.ssadd.sat.i8.i32(i32 %x, i32 %y)
extern "C" _GENX_MAIN_ void scalar_add(SurfaceIndex buf, int x, int y) {
  char r = cm_add<char>(x, y, SAT);
  write(buf, 0, 0u, r);
}
