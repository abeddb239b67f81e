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
//    Operands the table marks must-be-constant must be constant after inlining (template parameters or literals);
//    otherwise genx-cm-lower reports `file:line:col: error:` naming the intrinsic and the operand.
//
// 4. Inlining. Every library function is `__CM_INLINE` (always_inline); the front end runs
//    `always-inline,sroa,early-cse` before genx-cm-lower, so template parameters and literals reach the
//    intrinsic calls as constants.
//
// 5. Attributes. _GENX_MAIN_ marks a kernel (annotation "genx_main"); `[[type("...")]]` on a kernel argument
//    (handled by the front end's clang plugin) gives its descriptor; _GENX_VOLATILE_ / _GENX_VOLATILE_BINDING_(n)
//    mark file-scope globals. genx-cm-lower turns these into `!genx.kernels` and function/global attributes.
#pragma once
#ifndef __CM_HEADERS_CM_COMMON_H
#define __CM_HEADERS_CM_COMMON_H

#define __CM_INLINE inline __attribute__((always_inline))

namespace details {
template <typename T, int N> using __cm_vec = T __attribute__((ext_vector_type(N)));
} // namespace details

#define __CM_GENX_DECL(name)                                                                                        \
  namespace details {                                                                                              \
  template <typename R, typename... A> R __cm_genx_##name(A...);                                                   \
  }

#endif
