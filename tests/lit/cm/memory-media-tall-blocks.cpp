// A media block taller than one message carries (a message moves at most 256 bytes: 64-byte rows at most 4,
// 32-byte rows at most 8, 4-byte rows at most 64) is moved as bands of consecutive rows, one message each at
// y, y + H, ...; IGC aborts on a single oversized media message. A field block's bands count field rows.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @tall(
// CHECK: call <64 x float> @llvm.genx.media.ld.v64f32(i32 0, i32 %in, i32 0, i32 64, i32 %x, i32 %y)
// CHECK: [[Y4:%.*]] = add nsw i32 %y, 4
// CHECK: call <64 x float> @llvm.genx.media.ld.v64f32(i32 0, i32 %in, i32 0, i32 64, i32 %x, i32 [[Y4]])
// CHECK: call <256 x i8> @llvm.genx.media.ld.v256i8(i32 2, i32 %in, i32 0, i32 24, i32 %x, i32 %y)
// CHECK: [[Y8:%.*]] = add nsw i32 %y, 8
// CHECK: call <64 x i8> @llvm.genx.media.ld.v64i8(i32 2, i32 %in, i32 0, i32 24, i32 %x, i32 [[Y8]])
// CHECK: call <256 x i8> @llvm.genx.media.ld.v256i8(i32 0, i32 %in, i32 0, i32 4, i32 %x, i32 %y)
// CHECK: [[Y64:%.*]] = add nsw i32 %y, 64
// CHECK: call <64 x i8> @llvm.genx.media.ld.v64i8(i32 0, i32 %in, i32 0, i32 4, i32 %x, i32 [[Y64]])
// CHECK: call void @llvm.genx.media.st.v64f32(i32 0, i32 %out, i32 0, i32 64, i32 %x, i32 %y,
// CHECK: call void @llvm.genx.media.st.v64f32(i32 0, i32 %out, i32 0, i32 64, i32 %x, i32 [[Y4]],
// BIN: tall
extern "C" _GENX_MAIN_ void tall(SurfaceIndex in, SurfaceIndex out, int x, int y) {
  matrix<float, 8, 16> f;
  matrix<uchar, 10, 24> b;
  matrix<uchar, 80, 4> c;
  read(in, x, y, f);
  read(TOP_FIELD(in), x, y, b);
  read(in, x, y, c);
  write(out, x, y, f);
  write(out, x, y + 8, b);
  write(out, x + 32, y + 8, c);
}
