// Typed surfaces: read_typed / write_typed move the enabled RGBA channels of N texels at (u, v [, r]), one row
// of N per channel (genx.gather4.typed / scatter4.typed with the channel mask, all lanes enabled, absent
// coordinates 0); write_typed_atomic<OP>([mask,] idx, ret, src..., u [, v [, r [, lod]]]) is genx.typed.atomic.<op>
// (the mask's LSBs as the predicate).
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel typed

// CHECK-LABEL: define {{.*}}@typed(
// CHECK: %[[PX:[^ ]+]] = call <32 x float> @llvm.genx.gather4.typed.v32f32.v8i1.v8i32(i32 15, <8 x i1> <i1 true, {{.*}}>, i32 %img, <8 x i32> %[[U:[^,]+]], <8 x i32> %[[V:[^,]+]], <8 x i32> zeroinitializer, <32 x float> zeroinitializer)
// CHECK: call void @llvm.genx.scatter4.typed.v8i1.v8i32.v32f32(i32 15, <8 x i1> <i1 true, {{.*}}>, i32 %img, <8 x i32> %[[U]], <8 x i32> %[[V]], <8 x i32> zeroinitializer, <32 x float>
// CHECK: @llvm.genx.typed.atomic.add.v8i32.v8i1.v8i32(<8 x i1> <i1 true, {{.*}}>, i32 %counts, <8 x i32> <i32 1, {{.*}}>, <8 x i32> %[[U]], <8 x i32> %[[V]], <8 x i32> zeroinitializer, <8 x i32> zeroinitializer)
// CHECK: @llvm.genx.typed.atomic.inc.v8i32.v8i1.v8i32(<8 x i1> <i1 true, {{.*}}>, i32 %counts, <8 x i32> %[[U]], <8 x i32> zeroinitializer, <8 x i32> zeroinitializer, <8 x i32> zeroinitializer)
// CHECK: %[[MASK:[^ ]+]] = icmp ne <8 x i16> %{{[^,]+}}, zeroinitializer
// CHECK: @llvm.genx.typed.atomic.xchg.v8i32.v8i1.v8i32(<8 x i1> %[[MASK]], i32 %counts, <8 x i32> <i32 1,
extern "C" _GENX_MAIN_ void typed(SurfaceIndex img [[type("image2d_t read_write")]],
                                  SurfaceIndex counts [[type("image2d_t read_write")]], SurfaceIndex out) {
  vector<uint, 8> u, v;
  read(out, 0, u);
  read(out, 32, v);
  matrix<float, 4, 8> px;
  read_typed(img, CM_ABGR_ENABLE, px, u, v);
  px *= 0.5f;
  write_typed(img, CM_ABGR_ENABLE, px, u, v);
  vector<uint, 8> one = 1, before, after;
  write_typed_atomic<ATOMIC_ADD>(counts, before, one, u, v);
  write_typed_atomic<ATOMIC_INC>(counts, after, u);
  vector<ushort, 8> even = 0;
  even.select<4, 2>(0) = 1;
  write_typed_atomic<ATOMIC_XCHG>(even, counts, after, one, u, v);
  write(out, 64, before + after);
}
