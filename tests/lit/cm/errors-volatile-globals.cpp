// _GENX_VOLATILE_ globals that cannot live in registers are refused at the user's line, naming the global and
// the reason: an address that escapes (here stored to memory), a type without one element type.
// RUN: not %cmc -march=icllp -emit-llvm -S %s -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -e %t.ll

_GENX_VOLATILE_ vector<int, 8> g;
struct pair { int count; float mean; };
_GENX_VOLATILE_ pair stats;

extern "C" _GENX_MAIN_ void escapes(svmptr_t slot [[type("svmptr_t")]]) {
  g = 1;
  // CHECK-DAG: errors-volatile-globals.cpp:[[@LINE+1]]:{{[0-9]+}}: error: genx-cm-lower: {{.*}}_GENX_VOLATILE_ global 'g' cannot be kept in registers: its address escapes: it is stored to memory
  *(int **)slot = &g(0);
  // CHECK-DAG: errors-volatile-globals.cpp:[[@LINE+1]]:{{[0-9]+}}: error: genx-cm-lower: {{.*}}_GENX_VOLATILE_ global 'stats' cannot be kept in registers: its type mixes base types i32 and float
  stats.count = 2;
  stats.mean = 0.5f;
}
