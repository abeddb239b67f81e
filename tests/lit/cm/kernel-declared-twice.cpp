// A kernel declared before its definition, both with _GENX_MAIN_ (clang annotates it twice), is one kernel.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

extern "C" _GENX_MAIN_ void k(int *p [[type("svmptr_t")]]);

extern "C" _GENX_MAIN_ void k(int *p [[type("svmptr_t")]]) { *p = 1; }

// CHECK: !genx.kernels = !{![[K:[0-9]+]]}
// CHECK: ![[K]] = !{void (i32*)* @k, !"k",
