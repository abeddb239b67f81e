// The CM template library (cmlangspec §3.2.3 "cmtl" initialisers and §6), as far as CM programs use it:
//
//   cm_vector(V, T, N, I, S)      declares vector<T, N> V with V(i) = I + i * S
//   cm_matrix(M, T, R, C, I, S)   declares matrix<T, R, C> M with M(r, c) = I + (r * C + c) * S
//   cmtl::cm_vector_assign(v, I, S)  assigns the sequence I, I + S, ... to an existing vector, matrix or reference
//                                 (`cmtl::cm_vector_assign<T, N>(v, I, S)` as well); I and S may be run-time values
//   cmtl::cm_floor<RT>(x), cmtl::cm_ceil<RT>(x)      cm_rndd / cm_rndu converted to RT (float when RT is not given,
//                                 as the spec's §6.8.4/§6.8.5 examples call them)
//   cmtl::cm_fmod(y, x)           y - x * trunc(y / x), in float
//   cmtl::cm_atan2(y, x), cmtl::cm_atan2_fast(y, x)  the angle of (x, y) in (-pi, pi], in float (cm_math.h's
//                                 __details::__cm_atan2: error under 1e-5 rad); atan2(0, 0) = 0
//   cmtl::cm_sin_emu(x), cmtl::cm_cos_emu(x)          the math unit's sin / cos (Intel's emulations compute the
//                                 same function in EU instructions)
//   cmtl::cm_tanh(x), cmtl::cm_tanh_cody_waite(x)      tanh in float (see the function)
//   CM_CONST_E, CM_CONST_PI, CM_CONST_2PI, CM_DBL_EPSILON
//
// Everything works on any object of the protocol (vector, matrix, references) or a scalar, through cm_math.h.
// The I/O helpers (ReadBlock, WriteBlock, ReadLinear, WriteLinear, DumpSLM) are in cmtl_io.h; the matrix
// transforms, Pack / UnPack and the SLM channel transposes in cmtl_transform.h, the cached stacks in cmtl_stack.h
// (included at the end).
#pragma once
#ifndef __CM_HEADERS_CMTL_H
#define __CM_HEADERS_CMTL_H
#include <cm/cm.h>

#ifndef CM_CONST_E
#define CM_CONST_E 2.71828f
#endif
#ifndef CM_CONST_PI
#define CM_CONST_PI 3.14159f
#endif
#ifndef CM_CONST_2PI
#define CM_CONST_2PI 6.28318f
#endif
#ifndef CM_DBL_EPSILON
#define CM_DBL_EPSILON 0.00001f
#endif

