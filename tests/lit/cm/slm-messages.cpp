// SLM: cm_slm_init / cm_slm_alloc go to the front end's builtins (the kernel's SLM size in !genx.kernels, the
// buffers' byte offsets as constants); cm_slm_read/write are scattered messages on BTI 254 with the buffer's byte
// offset as the global offset and element offsets scaled to bytes; read4/write4 are the 4-channel messages with
// cmc's inverted SLM_ChannelMaskType turned into enabled channels (SLM_GR_ENABLE = 12 -> R|G = 3);
// cm_slm_atomic is a DWORD atomic on BTI 254; block read/write are OWord messages at (buffer + offset) / 16.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @slm(i32 %buf)
// CHECK: [[ADDR:%.*]] = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %buf, i32 0)
// CHECK: [[ADDR4:%.*]] = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 2)
// CHECK: [[V:%.*]] = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %buf, i32 6)
// CHECK: [[V4:%.*]] = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %buf, i32 8)
// CHECK: [[WIDE:%.*]] = zext <16 x i16> [[ADDR]] to <16 x i32>
// CHECK: [[BYTES:%.*]] = mul <16 x i32> [[WIDE]], <i32 4,
// CHECK: call void @llvm.genx.scatter.scaled.v16i1.v16i32.v16i32(<16 x i1> <i1 true, {{.*}}>, i32 2, i16 0, i32 254, i32 0, <16 x i32> [[BYTES]], <16 x i32> [[V]])
// CHECK: call void @llvm.genx.barrier()
// CHECK: [[R:%.*]] = call <16 x i32> @llvm.genx.gather.masked.scaled2.v16i32.v16i32.v16i1(i32 2, i16 0, i32 254, i32 1024, <16 x i32> [[BYTES]], <16 x i1> <i1 true,
// CHECK: [[BYTES4:%.*]] = mul <16 x i32> [[ADDR4]], <i32 4,
// CHECK: call void @llvm.genx.scatter4.scaled.v16i1.v16i32.v32i32(<16 x i1> <i1 true, {{.*}}>, i32 3, i16 0, i32 254, i32 0, <16 x i32> [[BYTES4]], <32 x i32> [[V4]])
// CHECK: [[R4:%.*]] = call <32 x i32> @llvm.genx.gather4.masked.scaled2.v32i32.v16i32.v16i1(i32 3, i16 0, i32 254, i32 0, <16 x i32> [[BYTES4]], <16 x i1> <i1 true,
// CHECK: [[AT:%.*]] = add <16 x i32> [[BYTES]], <i32 1024,
// CHECK: [[OLD:%.*]] = call <16 x i32> @llvm.genx.dword.atomic2.add.v16i32.v16i1.v16i32(<16 x i1> <i1 true, {{.*}}>, i32 254, <16 x i32> [[AT]], <16 x i32> [[R]])
// CHECK: call void @llvm.genx.oword.st.v16i32(i32 254, i32 4, <16 x i32> [[OLD]])
// CHECK: [[B:%.*]] = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 254, i32 66)
// CHECK: call void @llvm.genx.fence(i8 1)
// CHECK: call void @llvm.genx.oword.st.v16i32(i32 %buf, i32 8, <16 x i32> [[B]])
// CHECK: call void @llvm.genx.oword.st.v32i32(i32 %buf, i32 16, <32 x i32> [[R4]])
extern "C" _GENX_MAIN_ void slm(SurfaceIndex buf) {
  cm_slm_init(4096);
  uint a = cm_slm_alloc(1024);
  uint b = cm_slm_alloc(256);
  vector<ushort, 16> addr;
  vector<uint, 16> addr4;
  vector<int, 16> v;
  vector<int, 32> v4;
  read(buf, 0, addr);
  read(buf, 32, addr4);
  read(buf, 96, v);
  read(buf, 128, v4);
  cm_slm_write(a, addr, v);
  cm_barrier();
  cm_slm_read(b, addr, v);
  cm_slm_write4(a, addr4, v4, SLM_GR_ENABLE);
  cm_slm_read4(a, addr4, v4, SLM_GR_ENABLE);
  cm_slm_atomic(b, ATOMIC_ADD, addr, v, v);
  cm_slm_block_write(a, 64, v);
  cm_slm_block_read(b, 32, v);
  cm_fence();
  write(buf, 128, v);
  write(buf, 256, v4);
}

// cm_slm_load: each thread copies 16-byte blocks from its linear local id on, stepping by the group's size,
// then the group meets at a barrier.
// CHECK-LABEL: define spir_func void @slm_load(i32 %buf)
// CHECK: call <3 x i32> @llvm.genx.local.size.v3i32()
// CHECK: call <3 x i32> @llvm.genx.local.id.v3i32()
// CHECK: [[BLOCK:%.*]] = call <4 x i32> @llvm.genx.oword.ld.unaligned.v4i32(i32 0, i32 %buf, i32 [[AT:%.*]])
// CHECK: [[OW:%.*]] = lshr i32 [[AT]], 4
// CHECK: call void @llvm.genx.oword.st.v4i32(i32 254, i32 [[OW]], <4 x i32> [[BLOCK]])
// CHECK: call void @llvm.genx.barrier()
// CHECK: call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 254, i32 1)
// The kernels' SLM sizes (operand 3 of !genx.kernels) come from cm_slm_init.
// CHECK: !{void (i32)* @slm, !"slm", {{.*}}, i32 4096,
// CHECK: !{void (i32)* @slm_load, !"slm_load", {{.*}}, i32 512,
extern "C" _GENX_MAIN_ void slm_load(SurfaceIndex buf) {
  cm_slm_init(512);
  uint a = cm_slm_alloc(512);
  cm_slm_load(a, buf, 0, 512);
  vector<int, 8> v;
  cm_slm_block_read(a, 16, v);
  write(buf, 1024, v);
}
