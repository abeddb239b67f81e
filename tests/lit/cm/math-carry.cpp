// cm_addc / cm_subb / cm_imul return two values: the headers call genx.addc / subb / uimad (simad when an operand
// is signed) through a neutral call whose C++ result is a two-field struct returned through sret
// (cm_common.h convention 3); genx-cm-lower calls the intrinsic with the literal struct the table names and stores
// the fields through the sret pointer: field 0 is the carry / borrow / high half.
// RUN: %cmc -emit-llvm -S %s -o - | %FileCheck %s
// CHECK-LABEL: define {{.*}}@carries(
// CHECK: [[ADD:%.*]] = call { <8 x i32>, <8 x i32> } @llvm.genx.addc.v8i32.v8i32(<8 x i32> [[A:%[^,]*]], <8 x i32> [[B:%[^)]*]])
// CHECK-DAG: [[CARRY:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[ADD]], 0
// CHECK-DAG: [[SUM:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[ADD]], 1
// CHECK: [[SUB:%.*]] = call { <8 x i32>, <8 x i32> } @llvm.genx.subb.v8i32.v8i32(<8 x i32> [[A]], <8 x i32> [[B]])
// CHECK-DAG: [[BORROW:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[SUB]], 0
// CHECK-DAG: [[DIFF:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[SUB]], 1
// CHECK: [[MUL:%.*]] = call { <8 x i32>, <8 x i32> } @llvm.genx.uimad.v8i32.v8i32(<8 x i32> [[A]], <8 x i32> [[B]], <8 x i32> zeroinitializer)
// CHECK-DAG: [[HI:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[MUL]], 0
// CHECK-DAG: [[LO:%.*]] = extractvalue { <8 x i32>, <8 x i32> } [[MUL]], 1
// CHECK: @llvm.genx.oword.st.v8i32(i32 %buf, i32 4, <8 x i32> [[SUM]])
// CHECK: @llvm.genx.oword.st.v8i32(i32 %buf, i32 6, <8 x i32> [[CARRY]])
// CHECK: @llvm.genx.oword.st.v8i32(i32 %buf, i32 8, <8 x i32> [[DIFF]])
// CHECK: @llvm.genx.oword.st.v8i32(i32 %buf, i32 10, <8 x i32> [[BORROW]])
// CHECK: @llvm.genx.oword.st.v8i32(i32 %buf, i32 12, <8 x i32> [[HI]])
// CHECK: @llvm.genx.oword.st.v8i32(i32 %buf, i32 14, <8 x i32> [[LO]])
// CHECK-NOT: __cm_genx

#include <cm/cm.h>

extern "C" _GENX_MAIN_ void carries(SurfaceIndex buf) {
  vector<uint, 8> a, b, carry, borrow, lo;
  read(buf, 0, a);
  read(buf, 32, b);
  vector<uint, 8> sum = cm_addc(a, b, carry);
  vector<uint, 8> diff = cm_subb(a, b, borrow);
  vector<uint, 8> hi = cm_imul(lo, a, b);
  write(buf, 64, sum);
  write(buf, 96, carry);
  write(buf, 128, diff);
  write(buf, 160, borrow);
  write(buf, 192, hi);
  write(buf, 224, lo);
}
