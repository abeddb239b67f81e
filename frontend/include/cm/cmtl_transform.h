// The register-only parts of the CM template library, included by <cm/cmtl.h>: the matrix transforms
// (cmlangspec §6.6), the iselect packing helpers (§6.4) and the SLM channel transposes (§6.3.2-3).
//
//   cmtl::MirrorVertical<T, H, W>(in, out)      out(i, j) = in(H-1-i, j)        (rows upside down)
//   cmtl::MirrorHorizontal_16x16<T>(in, out)    out(i, j) = in(i, 15-j)         (columns right to left)
//   cmtl::Rotate90_16x16<T>(in, out)            out(i, j) = in(15-j, i)         (90 degrees clockwise)
//   cmtl::Rotate180_16x16<T>(in, out)           out(i, j) = in(15-i, 15-j)
//   cmtl::Rotate270_16x16<T>(in, out)           out(i, j) = in(j, 15-i)         (270 degrees clockwise)
//   cmtl::Transpose_16x16<T>(in, out), Transpose_8x8<T>(in, out)   out(i, j) = in(j, i)
//   cmtl::ReverseTranspose_16x16<T>(in, out)    out(i, j) = in(15-j, 15-i)      (about the other diagonal)
//   cmtl::map<T, W>(in, out, mapping)           out[k] = in[mapping[k]], k and mapping[k] row-major indices of the
//                                               W x W matrices (the spec's 2x2 clockwise turn is {2, 0, 3, 1});
//                                               `Map` is the same (Intel's header spells it so)
//   cmtl::Pack<Tp, Tc, WD>(src1, src2, dst)     dst[i] = the Tc whose low half is src1[i], high half src2[i]
//   cmtl::UnPack / Unpack<Tp, Tc, WD>(dst1, dst2, src)   the inverse; UnpackSingle(dst, CMRT_LOC_FIRST or
//                                               CMRT_LOC_SECOND, src) one of the halves
//   cmtl::TransposeFromSLM<N>(dst, src)         dst[4k + c] = src[N c + k] (channel-planar RRR..GGG.. to RGBA..)
//   cmtl::TransposeToSLM<N>(dst, src)           dst[N c + k] = src[4k + c] (the inverse)
//   cmtl::cm_assert_range(v, lo, hi)            an emulation-mode check: on the device it does nothing, as with cmc
//                                               (Intel's cm_assert is empty outside CMRT_EMU)
//
// Algorithm: every transform is a row at a time, unrolled at compile time: a row of `out` is a row or a column of
// `in` (a direct region), reversed where the formula says so by an iselect with the constant indices n-1, ..., 0
// (a region read with constant per-element offsets). `in` and `out` must not overlap (as in the spec: "transforming it to a different output matrix").
// map is one iselect of all W x W elements with the run-time mapping.
// The arguments are matrices / vectors or references to them (select_all() as in the spec's examples, or the
// objects themselves); a wrong shape or element type is an error at the call.
#pragma once
#ifndef __CM_HEADERS_CMTL_TRANSFORM_H
#define __CM_HEADERS_CMTL_TRANSFORM_H
#include <cm/cm.h>
#include <cm/cmtl_io.h>

#define CMRT_LOC_FIRST 0
#define CMRT_LOC_SECOND 1

