// cm_dp4a<R>(acc, a, b [, SAT]): per dword lane, acc plus the dot product of the four bytes of a and b, as
// genx.xydp4a (x = R's signedness, y = the accumulator's; .sat with SAT). DP4A exists from Xe-LP on
// (CM_HAS_DP4A): tgllp and acm-g10 compile it to binaries; on icllp (IGC 1.0.12504 aborts on it for Gen11) the
// call is refused at the user's line. Values: frontend/tests/exec_spec_text.rs.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -march=tgllp -emit-llvm -S %s -o - | FileCheck %s
// RUN: %cmc -march=tgllp %s -o %t.tgllp.bin && %cmc -march=acm-g10 %s -o %t.dg2.bin
// RUN: %cmc inspect %t.tgllp.bin %t.dg2.bin | FileCheck %s --check-prefix=BIN
// RUN: not %cmc -march=icllp %s -o %t.icllp.bin 2>&1 | FileCheck %s --check-prefix=GEN11
// RUN: not ls %t.icllp.bin
// BIN-COUNT-2: kernel dp4a_forms
// GEN11: math-dp4a.cpp:[[@LINE+13]]:17: error: cm_dp4a is not supported on this platform: DP4A exists from Xe-LP on (-march=tgllp and later)

// CHECK-LABEL: define {{.*}}@dp4a_forms(
// CHECK: call <8 x i32> @llvm.genx.ssdp4a.v8i32.v8i32.v8i32.v8i32(
// CHECK: call <8 x i32> @llvm.genx.ssdp4a.sat.v8i32.v8i32.v8i32.v8i32(
// CHECK: call <8 x i32> @llvm.genx.uudp4a.sat.v8i32.v8i32.v8i32.v8i32(
// CHECK: call <8 x i32> @llvm.genx.usdp4a.v8i32.v8i32.v8i32.v8i32(

extern "C" _GENX_MAIN_ void dp4a_forms(SurfaceIndex buf) {
  vector<int, 8> acc, a, b;
  read(buf, 0, acc);
  read(buf, 32, a);
  read(buf, 64, b);
  write(buf, 0, cm_dp4a<int>(acc, a, b));
  write(buf, 32, cm_dp4a<int>(acc, a, b, SAT));
  vector<uint, 8> uacc = acc;
  write(buf, 64, cm_dp4a<uint>(uacc, a, b, SAT));
  write(buf, 96, cm_dp4a<uint>(acc, a, b));
}
