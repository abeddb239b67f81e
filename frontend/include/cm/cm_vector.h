// vector, matrix, vector_ref, matrix_ref: the CM value classes, their regions (select, iselect, replicate,
// format, row, column, element access), merge, operators and any/all. Conventions: cm_common.h.
//
// Design. vector<T,N> and matrix<T,R,C> own their elements (one `__details::__cm_vec<T, N>` member, row-major).
// A reference (vector_ref, matrix_ref, an element reference) is a pointer to the storage of the object it
// finally reaches (the root: a vector or matrix, never another reference), a run-time byte offset `base` and a
// constant-shaped vector of byte offsets relative to `base`, one per element. A reference of a reference
// composes offsets (it gathers its parent's), so any chain of selects, rows, columns and formats is one
// reference into its root. Reads and writes go through `__details::__cm_builtin_ref_read/write`, which
// genx-cm-lower turns into load + rdregion / load + wrregion + store on the root: a direct region (1D or 2D)
// when the offsets fit one, an indirect region otherwise. Values (replicate, iselect, merge's mask write, any,
// all) use the neutral `__cm_genx_*` region calls directly.
//
// Errors found at compile time, at the user's call (diagnose_if, evaluated with the call's template arguments
// and constant arguments): a constant select or replicate outside its object, a region that cannot fit, an
// assignment, construction or operator whose element counts do not agree, a format to another size.
#pragma once
#ifndef __CM_HEADERS_CM_VECTOR_H
#define __CM_HEADERS_CM_VECTOR_H

#include <cm/cm_common.h>

__CM_GENX_DECL(rdregioni)
__CM_GENX_DECL(rdregionf)
__CM_GENX_DECL(wrregioni)
__CM_GENX_DECL(wrregionf)
__CM_GENX_DECL(any)
__CM_GENX_DECL(all)

template <typename _T, int _N> class vector;
template <typename _T, int _R, int _C> class matrix;
template <typename _T, int _N> class vector_ref;
template <typename _T, int _R, int _C> class matrix_ref;

namespace __details {

template <typename _T> constexpr bool __is_cm_object = __cm_object_traits<typename __remove_cvref<_T>::__type>::__cm_is_object;

template <typename _T, int _N> struct __cm_object_traits_base {
  static constexpr bool __cm_is_object = true;
  using __elem = _T;
  static constexpr int __n = _N;
};
} // namespace __details

template <typename _T, int _N> struct __details::__cm_object_traits<vector<_T, _N>> : __details::__cm_object_traits_base<_T, _N> {
  static constexpr int __rows = 0, __cols = _N;
};
template <typename _T, int _N>
struct __details::__cm_object_traits<vector_ref<_T, _N>> : __details::__cm_object_traits_base<_T, _N> {
  static constexpr int __rows = 0, __cols = _N;
};
template <typename _T, int _R, int _C>
struct __details::__cm_object_traits<matrix<_T, _R, _C>> : __details::__cm_object_traits_base<_T, _R * _C> {
  static constexpr int __rows = _R, __cols = _C;
};
template <typename _T, int _R, int _C>
struct __details::__cm_object_traits<matrix_ref<_T, _R, _C>> : __details::__cm_object_traits_base<_T, _R * _C> {
  static constexpr int __rows = _R, __cols = _C;
};

