// cm_bfn<F>(s0, s1, s2) (cmlangspec §4.3): F is an expression of BFN_X, BFN_Y, BFN_Z (s0, s1, s2) whose BFNT
// operators compute the truth table (bit 4*x + 2*y + z). From Xe-HP on it is genx.bfn with the operands in the
// order s2, s1, s0 (vISA BFN indexes its table by src0 + 2*src1 + 4*src2); before, the minterms in and/or/not.
// Vectors of 32- and 16-bit elements and scalars. Values: frontend/tests/exec_spec_text.rs.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o - | FileCheck %s --check-prefix=MINTERMS
// RUN: %cmc -march=acm-g10 -emit-llvm -S %s -o - | FileCheck %s --check-prefix=BFN
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin && %cmc -march=acm-g10 %s -o %t.acm.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin %t.acm.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-3: kernel bfn

// MINTERMS-LABEL: define {{.*}}@bfn(
// MINTERMS-NOT: llvm.genx.bfn
// ~X & ~Y & ~Z is the one minterm (0, 0, 0).
// MINTERMS: [[NX:%.*]] = xor <8 x i32> [[X:%.*]], <i32 -1,
// MINTERMS: [[NY:%.*]] = xor <8 x i32> [[Y:%.*]], <i32 -1,
// MINTERMS: [[NZ:%.*]] = xor <8 x i32> [[Z:%.*]], <i32 -1,
// MINTERMS: [[XY:%.*]] = and <8 x i32> [[NX]], [[NY]]
// MINTERMS: and <8 x i32> [[XY]], [[NZ]]
// MINTERMS-NOT: llvm.genx.bfn

// BFN-LABEL: define {{.*}}@bfn(
// BFN: call <8 x i32> @llvm.genx.bfn.v8i32.v8i32(<8 x i32> [[C:%[^,]*]], <8 x i32> [[B:%[^,]*]], <8 x i32> [[A:%[^,]*]], i8 1)
// (X & Y) | (~X & Z) = 0xCA, X ^ Y = 0x3C
// BFN: call <16 x i16> @llvm.genx.bfn.v16i16.v16i16({{.*}}, i8 -54)
// BFN: call i32 @llvm.genx.bfn.i32.i32(i32 %c{{[^,]*}}, i32 %b{{[^,]*}}, i32 %a{{[^,]*}}, i8 60)

extern "C" _GENX_MAIN_ void bfn(SurfaceIndex buf) {
  vector<uint, 8> a, b, c;
  read(buf, 0, a);
  read(buf, 32, b);
  read(buf, 64, c);
  vector<uint, 8> d = cm_bfn<~BFN_X & ~BFN_Y & ~BFN_Z>(a, b, c);
  vector<short, 16> s =
      cm_bfn<(BFN_X & BFN_Y) | (~BFN_X & BFN_Z)>(a.format<short>(), b.format<short>(), c.format<short>());
  int x = cm_bfn<BFN_X ^ BFN_Y>(a(0), b(0), c(0));
  write(buf, 96, d + x);
  write(buf, 128, s);
}
