// vector, matrix, vector_ref, matrix_ref: the CM value classes, their regions (select, iselect, replicate,
// format, row, column, element access), merge, operators and any/all. Conventions: cm_common.h.
//
// Design. vector<T,N> and matrix<T,R,C> own their elements (one `details::__cm_vec<T, N>` member, row-major).
// A reference (vector_ref, matrix_ref, an element reference) is a pointer to the storage of the object it
// finally reaches (the root: a vector or matrix, never another reference), a run-time byte offset `base` and a
// constant-shaped vector of byte offsets relative to `base`, one per element. A reference of a reference
// composes offsets (it gathers its parent's), so any chain of selects, rows, columns and formats is one
// reference into its root. Reads and writes go through `details::__cm_builtin_ref_read/write`, which
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

template <typename T, int N> class vector;
template <typename T, int R, int C> class matrix;
template <typename T, int N> class vector_ref;
template <typename T, int R, int C> class matrix_ref;

namespace details {

template <typename T> constexpr bool is_cm_object = cm_object_traits<typename remove_cvref<T>::type>::is_object;

template <typename T, int N> struct cm_object_traits_base {
  static constexpr bool is_object = true;
  using elem = T;
  static constexpr int n = N;
};
} // namespace details

template <typename T, int N> struct details::cm_object_traits<vector<T, N>> : details::cm_object_traits_base<T, N> {
  static constexpr int rows = 0, cols = N;
};
template <typename T, int N>
struct details::cm_object_traits<vector_ref<T, N>> : details::cm_object_traits_base<T, N> {
  static constexpr int rows = 0, cols = N;
};
template <typename T, int R, int C>
struct details::cm_object_traits<matrix<T, R, C>> : details::cm_object_traits_base<T, R * C> {
  static constexpr int rows = R, cols = C;
};
template <typename T, int R, int C>
struct details::cm_object_traits<matrix_ref<T, R, C>> : details::cm_object_traits_base<T, R * C> {
  static constexpr int rows = R, cols = C;
};

