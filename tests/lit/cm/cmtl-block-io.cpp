// #include <cm/cmtl.h>: the any-size I/O helpers of cmlangspec §6.1 and DumpSLM (§6.3.1). ReadBlock / WriteBlock cut
// a block of any HEIGHT x WIDTH into legal media blocks (rows of at most 28 bytes for 1- and 2-byte pixels, 32
// for wider ones, at most 256 bytes a message); ReadLinear / WriteLinear cut a vector into scattered messages of
// 16, 8, 4, 2 and 1 elements. (Values, borders and unaligned writes: frontend/tests/exec_cmtl.rs.)
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN: icllp.bin: OpenCL patch-token binary, 2 kernel(s)
// BIN-NEXT: kernel blocks
// BIN-NEXT: kernel linear
// BIN: tgllp.bin: OpenCL patch-token binary, 2 kernel(s)
// BIN-NEXT: kernel blocks
// BIN-NEXT: kernel linear

#include <cm/cmtl.h>

// CHECK-LABEL: define {{.*}}@blocks(
// 13 x 37 bytes: a 28-byte strip (8 + 5 rows of a 32-byte pitch) and a 9-byte strip (13 rows of 16).
// CHECK-DAG: @llvm.genx.media.ld.v256i8(i32 0, i32 %img, i32 0, i32 28, i32 %h, i32 %v)
// CHECK-DAG: @llvm.genx.media.ld.v160i8(i32 0, i32 %img, i32 0, i32 28,
// CHECK-DAG: @llvm.genx.media.ld.v208i8(i32 0, i32 %img, i32 0, i32 9,
// The attribute reaches the message (MODIFIED is modifier 1); 11 ints: an 8-int strip and a 3-int strip.
// CHECK-DAG: @llvm.genx.media.ld.v40i32(i32 1, i32 %img, i32 0, i32 32,
// CHECK-DAG: @llvm.genx.media.ld.v20i32(i32 1, i32 %img, i32 0, i32 12,
// WriteBlock of bytes: the aligned write, and the read-modify-write at an unaligned x.
// CHECK-DAG: @llvm.genx.media.st.v256i8(i32 0, i32 %out, i32 0, i32 28,
// CHECK-DAG: @llvm.genx.media.st.v256i8(i32 0, i32 %out, i32 0, i32 32,
// CHECK-LABEL: }
extern "C" _GENX_MAIN_ void blocks(SurfaceIndex img, SurfaceIndex out, int h, int v) {
  matrix<uchar, 13, 37> a;
  cmtl::ReadBlock<uchar, 13, 37>(img, h, v, a.select_all());
  cmtl::WriteBlock(out, h + 1, v, a);
  matrix<int, 5, 11> b;
  cmtl::ReadBlock(img, GENX_MODIFIED, h, v, b, 50);
  cmtl::WriteBlock<int, 5, 11>(out, 0, 20, b.select_all());
  matrix<ushort, 3, 5> c;
  cmtl::ReadBlock(MODIFIED_TOP_FIELD(img), h, v, c);
  cmtl::WriteBlock(out, 64, v, c);
}

// CHECK-LABEL: define {{.*}}@linear(
// 23 shorts: 16 + 4 + 2 + 1 elements (2-byte elements: log2 size 1).
// CHECK-DAG: @llvm.genx.gather.masked.scaled2.v16i32.v16i32.v16i1(i32 1, i16 0, i32 %buf,
// CHECK-DAG: @llvm.genx.gather.masked.scaled2.v4i32.v4i32.v4i1(i32 1, i16 0, i32 %buf,
// CHECK-DAG: @llvm.genx.gather.masked.scaled2.v2i32.v2i32.v2i1(i32 1, i16 0, i32 %buf,
// CHECK-DAG: @llvm.genx.gather.masked.scaled2.v1i32.v1i32.v1i1(i32 1, i16 0, i32 %buf,
// CHECK-DAG: @llvm.genx.scatter.scaled.v16i1.v16i32.v16i32(<16 x i1> {{.*}}, i32 1, i16 0, i32 %buf,
// DumpSLM: 128-byte SLM block reads to OWord block writes, then 16-byte ones.
// CHECK-DAG: @llvm.genx.oword.ld.v32i32(i32 0, i32 254,
// CHECK-DAG: @llvm.genx.oword.st.v32i32(i32 %buf,
// CHECK-DAG: @llvm.genx.oword.ld.v4i32(i32 0, i32 254,
// CHECK-LABEL: }
extern "C" _GENX_MAIN_ void linear(SurfaceIndex buf, int p) {
  vector<short, 23> l;
  cmtl::ReadLinear(buf, p, l);
  cmtl::WriteLinear<short, 23>(buf, p + 100, l.select_all());
  cm_slm_init(1024);
  uint slm = cm_slm_alloc(1024);
  cmtl::DumpSLM(slm, buf, 1000);
}
