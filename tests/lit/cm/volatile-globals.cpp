// _GENX_VOLATILE_ file-scope vectors and matrices (and _GENX_VOLATILE_BINDING_(n)) read and written in a kernel
// and in a subroutine: each global gets its plain vector type and the "genx_volatile" attribute, and every
// access is a genx.vload / genx.vstore of the whole global, with a region for a part of it (an element at a
// run-time index, a row, a select); a write under SIMD control flow is predicated as vload, select, vstore.
// The binaries for icllp and tgllp are built by language-binaries.test; tests/corpus/volatile_accumulator.cpp
// runs such a kernel on the CPU (frontend/tests/exec_corpus.rs). Refusals: errors-volatile-globals.cpp.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK-DAG: @acc = global <32 x float> zeroinitializer, align 128 #[[VOL:[0-9]+]]
_GENX_VOLATILE_ matrix<float, 4, 8> acc;
// CHECK-DAG: @hits = global <16 x i32> zeroinitializer, align 64 #[[BOUND:[0-9]+]]
_GENX_VOLATILE_BINDING_(1024) vector<int, 16> hits;

// The subroutine is inlined; its accesses are rewritten where they land.
_GENX_ void count(int i) {
  hits(i & 15) += 1;
  acc.row(i & 3) *= 0.5f;
}

// CHECK-LABEL: define spir_func void @volatile_globals(
// acc = 1.0f: a whole vstore.
// CHECK:     call void @llvm.genx.vstore.v32f32.p0v32f32(<32 x float> <float 1.000000e+00, {{.*}}>, <32 x float>* @acc)
// hits(i & 15) += 1: vload, an element at a run-time byte offset (index * 4), vstore.
// CHECK:     %[[H:.*]] = call <16 x i32> @llvm.genx.vload.v16i32.p0v16i32(<16 x i32>* @hits)
// CHECK:     call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %[[H]], i32 0, i32 1, i32 1, i16 %[[OFF:[^,]+]], i32 undef)
// CHECK:     call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %{{.*}}, i32 %{{.*}}, i32 0, i32 1, i32 1, i16 %[[OFF]], i32 undef, i1 true)
// CHECK:     call void @llvm.genx.vstore.v16i32.p0v16i32(
// acc.row(i & 3) *= 0.5f: a row of the matrix at a run-time offset.
// CHECK:     call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %{{.*}}, i32 0, i32 8, i32 1, i16 %{{.*}}, i32 undef)
// CHECK:     call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(
// CHECK:     call void @llvm.genx.vstore.v32f32.p0v32f32(
// Under SIMD_IF: the old value is vloaded and selected by the execution mask.
// CHECK:     %[[OLD:[^ ]*old]] = call <16 x i32> @llvm.genx.vload.v16i32.p0v16i32(<16 x i32>* @hits)
// CHECK-NEXT: %[[SEL:.*]] = select <16 x i1> %{{.*}}, <16 x i32> {{.*}}, <16 x i32> %[[OLD]]
// CHECK-NEXT: call void @llvm.genx.vstore.v16i32.p0v16i32(<16 x i32> %[[SEL]], <16 x i32>* @hits)
// CHECK-NOT: load {{.*}}@acc
// CHECK-NOT: store {{.*}}@hits
extern "C" _GENX_MAIN_ void volatile_globals(SurfaceIndex out [[type("buffer_t")]], int n) {
  acc = 1.0f;
  hits = 0;
  for (int i = 0; i < n; i++)
    count(i);
  SIMD_IF_BEGIN(hits > 1) {
    hits = 1;
  }
  SIMD_IF_END;
  write(out, 0, acc.select<2, 1, 8, 1>(0, 0));
  write(out, 64, hits);
}

// CHECK-DAG: attributes #[[VOL]] = { "genx_volatile" }
// CHECK-DAG: attributes #[[BOUND]] = { "genx_byte_offset"="1024" "genx_volatile" }
