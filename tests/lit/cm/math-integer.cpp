// Integer builtins: cm_avg and cm_shl pick the genx.{xy}avg[.sat] / {xy}shl[.sat] variant by the signedness of
// result (x) and promoted operands (y); the right shifts are LLVM shifts of the promoted value read as signed
// (asr), unsigned (lsr) or as it is (shr), by the count's low bits; the bit builtins map on genx.lzd, cbit, fbl,
// sfbh/ufbh (by signedness), bfrev, sbfe/ubfe and bfi; cm_dp2/3/4 on genx.dp2/dp3/dp4; cm_pack_mask shifts each
// element's low bit into place and ORs halves (rdregion) together, cm_unpack_mask shifts them back out.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @avg_shift(
// CHECK: [[A:%.*]] = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %buf, i32 0)
// CHECK: [[B:%.*]] = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %buf, i32 2)
// CHECK: [[U:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 4)
// CHECK: [[N:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 6)
// CHECK: [[AW:%.*]] = sext <16 x i16> [[A]] to <16 x i32>
// CHECK: [[BW:%.*]] = sext <16 x i16> [[B]] to <16 x i32>
// CHECK: [[AVG:%.*]] = call <16 x i16> @llvm.genx.ssavg.sat.v16i16.v16i32(<16 x i32> [[AW]], <16 x i32> [[BW]])
// CHECK: call void @llvm.genx.oword.st.v16i16(i32 %buf, i32 8, <16 x i16> [[AVG]])
// CHECK: [[UAVG:%.*]] = call <8 x i32> @llvm.genx.uuavg.v8i32.v8i32(<8 x i32> [[U]], <8 x i32> [[N]])
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 10, <8 x i32> [[UAVG]])
// CHECK: [[SHLSAT:%.*]] = call <16 x i16> @llvm.genx.uushl.sat.v16i16.v16i32(<16 x i32> {{%.*}}, <16 x i32> <i32 3,
// CHECK: call void @llvm.genx.oword.st.v16i16(i32 %buf, i32 12, <16 x i16> [[SHLSAT]])
// CHECK: [[SHL:%.*]] = call <8 x i32> @llvm.genx.uushl.v8i32.v8i32(<8 x i32> [[U]], <8 x i32> [[N]])
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 14, <8 x i32> [[SHL]])
// CHECK: [[COUNT:%.*]] = and <8 x i32> [[N]], <i32 31,
// CHECK: [[ASR:%.*]] = ashr <8 x i32> [[U]], [[COUNT]]
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 16, <8 x i32> [[ASR]])
// CHECK: [[LSR:%.*]] = lshr <8 x i32> [[U]], [[COUNT]]
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 18, <8 x i32> [[LSR]])
// CHECK: [[SHR:%.*]] = lshr <8 x i32> [[U]], <i32 2,
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 20, <8 x i32> [[SHR]])
extern "C" _GENX_MAIN_ void avg_shift(SurfaceIndex buf) {
  vector<short, 16> a, b;
  vector<uint, 8> u, n;
  read(buf, 0, a);
  read(buf, 32, b);
  read(buf, 64, u);
  read(buf, 96, n);
  write(buf, 128, cm_avg<short>(a, b, SAT));
  write(buf, 160, cm_avg(u, n));
  write(buf, 192, cm_shl<ushort>(u.replicate<2>(), 3, SAT));
  write(buf, 224, cm_shl(u, n));
  vector<int, 8> s = u;
  write(buf, 256, cm_asr(s, n));
  write(buf, 288, cm_lsr(s, n));
  write(buf, 320, cm_shr(u, 2));
}

