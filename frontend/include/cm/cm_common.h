// Conventions of the CM header library (every header file follows them; genx-cm-lower relies on them).
//
// 1. Storage. Every CM value of N elements of type T is held as the clang extended vector
//    `__details::__cm_vec<T, N>` (LLVM `<N x T>`); a matrix<T,R,C> is its R*C elements in row-major order.
//
// 2. The object protocol. vector<T,N>, matrix<T,R,C>, vector_ref<T,N> and matrix_ref<T,R,C> (cm_vector.h) each
//    provide:
//      using __cm_elem = T;  static constexpr int __cm_n = <element count>;
//      __details::__cm_vec<T, __cm_n> __cm_read() const;        // the current value, row-major
//      void __cm_write(__details::__cm_vec<T, __cm_n> value);    // whole-object write (a ref writes its base)
//    and vector<T,N> / matrix<T,R,C> have `static X __cm_from(__details::__cm_vec<T, __cm_n>)`.
//    `__details::__cm_object_traits<X>` (__elem, __n, __cm_is_object) says whether X follows the protocol.
//    Library code outside cm_vector.h uses only this protocol, never the classes' members.
//
// 3. Neutral intrinsic calls. A header never spells a mangled LLVM intrinsic name. It declares
//      __CM_GENX_DECL(name)      // e.g. __CM_GENX_DECL(inv), __CM_GENX_DECL(oword_ld_unaligned)
//    and calls  __details::__cm_genx_<name><ReturnType>(args...)  with the return type explicit and the operand
//    types deduced. genx-cm-lower finds the source name `__cm_genx_<name>` in the callee's mangled name, maps it
//    to `llvm.genx.<name with '_' replaced by '.'>`, binds the overloaded types from the call's own LLVM types,
//    checks them against the intrinsic table, and emits the correctly mangled intrinsic with its attributes.
//    Conversions the pass makes (nothing else is converted; a mismatch is a located error):
//      - an integer (scalar or vector of any width) passed where the intrinsic wants i1 / <N x i1>: `!= 0`;
//      - an i1 / <N x i1> result where the call returns a wider integer (or bool): zext;
//      - a struct result (e.g. addc's {carry, sum}) returned by the C++ call through `sret`: stored field by
//        field into the sret pointer.
//      - the constant -1 passed where the table allows "constant or undef" (e.g. a region's parent_width): undef.
//    Operands the table marks must-be-constant must be constant after inlining (template parameters or literals);
//    otherwise genx-cm-lower reports `file:line:col: error:` naming the intrinsic and the operand.
//
// 4. Inlining. Every library function is `__CM_INLINE` (always_inline); the front end runs
//    `always-inline,sroa,early-cse` before genx-cm-lower, so template parameters and literals reach the
//    intrinsic calls as constants.
//
// 4a. Special builtins (declared below, handled by genx-cm-lower rather than mapped to an intrinsic):
//      __cm_builtin_ref_read<R>(void *root, int base, offsets)        a reference's read: R = <N x T>
//      __cm_builtin_ref_write(void *root, int base, offsets, value)   a reference's write
//    `root` points at the storage of the vector or matrix object the reference reaches in the end (after
//    inlining: an alloca or global of type <M x B>), `base` is a run-time byte offset and `offsets` a
//    <N x i16> vector of byte offsets relative to `base`. genx-cm-lower turns a read into `load root` +
//    `rdregion` (a direct 1D/2D region when the offsets are constant and fit one, else an indirect one) and a
//    write into load + `wrregion` + store; the element type may differ from B (format), the offsets are bytes.
//      __cm_builtin_slm_init(unsigned bytes)      constant, kernel only: the kernel's SLM size
//      __cm_builtin_slm_alloc(unsigned bytes)     per-kernel bump allocator, returns the byte offset
//
// 5. Attributes. _GENX_MAIN_ marks a kernel (annotation "genx_main"); `[[type("...")]]` on a kernel argument
//    (handled by the front end's clang plugin) gives its descriptor; _GENX_VOLATILE_ / _GENX_VOLATILE_BINDING_(n)
//    mark file-scope globals. genx-cm-lower turns these into `!genx.kernels` and function/global attributes.
//
// 6. Names. A CM program may define any name that is not reserved as a macro before these headers are read
//    (`-DN=8`, `#define T float`, `#define x 1`). So the headers spell only reserved identifiers (`_T`, `_N`,
//    `_REP` for template parameters, `__x`, `__offsets`, `__cm_...` for parameters, locals and internal helpers,
//    the namespace `__details`, `__packed__` for attributes), C++ keywords and the public CM API; an intrinsic
//    name is passed only to a macro that pastes it (`__cm_genx_##name`), which never expands it.
//    frontend/tests/header_names.rs checks this against tests/support/cm-public-names.txt;
//    scripts/cm-header-names.py renames offenders. (Comments still say T, N, ... for the reserved _T, _N, ....)
#pragma once
#ifndef __CM_HEADERS_CM_COMMON_H
#define __CM_HEADERS_CM_COMMON_H

#define __CM_INLINE inline __attribute__((__always_inline__))

