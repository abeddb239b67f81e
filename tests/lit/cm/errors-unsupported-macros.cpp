// Macros of Intel's cm.h for features this compiler does not implement are refused at the user's line with a
// sentence naming the macro and the reason (not an unknown identifier, not an error inside the headers).
// RUN: not %cmc -emit-llvm -S %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: errors-unsupported-macros.cpp:[[@LINE+1]]:24: error: _GENX_FLOAT_CONTROL_ is not supported by this compiler: kernels run with the default float control
extern "C" _GENX_MAIN_ _GENX_FLOAT_CONTROL_(CM_RTZ | CM_DENORM_ALLOW) void rounding(SurfaceIndex s) {}

// CHECK: errors-unsupported-macros.cpp:[[@LINE+1]]:24: error: _GENX_ROUNDING_MODE_ is not supported by this compiler
extern "C" _GENX_MAIN_ _GENX_ROUNDING_MODE_(CM_RTZ) void rounding2(SurfaceIndex s) {}

// CHECK: errors-unsupported-macros.cpp:[[@LINE+1]]:1: error: _CM_CALLABLE_ is not supported by this compiler: fast composition (callable kernels) is not implemented
_CM_CALLABLE_ void callee(vector<int, 8> v) {}

// CHECK: errors-unsupported-macros.cpp:[[@LINE+1]]:24: error: _SIMT16_ is not supported by this compiler: SIMT entry functions are not implemented
extern "C" _GENX_MAIN_ _SIMT16_ void simt(SurfaceIndex s) {}
// CHECK-NOT: cm_macros.h:{{[0-9]+}}:{{[0-9]+}}: error
