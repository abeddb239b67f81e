// CM member templates called without `template` on objects of dependent type, as cmc accepts them: select,
// replicate, format (vector and matrix shapes), iselect, on a vector, a reference and a matrix, also in an
// included user header; the regions are the same as with `template` written.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll
// A source written the standard way gives the same IR.
// RUN: sed 's/\.select</.template select</g; s/\.replicate</.template replicate</g; s/\.format</.template format</g; s/\.iselect</.template iselect</g' %s > %t.std.cpp
// RUN: cp %S/Inputs/dependent-members.h %t.h && sed -i 's/\.select</.template select</' %t.h
// RUN: sed -i 's|"Inputs/dependent-members.h"|"%t.h"|' %t.std.cpp
// RUN: %cmc -emit-llvm -S %t.std.cpp -o - | sed 's/source_filename = .*//; s/^; ModuleID.*//' > %t.std.ll
// RUN: sed 's/source_filename = .*//; s/^; ModuleID.*//' %t.ll | diff - %t.std.ll
// Debug locations name the user's columns (the call of select, not the rewritten text's).
// RUN: %cmc -g -emit-llvm -S %s -o - | FileCheck %s --check-prefix=DBG
// The binaries for icllp and tgllp: language-binaries.test.

#include "Inputs/dependent-members.h"

template <typename T, int N> void combine(vector<T, N> &in, vector<T, 8> &out, vector<ushort, 8> idx) {
  // DBG: !DILocation(line: [[#@LINE+1]], column: 12,
  out = in.select<8, 1>(0);
  out += in.replicate<2, 4>(1);
  matrix_ref<short, N / 4, 8> halves = in.format<short, N / 4, 8>();
  out += halves.select<1, 1, 8, 1>(0, 0);
  out += in.format<short>().select<8, 2>(0);
  out += in.iselect(idx);
}

template <typename M> void rows(M &m, vector<int, 8> &out) {
  out += m.select<2, 1, 4, 1>(1, 0).format<int>();
  out += m.row(3).replicate<2, 4>(0) * m.select<2, 2, 4, 1>(0, 0).format<int, 2, 4>();
}

// CHECK-LABEL: define dso_local spir_func void @dependent_members(
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %{{[^ ,]+}}, i32 0, i32 8, i32 1, i16 0, i32 undef)
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %{{[^ ,]+}}, i32 0, i32 4, i32 1, i16 4, i32 undef)
// CHECK: call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %{{[^ ,]+}}, i32 0, i32 8, i32 1, i16 0, i32 undef)
// CHECK: call <8 x i16> @llvm.genx.rdregioni.v8i16.v32i16.i16(<32 x i16> %{{[^ ,]+}}, i32 0, i32 8, i32 2, i16 0, i32 undef)
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.v8i16(<16 x i32> %{{[^ ,]+}}, i32 0, i32 1, i32 0, <8 x i16> %{{[^ ,]+}}, i32 undef)
// rows(): a 2x4 block from row 1, row 3 twice, rows 0 and 2.
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %{{[^ ,]+}}, i32 0, i32 8, i32 1, i16 16, i32 undef)
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v4i32.i16(<4 x i32> %{{[^ ,]+}}, i32 0, i32 4, i32 1, i16 0, i32 undef)
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %{{[^ ,]+}}, i32 8, i32 4, i32 1, i16 0, i32 undef)
// even_elements() from the header:
// CHECK: call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %{{[^ ,]+}}, i32 0, i32 8, i32 2, i16 0, i32 undef)
extern "C" _GENX_MAIN_ void dependent_members(int *io [[type("svmptr_t")]]) {
  vector<int, 16> v;
  cm_svm_block_read(io, v);
  vector<ushort, 8> idx;
  cm_svm_block_read((ushort *)(io + 16), idx);
  vector<int, 8> out;
  combine(v, out, idx);
  matrix<int, 4, 4> m = v;
  rows(m, out);
  out += even_elements(vector_ref<int, 16>(v));
  cm_svm_block_write(io, out);
}
