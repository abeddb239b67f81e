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

namespace details {

// The operations: 0 sum, 1 product, 2 minimum, 3 maximum.
template <int Op, typename C, int N> __CM_INLINE __cm_val<C, N> __cm_reduce_op(__cm_val<C, N> a, __cm_val<C, N> b) {
  if constexpr (Op == 0)
    return __cm_wrap_add<C, N>(a, b);
  else if constexpr (Op == 1)
    return __cm_wrap_mul<C, N>(a, b);
  else
    return __cm_minmax<Op == 3, C, N>(a, b);
}

template <int Op, typename T> __CM_INLINE T __cm_reduce_identity() {
  if constexpr (Op == 0)
    return (T)0;
  else if constexpr (Op == 1)
    return (T)1;
  else if constexpr (__cm_is_float<T>)
    return Op == 2 ? (T)__builtin_inff() : (T)-__builtin_inff();
  else if constexpr (__cm_is_signed<T>) {
    constexpr T max = (T)(((unsigned long long)1 << (sizeof(T) * 8 - 1)) - 1);
    return Op == 2 ? max : (T)(-max - 1);
  } else
    return Op == 2 ? (T)~(T)0 : (T)0;
}

// The largest power of two not above N.
constexpr int __cm_pow2_floor(int n) { return n < 2 ? 1 : 2 * __cm_pow2_floor(n / 2); }

// Reduces N elements to two, or to one when N is 1 (then `last` says whether a pair remains).
template <int Op, typename C, int N> struct __cm_tree {
  static __CM_INLINE __cm_vec<C, 2> pair(__cm_vec<C, N> v) {
    if constexpr (N == 2)
      return v;
    else if constexpr (N == __cm_pow2_floor(N)) {
      constexpr int H = N / 2;
      __cm_vec<C, H> lo = __cm_region_read<C, H>(v, 0, H, 1, 0), hi = __cm_region_read<C, H>(v, 0, H, 1, H);
      return __cm_tree<Op, C, H>::pair(__cm_reduce_op<Op, C, H>(lo, hi));
    } else {
      constexpr int P = __cm_pow2_floor(N), Q = N - P;
      __cm_vec<C, 2> a = __cm_tree<Op, C, P>::pair(__cm_region_read<C, P>(v, 0, P, 1, 0));
      C b = __cm_tree<Op, C, Q>::one(__cm_region_read<C, Q>(v, 0, Q, 1, P));
      __cm_vec<C, 2> with_b = {__cm_reduce_op<Op, C, 0>(a[0], b), a[1]};
      return with_b;
    }
  }
  static __CM_INLINE C one(__cm_vec<C, N> v) {
    __cm_vec<C, 2> p = pair(v);
    return __cm_reduce_op<Op, C, 0>(p[0], p[1]);
  }
};
template <int Op, typename C> struct __cm_tree<Op, C, 1> {
  static __CM_INLINE C one(__cm_vec<C, 1> v) { return v[0]; }
};

template <int Op, typename R, typename X> __CM_INLINE R __cm_reduce(const X &x, int flag) {
  using E = __cm_elem_of<X>;
  constexpr int N = __cm_count<X>;
  static_assert(N > 0, "reductions take a vector or a matrix");
  using C = __cm_cond<(Op < 2), __cm_common<R, E>, E>;
  __cm_vec<E, N> in = x.__cm_read();
  if constexpr (N > 1) {
    __cm_vec<E, N> id = __cm_reduce_identity<Op, E>();
    in = __cm_genx_simdcf_predicate<__cm_vec<E, N>>(in, id);
  }
  __cm_vec<C, N> v = __cm_cvt<C, N>(in);
  if constexpr (N == 1)
    return __cm_convert<R, 0, C>(v[0], flag);
  else {
    __cm_vec<C, 2> p = __cm_tree<Op, C, N>::pair(v);
    C last = __cm_reduce_op<Op, C, 0>(p[0], p[1]);
    if constexpr (Op == 0 && __cm_is_int<R> && __cm_is_int<C>)
      return __cm_pick<R, 0>(flag, __cm_xy_add_sat<R, __cm_is_signed<R>, __cm_is_signed<C>>(p[0], p[1]),
                             __cm_cvt<R, 0>(last));
    else if constexpr (Op == 1 && __cm_is_int<R> && __cm_is_int<C> && sizeof(C) < 8)
      return __cm_pick<R, 0>(flag, __cm_xy_mul_sat<R, __cm_is_signed<R>, __cm_is_signed<C>>(p[0], p[1]),
                             __cm_cvt<R, 0>(last));
    else
      return __cm_convert<R, 0, C>(last, flag);
  }
}

} // namespace details

template <typename R = void, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE details::__cm_or<R, details::__cm_promote<details::__cm_elem_of<X>>> cm_sum(const X &x,
                                                                                    int flag = _GENX_NOSAT) {
  return details::__cm_reduce<0, details::__cm_or<R, details::__cm_promote<details::__cm_elem_of<X>>>>(x, flag);
}

template <typename R = void, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE details::__cm_or<R, details::__cm_promote<details::__cm_elem_of<X>>> cm_prod(const X &x,
                                                                                     int flag = _GENX_NOSAT) {
  return details::__cm_reduce<1, details::__cm_or<R, details::__cm_promote<details::__cm_elem_of<X>>>>(x, flag);
}

template <typename R = void, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE details::__cm_or<R, details::__cm_elem_of<X>> cm_reduced_min(const X &x, int flag = _GENX_NOSAT) {
  return details::__cm_reduce<2, details::__cm_or<R, details::__cm_elem_of<X>>>(x, flag);
}

template <typename R = void, typename X, typename = details::__cm_if<details::__cm_obj<X>>>
__CM_INLINE details::__cm_or<R, details::__cm_elem_of<X>> cm_reduced_max(const X &x, int flag = _GENX_NOSAT) {
  return details::__cm_reduce<3, details::__cm_or<R, details::__cm_elem_of<X>>>(x, flag);
}

#endif
