// cm_addc / cm_subb / cm_imul return two values: the headers call genx.addc / subb / uimad (simad when an operand
// is signed) through a neutral call whose C++ result is a two-field struct returned through sret
// (cm_common.h convention 3).
// FIXME(issue 6): genx-cm-lower does not yet bind a *named* struct result (`%"struct.details::__cm_pair"`, the
// only kind clang emits) to the intrinsic's literal `{carry, sum}` / `{high, low}`, so these builtins are refused
// today. This test pins the refusal; when the pass converts the struct, it becomes a FileCheck of
// `call { <8 x i32>, <8 x i32> } @llvm.genx.addc...` and the builtins join frontend/tests/exec_math.rs.
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | %FileCheck %s
// CHECK: math-carry.cpp:[[@LINE+10]]:{{[0-9]+}}: error: genx-cm-lower: in function 'carries'{{.*}}'llvm.genx.addc' requires {
// CHECK: math-carry.cpp:[[@LINE+10]]:{{[0-9]+}}: error: genx-cm-lower: in function 'carries'{{.*}}'llvm.genx.subb' requires {
// CHECK: math-carry.cpp:[[@LINE+10]]:{{[0-9]+}}: error: genx-cm-lower: in function 'carries'{{.*}}'llvm.genx.uimad' requires {

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
