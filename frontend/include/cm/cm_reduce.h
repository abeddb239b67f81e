// Reductions of CM (cmlangspec §4.3): cm_sum, cm_prod, cm_reduced_min, cm_reduced_max.
//
// Form: cm_sum<R>(x, flag = _GENX_NOSAT) on a vector, matrix or their refs; the result is the scalar R (default:
// the usual arithmetic conversion of R and the element type, i.e. the promoted element type).
//
// Lowering (docs/cmc-compat.md §3): the input is first passed through genx.simdcf.predicate with the operation's
// identity (0 for sum, 1 for prod, the type's maximum / minimum for reduced_min / reduced_max), so that inside a
// SIMD control-flow block the disabled channels do not contribute (genx-simdcf-lower turns the predicate into a
// select on the execution mask; outside SIMD control flow it is the identity). Then a log tree: the two halves
// of the vector (genx.rdregion) are combined element-wise until two elements remain; the last combination saturates
// when the flag has SAT (genx.{xy}add.sat / mul.sat for integers, genx.sat / fptosi.sat / fptoui.sat for floats).
// Sums and products compute in the computation type C = R + element type (so a sum of uchar is exact in int);
// min and max compute in the element type. An element count that is not a power of two is split into its
// largest power of two and the rest, reduced separately and combined.
//
// The order of a floating-point sum is the tree's (the spec leaves it unspecified).
#pragma once
#ifndef __CM_HEADERS_CM_REDUCE_H
#define __CM_HEADERS_CM_REDUCE_H
#include <cm/cm_common.h>
#include <cm/cm_vector.h>
#include <cm/cm_math.h>

__CM_GENX_DECL(simdcf_predicate)

