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
// Not here: cm_bfn/dpas and the other Xe-only builtins; the template library is cmtl.h.
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
__CM_GENX_DECL(bfn)
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
__CM_GENX_DECL(ssdp4a)
__CM_GENX_DECL(sudp4a)
__CM_GENX_DECL(usdp4a)
__CM_GENX_DECL(uudp4a)
__CM_GENX_DECL(ssdp4a_sat)
__CM_GENX_DECL(sudp4a_sat)
__CM_GENX_DECL(usdp4a_sat)
__CM_GENX_DECL(uudp4a_sat)
__CM_GENX_DECL(lrp)
__CM_GENX_DECL(pln)
__CM_GENX_DECL(rdregioni)
__CM_GENX_DECL(rdregionf)
__CM_GENX_DECL(wrregioni)
__CM_GENX_DECL(wrregionf)

namespace __details {

// ---- type facts (no standard library in the CM environment; clang's type-trait builtins) -------------------

template <bool _B, typename _T = void> struct __cm_enable_if {};
template <typename _T> struct __cm_enable_if<true, _T> { using __type = _T; };
template <bool _B, typename _T = void> using __cm_if = typename __cm_enable_if<_B, _T>::__type;

template <bool _B, typename _T, typename _F> struct __cm_cond_t { using __type = _T; };
template <typename _T, typename _F> struct __cm_cond_t<false, _T, _F> { using __type = _F; };
template <bool _B, typename _T, typename _F> using __cm_cond = typename __cm_cond_t<_B, _T, _F>::__type;

template <typename _T> struct __cm_plain_t { using __type = _T; };
template <typename _T> struct __cm_plain_t<const _T> { using __type = typename __cm_plain_t<_T>::__type; };
template <typename _T> struct __cm_plain_t<volatile _T> { using __type = typename __cm_plain_t<_T>::__type; };
template <typename _T> struct __cm_plain_t<_T &> { using __type = typename __cm_plain_t<_T>::__type; };
template <typename _T> struct __cm_plain_t<_T &&> { using __type = typename __cm_plain_t<_T>::__type; };
template <typename _T> using __cm_plain = typename __cm_plain_t<_T>::__type;

template <typename _A, typename _B> constexpr bool __cm_same = __is_same(_A, _B);
template <typename _T> constexpr bool __cm_arithmetic = __is_arithmetic(_T);

// Whether the target generation (the CM_GENX macro: 900 for Gen9, 1100 for Gen11, 1200 for Xe-LP, ...) is
// before `gen`: the one test of which instructions a platform has. Without CM_GENX, a current platform.
constexpr bool __cm_genx_before(int __gen) {
#if defined(CM_GENX)
  return CM_GENX < __gen;
#else
  return false;
#endif
}

// `R`, or `D` when R is void (the default of a builtin's optional result type).
template <typename _R, typename _D> using __cm_or = __cm_cond<__cm_same<_R, void>, _D, _R>;

template <typename _T> constexpr bool __cm_is_float = __is_floating_point(_T);
template <typename _T> constexpr bool __cm_is_int = __is_integral(_T) && !__cm_same<_T, bool>;
template <typename _T> constexpr bool __cm_is_signed = __is_signed(_T);

// C++ integral promotion, and the usual arithmetic conversions.
template <typename _T> using __cm_promote = decltype(+_T());
template <typename _A, typename _B> using __cm_common = decltype(_A() + _B());
template <typename _T> using __cm_unsigned = __cm_cond<sizeof(__cm_promote<_T>) == 8, unsigned long long, unsigned>;
template <typename _T>
using __cm_float_of = __cm_cond<__cm_is_float<_T>, _T, float>;

// ---- operands: an object of the protocol (cm_common.h convention 2) or an arithmetic scalar ----------------

template <typename _X, bool = __cm_object_traits<_X>::__cm_is_object> struct __cm_arg {
  static constexpr bool __ok = __cm_arithmetic<_X>;
  using __elem = _X;
  static constexpr int __n = 0; // a scalar
};
template <typename _X> struct __cm_arg<_X, true> {
  static constexpr bool __ok = true;
  using __elem = typename __cm_object_traits<_X>::__elem;
  static constexpr int __n = __cm_object_traits<_X>::__n;
};
template <typename _X> using __cm_elem_of = typename __cm_arg<__cm_plain<_X>>::__elem;
template <typename _X> constexpr int __cm_count = __cm_arg<__cm_plain<_X>>::__n;
template <typename _X> constexpr bool __cm_ok = __cm_arg<__cm_plain<_X>>::__ok;
template <typename _X> constexpr bool __cm_obj = __cm_ok<_X> && (__cm_count<_X> > 0);

// The element count of an operation on several operands: that of its objects (0 when all are scalars).
template <typename... _X> struct __cm_width_t { static constexpr int __n = 0; static constexpr bool __agree = true; };
template <typename _X, typename... _Rest> struct __cm_width_t<_X, _Rest...> {
  static constexpr int __a = __cm_count<_X>, __b = __cm_width_t<_Rest...>::__n;
  static constexpr int __n = __a ? __a : __b;
  static constexpr bool __agree = __cm_width_t<_Rest...>::__agree && (__a == 0 || __b == 0 || __a == __b);
};
template <typename... _X> constexpr int __cm_width = __cm_width_t<_X...>::__n;
template <typename... _X> constexpr bool __cm_all_ok = (__cm_ok<_X> && ...) && __cm_width_t<_X...>::__agree;

// A value of N elements of T: the storage vector, or the scalar T when N is 0.
template <typename _T, int _N> struct __cm_val_t { using __type = __cm_vec<_T, _N>; };
template <typename _T> struct __cm_val_t<_T, 0> { using __type = _T; };
template <typename _T, int _N> using __cm_val = typename __cm_val_t<_T, _N>::__type;

// What a builtin returns: vector<R, N>, or the scalar R.
template <typename _R, int _N> struct __cm_ret_t { using __type = ::vector<_R, _N>; };
template <typename _R> struct __cm_ret_t<_R, 0> { using __type = _R; };
template <typename _R, int _N> using __cm_ret = typename __cm_ret_t<_R, _N>::__type;

template <typename _R, int _N> __CM_INLINE __cm_ret<_R, _N> __cm_make(__cm_val<_R, _N> __v) {
  if constexpr (_N == 0)
    return __v;
  else
    return ::vector<_R, _N>::__cm_from(__v);
}

// Element conversion (C++ conversion semantics, no saturation).
template <typename _T, int _N, typename _V> __CM_INLINE __cm_val<_T, _N> __cm_cvt(_V __v) {
  if constexpr (_N == 0)
    return (_T)__v;
  else
    return __builtin_convertvector(__v, __cm_vec<_T, _N>);
}

// a + b and a * b wrapping (CM integers wrap; C++ signed overflow must not reach LLVM as `nsw`).
template <typename _C, int _N> __CM_INLINE __cm_val<_C, _N> __cm_wrap_add(__cm_val<_C, _N> __a, __cm_val<_C, _N> __b) {
  if constexpr (__cm_is_int<_C> && __cm_is_signed<_C>) {
    using _U = __cm_unsigned<_C>;
    return __cm_cvt<_C, _N>(__cm_cvt<_U, _N>(__a) + __cm_cvt<_U, _N>(__b));
  } else
    return __a + __b;
}
template <typename _C, int _N> __CM_INLINE __cm_val<_C, _N> __cm_wrap_mul(__cm_val<_C, _N> __a, __cm_val<_C, _N> __b) {
  if constexpr (__cm_is_int<_C> && __cm_is_signed<_C>) {
    using _U = __cm_unsigned<_C>;
    return __cm_cvt<_C, _N>(__cm_cvt<_U, _N>(__a) * __cm_cvt<_U, _N>(__b));
  } else
    return __a * __b;
}

// Operand `x` as N elements of T (a scalar is broadcast when N > 0).
template <typename _T, int _N, typename _X> __CM_INLINE __cm_val<_T, _N> __cm_operand(const _X &__x) {
  if constexpr (__cm_count<_X> == 0) {
    __cm_val<_T, _N> __v = (_T)__x;
    return __v;
  } else {
    static_assert(__cm_count<_X> == _N, "operands of different element counts");
    return __cm_cvt<_T, _N>(__x.__cm_read());
  }
}

// Stores `v` into an object (its whole value, converted to its element type) or into a scalar lvalue.
template <int _N, typename _X, typename _V> __CM_INLINE void __cm_put(_X &&__dst, _V __v) {
  using _D = __cm_plain<_X>;
  if constexpr (__cm_count<_D> == 0)
    __dst = (__cm_elem_of<_D>)__v;
  else
    __dst.__cm_write(__cm_cvt<__cm_elem_of<_D>, _N>(__v));
}

// ---- signedness-dispatched intrinsics (x = result, y = operands) -------------------------------------------

#define __CM_XY_DISPATCH(__helper, __op)                                                                                \
  template <typename _Ret, bool _RS, bool _OS, typename... _A> __CM_INLINE _Ret __helper(_A... __a) {                         \
    if constexpr (_RS && _OS)                                                                                          \
      return __cm_genx_ss##__op<_Ret>(__a...);                                                                            \
    else if constexpr (_RS)                                                                                           \
      return __cm_genx_su##__op<_Ret>(__a...);                                                                            \
    else if constexpr (_OS)                                                                                           \
      return __cm_genx_us##__op<_Ret>(__a...);                                                                            \
    else                                                                                                             \
      return __cm_genx_uu##__op<_Ret>(__a...);                                                                            \
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
__CM_XY_DISPATCH(__cm_xy_dp4a, dp4a)
__CM_XY_DISPATCH(__cm_xy_dp4a_sat, dp4a_sat)
#undef __CM_XY_DISPATCH

// Converts N elements of C to R, saturating when `sat` (cmlangspec §2.1.2).
template <typename _R, int _N, typename _C> __CM_INLINE __cm_val<_R, _N> __cm_sat_to(__cm_val<_C, _N> __x) {
  using _RV = __cm_val<_R, _N>;
  if constexpr (__cm_is_float<_R>)
    return __cm_genx_sat<_RV>(__cm_cvt<_R, _N>(__x));
  else if constexpr (__cm_is_float<_C>) {
    if constexpr (__cm_is_signed<_R>)
      return __cm_genx_fptosi_sat<_RV>(__x);
    else
      return __cm_genx_fptoui_sat<_RV>(__x);
  } else if constexpr (__cm_same<_R, _C>)
    return __x;
  else
    return __cm_xy_trunc_sat<_RV, __cm_is_signed<_R>, __cm_is_signed<_C>>(__x);
}

// `sat` when the flag has SAT, else `plain`, chosen by an element-wise select on a splat of the flag (never a
// branch): with the constant flag of an inlined call the select folds away, and so does the unused intrinsic
// once genx-cm-lower has made it readnone.
template <int _Size> struct __cm_mask_int_t { using __type = int; };
template <> struct __cm_mask_int_t<1> { using __type = signed char; };
template <> struct __cm_mask_int_t<2> { using __type = short; };
template <> struct __cm_mask_int_t<8> { using __type = long long; };
template <typename _T, int _N> __CM_INLINE __cm_val<_T, _N> __cm_pick(int __flag, __cm_val<_T, _N> __sat, __cm_val<_T, _N> __plain) {
  using _I = typename __cm_mask_int_t<sizeof(_T)>::__type;
  constexpr int _M = _N ? _N : 1;
  __cm_vec<_I, _M> __on = (_I) - (_I)(__flag & _GENX_SAT);
  __cm_vec<_T, _M> __a = __sat, __b = __plain;
  __cm_vec<_T, _M> __r = __on ? __a : __b;
  if constexpr (_N == 0)
    return __r[0];
  else
    return __r;
}

template <typename _R, int _N, typename _C> __CM_INLINE __cm_val<_R, _N> __cm_convert(__cm_val<_C, _N> __x, int __flag) {
  return __cm_pick<_R, _N>(__flag, __cm_sat_to<_R, _N, _C>(__x), __cm_cvt<_R, _N>(__x));
}

// Region reads/writes of a storage vector (docs/cmc-compat.md §3 operand order), for the library's own reshaping;
// offsets in elements; the parent width is the whole vector (a promise that always holds).
template <typename _T, int _M, int _N>
__CM_INLINE __cm_vec<_T, _M> __cm_region_read(__cm_vec<_T, _N> __v, int __vstride, int __width, int __stride, int __offset) {
  if constexpr (__cm_is_float<_T>)
    return __cm_genx_rdregionf<__cm_vec<_T, _M>>(__v, __vstride, __width, __stride, (short)(__offset * (int)sizeof(_T)), _N);
  else
    return __cm_genx_rdregioni<__cm_vec<_T, _M>>(__v, __vstride, __width, __stride, (short)(__offset * (int)sizeof(_T)), _N);
}
template <typename _T, int _N, int _M>
__CM_INLINE __cm_vec<_T, _N> __cm_region_write(__cm_vec<_T, _N> __old, __cm_vec<_T, _M> __v, int __vstride, int __width, int __stride,
                                         int __offset) {
  if constexpr (__cm_is_float<_T>)
    return __cm_genx_wrregionf<__cm_vec<_T, _N>>(__old, __v, __vstride, __width, __stride, (short)(__offset * (int)sizeof(_T)),
                                               _N, 1);
  else
    return __cm_genx_wrregioni<__cm_vec<_T, _N>>(__old, __v, __vstride, __width, __stride, (short)(__offset * (int)sizeof(_T)),
                                               _N, 1);
}

// 0, 1, ..., N-1 as a constant vector.
template <typename _T, _T... _I> struct __cm_iota_seq {
  static constexpr int __n = sizeof...(_I);
  template <typename _E> static __CM_INLINE __cm_vec<_E, __n> __iota() { return __cm_vec<_E, __n>{(_E)_I...}; }
};
template <typename _E, int _N> __CM_INLINE __cm_vec<_E, _N> __cm_lane_iota() {
  return __make_integer_seq<__cm_iota_seq, int, __cm_pack_length<_N>>::template __iota<_E>();
}

// ---- operation bodies on values ----------------------------------------------------------------------------

template <bool _Max, typename _C, int _N> __CM_INLINE __cm_val<_C, _N> __cm_minmax(__cm_val<_C, _N> __a, __cm_val<_C, _N> __b) {
  using _V = __cm_val<_C, _N>;
  if constexpr (__cm_is_float<_C>)
    return _Max ? __cm_genx_fmax<_V>(__a, __b) : __cm_genx_fmin<_V>(__a, __b);
  else if constexpr (__cm_is_signed<_C>)
    return _Max ? __cm_genx_smax<_V>(__a, __b) : __cm_genx_smin<_V>(__a, __b);
  else
    return _Max ? __cm_genx_umax<_V>(__a, __b) : __cm_genx_umin<_V>(__a, __b);
}

} // namespace __details

// ---- saturate ----------------------------------------------------------------------------------------------

// saturate<R>(x): x converted to R (default: x's element type) with saturation.
template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, __details::__cm_elem_of<_X>>, __details::__cm_count<_X>>
saturate(const _X &__x) {
  using namespace __details;
  using _E = __cm_elem_of<_X>;
  using _RT = __cm_or<_R, _E>;
  constexpr int _N = __cm_count<_X>;
  return __cm_make<_RT, _N>(__cm_sat_to<_RT, _N, _E>(__cm_operand<_E, _N>(__x)));
}

// ---- add, mul ----------------------------------------------------------------------------------------------

#define __CM_BINARY_RET(_A, _B)                                                                                       \
  __details::__cm_ret<__details::__cm_or<_R, __details::__cm_common<__details::__cm_elem_of<_A>, __details::__cm_elem_of<_B>>>,       \
                    __details::__cm_width<_A, _B>>

template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_add(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  __cm_val<_C, _N> __x = __cm_operand<_C, _N>(__a), __y = __cm_operand<_C, _N>(__b);
  if constexpr (__cm_is_int<_RT> && __cm_is_int<_C>)
    return __cm_make<_RT, _N>(__cm_pick<_RT, _N>(
        __flag, __cm_xy_add_sat<__cm_val<_RT, _N>, __cm_is_signed<_RT>, __cm_is_signed<_C>>(__x, __y), __cm_cvt<_RT, _N>(__cm_wrap_add<_C, _N>(__x, __y))));
  else
    return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _C>(__cm_wrap_add<_C, _N>(__x, __y), __flag));
}