namespace details {

template <typename T, T... Is> struct __cm_seq {};
template <typename E, int N, int R> struct __cm_select_shape { using type = matrix<E, R, N / R>; };
template <typename E, int N> struct __cm_select_shape<E, N, 0> { using type = vector<E, N>; };

// The storage-pointer reference every reference class holds.
// Packed: a copy of the state must be a copy of its fields only (padding bytes would survive SROA as dead
// memcpys of uninitialised bytes).
template <typename T, int N> struct __attribute__((packed)) __cm_ref_state {
  void *root;
  int base;
  __cm_vec<unsigned short, __cm_pack_length<N>> offsets;
  // Bytes between consecutive elements when offsets[k] == k * step (a contiguous or evenly strided
  // reference), else 0. Constant after inlining; it lets a sub-region with a run-time start move the start into
  // `base` and keep constant offsets (a direct region), instead of gathering offsets at run time.
  int step;
  __CM_INLINE __cm_vec<T, N> read() const {
    return __cm_builtin_ref_read<__cm_vec<T, N>>(root, base, offsets);
  }
  __CM_INLINE void write(__cm_vec<T, N> value) const { __cm_builtin_ref_write(root, base, offsets, value); }
};

// Byte offsets of the elements of a region of N elements: rows of W elements, rows VS elements apart,
// neighbours HS apart; ES bytes per element. Element k is at ((k / W) * VS + (k % W) * HS) * ES.
template <int N, int VS, int W, int HS, int ES, int... Is>
__CM_INLINE __cm_vec<unsigned short, __cm_pack_length<N>> __cm_region_offsets_impl(__cm_seq<int, Is...>) {
  return __cm_vec<unsigned short, __cm_pack_length<N>>{(unsigned short)(((Is / W) * VS + (Is % W) * HS) * ES)...};
}
template <int N, int VS, int W, int HS, int ES>
__CM_INLINE __cm_vec<unsigned short, __cm_pack_length<N>> __cm_region_offsets() {
  static_assert(N > 0 && W > 0 && N % W == 0, "region width must divide the element count");
  return __cm_region_offsets_impl<N, VS, W, HS, ES>(__make_integer_seq<__cm_seq, int, __cm_pack_length<N>>{});
}
template <int N> __CM_INLINE __cm_vec<unsigned, N> __cm_iota() {
  return __builtin_convertvector((__cm_region_offsets<N, 0, N, 1, 1>()), __cm_vec<unsigned, N>);
}

// Offsets of a sub-region of a reference: element k of the result is element
// (i + (k / W) * VS + (k % W) * HS) of the parent, whose byte offset the parent holds.
// `indices` holds the parent element index of each result element, relative to the start element i.
//
// No branches here: the front end runs no CFG simplification before genx-cm-lower (SIMD control flow must keep
// its shape), so the choice between the two forms is a bit blend that folds once `step` is a constant.
template <typename T, int N, int M, typename P>
__CM_INLINE __cm_ref_state<T, N> __cm_subregion(const P &parent, __cm_vec<unsigned short, N> indices, int i,
                                                int new_step_in_parent_steps) {
  // Evenly strided parent (step != 0): the start goes to base, the shape stays constant. Otherwise gather the
  // parent's offsets (step is 0, so base does not move).
  __cm_vec<unsigned short, N> keep = (unsigned short)-(int)(parent.step != 0);
  __cm_vec<unsigned short, N> strided = indices * (unsigned short)parent.step;
  __cm_vec<short, N> at = (__cm_vec<short, N>)((indices + (unsigned short)i) * (unsigned short)2);
  __cm_vec<unsigned short, N> gathered =
      __cm_genx_rdregioni<__cm_vec<unsigned short, N>>(parent.offsets, 0, 1, 0, at, -1);
  return {parent.root, parent.base + i * parent.step, (strided & keep) | (gathered & ~keep),
          parent.step * new_step_in_parent_steps};
}

// Offsets of format<U>() of a reference of N elements of T: U element k starts at byte k*sizeof(U) of the
// view, inside T element (k*sizeof(U))/sizeof(T).
template <typename T, typename U, int N, int NU, int... Is>
__CM_INLINE __cm_vec<unsigned short, NU> __cm_format_offsets_impl(__cm_vec<unsigned short, N> parent,
                                                                  __cm_seq<int, Is...>) {
  __cm_vec<unsigned short, NU> which = {(unsigned short)((Is * (int)sizeof(U)) / (int)sizeof(T) * 2)...};
  __cm_vec<unsigned short, NU> within = {(unsigned short)((Is * (int)sizeof(U)) % (int)sizeof(T))...};
  return __cm_genx_rdregioni<__cm_vec<unsigned short, NU>>(parent, 0, 1, 0, (__cm_vec<short, NU>)which, -1) + within;
}

template <typename T, typename U, int N, int NU>
__CM_INLINE __cm_ref_state<U, NU> __cm_format(const __cm_ref_state<T, N> &parent) {
  // Contiguous parent: contiguous result. Otherwise each new element sits inside one of the parent's.
  int contiguous = parent.step == (int)sizeof(T);
  __cm_vec<unsigned short, NU> keep = (unsigned short)-contiguous;
  __cm_vec<unsigned short, NU> dense = __cm_region_offsets<NU, 0, NU, 1, (int)sizeof(U)>();
  __cm_vec<unsigned short, NU> inside =
      __cm_format_offsets_impl<T, U, N, NU>(parent.offsets, __make_integer_seq<__cm_seq, int, __cm_pack_length<NU>>{});
  return {parent.root, parent.base, (dense & keep) | (inside & ~keep), (int)sizeof(U) * contiguous};
}

// C arrays as initialisers (cmlangspec 3.2.3): any number of dimensions, elements of any arithmetic type;
// `__cm_array<A>` gives the innermost element type and the total element count of array type A.
template <typename A> struct __cm_array {
  static constexpr bool is = false;
  using elem = A;
  static constexpr int n = 1;
};
template <typename U, int M> struct __cm_array<U[M]> {
  static constexpr bool is = true;
  using elem = typename __cm_array<U>::elem;
  static constexpr int n = M * __cm_array<U>::n;
};
template <typename A>
constexpr bool __cm_is_initializer = __cm_array<A>::is && is_arith<typename remove_cvref<typename __cm_array<A>::elem>::type>;

// The first min(M, N) elements of an array of M elements of U, converted to T; the rest of the N are left
// undefined (the spec: initialisation goes up to the smaller size). One copy of the bytes (no loop, so a
// constant array folds to a constant vector), then the per-element conversion.
template <typename T, int N, typename U, int M> __CM_INLINE __cm_vec<T, N> __cm_from_array(const U *init) {
  constexpr int K = M < N ? M : N;
  __cm_vec<U, N> raw;
  __builtin_memcpy(&raw, init, sizeof(U) * K);
  return __builtin_convertvector(raw, __cm_vec<T, N>);
}
template <typename T, int N, typename A> __CM_INLINE __cm_vec<T, N> __cm_from_initializer(const A &init) {
  using E = typename remove_cvref<typename __cm_array<A>::elem>::type;
  return __cm_from_array<T, N, E, __cm_array<A>::n>((const E *)&init);
}

// Saturating conversion for the constructors with a SAT flag (`vector<uchar, 8> v(w, SAT)`): defined with the
// other saturating operations in cm_math.h; declared here so that the constructors can name it.
template <typename X> struct __cm_saturate;

// Reads a region of a value.
template <typename T, int M, int N>
__CM_INLINE __cm_vec<T, N> __cm_rdregion(__cm_vec<T, M> in, int vs, int w, int hs, short byte_offset) {
  if constexpr (is_floating<T>)
    return __cm_genx_rdregionf<__cm_vec<T, N>>(in, vs, w, hs, byte_offset, -1);
  else
    return __cm_genx_rdregioni<__cm_vec<T, N>>(in, vs, w, hs, byte_offset, -1);
}
// Writes a region of a value under a mask (any integer vector; non-zero lanes are written).
template <typename T, int M, int N, typename Mask>
__CM_INLINE __cm_vec<T, M> __cm_wrregion(__cm_vec<T, M> old, __cm_vec<T, N> in, int vs, int w, int hs,
                                         short byte_offset, Mask mask) {
  if constexpr (is_floating<T>)
    return __cm_genx_wrregionf<__cm_vec<T, M>>(old, in, vs, w, hs, byte_offset, -1, mask);
  else
    return __cm_genx_wrregioni<__cm_vec<T, M>>(old, in, vs, w, hs, byte_offset, -1, mask);
}

// The value of an object or scalar as N elements of U (conversion per element, scalar broadcast).
template <typename U, int N, typename X> __CM_INLINE __cm_vec<U, N> __cm_value(const X &x) {
  using XT = typename remove_cvref<X>::type;
  if constexpr (cm_object_traits<XT>::is_object) {
    static_assert(cm_object_traits<XT>::n == N, "element counts do not match");
    if constexpr (cm_object_traits<XT>::n == N)
      return __builtin_convertvector(x.__cm_read(), __cm_vec<U, N>);
    else
      return __cm_vec<U, N>{}; // after the static_assert: no second, less clear error
  } else {
    return (__cm_vec<U, N>)(U)x;
  }
}


// A single element is a plain C++ reference into the root's storage: `v(i)` has type T& as in CM (template
// argument deduction, `auto`, `++` and compound assignment behave as for any lvalue of T). After genx-cm-lower
// and SROA, an element at a constant index is an extractelement/insertelement of the root; at a run-time index
// the root stays in memory for the middle end's genx-promote-array.
template <typename T, int N> __CM_INLINE T &__cm_element(const __cm_ref_state<T, N> &r) {
  return *(T *)((char *)r.root + r.base + r.offsets[0]);
}

// What binary operators on (X, Y) produce: C++'s usual conversions per element; a matrix shape wins.
template <typename X, typename Y> struct __cm_binary {
  using XT = typename remove_cvref<X>::type;
  using YT = typename remove_cvref<Y>::type;
  using xe = typename cm_object_traits<XT>::elem;
  using ye = typename cm_object_traits<YT>::elem;
  static constexpr bool x_obj = cm_object_traits<XT>::is_object, y_obj = cm_object_traits<YT>::is_object;
  static constexpr int n = x_obj ? cm_object_traits<XT>::n : cm_object_traits<YT>::n;
  // Checked where the operator is called (diagnose_if), so that the error names the user's line.
  static constexpr bool counts_agree = !(x_obj && y_obj) || cm_object_traits<XT>::n == cm_object_traits<YT>::n;
  using elem = decltype(xe() + ye());
  static constexpr int rows = x_obj && cm_object_traits<XT>::rows ? cm_object_traits<XT>::rows
                            : y_obj && cm_object_traits<YT>::rows ? cm_object_traits<YT>::rows : 0;
  template <typename E> using result = typename __cm_select_shape<E, n, rows>::type;
};

} // namespace details