namespace __details {

template <typename _T, _T... _Is> struct __cm_seq {};
template <typename _E, int _N, int _R> struct __cm_select_shape { using __type = matrix<_E, _R, _N / _R>; };
template <typename _E, int _N> struct __cm_select_shape<_E, _N, 0> { using __type = vector<_E, _N>; };

// The storage-pointer reference every reference class holds.
// Packed: a copy of the state must be a copy of its fields only (padding bytes would survive SROA as dead
// memcpys of uninitialised bytes).
template <typename _T, int _N> struct __attribute__((__packed__)) __cm_ref_state {
  void *__root;
  int __base;
  __cm_vec<unsigned short, __cm_pack_length<_N>> __offsets;
  // Bytes between consecutive elements when offsets[k] == k * step (a contiguous or evenly strided
  // reference), else 0. Constant after inlining; it lets a sub-region with a run-time start move the start into
  // `base` and keep constant offsets (a direct region), instead of gathering offsets at run time.
  int __step;
  __CM_INLINE __cm_vec<_T, _N> __read() const {
    return __cm_builtin_ref_read<__cm_vec<_T, _N>>(__root, __base, __offsets);
  }
  __CM_INLINE void __write(__cm_vec<_T, _N> __value) const { __cm_builtin_ref_write(__root, __base, __offsets, __value); }
};

// Byte offsets of the elements of a region of N elements: rows of W elements, rows VS elements apart,
// neighbours HS apart; ES bytes per element. Element k is at ((k / W) * VS + (k % W) * HS) * ES.
template <int _N, int _VS, int _W, int _HS, int _ES, int... _Is>
__CM_INLINE __cm_vec<unsigned short, __cm_pack_length<_N>> __cm_region_offsets_impl(__cm_seq<int, _Is...>) {
  return __cm_vec<unsigned short, __cm_pack_length<_N>>{(unsigned short)(((_Is / _W) * _VS + (_Is % _W) * _HS) * _ES)...};
}
template <int _N, int _VS, int _W, int _HS, int _ES>
__CM_INLINE __cm_vec<unsigned short, __cm_pack_length<_N>> __cm_region_offsets() {
  static_assert(_N > 0 && _W > 0 && _N % _W == 0, "region width must divide the element count");
  return __cm_region_offsets_impl<_N, _VS, _W, _HS, _ES>(__make_integer_seq<__cm_seq, int, __cm_pack_length<_N>>{});
}
template <int _N> __CM_INLINE __cm_vec<unsigned, _N> __cm_iota() {
  return __builtin_convertvector((__cm_region_offsets<_N, 0, _N, 1, 1>()), __cm_vec<unsigned, _N>);
}

// Offsets of a sub-region of a reference: element k of the result is element
// (i + (k / W) * VS + (k % W) * HS) of the parent, whose byte offset the parent holds.
// `indices` holds the parent element index of each result element, relative to the start element i.
//
// No branches here: the front end runs no CFG simplification before genx-cm-lower (SIMD control flow must keep
// its shape), so the choice between the two forms is a bit blend that folds once `step` is a constant.
template <typename _T, int _N, int _M, typename _P>
__CM_INLINE __cm_ref_state<_T, _N> __cm_subregion(const _P &__parent, __cm_vec<unsigned short, _N> __indices, int __i,
                                                int __new_step_in_parent_steps) {
  // Evenly strided parent (step != 0): the start goes to base, the shape stays constant. Otherwise gather the
  // parent's offsets (step is 0, so base does not move).
  __cm_vec<unsigned short, _N> __keep = (unsigned short)-(int)(__parent.__step != 0);
  __cm_vec<unsigned short, _N> __strided = __indices * (unsigned short)__parent.__step;
  __cm_vec<short, _N> __at = (__cm_vec<short, _N>)((__indices + (unsigned short)__i) * (unsigned short)2);
  __cm_vec<unsigned short, _N> __gathered =
      __cm_genx_rdregioni<__cm_vec<unsigned short, _N>>(__parent.__offsets, 0, 1, 0, __at, -1);
  return {__parent.__root, __parent.__base + __i * __parent.__step, (__strided & __keep) | (__gathered & ~__keep),
          __parent.__step * __new_step_in_parent_steps};
}

// Offsets of format<U>() of a reference of N elements of T: U element k starts at byte k*sizeof(U) of the
// view, inside T element (k*sizeof(U))/sizeof(T).
template <typename _T, typename _U, int _N, int _NU, int... _Is>
__CM_INLINE __cm_vec<unsigned short, _NU> __cm_format_offsets_impl(__cm_vec<unsigned short, _N> __parent,
                                                                  __cm_seq<int, _Is...>) {
  __cm_vec<unsigned short, _NU> __which = {(unsigned short)((_Is * (int)sizeof(_U)) / (int)sizeof(_T) * 2)...};
  __cm_vec<unsigned short, _NU> __within = {(unsigned short)((_Is * (int)sizeof(_U)) % (int)sizeof(_T))...};
  return __cm_genx_rdregioni<__cm_vec<unsigned short, _NU>>(__parent, 0, 1, 0, (__cm_vec<short, _NU>)__which, -1) + __within;
}

template <typename _T, typename _U, int _N, int _NU>
__CM_INLINE __cm_ref_state<_U, _NU> __cm_format(const __cm_ref_state<_T, _N> &__parent) {
  // Contiguous parent: contiguous result. Otherwise each new element sits inside one of the parent's.
  int __contiguous = __parent.__step == (int)sizeof(_T);
  __cm_vec<unsigned short, _NU> __keep = (unsigned short)-__contiguous;
  __cm_vec<unsigned short, _NU> __dense = __cm_region_offsets<_NU, 0, _NU, 1, (int)sizeof(_U)>();
  __cm_vec<unsigned short, _NU> __inside =
      __cm_format_offsets_impl<_T, _U, _N, _NU>(__parent.__offsets, __make_integer_seq<__cm_seq, int, __cm_pack_length<_NU>>{});
  return {__parent.__root, __parent.__base, (__dense & __keep) | (__inside & ~__keep), (int)sizeof(_U) * __contiguous};
}

// C arrays as initialisers (cmlangspec 3.2.3): any number of dimensions, elements of any arithmetic type;
// `__cm_array<A>` gives the innermost element type and the total element count of array type A.
template <typename _A> struct __cm_array {
  static constexpr bool __is = false;
  using __elem = _A;
  static constexpr int __n = 1;
};
template <typename _U, int _M> struct __cm_array<_U[_M]> {
  static constexpr bool __is = true;
  using __elem = typename __cm_array<_U>::__elem;
  static constexpr int __n = _M * __cm_array<_U>::__n;
};
template <typename _A>
constexpr bool __cm_is_initializer = __cm_array<_A>::__is && __is_arith<typename __remove_cvref<typename __cm_array<_A>::__elem>::__type>;

// The first min(M, N) elements of an array of M elements of U, converted to T; the rest of the N are left
// undefined (the spec: initialisation goes up to the smaller size). One copy of the bytes (no loop, so a
// constant array folds to a constant vector), then the per-element conversion.
template <typename _T, int _N, typename _U, int _M> __CM_INLINE __cm_vec<_T, _N> __cm_from_array(const _U *__init) {
  constexpr int _K = _M < _N ? _M : _N;
  __cm_vec<_U, _N> __raw;
  __builtin_memcpy(&__raw, __init, sizeof(_U) * _K);
  return __builtin_convertvector(__raw, __cm_vec<_T, _N>);
}
template <typename _T, int _N, typename _A> __CM_INLINE __cm_vec<_T, _N> __cm_from_initializer(const _A &__init) {
  using _E = typename __remove_cvref<typename __cm_array<_A>::__elem>::__type;
  return __cm_from_array<_T, _N, _E, __cm_array<_A>::__n>((const _E *)&__init);
}

// Saturating conversion for the constructors with a SAT flag (`vector<uchar, 8> v(w, SAT)`): defined with the
// other saturating operations in cm_math.h; declared here so that the constructors can name it.
template <typename _X> struct __cm_saturate;

// Reads a region of a value.
template <typename _T, int _M, int _N>
__CM_INLINE __cm_vec<_T, _N> __cm_rdregion(__cm_vec<_T, _M> __in, int __vs, int __w, int __hs, short __byte_offset) {
  if constexpr (__is_floating<_T>)
    return __cm_genx_rdregionf<__cm_vec<_T, _N>>(__in, __vs, __w, __hs, __byte_offset, -1);
  else
    return __cm_genx_rdregioni<__cm_vec<_T, _N>>(__in, __vs, __w, __hs, __byte_offset, -1);
}
// Writes a region of a value under a mask (any integer vector; non-zero lanes are written).
template <typename _T, int _M, int _N, typename _Mask>
__CM_INLINE __cm_vec<_T, _M> __cm_wrregion(__cm_vec<_T, _M> __old, __cm_vec<_T, _N> __in, int __vs, int __w, int __hs,
                                         short __byte_offset, _Mask __mask) {
  if constexpr (__is_floating<_T>)
    return __cm_genx_wrregionf<__cm_vec<_T, _M>>(__old, __in, __vs, __w, __hs, __byte_offset, -1, __mask);
  else
    return __cm_genx_wrregioni<__cm_vec<_T, _M>>(__old, __in, __vs, __w, __hs, __byte_offset, -1, __mask);
}

// The value of an object or scalar as N elements of U (conversion per element, scalar broadcast).
template <typename _U, int _N, typename _X> __CM_INLINE __cm_vec<_U, _N> __cm_value(const _X &__x) {
  using _XT = typename __remove_cvref<_X>::__type;
  if constexpr (__cm_object_traits<_XT>::__cm_is_object) {
    static_assert(__cm_object_traits<_XT>::__n == _N, "element counts do not match");
    if constexpr (__cm_object_traits<_XT>::__n == _N)
      return __builtin_convertvector(__x.__cm_read(), __cm_vec<_U, _N>);
    else
      return __cm_vec<_U, _N>{}; // after the static_assert: no second, less clear error
  } else {
    return (__cm_vec<_U, _N>)(_U)__x;
  }
}


// A single element is a plain C++ reference into the root's storage: `v(i)` has type T& as in CM (template
// argument deduction, `auto`, `++` and compound assignment behave as for any lvalue of T). After genx-cm-lower
// and SROA, an element at a constant index is an extractelement/insertelement of the root; at a run-time index
// the root stays in memory for the middle end's genx-promote-array.
template <typename _T, int _N> __CM_INLINE _T &__cm_element(const __cm_ref_state<_T, _N> &__r) {
  return *(_T *)((char *)__r.__root + __r.__base + __r.__offsets[0]);
}

// What binary operators on (X, Y) produce: C++'s usual conversions per element; a matrix shape wins.
template <typename _X, typename _Y> struct __cm_binary {
  using _XT = typename __remove_cvref<_X>::__type;
  using _YT = typename __remove_cvref<_Y>::__type;
  using __xe = typename __cm_object_traits<_XT>::__elem;
  using __ye = typename __cm_object_traits<_YT>::__elem;
  static constexpr bool __x_obj = __cm_object_traits<_XT>::__cm_is_object, __y_obj = __cm_object_traits<_YT>::__cm_is_object;
  static constexpr int __n = __x_obj ? __cm_object_traits<_XT>::__n : __cm_object_traits<_YT>::__n;
  // Checked where the operator is called (diagnose_if), so that the error names the user's line.
  static constexpr bool __counts_agree = !(__x_obj && __y_obj) || __cm_object_traits<_XT>::__n == __cm_object_traits<_YT>::__n;
  using __elem = decltype(__xe() + __ye());
  static constexpr int __rows = __x_obj && __cm_object_traits<_XT>::__rows ? __cm_object_traits<_XT>::__rows
                            : __y_obj && __cm_object_traits<_YT>::__rows ? __cm_object_traits<_YT>::__rows : 0;
  template <typename _E> using __result = typename __cm_select_shape<_E, __n, __rows>::__type;
};

} // namespace __details

