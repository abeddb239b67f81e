// #include <cm/cmtl.h>: the matrix transforms of cmlangspec §6.6 (MirrorVertical, MirrorHorizontal_16x16,
// Rotate90/180/270_16x16, Transpose_16x16, ReverseTranspose_16x16, Transpose_8x8, map), the iselect packing
// helpers of §6.4 (Pack, UnPack, UnpackSingle) and the SLM channel transposes of §6.3 (TransposeFromSLM,
// TransposeToSLM), called as the spec's examples call them (select_all() references) and with the objects
// themselves. Every transform is unrolled into direct row / column regions (no loop is left); the reversals are
// constant-offset regions. (Values: frontend/tests/exec_cmtl.rs.)
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN: icllp.bin: OpenCL patch-token binary, 2 kernel(s)
// BIN-NEXT: kernel rotate
// BIN-NEXT: kernel small
// BIN: tgllp.bin: OpenCL patch-token binary, 2 kernel(s)
// BIN-NEXT: kernel rotate
// BIN-NEXT: kernel small

#include <cm/cmtl.h>

// CHECK-LABEL: define {{.*}}@rotate(
// No loop: the 16 rows of each transform are unrolled.
// CHECK-NOT: br label
// Transpose: row 1 of out is column 1 of in (16 elements 16 apart, from byte 4).
// CHECK: @llvm.genx.rdregionf.v16f32.v256f32.i16(<256 x float> {{%[^,]+}}, i32 0, i32 16, i32 16, i16 4,
// CHECK-LABEL: }
extern "C" _GENX_MAIN_ void rotate(SurfaceIndex in, SurfaceIndex out) {
  matrix<float, 16, 16> m, t;
#define LOAD(i) read(in, 128 * i, m.select<2, 1, 16, 1>(2 * i, 0));
  LOAD(0) LOAD(1) LOAD(2) LOAD(3) LOAD(4) LOAD(5) LOAD(6) LOAD(7)
  cmtl::Transpose_16x16(m.select_all(), t.select_all());
  cmtl::Rotate90_16x16(t, m);
  cmtl::Rotate180_16x16<float>(m.select_all(), t.select_all());
  cmtl::Rotate270_16x16(t, m);
  cmtl::MirrorHorizontal_16x16(m, t);
  cmtl::ReverseTranspose_16x16(t, m);
  cmtl::MirrorVertical(m.select_all(), t.select_all());
#define STORE(i) write(out, 128 * i, t.select<2, 1, 16, 1>(2 * i, 0));
  STORE(0) STORE(1) STORE(2) STORE(3) STORE(4) STORE(5) STORE(6) STORE(7)
}

// CHECK-LABEL: define {{.*}}@small(
// map is one gather of the 64 elements by the run-time mapping.
// CHECK: @llvm.genx.rdregioni.v64i32.v64i32.v64i16(
// Pack interleaves the two halves: lanes 0, 2, ... and 1, 3, ... of a 16-short vector.
// CHECK: @llvm.genx.wrregioni.v16i16.v8i16.i16.i1(<16 x i16> {{[^,]+}}, <8 x i16> {{%[^,]+}}, i32 0, i32 8, i32 2, i16 0,
// CHECK: @llvm.genx.wrregioni.v16i16.v8i16.i16.i1(<16 x i16> {{[^,]+}}, <8 x i16> {{%[^,]+}}, i32 0, i32 8, i32 2, i16 2,
extern "C" _GENX_MAIN_ void small(SurfaceIndex in, SurfaceIndex out, int which) {
  matrix<int, 8, 8> a, b;
  vector<ushort, 64> mapping;
  read(in, 0, a.select<4, 1, 8, 1>(0, 0));
  read(in, 128, a.select<4, 1, 8, 1>(4, 0));
  read(in, 256, mapping.select<32, 1>(0));
  read(in, 320, mapping.select<32, 1>(32));
  cmtl::map(a.select_all(), b.select_all(), mapping.select_all());
  cmtl::Transpose_8x8(b, a);
  vector<short, 8> lo = a.row(0).format<short>().select<8, 2>(0), hi = a.row(1).format<short>().select<8, 2>(1);
  vector<int, 8> packed;
  cmtl::Pack<short, int, 8>(lo.select_all(), hi.select_all(), packed.select_all());
  cmtl::UnPack<short, int, 8>(lo.select_all(), hi.select_all(), packed.select_all());
  vector<short, 8> one;
  cmtl::UnpackSingle<short, int, 8>(one.select_all(), which ? CMRT_LOC_SECOND : CMRT_LOC_FIRST, a.row(2));
  vector<uint, 32> planar = a.select<4, 1, 8, 1>(4, 0).format<uint>(), rgba;
  cmtl::TransposeFromSLM<8>(rgba.select_all(), planar.select_all());
  cmtl::TransposeToSLM<8>(planar.select_all(), rgba.select_all());
  write(out, 0, packed);
  write(out, 64, lo + hi + one);
  write(out, 128, planar);
}