// CHECK-LABEL: define spir_func void @bits(
// CHECK: [[U:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
// CHECK: [[S:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
// CHECK: call <8 x i32> @llvm.genx.lzd.v8i32(<8 x i32> [[U]])
// CHECK: call <8 x i32> @llvm.genx.cbit.v8i32.v8i32(<8 x i32> [[S]])
// CHECK: call <8 x i32> @llvm.genx.fbl.v8i32(<8 x i32> [[U]])
// CHECK: call <8 x i32> @llvm.genx.sfbh.v8i32(<8 x i32> [[S]])
// CHECK: call <8 x i32> @llvm.genx.ufbh.v8i32(<8 x i32> [[U]])
// CHECK: call <8 x i32> @llvm.genx.bfrev.v8i32(<8 x i32> [[U]])
// CHECK: call <8 x i32> @llvm.genx.sbfe.v8i32(<8 x i32> <i32 4, {{.*}}>, <8 x i32> <i32 8, {{.*}}>, <8 x i32> [[S]])
// CHECK: call <8 x i32> @llvm.genx.bfi.v8i32(<8 x i32> <i32 4, {{.*}}>, <8 x i32> <i32 8, {{.*}}>, <8 x i32> <i32 5, {{.*}}>, <8 x i32> [[U]])
extern "C" _GENX_MAIN_ void bits(SurfaceIndex buf) {
  vector<uint, 8> u;
  vector<int, 8> s;
  read(buf, 0, u);
  read(buf, 32, s);
  write(buf, 64, cm_lzd(u));
  write(buf, 96, cm_cbit(s));
  write(buf, 128, cm_fbl(u));
  write(buf, 160, cm_fbh(s));
  write(buf, 192, cm_fbh(u));
  write(buf, 224, cm_bf_reverse(u));
  write(buf, 256, cm_bf_extract(4, 8, s));
  write(buf, 288, cm_bf_insert(4, 8, 5u, u));
}

// CHECK-LABEL: define spir_func void @dots(
// CHECK: [[A:%.*]] = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 0)
// CHECK: [[B:%.*]] = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %buf, i32 2)
// CHECK: [[DP2:%.*]] = call <8 x float> @llvm.genx.dp2.v8f32(<8 x float> [[A]], <8 x float> [[B]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 4, <8 x float> [[DP2]])
// CHECK: [[DP3:%.*]] = call <8 x float> @llvm.genx.dp3.v8f32(<8 x float> [[A]], <8 x float> [[B]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 6, <8 x float> [[DP3]])
// CHECK: [[DP4:%.*]] = call <8 x float> @llvm.genx.dp4.v8f32(<8 x float> [[A]], <8 x float> <float 2.000000e+00,
// CHECK: [[DP4SAT:%.*]] = call <8 x float> @llvm.genx.sat.v8f32(<8 x float> [[DP4]])
// CHECK: call void @llvm.genx.oword.st.v8f32(i32 %buf, i32 8, <8 x float> [[DP4SAT]])
extern "C" _GENX_MAIN_ void dots(SurfaceIndex buf) {
  vector<float, 8> a, b;
  read(buf, 0, a);
  read(buf, 32, b);
  write(buf, 64, cm_dp2(a, b));
  write(buf, 96, cm_dp3(a, b));
  write(buf, 128, cm_dp4(a, 2.0f, SAT));
}

// CHECK-LABEL: define spir_func void @masks(
// CHECK: [[M:%.*]] = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %buf, i32 0)
// CHECK: [[W:%.*]] = zext <16 x i16> [[M]] to <16 x i32>
// CHECK: [[LOW:%.*]] = and <16 x i32> [[W]], <i32 1,
// CHECK: [[BITS:%.*]] = shl <16 x i32> [[LOW]], <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
// CHECK: [[H0:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> [[BITS]], i32 0, i32 8, i32 1, i16 0, i32 16)
// CHECK: [[H1:%.*]] = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> [[BITS]], i32 0, i32 8, i32 1, i16 32, i32 16)
// CHECK: or <8 x i32> [[H0]], [[H1]]
// CHECK: lshr <16 x i32> {{%.*}}, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
// CHECK: and <16 x i32> {{%.*}}, <i32 1,
extern "C" _GENX_MAIN_ void masks(SurfaceIndex buf, uint m) {
  vector<ushort, 16> v;
  read(buf, 0, v);
  vector<uint, 4> r = cm_pack_mask(v);
  write(buf, 32, r);
  write(buf, 64, cm_unpack_mask<ushort, 16>(m));
}
