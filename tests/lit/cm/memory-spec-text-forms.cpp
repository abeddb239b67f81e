// Memory forms the code blocks of the spec's text (cmlangspec §4.4-§4.6) use: cm_slm_write4_scaled /
// cm_slm_read4_scaled (the four-channel SLM messages with byte addresses: no scaling of the offsets),
// cm_sbarrier(1) / cm_sbarrier(0) (the split barrier), ATOMIC_PREDEC (new = old - 1, returning new: the DEC message
// and a subtraction, in cm_slm_atomic and write_atomic), and read_plane / write_plane qualified by TOP_FIELD /
// BOTTOM_FIELD (genx.media.ld/st's modifier 2 / 3 with the plane operand). Values: frontend/tests/exec_spec_text.rs.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o - | FileCheck %s
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel spec_text_memory

// CHECK-LABEL: define {{.*}}@spec_text_memory(
// CHECK: call void @llvm.genx.scatter4.scaled.v8i1.v8i32.v16i32({{.*}}, i32 3, i16 0, i32 254, i32 0, <8 x i32> <i32 4, {{.*}}>, <16 x i32>
// CHECK: call void @llvm.genx.sbarrier(i8 1)
// CHECK: call void @llvm.genx.sbarrier(i8 0)
// CHECK: call <16 x i32> @llvm.genx.gather4.masked.scaled2.v16i32.v8i32.v8i1(i32 3, i16 0, i32 254, i32 0, <8 x i32> <i32 4,
// CHECK: [[SLM:%.*]] = call <8 x i32> @llvm.genx.dword.atomic2.dec.v8i32.v8i1({{.*}}, i32 254, <8 x i32> <i32 12,
// CHECK: [[OLD:%.*]] = call <8 x i32> @llvm.genx.dword.atomic2.dec.v8i32.v8i1({{.*}}, i32 %buf, <8 x i32> <i32 16,
// CHECK: sub <8 x i32> [[OLD]], <i32 1,
// CHECK: [[UV:%.*]] = call <64 x i8> @llvm.genx.media.ld.v64i8(i32 2, i32 %nv12, i32 1, i32 16, i32 0, i32 0)
// CHECK: call void @llvm.genx.media.st.v64i8(i32 3, i32 %nv12, i32 0, i32 16, i32 0, i32 0, <64 x i8> [[UV]])

extern "C" _GENX_MAIN_ void spec_text_memory(SurfaceIndex nv12, SurfaceIndex buf) {
  cm_slm_init(1024);
  uint slm = cm_slm_alloc(1024);
  vector<uint, 8> bytes = 4, ret;
  vector<uint, 16> rg = 7, back;
  cm_slm_write4_scaled(slm, bytes, rg, SLM_GR_ENABLE);
  cm_sbarrier(1);
  cm_sbarrier(0);
  cm_slm_read4_scaled(slm, bytes, back, SLM_GR_ENABLE);
  vector<ushort, 8> addr = 3;
  cm_slm_atomic(slm, ATOMIC_PREDEC, addr, ret);
  write_atomic<ATOMIC_PREDEC>(buf, bytes, ret);
  matrix<uchar, 4, 16> uv;
  read_plane(TOP_FIELD(nv12), GENX_SURFACE_UV_PLANE, 0, 0, uv);
  write_plane(BOTTOM_FIELD(nv12), GENX_SURFACE_Y_PLANE, 0, 0, uv);
  write(buf, 0, back.select<8, 1>(0) + ret);
}