namespace __details {

// Whether an object or scalar X can stand where N elements are expected (a scalar broadcasts).
template <typename _X, int _N>
constexpr bool __cm_count_ok = !__cm_object_traits<typename __remove_cvref<_X>::__type>::__cm_is_object ||
                               __cm_object_traits<typename __remove_cvref<_X>::__type>::__n == _N;

template <typename _X, typename _Y>
constexpr bool __cm_binary_ok = (__is_cm_object<_X> || __is_cm_object<_Y>) &&
                                (__is_cm_object<_X> || __is_arith<typename __remove_cvref<_X>::__type>) &&
                                (__is_cm_object<_Y> || __is_arith<typename __remove_cvref<_Y>::__type>);
} // namespace __details

// Members shared by every class (vector, matrix and their references), written once: the class supplies
// `__cm_read`, `__cm_write` and `__cm_ref` (the reference state of its elements) and these follow.
#define __CM_COMMON_MEMBERS(_Self, _T, _N)                                                                            \
public:                                                                                                            \
  using __cm_elem = _T;                                                                                             \
  static constexpr int __cm_n = _N;                                                                                 \
  static constexpr int n_elems() { return _N; }                                                                     \
  /* Shape-agnostic assignment: any object of N elements (converted per element) or a scalar (broadcast). */       \
  template <typename _X, typename = typename __details::__enable_if<__details::__is_cm_object<_X> ||                         \
                                                               __details::__is_arith<_X>>::__type>                        \
  __CM_INLINE _Self &operator=(const _X &__x) __attribute__((__diagnose_if__(!__details::__cm_count_ok<_X, _N>,                \
      "assignment: the right-hand side has a different number of elements", "error"))) {                           \
    __cm_write(__details::__cm_value<_T, _N>(__x));                                                                      \
    return *this;                                                                                                  \
  }                                                                                                                \
  __CM_INLINE _Self &operator=(const _Self &__x) {                                                                     \
    __cm_write(__x.__cm_read());                                                                                     \
    return *this;                                                                                                  \
  }                                                                                                                \
  template <typename _X> __CM_INLINE _Self &operator+=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '+=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this + __x; } \
  template <typename _X> __CM_INLINE _Self &operator-=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '-=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this - __x; } \
  template <typename _X> __CM_INLINE _Self &operator*=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '*=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this * __x; } \
  template <typename _X> __CM_INLINE _Self &operator/=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '/=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this / __x; } \
  template <typename _X> __CM_INLINE _Self &operator%=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '%=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this % __x; } \
  template <typename _X> __CM_INLINE _Self &operator&=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '&=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this & __x; } \
  template <typename _X> __CM_INLINE _Self &operator|=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '|=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this | __x; } \
  template <typename _X> __CM_INLINE _Self &operator^=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '^=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this ^ __x; } \
  template <typename _X> __CM_INLINE _Self &operator<<=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '<<=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this << __x; } \
  template <typename _X> __CM_INLINE _Self &operator>>=(const _X &__x) __attribute__((__diagnose_if__(                      \
      !__details::__cm_count_ok<_X, _N>, "compound assignment '>>=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this >> __x; } \
  /* format<U>(): the same bytes as elements of U. */                                                             \
  template <typename _U>                                                                                            \
  __CM_INLINE vector_ref<_U, __details::__cm_positive<_N * (int)sizeof(_T) / (int)sizeof(_U)>> format() const          \
      __attribute__((__diagnose_if__(_N * (int)sizeof(_T) % (int)sizeof(_U) != 0,                                   \
                                 "format: the object's size is not a multiple of the new element's", "error"))) {  \
    constexpr int _NU = __details::__cm_positive<_N * (int)sizeof(_T) / (int)sizeof(_U)>;                            \
    if constexpr (_NU * (int)sizeof(_U) == _N * (int)sizeof(_T))                                                   \
      return vector_ref<_U, _NU>(__details::__cm_format<_T, _U, _N, _NU>(__cm_ref()));                               \
    else /* refused above (diagnose_if) */                                                                         \
      return vector_ref<_U, _NU>(__details::__cm_ref_state<_U, _NU>{});                                              \
  }                                                                                                                \
  template <typename _U, int _R2, int _C2>                                                                          \
  __CM_INLINE matrix_ref<_U, __details::__cm_positive<_R2>, __details::__cm_positive<_C2>> format() const              \
      __attribute__((__diagnose_if__(_R2 <= 0 || _C2 <= 0,                                                          \
                                 "format: the numbers of rows and columns must be positive", "error")))            \
      __attribute__((__diagnose_if__(_R2 > 0 && _C2 > 0 && (long long)_R2 * _C2 * (int)sizeof(_U) != _N * (int)sizeof(_T), \
                                 "format: the new shape has a different size in bytes", "error"))) {               \
    if constexpr (_R2 > 0 && _C2 > 0 && (long long)_R2 * _C2 * (int)sizeof(_U) == _N * (int)sizeof(_T))           \
      return matrix_ref<_U, _R2, _C2>(__details::__cm_format<_T, _U, _N, _R2 * _C2>(__cm_ref()));                    \
    else /* refused above (diagnose_if) */                                                                         \
      return matrix_ref<_U, __details::__cm_positive<_R2>, __details::__cm_positive<_C2>>(                             \
          __details::__cm_ref_state<_U, __details::__cm_positive<_R2> * __details::__cm_positive<_C2>>{});             \
  }                                                                                                                \
  /* replicate: REP blocks of W elements, blocks VS apart, elements HS apart, from linear element `start` (row-major \
     for a matrix), as one rvalue; the public forms are __CM_VECTOR_MEMBERS' (start i) and __CM_MATRIX_MEMBERS'      \
     (start (i, j)), which check the region (__CM_REPLICATE_FITS). */                                               \
  template <int _REP, int _VS, int _W, int _HS>                                                                     \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _W>> __cm_replicate(int __start) const {          \
    if constexpr (__details::__cm_replicate_ok<_REP, _VS, _W, _HS, _N>)                                              \
      return vector<_T, _REP * _W>::__cm_from(                                                                     \
          __details::__cm_rdregion<_T, _N, _REP * _W>(__cm_read(), _VS, _W, _HS, (short)(__start * (int)sizeof(_T))));  \
    else /* refused by the public form (__CM_REPLICATE_FITS) */                                                    \
      return vector<_T, __details::__cm_positive<(long long)_REP * _W>>();                                          \
  }                                                                                                                \
  template <int _REP>                                                                                               \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _N>> replicate() const                           \
      __attribute__((__diagnose_if__(_REP <= 0, "replicate: the number of copies must be positive", "error"))) {   \
    return __cm_replicate<_REP, 0, _N, 1>(0);                                                                      \
  }                                                                                                                \
  /* iselect: elements at run-time indices (rvalue). */                                                           \
  /* (An index vector of no elements is refused where it is declared; nothing more is built from it.) */            \
  template <typename _I, int _K>                                                                                    \
  __CM_INLINE vector<_T, __details::__cm_positive<_K>> iselect(const vector<_I, _K> &__idx) const {                   \
    if constexpr (_K > 0) {                                                                                        \
      auto __offsets = __builtin_convertvector(__idx.__cm_read(), __details::__cm_vec<short, _K>) * (short)sizeof(_T); \
      return vector<_T, _K>::__cm_from(__details::__cm_rdregion_indirect<_T, _N, _K>(__cm_read(), __offsets));       \
    } else {                                                                                                       \
      return vector<_T, 1>();                                                                                      \
    }                                                                                                              \
  }                                                                                                                \
  template <typename _I, int _K>                                                                                    \
  __CM_INLINE vector<_T, __details::__cm_positive<_K>> iselect(const vector_ref<_I, _K> &__idx) const {               \
    return iselect(vector<_I, _K>(__idx));                                                                             \
  }                                                                                                                \
  /* merge: write x (or x/y) where the mask is set (int: bit k for element k; object: non-zero elements). */       \
  template <typename _X, typename _M> __CM_INLINE void merge(const _X &__x, const _M &__mask) {                            \
    __cm_write(__details::__cm_wrregion<_T, _N, _N>(__cm_read(), __details::__cm_value<_T, _N>(__x), 0, _N, 1, 0,              \
                                               __details::__cm_mask<_N>(__mask)));                                     \
  }                                                                                                                \
  template <typename _X, typename _Y, typename _M> __CM_INLINE void merge(const _X &__x, const _Y &__y, const _M &__mask) {     \
    __cm_write(__details::__cm_wrregion<_T, _N, _N>(__details::__cm_value<_T, _N>(__y), __details::__cm_value<_T, _N>(__x), 0, _N, 1, \
                                               0, __details::__cm_mask<_N>(__mask)));                                  \
  }                                                                                                                \
  __CM_INLINE unsigned short any() const {                                                                         \
    return __details::__cm_genx_any<unsigned short>(__cm_read() != (_T)0);                                            \
  }                                                                                                                \
  __CM_INLINE unsigned short all() const {                                                                         \
    return __details::__cm_genx_all<unsigned short>(__cm_read() != (_T)0);                                            \
  }