template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_mul(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  __cm_val<_C, _N> __x = __cm_operand<_C, _N>(__a), __y = __cm_operand<_C, _N>(__b);
  if constexpr (__cm_is_int<_RT> && __cm_is_int<_C> && sizeof(_C) < 8)
    return __cm_make<_RT, _N>(__cm_pick<_RT, _N>(
        __flag, __cm_xy_mul_sat<__cm_val<_RT, _N>, __cm_is_signed<_RT>, __cm_is_signed<_C>>(__x, __y), __cm_cvt<_RT, _N>(__cm_wrap_mul<_C, _N>(__x, __y))));
  else
    return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _C>(__cm_wrap_mul<_C, _N>(__x, __y), __flag));
}

// ---- min, max, abs -----------------------------------------------------------------------------------------

template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_max(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  return __cm_make<_RT, _N>(
      __cm_convert<_RT, _N, _C>(__cm_minmax<true, _C, _N>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b)), __flag));
}

template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_min(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  return __cm_make<_RT, _N>(
      __cm_convert<_RT, _N, _C>(__cm_minmax<false, _C, _N>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b)), __flag));
}

// cm_abs: the exact absolute value (computed in the promoted type and read as unsigned, where it always fits),
// converted to R (default: the operand's element type; without SAT the minimum signed value stays itself).
template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, __details::__cm_elem_of<_X>>, __details::__cm_count<_X>>
cm_abs(const _X &__x, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _E = __cm_elem_of<_X>;
  using _RT = __cm_or<_R, _E>;
  constexpr int _N = __cm_count<_X>;
  if constexpr (__cm_is_float<_E>) {
    using _V = __cm_val<_E, _N>;
    return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _E>(__cm_genx_absf<_V>(__cm_operand<_E, _N>(__x)), __flag));
  } else {
    using _C = __cm_promote<_E>;
    using _U = __cm_unsigned<_C>;
    __cm_val<_C, _N> __a = __cm_genx_absi<__cm_val<_C, _N>>(__cm_operand<_C, _N>(__x));
    return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _U>(__cm_cvt<_U, _N>(__a), __flag));
  }
}