namespace cmtl {

// v(i) = init + i * step for every element i (row-major for a matrix), computed in int and converted.
template <typename _T = void, int _N = 0, typename _X, typename = __details::__cm_if<__details::__cm_obj<_X>>>
__CM_INLINE void cm_vector_assign(_X &&__v, int __init, int __step) {
  using namespace __details;
  using _D = __cm_plain<_X>;
  constexpr int _M = __cm_count<_D>;
  static_assert(_N == 0 || _N == _M, "cm_vector_assign: the size argument differs from the object's element count");
  __cm_vec<int, _M> __seq = __cm_lane_iota<int, _M>() * __step + __init;
  __v.__cm_write(__cm_cvt<__cm_elem_of<_D>, _M>(__seq));
}

template <typename _RT = float, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<_RT, __details::__cm_count<_X>> cm_floor(const _X &__x, unsigned __flags = 0) {
  return cm_rndd<_RT>(__x, (int)__flags);
}
template <typename _RT = float, typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<_RT, __details::__cm_count<_X>> cm_ceil(const _X &__x, unsigned __flags = 0) {
  return cm_rndu<_RT>(__x, (int)__flags);
}

// The angle of (x, y) in (-pi, pi] (see the head of this file for the accuracy).
template <typename _Y, typename _X, typename = __details::__cm_if<__details::__cm_all_ok<_Y, _X>>>
__CM_INLINE __details::__cm_ret<float, __details::__cm_width<_Y, _X>> cm_atan2(const _Y &__y, const _X &__x, unsigned __flags = 0) {
  using namespace __details;
  constexpr int _N = __cm_width<_Y, _X>;
  return __cm_make<float, _N>(__cm_convert<float, _N, float>(
      __cm_atan2<_N>(__cm_operand<float, _N>(__y), __cm_operand<float, _N>(__x)), (int)__flags));
}
template <typename _Y, typename _X, typename = __details::__cm_if<__details::__cm_all_ok<_Y, _X>>>
__CM_INLINE __details::__cm_ret<float, __details::__cm_width<_Y, _X>> cm_atan2_fast(const _Y &__y, const _X &__x, unsigned __flags = 0) {
  return cm_atan2(__y, __x, __flags);
}

// y - x * trunc(y / x) in float (the sign of y; x == 0 gives NaN, as C's fmod).
template <typename _Y, typename _X, typename = __details::__cm_if<__details::__cm_all_ok<_Y, _X>>>
__CM_INLINE __details::__cm_ret<float, __details::__cm_width<_Y, _X>> cm_fmod(const _Y &__y, const _X &__x, unsigned __flags = 0) {
  using namespace __details;
  constexpr int _N = __cm_width<_Y, _X>;
  using _V = __cm_val<float, _N>;
  _V __a = __cm_operand<float, _N>(__y), __b = __cm_operand<float, _N>(__x);
  // Two statements, so clang does not fuse them into llvm.fmuladd (IGC 1.0.12504 fails on it past 16 lanes).
  _V __q = __b * __cm_genx_rndz<_V>(__a / __b);
  _V __r = __a - __q;
  return __cm_make<float, _N>(__cm_convert<float, _N, float>(__r, (int)__flags));
}

template <typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<float, __details::__cm_count<_X>> cm_sin_emu(const _X &__x, unsigned __flags = 0) {
  return cm_sin<float>(__x, (int)__flags);
}
template <typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<float, __details::__cm_count<_X>> cm_cos_emu(const _X &__x, unsigned __flags = 0) {
  return cm_cos<float>(__x, (int)__flags);
}

// tanh(x) in float (cmlangspec §6.8.6-7): for |x| < 0.4 the odd Taylor series to x^13 (the first term left out is
// under 5e-9 of the value), else 1 - 2 / (e^(2|x|) + 1) with e^(2|x|) = 2^(2|x| log2 e) from the math unit (an
// overflow to infinity past |x| ~ 44 gives 1); the sign of x. Accuracy: a few ulp with an exact exp (as on the
// CPU executor); on the device the math unit's exp error adds. cm_tanh_cody_waite is the same function (its spec
// allows 8 ulp).
template <int _N> __CM_INLINE __details::__cm_val<float, _N> __cmtl_tanh(__details::__cm_val<float, _N> __x) {
  using namespace __details;
  using _V = __cm_val<float, _N>;
  _V __a = __cm_genx_absf<_V>(__x);
  _V __e = __cm_genx_exp<_V>(__a * 2.88539008f);
  _V __far = 1.0f - 2.0f / (__e + 1.0f);
  _V __s = __a * __a;
  _V __p = 0.00359212803f;
  __p = __p * __s - 0.00886323552f;
  __p = __p * __s + 0.0218694885f;
  __p = __p * __s - 0.0539682540f;
  __p = __p * __s + 0.133333333f;
  __p = __p * __s - 0.333333333f;
  _V __near = __a + __a * __s * __p;
  if constexpr (_N == 0) {
    float __r = __a < 0.4f ? __near : __far;
    return __x < 0.0f ? -__r : __r;
  } else {
    _V __r = __a < (_V)0.4f ? __near : __far;
    return __x < (_V)0.0f ? -__r : __r;
  }
}
template <typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<float, __details::__cm_count<_X>> cm_tanh(const _X &__x) {
  using namespace __details;
  constexpr int _N = __cm_count<_X>;
  return __cm_make<float, _N>(__cmtl_tanh<_N>(__cm_operand<float, _N>(__x)));
}
template <typename _X, typename = __details::__cm_if<__details::__cm_ok<_X>>>
__CM_INLINE __details::__cm_ret<float, __details::__cm_count<_X>> cm_tanh_cody_waite(const _X &__x) {
  return cm_tanh(__x);
}

} // namespace cmtl

#define cm_vector(_V, _T, _N, _I, _S)                                                                                   \
  vector<_T, _N> _V;                                                                                                  \
  cmtl::cm_vector_assign(_V, (_I), (_S));
#define cm_matrix(_M, _T, _R, _C, _I, _S)                                                                                \
  matrix<_T, _R, _C> _M;                                                                                               \
  cmtl::cm_vector_assign(_M, (_I), (_S));

#include <cm/cmtl_io.h>
#include <cm/cmtl_transform.h>
#include <cm/cmtl_stack.h>

#endif