namespace details {

// Whether an object or scalar X can stand where N elements are expected (a scalar broadcasts).
template <typename X, int N>
constexpr bool __cm_count_ok = !cm_object_traits<typename remove_cvref<X>::type>::is_object ||
                               cm_object_traits<typename remove_cvref<X>::type>::n == N;

template <typename X, typename Y>
constexpr bool __cm_binary_ok = (is_cm_object<X> || is_cm_object<Y>) &&
                                (is_cm_object<X> || is_arith<typename remove_cvref<X>::type>) &&
                                (is_cm_object<Y> || is_arith<typename remove_cvref<Y>::type>);
} // namespace details

// Members shared by every class (vector, matrix and their references), written once: the class supplies
// `__cm_read`, `__cm_write` and `__cm_ref` (the reference state of its elements) and these follow.
#define __CM_COMMON_MEMBERS(Self, T, N)                                                                            \
public:                                                                                                            \
  using __cm_elem = T;                                                                                             \
  static constexpr int __cm_n = N;                                                                                 \
  static constexpr int n_elems() { return N; }                                                                     \
  /* Shape-agnostic assignment: any object of N elements (converted per element) or a scalar (broadcast). */       \
  template <typename X, typename = typename details::enable_if<details::is_cm_object<X> ||                         \
                                                               details::is_arith<X>>::type>                        \
  __CM_INLINE Self &operator=(const X &x) __attribute__((diagnose_if(!details::__cm_count_ok<X, N>,                \
      "assignment: the right-hand side has a different number of elements", "error"))) {                           \
    __cm_write(details::__cm_value<T, N>(x));                                                                      \
    return *this;                                                                                                  \
  }                                                                                                                \
  __CM_INLINE Self &operator=(const Self &x) {                                                                     \
    __cm_write(x.__cm_read());                                                                                     \
    return *this;                                                                                                  \
  }                                                                                                                \
  template <typename X> __CM_INLINE Self &operator+=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '+=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this + x; } \
  template <typename X> __CM_INLINE Self &operator-=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '-=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this - x; } \
  template <typename X> __CM_INLINE Self &operator*=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '*=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this * x; } \
  template <typename X> __CM_INLINE Self &operator/=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '/=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this / x; } \
  template <typename X> __CM_INLINE Self &operator%=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '%=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this % x; } \
  template <typename X> __CM_INLINE Self &operator&=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '&=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this & x; } \
  template <typename X> __CM_INLINE Self &operator|=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '|=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this | x; } \
  template <typename X> __CM_INLINE Self &operator^=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '^=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this ^ x; } \
  template <typename X> __CM_INLINE Self &operator<<=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '<<=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this << x; } \
  template <typename X> __CM_INLINE Self &operator>>=(const X &x) __attribute__((diagnose_if(                      \
      !details::__cm_count_ok<X, N>, "compound assignment '>>=': the operands have different numbers of elements",  \
      "error"))) { return *this = *this >> x; } \
  /* format<U>(): the same bytes as elements of U. */                                                             \
  template <typename U>                                                                                            \
  __CM_INLINE vector_ref<U, N * (int)sizeof(T) / (int)sizeof(U)> format() const                                    \
      __attribute__((diagnose_if(N * (int)sizeof(T) % (int)sizeof(U) != 0,                                         \
                                 "format: the object's size is not a multiple of the new element's", "error"))) {  \
    constexpr int NU = N * (int)sizeof(T) / (int)sizeof(U);                                                        \
    static_assert(NU * (int)sizeof(U) == N * (int)sizeof(T), "format: the object's size is not a multiple of the new element size"); \
    return vector_ref<U, NU>(details::__cm_format<T, U, N, NU>(__cm_ref()));                                       \
  }                                                                                                                \
  template <typename U, int R2, int C2>                                                                            \
  __CM_INLINE matrix_ref<U, R2, C2> format() const                                                                 \
      __attribute__((diagnose_if(R2 * C2 * (int)sizeof(U) != N * (int)sizeof(T),                                   \
                                 "format: the new shape has a different size in bytes", "error"))) {               \
    static_assert(R2 * C2 * (int)sizeof(U) == N * (int)sizeof(T), "format: the new shape has a different size");   \
    return matrix_ref<U, R2, C2>(details::__cm_format<T, U, N, R2 * C2>(__cm_ref()));                             \
  }                                                                                                                \
  /* replicate: REP blocks of W elements, blocks VS apart, elements HS apart, from linear element `start` (row-major \
     for a matrix), as one rvalue; the public forms are __CM_VECTOR_MEMBERS' (start i) and __CM_MATRIX_MEMBERS'      \
     (start (i, j)), which check the region (__CM_REPLICATE_FITS). */                                               \
  template <int REP, int VS, int W, int HS> __CM_INLINE vector<T, REP * W> __cm_replicate(int start) const {        \
    return vector<T, REP * W>::__cm_from(                                                                          \
        details::__cm_rdregion<T, N, REP * W>(__cm_read(), VS, W, HS, (short)(start * (int)sizeof(T))));           \
  }                                                                                                                \
  template <int REP> __CM_INLINE vector<T, REP * N> replicate() const { return __cm_replicate<REP, 0, N, 1>(0); }  \
  /* iselect: elements at run-time indices (rvalue). */                                                           \
  template <typename I, int K> __CM_INLINE vector<T, K> iselect(const vector<I, K> &idx) const {                   \
    auto offsets = __builtin_convertvector(idx.__cm_read(), details::__cm_vec<short, K>) * (short)sizeof(T);       \
    return vector<T, K>::__cm_from(details::__cm_rdregion_indirect<T, N, K>(__cm_read(), offsets));                \
  }                                                                                                                \
  template <typename I, int K> __CM_INLINE vector<T, K> iselect(const vector_ref<I, K> &idx) const {               \
    return iselect(vector<I, K>(idx));                                                                             \
  }                                                                                                                \
  /* merge: write x (or x/y) where the mask is set (int: bit k for element k; object: non-zero elements). */       \
  template <typename X, typename M> __CM_INLINE void merge(const X &x, const M &mask) {                            \
    __cm_write(details::__cm_wrregion<T, N, N>(__cm_read(), details::__cm_value<T, N>(x), 0, N, 1, 0,              \
                                               details::__cm_mask<N>(mask)));                                     \
  }                                                                                                                \
  template <typename X, typename Y, typename M> __CM_INLINE void merge(const X &x, const Y &y, const M &mask) {     \
    __cm_write(details::__cm_wrregion<T, N, N>(details::__cm_value<T, N>(y), details::__cm_value<T, N>(x), 0, N, 1, \
                                               0, details::__cm_mask<N>(mask)));                                  \
  }                                                                                                                \
  __CM_INLINE unsigned short any() const {                                                                         \
    return details::__cm_genx_any<unsigned short>(__cm_read() != (T)0);                                            \
  }                                                                                                                \
  __CM_INLINE unsigned short all() const {                                                                         \
    return details::__cm_genx_all<unsigned short>(__cm_read() != (T)0);                                            \
  }

