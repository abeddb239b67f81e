// [[type("...")]] takes one string literal and belongs on kernel arguments; anything else is a located error
// (the attribute is the front end's clang plugin's).
// RUN: not %cmc -emit-llvm -S %s -o - 2>&1 | FileCheck %s

// CHECK: errors-type-attribute.cpp:[[@LINE+1]]:3: error: 'type' attribute only applies to kernel arguments
[[type("buffer_t")]] int g;

// CHECK: errors-type-attribute.cpp:[[@LINE+1]]:70: error: 'type' attribute takes one string literal
extern "C" _GENX_MAIN_ void k(int *out [[type("svmptr_t")]], int n [[type(3)]]) {}