// ---- transcendental and rounding (float computation) -------------------------------------------------------

// Intel's headers declare these as `template <int SZ> vector<float, SZ> cm_sin(vector<float, SZ>, int flag)`
// (`template <int N1, int N2>` for a matrix, `template <typename RT, int SZ>` for the rounding functions), so real
// code spells the size (`cm_sin<96>(theta)`, `cm_rndd<int, 16>(x)`): each builtin also takes an explicit element
// count N (or rows and columns), with or without the result type first; the operand must have N elements or be
// a scalar (broadcast), and the result is a vector of N.
#define __CM_FLOAT_UNARY_BODY(__callee, _R, _N)                                                                      \
  using namespace __details;                                                                                       \
  using _C = __cm_float_of<__cm_elem_of<_X>>;                                                                         \
  using _RT = __cm_or<_R, _C>;                                                                                      \
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _C>(__callee<__cm_val<_C, _N>>(__cm_operand<_C, _N>(__x)), __flag));
#define __CM_SIZED_OK(_X, _N) __details::__cm_if<__details::__cm_ok<_X> && (__details::__cm_count<_X> == (_N) || __details::__cm_count<_X> == 0)>
#define __CM_FLOAT_UNARY(__name, __intrinsic)                                                                          \
  template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>                        \
  __CM_INLINE __details::__cm_ret<__details::__cm_or<_R, __details::__cm_float_of<__details::__cm_elem_of<_X>>>,                \
                                __details::__cm_count<_X>>                                                                \
  __name(const _X &__x, int __flag = _GENX_NOSAT) {                                                                       \
    __CM_FLOAT_UNARY_BODY(__cm_genx_##__intrinsic, _R, __cm_count<_X>)                                                             \
  }                                                                                                                \
  template <int _N, typename _X, typename = __CM_SIZED_OK(_X, _N)>                                                     \
  __CM_INLINE ::vector<__details::__cm_float_of<__details::__cm_elem_of<_X>>, _N> __name(const _X &__x, int __flag = _GENX_NOSAT) { \
    __CM_FLOAT_UNARY_BODY(__cm_genx_##__intrinsic, void, _N)                                                                      \
  }                                                                                                                \
  template <int _Rows, int _Cols, typename _X, typename = __CM_SIZED_OK(_X, _Rows * _Cols)>                              \
  __CM_INLINE ::vector<__details::__cm_float_of<__details::__cm_elem_of<_X>>, _Rows * _Cols> __name(const _X &__x,              \
                                                                                     int __flag = _GENX_NOSAT) {     \
    __CM_FLOAT_UNARY_BODY(__cm_genx_##__intrinsic, void, _Rows * _Cols)                                                            \
  }                                                                                                                \
  template <typename _R, int _N, typename _X, typename = __CM_SIZED_OK(_X, _N)>                                         \
  __CM_INLINE ::vector<_R, _N> __name(const _X &__x, int __flag = _GENX_NOSAT) {                                            \
    __CM_FLOAT_UNARY_BODY(__cm_genx_##__intrinsic, _R, _N)                                                                         \
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

template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, __details::__cm_float_of<__details::__cm_elem_of<_A>>>,
                              __details::__cm_width<_A, _B>>
cm_pow(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_float_of<__cm_elem_of<_A>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  return __cm_make<_RT, _N>(
      __cm_convert<_RT, _N, _C>(__cm_genx_pow<__cm_val<_C, _N>>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b)), __flag));
}

// cm_pow<N>(a, b) and cm_div_ieee<N>(a, b): Intel's `template <int SZ, typename U>` forms.
#define __CM_FLOAT_BINARY_SIZED(__name, __intrinsic)                                                                   \
  template <int _N, typename _A, typename _B,                                                                         \
            typename = __details::__cm_if<__details::__cm_all_ok<_A, _B> &&                                               \
                                        (__details::__cm_width<_A, _B> == _N || __details::__cm_width<_A, _B> == 0)>>        \
  __CM_INLINE ::vector<__details::__cm_float_of<__details::__cm_elem_of<_A>>, _N> __name(const _A &__a, const _B &__b,             \
                                                                            int __flag = _GENX_NOSAT) {              \
    using namespace __details;                                                                                       \
    using _C = __cm_float_of<__cm_elem_of<_A>>;                                                                         \
    return __cm_make<_C, _N>(                                                                                        \
        __cm_convert<_C, _N, _C>(__cm_genx_##__intrinsic<__cm_val<_C, _N>>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b)), __flag)); \
  }
__CM_FLOAT_BINARY_SIZED(cm_pow, pow)
__CM_FLOAT_BINARY_SIZED(cm_div_ieee, ieee_div)

namespace __details {
// DP2/DP3/DP4/DPH, LINE and LRP exist up to Gen11; IGC 1.0.12504 reports "INVALID opcode" for them on Xe (Gen12
// and later), as the instructions are gone there, so from Gen12 on these builtins are computed with ordinary
// multiplies and adds (one rounding per operation, where the instruction rounds once).
constexpr bool __cm_native_dot = __cm_genx_before(1200);
// Per group of four lanes: sum of a[j] * b[j] for j < K (plus b[3] when H), replicated in the group's lanes.
template <int _K, bool _H, int _N> __CM_INLINE __cm_vec<float, _N> __cm_dot_arith(__cm_vec<float, _N> __a, __cm_vec<float, _N> __b) {
  __cm_vec<float, _N / 4> __sum = __cm_region_read<float, _N / 4>(__a, 0, _N / 4, 4, 0) * __cm_region_read<float, _N / 4>(__b, 0, _N / 4, 4, 0);
  if constexpr (_K > 1)
    __sum += __cm_region_read<float, _N / 4>(__a, 0, _N / 4, 4, 1) * __cm_region_read<float, _N / 4>(__b, 0, _N / 4, 4, 1);
  if constexpr (_K > 2)
    __sum += __cm_region_read<float, _N / 4>(__a, 0, _N / 4, 4, 2) * __cm_region_read<float, _N / 4>(__b, 0, _N / 4, 4, 2);
  if constexpr (_K > 3)
    __sum += __cm_region_read<float, _N / 4>(__a, 0, _N / 4, 4, 3) * __cm_region_read<float, _N / 4>(__b, 0, _N / 4, 4, 3);
  if constexpr (_H)
    __sum += __cm_region_read<float, _N / 4>(__b, 0, _N / 4, 4, 3);
  return __cm_region_read<float, _N>(__sum, 1, 4, 0, 0);
}
} // namespace __details

// cm_dp2/dp3/dp4: per group of four elements, the 2-, 3- or 4-wide dot product, replicated in the group.
#define __CM_DOT(__name, __intrinsic, _K, _H)                                                                            \
  template <typename _R = void, typename _A, typename _B,                                                              \
            typename = __details::__cm_if<__details::__cm_all_ok<_A, _B> && __details::__cm_obj<_A>>>                        \
  __CM_INLINE __details::__cm_ret<__details::__cm_or<_R, float>, __details::__cm_count<_A>> __name(const _A &__a, const _B &__b,       \
                                                                                    int __flag = _GENX_NOSAT) {      \
    using namespace __details;                                                                                       \
    constexpr int _N = __cm_count<_A>;                                                                                   \
    static_assert(_N % 4 == 0, #__name ": the element count must be a multiple of 4");                                \
    using _RT = __cm_or<_R, float>;                                                                                  \
    __cm_vec<float, _N> __x = __cm_operand<float, _N>(__a), __y = __cm_operand<float, _N>(__b), __r;                            \
    if constexpr (__cm_native_dot)                                                                                 \
      __r = __cm_genx_##__intrinsic<__cm_vec<float, _N>>(__x, __y);                                                         \
    else                                                                                                           \
      __r = __cm_dot_arith<_K, _H, _N>(__x, __y);                                                                           \
    return __cm_make<_RT, _N>(__cm_convert<_RT, _N, float>(__r, __flag));                                                  \
  }
__CM_DOT(cm_dp2, dp2, 2, false)
__CM_DOT(cm_dp3, dp3, 3, false)
__CM_DOT(cm_dp4, dp4, 4, false)
__CM_DOT(cm_dph, dph, 3, true) // a0*b0 + a1*b1 + a2*b2 + b3 per group of four
#undef __CM_DOT

// cm_line(p, x): p[0] * x + p[3] for every element of x (genx.line; p is a 4-element vector).
template <typename _R = void, typename _P, typename _X,
          typename = __details::__cm_if<__details::__cm_obj<_P> && __details::__cm_obj<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, float>, __details::__cm_count<_X>> cm_line(const _P &__p, const _X &__x,
                                                                                       int __flag = _GENX_NOSAT) {
  using namespace __details;
  constexpr int _N = __cm_count<_X>;
  static_assert(__cm_count<_P> == 4, "cm_line: the coefficients are a vector of 4");
  static_assert(_N % 8 == 0, "cm_line: the element count must be a multiple of 8");
  using _RT = __cm_or<_R, float>;
  __cm_vec<float, 4> __c = __cm_operand<float, 4>(__p);
  __cm_vec<float, _N> __v = __cm_operand<float, _N>(__x), __r;
  if constexpr (__cm_native_dot)
    __r = __cm_genx_line<__cm_vec<float, _N>>(__c, __v);
  else
    __r = __c[0] * __v + __c[3];
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, float>(__r, __flag));
}

// IEEE-exact square root and division (float or double; other operands compute in float).
// Known limitation: IGC 1.0.12504's vISA builder aborts on genx.ieee.sqrt / ieee.div of float for icllp, tgllp,
// dg1 and adl-p; the IR is what cmc emits (docs/cmc-compat.md §3), the executor runs it.
__CM_FLOAT_UNARY(cm_sqrt_ieee, ieee_sqrt)

template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, __details::__cm_float_of<__details::__cm_common<__details::__cm_elem_of<_A>, __details::__cm_elem_of<_B>>>>,
                              __details::__cm_width<_A, _B>>
cm_div_ieee(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_float_of<__cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  return __cm_make<_RT, _N>(
      __cm_convert<_RT, _N, _C>(__cm_genx_ieee_div<__cm_val<_C, _N>>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b)), __flag));
}

// cm_sincos(cos, x): the sine of x; the cosine goes to `cos`.
template <typename _K, typename _X, typename = __details::__cm_if<__details::__cm_ok<_K> && __details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_float_of<__details::__cm_elem_of<_X>>, __details::__cm_count<_X>>
cm_sincos(_K &&__cos, const _X &__x, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_float_of<__cm_elem_of<_X>>;
  constexpr int _N = __cm_count<_X>;
  __cm_val<_C, _N> __v = __cm_operand<_C, _N>(__x);
  __cm_put<_N>(__cos, __cm_convert<_C, _N, _C>(__cm_genx_cos<__cm_val<_C, _N>>(__v), __flag));
  return __cm_make<_C, _N>(__cm_convert<_C, _N, _C>(__cm_genx_sin<__cm_val<_C, _N>>(__v), __flag));
}

// ---- integer builtins --------------------------------------------------------------------------------------

// cm_avg: (a + b + 1) >> 1 on the exact values (computation type: the usual arithmetic conversions).
template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_avg(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  static_assert(__cm_is_int<_C> && __cm_is_int<_RT>, "cm_avg takes and returns integers");
  using _V = __cm_val<_RT, _N>;
  __cm_val<_C, _N> __x = __cm_operand<_C, _N>(__a), __y = __cm_operand<_C, _N>(__b);
  return __cm_make<_RT, _N>(__cm_pick<_RT, _N>(__flag, __cm_xy_avg_sat<_V, __cm_is_signed<_RT>, __cm_is_signed<_C>>(__x, __y),
                                           __cm_xy_avg<_V, __cm_is_signed<_RT>, __cm_is_signed<_C>>(__x, __y)));
}

#define __CM_SHIFT_RET(_A, _B)                                                                                        \
  __details::__cm_ret<__details::__cm_or<_R, __details::__cm_promote<__details::__cm_elem_of<_A>>>, __details::__cm_width<_A, _B>>

// cm_shl: a (promoted) shifted left by the low bits of b; with SAT, clamped to R.
template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_SHIFT_RET(_A, _B) cm_shl(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_promote<__cm_elem_of<_A>>;
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  static_assert(__cm_is_int<_C> && __cm_is_int<_RT>, "cm_shl takes and returns integers");
  using _V = __cm_val<_RT, _N>;
  __cm_val<_C, _N> __x = __cm_operand<_C, _N>(__a), __y = __cm_operand<_C, _N>(__b);
  return __cm_make<_RT, _N>(__cm_pick<_RT, _N>(__flag, __cm_xy_shl_sat<_V, __cm_is_signed<_RT>, __cm_is_signed<_C>>(__x, __y),
                                           __cm_xy_shl<_V, __cm_is_signed<_RT>, __cm_is_signed<_C>>(__x, __y)));
}

// Right shifts: a promoted, then read as signed (asr), unsigned (lsr) or as it is (shr, the >> operator),
// shifted by the low 6 bits of b (5 for 32-bit values), converted to R (saturating with SAT).
namespace __details {
template <int _Kind, typename _R, typename _A, typename _B>
__CM_INLINE __CM_SHIFT_RET(_A, _B) __cm_shift_right(const _A &__a, const _B &__b, int __flag) {
  using _P = __cm_promote<__cm_elem_of<_A>>;
  static_assert(__cm_is_int<_P>, "right shifts take integers");
  using _U = __cm_unsigned<_P>;
  using _Signed = __cm_cond<sizeof(_P) == 8, long long, int>;
  using _C = __cm_cond<_Kind == 0, _P, __cm_cond<_Kind == 1, _Signed, _U>>;
  using _RT = __cm_or<_R, _P>;
  constexpr int _N = __cm_width<_A, _B>;
  __cm_val<_C, _N> __x = __cm_operand<_C, _N>(__a);
  __cm_val<_C, _N> __n = __cm_operand<_C, _N>(__b) & (_C)(sizeof(_C) * 8 - 1);
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _C>(__x >> __n, __flag));
}
} // namespace __details
template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_SHIFT_RET(_A, _B) cm_shr(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  return __details::__cm_shift_right<0, _R>(__a, __b, __flag);
}
template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_SHIFT_RET(_A, _B) cm_asr(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  return __details::__cm_shift_right<1, _R>(__a, __b, __flag);
}
template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_SHIFT_RET(_A, _B) cm_lsr(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  return __details::__cm_shift_right<2, _R>(__a, __b, __flag);
}

// cm_quot / cm_mod: C++ division and remainder (truncating) in the computation type; cm_div(rem, a, b) returns
// the quotient and stores the remainder into `rem`. Integers only; a zero divisor is undefined.
template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_quot(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  static_assert(__cm_is_int<_C>, "cm_quot takes integers");
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _C>(__cm_operand<_C, _N>(__a) / __cm_operand<_C, _N>(__b), __flag));
}
template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_mod(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  static_assert(__cm_is_int<_C>, "cm_mod takes integers");
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _C>(__cm_operand<_C, _N>(__a) % __cm_operand<_C, _N>(__b), __flag));
}
template <typename _R = void, typename _M, typename _A, typename _B,
          typename = __details::__cm_if<__details::__cm_all_ok<_A, _B> && __details::__cm_ok<_M>>>
