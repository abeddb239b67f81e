// The thread-payload reads of spec §4.13, §4.15 and §4.21 and the small forms of §4.14-§4.16 and §6.7-§6.8:
// get_color() is genx.get.color (i16), cm_get_hwid() genx.get.hwid (i32), cm_get_r0() genx.r0 <8 x i32>;
// cm_get_value(SurfaceIndex) is the surface's index; cm_label(...) is ignored (deprecated in cmc);
// CM_L1_FLUASH_RO_DATA (the spec's spelling) is CM_L1_FLUSH_RO_DATA; cmtl::cm_floor/cm_ceil without a return type
// return float; cm_vector/cm_matrix may be written without a semicolon, as the spec's §6.7 examples are.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s
// RUN: %cmc -march=icllp %s -o %t-icllp.bin && %cmc -march=tgllp %s -o %t-tgllp.bin
// RUN: %cmc inspect %t-icllp.bin %t-tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN: kernel payload_reads
// BIN: kernel payload_reads

#include <cm/cm.h>
#include <cm/cmtl.h>

// CHECK-LABEL: define spir_func void @payload_reads(
extern "C" _GENX_MAIN_ void payload_reads(SurfaceIndex out, SurfaceIndex other) {
  vector<uint, 8> v = 0;
  // CHECK: call i16 @llvm.genx.get.color()
  v(0) = get_color();
  // CHECK: call i32 @llvm.genx.get.hwid()
  v(1) = cm_get_hwid();
  // The surface's index is the kernel argument itself.
  // CHECK: insertelement <8 x i32> {{.*}}, i32 %other, i32 2
  v(2) = cm_get_value(other);
  cm_label("ignored", 3);
  write(out, 0, v);
  // CHECK: call <8 x i32> @llvm.genx.r0.v8i32()
  vector<uint, 8> r0 = cm_get_r0();
  write(out, 32, r0);
  // CHECK: call void @llvm.genx.fence(i8 {{[0-9]+}})
  cm_fence(CM_L1_FLUASH_RO_DATA | CM_GLOBAL_COHERENT_FENCE);
  matrix<float, 2, 4> x = 1.5f;
  matrix<float, 2, 4> fl = cmtl::cm_floor(x);
  vector<float, 8> cl = cmtl::cm_ceil(x);
  write(out, 64, fl.format<float>());
  write(out, 96, cl);
  cm_vector(seq, int, 8, 20, -1)
  cm_matrix(grid, int, 2, 4, 1, 2)
  write(out, 128, seq);
  write(out, 160, grid.format<int>());
}