namespace __details {
template <typename _T, int _M, int _K>
__CM_INLINE __cm_vec<_T, _K> __cm_rdregion_indirect(__cm_vec<_T, _M> __in, __cm_vec<short, _K> __offsets) {
  if constexpr (__is_floating<_T>)
    return __cm_genx_rdregionf<__cm_vec<_T, _K>>(__in, 0, 1, 0, __offsets, -1);
  else
    return __cm_genx_rdregioni<__cm_vec<_T, _K>>(__in, 0, 1, 0, __offsets, -1);
}
// A merge mask as N lanes of ushort (non-zero = write).
template <int _N, typename _M> __CM_INLINE __cm_vec<unsigned short, _N> __cm_mask(const _M &__mask) {
  if constexpr (__is_cm_object<_M>) {
    return __cm_value<unsigned short, _N>(__mask);
  } else {
    static_assert(_N <= 32, "an integer merge mask covers at most 32 elements");
    return __builtin_convertvector(((__cm_vec<unsigned, _N>)(unsigned)__mask >> __cm_iota<_N>()) & 1u,
                                   __cm_vec<unsigned short, _N>);
  }
}
} // namespace __details

namespace __details {
// Regions whose template arguments describe no region (a size, count or width that is not positive, a negative
// stride) or do not fit their object are refused at the user's call, one error naming the argument
// (diagnose_if); the member's result type is then built with one element (__cm_positive), so that nothing else
// is instantiated with the bad size (a vector of negative size, which clang-14 may crash laying out, or a cascade
// of errors from inside the headers).
template <long long _N> constexpr int __cm_positive = _N > 0 && _N <= 0x7fffffff ? (int)_N : 1;
template <long long _S, long long _St, long long _N>
constexpr bool __cm_select_ok = _S > 0 && _St >= 0 && (_S - 1) * _St < _N && (_S == 1 || _St > 0);
template <long long _VS, long long _VSt, long long _HS, long long _HSt, long long _R, long long _C>
constexpr bool __cm_select2d_ok = _VS > 0 && _HS > 0 && _VSt >= 0 && _HSt >= 0 && (_VS - 1) * _VSt < _R &&
                                  (_HS - 1) * _HSt < _C;
template <long long _REP, long long _VS, long long _W, long long _HS, long long _N>
constexpr bool __cm_replicate_ok = _REP > 0 && _W > 0 && _VS >= 0 && _HS >= 0 && (_REP - 1) * _VS + (_W - 1) * _HS < _N;
} // namespace __details