__CM_INLINE __CM_BINARY_RET(_A, _B) cm_div(_M &&__rem, const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _C = __cm_common<__cm_elem_of<_A>, __cm_elem_of<_B>>;
  static_assert(__cm_is_int<_C>, "cm_div takes integers");
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_width<_A, _B>;
  __cm_val<_C, _N> __x = __cm_operand<_C, _N>(__a), __y = __cm_operand<_C, _N>(__b);
  __cm_put<_N>(__rem, __x % __y);
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _C>(__x / __y, __flag));
}

// cm_rol / cm_ror: rotate each element of a (at its own width) by the low bits of b (genx.rol / ror).
#define __CM_ROTATE(__name, __intrinsic)                                                                               \
  template <typename _R = void, typename _A, typename _B, typename = __details::__cm_if<__details::__cm_all_ok<_A, _B>>>    \
  __CM_INLINE __details::__cm_ret<__details::__cm_or<_R, __details::__cm_elem_of<_A>>, __details::__cm_width<_A, _B>> __name(     \
      const _A &__a, const _B &__b) {                                                                                     \
    using namespace __details;                                                                                       \
    using _C = __cm_elem_of<_A>;                                                                                     \
    static_assert(__cm_is_int<_C>, #__name " takes integers");                                                        \
    using _RT = __cm_or<_R, _C>;                                                                                      \
    constexpr int _N = __cm_width<_A, _B>;                                                                            \
    return __cm_make<_RT, _N>(__cm_genx_##__intrinsic<__cm_val<_RT, _N>>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b)));  \
  }
__CM_ROTATE(cm_rol, rol)
__CM_ROTATE(cm_ror, ror)
#undef __CM_ROTATE

// cm_lzd: leading zeros of the 32-bit unsigned value.
template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, unsigned>, __details::__cm_count<_X>> cm_lzd(const _X &__x,
                                                                                       int __flag = _GENX_NOSAT) {
  using namespace __details;
  using _RT = __cm_or<_R, unsigned>;
  constexpr int _N = __cm_count<_X>;
  return __cm_make<_RT, _N>(
      __cm_convert<_RT, _N, unsigned>(__cm_genx_lzd<__cm_val<unsigned, _N>>(__cm_operand<unsigned, _N>(__x)), __flag));
}

// cm_cbit: bits set in each element (counted at the element's own width).
template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, unsigned>, __details::__cm_count<_X>> cm_cbit(const _X &__x) {
  using namespace __details;
  using _E = __cm_elem_of<_X>;
  static_assert(__cm_is_int<_E>, "cm_cbit takes integers");
  using _RT = __cm_or<_R, unsigned>;
  constexpr int _N = __cm_count<_X>;
  return __cm_make<_RT, _N>(
      __cm_cvt<_RT, _N>(__cm_genx_cbit<__cm_val<unsigned, _N>>(__cm_operand<_E, _N>(__x))));
}

// cm_fbl: index of the lowest set bit of the 32-bit value (0xFFFFFFFF for 0).
template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, unsigned>, __details::__cm_count<_X>> cm_fbl(const _X &__x) {
  using namespace __details;
  using _RT = __cm_or<_R, unsigned>;
  constexpr int _N = __cm_count<_X>;
  return __cm_make<_RT, _N>(__cm_cvt<_RT, _N>(__cm_genx_fbl<__cm_val<unsigned, _N>>(__cm_operand<unsigned, _N>(__x))));
}

// cm_fbh: from the MSB, the first bit differing from the sign (signed) or the first set bit (unsigned).
template <typename _R = void, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<__details::__cm_or<_R, __details::__cm_promote<__details::__cm_elem_of<_X>>>, __details::__cm_count<_X>>
cm_fbh(const _X &__x) {
  using namespace __details;
  using _C = __cm_promote<__cm_elem_of<_X>>;
  static_assert(__cm_is_int<_C> && sizeof(_C) == 4, "cm_fbh takes 32-bit (or narrower) integers");
  using _RT = __cm_or<_R, _C>;
  constexpr int _N = __cm_count<_X>;
  using _V = __cm_val<_C, _N>;
  if constexpr (__cm_is_signed<_C>)
    return __cm_make<_RT, _N>(__cm_cvt<_RT, _N>(__cm_genx_sfbh<_V>(__cm_operand<_C, _N>(__x))));
  else
    return __cm_make<_RT, _N>(__cm_cvt<_RT, _N>(__cm_genx_ufbh<_V>(__cm_operand<_C, _N>(__x))));
}

// Bit fields (32-bit int or uint, the type of the value operand).
template <typename _W, typename _O, typename _V, typename _S,
          typename = __details::__cm_if<__details::__cm_all_ok<_W, _O, _V, _S>>>
__CM_INLINE __details::__cm_ret<__details::__cm_promote<__details::__cm_elem_of<_S>>, __details::__cm_width<_W, _O, _V, _S>>
cm_bf_insert(const _W &__width, const _O &__offset, const _V &__val, const _S &__src) {
  using namespace __details;
  using _C = __cm_promote<__cm_elem_of<_S>>;
  static_assert(__cm_is_int<_C> && sizeof(_C) == 4, "cm_bf_insert takes int or uint");
  constexpr int _N = __cm_width<_W, _O, _V, _S>;
  return __cm_make<_C, _N>(__cm_genx_bfi<__cm_val<_C, _N>>(__cm_operand<_C, _N>(__width), __cm_operand<_C, _N>(__offset),
                                                       __cm_operand<_C, _N>(__val), __cm_operand<_C, _N>(__src)));
}

template <typename _W, typename _O, typename _S, typename = __details::__cm_if<__details::__cm_all_ok<_W, _O, _S>>>
__CM_INLINE __details::__cm_ret<__details::__cm_promote<__details::__cm_elem_of<_S>>, __details::__cm_width<_W, _O, _S>>
cm_bf_extract(const _W &__width, const _O &__offset, const _S &__src) {
  using namespace __details;
  using _C = __cm_promote<__cm_elem_of<_S>>;
  static_assert(__cm_is_int<_C> && sizeof(_C) == 4, "cm_bf_extract takes int or uint");
  constexpr int _N = __cm_width<_W, _O, _S>;
  using _V = __cm_val<_C, _N>;
  if constexpr (__cm_is_signed<_C>)
    return __cm_make<_C, _N>(__cm_genx_sbfe<_V>(__cm_operand<_C, _N>(__width), __cm_operand<_C, _N>(__offset), __cm_operand<_C, _N>(__src)));
  else
    return __cm_make<_C, _N>(__cm_genx_ubfe<_V>(__cm_operand<_C, _N>(__width), __cm_operand<_C, _N>(__offset), __cm_operand<_C, _N>(__src)));
}

template <typename _S, typename = __details::__cm_if<__details::__cm_ok<_S>>>
__CM_INLINE __details::__cm_ret<__details::__cm_promote<__details::__cm_elem_of<_S>>, __details::__cm_count<_S>>
cm_bf_reverse(const _S &__src) {
  using namespace __details;
  using _C = __cm_promote<__cm_elem_of<_S>>;
  static_assert(__cm_is_int<_C> && sizeof(_C) == 4, "cm_bf_reverse takes int or uint");
  constexpr int _N = __cm_count<_S>;
  return __cm_make<_C, _N>(__cm_genx_bfrev<__cm_val<_C, _N>>(__cm_operand<_C, _N>(__src)));
}

// cm_bfn<F>(s0, s1, s2) (cmlangspec §4.3): the bitwise boolean function F of three inputs, F an expression of
// BFN_X, BFN_Y, BFN_Z (standing for s0, s1, s2) with ~, &, | and ^. F is the function's truth table: bit
// 4*x + 2*y + z of F is the result for the input bits (x, y, z), so BFN_X = 0xF0, BFN_Y = 0xCC, BFN_Z = 0xAA and
// the operators on BFNT compute the table of the expression. The operands are all scalars or all vectors of one
// 16- or 32-bit integer type; the result has that type. From Xe-HP on (CM_GENX >= 1270) it is the BFN instruction
// (genx.bfn, whose table index is src0 + 2*src1 + 4*src2, so the operands go in the order s2, s1, s0); before, the
// OR of the minterms F selects, in and/or/not.
enum BFNT : unsigned char { BFN_X = 0xF0, BFN_Y = 0xCC, BFN_Z = 0xAA };
namespace __details {
// The OR of the minterms _K.. 7 that the truth table _F selects, unrolled at compile time.
template <unsigned _F, int _K, typename _V> __CM_INLINE _V __cm_bfn_minterms(_V __x, _V __y, _V __z) {
  if constexpr (_K == 8) {
    return __x ^ __x;
  } else if constexpr ((_F >> _K & 1) == 0) {
    return __cm_bfn_minterms<_F, _K + 1>(__x, __y, __z);
  } else {
    _V __a, __b, __c;
    if constexpr ((_K & 4) != 0) __a = __x; else __a = ~__x;
    if constexpr ((_K & 2) != 0) __b = __y; else __b = ~__y;
    if constexpr ((_K & 1) != 0) __c = __z; else __c = ~__z;
    return (_V)((__a & __b & __c) | __cm_bfn_minterms<_F, _K + 1>(__x, __y, __z));
  }
}
} // namespace __details
constexpr BFNT operator~(BFNT __a) { return (BFNT)(unsigned char)~(unsigned)__a; }
constexpr BFNT operator&(BFNT __a, BFNT __b) { return (BFNT)((unsigned)__a & (unsigned)__b); }
constexpr BFNT operator|(BFNT __a, BFNT __b) { return (BFNT)((unsigned)__a | (unsigned)__b); }
constexpr BFNT operator^(BFNT __a, BFNT __b) { return (BFNT)((unsigned)__a ^ (unsigned)__b); }

template <BFNT _F, typename _A, typename _B, typename _D,
          typename = __details::__cm_if<__details::__cm_all_ok<_A, _B, _D>>>
__CM_INLINE __details::__cm_ret<__details::__cm_elem_of<_A>, __details::__cm_width<_A, _B, _D>>
cm_bfn(const _A &__s0, const _B &__s1, const _D &__s2) {
  using namespace __details;
  using _C = __cm_elem_of<_A>;
  static_assert(__cm_same<_C, __cm_elem_of<_B>> && __cm_same<_C, __cm_elem_of<_D>>,
                "cm_bfn: the three operands have the same element type");
  static_assert(__cm_is_int<_C> && (sizeof(_C) == 2 || sizeof(_C) == 4), "cm_bfn takes short, ushort, int or uint");
  static_assert((__cm_count<_A> == 0) == (__cm_count<_B> == 0) && (__cm_count<_A> == 0) == (__cm_count<_D> == 0),
                "cm_bfn: the operands are all scalars or all vectors");
  constexpr int _N = __cm_width<_A, _B, _D>;
  using _V = __cm_val<_C, _N>;
  _V __x = __cm_operand<_C, _N>(__s0), __y = __cm_operand<_C, _N>(__s1), __z = __cm_operand<_C, _N>(__s2);
  if constexpr (!__cm_genx_before(1270)) {
    return __cm_make<_C, _N>(__cm_genx_bfn<_V>(__z, __y, __x, (char)_F));
  } else {
    return __cm_make<_C, _N>(__cm_bfn_minterms<(unsigned)_F, 0>(__x, __y, __z));
  }
}

namespace __details {
// The two fields of addc/subb ({carry, sum}) and simad/uimad ({hi, lo}): a struct the call returns through sret.
template <typename _V> struct __cm_pair {
  _V __first;
  _V __second;
};
} // namespace __details

// cm_addc(a, b, carry): the 32-bit unsigned sum; the carries go to `carry`.
template <typename _A, typename _B, typename _K,
          typename = __details::__cm_if<__details::__cm_all_ok<_A, _B> && __details::__cm_ok<_K>>>
__CM_INLINE __details::__cm_ret<unsigned, __details::__cm_width<_A, _B>> cm_addc(const _A &__a, const _B &__b, _K &&__carry) {
  using namespace __details;
  constexpr int _N = __cm_width<_A, _B>;
  using _V = __cm_val<unsigned, _N>;
  __cm_pair<_V> __r = __cm_genx_addc<__cm_pair<_V>>(__cm_operand<unsigned, _N>(__a), __cm_operand<unsigned, _N>(__b));
  __cm_put<_N>(__carry, __r.__first);
  return __cm_make<unsigned, _N>(__r.__second);
}

// cm_subb(a, b, borrow): the 32-bit unsigned difference; the borrows go to `borrow`.
template <typename _A, typename _B, typename _K,
          typename = __details::__cm_if<__details::__cm_all_ok<_A, _B> && __details::__cm_ok<_K>>>
__CM_INLINE __details::__cm_ret<unsigned, __details::__cm_width<_A, _B>> cm_subb(const _A &__a, const _B &__b, _K &&__borrow) {
  using namespace __details;
  constexpr int _N = __cm_width<_A, _B>;
  using _V = __cm_val<unsigned, _N>;
  __cm_pair<_V> __r = __cm_genx_subb<__cm_pair<_V>>(__cm_operand<unsigned, _N>(__a), __cm_operand<unsigned, _N>(__b));
  __cm_put<_N>(__borrow, __r.__first);
  return __cm_make<unsigned, _N>(__r.__second);
}

// cm_imul(lo, a, b): the high 32 bits of the 64-bit product (signed when either operand is signed); the low 32
// bits go to `lo`.
template <typename _L, typename _A, typename _B,
          typename = __details::__cm_if<__details::__cm_all_ok<_A, _B> && __details::__cm_ok<_L>>>
__CM_INLINE __details::__cm_ret<__details::__cm_cond<__details::__cm_is_signed<__details::__cm_elem_of<_A>> ||
                                                     __details::__cm_is_signed<__details::__cm_elem_of<_B>>,
                                                 int, unsigned>,
                              __details::__cm_width<_A, _B>>
cm_imul(_L &&__lo, const _A &__a, const _B &__b) {
  using namespace __details;
  constexpr bool _S = __cm_is_signed<__cm_elem_of<_A>> || __cm_is_signed<__cm_elem_of<_B>>;
  using _C = __cm_cond<_S, int, unsigned>;
  constexpr int _N = __cm_width<_A, _B>;
  using _V = __cm_val<_C, _N>;
  __cm_val<_C, _N> __zero = (_C)0;
  __cm_pair<_V> __r;
  if constexpr (_S)
    __r = __cm_genx_simad<__cm_pair<_V>>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b), __zero);
  else
    __r = __cm_genx_uimad<__cm_pair<_V>>(__cm_operand<_C, _N>(__a), __cm_operand<_C, _N>(__b), __zero);
  __cm_put<_N>(__lo, __r.__second);
  return __cm_make<_C, _N>(__r.__first);
}