namespace details {
template <typename T, int M, int K>
__CM_INLINE __cm_vec<T, K> __cm_rdregion_indirect(__cm_vec<T, M> in, __cm_vec<short, K> offsets) {
  if constexpr (is_floating<T>)
    return __cm_genx_rdregionf<__cm_vec<T, K>>(in, 0, 1, 0, offsets, -1);
  else
    return __cm_genx_rdregioni<__cm_vec<T, K>>(in, 0, 1, 0, offsets, -1);
}
// A merge mask as N lanes of ushort (non-zero = write).
template <int N, typename M> __CM_INLINE __cm_vec<unsigned short, N> __cm_mask(const M &mask) {
  if constexpr (is_cm_object<M>) {
    return __cm_value<unsigned short, N>(mask);
  } else {
    static_assert(N <= 32, "an integer merge mask covers at most 32 elements");
    return __builtin_convertvector(((__cm_vec<unsigned, N>)(unsigned)mask >> __cm_iota<N>()) & 1u,
                                   __cm_vec<unsigned short, N>);
  }
}
} // namespace details

// replicate's region check, on every public form (the region must fit whatever the start).
#define __CM_REPLICATE_FITS(REP, VS, W, HS, N)                                                                     \
  __attribute__((diagnose_if(!((REP) > 0 && (W) > 0 && (VS) >= 0 && (HS) >= 0 &&                                  \
                               ((REP) - 1) * (VS) + ((W) - 1) * (HS) < (N)),                                      \
                             "replicate: the region does not fit in the object", "error")))

