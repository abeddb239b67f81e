// cm_wait / cm_signal (media walker thread dependencies): vISA WAIT up to Gen10 (signalling is implicit at thread
// end); from Gen11 on, Intel's cmc uses a software scoreboard this compiler does not implement, so the calls are
// refused at the user's line.
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -march=skl -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=skl %s -o %t.skl.bin && %cmc inspect %t.skl.bin | FileCheck %s --check-prefix=BIN
// RUN: not %cmc -march=icllp -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GEN11
// RUN: not %cmc -march=tgllp -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=GEN11
// BIN: kernel wavefront

// CHECK-LABEL: define {{.*}}@wavefront(
// CHECK: call void @llvm.genx.wait(i8 0)
// CHECK: call void @llvm.genx.media.st
extern "C" _GENX_MAIN_ void wavefront(SurfaceIndex img [[type("image2d_t read_write")]]) {
  // GEN11: thread-wait-signal.cpp:[[@LINE+1]]:3: error: cm_wait is not supported on this platform: Gen11 and later implement thread dependencies with a software scoreboard
  cm_wait();
  matrix<uchar, 8, 8> m;
  read(img, get_thread_origin_x() * 8, get_thread_origin_y() * 8, m);
  m += 1;
  write(img, get_thread_origin_x() * 8, get_thread_origin_y() * 8, m);
  // GEN11: thread-wait-signal.cpp:[[@LINE+1]]:3: error: cm_signal is not supported on this platform
  cm_signal();
}