// ---- legacy vector operations: sad2, sada2, lrp, pln -------------------------------------------------------

namespace __details {
// The byte type of sad2's operands (signed when the first operand's element type is) and the word type of its
// result and accumulator (signed when the result type is).
template <typename _T> using __cm_sad_byte = __cm_cond<__cm_is_signed<_T>, signed char, unsigned char>;
template <typename _T> using __cm_sad_word = __cm_cond<__cm_is_signed<_T>, short, unsigned short>;
} // namespace __details

namespace __details {
// SAD2 exists on Gen9 only (IGC 1.0.12504's GenXSubtarget::hasSad2Support: not on Gen11, Xe-LP, Xe-HPG, Xe-HPC),
// so elsewhere the pair sums are computed with ordinary arithmetic: |a - b| in int, the odd lane of each pair added
// to the even one through two stride-2 regions, written back to the even lanes (the odd lanes become 0 where the
// instruction leaves them undefined).
constexpr bool __cm_native_sad2 = __cm_genx_before(1100);
template <typename _E, int _N> __CM_INLINE __cm_vec<int, _N / 2> __cm_pair_sad(__cm_vec<_E, _N> __x, __cm_vec<_E, _N> __y) {
  __cm_vec<int, _N> __d = __cm_cvt<int, _N>(__x) - __cm_cvt<int, _N>(__y);
  __d = __cm_genx_absi<__cm_vec<int, _N>>(__d);
  return __cm_region_read<int, _N / 2>(__d, 0, _N / 2, 2, 0) + __cm_region_read<int, _N / 2>(__d, 0, _N / 2, 2, 1);
}
template <typename _W, int _N> __CM_INLINE __cm_vec<_W, _N> __cm_even_lanes(__cm_vec<_W, _N / 2> __v) {
  __cm_vec<_W, _N> __out = (_W)0;
  return __cm_region_write<_W, _N, _N / 2>(__out, __v, 0, _N / 2, 2, 0);
}
} // namespace __details