// 1D select members (vector and vector_ref): select<S,St>(i), element access.
#define __CM_VECTOR_MEMBERS(T, N)                                                                                  \
  template <int S, int St>                                                                                         \
  __CM_INLINE vector_ref<T, S> select(int i = 0) const                                                             \
      __attribute__((diagnose_if(i < 0 || i + (S - 1) * St >= N, "select is out of bounds", "error")))              \
      __attribute__((diagnose_if(!(S > 0 && St >= 0 && (S - 1) * St < N),                                          \
                                 "select: the region does not fit in the vector", "error")))                       \
      __attribute__((diagnose_if(S > 1 && St == 0, "select: stride 0 is only allowed for one element", "error"))) { \
    static_assert(S > 0 && St >= 0 && (S - 1) * St < N, "select: the region does not fit in the vector");          \
    static_assert(S == 1 || St > 0, "select: stride 0 is only allowed for one element");                           \
    return vector_ref<T, S>(details::__cm_subregion<T, S, N>(__cm_ref(), details::__cm_region_offsets<S, 0, S, St, 1>(), \
                                                             i, St));                                              \
  }                                                                                                                \
  __CM_INLINE T &operator()(int i) const                                                                           \
      __attribute__((diagnose_if(i < 0 || i >= N, "element index is out of bounds", "error"))) {                   \
    return details::__cm_element(select<1, 1>(i).__cm_ref());                                                      \
  }                                                                                                                \
  __CM_INLINE T &operator[](int i) const                                                                           \
      __attribute__((diagnose_if(i < 0 || i >= N, "element index is out of bounds", "error"))) {                   \
    return (*this)(i);                                                                                             \
  }                                                                                                                \
  __CM_INLINE vector_ref<T, N> select_all() const { return vector_ref<T, N>(__cm_ref()); }                         \
  template <int REP, int VS, int W, int HS>                                                                       \
  __CM_INLINE vector<T, REP * W> replicate(int i = 0) const __CM_REPLICATE_FITS(REP, VS, W, HS, N) \
      __attribute__((diagnose_if(i < 0 || i + (REP - 1) * VS + (W - 1) * HS >= N, "replicate is out of bounds",    \
                                 "error"))) {                                                                      \
    return this->template __cm_replicate<REP, VS, W, HS>(i);                                                       \
  }                                                                                                                \
  template <int REP, int VS, int W>                                                                                \
  __CM_INLINE vector<T, REP * W> replicate(int i = 0) const __CM_REPLICATE_FITS(REP, VS, W, 1, N) \
      __attribute__((diagnose_if(i < 0 || i + (REP - 1) * VS + (W - 1) >= N, "replicate is out of bounds",         \
                                 "error"))) {                                                                      \
    return this->template __cm_replicate<REP, VS, W, 1>(i);                                                        \
  }                                                                                                                \
  template <int REP, int W>                                                                                        \
  __CM_INLINE vector<T, REP * W> replicate(int i = 0) const __CM_REPLICATE_FITS(REP, 0, W, 1, N) \
      __attribute__((diagnose_if(i < 0 || i + (W - 1) >= N, "replicate is out of bounds", "error"))) {             \
    return this->template __cm_replicate<REP, 0, W, 1>(i);                                                         \
  }

