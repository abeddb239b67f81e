// Math builtins of CM (cmlangspec §4.3): cm_add ... cm_unpack_mask, saturate<T>, and the operand helpers the
// other library headers share (cm_reduce.h, cm_memory.h).
//
// Forms. Every element-wise builtin takes vector, matrix, vector_ref, matrix_ref or scalar operands (any mix; the
// objects must agree on their element count), an optional leading template argument R, the result element type,
// and, where the spec has one, a trailing flag (_GENX_NOSAT or SAT). With an object operand the result is a
// vector<R, n> (a matrix operand gives a vector of its n elements); with scalars only it is a scalar R.
//
// Types. The operands are converted to a computation type C before the operation: C++'s usual arithmetic
// conversions of the operand element types for binary builtins (so uchar + uchar computes in int, int with uint in
// uint, anything with float in float), C++ integral promotion of the single operand for unary ones, float for
// the transcendental functions. Without R the result has type C. The result is then converted to R, with
// saturation when the flag has SAT (cmlangspec §2.1.2): to a floating R, genx.sat (clamp to [0, 1]); to an
// integer R from a floating C, genx.fptosi.sat / fptoui.sat; from an integer C, genx.{ss,su,us,uu}trunc.sat.
// cm_add / cm_mul / cm_avg / cm_shl with SAT on integers saturate in the operation itself
// (genx.{xy}add.sat, mul.sat, avg.sat, shl.sat: x = result signedness, y = operand signedness), which is the
// spec's "compute in infinite precision, then saturate".
//
// Lowering: the intrinsics of docs/cmc-compat.md §3, through the neutral calls of cm_common.h (convention 3). The flag
// is an ordinary `int` argument (user code passes the SAT macro); the saturating and plain forms are chosen by an
// element-wise select on it, which folds away when the flag is a constant (as it is after inlining).
//
// Not here: cm_dp4a/bfn/dpas and the other Xe-only builtins; the template library is cmtl.h.
#pragma once
#ifndef __CM_HEADERS_CM_MATH_H
#define __CM_HEADERS_CM_MATH_H
#include <cm/cm_common.h>
#include <cm/cm_vector.h>

#ifndef _GENX_NOSAT
#define _GENX_NOSAT 0
#endif
#ifndef _GENX_SAT
#define _GENX_SAT 1
#endif
#ifndef SAT
#define SAT _GENX_SAT
#endif

__CM_GENX_DECL(sat)
__CM_GENX_DECL(fptosi_sat)
__CM_GENX_DECL(fptoui_sat)
__CM_GENX_DECL(sstrunc_sat)
__CM_GENX_DECL(sutrunc_sat)
__CM_GENX_DECL(ustrunc_sat)
__CM_GENX_DECL(uutrunc_sat)
__CM_GENX_DECL(ssadd_sat)
__CM_GENX_DECL(suadd_sat)
__CM_GENX_DECL(usadd_sat)
__CM_GENX_DECL(uuadd_sat)
__CM_GENX_DECL(ssmul_sat)
__CM_GENX_DECL(sumul_sat)
__CM_GENX_DECL(usmul_sat)
__CM_GENX_DECL(uumul_sat)
__CM_GENX_DECL(ssavg)
__CM_GENX_DECL(suavg)
__CM_GENX_DECL(usavg)
__CM_GENX_DECL(uuavg)
__CM_GENX_DECL(ssavg_sat)
__CM_GENX_DECL(suavg_sat)
__CM_GENX_DECL(usavg_sat)
__CM_GENX_DECL(uuavg_sat)
__CM_GENX_DECL(ssshl)
__CM_GENX_DECL(sushl)
__CM_GENX_DECL(usshl)
__CM_GENX_DECL(uushl)
__CM_GENX_DECL(ssshl_sat)
__CM_GENX_DECL(sushl_sat)
__CM_GENX_DECL(usshl_sat)
__CM_GENX_DECL(uushl_sat)
__CM_GENX_DECL(absi)
__CM_GENX_DECL(absf)
__CM_GENX_DECL(smin)
__CM_GENX_DECL(umin)
__CM_GENX_DECL(fmin)
__CM_GENX_DECL(smax)
__CM_GENX_DECL(umax)
__CM_GENX_DECL(fmax)
__CM_GENX_DECL(inv)
__CM_GENX_DECL(sqrt)
__CM_GENX_DECL(rsqrt)
__CM_GENX_DECL(pow)
__CM_GENX_DECL(exp)
__CM_GENX_DECL(log)
__CM_GENX_DECL(sin)
__CM_GENX_DECL(cos)
__CM_GENX_DECL(rndd)
__CM_GENX_DECL(rndu)
__CM_GENX_DECL(rnde)
__CM_GENX_DECL(rndz)
__CM_GENX_DECL(frc)
__CM_GENX_DECL(dp2)
__CM_GENX_DECL(dp3)
__CM_GENX_DECL(dp4)
__CM_GENX_DECL(dph)
__CM_GENX_DECL(line)
__CM_GENX_DECL(ieee_sqrt)
__CM_GENX_DECL(ieee_div)
__CM_GENX_DECL(rol)
__CM_GENX_DECL(ror)
__CM_GENX_DECL(lzd)
__CM_GENX_DECL(cbit)
__CM_GENX_DECL(fbl)
__CM_GENX_DECL(sfbh)
__CM_GENX_DECL(ufbh)
__CM_GENX_DECL(bfi)
__CM_GENX_DECL(sbfe)
__CM_GENX_DECL(ubfe)
__CM_GENX_DECL(bfrev)
__CM_GENX_DECL(addc)
__CM_GENX_DECL(subb)
__CM_GENX_DECL(simad)
__CM_GENX_DECL(uimad)
__CM_GENX_DECL(ssad2)
__CM_GENX_DECL(usad2)
__CM_GENX_DECL(sssad2add)
__CM_GENX_DECL(susad2add)
__CM_GENX_DECL(ussad2add)
__CM_GENX_DECL(uusad2add)
__CM_GENX_DECL(sssad2add_sat)
__CM_GENX_DECL(susad2add_sat)
__CM_GENX_DECL(ussad2add_sat)
__CM_GENX_DECL(uusad2add_sat)
__CM_GENX_DECL(lrp)
__CM_GENX_DECL(pln)
__CM_GENX_DECL(rdregioni)
__CM_GENX_DECL(rdregionf)
__CM_GENX_DECL(wrregioni)
__CM_GENX_DECL(wrregionf)