// cm_sad2<R>(a, b): per pair of byte lanes (2i, 2i+1), |a - b| summed into lane 2i (genx.ssad2 / usad2 on Gen9,
// the arithmetic above elsewhere); the odd lanes of the result are undefined (vISA SAD2). The operands are
// converted to bytes (signed when a's element type is), R (default: the word type) receives the sums.
template <typename _R = void, typename _A, typename _B,
          typename = __details::__cm_if<__details::__cm_all_ok<_A, _B> && __details::__cm_obj<_A>>>
__CM_INLINE ::vector<__details::__cm_or<_R, __details::__cm_sad_word<__details::__cm_elem_of<_A>>>, __details::__cm_count<_A>>
cm_sad2(const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  constexpr int _N = __cm_count<_A>;
  static_assert(_N % 2 == 0, "cm_sad2: the element count must be even");
  using _E = __cm_sad_byte<__cm_elem_of<_A>>;
  using _W = __cm_sad_word<__cm_elem_of<_A>>;
  using _RT = __cm_or<_R, _W>;
  __cm_vec<_E, _N> __x = __cm_operand<_E, _N>(__a), __y = __cm_operand<_E, _N>(__b);
  __cm_vec<_W, _N> __sums;
  if constexpr (!__cm_native_sad2)
    __sums = __cm_even_lanes<_W, _N>(__cm_cvt<_W, _N / 2>(__cm_pair_sad<_E, _N>(__x, __y)));
  else if constexpr (__cm_is_signed<_E>)
    __sums = __cm_genx_ssad2<__cm_vec<_W, _N>>(__x, __y);
  else
    __sums = __cm_genx_usad2<__cm_vec<_W, _N>>(__x, __y);
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, _W>(__sums, __flag));
}

