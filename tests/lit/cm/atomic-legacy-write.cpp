// The pre-write_atomic DWORD atomic form: write(idx, ATOMIC_<op>, global_offset, element_offset [, src0
// [, src1]], ret), offsets in dwords (bytes = (global + element) * 4), `ret` receiving the old values or NULL.
// ATOMIC_<op> selects the operation at compile time (it is a constant of its own type).
// REQUIRES: ocloc, llvm-spirv
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// RUN: %cmc -march=icllp %s -o %t.icllp.bin && %cmc -march=tgllp %s -o %t.tgllp.bin
// RUN: %cmc inspect %t.icllp.bin %t.tgllp.bin | FileCheck %s --check-prefix=BIN
// RUN: not %cmc -emit-llvm -S -DWRONG %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRONG
// BIN-COUNT-2: kernel legacy_atomics

// CHECK-LABEL: define {{.*}}@legacy_atomics(
// CHECK: %[[OFF:[^ ]+]] = mul <8 x i32> %{{[^,]+}}, <i32 4,
// CHECK: %[[OLD:[^ ]+]] = call <8 x i32> @llvm.genx.dword.atomic2.inc.v8i32.v8i1(<8 x i1> <i1 true, {{.*}}>, i32 %bins, <8 x i32> %[[OFF]])
// CHECK: call <8 x i32> @llvm.genx.dword.atomic2.add.v8i32.v8i1.v8i32(<8 x i1> <i1 true, {{.*}}>, i32 %bins, <8 x i32> %{{[^,]+}}, <8 x i32> <i32 5,
// CHECK: call <8 x i32> @llvm.genx.dword.atomic2.cmpxchg.v8i32.v8i1(<8 x i1> <i1 true, {{.*}}>, i32 %bins, <8 x i32> %{{[^,]+}}, <8 x i32> <i32 5, {{.*}}>, <8 x i32> %[[OLD]])
extern "C" _GENX_MAIN_ void legacy_atomics(SurfaceIndex in, SurfaceIndex bins) {
  vector<uint, 8> bin, old, swapped, five = 5;
  read(in, 0, bin);
  write(bins, ATOMIC_INC, 16, bin, old);
  write(bins, ATOMIC_ADD, 0, bin, five, NULL);
  write(bins, ATOMIC_CMPXCHG, 0, bin, five, old, swapped);
  write(in, 32, swapped);
#ifdef WRONG
  // WRONG: error: static_assert failed{{.*}}the operation's sources, then the result or NULL
  // WRONG: atomic-legacy-write.cpp:[[@LINE+1]]:3: note: in instantiation of function template specialization 'write<2,
  write(bins, ATOMIC_INC, 0, bin, five, old);
#endif
}
