// Scattered read/write: genx.gather.masked.scaled2 / scatter.scaled with log2 of the element size as the block
// count and offsets scaled from elements to bytes (global and per lane); 1- and 2-byte elements travel in dword
// lanes (trunc after a gather, extended before a scatter); the _scaled forms take bytes as they are. All lanes are
// enabled. Untyped read/write: genx.gather4.masked.scaled2 / scatter4.scaled with the enabled channels (R = 1,
// G = 2, B = 4, A = 8) and dword offsets scaled to bytes.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @scattered(i32 %buf, i32 %g)
// CHECK: [[OFF:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
// CHECK: [[BD:%.*]] = call <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32 0, i16 0, i32 %buf, i32 %g, <8 x i32> [[OFF]], <8 x i1> <i1 true,
// CHECK: [[B:%.*]] = trunc <8 x i32> [[BD]] to <8 x i8>
// CHECK: [[G2:%.*]] = mul i32 %g, 2
// CHECK: [[O2:%.*]] = mul <8 x i32> [[OFF]], <i32 2,
// CHECK: [[SD:%.*]] = call <8 x i32> @llvm.genx.gather.masked.scaled2.v8i32.v8i32.v8i1(i32 1, i16 0, i32 %buf, i32 [[G2]], <8 x i32> [[O2]], <8 x i1> <i1 true,
// CHECK: [[S:%.*]] = trunc <8 x i32> [[SD]] to <8 x i16>
// CHECK: [[G4:%.*]] = mul i32 %g, 4
// CHECK: [[O4:%.*]] = mul <8 x i32> [[OFF]], <i32 4,
// CHECK: [[F:%.*]] = call <8 x float> @llvm.genx.gather.masked.scaled2.v8f32.v8i32.v8i1(i32 2, i16 0, i32 %buf, i32 [[G4]], <8 x i32> [[O4]], <8 x i1> <i1 true,
// CHECK: [[BW:%.*]] = zext <8 x i8> [[B]] to <8 x i32>
// CHECK: call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1> <i1 true, {{.*}}>, i32 0, i16 0, i32 %buf, i32 %g, <8 x i32> [[OFF]], <8 x i32> [[BW]])
// CHECK: call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8f32(<8 x i1> <i1 true, {{.*}}>, i32 2, i16 0, i32 %buf, i32 [[G4]], <8 x i32> [[O4]], <8 x float> [[F]])
// CHECK: [[SW:%.*]] = sext <8 x i16> [[S]] to <8 x i32>
// CHECK: call void @llvm.genx.scatter.scaled.v8i1.v8i32.v8i32(<8 x i1> <i1 true, {{.*}}>, i32 1, i16 0, i32 %buf, i32 %g, <8 x i32> [[OFF]], <8 x i32> [[SW]])
extern "C" _GENX_MAIN_ void scattered(SurfaceIndex buf, uint g) {
  vector<uint, 8> off;
  read(buf, 0, off);
  vector<uchar, 8> b;
  vector<short, 8> s;
  vector<float, 8> f;
  read(buf, g, off, b);
  read(buf, g, off, s);
  read(buf, g, off, f);
  write(buf, g, off, b);
  write(buf, g, off, f);
  write_scaled(buf, g, off, s);
}

// CHECK-LABEL: define spir_func void @untyped(i32 %buf)
// CHECK: [[OFF:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
// CHECK: [[BYTES:%.*]] = mul <8 x i32> [[OFF]], <i32 4,
// CHECK: [[M:%.*]] = call <16 x float> @llvm.genx.gather4.masked.scaled2.v16f32.v8i32.v8i1(i32 3, i16 0, i32 %buf, i32 0, <8 x i32> [[BYTES]], <8 x i1> <i1 true,
// CHECK: call void @llvm.genx.scatter4.scaled.v8i1.v8i32.v16f32(<8 x i1> <i1 true, {{.*}}>, i32 5, i16 0, i32 %buf, i32 0, <8 x i32> [[BYTES]], <16 x float> [[M]])
extern "C" _GENX_MAIN_ void untyped(SurfaceIndex buf) {
  vector<uint, 8> off;
  read(buf, 0, off);
  matrix<float, 2, 8> m;
  read_untyped(buf, CM_GR_ENABLE, m, off);
  write_untyped(buf, CM_BR_ENABLE, m, off);
}