namespace details {

// ---- type facts (no standard library in the CM environment; clang's type-trait builtins) -------------------

template <bool B, typename T = void> struct __cm_enable_if {};
template <typename T> struct __cm_enable_if<true, T> { using type = T; };
template <bool B, typename T = void> using __cm_if = typename __cm_enable_if<B, T>::type;

template <bool B, typename T, typename F> struct __cm_cond_t { using type = T; };
template <typename T, typename F> struct __cm_cond_t<false, T, F> { using type = F; };
template <bool B, typename T, typename F> using __cm_cond = typename __cm_cond_t<B, T, F>::type;

template <typename T> struct __cm_plain_t { using type = T; };
template <typename T> struct __cm_plain_t<const T> { using type = typename __cm_plain_t<T>::type; };
template <typename T> struct __cm_plain_t<volatile T> { using type = typename __cm_plain_t<T>::type; };
template <typename T> struct __cm_plain_t<T &> { using type = typename __cm_plain_t<T>::type; };
template <typename T> struct __cm_plain_t<T &&> { using type = typename __cm_plain_t<T>::type; };
template <typename T> using __cm_plain = typename __cm_plain_t<T>::type;

template <typename A, typename B> constexpr bool __cm_same = __is_same(A, B);
template <typename T> constexpr bool __cm_arithmetic = __is_arithmetic(T);

// Whether the target generation (the CM_GENX macro: 900 for Gen9, 1100 for Gen11, 1200 for Xe-LP, ...) is
// before `gen`: the one test of which instructions a platform has. Without CM_GENX, a current platform.
constexpr bool __cm_genx_before(int gen) {
#if defined(CM_GENX)
  return CM_GENX < gen;
#else
  return false;
#endif
}

// `R`, or `D` when R is void (the default of a builtin's optional result type).
template <typename R, typename D> using __cm_or = __cm_cond<__cm_same<R, void>, D, R>;

template <typename T> constexpr bool __cm_is_float = __is_floating_point(T);
template <typename T> constexpr bool __cm_is_int = __is_integral(T) && !__cm_same<T, bool>;
template <typename T> constexpr bool __cm_is_signed = __is_signed(T);

// C++ integral promotion, and the usual arithmetic conversions.
template <typename T> using __cm_promote = decltype(+T());
template <typename A, typename B> using __cm_common = decltype(A() + B());
template <typename T> using __cm_unsigned = __cm_cond<sizeof(__cm_promote<T>) == 8, unsigned long long, unsigned>;
template <typename T>
using __cm_float_of = __cm_cond<__cm_is_float<T>, T, float>;

// ---- operands: an object of the protocol (cm_common.h convention 2) or an arithmetic scalar ----------------

template <typename X, bool = cm_object_traits<X>::is_object> struct __cm_arg {
  static constexpr bool ok = __cm_arithmetic<X>;
  using elem = X;
  static constexpr int n = 0; // a scalar
};
template <typename X> struct __cm_arg<X, true> {
  static constexpr bool ok = true;
  using elem = typename cm_object_traits<X>::elem;
  static constexpr int n = cm_object_traits<X>::n;
};
template <typename X> using __cm_elem_of = typename __cm_arg<__cm_plain<X>>::elem;
template <typename X> constexpr int __cm_count = __cm_arg<__cm_plain<X>>::n;
template <typename X> constexpr bool __cm_ok = __cm_arg<__cm_plain<X>>::ok;
template <typename X> constexpr bool __cm_obj = __cm_ok<X> && (__cm_count<X> > 0);

// The element count of an operation on several operands: that of its objects (0 when all are scalars).
template <typename... X> struct __cm_width_t { static constexpr int n = 0; static constexpr bool agree = true; };
template <typename X, typename... Rest> struct __cm_width_t<X, Rest...> {
  static constexpr int a = __cm_count<X>, b = __cm_width_t<Rest...>::n;
  static constexpr int n = a ? a : b;
  static constexpr bool agree = __cm_width_t<Rest...>::agree && (a == 0 || b == 0 || a == b);
};
template <typename... X> constexpr int __cm_width = __cm_width_t<X...>::n;
template <typename... X> constexpr bool __cm_all_ok = (__cm_ok<X> && ...) && __cm_width_t<X...>::agree;

// A value of N elements of T: the storage vector, or the scalar T when N is 0.
template <typename T, int N> struct __cm_val_t { using type = __cm_vec<T, N>; };
template <typename T> struct __cm_val_t<T, 0> { using type = T; };
template <typename T, int N> using __cm_val = typename __cm_val_t<T, N>::type;

// What a builtin returns: vector<R, N>, or the scalar R.
template <typename R, int N> struct __cm_ret_t { using type = ::vector<R, N>; };
template <typename R> struct __cm_ret_t<R, 0> { using type = R; };
template <typename R, int N> using __cm_ret = typename __cm_ret_t<R, N>::type;

template <typename R, int N> __CM_INLINE __cm_ret<R, N> __cm_make(__cm_val<R, N> v) {
  if constexpr (N == 0)
    return v;
  else
    return ::vector<R, N>::__cm_from(v);
}

// Element conversion (C++ conversion semantics, no saturation).
template <typename T, int N, typename V> __CM_INLINE __cm_val<T, N> __cm_cvt(V v) {
  if constexpr (N == 0)
    return (T)v;
  else
    return __builtin_convertvector(v, __cm_vec<T, N>);
}

// a + b and a * b wrapping (CM integers wrap; C++ signed overflow must not reach LLVM as `nsw`).
template <typename C, int N> __CM_INLINE __cm_val<C, N> __cm_wrap_add(__cm_val<C, N> a, __cm_val<C, N> b) {
  if constexpr (__cm_is_int<C> && __cm_is_signed<C>) {
    using U = __cm_unsigned<C>;
    return __cm_cvt<C, N>(__cm_cvt<U, N>(a) + __cm_cvt<U, N>(b));
  } else
    return a + b;
}
template <typename C, int N> __CM_INLINE __cm_val<C, N> __cm_wrap_mul(__cm_val<C, N> a, __cm_val<C, N> b) {
  if constexpr (__cm_is_int<C> && __cm_is_signed<C>) {
    using U = __cm_unsigned<C>;
    return __cm_cvt<C, N>(__cm_cvt<U, N>(a) * __cm_cvt<U, N>(b));
  } else
    return a * b;
}

// Operand `x` as N elements of T (a scalar is broadcast when N > 0).
template <typename T, int N, typename X> __CM_INLINE __cm_val<T, N> __cm_operand(const X &x) {
  if constexpr (__cm_count<X> == 0) {
    __cm_val<T, N> v = (T)x;
    return v;
  } else {
    static_assert(__cm_count<X> == N, "operands of different element counts");
    return __cm_cvt<T, N>(x.__cm_read());
  }
}

// Stores `v` into an object (its whole value, converted to its element type) or into a scalar lvalue.
template <int N, typename X, typename V> __CM_INLINE void __cm_put(X &&dst, V v) {
  using D = __cm_plain<X>;
  if constexpr (__cm_count<D> == 0)
    dst = (__cm_elem_of<D>)v;
  else
    dst.__cm_write(__cm_cvt<__cm_elem_of<D>, N>(v));
}

// ---- signedness-dispatched intrinsics (x = result, y = operands) -------------------------------------------

#define __CM_XY_DISPATCH(helper, op)                                                                                \
  template <typename Ret, bool RS, bool OS, typename... A> __CM_INLINE Ret helper(A... a) {                         \
    if constexpr (RS && OS)                                                                                          \
      return __cm_genx_ss##op<Ret>(a...);                                                                            \
    else if constexpr (RS)                                                                                           \
      return __cm_genx_su##op<Ret>(a...);                                                                            \
    else if constexpr (OS)                                                                                           \
      return __cm_genx_us##op<Ret>(a...);                                                                            \
    else                                                                                                             \
      return __cm_genx_uu##op<Ret>(a...);                                                                            \
  }
__CM_XY_DISPATCH(__cm_xy_trunc_sat, trunc_sat)
__CM_XY_DISPATCH(__cm_xy_add_sat, add_sat)
__CM_XY_DISPATCH(__cm_xy_mul_sat, mul_sat)
__CM_XY_DISPATCH(__cm_xy_avg, avg)
__CM_XY_DISPATCH(__cm_xy_avg_sat, avg_sat)
__CM_XY_DISPATCH(__cm_xy_shl, shl)
__CM_XY_DISPATCH(__cm_xy_shl_sat, shl_sat)
__CM_XY_DISPATCH(__cm_xy_sad2add, sad2add)
__CM_XY_DISPATCH(__cm_xy_sad2add_sat, sad2add_sat)
#undef __CM_XY_DISPATCH

// Converts N elements of C to R, saturating when `sat` (cmlangspec §2.1.2).
template <typename R, int N, typename C> __CM_INLINE __cm_val<R, N> __cm_sat_to(__cm_val<C, N> x) {
  using RV = __cm_val<R, N>;
  if constexpr (__cm_is_float<R>)
    return __cm_genx_sat<RV>(__cm_cvt<R, N>(x));
  else if constexpr (__cm_is_float<C>) {
    if constexpr (__cm_is_signed<R>)
      return __cm_genx_fptosi_sat<RV>(x);
    else
      return __cm_genx_fptoui_sat<RV>(x);
  } else if constexpr (__cm_same<R, C>)
    return x;
  else
    return __cm_xy_trunc_sat<RV, __cm_is_signed<R>, __cm_is_signed<C>>(x);
}

// `sat` when the flag has SAT, else `plain`, chosen by an element-wise select on a splat of the flag (never a
// branch): with the constant flag of an inlined call the select folds away, and so does the unused intrinsic
// once genx-cm-lower has made it readnone.
template <int Size> struct __cm_mask_int_t { using type = int; };
template <> struct __cm_mask_int_t<1> { using type = signed char; };
template <> struct __cm_mask_int_t<2> { using type = short; };
template <> struct __cm_mask_int_t<8> { using type = long long; };
template <typename T, int N> __CM_INLINE __cm_val<T, N> __cm_pick(int flag, __cm_val<T, N> sat, __cm_val<T, N> plain) {
  using I = typename __cm_mask_int_t<sizeof(T)>::type;
  constexpr int M = N ? N : 1;
  __cm_vec<I, M> on = (I) - (I)(flag & _GENX_SAT);
  __cm_vec<T, M> a = sat, b = plain;
  __cm_vec<T, M> r = on ? a : b;
  if constexpr (N == 0)
    return r[0];
  else
    return r;
}

template <typename R, int N, typename C> __CM_INLINE __cm_val<R, N> __cm_convert(__cm_val<C, N> x, int flag) {
  return __cm_pick<R, N>(flag, __cm_sat_to<R, N, C>(x), __cm_cvt<R, N>(x));
}

// Region reads/writes of a storage vector (docs/cmc-compat.md §3 operand order), for the library's own reshaping;
// offsets in elements; the parent width is the whole vector (a promise that always holds).
template <typename T, int M, int N>
__CM_INLINE __cm_vec<T, M> __cm_region_read(__cm_vec<T, N> v, int vstride, int width, int stride, int offset) {
  if constexpr (__cm_is_float<T>)
    return __cm_genx_rdregionf<__cm_vec<T, M>>(v, vstride, width, stride, (short)(offset * (int)sizeof(T)), N);
  else
    return __cm_genx_rdregioni<__cm_vec<T, M>>(v, vstride, width, stride, (short)(offset * (int)sizeof(T)), N);
}
template <typename T, int N, int M>
__CM_INLINE __cm_vec<T, N> __cm_region_write(__cm_vec<T, N> old, __cm_vec<T, M> v, int vstride, int width, int stride,
                                         int offset) {
  if constexpr (__cm_is_float<T>)
    return __cm_genx_wrregionf<__cm_vec<T, N>>(old, v, vstride, width, stride, (short)(offset * (int)sizeof(T)),
                                               N, 1);
  else
    return __cm_genx_wrregioni<__cm_vec<T, N>>(old, v, vstride, width, stride, (short)(offset * (int)sizeof(T)),
                                               N, 1);
}

// 0, 1, ..., N-1 as a constant vector.
template <typename T, T... I> struct __cm_iota_seq {
  static constexpr int n = sizeof...(I);
  template <typename E> static __CM_INLINE __cm_vec<E, n> iota() { return __cm_vec<E, n>{(E)I...}; }
};
template <typename E, int N> __CM_INLINE __cm_vec<E, N> __cm_lane_iota() {
  return __make_integer_seq<__cm_iota_seq, int, __cm_pack_length<N>>::template iota<E>();
}

// ---- operation bodies on values ----------------------------------------------------------------------------

template <bool Max, typename C, int N> __CM_INLINE __cm_val<C, N> __cm_minmax(__cm_val<C, N> a, __cm_val<C, N> b) {
  using V = __cm_val<C, N>;
  if constexpr (__cm_is_float<C>)
    return Max ? __cm_genx_fmax<V>(a, b) : __cm_genx_fmin<V>(a, b);
  else if constexpr (__cm_is_signed<C>)
    return Max ? __cm_genx_smax<V>(a, b) : __cm_genx_smin<V>(a, b);
  else
    return Max ? __cm_genx_umax<V>(a, b) : __cm_genx_umin<V>(a, b);
}

} // namespace details