// Kernel, function and global attributes (see 5.).
#define _GENX_MAIN_ __attribute__((__annotate__("genx_main"), __noinline__))
// _GENX_ marks a device function; it adds nothing (every non-kernel function is inlined), so the common
// `_GENX_ inline` / `inline _GENX_` spellings do not repeat `inline`.
#define _GENX_
#define _GENX_VOLATILE_ __attribute__((__annotate__("genx_volatile")))
#define _GENX_VOLATILE_BINDING_(__offset) __attribute__((__annotate__("genx_volatile"), __annotate__("genx_byte_offset=" #__offset)))

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef _Float16 half;
#if defined(CM_PTRSIZE) && CM_PTRSIZE == 32
typedef unsigned int svmptr_t;
#else
typedef unsigned long long svmptr_t;
#endif
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;

// A surface (binding-table index) or sampler argument: an opaque 32-bit index. genx-cm-lower recognises the
// class by name in kernel signatures (argument kind 2 / 1 of !genx.kernels) and passes it as i32.
class SurfaceIndex {
public:
  unsigned __cm_index;
  __CM_INLINE unsigned get_index() const { return __cm_index; }
};
class SamplerIndex {
public:
  unsigned __cm_index;
  __CM_INLINE unsigned get_index() const { return __cm_index; }
};

namespace __details {
template <typename _T, int _N> using __cm_vec = _T __attribute__((__ext_vector_type__(_N)));

// CM spec 2.2.1: the total size of a vector or matrix must be less than the GRF file of a hardware thread (128
// registers of CM_GRF_WIDTH bits). Checked by every object and reference class (__CM_CHECK_OBJECT_SIZE), which
// also keeps clang from building huge constant vectors (a vector<int, 1048576> took it past 3.5 GB).
#ifdef CM_GRF_WIDTH
constexpr long long __cm_grf_file_bytes = 128LL * (CM_GRF_WIDTH) / 8;
#else
constexpr long long __cm_grf_file_bytes = 4096;
#endif
template <typename _T, long long _N> constexpr bool __cm_size_fits = _N <= 0 || _N * (long long)sizeof(_T) < __cm_grf_file_bytes;
// The element count an object's storage and index packs are built with: N for any object that fits, else 1.
// Past the limit (or at N <= 0) the class's static_assert has failed already; clang would otherwise go on
// building a pack of millions of indices, or crash laying out a vector of negative size (clang 14).
template <long long _N> constexpr int __cm_pack_length = _N > 0 && __cm_size_fits<char, _N> ? (int)_N : 1;
} // namespace __details
#define __CM_CHECK_OBJECT_SIZE(_T, _N)                                                                                 \
  static_assert(__details::__cm_size_fits<_T, (_N)>,                                                                   \
                "CM object too large: a vector or matrix must be smaller than the GRF file of a thread (128 "      \
                "registers of CM_GRF_WIDTH bits, CM spec 2.2.1)")

namespace __details {
template <typename _R, typename _O> _R __cm_builtin_ref_read(void *__root, int __base, _O __offsets) __attribute__((__pure__));
template <typename _O, typename _V> void __cm_builtin_ref_write(void *__root, int __base, _O __offsets, _V __value);
void __cm_builtin_slm_init(unsigned __bytes);
unsigned __cm_builtin_slm_alloc(unsigned __bytes);

// Type traits the library needs (no standard headers: CM sources see only these headers).
template <bool _B, typename _T = void> struct __enable_if {};
template <typename _T> struct __enable_if<true, _T> { using __type = _T; };
template <typename _T, typename _U> struct __cm_is_same { static constexpr bool __value = false; };
template <typename _T> struct __cm_is_same<_T, _T> { static constexpr bool __value = true; };
template <typename _T> struct __remove_cvref { using __type = _T; };
template <typename _T> struct __remove_cvref<const _T> { using __type = _T; };
template <typename _T> struct __remove_cvref<_T &> { using __type = typename __remove_cvref<_T>::__type; };
template <typename _T> struct __remove_cvref<_T &&> { using __type = typename __remove_cvref<_T>::__type; };
template <typename _T> constexpr bool __is_floating = __cm_is_same<_T, float>::__value || __cm_is_same<_T, double>::__value ||
                                                   __cm_is_same<_T, _Float16>::__value;
template <typename _T> constexpr bool __is_arith = __is_floating<_T> || __cm_is_same<_T, bool>::__value ||
    __cm_is_same<_T, char>::__value || __cm_is_same<_T, signed char>::__value || __cm_is_same<_T, unsigned char>::__value ||
    __cm_is_same<_T, short>::__value || __cm_is_same<_T, unsigned short>::__value || __cm_is_same<_T, int>::__value ||
    __cm_is_same<_T, unsigned>::__value || __cm_is_same<_T, long>::__value || __cm_is_same<_T, unsigned long>::__value ||
    __cm_is_same<_T, long long>::__value || __cm_is_same<_T, unsigned long long>::__value;

// The object protocol's traits (2.): specialised by cm_vector.h for its four classes.
template <typename _X> struct __cm_object_traits {
  static constexpr bool __cm_is_object = false;
  using __elem = _X;
  static constexpr int __n = 1;
  static constexpr int __rows = 0, __cols = 1;
};
template <typename _X> struct __cm_object_traits<const _X> : __cm_object_traits<_X> {};
template <typename _X> struct __cm_object_traits<_X &> : __cm_object_traits<_X> {};
} // namespace __details

#define __CM_GENX_DECL(__name)                                                                                        \
  namespace __details {                                                                                              \
  template <typename _R, typename... _A> _R __cm_genx_##__name(_A...);                                                   \
  }

#endif