// cm_sada2<R>(a, b, acc): cm_sad2's sums plus acc (words, signed when R is) in the even lanes (genx.xysad2add on
// Gen9, x = R's signedness, y = the bytes'); with SAT the addition saturates to the word type.
template <typename _R = void, typename _A, typename _B, typename _K,
          typename = __details::__cm_if<__details::__cm_all_ok<_A, _B, _K> && __details::__cm_obj<_A>>>
__CM_INLINE ::vector<__details::__cm_or<_R, __details::__cm_sad_word<__details::__cm_elem_of<_A>>>, __details::__cm_count<_A>>
cm_sada2(const _A &__a, const _B &__b, const _K &__acc, int __flag = _GENX_NOSAT) {
  using namespace __details;
  constexpr int _N = __cm_count<_A>;
  static_assert(_N % 2 == 0, "cm_sada2: the element count must be even");
  using _E = __cm_sad_byte<__cm_elem_of<_A>>;
  using _RT = __cm_or<_R, __cm_sad_word<__cm_elem_of<_A>>>;
  using _W = __cm_sad_word<_RT>;
  using _V = __cm_vec<_W, _N>;
  __cm_vec<_E, _N> __x = __cm_operand<_E, _N>(__a), __y = __cm_operand<_E, _N>(__b);
  _V __c = __cm_operand<_W, _N>(__acc);
  _V __sums;
  if constexpr (!__cm_native_sad2) {
    __cm_vec<int, _N / 2> __total = __cm_pair_sad<_E, _N>(__x, __y) + __cm_cvt<int, _N / 2>(__cm_region_read<_W, _N / 2>(__c, 0, _N / 2, 2, 0));
    __sums = __cm_even_lanes<_W, _N>(__cm_convert<_W, _N / 2, int>(__total, __flag));
  } else {
    _V __plain = __cm_xy_sad2add<_V, __cm_is_signed<_W>, __cm_is_signed<_E>>(__x, __y, __c);
    _V __sat = __cm_xy_sad2add_sat<_V, __cm_is_signed<_W>, __cm_is_signed<_E>>(__x, __y, __c);
    __sums = __cm_pick<_W, _N>(__flag, __sat, __plain);
  }
  return __cm_make<_RT, _N>(__cm_cvt<_RT, _N>(__sums));
}

// cm_dp4a<R>(acc, a, b [, SAT]): per dword lane, acc plus the dot product of the four bytes of a and b
// (genx.xydp4a: x = R's signedness, y = the accumulator's, the choice DPC++ ESIMD makes; R defaults to the
// accumulator's type; all dwords). From Xe-LP on (CM_HAS_DP4A); IGC 1.0.12504 cannot compile it for Gen11, so
// elsewhere the call is refused.
#if defined(CM_HAS_DP4A)
template <typename _R = void, typename _K, typename _A, typename _B,
          typename = __details::__cm_if<__details::__cm_all_ok<_K, _A, _B> && __details::__cm_obj<_K>>>
__CM_INLINE ::vector<__details::__cm_or<_R, __details::__cm_elem_of<_K>>, __details::__cm_count<_K>>
cm_dp4a(const _K &__acc, const _A &__a, const _B &__b, int __flag = _GENX_NOSAT) {
  using namespace __details;
  constexpr int _N = __cm_count<_K>;
  using _E = __cm_elem_of<_K>;
  using _RT = __cm_or<_R, _E>;
  static_assert(__cm_is_int<_E> && sizeof(_E) == 4 && __cm_is_int<_RT> && sizeof(_RT) == 4,
                "cm_dp4a: the accumulator and the result must be int or uint");
  using _V = __cm_vec<_RT, _N>;
  __cm_vec<_E, _N> __c = __cm_operand<_E, _N>(__acc), __x = __cm_operand<_E, _N>(__a), __y = __cm_operand<_E, _N>(__b);
  _V __plain = __cm_xy_dp4a<_V, __cm_is_signed<_RT>, __cm_is_signed<_E>>(__c, __x, __y);
  _V __sat = __cm_xy_dp4a_sat<_V, __cm_is_signed<_RT>, __cm_is_signed<_E>>(__c, __x, __y);
  return __cm_make<_RT, _N>(__cm_pick<_RT, _N>(__flag, __sat, __plain));
}
#else
template <typename _R = void, typename... _Args>
int cm_dp4a(const _Args &...)
    __attribute__((__diagnose_if__(true, "cm_dp4a is not supported on this platform: DP4A exists from Xe-LP on "
                                         "(-march=tgllp and later)",
                                   "error")));
#endif

// cm_lrp(u, v, w) = v * u + w * (1 - u) in float, lane by lane (genx.lrp up to Gen11, multiplies and adds from
// Gen12 on; a multiple of 4 elements), then R
// (default float) with SAT as usual.
template <typename _R = void, typename _U, typename _V, typename _W,
          typename = __details::__cm_if<__details::__cm_all_ok<_U, _V, _W> && __details::__cm_obj<_U>>>
__CM_INLINE ::vector<__details::__cm_or<_R, float>, __details::__cm_count<_U>> cm_lrp(const _U &__u, const _V &__v, const _W &__w,
                                                                             int __flag = _GENX_NOSAT) {
  using namespace __details;
  constexpr int _N = __cm_count<_U>;
  static_assert(_N % 4 == 0, "cm_lrp: the element count must be a multiple of 4");
  using _RT = __cm_or<_R, float>;
  using _F = __cm_vec<float, _N>;
  _F __x = __cm_operand<float, _N>(__u), __y = __cm_operand<float, _N>(__v), __z = __cm_operand<float, _N>(__w), __r;
  if constexpr (__cm_native_dot)
    __r = __cm_genx_lrp<_F>(__x, __y, __z);
  else
    __r = __y * __x + __z * (1.0f - __x);
  return __cm_make<_RT, _N>(__cm_convert<_RT, _N, float>(__r, __flag));
}
template <int _N, typename _U, typename _V, typename _W,
          typename = __details::__cm_if<__details::__cm_all_ok<_U, _V, _W> && __details::__cm_width<_U, _V, _W> == _N>>
__CM_INLINE ::vector<float, _N> cm_lrp(const _U &__u, const _V &__v, const _W &__w, int __flag = _GENX_NOSAT) {
  return cm_lrp<float>(__details::__cm_make<float, _N>(__details::__cm_operand<float, _N>(__u)), __v, __w, __flag);
}

// cm_pln(p, u, v) = p[0] * u + p[1] * v + p[3] in float, lane by lane (genx.pln, whose second operand holds u
// and v interleaved in blocks of 8: a multiple of 8 elements).
template <typename _R = void, typename _P, typename _U, typename _V,
          typename = __details::__cm_if<__details::__cm_obj<_P> && __details::__cm_all_ok<_U, _V> && __details::__cm_obj<_U>>>