// 2D members (matrix and matrix_ref).
#define __CM_MATRIX_MEMBERS(T, R, C)                                                                               \
  static constexpr int n_rows() { return R; }                                                                      \
  static constexpr int n_cols() { return C; }                                                                      \
  template <int VS, int VSt, int HS, int HSt>                                                                      \
  __CM_INLINE matrix_ref<T, VS, HS> select(int i = 0, int j = 0) const                                             \
      __attribute__((diagnose_if(i < 0 || j < 0 || i + (VS - 1) * VSt >= R || j + (HS - 1) * HSt >= C,             \
                                 "select is out of bounds", "error")))                                             \
      __attribute__((diagnose_if(!(VS > 0 && HS > 0 && (VS - 1) * VSt < R && (HS - 1) * HSt < C),                  \
                                 "select: the region does not fit in the matrix", "error"))) {                     \
    static_assert(VS > 0 && HS > 0 && (VS - 1) * VSt < R && (HS - 1) * HSt < C,                                    \
                  "select: the region does not fit in the matrix");                                                \
    return matrix_ref<T, VS, HS>(details::__cm_subregion<T, VS * HS, R * C>(                                       \
        __cm_ref(), details::__cm_region_offsets<VS * HS, VSt * C, HS, HSt, 1>(), i * C + j, VS * HS == HS ? HSt : 0)); \
  }                                                                                                                \
  __CM_INLINE vector_ref<T, C> row(int i) const                                                                    \
      __attribute__((diagnose_if(i < 0 || i >= R, "row is out of bounds", "error"))) {                             \
    return vector_ref<T, C>(details::__cm_subregion<T, C, R * C>(__cm_ref(), details::__cm_region_offsets<C, 0, C, 1, 1>(), \
                                                                 i * C, 1));                                       \
  }                                                                                                                \
  __CM_INLINE vector_ref<T, R> column(int j) const                                                                 \
      __attribute__((diagnose_if(j < 0 || j >= C, "column is out of bounds", "error"))) {                          \
    return vector_ref<T, R>(details::__cm_subregion<T, R, R * C>(__cm_ref(), details::__cm_region_offsets<R, 0, R, C, 1>(), \
                                                                 j, C));                                           \
  }                                                                                                                \
  __CM_INLINE T &operator()(int i, int j) const                                                                    \
      __attribute__((diagnose_if(i < 0 || i >= R || j < 0 || j >= C, "element index is out of bounds", "error"))) { \
    return details::__cm_element(select<1, 1, 1, 1>(i, j).__cm_ref());                                             \
  }                                                                                                                \
  __CM_INLINE vector_ref<T, C> operator[](int i) const { return row(i); }                                          \
  __CM_INLINE matrix_ref<T, R, C> select_all() const { return matrix_ref<T, R, C>(__cm_ref()); }                  \
  /* replicate from element (i, j): the region is linear (row-major), as in the spec. */                          \
  template <int REP, int VS, int W, int HS>                                                                       \
  __CM_INLINE vector<T, REP * W> replicate(int i = 0, int j = 0) const __CM_REPLICATE_FITS(REP, VS, W, HS, R * C) \
      __attribute__((diagnose_if(i < 0 || j < 0 || i * C + j + (REP - 1) * VS + (W - 1) * HS >= R * C,             \
                                 "replicate is out of bounds", "error"))) {                                        \
    return this->template __cm_replicate<REP, VS, W, HS>(i * C + j);                                               \
  }                                                                                                                \
  template <int REP, int VS, int W>                                                                                \
  __CM_INLINE vector<T, REP * W> replicate(int i = 0, int j = 0) const __CM_REPLICATE_FITS(REP, VS, W, 1, R * C) \
      __attribute__((diagnose_if(i < 0 || j < 0 || i * C + j + (REP - 1) * VS + (W - 1) >= R * C,                  \
                                 "replicate is out of bounds", "error"))) {                                        \
    return this->template __cm_replicate<REP, VS, W, 1>(i * C + j);                                                \
  }                                                                                                                \
  template <int REP, int W>                                                                                        \
  __CM_INLINE vector<T, REP * W> replicate(int i = 0, int j = 0) const __CM_REPLICATE_FITS(REP, 0, W, 1, R * C) \
      __attribute__((diagnose_if(i < 0 || j < 0 || i * C + j + (W - 1) >= R * C, "replicate is out of bounds",     \
                                 "error"))) {                                                                      \
    return this->template __cm_replicate<REP, 0, W, 1>(i * C + j);                                                 \
  }                                                                                                                \
  template <typename I, typename J, int K>                                                                         \
  __CM_INLINE vector<T, K> iselect(const vector<I, K> &rows, const vector<J, K> &cols) const {                     \
    auto offsets = (__builtin_convertvector(rows.__cm_read(), details::__cm_vec<short, K>) * (short)C +            \
                    __builtin_convertvector(cols.__cm_read(), details::__cm_vec<short, K>)) *                      \
                   (short)sizeof(T);                                                                               \
    return vector<T, K>::__cm_from(details::__cm_rdregion_indirect<T, R * C, K>(__cm_read(), offsets));            \
  }

template <typename T, int N> class vector {
  static_assert(N > 0, "a vector has at least one element");
  __CM_CHECK_OBJECT_SIZE(T, N);
  static_assert(details::is_arith<T>, "vector elements are arithmetic types");

public:
  details::__cm_vec<T, details::__cm_pack_length<N>> __cm_data;

  __CM_INLINE details::__cm_vec<T, N> __cm_read() const { return __cm_data; }
  __CM_INLINE void __cm_write(details::__cm_vec<T, N> value) { __cm_data = value; }
  __CM_INLINE details::__cm_ref_state<T, N> __cm_ref() const {
    return {(void *)&__cm_data, 0, details::__cm_region_offsets<N, 0, N, 1, (int)sizeof(T)>(), (int)sizeof(T)};
  }
  static __CM_INLINE vector __cm_from(details::__cm_vec<T, N> value) {
    vector v;
    v.__cm_data = value;
    return v;
  }

  __CM_INLINE vector() = default;
  __CM_INLINE vector(const vector &other) = default;
  // (An object of another element count is not a candidate: clang reports "no viable conversion" or "no
  // matching constructor" at the user's line; diagnose_if is not checked on implicit conversions.)
  template <typename X, typename = typename details::enable_if<(details::is_cm_object<X> || details::is_arith<X>) &&
                                                               details::__cm_count_ok<X, N>>::type>
  __CM_INLINE vector(const X &x) : __cm_data(details::__cm_value<T, N>(x)) {}
  template <typename X, typename = typename details::enable_if<details::is_cm_object<X> || details::is_arith<X>>::type>
  __CM_INLINE vector(const X &x, int flag)
      : __cm_data(details::__cm_saturate<typename details::remove_cvref<X>::type>::template convert<T, N>(x, flag)) {}
  template <typename A, typename details::enable_if<details::__cm_is_initializer<A>, int>::type = 0>
  __CM_INLINE vector(const A &init) : __cm_data(details::__cm_from_initializer<T, N>(init)) {}

  __CM_COMMON_MEMBERS(vector, T, N)
  __CM_VECTOR_MEMBERS(T, N)
};

