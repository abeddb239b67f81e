// OWord block read/write: genx.oword.ld / oword.st with the byte offset in owords (offset >> 4);
// read(DWALIGNED(idx), ...) is genx.oword.ld.unaligned with the offset in bytes. Media block read/write:
// genx.media.ld / media.st with the row width in bytes; a row that is not a power of two wide (24 bytes) travels
// padded to one (32), so the matrix is taken out of the padded block with an rdregion (vstride 32, width 24) and
// put into a zero block with a wrregion before a write; TOP_FIELD / BOTTOM_FIELD set the modifier (2 / 3).
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @oword(i32 %buf, i32 %off)
// CHECK: [[OW:%.*]] = lshr i32 %off, 4
// CHECK: [[V:%.*]] = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 [[OW]])
// CHECK: [[B:%.*]] = add i32 %off, 4
// CHECK: [[F:%.*]] = call <8 x float> @llvm.genx.oword.ld.unaligned.v8f32(i32 0, i32 %buf, i32 [[B]])
// CHECK: call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 8, <16 x i32> [[V]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 16, <8 x float> [[F]])
extern "C" _GENX_MAIN_ void oword(SurfaceIndex buf, uint off) {
  vector<int, 16> v;
  read(buf, off, v);
  vector<float, 8> f;
  read(DWALIGNED(buf), off + 4, f);
  write(buf, 128, v);
  write(buf, 256, f);
}

// CHECK-LABEL: define spir_func void @media(i32 %in, i32 %out, i32 %x, i32 %y)
// CHECK: [[A:%.*]] = call <256 x i8> @llvm.genx.media.ld.v256i8(i32 0, i32 %in, i32 0, i32 32, i32 %x, i32 %y)
// CHECK: [[PADDED:%.*]] = call <192 x i8> @llvm.genx.media.ld.v192i8(i32 2, i32 %in, i32 0, i32 24, i32 %x, i32 %y)
// CHECK: [[B:%.*]] = call <144 x i8> @llvm.genx.rdregioni.v144i8.v192i8.i16(<192 x i8> [[PADDED]], i32 32, i32 24, i32 1, i16 0, i32 192)
// CHECK: [[C:%.*]] = call <32 x i32> @llvm.genx.media.ld.v32i32(i32 0, i32 %in, i32 0, i32 32, i32 %x, i32 %y)
// CHECK: call void @llvm.genx.media.st.v256i8(i32 0, i32 %out, i32 0, i32 32, i32 %x, i32 %y, <256 x i8> [[A]])
// CHECK: [[OUT:%.*]] = call <192 x i8> @llvm.genx.wrregioni.v192i8.v144i8.i16.i1(<192 x i8> zeroinitializer, <144 x i8> [[B]], i32 32, i32 24, i32 1, i16 0, i32 192, i1 true)
// CHECK: call void @llvm.genx.media.st.v192i8(i32 0, i32 %out, i32 0, i32 24, i32 %x, i32 %y, <192 x i8> [[OUT]])
// CHECK: call void @llvm.genx.media.st.v32i32(i32 3, i32 %out, i32 0, i32 32, i32 %x, i32 %y, <32 x i32> [[C]])
extern "C" _GENX_MAIN_ void media(SurfaceIndex in, SurfaceIndex out, int x, int y) {
  matrix<uchar, 8, 32> a;
  matrix<uchar, 6, 24> b;
  matrix<int, 4, 8> c;
  read(in, x, y, a);
  read(TOP_FIELD(in), x, y, b);
  read(in, x, y, c);
  write(out, x, y, a);
  write(out, x, y, b);
  write(BOTTOM_FIELD(out), x, y, c);
}