// replicate's region check, on every public form (the region must fit whatever the start).
#define __CM_REPLICATE_FITS(_REP, _VS, _W, _HS, _N)                                                                \
  __attribute__((__diagnose_if__((_REP) <= 0, "replicate: the number of blocks must be positive", "error")))      \
  __attribute__((__diagnose_if__((_W) <= 0, "replicate: the block width must be positive", "error")))             \
  __attribute__((__diagnose_if__((_VS) < 0 || (_HS) < 0, "replicate: a stride must not be negative", "error")))   \
  __attribute__((__diagnose_if__((_REP) > 0 && (_W) > 0 && (_VS) >= 0 && (_HS) >= 0 &&                            \
                                     !(__details::__cm_replicate_ok<_REP, _VS, _W, _HS, _N>),                       \
                                 "replicate: the region does not fit in the object", "error")))

// 1D select members (vector and vector_ref): select<S,St>(i), element access.
#define __CM_VECTOR_MEMBERS(_T, _N)                                                                                  \
  template <int _S, int _St>                                                                                        \
  __CM_INLINE vector_ref<_T, __details::__cm_positive<_S>> select(int __i = 0) const                                 \
      __attribute__((__diagnose_if__(_S <= 0, "select: the size must be positive", "error")))                     \
      __attribute__((__diagnose_if__(_St < 0, "select: the stride must not be negative", "error")))                \
      __attribute__((__diagnose_if__(_S > 0 && _St >= 0 && (long long)(_S - 1) * _St >= _N,                        \
                                 "select: the region does not fit in the vector", "error")))                       \
      __attribute__((__diagnose_if__(_S > 1 && _St == 0, "select: stride 0 is only allowed for one element", "error"))) \
      __attribute__((__diagnose_if__(__details::__cm_select_ok<_S, _St, _N> && (__i < 0 || __i + (_S - 1) * _St >= _N), \
                                 "select is out of bounds", "error"))) {                                           \
    if constexpr (__details::__cm_select_ok<_S, _St, _N>)                                                            \
      return vector_ref<_T, _S>(__details::__cm_subregion<_T, _S, _N>(                                               \
          __cm_ref(), __details::__cm_region_offsets<_S, 0, _S, _St, 1>(), __i, _St));                               \
    else /* refused above (diagnose_if) */                                                                         \
      return vector_ref<_T, __details::__cm_positive<_S>>(__details::__cm_ref_state<_T, __details::__cm_positive<_S>>{}); \
  }                                                                                                                \
  __CM_INLINE _T &operator()(int __i) const                                                                           \
      __attribute__((__diagnose_if__(__i < 0 || __i >= _N, "element index is out of bounds", "error"))) {                   \
    return __details::__cm_element(select<1, 1>(__i).__cm_ref());                                                      \
  }                                                                                                                \
  __CM_INLINE _T &operator[](int __i) const                                                                           \
      __attribute__((__diagnose_if__(__i < 0 || __i >= _N, "element index is out of bounds", "error"))) {                   \
    return (*this)(__i);                                                                                             \
  }                                                                                                                \
  __CM_INLINE vector_ref<_T, _N> select_all() const { return vector_ref<_T, _N>(__cm_ref()); }                         \
  template <int _REP, int _VS, int _W, int _HS>                                                                       \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _W>> replicate(int __i = 0) const __CM_REPLICATE_FITS(_REP, _VS, _W, _HS, _N) \
      __attribute__((__diagnose_if__(__details::__cm_replicate_ok<_REP, _VS, _W, _HS, _N> && (__i < 0 || __i + (_REP - 1) * _VS + (_W - 1) * _HS >= _N), "replicate is out of bounds",    \
                                 "error"))) {                                                                      \
    return this->template __cm_replicate<_REP, _VS, _W, _HS>(__i);                                                       \
  }                                                                                                                \
  template <int _REP, int _VS, int _W>                                                                                \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _W>> replicate(int __i = 0) const __CM_REPLICATE_FITS(_REP, _VS, _W, 1, _N) \
      __attribute__((__diagnose_if__(__details::__cm_replicate_ok<_REP, _VS, _W, 1, _N> && (__i < 0 || __i + (_REP - 1) * _VS + (_W - 1) >= _N), "replicate is out of bounds",         \
                                 "error"))) {                                                                      \
    return this->template __cm_replicate<_REP, _VS, _W, 1>(__i);                                                        \
  }                                                                                                                \
  template <int _REP, int _W>                                                                                        \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _W>> replicate(int __i = 0) const __CM_REPLICATE_FITS(_REP, 0, _W, 1, _N) \
      __attribute__((__diagnose_if__(__details::__cm_replicate_ok<_REP, 0, _W, 1, _N> && (__i < 0 || __i + (_W - 1) >= _N), "replicate is out of bounds", "error"))) {             \
    return this->template __cm_replicate<_REP, 0, _W, 1>(__i);                                                         \
  }