// ---- saturate ----------------------------------------------------------------------------------------------

// saturate<R>(x): x converted to R (default: x's element type) with saturation.
template <typename R = void, typename X, typename = details::__cm_if<details::__cm_ok<X>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, details::__cm_elem_of<X>>, details::__cm_count<X>>
saturate(const X &x) {
  using namespace details;
  using E = __cm_elem_of<X>;
  using RT = __cm_or<R, E>;
  constexpr int N = __cm_count<X>;
  return __cm_make<RT, N>(__cm_sat_to<RT, N, E>(__cm_operand<E, N>(x)));
}

// ---- add, mul ----------------------------------------------------------------------------------------------

#define __CM_BINARY_RET(A, B)                                                                                       \
  details::__cm_ret<details::__cm_or<R, details::__cm_common<details::__cm_elem_of<A>, details::__cm_elem_of<B>>>,       \
                    details::__cm_width<A, B>>

template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_add(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  __cm_val<C, N> x = __cm_operand<C, N>(a), y = __cm_operand<C, N>(b);
  if constexpr (__cm_is_int<RT> && __cm_is_int<C>)
    return __cm_make<RT, N>(__cm_pick<RT, N>(
        flag, __cm_xy_add_sat<__cm_val<RT, N>, __cm_is_signed<RT>, __cm_is_signed<C>>(x, y), __cm_cvt<RT, N>(__cm_wrap_add<C, N>(x, y))));
  else
    return __cm_make<RT, N>(__cm_convert<RT, N, C>(__cm_wrap_add<C, N>(x, y), flag));
}

template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_mul(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  __cm_val<C, N> x = __cm_operand<C, N>(a), y = __cm_operand<C, N>(b);
  if constexpr (__cm_is_int<RT> && __cm_is_int<C> && sizeof(C) < 8)
    return __cm_make<RT, N>(__cm_pick<RT, N>(
        flag, __cm_xy_mul_sat<__cm_val<RT, N>, __cm_is_signed<RT>, __cm_is_signed<C>>(x, y), __cm_cvt<RT, N>(__cm_wrap_mul<C, N>(x, y))));
  else
    return __cm_make<RT, N>(__cm_convert<RT, N, C>(__cm_wrap_mul<C, N>(x, y), flag));
}

// ---- min, max, abs -----------------------------------------------------------------------------------------

template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_max(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  return __cm_make<RT, N>(
      __cm_convert<RT, N, C>(__cm_minmax<true, C, N>(__cm_operand<C, N>(a), __cm_operand<C, N>(b)), flag));
}

template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_min(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  return __cm_make<RT, N>(
      __cm_convert<RT, N, C>(__cm_minmax<false, C, N>(__cm_operand<C, N>(a), __cm_operand<C, N>(b)), flag));
}

// cm_abs: the exact absolute value (computed in the promoted type and read as unsigned, where it always fits),
// converted to R (default: the operand's element type; without SAT the minimum signed value stays itself).
template <typename R = void, typename X, typename = details::__cm_if<details::__cm_ok<X>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, details::__cm_elem_of<X>>, details::__cm_count<X>>
cm_abs(const X &x, int flag = _GENX_NOSAT) {
  using namespace details;
  using E = __cm_elem_of<X>;
  using RT = __cm_or<R, E>;
  constexpr int N = __cm_count<X>;
  if constexpr (__cm_is_float<E>) {
    using V = __cm_val<E, N>;
    return __cm_make<RT, N>(__cm_convert<RT, N, E>(__cm_genx_absf<V>(__cm_operand<E, N>(x)), flag));
  } else {
    using C = __cm_promote<E>;
    using U = __cm_unsigned<C>;
    __cm_val<C, N> a = __cm_genx_absi<__cm_val<C, N>>(__cm_operand<C, N>(x));
    return __cm_make<RT, N>(__cm_convert<RT, N, U>(__cm_cvt<U, N>(a), flag));
  }
}

// ---- transcendental and rounding (float computation) -------------------------------------------------------

