// A kernel that touches most of the CM header library: vector and matrix operators, select / replicate / format /
// iselect / merge, oword / media block / scattered / atomic messages, math, reductions, printf, the sampler,
// SIMD control flow and cmtl.h. header_names.rs compiles it with every name of cm-user-macro-names.txt defined as
// a macro, so it must not spell one of those names itself (the test checks that).
#include <cm/cm.h>
#include <cm/cmtl.h>

// (No [[type("...")]] on the arguments: `type` is one of the defined names.)
extern "C" _GENX_MAIN_ void wide_coverage(SurfaceIndex buffer_surf, SurfaceIndex image_surf, SamplerIndex smp_index,
                                          SurfaceIndex out_surf, svmptr_t svm_addr) {
  vector<float, 16> fa;
  read(buffer_surf, 0, fa);
  vector<int, 16> ia = fa;
  matrix<int, 4, 8> mat;
  read(image_surf, 0, 0, mat);
  matrix_ref<int, 2, 4> corner = mat.select<2, 1, 4, 1>(1, 2);
  vector_ref<short, 32> halves = ia.format<short>();
  vector<int, 8> picked = ia.select<8, 2>(1) + mat.row(3) * 2 - corner.format<int>();
  vector<int, 16> rep = ia.replicate<2, 4, 8, 1>(0) + mat.replicate<4, 4>(1, 0);
  const ushort where_init[4] = {3, 1, 0, 2};
  vector<ushort, 4> where_at(where_init);
  vector<int, 4> gathered_vals = picked.iselect(where_at);
  picked.merge(ia.select<8, 1>(0), picked > 5);
  picked.select<4, 1>(4) = gathered_vals;
  halves(3) = (short)cm_sum<int>(picked);
  vector<float, 16> math_out = cm_sqrt(cm_abs(fa)) + cm_sin(fa) * cm_pow(fa, 2.0f) + cm_max<float>(fa, 1.0f);
  vector<int, 16> sat_out = cm_add<int>(ia, rep, SAT) + cm_shl<int>(ia, 2) + cm_avg<int>(ia, rep);
  vector<uint, 8> scatter_offs = (vector<uint, 8>(where_at.replicate<2>()) + 1) * 4;
  vector<int, 8> scatter_vals;
  read(buffer_surf, 0, scatter_offs, scatter_vals);
  write(out_surf, 0, scatter_offs, scatter_vals + picked);
  vector<uint, 8> atomic_old, atomic_src = 1;
  write_atomic<ATOMIC_ADD>(out_surf, scatter_offs, atomic_src, atomic_old);
  write(out_surf, ATOMIC_INC, 0, scatter_offs, atomic_old);
  SIMD_IF_BEGIN(fa > 0.5f)
    fa = math_out;
  SIMD_ELSE
    fa = -math_out;
  SIMD_IF_END
  matrix<float, 4, 16> texels;
  vector<float, 16> tex_u = fa * 0.01f, tex_v = fa * 0.02f;
  sample16(texels, CM_ABGR_ENABLE, image_surf, smp_index, tex_u, tex_v);
  cm_vector(seq_vals, int, 16, 0, 3);
  vector<int, 16> floors = cmtl::cm_floor<int>(fa) + seq_vals;
  vector<uint, 8> svm_vals;
  cm_svm_block_read(svm_addr, svm_vals);
  cm_svm_block_write(svm_addr + 64, svm_vals + 1);
  write(out_surf, 0, fa + texels.row(2));
  write(out_surf, 64, sat_out + floors);
  write(out_surf, 0, 8, mat);
  printf("lane %d: %f\n", ia(0), fa(0));
  cm_fence();
}