// 2D members (matrix and matrix_ref).
#define __CM_MATRIX_MEMBERS(_T, _R, _C)                                                                               \
  static constexpr int n_rows() { return _R; }                                                                      \
  static constexpr int n_cols() { return _C; }                                                                      \
  template <int _VS, int _VSt, int _HS, int _HSt>                                                                   \
  __CM_INLINE matrix_ref<_T, __details::__cm_positive<_VS>, __details::__cm_positive<_HS>> select(int __i = 0,         \
                                                                                             int __j = 0) const    \
      __attribute__((__diagnose_if__(_VS <= 0 || _HS <= 0, "select: the sizes must be positive", "error")))        \
      __attribute__((__diagnose_if__(_VSt < 0 || _HSt < 0, "select: the strides must not be negative", "error")))  \
      __attribute__((__diagnose_if__(_VS > 0 && _HS > 0 && _VSt >= 0 && _HSt >= 0 &&                                \
                                         !__details::__cm_select2d_ok<_VS, _VSt, _HS, _HSt, _R, _C>,                 \
                                     "select: the region does not fit in the matrix", "error")))                   \
      __attribute__((__diagnose_if__(__details::__cm_select2d_ok<_VS, _VSt, _HS, _HSt, _R, _C> &&                    \
                                         (__i < 0 || __j < 0 || __i + (_VS - 1) * _VSt >= _R ||                    \
                                          __j + (_HS - 1) * _HSt >= _C),                                           \
                                     "select is out of bounds", "error"))) {                                       \
    if constexpr (__details::__cm_select2d_ok<_VS, _VSt, _HS, _HSt, _R, _C>)                                         \
      return matrix_ref<_T, _VS, _HS>(__details::__cm_subregion<_T, _VS * _HS, _R * _C>(                             \
          __cm_ref(), __details::__cm_region_offsets<_VS * _HS, _VSt * _C, _HS, _HSt, 1>(), __i * _C + __j,           \
          _VS * _HS == _HS ? _HSt : 0));                                                                           \
    else /* refused above (diagnose_if) */                                                                         \
      return matrix_ref<_T, __details::__cm_positive<_VS>, __details::__cm_positive<_HS>>(                             \
          __details::__cm_ref_state<_T, __details::__cm_positive<_VS> * __details::__cm_positive<_HS>>{});             \
  }                                                                                                                \
  __CM_INLINE vector_ref<_T, _C> row(int __i) const                                                                    \
      __attribute__((__diagnose_if__(__i < 0 || __i >= _R, "row is out of bounds", "error"))) {                             \
    return vector_ref<_T, _C>(__details::__cm_subregion<_T, _C, _R * _C>(__cm_ref(), __details::__cm_region_offsets<_C, 0, _C, 1, 1>(), \
                                                                 __i * _C, 1));                                       \
  }                                                                                                                \
  __CM_INLINE vector_ref<_T, _R> column(int __j) const                                                                 \
      __attribute__((__diagnose_if__(__j < 0 || __j >= _C, "column is out of bounds", "error"))) {                          \
    return vector_ref<_T, _R>(__details::__cm_subregion<_T, _R, _R * _C>(__cm_ref(), __details::__cm_region_offsets<_R, 0, _R, _C, 1>(), \
                                                                 __j, _C));                                           \
  }                                                                                                                \
  __CM_INLINE _T &operator()(int __i, int __j) const                                                                    \
      __attribute__((__diagnose_if__(__i < 0 || __i >= _R || __j < 0 || __j >= _C, "element index is out of bounds", "error"))) { \
    return __details::__cm_element(select<1, 1, 1, 1>(__i, __j).__cm_ref());                                             \
  }                                                                                                                \
  __CM_INLINE vector_ref<_T, _C> operator[](int __i) const { return row(__i); }                                          \
  __CM_INLINE matrix_ref<_T, _R, _C> select_all() const { return matrix_ref<_T, _R, _C>(__cm_ref()); }                  \
  /* replicate from element (i, j): the region is linear (row-major), as in the spec. */                          \
  template <int _REP, int _VS, int _W, int _HS>                                                                       \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _W>> replicate(int __i = 0, int __j = 0) const __CM_REPLICATE_FITS(_REP, _VS, _W, _HS, _R * _C) \
      __attribute__((__diagnose_if__(__details::__cm_replicate_ok<_REP, _VS, _W, _HS, _R * _C> && (__i < 0 || __j < 0 || __i * _C + __j + (_REP - 1) * _VS + (_W - 1) * _HS >= _R * _C),             \
                                 "replicate is out of bounds", "error"))) {                                        \
    return this->template __cm_replicate<_REP, _VS, _W, _HS>(__i * _C + __j);                                               \
  }                                                                                                                \
  template <int _REP, int _VS, int _W>                                                                                \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _W>> replicate(int __i = 0, int __j = 0) const __CM_REPLICATE_FITS(_REP, _VS, _W, 1, _R * _C) \
      __attribute__((__diagnose_if__(__details::__cm_replicate_ok<_REP, _VS, _W, 1, _R * _C> && (__i < 0 || __j < 0 || __i * _C + __j + (_REP - 1) * _VS + (_W - 1) >= _R * _C),                  \
                                 "replicate is out of bounds", "error"))) {                                        \
    return this->template __cm_replicate<_REP, _VS, _W, 1>(__i * _C + __j);                                                \
  }                                                                                                                \
  template <int _REP, int _W>                                                                                        \
  __CM_INLINE vector<_T, __details::__cm_positive<(long long)_REP * _W>> replicate(int __i = 0, int __j = 0) const __CM_REPLICATE_FITS(_REP, 0, _W, 1, _R * _C) \
      __attribute__((__diagnose_if__(__details::__cm_replicate_ok<_REP, 0, _W, 1, _R * _C> && (__i < 0 || __j < 0 || __i * _C + __j + (_W - 1) >= _R * _C), "replicate is out of bounds",     \
                                 "error"))) {                                                                      \
    return this->template __cm_replicate<_REP, 0, _W, 1>(__i * _C + __j);                                                 \
  }                                                                                                                \
  template <typename _I, typename _J, int _K>                                                                         \
  __CM_INLINE vector<_T, __details::__cm_positive<_K>> iselect(const vector<_I, _K> &__rows,                        \
                                                            const vector<_J, _K> &__cols) const {                  \
    if constexpr (_K > 0) {                                                                                        \
      auto __offsets = (__builtin_convertvector(__rows.__cm_read(), __details::__cm_vec<short, _K>) * (short)_C +    \
                        __builtin_convertvector(__cols.__cm_read(), __details::__cm_vec<short, _K>)) *              \
                       (short)sizeof(_T);                                                                          \
      return vector<_T, _K>::__cm_from(__details::__cm_rdregion_indirect<_T, _R * _C, _K>(__cm_read(), __offsets));  \
    } else {                                                                                                       \
      return vector<_T, 1>();                                                                                      \
    }                                                                                                              \
  }