namespace __details {

// The operations: 0 sum, 1 product, 2 minimum, 3 maximum.
template <int _Op, typename _C, int _N> __CM_INLINE __cm_val<_C, _N> __cm_reduce_op(__cm_val<_C, _N> __a, __cm_val<_C, _N> __b) {
  if constexpr (_Op == 0)
    return __cm_wrap_add<_C, _N>(__a, __b);
  else if constexpr (_Op == 1)
    return __cm_wrap_mul<_C, _N>(__a, __b);
  else
    return __cm_minmax<_Op == 3, _C, _N>(__a, __b);
}

template <int _Op, typename _T> __CM_INLINE _T __cm_reduce_identity() {
  if constexpr (_Op == 0)
    return (_T)0;
  else if constexpr (_Op == 1)
    return (_T)1;
  else if constexpr (__cm_is_float<_T>)
    return _Op == 2 ? (_T)__builtin_inff() : (_T)-__builtin_inff();
  else if constexpr (__cm_is_signed<_T>) {
    constexpr _T __max = (_T)(((unsigned long long)1 << (sizeof(_T) * 8 - 1)) - 1);
    return _Op == 2 ? __max : (_T)(-__max - 1);
  } else
    return _Op == 2 ? (_T)~(_T)0 : (_T)0;
}

// The largest power of two not above N.
constexpr int __cm_pow2_floor(int __n) { return __n < 2 ? 1 : 2 * __cm_pow2_floor(__n / 2); }

// Reduces N elements to two, or to one when N is 1 (then `last` says whether a pair remains).
template <int _Op, typename _C, int _N> struct __cm_tree {
  static __CM_INLINE __cm_vec<_C, 2> __pair(__cm_vec<_C, _N> __v) {
    if constexpr (_N == 2)
      return __v;
    else if constexpr (_N == __cm_pow2_floor(_N)) {
      constexpr int _H = _N / 2;
      __cm_vec<_C, _H> __lo = __cm_region_read<_C, _H>(__v, 0, _H, 1, 0), __hi = __cm_region_read<_C, _H>(__v, 0, _H, 1, _H);
      return __cm_tree<_Op, _C, _H>::__pair(__cm_reduce_op<_Op, _C, _H>(__lo, __hi));
    } else {
      constexpr int _P = __cm_pow2_floor(_N), _Q = _N - _P;
      __cm_vec<_C, 2> __a = __cm_tree<_Op, _C, _P>::__pair(__cm_region_read<_C, _P>(__v, 0, _P, 1, 0));
      _C __b = __cm_tree<_Op, _C, _Q>::__one(__cm_region_read<_C, _Q>(__v, 0, _Q, 1, _P));
      __cm_vec<_C, 2> __with_b = {__cm_reduce_op<_Op, _C, 0>(__a[0], __b), __a[1]};
      return __with_b;
    }
  }
  static __CM_INLINE _C __one(__cm_vec<_C, _N> __v) {
    __cm_vec<_C, 2> __p = __pair(__v);
    return __cm_reduce_op<_Op, _C, 0>(__p[0], __p[1]);
  }
};
template <int _Op, typename _C> struct __cm_tree<_Op, _C, 1> {
  static __CM_INLINE _C __one(__cm_vec<_C, 1> __v) { return __v[0]; }
};

template <int _Op, typename _R, typename _X> __CM_INLINE _R __cm_reduce(const _X &__x, int __flag) {
  using _E = __cm_elem_of<_X>;
  constexpr int _N = __cm_count<_X>;
  static_assert(_N > 0, "reductions take a vector or a matrix");
  using _C = __cm_cond<(_Op < 2), __cm_common<_R, _E>, _E>;
  __cm_vec<_E, _N> __in = __x.__cm_read();
  if constexpr (_N > 1) {
    __cm_vec<_E, _N> __id = __cm_reduce_identity<_Op, _E>();
    __in = __cm_genx_simdcf_predicate<__cm_vec<_E, _N>>(__in, __id);
  }
  __cm_vec<_C, _N> __v = __cm_cvt<_C, _N>(__in);
  if constexpr (_N == 1)
    return __cm_convert<_R, 0, _C>(__v[0], __flag);
  else {
    __cm_vec<_C, 2> __p = __cm_tree<_Op, _C, _N>::__pair(__v);
    _C __last = __cm_reduce_op<_Op, _C, 0>(__p[0], __p[1]);
    if constexpr (_Op == 0 && __cm_is_int<_R> && __cm_is_int<_C>)
      return __cm_pick<_R, 0>(__flag, __cm_xy_add_sat<_R, __cm_is_signed<_R>, __cm_is_signed<_C>>(__p[0], __p[1]),
                             __cm_cvt<_R, 0>(__last));
    else if constexpr (_Op == 1 && __cm_is_int<_R> && __cm_is_int<_C> && sizeof(_C) < 8)
      return __cm_pick<_R, 0>(__flag, __cm_xy_mul_sat<_R, __cm_is_signed<_R>, __cm_is_signed<_C>>(__p[0], __p[1]),
                             __cm_cvt<_R, 0>(__last));
    else
      return __cm_convert<_R, 0, _C>(__last, __flag);
  }
}

} // namespace __details

template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE __details::__cm_or<_R, __details::__cm_promote<__details::__cm_elem_of<_X>>> cm_sum(const _X &__x,
                                                                                    int __flag = _GENX_NOSAT) {
  return __details::__cm_reduce<0, __details::__cm_or<_R, __details::__cm_promote<__details::__cm_elem_of<_X>>>>(__x, __flag);
}

template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE __details::__cm_or<_R, __details::__cm_promote<__details::__cm_elem_of<_X>>> cm_prod(const _X &__x,
                                                                                     int __flag = _GENX_NOSAT) {
  return __details::__cm_reduce<1, __details::__cm_or<_R, __details::__cm_promote<__details::__cm_elem_of<_X>>>>(__x, __flag);
}

template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE __details::__cm_or<_R, __details::__cm_elem_of<_X>> cm_reduced_min(const _X &__x, int __flag = _GENX_NOSAT) {
  return __details::__cm_reduce<2, __details::__cm_or<_R, __details::__cm_elem_of<_X>>>(__x, __flag);
}

template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE __details::__cm_or<_R, __details::__cm_elem_of<_X>> cm_reduced_max(const _X &__x, int __flag = _GENX_NOSAT) {
  return __details::__cm_reduce<3, __details::__cm_or<_R, __details::__cm_elem_of<_X>>>(__x, __flag);
}

#endif
