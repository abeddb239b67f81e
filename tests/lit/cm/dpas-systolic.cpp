// cm_dpas / cm_dpasw (CM spec 4.3) and the CmPrecisionType values: llvm.genx.dpas[.nosrc0] / llvm.genx.dpasw
// with info = repeat << 24 | depth << 16 | (P2 + 1) << 8 | (P1 + 1) (vISA's GenPrecision numbers). Compiled by
// IGC to binaries for Xe-HPG (acm-g10, ExecSize 8) and Xe-HPC (pvc, ExecSize 16); refused at the user's line on
// Gen11 and Xe-LP, which have no systolic array; dpasw is Xe-HPG only. The middle end's output is validated
// against the front end's on the CPU executor (random inputs), without dpasw, which the executor does not model
// (half of its rows come from the paired thread).
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -march=acm-g10 -emit-llvm -S %s -o %t.hpg.ll
// RUN: FileCheck %s --check-prefixes=CHECK,HPG < %t.hpg.ll
// RUN: %cmc -passes=genx-verify %t.hpg.ll -S -o %t.verified.ll
// RUN: %cmc -march=acm-g10 -DNO_DPASW -emit-llvm -S %s -o %t.val.ll
// RUN: %cmc -passes=genx-int-narrow,genx-float-narrow,genx-lowering,genx-region-collapse,genx-const-fold,genx-dead-vector -S %t.val.ll -o %t.val.mid.ll
// RUN: %validate %t.val.ll %t.val.mid.ll
// RUN: %cmc -march=acm-g10 %s -o %t.hpg.bin && %cmc inspect %t.hpg.bin | FileCheck %s --check-prefix=BIN
// RUN: %cmc -march=pvc -DWIDE -emit-llvm -S %s -o %t.hpc.ll
// RUN: FileCheck %s --check-prefixes=CHECK,HPC < %t.hpc.ll
// RUN: %cmc -march=pvc -DWIDE %s -o %t.hpc.bin && %cmc inspect %t.hpc.bin | FileCheck %s --check-prefix=BIN
// RUN: not %cmc -march=icllp -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODPAS
// RUN: not %cmc -march=tgllp -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODPAS
// RUN: not %cmc -march=pvc -DWIDE -DPAIRED -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODPASW
// RUN: not %cmc -march=acm-g10 -DBAD_SIZE -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not %cmc -march=acm-g10 -DBAD_TYPES -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TYPES
// BIN: kernel gemm_tile

#ifdef WIDE
#define EXEC 16
#else
#define EXEC 8
#endif

// CHECK-LABEL: define {{.*}}@gemm_tile(
extern "C" _GENX_MAIN_ void gemm_tile(SurfaceIndex a_buf, SurfaceIndex b_buf, SurfaceIndex c_buf) {
  // half x half -> float, depth 8, repeat 8: B is 8 x EXEC dwords of two halves, A 8 rows of 8 dwords.
  vector<int, 8 * EXEC> b;
  matrix<half, 8, 16> a;
  read(b_buf, 0, b.select<32, 1>(0));
  read(b_buf, 128, b.select<32, 1>(32));
  read(a_buf, 0, a.format<int>().select<32, 1>(0));
  read(a_buf, 128, a.format<int>().select<32, 1>(32));
  // Halves of magnitude below 1 (no infinity or NaN from random inputs, so validation compares finite sums).
  vector<int, 8 * EXEC> hb = b & 0x3bff3bff;
  a.format<int>() &= 0x3bff3bff;
  matrix<float, 8, EXEC> c;
  read(c_buf, 0, c.format<float>().select<32, 1>(0));
  // HPG: call <64 x float> @llvm.genx.dpas.v64f32.v64i32.v64i32(<64 x float> %{{.*}}, <64 x i32> %{{.*}}, <64 x i32> %{{.*}}, i32 134744586)
  // HPC: call <128 x float> @llvm.genx.dpas.v128f32.v128i32.v64i32(<128 x float> %{{.*}}, <128 x i32> %{{.*}}, <64 x i32> %{{.*}}, i32 134744586)
  // NODPAS: dpas-systolic.cpp:[[@LINE+1]]:7: error: cm_dpas is not supported on this platform: the DPAS systolic array exists from Xe-HPG on
  c = cm_dpas<CM_PRECISION_HF, CM_PRECISION_HF, 8, 8>(c.format<float>(), hb, a.format<int>());

  // Signed bytes without an accumulator (the int 0), repeat 2, saturated: s8 = 7, so info 0x02080808.
  vector<int, 8 * EXEC> wb = b ^ 0x01010101;
  // HPG: call <16 x i32> @llvm.genx.dpas.nosrc0.v16i32.v64i32.v16i32(<64 x i32> %{{.*}}, <16 x i32> %{{.*}}, i32 34080776)
  // HPC: call <32 x i32> @llvm.genx.dpas.nosrc0.v32i32.v128i32.v16i32(<128 x i32> %{{.*}}, <16 x i32> %{{.*}}, i32 34080776)
  vector<int, 2 * EXEC> q = cm_dpas<CM_PRECISION_S8, CM_PRECISION_S8, 8, 2, int>(0, wb, a.format<int>().select<16, 1>(0), SAT);

  // Unsigned 4-bit weights against unsigned bytes (mixed integer formats): u4 = 4, u8 = 6, info 0x01080705.
  // HPG: call <8 x i32> @llvm.genx.dpas.v8i32.v32i32.v8i32(<8 x i32> %{{.*}}, <32 x i32> %{{.*}}, <8 x i32> %{{.*}}, i32 17303301)
  vector<int, EXEC> r = q.select<EXEC, 1>(0);
  r = cm_dpas<CM_PRECISION_U4, CM_PRECISION_U8, int, 8, 1>(r, b.select<4 * EXEC, 1>(0), a.format<int>().select<8, 1>(0));

#if !defined(WIDE) && !defined(NO_DPASW)
  // dpasw: this thread passes (8 + 1) / 2 = 4 of A's rows.
  // HPG: call <64 x float> @llvm.genx.dpasw.v64f32.v64i32.v32i32(<64 x float> %{{.*}}, <64 x i32> %{{.*}}, <32 x i32> %{{.*}}, i32 134744586)
  c = cm_dpasw<CM_PRECISION_HF, CM_PRECISION_HF, 8, 8>(c.format<float>(), b, a.format<int>().select<32, 1>(0));
#endif
#ifdef PAIRED
  // NODPASW: dpas-systolic.cpp:[[@LINE+1]]:7: error: cm_dpasw is not supported on this platform: the paired-thread DPASW exists only on Xe-HPG
  c = cm_dpasw<CM_PRECISION_HF, CM_PRECISION_HF, 8, 8>(c.format<float>(), b, a.format<int>().select<32, 1>(0));
#endif
#ifdef BAD_SIZE
  // SIZE: dpas-systolic.cpp:[[@LINE+1]]:7: error: {{.*}}cm_dpas: src2 has the wrong number of elements
  c = cm_dpas<CM_PRECISION_HF, CM_PRECISION_HF, 8, 8>(c.format<float>(), b, a.format<int>().select<32, 1>(0));
#endif
#ifdef BAD_TYPES
  // TYPES: dpas-systolic.cpp:[[@LINE+1]]:7: error: {{.*}}cm_dpas: this combination of source formats and accumulator type
  c = cm_dpas<CM_PRECISION_S8, CM_PRECISION_S8, 8, 8>(c.format<float>(), b, a.format<int>());
#endif
  write(c_buf, 0, c.format<float>().select<32, 1>(0));
  write(c_buf, 128, r.select<8, 1>(0));
}