template <typename _T, int _N> class vector {
  static_assert(_N > 0, "a vector has at least one element");
  __CM_CHECK_OBJECT_SIZE(_T, _N);
  static_assert(!__details::__cm_is_same<_T, SurfaceIndex>::__value && !__details::__cm_is_same<_T, SamplerIndex>::__value,
                "vector<SurfaceIndex, N> and vector<SamplerIndex, N> (spec 2.3) are not supported: pass each surface or "
                "sampler as its own SurfaceIndex or SamplerIndex kernel argument");
  static_assert(__details::__is_arith<_T> || __details::__cm_is_same<_T, SurfaceIndex>::__value ||
                    __details::__cm_is_same<_T, SamplerIndex>::__value,
                "vector elements are arithmetic types");

public:
  __details::__cm_vec<_T, __details::__cm_pack_length<_N>> __cm_data;

  __CM_INLINE __details::__cm_vec<_T, _N> __cm_read() const { return __cm_data; }
  __CM_INLINE void __cm_write(__details::__cm_vec<_T, _N> __value) { __cm_data = __value; }
  __CM_INLINE __details::__cm_ref_state<_T, _N> __cm_ref() const {
    return {(void *)&__cm_data, 0, __details::__cm_region_offsets<_N, 0, _N, 1, (int)sizeof(_T)>(), (int)sizeof(_T)};
  }
  static __CM_INLINE vector __cm_from(__details::__cm_vec<_T, _N> __value) {
    vector __v;
    __v.__cm_data = __value;
    return __v;
  }

  __CM_INLINE vector() = default;
  __CM_INLINE vector(const vector &__other) = default;
  // (An object of another element count is not a candidate: clang reports "no viable conversion" or "no
  // matching constructor" at the user's line; diagnose_if is not checked on implicit conversions.)
  template <typename _X, typename = typename __details::__enable_if<(__details::__is_cm_object<_X> || __details::__is_arith<_X>) &&
                                                               __details::__cm_count_ok<_X, _N>>::__type>
  __CM_INLINE vector(const _X &__x) : __cm_data(__details::__cm_value<_T, _N>(__x)) {}
  template <typename _X, typename = typename __details::__enable_if<__details::__is_cm_object<_X> || __details::__is_arith<_X>>::__type>
  __CM_INLINE vector(const _X &__x, int __flag)
      : __cm_data(__details::__cm_saturate<typename __details::__remove_cvref<_X>::__type>::template __convert<_T, _N>(__x, __flag)) {}
  template <typename _A, typename __details::__enable_if<__details::__cm_is_initializer<_A>, int>::__type = 0>
  __CM_INLINE vector(const _A &__init) : __cm_data(__details::__cm_from_initializer<_T, _N>(__init)) {}

  __CM_COMMON_MEMBERS(vector, _T, _N)
  __CM_VECTOR_MEMBERS(_T, _N)
};

template <typename _T, int _R, int _C> class matrix {
  static_assert(_R > 0 && _C > 0, "a matrix has at least one row and one column");
  __CM_CHECK_OBJECT_SIZE(_T, (long long)_R * _C);
  static_assert(__details::__is_arith<_T>, "matrix elements are arithmetic types");

public:
  __details::__cm_vec<_T, __details::__cm_pack_length<(long long)_R * _C>> __cm_data;

  __CM_INLINE __details::__cm_vec<_T, _R * _C> __cm_read() const { return __cm_data; }
  __CM_INLINE void __cm_write(__details::__cm_vec<_T, _R * _C> __value) { __cm_data = __value; }
  __CM_INLINE __details::__cm_ref_state<_T, _R * _C> __cm_ref() const {
    return {(void *)&__cm_data, 0, __details::__cm_region_offsets<_R * _C, 0, _R * _C, 1, (int)sizeof(_T)>(), (int)sizeof(_T)};
  }
  static __CM_INLINE matrix __cm_from(__details::__cm_vec<_T, _R * _C> __value) {
    matrix __m;
    __m.__cm_data = __value;
    return __m;
  }

  __CM_INLINE matrix() = default;
  __CM_INLINE matrix(const matrix &__other) = default;
  // (An object of another element count is not a candidate: clang reports "no viable conversion" or "no
  // matching constructor" at the user's line; diagnose_if is not checked on implicit conversions.)
  template <typename _X, typename = typename __details::__enable_if<(__details::__is_cm_object<_X> || __details::__is_arith<_X>) &&
                                                               __details::__cm_count_ok<_X, _R * _C>>::__type>
  __CM_INLINE matrix(const _X &__x) : __cm_data(__details::__cm_value<_T, _R * _C>(__x)) {}
  template <typename _X, typename = typename __details::__enable_if<__details::__is_cm_object<_X> || __details::__is_arith<_X>>::__type>
  __CM_INLINE matrix(const _X &__x, int __flag)
      : __cm_data(__details::__cm_saturate<typename __details::__remove_cvref<_X>::__type>::template __convert<_T, _R * _C>(__x, __flag)) {}
  template <typename _A, typename __details::__enable_if<__details::__cm_is_initializer<_A>, int>::__type = 0>
  __CM_INLINE matrix(const _A &__init) : __cm_data(__details::__cm_from_initializer<_T, _R * _C>(__init)) {}

  __CM_COMMON_MEMBERS(matrix, _T, _R * _C)
  __CM_MATRIX_MEMBERS(_T, _R, _C)
};

template <typename _T, int _N> class vector_ref {
  __CM_CHECK_OBJECT_SIZE(_T, _N);

public:
  __details::__cm_ref_state<_T, _N> __cm_state;

  __CM_INLINE vector_ref(const __details::__cm_ref_state<_T, _N> &__state) : __cm_state(__state) {}
  __CM_INLINE vector_ref(const vector_ref &__other) = default;
  // A vector (or matrix of N elements) converts to a reference to all its elements.
  __CM_INLINE vector_ref(vector<_T, _N> &__v) : __cm_state(__v.__cm_ref()) {}
  template <int _R, int _C, typename = typename __details::__enable_if<_R * _C == _N>::__type>
  __CM_INLINE vector_ref(matrix<_T, _R, _C> &__m) : __cm_state(__m.__cm_ref()) {}

  __CM_INLINE __details::__cm_vec<_T, _N> __cm_read() const { return __cm_state.__read(); }
  __CM_INLINE void __cm_write(__details::__cm_vec<_T, _N> __value) const { __cm_state.__write(__value); }
  __CM_INLINE __details::__cm_ref_state<_T, _N> __cm_ref() const { return __cm_state; }

  __CM_COMMON_MEMBERS(vector_ref, _T, _N)
  __CM_VECTOR_MEMBERS(_T, _N)
};

template <typename _T, int _R, int _C> class matrix_ref {
  __CM_CHECK_OBJECT_SIZE(_T, (long long)_R * _C);

public:
  __details::__cm_ref_state<_T, _R * _C> __cm_state;

  __CM_INLINE matrix_ref(const __details::__cm_ref_state<_T, _R * _C> &__state) : __cm_state(__state) {}
  __CM_INLINE matrix_ref(const matrix_ref &__other) = default;
  __CM_INLINE matrix_ref(matrix<_T, _R, _C> &__m) : __cm_state(__m.__cm_ref()) {}

  __CM_INLINE __details::__cm_vec<_T, _R * _C> __cm_read() const { return __cm_state.__read(); }
  __CM_INLINE void __cm_write(__details::__cm_vec<_T, _R * _C> __value) const { __cm_state.__write(__value); }
  __CM_INLINE __details::__cm_ref_state<_T, _R * _C> __cm_ref() const { return __cm_state; }

  __CM_COMMON_MEMBERS(matrix_ref, _T, _R * _C)
  __CM_MATRIX_MEMBERS(_T, _R, _C)
};