namespace cmtl {

// Whether `_X` is a matrix of _R x _C elements of _T (_T void: any element).
template <typename _T, int _R, int _C, typename _X> constexpr bool __cmtl_matrix_is() {
  using _D = __details::__cm_plain<_X>;
  if constexpr (!__details::__cm_obj<_X>)
    return false;
  else
    return __details::__cm_object_traits<_D>::__rows == _R && __details::__cm_rows_cols<_D>::__cols == _C &&
           (__details::__cm_is_same<_T, void>::__value || __details::__cm_is_same<_T, __details::__cm_elem_of<_D>>::__value);
}
template <typename _X> using __cmtl_elem = __details::__cm_elem_of<__details::__cm_plain<_X>>;
template <typename _X, typename _Y> constexpr bool __cmtl_same_elem() {
  if constexpr (__details::__cm_obj<_X> && __details::__cm_obj<_Y>)
    return __details::__cm_is_same<__cmtl_elem<_X>, __cmtl_elem<_Y>>::__value;
  else
    return false;
}

// The elements of `__v` last to first.
template <typename _T, int _N, typename _V> __CM_INLINE vector<_T, _N> __cmtl_reversed(const _V &__v) {
  vector<unsigned short, _N> __back;
  __back.__cm_write(__details::__cm_lane_iota<unsigned short, _N>());
  __back = (unsigned short)(_N - 1) - __back;
  vector<_T, _N> __copy = __v;
  return __copy.iselect(__back);
}

// A transform of a square _N x _N matrix: `_K` names the formula of the head of this file.
enum __cmtl_transform_kind { __cmtl_mirror_v, __cmtl_mirror_h, __cmtl_rot90, __cmtl_rot180, __cmtl_rot270, __cmtl_transpose, __cmtl_rev_transpose };

// Row _I of the transform, then the rows after it (unrolled at compile time: every region is direct).
template <int _K, int _I, typename _T, int _R, int _C>
__CM_INLINE void __cmtl_transform_rows(matrix<_T, _R, _C> &__src, matrix<_T, _R, _C> &__dst) {
  if constexpr (_K == __cmtl_mirror_v)
    __dst.row(_I) = __src.row(_R - 1 - _I);
  else if constexpr (_K == __cmtl_mirror_h)
    __dst.row(_I) = __cmtl_reversed<_T, _C>(__src.row(_I));
  else if constexpr (_K == __cmtl_rot90)
    __dst.row(_I) = __cmtl_reversed<_T, _R>(__src.column(_I));
  else if constexpr (_K == __cmtl_rot180)
    __dst.row(_I) = __cmtl_reversed<_T, _C>(__src.row(_R - 1 - _I));
  else if constexpr (_K == __cmtl_rot270)
    __dst.row(_I) = __src.column(_C - 1 - _I);
  else if constexpr (_K == __cmtl_transpose)
    __dst.row(_I) = __src.column(_I);
  else
    __dst.row(_I) = __cmtl_reversed<_T, _R>(__src.column(_C - 1 - _I));
  if constexpr (_I + 1 < _R)
    __cmtl_transform_rows<_K, _I + 1>(__src, __dst);
}

template <int _K, int _R, int _C, typename _X, typename _Y> __CM_INLINE void __cmtl_transform(const _X &__in, _Y &__out) {
  using _T = __cmtl_elem<_X>;
  matrix<_T, _R, _C> __src = __in;
  matrix<_T, _R, _C> __dst;
  __cmtl_transform_rows<_K, 0>(__src, __dst);
  __out = __dst;
}

#define __CMTL_SQUARE_TRANSFORM(__name, __kind, __n)                                                                  \
  template <typename _T = void, typename _X, typename _Y>                                                            \
  __CM_INLINE void __name(const _X &__in, _Y &&__out)                                                                \
      __attribute__((__diagnose_if__(!__cmtl_matrix_is<_T, __n, __n, _X>() || !__cmtl_matrix_is<_T, __n, __n, _Y>() || \
                                         !__cmtl_same_elem<_X, _Y>(),                                                 \
                                     "cmtl::" #__name ": in and out must be " #__n "x" #__n                           \
                                     " matrices (or matrix_refs) of the same element type T",                          \
                                     "error"))) {                                                                     \
    if constexpr (__cmtl_matrix_is<_T, __n, __n, _X>() && __cmtl_matrix_is<_T, __n, __n, _Y>() && __cmtl_same_elem<_X, _Y>()) \
      __cmtl_transform<__kind, __n, __n>(__in, __out);                                                                \
  }
__CMTL_SQUARE_TRANSFORM(MirrorHorizontal_16x16, __cmtl_mirror_h, 16)
__CMTL_SQUARE_TRANSFORM(Rotate90_16x16, __cmtl_rot90, 16)
__CMTL_SQUARE_TRANSFORM(Rotate180_16x16, __cmtl_rot180, 16)
__CMTL_SQUARE_TRANSFORM(Rotate270_16x16, __cmtl_rot270, 16)
__CMTL_SQUARE_TRANSFORM(Transpose_16x16, __cmtl_transpose, 16)
__CMTL_SQUARE_TRANSFORM(ReverseTranspose_16x16, __cmtl_rev_transpose, 16)
__CMTL_SQUARE_TRANSFORM(Transpose_8x8, __cmtl_transpose, 8)
#undef __CMTL_SQUARE_TRANSFORM

template <typename _T = void, int _H = 0, int _W = 0, typename _X, typename _Y>
__CM_INLINE void MirrorVertical(const _X &__in, _Y &&__out)
    __attribute__((__diagnose_if__(!__cmtl_block_ok<_T, _H, _W, _X>() || !__cmtl_same_elem<_X, _Y>() ||
                                       !__cmtl_matrix_is<void, __details::__cm_rows_cols<__details::__cm_plain<_X>>::__rows,
                                                         __details::__cm_rows_cols<__details::__cm_plain<_X>>::__cols, _Y>(),
                                   "cmtl::MirrorVertical<T, H, W>: in and out must be H x W matrices (or matrix_refs) "
                                   "of the same element type T",
                                   "error"))) {
  if constexpr (__cmtl_block_ok<_T, _H, _W, _X>() && __cmtl_same_elem<_X, _Y>()) {
    using _D = __details::__cm_plain<_X>;
    constexpr int _R = __details::__cm_rows_cols<_D>::__rows, _C = __details::__cm_rows_cols<_D>::__cols;
    if constexpr (__cmtl_matrix_is<void, _R, _C, _Y>())
      __cmtl_transform<__cmtl_mirror_v, _R, _C>(__in, __out);
  }
}

// out[k] = in[mapping[k]] over the row-major elements of two W x W matrices.
template <typename _T = void, int _W = 0, typename _X, typename _Y, typename _M>
__CM_INLINE void map(const _X &__in, _Y &&__out, const _M &__mapping)
    __attribute__((__diagnose_if__(!__cmtl_block_ok<_T, _W, _W, _X>() || !__cmtl_same_elem<_X, _Y>() ||
                                       __details::__cm_rows_cols<__details::__cm_plain<_X>>::__rows !=
                                           __details::__cm_rows_cols<__details::__cm_plain<_X>>::__cols ||
                                       __details::__cm_count<_X> != __details::__cm_count<_Y> ||
                                       __details::__cm_count<_X> != __details::__cm_count<_M>,
                                   "cmtl::map<T, W>(in, out, mapping): in and out must be W x W matrices (or "
                                   "matrix_refs) of the same element type T and mapping a vector of W*W indices",
                                   "error"))) {
  using _D = __details::__cm_plain<_X>;
  constexpr int _N = __details::__cm_count<_X>;
  if constexpr (__cmtl_block_ok<_T, _W, _W, _X>() && __cmtl_same_elem<_X, _Y>() && _N == __details::__cm_count<_Y> &&
                _N == __details::__cm_count<_M>) {
    vector<__details::__cm_elem_of<_D>, _N> __flat = __in;
    vector<unsigned short, _N> __from = __mapping;
    vector<__details::__cm_elem_of<_D>, _N> __mapped = __flat.iselect(__from);
    __out = __mapped;
  }
}
template <typename _T = void, int _W = 0, typename _X, typename _Y, typename _M>
__CM_INLINE void Map(const _X &__in, _Y &&__out, const _M &__mapping) {
  map<_T, _W>(__in, static_cast<_Y &&>(__out), __mapping);
}

// ---- Pack / Unpack (§6.4) ----------------------------------------------------------------------------------

// Whether (_P, _Cp, _WD) fit the packing vectors _A, _B (of _P) and _C (of _Cp): sizeof(_Cp) = 2 sizeof(_P), WD
// elements each.
template <typename _P, typename _Cp, int _WD, typename _A, typename _B, typename _C> constexpr bool __cmtl_pack_ok() {
  if constexpr (!__details::__cm_obj<_A> || !__details::__cm_obj<_B> || !__details::__cm_obj<_C>)
    return false;
  else
    return sizeof(_Cp) == 2 * sizeof(_P) && __details::__cm_count<_A> == _WD && __details::__cm_count<_B> == _WD &&
           __details::__cm_count<_C> == _WD && __details::__cm_is_same<__cmtl_elem<_A>, _P>::__value &&
           __details::__cm_is_same<__cmtl_elem<_B>, _P>::__value && __details::__cm_is_same<__cmtl_elem<_C>, _Cp>::__value;
}
#define __CMTL_PACK_DIAGNOSE(__name, __a, __b, __c)                                                                    \
  __attribute__((__diagnose_if__(!__cmtl_pack_ok<_P, _Cp, _WD, __a, __b, __c>(),                                     \
                                 "cmtl::" #__name "<Tpackd, Tcompst, WD>: the vectors must hold WD elements of "      \
                                 "Tpackd (the halves) and Tcompst (the packed), sizeof(Tcompst) = 2 sizeof(Tpackd)",  \
                                 "error")))

template <typename _P, typename _Cp, int _WD, typename _A, typename _B, typename _C>
__CM_INLINE void Pack(const _A &__src1, const _B &__src2, _C &&__dst) __CMTL_PACK_DIAGNOSE(Pack, _A, _B, _C) {
  if constexpr (__cmtl_pack_ok<_P, _Cp, _WD, _A, _B, _C>()) {
    vector<_P, 2 * _WD> __halves;
    __halves.template select<_WD, 2>(0) = __src1;
    __halves.template select<_WD, 2>(1) = __src2;
    __dst = __halves.template format<_Cp>();
  }
}
template <typename _P, typename _Cp, int _WD, typename _A, typename _B, typename _C>
__CM_INLINE void UnPack(_A &&__dst1, _B &&__dst2, const _C &__src) __CMTL_PACK_DIAGNOSE(UnPack, _A, _B, _C) {
  if constexpr (__cmtl_pack_ok<_P, _Cp, _WD, _A, _B, _C>()) {
    vector<_Cp, _WD> __packed = __src;
    __dst1 = __packed.template format<_P>().template select<_WD, 2>(0);
    __dst2 = __packed.template format<_P>().template select<_WD, 2>(1);
  }
}
template <typename _P, typename _Cp, int _WD, typename _A, typename _B, typename _C>
__CM_INLINE void Unpack(_A &&__dst1, _B &&__dst2, const _C &__src) __CMTL_PACK_DIAGNOSE(Unpack, _A, _B, _C) {
  UnPack<_P, _Cp, _WD>(static_cast<_A &&>(__dst1), static_cast<_B &&>(__dst2), __src);
}
template <typename _P, typename _Cp, int _WD, typename _A, typename _C>
__CM_INLINE void UnpackSingle(_A &&__dst, int __location, const _C &__src) __CMTL_PACK_DIAGNOSE(UnpackSingle, _A, _A, _C) {
  if constexpr (__cmtl_pack_ok<_P, _Cp, _WD, _A, _A, _C>()) {
    vector<_Cp, _WD> __packed = __src;
    if (__location == CMRT_LOC_FIRST)
      __dst = __packed.template format<_P>().template select<_WD, 2>(0);
    else
      __dst = __packed.template format<_P>().template select<_WD, 2>(1);
  }
}
#undef __CMTL_PACK_DIAGNOSE

// ---- SLM channel transposes (§6.3.2-3) ---------------------------------------------------------------------

// Channel-planar (RRR..GGG..) to interleaved (RGBA..) and back: element N c + k is element 4 k + c.
template <bool _ToSLM, int _N, typename _D, typename _S> __CM_INLINE void __cmtl_channel_transpose(_D &__dst, const _S &__src) {
  vector<unsigned, 4 * _N> __in = __src, __out;
  if constexpr (_ToSLM) {
    __out.template select<_N, 1>(0) = __in.template select<_N, 4>(0);
    __out.template select<_N, 1>(_N) = __in.template select<_N, 4>(1);
    __out.template select<_N, 1>(2 * _N) = __in.template select<_N, 4>(2);
    __out.template select<_N, 1>(3 * _N) = __in.template select<_N, 4>(3);
  } else {
    __out.template select<_N, 4>(0) = __in.template select<_N, 1>(0);
    __out.template select<_N, 4>(1) = __in.template select<_N, 1>(_N);
    __out.template select<_N, 4>(2) = __in.template select<_N, 1>(2 * _N);
    __out.template select<_N, 4>(3) = __in.template select<_N, 1>(3 * _N);
  }
  __dst = __out;
}
#define __CMTL_CHANNEL_TRANSPOSE(__name, __to_slm)                                                                    \
  template <int _N, typename _D, typename _S>                                                                        \
  __CM_INLINE void __name(_D &&__dst, const _S &__src)                                                               \
      __attribute__((__diagnose_if__(__details::__cm_count<_D> != 4 * _N || __details::__cm_count<_S> != 4 * _N,      \
                                     "cmtl::" #__name "<N>: dst and src must be vectors of N*4 uint", "error"))) {   \
    if constexpr (__details::__cm_count<_D> == 4 * _N && __details::__cm_count<_S> == 4 * _N)                       \
      __cmtl_channel_transpose<__to_slm, _N>(__dst, __src);                                                          \
  }
__CMTL_CHANNEL_TRANSPOSE(TransposeFromSLM, false)
__CMTL_CHANNEL_TRANSPOSE(TransposeToSLM, true)
#undef __CMTL_CHANNEL_TRANSPOSE

// ---- cm_assert_range -----------------------------------------------------------------------------------------

template <typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE void cm_assert_range(const _X &, float, float) {}

} // namespace cmtl

#endif
