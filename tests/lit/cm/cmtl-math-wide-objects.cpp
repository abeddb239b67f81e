// cmtl::cm_fmod, cm_atan2 and cm_atan2_fast on objects wider than 16 lanes (the spec's §6.8 examples use 16x16
// matrices) compile to device binaries: the headers keep their multiply-adds unfused (no llvm.fmuladd), as
// IGC 1.0.12504 fails on a 32-lane llvm.fmuladd (a kernel 'Intel_Symbol_Table_Void_Program' appears in the binary).
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s
// RUN: %cmc -march=icllp %s -o %t-icllp.bin && %cmc -march=tgllp %s -o %t-tgllp.bin
// RUN: %cmc inspect %t-icllp.bin %t-tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN: icllp.bin: OpenCL patch-token binary, 1 kernel(s)
// BIN-NEXT: kernel wide_math
// BIN: tgllp.bin: OpenCL patch-token binary, 1 kernel(s)
// BIN-NEXT: kernel wide_math

#include <cm/cm.h>
#include <cm/cmtl.h>

// CHECK-LABEL: define spir_func void @wide_math(
// CHECK-NOT: fmuladd
// CHECK: fdiv <256 x float>
// CHECK: call <256 x float> @llvm.genx.rndz.v256f32
// CHECK: fmul <256 x float>
// CHECK-NOT: fmuladd
// CHECK: ret void
extern "C" _GENX_MAIN_ void wide_math(SurfaceIndex in, SurfaceIndex out) {
  matrix<float, 16, 16> y, x;
  read(in, 0, 0, y.select<8, 1, 8, 1>(0, 0));
  read(in, 0, 8, y.select<8, 1, 8, 1>(8, 8));
  read(in, 32, 0, x.select<8, 1, 8, 1>(0, 0));
  read(in, 32, 8, x.select<8, 1, 8, 1>(8, 8));
  matrix<float, 16, 16> r = cmtl::cm_fmod(y, x);
  r += cmtl::cm_atan2(y, x);
  r += cmtl::cm_atan2_fast(y, x);
  write(out, 0, 0, r.select<8, 1, 8, 1>(0, 0));
  write(out, 32, 8, r.select<8, 1, 8, 1>(8, 8));
}