// A vector or matrix argument as a reference to it, anything else unchanged: what the front end's rewrite
// (frontend/src/rewrite.rs) wraps the arguments of a call in when a function template's vector_ref/matrix_ref
// parameter did not deduce from a vector or matrix, as cmc deduces it. The reference writes through to the
// caller's object. (A vector<T, N> is not a vector_ref<T, N> in C++: derivation would put a reference's state
// in every vector, changing sizeof and the layout of globals and structures.)
namespace __details {
template <typename _X> __CM_INLINE _X &&__cm_as_ref(_X &&__x) { return static_cast<_X &&>(__x); }
template <typename _T, int _N> __CM_INLINE vector_ref<_T, _N> __cm_as_ref(vector<_T, _N> &__v) { return vector_ref<_T, _N>(__v); }
template <typename _T, int _R, int _C> __CM_INLINE matrix_ref<_T, _R, _C> __cm_as_ref(matrix<_T, _R, _C> &__m) {
  return matrix_ref<_T, _R, _C>(__m);
}
// A reference argument as the value of its elements, for a function template's vector/matrix parameter.
template <typename _X> __CM_INLINE _X &&__cm_as_value(_X &&__x) { return static_cast<_X &&>(__x); }
// (By value: a reference is a small object, and an rvalue select must not prefer the forwarding overload.)
template <typename _T, int _N> __CM_INLINE vector<_T, _N> __cm_as_value(vector_ref<_T, _N> __r) { return vector<_T, _N>(__r); }
template <typename _T, int _R, int _C> __CM_INLINE matrix<_T, _R, _C> __cm_as_value(matrix_ref<_T, _R, _C> __r) {
  return matrix<_T, _R, _C>(__r);
}
} // namespace __details

// ---- operators --------------------------------------------------------------------------------------------

#define __CM_BINARY(__op)                                                                                            \
  template <typename _X, typename _Y, typename = typename __details::__enable_if<__details::__cm_binary_ok<_X, _Y>>::__type>   \
  __CM_INLINE auto operator __op(const _X &__x, const _Y &__y) __attribute__((__diagnose_if__(                                   \
      !__details::__cm_binary<_X, _Y>::__counts_agree, "operator '" #__op "': the operands have different numbers of elements", \
      "error"))) {                                                                                                 \
    using _B = __details::__cm_binary<_X, _Y>;                                                                          \
    using _E = typename _B::__elem;                                                                                    \
    using _Result = typename _B::template __result<_E>;                                                                 \
    if constexpr (_B::__counts_agree) /* else: reported by diagnose_if above */                                      \
      return _Result::__cm_from(__details::__cm_value<_E, _B::__n>(__x) __op __details::__cm_value<_E, _B::__n>(__y));                \
    else                                                                                                           \
      return _Result::__cm_from({});                                                                                \
  }
__CM_BINARY(+) __CM_BINARY(-) __CM_BINARY(*) __CM_BINARY(/) __CM_BINARY(%)
__CM_BINARY(&) __CM_BINARY(|) __CM_BINARY(^)
#undef __CM_BINARY

// Shifts: the result has the (promoted) type of the left operand, as in C++.
#define __CM_SHIFT(__op)                                                                                             \
  template <typename _X, typename _Y, typename = typename __details::__enable_if<__details::__cm_binary_ok<_X, _Y>>::__type>   \
  __CM_INLINE auto operator __op(const _X &__x, const _Y &__y) __attribute__((__diagnose_if__(                                   \
      !__details::__cm_binary<_X, _Y>::__counts_agree, "operator '" #__op "': the operands have different numbers of elements", \
      "error"))) {                                                                                                 \
    using _B = __details::__cm_binary<_X, _Y>;                                                                          \
    using _E = decltype(typename _B::__xe() __op 1);                                                                     \
    using _Result = typename _B::template __result<_E>;                                                                 \
    if constexpr (_B::__counts_agree) /* else: reported by diagnose_if above */                                      \
      return _Result::__cm_from(__details::__cm_value<_E, _B::__n>(__x) __op __details::__cm_value<_E, _B::__n>(__y));                \
    else                                                                                                           \
      return _Result::__cm_from({});                                                                                \
  }
__CM_SHIFT(<<) __CM_SHIFT(>>)
#undef __CM_SHIFT

// Comparisons: vector<ushort, N> (or matrix) of 1 and 0.
#define __CM_COMPARE(__op)                                                                                           \
  template <typename _X, typename _Y, typename = typename __details::__enable_if<__details::__cm_binary_ok<_X, _Y>>::__type>   \
  __CM_INLINE auto operator __op(const _X &__x, const _Y &__y) __attribute__((__diagnose_if__(                                   \
      !__details::__cm_binary<_X, _Y>::__counts_agree, "operator '" #__op "': the operands have different numbers of elements", \
      "error"))) {                                                                                                 \
    using _B = __details::__cm_binary<_X, _Y>;                                                                          \
    using _E = typename _B::__elem;                                                                                    \
    using _Result = typename _B::template __result<unsigned short>;                                                    \
    if constexpr (_B::__counts_agree) { /* else: reported by diagnose_if above */                                     \
      auto __lanes = __details::__cm_value<_E, _B::__n>(__x) __op __details::__cm_value<_E, _B::__n>(__y);                             \
      return _Result::__cm_from(__builtin_convertvector(__lanes, __details::__cm_vec<unsigned short, _B::__n>) &           \
                               (unsigned short)1);                                                                 \
    } else {                                                                                                       \
      return _Result::__cm_from({});                                                                                \
    }                                                                                                              \
  }
__CM_COMPARE(<) __CM_COMPARE(<=) __CM_COMPARE(>) __CM_COMPARE(>=) __CM_COMPARE(==) __CM_COMPARE(!=)
#undef __CM_COMPARE

#define __CM_UNARY(__op)                                                                                             \
  template <typename _X, typename = typename __details::__enable_if<__details::__is_cm_object<_X>>::__type>                    \
  __CM_INLINE auto operator __op(const _X &__x) {                                                                       \
    using _B = __details::__cm_binary<_X, _X>;                                                                          \
    using _E = decltype(__op typename _B::__xe());                                                                       \
    using _Result = typename _B::template __result<_E>;                                                                 \
    return _Result::__cm_from(__op __details::__cm_value<_E, _B::__n>(__x));                                                  \
  }
__CM_UNARY(-) __CM_UNARY(~) __CM_UNARY(+)
#undef __CM_UNARY

template <typename _X, typename = typename __details::__enable_if<__details::__is_cm_object<_X>>::__type>
__CM_INLINE auto operator!(const _X &__x) {
  using _B = __details::__cm_binary<_X, _X>;
  return __x == (typename _B::__xe)0;
}

#endif
