// replicate on a matrix starts at element (i, j) (row-major: linear element i * C + j) with every form of the
// spec: <REP>(), <REP, W>(i, j), <REP, VS, W>(i, j), <REP, VS, W, HS>(i, j); one argument is the row (j = 0).
// Each is one rdregion of the matrix; a run-time (i, j) is the offset operand.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// A region that cannot fit is a located error.
// RUN: not %cmc -emit-llvm -S -DOUT_OF_BOUNDS %s -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BOUNDS

// CHECK-LABEL: define dso_local spir_func void @replicate_2d(
extern "C" _GENX_MAIN_ void replicate_2d(int *io [[type("svmptr_t")]], int i, int j) {
  matrix<int, 4, 4> m;
  cm_svm_block_read(io, m.format<int>());
  // CHECK: call <32 x i32> @llvm.genx.rdregioni.v32i32.v16i32.i16(<16 x i32> %[[M:[^ ,]+]], i32 0, i32 16, i32 1, i16 0, i32 undef)
  vector<int, 32> twice = m.replicate<2>();
  // (1, 2) is element 6: byte 24.
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %[[M]], i32 0, i32 4, i32 1, i16 24, i32 undef)
  vector<int, 8> a = m.replicate<2, 4>(1, 2);
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %[[M]], i32 1, i32 4, i32 1, i16 32, i32 undef)
  vector<int, 8> b = m.replicate<2, 1, 4>(2, 0);
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %[[M]], i32 4, i32 2, i32 2, i16 4, i32 undef)
  vector<int, 8> c = m.replicate<4, 4, 2, 2>(0, 1);
  // One argument: row 3, column 0 (element 12, byte 48).
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %[[M]], i32 0, i32 4, i32 1, i16 48, i32 undef)
  vector<int, 8> d = m.replicate<2, 4>(3);
  // Run-time start: (i * 4 + j) * 4 bytes.
  // CHECK: %[[O:[^ ]+]] = trunc i32 %{{[^ ]+}} to i16
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %[[M]], i32 2, i32 2, i32 1, i16 %[[O]], i32 undef)
  vector<int, 8> e = m.replicate<4, 2, 2>(i, j);
  // On a matrix reference (a 2x4 block of m).
  // CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %{{[^ ,]+}}, i32 0, i32 2, i32 1, i16 20, i32 undef)
  vector<int, 8> f = m.select<2, 1, 4, 1>(2, 0).replicate<4, 2>(1, 1);
#ifdef OUT_OF_BOUNDS
  // BOUNDS: replicate-matrix-2d.cpp:[[@LINE+1]]:{{[0-9]+}}: error: replicate is out of bounds
  vector<int, 8> g = m.replicate<2, 4>(3, 1);
#endif
  cm_svm_block_write(io, twice.select<8, 4>(0) + a + b + c + d + e + f);
}
