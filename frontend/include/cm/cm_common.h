// Conventions of the CM header library (every header file follows them; genx-cm-lower relies on them).
//
// 1. Storage. Every CM value of N elements of type T is held as the clang extended vector
//    `details::__cm_vec<T, N>` (LLVM `<N x T>`); a matrix<T,R,C> is its R*C elements in row-major order.
//
// 2. The object protocol. vector<T,N>, matrix<T,R,C>, vector_ref<T,N> and matrix_ref<T,R,C> (cm_vector.h) each
//    provide:
//      using __cm_elem = T;  static constexpr int __cm_n = <element count>;
//      details::__cm_vec<T, __cm_n> __cm_read() const;        // the current value, row-major
//      void __cm_write(details::__cm_vec<T, __cm_n> value);    // whole-object write (a ref writes its base)
//    and vector<T,N> / matrix<T,R,C> have `static X __cm_from(details::__cm_vec<T, __cm_n>)`.
//    `details::cm_object_traits<X>` (elem, n, is_object) says whether X follows the protocol.
//    Library code outside cm_vector.h uses only this protocol, never the classes' members.
//
// 3. Neutral intrinsic calls. A header never spells a mangled LLVM intrinsic name. It declares
//      __CM_GENX_DECL(name)      // e.g. __CM_GENX_DECL(inv), __CM_GENX_DECL(oword_ld_unaligned)
//    and calls  details::__cm_genx_<name><ReturnType>(args...)  with the return type explicit and the operand
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
#pragma once
#ifndef __CM_HEADERS_CM_COMMON_H
#define __CM_HEADERS_CM_COMMON_H

#define __CM_INLINE inline __attribute__((always_inline))

// Kernel, function and global attributes (see 5.).
#define _GENX_MAIN_ __attribute__((annotate("genx_main"), noinline))
// _GENX_ marks a device function; it adds nothing (every non-kernel function is inlined), so the common
// `_GENX_ inline` / `inline _GENX_` spellings do not repeat `inline`.
#define _GENX_
#define _GENX_VOLATILE_ __attribute__((annotate("genx_volatile")))
#define _GENX_VOLATILE_BINDING_(offset) __attribute__((annotate("genx_volatile"), annotate("genx_byte_offset=" #offset)))

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

namespace details {
template <typename T, int N> using __cm_vec = T __attribute__((ext_vector_type(N)));
} // namespace details

namespace details {
template <typename R, typename O> R __cm_builtin_ref_read(void *root, int base, O offsets) __attribute__((pure));
template <typename O, typename V> void __cm_builtin_ref_write(void *root, int base, O offsets, V value);
void __cm_builtin_slm_init(unsigned bytes);
unsigned __cm_builtin_slm_alloc(unsigned bytes);

// Type traits the library needs (no standard headers: CM sources see only these headers).
template <bool B, typename T = void> struct enable_if {};
template <typename T> struct enable_if<true, T> { using type = T; };
template <typename T, typename U> struct is_same { static constexpr bool value = false; };
template <typename T> struct is_same<T, T> { static constexpr bool value = true; };
template <typename T> struct remove_cvref { using type = T; };
template <typename T> struct remove_cvref<const T> { using type = T; };
template <typename T> struct remove_cvref<T &> { using type = typename remove_cvref<T>::type; };
template <typename T> struct remove_cvref<T &&> { using type = typename remove_cvref<T>::type; };
template <typename T> constexpr bool is_floating = is_same<T, float>::value || is_same<T, double>::value ||
                                                   is_same<T, _Float16>::value;
template <typename T> constexpr bool is_arith = is_floating<T> || is_same<T, bool>::value ||
    is_same<T, char>::value || is_same<T, signed char>::value || is_same<T, unsigned char>::value ||
    is_same<T, short>::value || is_same<T, unsigned short>::value || is_same<T, int>::value ||
    is_same<T, unsigned>::value || is_same<T, long>::value || is_same<T, unsigned long>::value ||
    is_same<T, long long>::value || is_same<T, unsigned long long>::value;

// The object protocol's traits (2.): specialised by cm_vector.h for its four classes.
template <typename X> struct cm_object_traits {
  static constexpr bool is_object = false;
  using elem = X;
  static constexpr int n = 1;
  static constexpr int rows = 0, cols = 1;
};
template <typename X> struct cm_object_traits<const X> : cm_object_traits<X> {};
template <typename X> struct cm_object_traits<X &> : cm_object_traits<X> {};
} // namespace details

#define __CM_GENX_DECL(name)                                                                                        \
  namespace details {                                                                                              \
  template <typename R, typename... A> R __cm_genx_##name(A...);                                                   \
  }

#endif
