// Media-block reads and writes with the surface modifiers of cmlangspec §4.x: MODIFIED, TOP_FIELD, BOTTOM_FIELD,
// MODIFIED_TOP_FIELD, MODIFIED_BOTTOM_FIELD set genx.media.ld's modifier to vISA MEDIA_LD's values 1..5; a write
// takes TOP_FIELD / BOTTOM_FIELD (2, 3); read_plane / write_plane set the plane operand (Y 0, UV 1).
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel fields

// CHECK-LABEL: define {{.*}}@fields(
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 1, i32 %img, i32 0, i32 16, i32 0, i32 0)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 2, i32 %img, i32 0, i32 16, i32 0, i32 4)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 3, i32 %img, i32 0, i32 16, i32 0, i32 8)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 4, i32 %img, i32 0, i32 16, i32 0, i32 12)
// CHECK-DAG: @llvm.genx.media.ld.v64i8(i32 5, i32 %img, i32 0, i32 16, i32 0, i32 16)
// CHECK-DAG: @llvm.genx.media.ld.v128i8(i32 0, i32 %nv12, i32 1, i32 16, i32 16, i32 8)
// CHECK-DAG: @llvm.genx.media.st.v64i8(i32 2, i32 %out, i32 0, i32 16, i32 0, i32 0,
// CHECK-DAG: @llvm.genx.media.st.v64i8(i32 3, i32 %out, i32 0, i32 16, i32 16, i32 0,
// CHECK-DAG: @llvm.genx.media.st.v128i8(i32 0, i32 %nv12, i32 0, i32 16, i32 0, i32 0,
extern "C" _GENX_MAIN_ void fields(SurfaceIndex img [[type("image2d_t read_only")]],
                                   SurfaceIndex out [[type("image2d_t write_only")]],
                                   SurfaceIndex nv12 [[type("image2d_t read_write")]]) {
  matrix<uchar, 4, 16> a, b, c, d, e;
  read(MODIFIED(img), 0, 0, a);
  read(TOP_FIELD(img), 0, 4, b);
  read(BOTTOM_FIELD(img), 0, 8, c);
  read(MODIFIED_TOP_FIELD(img), 0, 12, d);
  read(MODIFIED_BOTTOM_FIELD(img), 0, 16, e);
  matrix<uchar, 4, 16> top = a + b + c, bottom = d + e;
  write(TOP_FIELD(out), 0, 0, top);
  write(BOTTOM_FIELD(out), 16, 0, bottom);
  matrix<uchar, 8, 16> uv;
  read_plane(nv12, GENX_SURFACE_UV_PLANE, 16, 8, uv);
  write_plane(nv12, GENX_SURFACE_Y_PLANE, 0, 0, uv);
}
