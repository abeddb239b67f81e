// cm_sad2, cm_sada2, cm_lrp, cm_pln, and the dot products on each generation. SAD2 exists on Gen9 only (IGC
// refuses it from Gen11: GenXSubtarget::hasSad2Support), so icllp and tgllp compute the pair sums with absi and
// two stride-2 regions; LRP, LINE and DP4 exist up to Gen11 (IGC reports "INVALID opcode" for them on Xe-LP),
// so tgllp computes them with multiplies and adds; PLN exists on all three.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -march=skl -emit-llvm -S %s -o %t.skl.ll
// RUN: %cmc -march=icllp -emit-llvm -S %s -o %t.icllp.ll
// RUN: %cmc -march=tgllp -emit-llvm -S %s -o %t.tgllp.ll
// RUN: FileCheck %s --check-prefixes=CHECK,GEN9 < %t.skl.ll
// RUN: FileCheck %s --check-prefixes=CHECK,GEN11 < %t.icllp.ll
// RUN: FileCheck %s --check-prefixes=CHECK,XE < %t.tgllp.ll
// RUN: %cmc -passes=genx-verify %t.icllp.ll -S -o %t.verified.ll
// RUN: %cmc -passes=genx-verify %t.tgllp.ll -S -o %t.verified.ll
// RUN: %cmc -march=skl %s -o %t.skl.bin && %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin 2> %t.err
// RUN: %cmc inspect %t.skl.bin %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// RUN: not grep -i "INVALID opcode" %t.err
// BIN-COUNT-3: kernel legacy

// CHECK-LABEL: define {{.*}}@legacy(
// GEN9: @llvm.genx.usad2.v16i16.v16i8(<16 x i8>
// GEN9: @llvm.genx.uusad2add.sat.v16i16.v16i8(<16 x i8>
// GEN11-NOT: sad2
// GEN11: @llvm.genx.absi.v16i32(
// GEN11: @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %{{[^,]+}}, i32 0, i32 8, i32 2, i16 0,
// GEN11: @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %{{[^,]+}}, i32 0, i32 8, i32 2, i16 4,
// GEN9: @llvm.genx.lrp.v16f32(
// GEN11: @llvm.genx.lrp.v16f32(
// XE-NOT: @llvm.genx.lrp
// XE-NOT: @llvm.genx.dp4
// CHECK: @llvm.genx.pln.v16f32.v32f32(<4 x float>
// GEN11: @llvm.genx.dp4.v16f32(
extern "C" _GENX_MAIN_ void legacy(SurfaceIndex s, SurfaceIndex d) {
  vector<uchar, 16> p, q;
  read(s, 0, p);
  read(s, 16, q);
  vector<ushort, 16> sad = cm_sad2<ushort>(p, q);
  vector<ushort, 16> acc = cm_sada2<ushort>(p, q, sad, SAT);
  vector<float, 16> a, b, c;
  read(s, 64, a);
  read(s, 128, b);
  read(s, 192, c);
  vector<float, 16> l = cm_lrp<16>(a, b, c);
  vector<float, 4> coef = a.select<4, 1>(0);
  vector<float, 16> pl = cm_pln(coef, b, c);
  vector<float, 16> dot = cm_dp4<float>(a, b);
  write(d, 0, sad);
  write(d, 32, acc);
  write(d, 64, l);
  write(d, 128, pl);
  write(d, 192, dot);
}