// Intel's headers declare these as `template <int SZ> vector<float, SZ> cm_sin(vector<float, SZ>, int flag)`
// (`template <int N1, int N2>` for a matrix, `template <typename RT, int SZ>` for the rounding functions), so real
// code spells the size (`cm_sin<96>(theta)`, `cm_rndd<int, 16>(x)`): each builtin also takes an explicit element
// count N (or rows and columns), with or without the result type first; the operand must have N elements or be
// a scalar (broadcast), and the result is a vector of N.
#define __CM_FLOAT_UNARY_BODY(intrinsic, R, N)                                                                      \
  using namespace details;                                                                                       \
  using C = __cm_float_of<__cm_elem_of<X>>;                                                                         \
  using RT = __cm_or<R, C>;                                                                                      \
  return __cm_make<RT, N>(__cm_convert<RT, N, C>(__cm_genx_##intrinsic<__cm_val<C, N>>(__cm_operand<C, N>(x)), flag));
#define __CM_SIZED_OK(X, N) details::__cm_if<details::__cm_ok<X> && (details::__cm_count<X> == (N) || details::__cm_count<X> == 0)>
#define __CM_FLOAT_UNARY(name, intrinsic)                                                                          \
  template <typename R = void, typename X, typename = details::__cm_if<details::__cm_ok<X>>>                        \
  __CM_INLINE details::__cm_ret<details::__cm_or<R, details::__cm_float_of<details::__cm_elem_of<X>>>,                \
                                details::__cm_count<X>>                                                                \
  name(const X &x, int flag = _GENX_NOSAT) {                                                                       \
    __CM_FLOAT_UNARY_BODY(intrinsic, R, __cm_count<X>)                                                             \
  }                                                                                                                \
  template <int N, typename X, typename = __CM_SIZED_OK(X, N)>                                                     \
  __CM_INLINE ::vector<details::__cm_float_of<details::__cm_elem_of<X>>, N> name(const X &x, int flag = _GENX_NOSAT) { \
    __CM_FLOAT_UNARY_BODY(intrinsic, void, N)                                                                      \
  }                                                                                                                \
  template <int Rows, int Cols, typename X, typename = __CM_SIZED_OK(X, Rows * Cols)>                              \
  __CM_INLINE ::vector<details::__cm_float_of<details::__cm_elem_of<X>>, Rows * Cols> name(const X &x,              \
                                                                                     int flag = _GENX_NOSAT) {     \
    __CM_FLOAT_UNARY_BODY(intrinsic, void, Rows * Cols)                                                            \
  }                                                                                                                \
  template <typename R, int N, typename X, typename = __CM_SIZED_OK(X, N)>                                         \
  __CM_INLINE ::vector<R, N> name(const X &x, int flag = _GENX_NOSAT) {                                            \
    __CM_FLOAT_UNARY_BODY(intrinsic, R, N)                                                                         \
  }
__CM_FLOAT_UNARY(cm_inv, inv)
__CM_FLOAT_UNARY(cm_sqrt, sqrt)
__CM_FLOAT_UNARY(cm_rsqrt, rsqrt)
__CM_FLOAT_UNARY(cm_exp, exp)
__CM_FLOAT_UNARY(cm_log, log)
__CM_FLOAT_UNARY(cm_sin, sin)
__CM_FLOAT_UNARY(cm_cos, cos)
__CM_FLOAT_UNARY(cm_rndd, rndd)
__CM_FLOAT_UNARY(cm_rndu, rndu)
__CM_FLOAT_UNARY(cm_rnde, rnde)
__CM_FLOAT_UNARY(cm_rndz, rndz)
__CM_FLOAT_UNARY(cm_frc, frc)

template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, details::__cm_float_of<details::__cm_elem_of<A>>>,
                              details::__cm_width<A, B>>
cm_pow(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_float_of<__cm_elem_of<A>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  return __cm_make<RT, N>(
      __cm_convert<RT, N, C>(__cm_genx_pow<__cm_val<C, N>>(__cm_operand<C, N>(a), __cm_operand<C, N>(b)), flag));
}

// cm_pow<N>(a, b) and cm_div_ieee<N>(a, b): Intel's `template <int SZ, typename U>` forms.
#define __CM_FLOAT_BINARY_SIZED(name, intrinsic)                                                                   \
  template <int N, typename A, typename B,                                                                         \
            typename = details::__cm_if<details::__cm_all_ok<A, B> &&                                               \
                                        (details::__cm_width<A, B> == N || details::__cm_width<A, B> == 0)>>        \
  __CM_INLINE ::vector<details::__cm_float_of<details::__cm_elem_of<A>>, N> name(const A &a, const B &b,             \
                                                                            int flag = _GENX_NOSAT) {              \
    using namespace details;                                                                                       \
    using C = __cm_float_of<__cm_elem_of<A>>;                                                                         \
    return __cm_make<C, N>(                                                                                        \
        __cm_convert<C, N, C>(__cm_genx_##intrinsic<__cm_val<C, N>>(__cm_operand<C, N>(a), __cm_operand<C, N>(b)), flag)); \
  }
__CM_FLOAT_BINARY_SIZED(cm_pow, pow)
__CM_FLOAT_BINARY_SIZED(cm_div_ieee, ieee_div)

namespace details {
// DP2/DP3/DP4/DPH, LINE and LRP exist up to Gen11; IGC 1.0.12504 reports "INVALID opcode" for them on Xe (Gen12
// and later), as the instructions are gone there, so from Gen12 on these builtins are computed with ordinary
// multiplies and adds (one rounding per operation, where the instruction rounds once).
constexpr bool __cm_native_dot = __cm_genx_before(1200);
// Per group of four lanes: sum of a[j] * b[j] for j < K (plus b[3] when H), replicated in the group's lanes.
template <int K, bool H, int N> __CM_INLINE __cm_vec<float, N> __cm_dot_arith(__cm_vec<float, N> a, __cm_vec<float, N> b) {
  __cm_vec<float, N / 4> sum = __cm_region_read<float, N / 4>(a, 0, N / 4, 4, 0) * __cm_region_read<float, N / 4>(b, 0, N / 4, 4, 0);
  if constexpr (K > 1)
    sum += __cm_region_read<float, N / 4>(a, 0, N / 4, 4, 1) * __cm_region_read<float, N / 4>(b, 0, N / 4, 4, 1);
  if constexpr (K > 2)
    sum += __cm_region_read<float, N / 4>(a, 0, N / 4, 4, 2) * __cm_region_read<float, N / 4>(b, 0, N / 4, 4, 2);
  if constexpr (K > 3)
    sum += __cm_region_read<float, N / 4>(a, 0, N / 4, 4, 3) * __cm_region_read<float, N / 4>(b, 0, N / 4, 4, 3);
  if constexpr (H)
    sum += __cm_region_read<float, N / 4>(b, 0, N / 4, 4, 3);
  return __cm_region_read<float, N>(sum, 1, 4, 0, 0);
}
} // namespace details

// cm_dp2/dp3/dp4: per group of four elements, the 2-, 3- or 4-wide dot product, replicated in the group.
#define __CM_DOT(name, intrinsic, K, H)                                                                            \
  template <typename R = void, typename A, typename B,                                                              \
            typename = details::__cm_if<details::__cm_all_ok<A, B> && details::__cm_obj<A>>>                        \
  __CM_INLINE details::__cm_ret<details::__cm_or<R, float>, details::__cm_count<A>> name(const A &a, const B &b,       \
                                                                                    int flag = _GENX_NOSAT) {      \
    using namespace details;                                                                                       \
    constexpr int N = __cm_count<A>;                                                                                   \
    static_assert(N % 4 == 0, #name ": the element count must be a multiple of 4");                                \
    using RT = __cm_or<R, float>;                                                                                  \
    __cm_vec<float, N> x = __cm_operand<float, N>(a), y = __cm_operand<float, N>(b), r;                            \
    if constexpr (__cm_native_dot)                                                                                 \
      r = __cm_genx_##intrinsic<__cm_vec<float, N>>(x, y);                                                         \
    else                                                                                                           \
      r = __cm_dot_arith<K, H, N>(x, y);                                                                           \
    return __cm_make<RT, N>(__cm_convert<RT, N, float>(r, flag));                                                  \
  }
__CM_DOT(cm_dp2, dp2, 2, false)
__CM_DOT(cm_dp3, dp3, 3, false)
__CM_DOT(cm_dp4, dp4, 4, false)
__CM_DOT(cm_dph, dph, 3, true) // a0*b0 + a1*b1 + a2*b2 + b3 per group of four
#undef __CM_DOT

// cm_line(p, x): p[0] * x + p[3] for every element of x (genx.line; p is a 4-element vector).
template <typename R = void, typename P, typename X,
          typename = details::__cm_if<details::__cm_obj<P> && details::__cm_obj<X>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, float>, details::__cm_count<X>> cm_line(const P &p, const X &x,
                                                                                       int flag = _GENX_NOSAT) {
  using namespace details;
  constexpr int N = __cm_count<X>;
  static_assert(__cm_count<P> == 4, "cm_line: the coefficients are a vector of 4");
  static_assert(N % 8 == 0, "cm_line: the element count must be a multiple of 8");
  using RT = __cm_or<R, float>;
  __cm_vec<float, 4> c = __cm_operand<float, 4>(p);
  __cm_vec<float, N> v = __cm_operand<float, N>(x), r;
  if constexpr (__cm_native_dot)
    r = __cm_genx_line<__cm_vec<float, N>>(c, v);
  else
    r = c[0] * v + c[3];
  return __cm_make<RT, N>(__cm_convert<RT, N, float>(r, flag));
}

// IEEE-exact square root and division (float or double; other operands compute in float).
// Known limitation: IGC 1.0.12504's vISA builder aborts on genx.ieee.sqrt / ieee.div of float for icllp, tgllp,
// dg1 and adl-p; the IR is what cmc emits (docs/cmc-compat.md §3), the executor runs it.
__CM_FLOAT_UNARY(cm_sqrt_ieee, ieee_sqrt)

template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, details::__cm_float_of<details::__cm_common<details::__cm_elem_of<A>, details::__cm_elem_of<B>>>>,
                              details::__cm_width<A, B>>
cm_div_ieee(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_float_of<__cm_common<__cm_elem_of<A>, __cm_elem_of<B>>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  return __cm_make<RT, N>(
      __cm_convert<RT, N, C>(__cm_genx_ieee_div<__cm_val<C, N>>(__cm_operand<C, N>(a), __cm_operand<C, N>(b)), flag));
}

// cm_sincos(cos, x): the sine of x; the cosine goes to `cos`.
template <typename K, typename X, typename = details::__cm_if<details::__cm_ok<K> && details::__cm_ok<X>>>
__CM_INLINE details::__cm_ret<details::__cm_float_of<details::__cm_elem_of<X>>, details::__cm_count<X>>
cm_sincos(K &&cos, const X &x, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_float_of<__cm_elem_of<X>>;
  constexpr int N = __cm_count<X>;
  __cm_val<C, N> v = __cm_operand<C, N>(x);
  __cm_put<N>(cos, __cm_convert<C, N, C>(__cm_genx_cos<__cm_val<C, N>>(v), flag));
  return __cm_make<C, N>(__cm_convert<C, N, C>(__cm_genx_sin<__cm_val<C, N>>(v), flag));
}

// ---- integer builtins --------------------------------------------------------------------------------------

// cm_avg: (a + b + 1) >> 1 on the exact values (computation type: the usual arithmetic conversions).
template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_avg(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  static_assert(__cm_is_int<C> && __cm_is_int<RT>, "cm_avg takes and returns integers");
  using V = __cm_val<RT, N>;
  __cm_val<C, N> x = __cm_operand<C, N>(a), y = __cm_operand<C, N>(b);
  return __cm_make<RT, N>(__cm_pick<RT, N>(flag, __cm_xy_avg_sat<V, __cm_is_signed<RT>, __cm_is_signed<C>>(x, y),
                                           __cm_xy_avg<V, __cm_is_signed<RT>, __cm_is_signed<C>>(x, y)));
}

#define __CM_SHIFT_RET(A, B)                                                                                        \
  details::__cm_ret<details::__cm_or<R, details::__cm_promote<details::__cm_elem_of<A>>>, details::__cm_width<A, B>>

// cm_shl: a (promoted) shifted left by the low bits of b; with SAT, clamped to R.
template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_SHIFT_RET(A, B) cm_shl(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_promote<__cm_elem_of<A>>;
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  static_assert(__cm_is_int<C> && __cm_is_int<RT>, "cm_shl takes and returns integers");
  using V = __cm_val<RT, N>;
  __cm_val<C, N> x = __cm_operand<C, N>(a), y = __cm_operand<C, N>(b);
  return __cm_make<RT, N>(__cm_pick<RT, N>(flag, __cm_xy_shl_sat<V, __cm_is_signed<RT>, __cm_is_signed<C>>(x, y),
                                           __cm_xy_shl<V, __cm_is_signed<RT>, __cm_is_signed<C>>(x, y)));
}

// Right shifts: a promoted, then read as signed (asr), unsigned (lsr) or as it is (shr, the >> operator),
// shifted by the low 6 bits of b (5 for 32-bit values), converted to R (saturating with SAT).
namespace details {
template <int Kind, typename R, typename A, typename B>
__CM_INLINE __CM_SHIFT_RET(A, B) __cm_shift_right(const A &a, const B &b, int flag) {
  using P = __cm_promote<__cm_elem_of<A>>;
  static_assert(__cm_is_int<P>, "right shifts take integers");
  using U = __cm_unsigned<P>;
  using Signed = __cm_cond<sizeof(P) == 8, long long, int>;
  using C = __cm_cond<Kind == 0, P, __cm_cond<Kind == 1, Signed, U>>;
  using RT = __cm_or<R, P>;
  constexpr int N = __cm_width<A, B>;
  __cm_val<C, N> x = __cm_operand<C, N>(a);
  __cm_val<C, N> n = __cm_operand<C, N>(b) & (C)(sizeof(C) * 8 - 1);
  return __cm_make<RT, N>(__cm_convert<RT, N, C>(x >> n, flag));
}
} // namespace details
template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_SHIFT_RET(A, B) cm_shr(const A &a, const B &b, int flag = _GENX_NOSAT) {
  return details::__cm_shift_right<0, R>(a, b, flag);
}
template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_SHIFT_RET(A, B) cm_asr(const A &a, const B &b, int flag = _GENX_NOSAT) {
  return details::__cm_shift_right<1, R>(a, b, flag);
}
template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_SHIFT_RET(A, B) cm_lsr(const A &a, const B &b, int flag = _GENX_NOSAT) {
  return details::__cm_shift_right<2, R>(a, b, flag);
}

// cm_quot / cm_mod: C++ division and remainder (truncating) in the computation type; cm_div(rem, a, b) returns
// the quotient and stores the remainder into `rem`. Integers only; a zero divisor is undefined.
template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_quot(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  static_assert(__cm_is_int<C>, "cm_quot takes integers");
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  return __cm_make<RT, N>(__cm_convert<RT, N, C>(__cm_operand<C, N>(a) / __cm_operand<C, N>(b), flag));
}
template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_mod(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  static_assert(__cm_is_int<C>, "cm_mod takes integers");
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  return __cm_make<RT, N>(__cm_convert<RT, N, C>(__cm_operand<C, N>(a) % __cm_operand<C, N>(b), flag));
}
template <typename R = void, typename M, typename A, typename B,
          typename = details::__cm_if<details::__cm_all_ok<A, B> && details::__cm_ok<M>>>
__CM_INLINE __CM_BINARY_RET(A, B) cm_div(M &&rem, const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  using C = __cm_common<__cm_elem_of<A>, __cm_elem_of<B>>;
  static_assert(__cm_is_int<C>, "cm_div takes integers");
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_width<A, B>;
  __cm_val<C, N> x = __cm_operand<C, N>(a), y = __cm_operand<C, N>(b);
  __cm_put<N>(rem, x % y);
  return __cm_make<RT, N>(__cm_convert<RT, N, C>(x / y, flag));
}

// cm_rol / cm_ror: rotate each element of a (at its own width) by the low bits of b (genx.rol / ror).
#define __CM_ROTATE(name, intrinsic)                                                                               \
  template <typename R = void, typename A, typename B, typename = details::__cm_if<details::__cm_all_ok<A, B>>>    \
  __CM_INLINE details::__cm_ret<details::__cm_or<R, details::__cm_elem_of<A>>, details::__cm_width<A, B>> name(     \
      const A &a, const B &b) {                                                                                     \
    using namespace details;                                                                                       \
    using C = __cm_elem_of<A>;                                                                                     \
    static_assert(__cm_is_int<C>, #name " takes integers");                                                        \
    using RT = __cm_or<R, C>;                                                                                      \
    constexpr int N = __cm_width<A, B>;                                                                            \
    return __cm_make<RT, N>(__cm_genx_##intrinsic<__cm_val<RT, N>>(__cm_operand<C, N>(a), __cm_operand<C, N>(b)));  \
  }
__CM_ROTATE(cm_rol, rol)
__CM_ROTATE(cm_ror, ror)
#undef __CM_ROTATE

// cm_lzd: leading zeros of the 32-bit unsigned value.
template <typename R = void, typename X, typename = details::__cm_if<details::__cm_ok<X>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, unsigned>, details::__cm_count<X>> cm_lzd(const X &x,
                                                                                       int flag = _GENX_NOSAT) {
  using namespace details;
  using RT = __cm_or<R, unsigned>;
  constexpr int N = __cm_count<X>;
  return __cm_make<RT, N>(
      __cm_convert<RT, N, unsigned>(__cm_genx_lzd<__cm_val<unsigned, N>>(__cm_operand<unsigned, N>(x)), flag));
}

// cm_cbit: bits set in each element (counted at the element's own width).
template <typename R = void, typename X, typename = details::__cm_if<details::__cm_ok<X>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, unsigned>, details::__cm_count<X>> cm_cbit(const X &x) {
  using namespace details;
  using E = __cm_elem_of<X>;
  static_assert(__cm_is_int<E>, "cm_cbit takes integers");
  using RT = __cm_or<R, unsigned>;
  constexpr int N = __cm_count<X>;
  return __cm_make<RT, N>(
      __cm_cvt<RT, N>(__cm_genx_cbit<__cm_val<unsigned, N>>(__cm_operand<E, N>(x))));
}

// cm_fbl: index of the lowest set bit of the 32-bit value (0xFFFFFFFF for 0).
template <typename R = void, typename X, typename = details::__cm_if<details::__cm_ok<X>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, unsigned>, details::__cm_count<X>> cm_fbl(const X &x) {
  using namespace details;
  using RT = __cm_or<R, unsigned>;
  constexpr int N = __cm_count<X>;
  return __cm_make<RT, N>(__cm_cvt<RT, N>(__cm_genx_fbl<__cm_val<unsigned, N>>(__cm_operand<unsigned, N>(x))));
}

// cm_fbh: from the MSB, the first bit differing from the sign (signed) or the first set bit (unsigned).
template <typename R = void, typename X, typename = details::__cm_if<details::__cm_ok<X>>>
__CM_INLINE details::__cm_ret<details::__cm_or<R, details::__cm_promote<details::__cm_elem_of<X>>>, details::__cm_count<X>>
cm_fbh(const X &x) {
  using namespace details;
  using C = __cm_promote<__cm_elem_of<X>>;
  static_assert(__cm_is_int<C> && sizeof(C) == 4, "cm_fbh takes 32-bit (or narrower) integers");
  using RT = __cm_or<R, C>;
  constexpr int N = __cm_count<X>;
  using V = __cm_val<C, N>;
  if constexpr (__cm_is_signed<C>)
    return __cm_make<RT, N>(__cm_cvt<RT, N>(__cm_genx_sfbh<V>(__cm_operand<C, N>(x))));
  else
    return __cm_make<RT, N>(__cm_cvt<RT, N>(__cm_genx_ufbh<V>(__cm_operand<C, N>(x))));
}

// Bit fields (32-bit int or uint, the type of the value operand).
template <typename W, typename O, typename V, typename S,
          typename = details::__cm_if<details::__cm_all_ok<W, O, V, S>>>
__CM_INLINE details::__cm_ret<details::__cm_promote<details::__cm_elem_of<S>>, details::__cm_width<W, O, V, S>>
cm_bf_insert(const W &width, const O &offset, const V &val, const S &src) {
  using namespace details;
  using C = __cm_promote<__cm_elem_of<S>>;
  static_assert(__cm_is_int<C> && sizeof(C) == 4, "cm_bf_insert takes int or uint");
  constexpr int N = __cm_width<W, O, V, S>;
  return __cm_make<C, N>(__cm_genx_bfi<__cm_val<C, N>>(__cm_operand<C, N>(width), __cm_operand<C, N>(offset),
                                                       __cm_operand<C, N>(val), __cm_operand<C, N>(src)));
}

template <typename W, typename O, typename S, typename = details::__cm_if<details::__cm_all_ok<W, O, S>>>
__CM_INLINE details::__cm_ret<details::__cm_promote<details::__cm_elem_of<S>>, details::__cm_width<W, O, S>>
cm_bf_extract(const W &width, const O &offset, const S &src) {
  using namespace details;
  using C = __cm_promote<__cm_elem_of<S>>;
  static_assert(__cm_is_int<C> && sizeof(C) == 4, "cm_bf_extract takes int or uint");
  constexpr int N = __cm_width<W, O, S>;
  using V = __cm_val<C, N>;
  if constexpr (__cm_is_signed<C>)
    return __cm_make<C, N>(__cm_genx_sbfe<V>(__cm_operand<C, N>(width), __cm_operand<C, N>(offset), __cm_operand<C, N>(src)));
  else
    return __cm_make<C, N>(__cm_genx_ubfe<V>(__cm_operand<C, N>(width), __cm_operand<C, N>(offset), __cm_operand<C, N>(src)));
}

template <typename S, typename = details::__cm_if<details::__cm_ok<S>>>
__CM_INLINE details::__cm_ret<details::__cm_promote<details::__cm_elem_of<S>>, details::__cm_count<S>>
cm_bf_reverse(const S &src) {
  using namespace details;
  using C = __cm_promote<__cm_elem_of<S>>;
  static_assert(__cm_is_int<C> && sizeof(C) == 4, "cm_bf_reverse takes int or uint");
  constexpr int N = __cm_count<S>;
  return __cm_make<C, N>(__cm_genx_bfrev<__cm_val<C, N>>(__cm_operand<C, N>(src)));
}

namespace details {
// The two fields of addc/subb ({carry, sum}) and simad/uimad ({hi, lo}): a struct the call returns through sret.
template <typename V> struct __cm_pair {
  V first;
  V second;
};
} // namespace details

// cm_addc(a, b, carry): the 32-bit unsigned sum; the carries go to `carry`.
template <typename A, typename B, typename K,
          typename = details::__cm_if<details::__cm_all_ok<A, B> && details::__cm_ok<K>>>
__CM_INLINE details::__cm_ret<unsigned, details::__cm_width<A, B>> cm_addc(const A &a, const B &b, K &&carry) {
  using namespace details;
  constexpr int N = __cm_width<A, B>;
  using V = __cm_val<unsigned, N>;
  __cm_pair<V> r = __cm_genx_addc<__cm_pair<V>>(__cm_operand<unsigned, N>(a), __cm_operand<unsigned, N>(b));
  __cm_put<N>(carry, r.first);
  return __cm_make<unsigned, N>(r.second);
}

// cm_subb(a, b, borrow): the 32-bit unsigned difference; the borrows go to `borrow`.
template <typename A, typename B, typename K,
          typename = details::__cm_if<details::__cm_all_ok<A, B> && details::__cm_ok<K>>>
__CM_INLINE details::__cm_ret<unsigned, details::__cm_width<A, B>> cm_subb(const A &a, const B &b, K &&borrow) {
  using namespace details;
  constexpr int N = __cm_width<A, B>;
  using V = __cm_val<unsigned, N>;
  __cm_pair<V> r = __cm_genx_subb<__cm_pair<V>>(__cm_operand<unsigned, N>(a), __cm_operand<unsigned, N>(b));
  __cm_put<N>(borrow, r.first);
  return __cm_make<unsigned, N>(r.second);
}

// cm_imul(lo, a, b): the high 32 bits of the 64-bit product (signed when either operand is signed); the low 32
// bits go to `lo`.
template <typename L, typename A, typename B,
          typename = details::__cm_if<details::__cm_all_ok<A, B> && details::__cm_ok<L>>>
__CM_INLINE details::__cm_ret<details::__cm_cond<details::__cm_is_signed<details::__cm_elem_of<A>> ||
                                                     details::__cm_is_signed<details::__cm_elem_of<B>>,
                                                 int, unsigned>,
                              details::__cm_width<A, B>>
cm_imul(L &&lo, const A &a, const B &b) {
  using namespace details;
  constexpr bool S = __cm_is_signed<__cm_elem_of<A>> || __cm_is_signed<__cm_elem_of<B>>;
  using C = __cm_cond<S, int, unsigned>;
  constexpr int N = __cm_width<A, B>;
  using V = __cm_val<C, N>;
  __cm_val<C, N> zero = (C)0;
  __cm_pair<V> r;
  if constexpr (S)
    r = __cm_genx_simad<__cm_pair<V>>(__cm_operand<C, N>(a), __cm_operand<C, N>(b), zero);
  else
    r = __cm_genx_uimad<__cm_pair<V>>(__cm_operand<C, N>(a), __cm_operand<C, N>(b), zero);
  __cm_put<N>(lo, r.second);
  return __cm_make<C, N>(r.first);
}

// ---- legacy vector operations: sad2, sada2, lrp, pln -------------------------------------------------------

namespace details {
// The byte type of sad2's operands (signed when the first operand's element type is) and the word type of its
// result and accumulator (signed when the result type is).
template <typename T> using __cm_sad_byte = __cm_cond<__cm_is_signed<T>, signed char, unsigned char>;
template <typename T> using __cm_sad_word = __cm_cond<__cm_is_signed<T>, short, unsigned short>;
} // namespace details

namespace details {
// SAD2 exists on Gen9 only (IGC 1.0.12504's GenXSubtarget::hasSad2Support: not on Gen11, Xe-LP, Xe-HPG, Xe-HPC),
// so elsewhere the pair sums are computed with ordinary arithmetic: |a - b| in int, the odd lane of each pair added
// to the even one through two stride-2 regions, written back to the even lanes (the odd lanes become 0 where the
// instruction leaves them undefined).
constexpr bool __cm_native_sad2 = __cm_genx_before(1100);
template <typename E, int N> __CM_INLINE __cm_vec<int, N / 2> __cm_pair_sad(__cm_vec<E, N> x, __cm_vec<E, N> y) {
  __cm_vec<int, N> d = __cm_cvt<int, N>(x) - __cm_cvt<int, N>(y);
  d = __cm_genx_absi<__cm_vec<int, N>>(d);
  return __cm_region_read<int, N / 2>(d, 0, N / 2, 2, 0) + __cm_region_read<int, N / 2>(d, 0, N / 2, 2, 1);
}
template <typename W, int N> __CM_INLINE __cm_vec<W, N> __cm_even_lanes(__cm_vec<W, N / 2> v) {
  __cm_vec<W, N> out = (W)0;
  return __cm_region_write<W, N, N / 2>(out, v, 0, N / 2, 2, 0);
}
} // namespace details

// cm_sad2<R>(a, b): per pair of byte lanes (2i, 2i+1), |a - b| summed into lane 2i (genx.ssad2 / usad2 on Gen9,
// the arithmetic above elsewhere); the odd lanes of the result are undefined (vISA SAD2). The operands are
// converted to bytes (signed when a's element type is), R (default: the word type) receives the sums.
template <typename R = void, typename A, typename B,
          typename = details::__cm_if<details::__cm_all_ok<A, B> && details::__cm_obj<A>>>
__CM_INLINE ::vector<details::__cm_or<R, details::__cm_sad_word<details::__cm_elem_of<A>>>, details::__cm_count<A>>
cm_sad2(const A &a, const B &b, int flag = _GENX_NOSAT) {
  using namespace details;
  constexpr int N = __cm_count<A>;
  static_assert(N % 2 == 0, "cm_sad2: the element count must be even");
  using E = __cm_sad_byte<__cm_elem_of<A>>;
  using W = __cm_sad_word<__cm_elem_of<A>>;
  using RT = __cm_or<R, W>;
  __cm_vec<E, N> x = __cm_operand<E, N>(a), y = __cm_operand<E, N>(b);
  __cm_vec<W, N> sums;
  if constexpr (!__cm_native_sad2)
    sums = __cm_even_lanes<W, N>(__cm_cvt<W, N / 2>(__cm_pair_sad<E, N>(x, y)));
  else if constexpr (__cm_is_signed<E>)
    sums = __cm_genx_ssad2<__cm_vec<W, N>>(x, y);
  else
    sums = __cm_genx_usad2<__cm_vec<W, N>>(x, y);
  return __cm_make<RT, N>(__cm_convert<RT, N, W>(sums, flag));
}

// cm_sada2<R>(a, b, acc): cm_sad2's sums plus acc (words, signed when R is) in the even lanes (genx.xysad2add on
// Gen9, x = R's signedness, y = the bytes'); with SAT the addition saturates to the word type.
template <typename R = void, typename A, typename B, typename K,
          typename = details::__cm_if<details::__cm_all_ok<A, B, K> && details::__cm_obj<A>>>
__CM_INLINE ::vector<details::__cm_or<R, details::__cm_sad_word<details::__cm_elem_of<A>>>, details::__cm_count<A>>
cm_sada2(const A &a, const B &b, const K &acc, int flag = _GENX_NOSAT) {
  using namespace details;
  constexpr int N = __cm_count<A>;
  static_assert(N % 2 == 0, "cm_sada2: the element count must be even");
  using E = __cm_sad_byte<__cm_elem_of<A>>;
  using RT = __cm_or<R, __cm_sad_word<__cm_elem_of<A>>>;
  using W = __cm_sad_word<RT>;
  using V = __cm_vec<W, N>;
  __cm_vec<E, N> x = __cm_operand<E, N>(a), y = __cm_operand<E, N>(b);
  V c = __cm_operand<W, N>(acc);
  V sums;
  if constexpr (!__cm_native_sad2) {
    __cm_vec<int, N / 2> total = __cm_pair_sad<E, N>(x, y) + __cm_cvt<int, N / 2>(__cm_region_read<W, N / 2>(c, 0, N / 2, 2, 0));
    sums = __cm_even_lanes<W, N>(__cm_convert<W, N / 2, int>(total, flag));
  } else {
    V plain = __cm_xy_sad2add<V, __cm_is_signed<W>, __cm_is_signed<E>>(x, y, c);
    V sat = __cm_xy_sad2add_sat<V, __cm_is_signed<W>, __cm_is_signed<E>>(x, y, c);
    sums = __cm_pick<W, N>(flag, sat, plain);
  }
  return __cm_make<RT, N>(__cm_cvt<RT, N>(sums));
}

// cm_lrp(u, v, w) = v * u + w * (1 - u) in float, lane by lane (genx.lrp up to Gen11, multiplies and adds from
// Gen12 on; a multiple of 4 elements), then R
// (default float) with SAT as usual.
template <typename R = void, typename U, typename V, typename W,
          typename = details::__cm_if<details::__cm_all_ok<U, V, W> && details::__cm_obj<U>>>
__CM_INLINE ::vector<details::__cm_or<R, float>, details::__cm_count<U>> cm_lrp(const U &u, const V &v, const W &w,
                                                                             int flag = _GENX_NOSAT) {
  using namespace details;
  constexpr int N = __cm_count<U>;
  static_assert(N % 4 == 0, "cm_lrp: the element count must be a multiple of 4");
  using RT = __cm_or<R, float>;
  using F = __cm_vec<float, N>;
  F x = __cm_operand<float, N>(u), y = __cm_operand<float, N>(v), z = __cm_operand<float, N>(w), r;
  if constexpr (__cm_native_dot)
    r = __cm_genx_lrp<F>(x, y, z);
  else
    r = y * x + z * (1.0f - x);
  return __cm_make<RT, N>(__cm_convert<RT, N, float>(r, flag));
}
template <int N, typename U, typename V, typename W,
          typename = details::__cm_if<details::__cm_all_ok<U, V, W> && details::__cm_width<U, V, W> == N>>
__CM_INLINE ::vector<float, N> cm_lrp(const U &u, const V &v, const W &w, int flag = _GENX_NOSAT) {
  return cm_lrp<float>(details::__cm_make<float, N>(details::__cm_operand<float, N>(u)), v, w, flag);
}

// cm_pln(p, u, v) = p[0] * u + p[1] * v + p[3] in float, lane by lane (genx.pln, whose second operand holds u
// and v interleaved in blocks of 8: a multiple of 8 elements).
template <typename R = void, typename P, typename U, typename V,
          typename = details::__cm_if<details::__cm_obj<P> && details::__cm_all_ok<U, V> && details::__cm_obj<U>>>
__CM_INLINE ::vector<details::__cm_or<R, float>, details::__cm_count<U>> cm_pln(const P &p, const U &u, const V &v,
                                                                             int flag = _GENX_NOSAT) {
  using namespace details;
  constexpr int N = __cm_count<U>;
  static_assert(__cm_count<P> == 4, "cm_pln: the coefficients are a vector of 4");
  static_assert(N % 8 == 0, "cm_pln: the element count must be a multiple of 8");
  using RT = __cm_or<R, float>;
  __cm_vec<float, 2 * N> uv = 0.0f;
  uv = __cm_region_write<float, 2 * N, N>(uv, __cm_operand<float, N>(u), 16, 8, 1, 0);
  uv = __cm_region_write<float, 2 * N, N>(uv, __cm_operand<float, N>(v), 16, 8, 1, 8);
  return __cm_make<RT, N>(
      __cm_convert<RT, N, float>(__cm_genx_pln<__cm_vec<float, N>>(__cm_operand<float, 4>(p), uv), flag));
}
template <int N, typename P, typename U, typename V,
          typename = details::__cm_if<details::__cm_obj<P> && details::__cm_all_ok<U, V> && details::__cm_width<U, V> == N>>
__CM_INLINE ::vector<float, N> cm_pln(const P &p, const U &u, const V &v, int flag = _GENX_NOSAT) {
  return cm_pln<float>(p, details::__cm_make<float, N>(details::__cm_operand<float, N>(u)), v, flag);
}

namespace details {
// The angle of (x, y) in (-pi, pi] in float: a degree-11 odd polynomial for atan on [0, 1] (minimax
// coefficients, error under 1e-5 rad) of min(|x|, |y|) / max(|x|, |y|), then the octant corrections;
// atan2(0, 0) = 0. Shared by cm_atan/cm_asin/cm_acos and cmtl::cm_atan2.
template <int N> __CM_INLINE __cm_val<float, N> __cm_atan2(__cm_val<float, N> y, __cm_val<float, N> x) {
  using V = __cm_val<float, N>;
  V ax = __cm_genx_absf<V>(x), ay = __cm_genx_absf<V>(y);
  V hi = __cm_genx_fmax<V>(ax, ay), lo = __cm_genx_fmin<V>(ax, ay);
  V zero = 0.0f;
  // t in [0, 1]; hi == 0 only when x == y == 0, where the angle is 0.
  V t = lo / (hi + (V)(hi == zero ? 1.0f : 0.0f));
  V s = t * t;
  // atan(t) = t * P(t^2) on [0, 1], minimax coefficients (max error about 1e-5 rad).
  V p = -0.0117212f;
  p = p * s + 0.05265332f;
  p = p * s - 0.11643287f;
  p = p * s + 0.19354346f;
  p = p * s - 0.33262347f;
  p = p * s + 0.99997726f;
  V a = p * t;
  const float half_pi = 1.57079637f, pi = 3.14159274f;
  if constexpr (N == 0) {
    if (ay > ax) a = half_pi - a;
    if (x < 0.0f) a = pi - a;
    if (y < 0.0f) a = -a;
    return a;
  } else {
    a = ay > ax ? half_pi - a : a;
    a = x < zero ? pi - a : a;
    return y < zero ? -a : a;
  }
}
} // namespace details

// cm_atan(x), cm_asin(x), cm_acos(x) in float (cmlangspec §4.3: header functions in Intel's cmc too): through
// __cm_atan2 as atan2(x, 1), atan2(x, sqrt(1 - x^2)) and atan2(sqrt(1 - x^2), x) (NaN outside [-1, 1]).
#define __CM_INVERSE_TRIG(name, Y, X)                                                                              \
  template <typename R = void, typename A, typename = details::__cm_if<details::__cm_ok<A>>>                        \
  __CM_INLINE details::__cm_ret<details::__cm_or<R, float>, details::__cm_count<A>> name(const A &a,                  \
                                                                                   int flag = _GENX_NOSAT) {       \
    using namespace details;                                                                                       \
    constexpr int N = __cm_count<A>;                                                                               \
    using V = __cm_val<float, N>;                                                                                  \
    V x = __cm_operand<float, N>(a);                                                                               \
    V one = 1.0f;                                                                                                  \
    V c = __cm_genx_sqrt<V>(one - x * x);                                                                          \
    (void)c;                                                                                                       \
    return __cm_make<__cm_or<R, float>, N>(__cm_convert<__cm_or<R, float>, N, float>(__cm_atan2<N>(Y, X), flag));  \
  }
__CM_INVERSE_TRIG(cm_atan, x, one)
__CM_INVERSE_TRIG(cm_asin, x, c)
__CM_INVERSE_TRIG(cm_acos, c, x)
#undef __CM_INVERSE_TRIG

// ---- masks -------------------------------------------------------------------------------------------------

// cm_pack_mask: bit i of the result is the least significant bit of element i (N = 8, 16 or 32).
template <typename M, typename = details::__cm_if<details::__cm_obj<M>>>
__CM_INLINE unsigned cm_pack_mask(const M &mask) {
  using namespace details;
  constexpr int N = __cm_count<M>;
  static_assert(N == 8 || N == 16 || N == 32, "cm_pack_mask takes 8, 16 or 32 elements");
  __cm_vec<unsigned, N> bits = (__cm_operand<unsigned, N>(mask) & 1u) << __cm_lane_iota<unsigned, N>();
  // Fold halves with OR: the bits are disjoint, so the order does not matter.
  if constexpr (N == 32) {
    __cm_vec<unsigned, 16> h = __cm_region_read<unsigned, 16>(bits, 0, 16, 1, 0) | __cm_region_read<unsigned, 16>(bits, 0, 16, 1, 16);
    __cm_vec<unsigned, 8> q = __cm_region_read<unsigned, 8>(h, 0, 8, 1, 0) | __cm_region_read<unsigned, 8>(h, 0, 8, 1, 8);
    return q[0] | q[1] | q[2] | q[3] | q[4] | q[5] | q[6] | q[7];
  } else if constexpr (N == 16) {
    __cm_vec<unsigned, 8> q = __cm_region_read<unsigned, 8>(bits, 0, 8, 1, 0) | __cm_region_read<unsigned, 8>(bits, 0, 8, 1, 8);
    return q[0] | q[1] | q[2] | q[3] | q[4] | q[5] | q[6] | q[7];
  } else {
    return bits[0] | bits[1] | bits[2] | bits[3] | bits[4] | bits[5] | bits[6] | bits[7];
  }
}

// cm_unpack_mask<T, N>(m): element i is bit i of m.
template <typename T, int N> __CM_INLINE ::vector<T, N> cm_unpack_mask(unsigned mask) {
  using namespace details;
  static_assert(N == 8 || N == 16 || N == 32, "cm_unpack_mask makes 8, 16 or 32 elements");
  __cm_vec<unsigned, N> m = mask;
  return ::vector<T, N>::__cm_from(__cm_cvt<T, N>((m >> __cm_lane_iota<unsigned, N>()) & 1u));
}

// The saturating conversion of the vector and matrix constructors with a flag (declared in cm_vector.h):
// per element to T, saturated when the flag has SAT (the conversions of cm_add and the other builtins).
namespace details {
template <typename X> struct __cm_saturate {
  template <typename T, int N> static __CM_INLINE __cm_vec<T, N> convert(const X &x, int flag) {
    using E = typename cm_object_traits<X>::elem;
    return __cm_convert<T, N, E>(__cm_value<E, N>(x), flag);
  }
};
} // namespace details

#undef __CM_BINARY_RET
#undef __CM_SHIFT_RET
#undef __CM_FLOAT_UNARY

#endif
