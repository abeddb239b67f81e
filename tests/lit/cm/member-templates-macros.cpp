// CM member templates without `template` on dependent objects where a macro writes the member access: in the
// macro's definition (found by the scan), through a macro naming the member (`#define SEL select`), and through
// a macro parameter (`REGION(v, select, 4)`): the last two are found from clang's errors and their "expanded
// from macro" notes, and the keyword goes where the access is spelled, in this file. The same source read from
// standard input (`cmc -x cm -`) compiles to the same IR. A remaining error is reported at the user's own
// line and column, from a file and from stdin; debug columns are the user's.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: cat %s | %cmc -x cm - -emit-llvm -S -o %t.stdin.ll
// RUN: sed 's/source_filename = .*//; s/^; ModuleID.*//' %t.ll > %t.file.ll
// RUN: sed 's/source_filename = .*//; s/^; ModuleID.*//' %t.stdin.ll | diff %t.file.ll -
// RUN: sed 's/^  out += v.SEL<4, 1>(4);$/  out += v.SEL<4, 1>(4) + bad;/' %s > %t.bad.cpp
// RUN: not %cmc -emit-llvm -S %t.bad.cpp -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD -DFILE=%t.bad.cpp
// RUN: cat %t.bad.cpp | not %cmc -x cm - -emit-llvm -S -o %t.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD -DFILE='<stdin>'
// RUN: %cmc -g -emit-llvm -S %s -o - | FileCheck %s --check-prefix=DBG
// RUN: cat %s | %cmc -g -x cm - -emit-llvm -S -o - | FileCheck %s --check-prefix=DBG
// BAD: [[FILE]]:[[#BAD_LINE:]]:27: error: use of undeclared identifier 'bad'
// BAD-NEXT: {{^}}  out += v.SEL<4, 1>(4) + bad;{{$}}
// BAD-NEXT: {{^}}                          ^{{$}}
// BAD-NOT: template

#define FIRST4(obj) obj.select<4, 1>(0)
#define SEL select
#define REGION(obj, op, n) obj.op<n, 1>(0)
#define AS_SHORT(obj) obj.format<short>()

// CHECK-LABEL: define {{.*}}@macros(
// FIRST4(v): elements 0..3; v.SEL<4, 1>(4): elements 4..7; REGION(v, select, 4): 0..3 again (the same read,
// subtracted); AS_SHORT(v).SEL<4, 2>(0): every other short.
// CHECK:      %[[V:.*]] = call <8 x i32> @llvm.genx.oword.ld
// CHECK-NEXT: %[[A:.*]] = call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %[[V]], i32 0, i32 4, i32 1, i16 0,
// CHECK:      call <4 x i32> @llvm.genx.rdregioni.v4i32.v8i32.i16(<8 x i32> %[[V]], i32 0, i32 4, i32 1, i16 16,
// CHECK:      sub <4 x i32> %{{.*}}, %[[A]]
// CHECK:      call <4 x i16> @llvm.genx.rdregioni.v4i16.v16i16.i16(<16 x i16> %{{.*}}, i32 0, i32 4, i32 2, i16 0,
template <typename T, int N> void take4(vector_ref<T, N> v, vector_ref<T, 4> out) {
  out = FIRST4(v);
  // DBG: !DILocation(line: [[#@LINE+1]], column: 12,
  out += v.SEL<4, 1>(4);
  out -= REGION(v, select, 4);
  out += AS_SHORT(v).SEL<4, 2>(0);
}

extern "C" _GENX_MAIN_ void macros(SurfaceIndex s) {
  vector<int, 8> v;
  read(s, 0, v);
  vector<int, 4> o;
  take4(v, o);
  write(s, 0, o);
}