template <typename T, int R, int C> class matrix {
  static_assert(R > 0 && C > 0, "a matrix has at least one row and one column");
  __CM_CHECK_OBJECT_SIZE(T, (long long)R * C);
  static_assert(details::is_arith<T>, "matrix elements are arithmetic types");

public:
  details::__cm_vec<T, details::__cm_pack_length<(long long)R * C>> __cm_data;

  __CM_INLINE details::__cm_vec<T, R * C> __cm_read() const { return __cm_data; }
  __CM_INLINE void __cm_write(details::__cm_vec<T, R * C> value) { __cm_data = value; }
  __CM_INLINE details::__cm_ref_state<T, R * C> __cm_ref() const {
    return {(void *)&__cm_data, 0, details::__cm_region_offsets<R * C, 0, R * C, 1, (int)sizeof(T)>(), (int)sizeof(T)};
  }
  static __CM_INLINE matrix __cm_from(details::__cm_vec<T, R * C> value) {
    matrix m;
    m.__cm_data = value;
    return m;
  }

  __CM_INLINE matrix() = default;
  __CM_INLINE matrix(const matrix &other) = default;
  // (An object of another element count is not a candidate: clang reports "no viable conversion" or "no
  // matching constructor" at the user's line; diagnose_if is not checked on implicit conversions.)
  template <typename X, typename = typename details::enable_if<(details::is_cm_object<X> || details::is_arith<X>) &&
                                                               details::__cm_count_ok<X, R * C>>::type>
  __CM_INLINE matrix(const X &x) : __cm_data(details::__cm_value<T, R * C>(x)) {}
  template <typename X, typename = typename details::enable_if<details::is_cm_object<X> || details::is_arith<X>>::type>
  __CM_INLINE matrix(const X &x, int flag)
      : __cm_data(details::__cm_saturate<typename details::remove_cvref<X>::type>::template convert<T, R * C>(x, flag)) {}
  template <typename A, typename details::enable_if<details::__cm_is_initializer<A>, int>::type = 0>
  __CM_INLINE matrix(const A &init) : __cm_data(details::__cm_from_initializer<T, R * C>(init)) {}

  __CM_COMMON_MEMBERS(matrix, T, R * C)
  __CM_MATRIX_MEMBERS(T, R, C)
};

template <typename T, int N> class vector_ref {
  __CM_CHECK_OBJECT_SIZE(T, N);

public:
  details::__cm_ref_state<T, N> __cm_state;

  __CM_INLINE vector_ref(const details::__cm_ref_state<T, N> &state) : __cm_state(state) {}
  __CM_INLINE vector_ref(const vector_ref &other) = default;
  // A vector (or matrix of N elements) converts to a reference to all its elements.
  __CM_INLINE vector_ref(vector<T, N> &v) : __cm_state(v.__cm_ref()) {}
  template <int R, int C, typename = typename details::enable_if<R * C == N>::type>
  __CM_INLINE vector_ref(matrix<T, R, C> &m) : __cm_state(m.__cm_ref()) {}

  __CM_INLINE details::__cm_vec<T, N> __cm_read() const { return __cm_state.read(); }
  __CM_INLINE void __cm_write(details::__cm_vec<T, N> value) const { __cm_state.write(value); }
  __CM_INLINE details::__cm_ref_state<T, N> __cm_ref() const { return __cm_state; }

  __CM_COMMON_MEMBERS(vector_ref, T, N)
  __CM_VECTOR_MEMBERS(T, N)
};

template <typename T, int R, int C> class matrix_ref {
  __CM_CHECK_OBJECT_SIZE(T, (long long)R * C);

public:
  details::__cm_ref_state<T, R * C> __cm_state;

  __CM_INLINE matrix_ref(const details::__cm_ref_state<T, R * C> &state) : __cm_state(state) {}
  __CM_INLINE matrix_ref(const matrix_ref &other) = default;
  __CM_INLINE matrix_ref(matrix<T, R, C> &m) : __cm_state(m.__cm_ref()) {}

  __CM_INLINE details::__cm_vec<T, R * C> __cm_read() const { return __cm_state.read(); }
  __CM_INLINE void __cm_write(details::__cm_vec<T, R * C> value) const { __cm_state.write(value); }
  __CM_INLINE details::__cm_ref_state<T, R * C> __cm_ref() const { return __cm_state; }

  __CM_COMMON_MEMBERS(matrix_ref, T, R * C)
  __CM_MATRIX_MEMBERS(T, R, C)
};

