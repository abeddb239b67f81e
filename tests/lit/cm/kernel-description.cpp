// Kernels in !genx.kernels: the source name (extern "C" as is; a C++ template kernel demangled as cmc writes
// it), argument kinds (SurfaceIndex 2 and passed as its i32 index, SamplerIndex 1, others 0), [[type("...")]]
// descriptors, SLM size, barrier count; "CMGenxMain" on each kernel; _GENX_VOLATILE_BINDING_ globals (retyped to
// their vector, written with vstore);
// non-kernel functions (here one taking a vector_ref) are inlined and gone.
// RUN: %cmc -emit-llvm -S %s -o %t.ll
// RUN: FileCheck %s < %t.ll
// RUN: %cmc -passes=genx-verify %t.ll -S -o %t.verified.ll

// CHECK: @g = global <8 x i32> zeroinitializer, align 32 #[[GA:[0-9]+]]
_GENX_VOLATILE_BINDING_(32) vector<int, 8> g;

// CHECK-NOT: define {{.*}}@_Z3add
_GENX_ void add(vector_ref<int, 8> v, int k) { v += k; }

extern "C" _GENX_MAIN_ void plain(SurfaceIndex buf [[type("buffer_t")]], SamplerIndex smp,
                                  float *p [[type("svmptr_t")]], int n) {
  cm_slm_init(1024);
  vector<int, 8> v = n;
  add(v, buf.get_index() + smp.get_index());
  g = v;
  cm_barrier();
}

template <typename T, unsigned N> _GENX_MAIN_ void tmpl(T *p [[type("svmptr_t")]]) {
  vector<T, N> v = 0;
  cm_svm_block_write(p, v);
}
template void tmpl<int, 4>(int *);

// The kernel whose arguments changed type was rebuilt, after the others.
// CHECK-LABEL: define weak_odr dso_local spir_func void @_Z4tmplIiLj4EEvPT_(
// CHECK-SAME: #[[KT:[0-9]+]]
// CHECK-LABEL: define spir_func void @plain(i32 %buf, i32 %smp, float* %p, i32 %n)
// CHECK-SAME: #[[KA:[0-9]+]]
// CHECK: call void @llvm.genx.vstore.v8i32.p0v8i32(<8 x i32> %{{[^ ,]+}}, <8 x i32>* @g)
// CHECK: call void @llvm.genx.barrier()

// CHECK: attributes #[[GA]] = { "genx_byte_offset"="32" "genx_volatile" }
// CHECK: attributes #[[KT]] = {{{.*}}"CMGenxMain"
// CHECK: attributes #[[KA]] = {{{.*}}"CMGenxMain"
// CHECK: !genx.kernels = !{![[K1:[0-9]+]], ![[K2:[0-9]+]]}
// CHECK: ![[K1]] = !{void (i32, i32, float*, i32)* @plain, !"plain", ![[KINDS:[0-9]+]], i32 1024, ![[Z4:[0-9]+]], ![[Z4]], ![[DESCS:[0-9]+]], i32 0, i32 1}
// CHECK: ![[KINDS]] = !{i32 2, i32 1, i32 0, i32 0}
// CHECK: ![[Z4]] = !{i32 0, i32 0, i32 0, i32 0}
// CHECK: ![[DESCS]] = !{!"buffer_t", !"", !"svmptr_t", !""}
// CHECK: ![[K2]] = !{void (i32*)* @_Z4tmplIiLj4EEvPT_, !"tmpl<int, 4U>", ![[ZERO1:[0-9]+]], i32 0, ![[ZERO1]], ![[ZERO1]], ![[SVM:[0-9]+]], i32 0, i32 0}
// CHECK: ![[ZERO1]] = !{i32 0}
// CHECK: ![[SVM]] = !{!"svmptr_t"}