__CM_INLINE ::vector<__details::__cm_or<_R, float>, __details::__cm_count<_U>> cm_pln(const _P &__p, const _U &__u, const _V &__v,
                                                                             int __flag = _GENX_NOSAT) {
  using namespace __details;
  constexpr int _N = __cm_count<_U>;
  static_assert(__cm_count<_P> == 4, "cm_pln: the coefficients are a vector of 4");
  static_assert(_N % 8 == 0, "cm_pln: the element count must be a multiple of 8");
  using _RT = __cm_or<_R, float>;
  __cm_vec<float, 2 * _N> __uv = 0.0f;
  __uv = __cm_region_write<float, 2 * _N, _N>(__uv, __cm_operand<float, _N>(__u), 16, 8, 1, 0);
  __uv = __cm_region_write<float, 2 * _N, _N>(__uv, __cm_operand<float, _N>(__v), 16, 8, 1, 8);
  return __cm_make<_RT, _N>(
      __cm_convert<_RT, _N, float>(__cm_genx_pln<__cm_vec<float, _N>>(__cm_operand<float, 4>(__p), __uv), __flag));
}
template <int _N, typename _P, typename _U, typename _V,
          typename = __details::__cm_if<__details::__cm_obj<_P> && __details::__cm_all_ok<_U, _V> && __details::__cm_width<_U, _V> == _N>>
__CM_INLINE ::vector<float, _N> cm_pln(const _P &__p, const _U &__u, const _V &__v, int __flag = _GENX_NOSAT) {
  return cm_pln<float>(__p, __details::__cm_make<float, _N>(__details::__cm_operand<float, _N>(__u)), __v, __flag);
}

namespace __details {
// The angle of (x, y) in (-pi, pi] in float: a degree-11 odd polynomial for atan on [0, 1] (minimax
// coefficients, error under 1e-5 rad) of min(|x|, |y|) / max(|x|, |y|), then the octant corrections;
// atan2(0, 0) = 0. Shared by cm_atan/cm_asin/cm_acos and cmtl::cm_atan2.
template <int _N> __CM_INLINE __cm_val<float, _N> __cm_atan2(__cm_val<float, _N> __y, __cm_val<float, _N> __x) {
  using _V = __cm_val<float, _N>;
  _V __ax = __cm_genx_absf<_V>(__x), __ay = __cm_genx_absf<_V>(__y);
  _V __hi = __cm_genx_fmax<_V>(__ax, __ay), __lo = __cm_genx_fmin<_V>(__ax, __ay);
  _V __zero = 0.0f;
  // t in [0, 1]; hi == 0 only when x == y == 0, where the angle is 0.
  _V __t = __lo / (__hi + (_V)(__hi == __zero ? 1.0f : 0.0f));
  _V __s = __t * __t;
  // atan(t) = t * P(t^2) on [0, 1], minimax coefficients (max error about 1e-5 rad). Each Horner step is two
  // statements, so clang does not fuse them into llvm.fmuladd, on which IGC 1.0.12504 fails past 16 lanes.
  _V __p = -0.0117212f;
  __p *= __s; __p += 0.05265332f;
  __p *= __s; __p -= 0.11643287f;
  __p *= __s; __p += 0.19354346f;
  __p *= __s; __p -= 0.33262347f;
  __p *= __s; __p += 0.99997726f;
  _V __a = __p * __t;
  const float __half_pi = 1.57079637f, __pi = 3.14159274f;
  if constexpr (_N == 0) {
    if (__ay > __ax) __a = __half_pi - __a;
    if (__x < 0.0f) __a = __pi - __a;
    if (__y < 0.0f) __a = -__a;
    return __a;
  } else {
    __a = __ay > __ax ? __half_pi - __a : __a;
    __a = __x < __zero ? __pi - __a : __a;
    return __y < __zero ? -__a : __a;
  }
}
} // namespace __details

// cm_atan(x), cm_asin(x), cm_acos(x) in float (cmlangspec §4.3: header functions in Intel's cmc too): through
// __cm_atan2 as atan2(x, 1), atan2(x, sqrt(1 - x^2)) and atan2(sqrt(1 - x^2), x) (NaN outside [-1, 1]).
#define __CM_INVERSE_TRIG(__name, _Y, _X)                                                                              \
  template <typename _R = void, typename _A, typename = __details::__cm_if<__details::__cm_ok<_A>>>                        \
  __CM_INLINE __details::__cm_ret<__details::__cm_or<_R, float>, __details::__cm_count<_A>> __name(const _A &__a,                  \
                                                                                   int __flag = _GENX_NOSAT) {       \
    using namespace __details;                                                                                       \
    constexpr int _N = __cm_count<_A>;                                                                               \
    using _V = __cm_val<float, _N>;                                                                                  \
    _V __x = __cm_operand<float, _N>(__a);                                                                               \
    _V __one = 1.0f;                                                                                                  \
    _V __c = __cm_genx_sqrt<_V>(__one - __x * __x);                                                                          \
    (void)__c;                                                                                                       \
    return __cm_make<__cm_or<_R, float>, _N>(__cm_convert<__cm_or<_R, float>, _N, float>(__cm_atan2<_N>(_Y, _X), __flag));  \
  }
__CM_INVERSE_TRIG(cm_atan, __x, __one)
__CM_INVERSE_TRIG(cm_asin, __x, __c)
__CM_INVERSE_TRIG(cm_acos, __c, __x)
#undef __CM_INVERSE_TRIG

// ---- masks -------------------------------------------------------------------------------------------------

// cm_pack_mask: bit i of the result is the least significant bit of element i (N = 8, 16 or 32).
template <typename _M, typename = __details::__cm_if<__details::__cm_obj<_M>>>
__CM_INLINE unsigned cm_pack_mask(const _M &__mask) {
  using namespace __details;
  constexpr int _N = __cm_count<_M>;
  static_assert(_N == 8 || _N == 16 || _N == 32, "cm_pack_mask takes 8, 16 or 32 elements");
  __cm_vec<unsigned, _N> __bits = (__cm_operand<unsigned, _N>(__mask) & 1u) << __cm_lane_iota<unsigned, _N>();
  // Fold halves with OR: the bits are disjoint, so the order does not matter.
  if constexpr (_N == 32) {
    __cm_vec<unsigned, 16> __h = __cm_region_read<unsigned, 16>(__bits, 0, 16, 1, 0) | __cm_region_read<unsigned, 16>(__bits, 0, 16, 1, 16);
    __cm_vec<unsigned, 8> __q = __cm_region_read<unsigned, 8>(__h, 0, 8, 1, 0) | __cm_region_read<unsigned, 8>(__h, 0, 8, 1, 8);
    return __q[0] | __q[1] | __q[2] | __q[3] | __q[4] | __q[5] | __q[6] | __q[7];
  } else if constexpr (_N == 16) {
    __cm_vec<unsigned, 8> __q = __cm_region_read<unsigned, 8>(__bits, 0, 8, 1, 0) | __cm_region_read<unsigned, 8>(__bits, 0, 8, 1, 8);
    return __q[0] | __q[1] | __q[2] | __q[3] | __q[4] | __q[5] | __q[6] | __q[7];
  } else {
    return __bits[0] | __bits[1] | __bits[2] | __bits[3] | __bits[4] | __bits[5] | __bits[6] | __bits[7];
  }
}

// cm_unpack_mask<T, N>(m): element i is bit i of m.
template <typename _T, int _N> __CM_INLINE ::vector<_T, _N> cm_unpack_mask(unsigned __mask) {
  using namespace __details;
  static_assert(_N == 8 || _N == 16 || _N == 32, "cm_unpack_mask makes 8, 16 or 32 elements");
  __cm_vec<unsigned, _N> __m = __mask;
  return ::vector<_T, _N>::__cm_from(__cm_cvt<_T, _N>((__m >> __cm_lane_iota<unsigned, _N>()) & 1u));
}

// The saturating conversion of the vector and matrix constructors with a flag (declared in cm_vector.h):
// per element to T, saturated when the flag has SAT (the conversions of cm_add and the other builtins).
namespace __details {
template <typename _X> struct __cm_saturate {
  template <typename _T, int _N> static __CM_INLINE __cm_vec<_T, _N> __convert(const _X &__x, int __flag) {
    using _E = typename __cm_object_traits<_X>::__elem;
    return __cm_convert<_T, _N, _E>(__cm_value<_E, _N>(__x), __flag);
  }
};
} // namespace __details

#undef __CM_BINARY_RET
#undef __CM_SHIFT_RET
#undef __CM_FLOAT_UNARY

#endif