// A vector or matrix argument as a reference to it, anything else unchanged: what the front end's rewrite
// (frontend/src/rewrite.rs) wraps the arguments of a call in when a function template's vector_ref/matrix_ref
// parameter did not deduce from a vector or matrix, as cmc deduces it. The reference writes through to the
// caller's object. (A vector<T, N> is not a vector_ref<T, N> in C++: derivation would put a reference's state
// in every vector, changing sizeof and the layout of globals and structures.)
namespace details {
template <typename X> __CM_INLINE X &&__cm_as_ref(X &&x) { return static_cast<X &&>(x); }
template <typename T, int N> __CM_INLINE vector_ref<T, N> __cm_as_ref(vector<T, N> &v) { return vector_ref<T, N>(v); }
template <typename T, int R, int C> __CM_INLINE matrix_ref<T, R, C> __cm_as_ref(matrix<T, R, C> &m) {
  return matrix_ref<T, R, C>(m);
}
// A reference argument as the value of its elements, for a function template's vector/matrix parameter.
template <typename X> __CM_INLINE X &&__cm_as_value(X &&x) { return static_cast<X &&>(x); }
// (By value: a reference is a small object, and an rvalue select must not prefer the forwarding overload.)
template <typename T, int N> __CM_INLINE vector<T, N> __cm_as_value(vector_ref<T, N> r) { return vector<T, N>(r); }
template <typename T, int R, int C> __CM_INLINE matrix<T, R, C> __cm_as_value(matrix_ref<T, R, C> r) {
  return matrix<T, R, C>(r);
}
} // namespace details

// ---- operators --------------------------------------------------------------------------------------------

#define __CM_BINARY(op)                                                                                            \
  template <typename X, typename Y, typename = typename details::enable_if<details::__cm_binary_ok<X, Y>>::type>   \
  __CM_INLINE auto operator op(const X &x, const Y &y) __attribute__((diagnose_if(                                   \
      !details::__cm_binary<X, Y>::counts_agree, "operator '" #op "': the operands have different numbers of elements", \
      "error"))) {                                                                                                 \
    using B = details::__cm_binary<X, Y>;                                                                          \
    using E = typename B::elem;                                                                                    \
    using Result = typename B::template result<E>;                                                                 \
    if constexpr (B::counts_agree) /* else: reported by diagnose_if above */                                      \
      return Result::__cm_from(details::__cm_value<E, B::n>(x) op details::__cm_value<E, B::n>(y));                \
    else                                                                                                           \
      return Result::__cm_from({});                                                                                \
  }
__CM_BINARY(+) __CM_BINARY(-) __CM_BINARY(*) __CM_BINARY(/) __CM_BINARY(%)
__CM_BINARY(&) __CM_BINARY(|) __CM_BINARY(^)
#undef __CM_BINARY

// Shifts: the result has the (promoted) type of the left operand, as in C++.
#define __CM_SHIFT(op)                                                                                             \
  template <typename X, typename Y, typename = typename details::enable_if<details::__cm_binary_ok<X, Y>>::type>   \
  __CM_INLINE auto operator op(const X &x, const Y &y) __attribute__((diagnose_if(                                   \
      !details::__cm_binary<X, Y>::counts_agree, "operator '" #op "': the operands have different numbers of elements", \
      "error"))) {                                                                                                 \
    using B = details::__cm_binary<X, Y>;                                                                          \
    using E = decltype(typename B::xe() op 1);                                                                     \
    using Result = typename B::template result<E>;                                                                 \
    if constexpr (B::counts_agree) /* else: reported by diagnose_if above */                                      \
      return Result::__cm_from(details::__cm_value<E, B::n>(x) op details::__cm_value<E, B::n>(y));                \
    else                                                                                                           \
      return Result::__cm_from({});                                                                                \
  }
__CM_SHIFT(<<) __CM_SHIFT(>>)
#undef __CM_SHIFT

// Comparisons: vector<ushort, N> (or matrix) of 1 and 0.
#define __CM_COMPARE(op)                                                                                           \
  template <typename X, typename Y, typename = typename details::enable_if<details::__cm_binary_ok<X, Y>>::type>   \
  __CM_INLINE auto operator op(const X &x, const Y &y) __attribute__((diagnose_if(                                   \
      !details::__cm_binary<X, Y>::counts_agree, "operator '" #op "': the operands have different numbers of elements", \
      "error"))) {                                                                                                 \
    using B = details::__cm_binary<X, Y>;                                                                          \
    using E = typename B::elem;                                                                                    \
    using Result = typename B::template result<unsigned short>;                                                    \
    if constexpr (B::counts_agree) { /* else: reported by diagnose_if above */                                     \
      auto lanes = details::__cm_value<E, B::n>(x) op details::__cm_value<E, B::n>(y);                             \
      return Result::__cm_from(__builtin_convertvector(lanes, details::__cm_vec<unsigned short, B::n>) &           \
                               (unsigned short)1);                                                                 \
    } else {                                                                                                       \
      return Result::__cm_from({});                                                                                \
    }                                                                                                              \
  }
__CM_COMPARE(<) __CM_COMPARE(<=) __CM_COMPARE(>) __CM_COMPARE(>=) __CM_COMPARE(==) __CM_COMPARE(!=)
#undef __CM_COMPARE

#define __CM_UNARY(op)                                                                                             \
  template <typename X, typename = typename details::enable_if<details::is_cm_object<X>>::type>                    \
  __CM_INLINE auto operator op(const X &x) {                                                                       \
    using B = details::__cm_binary<X, X>;                                                                          \
    using E = decltype(op typename B::xe());                                                                       \
    using Result = typename B::template result<E>;                                                                 \
    return Result::__cm_from(op details::__cm_value<E, B::n>(x));                                                  \
  }
__CM_UNARY(-) __CM_UNARY(~) __CM_UNARY(+)
#undef __CM_UNARY

template <typename X, typename = typename details::enable_if<details::is_cm_object<X>>::type>
__CM_INLINE auto operator!(const X &x) {
  using B = details::__cm_binary<X, X>;
  return x == (typename B::xe)0;
}

#endif
