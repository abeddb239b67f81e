// write_atomic<OP>([mask,] idx, element_offset [, src0 [, src1]] [, ret]): genx.dword.atomic2.<op> with the
// element offsets (dwords) scaled to bytes, all lanes enabled or the mask's low bits, the sources the operation
// takes (none for INC/DEC, two for CMPXCHG), and the old values stored into `ret` when it is given.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s

#include <cm/cm.h>

// CHECK-LABEL: define spir_func void @atomics(i32 %buf)
// CHECK: [[OFF:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 0)
// CHECK: [[SRC:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 2)
// CHECK: [[ISRC:%.*]] = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %buf, i32 4)
// CHECK: [[BYTES:%.*]] = mul <8 x i32> [[OFF]], <i32 4,
// CHECK: call <8 x i32> @llvm.genx.dword.atomic2.inc.v8i32.v8i1(<8 x i1> <i1 true, {{.*}}>, i32 %buf, <8 x i32> [[BYTES]])
// CHECK: [[OLD:%.*]] = call <8 x i32> @llvm.genx.dword.atomic2.add.v8i32.v8i1.v8i32(<8 x i1> <i1 true, {{.*}}>, i32 %buf, <8 x i32> [[BYTES]], <8 x i32> [[SRC]])
// CHECK: [[IOLD:%.*]] = call <8 x i32> @llvm.genx.dword.atomic2.imax.v8i32.v8i1.v8i32(<8 x i1> <i1 true, {{.*}}>, i32 %buf, <8 x i32> [[BYTES]], <8 x i32> [[ISRC]])
// CHECK: [[PRED:%.*]] = icmp ne <8 x i16> {{%.*}}, zeroinitializer
// CHECK: call <8 x i32> @llvm.genx.dword.atomic2.cmpxchg.v8i32.v8i1(<8 x i1> [[PRED]], i32 %buf, <8 x i32> [[BYTES]], <8 x i32> [[SRC]], <8 x i32> [[OLD]])
// CHECK: [[DEC:%.*]] = call <8 x i32> @llvm.genx.dword.atomic2.dec.v8i32.v8i1(<8 x i1> <i1 true, {{.*}}>, i32 %buf, <8 x i32> [[BYTES]])
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> [[DEC]])
// CHECK: call void @llvm.genx.oword.st.v8i32(i32 %buf, i32 8, <8 x i32> [[IOLD]])
extern "C" _GENX_MAIN_ void atomics(SurfaceIndex buf) {
  vector<uint, 8> off, src, ret;
  vector<int, 8> isrc, iret;
  read(buf, 0, off);
  read(buf, 32, src);
  read(buf, 64, isrc);
  write_atomic<ATOMIC_INC>(buf, off);
  write_atomic<ATOMIC_ADD>(buf, off, src, ret);
  write_atomic<ATOMIC_MAXSINT>(buf, off, isrc, iret);
  vector<ushort, 8> mask = src > 3;
  write_atomic<ATOMIC_CMPXCHG>(mask, buf, off, src, ret, ret);
  write_atomic<ATOMIC_DEC>(buf, off, ret);
  write(buf, 96, ret);
  write(buf, 128, iret);
}
