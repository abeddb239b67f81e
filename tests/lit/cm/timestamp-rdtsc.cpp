// cm_rdtsc() (cmlangspec §4.3) reads the timestamp register as vector<uint, 4> (low and high halves of the 64-bit
// count, the context-switch bit, an unused word): genx.timestamp <4 x i32>; cm_clock() is its first two words.
// Both are calls with side effects (two reads are two calls, kept in order). IGC accepts them for icllp and tgllp.
// exec_compat.rs runs a kernel that reads them on the CPU (whose timestamp is undefined, so nothing checks it).
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// BIN-COUNT-2: kernel elapsed

// CHECK-LABEL: define {{.*}}@elapsed(
// CHECK: [[BEGIN:%[^ ]+]] = call <4 x i32> @llvm.genx.timestamp.v4i32()
// CHECK: call void @llvm.genx.oword.st
// CHECK: [[END:%[^ ]+]] = call <4 x i32> @llvm.genx.timestamp.v4i32()
// CHECK: [[CLOCK:%[^ ]+]] = call <4 x i32> @llvm.genx.timestamp.v4i32()
extern "C" _GENX_MAIN_ void elapsed(SurfaceIndex buf) {
  vector<uint, 4> begin = cm_rdtsc<uint>();
  vector<uint, 8> work;
  read(buf, 0, work);
  write(buf, 32, work * 3);
  vector<uint, 4> end = cm_rdtsc();
  vector<uint, 2> clock = cm_clock();
  vector<uint, 8> report = 0;
  report.select<4, 1>(0) = end - begin;
  report.select<2, 1>(4) = clock;
  write(buf, 64, report);
}
